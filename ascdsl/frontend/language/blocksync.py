"""Synchronization between cores in the kernel language: `asc.notify_next_block`,
`asc.wait_pre_block`, `asc.ib_set`, `asc.ib_wait`, `asc.sync_all`, and between the cube and
vector cores `asc.cross_core_set_flag` / `asc.cross_core_wait_flag` (pyasc's names and keyword
arguments).

`is_aiv_only=False` adds the `isAIVOnly` attribute, as pyasc's frontend does; pyasc prints
the same call either way, and so does ascdsl.
"""

from __future__ import annotations

from typing import Any

from ascdsl.dialects.ascendc import (
    CrossCoreSetFlagOp,
    CrossCoreWaitFlagOp,
    IBSetOp,
    IBWaitOp,
    NotifyNextBlockOp,
    SyncAllHardOp,
    SyncAllSoftOp,
    WaitPreBlockOp,
)

from ..builder import current
from ..values import ConstExpr, materialize_int
from ascdsl.dialects.ascendc.enums import Pipe
from ascdsl.dialects.ascendc.ops_cross_core import MODES

from ..errors import KernelLanguageError
from ._util import const_bool_arg, const_int_arg, enum_arg, require
from .tensor import GlobalTensor, LocalTensor


def _workspaces(api: str, gm: Any, ub: Any):
    g = require(ConstExpr.unwrap(gm), GlobalTensor, api, "gm_workspace", "a GlobalTensor")
    u = require(ConstExpr.unwrap(ub), LocalTensor, api, "ub_workspace", "a LocalTensor")
    return g.to_ir(), u.to_ir()


def notify_next_block(gm_workspace: Any, ub_workspace: Any) -> None:
    """`NotifyNextBlock(gm, ub)`: let the next block pass its wait_pre_block."""
    current().insert(NotifyNextBlockOp(*_workspaces("notify_next_block", gm_workspace,
                                                    ub_workspace)))


def wait_pre_block(gm_workspace: Any, ub_workspace: Any) -> None:
    """`WaitPreBlock(gm, ub)`: wait for the previous block's notify_next_block."""
    current().insert(WaitPreBlockOp(*_workspaces("wait_pre_block", gm_workspace, ub_workspace)))


def _ib(cls, api: str, gm_workspace, ub_workspace, block_idx, event_id, is_aiv_only) -> None:
    g, u = _workspaces(api, gm_workspace, ub_workspace)
    b = materialize_int(block_idx, f"{api}(): 'block_idx'")
    e = materialize_int(event_id, f"{api}(): 'event_id'")
    flag = not const_bool_arg(is_aiv_only, api, "is_aiv_only")
    current().insert(cls(g, u, b.value, e.value, flag))


def ib_set(gm_workspace: Any, ub_workspace: Any, block_idx: Any, event_id: Any,
           is_aiv_only: Any = True) -> None:
    """`IBSet(gm, ub, blockIdx, eventID)`: block `block_idx` signals `event_id`."""
    _ib(IBSetOp, "ib_set", gm_workspace, ub_workspace, block_idx, event_id, is_aiv_only)


def ib_wait(gm_workspace: Any, ub_workspace: Any, block_idx: Any, event_id: Any,
            is_aiv_only: Any = True) -> None:
    """`IBWait(gm, ub, blockIdx, eventID)`: wait for block `block_idx`'s `event_id`."""
    _ib(IBWaitOp, "ib_wait", gm_workspace, ub_workspace, block_idx, event_id, is_aiv_only)


def sync_all(gm_workspace: Any = None, ub_workspace: Any = None, used_cores: Any = 0,
             is_aiv_only: Any = True) -> None:
    """`SyncAll()` (hardware), or `SyncAll(gm, ub, usedCores)` through a GM workspace."""
    flag = not const_bool_arg(is_aiv_only, "sync_all", "is_aiv_only")
    if ConstExpr.unwrap(gm_workspace) is None or ConstExpr.unwrap(ub_workspace) is None:
        current().insert(SyncAllHardOp(flag))
        return
    g, u = _workspaces("sync_all", gm_workspace, ub_workspace)
    n = materialize_int(used_cores, "sync_all(): 'used_cores'")
    current().insert(SyncAllSoftOp(g, u, n.value, flag))


def _cross_core(cls, api: str, flag_id: Any, mode_id: Any, pipe: Any) -> None:
    mode = const_int_arg(mode_id, api, "mode_id")
    if mode not in MODES:
        raise KernelLanguageError(
            f"{api}(): 'mode_id' must be 0 (every AIC or every AIV of the launch), 1 (the AIVs "
            f"of an AI core) or 2 (AIC <-> AIV), got {mode}")
    p = enum_arg(pipe, Pipe, api, "pipe")
    f = materialize_int(flag_id, f"{api}(): 'flag_id'")
    current().insert(cls(f.value, mode, p))


def cross_core_set_flag(flag_id: Any, mode_id: Any, pipe: Any) -> None:
    """`CrossCoreSetFlag<mode_id, pipe>(flag_id)`: when `pipe` has done its earlier work, count
    `flag_id` up on the cores the mode names (2: AIC -> its AIVs, or both AIVs -> the AIC)."""
    _cross_core(CrossCoreSetFlagOp, "cross_core_set_flag", flag_id, mode_id, pipe)


def cross_core_wait_flag(flag_id: Any, mode_id: Any = 0, pipe: Any = Pipe.PIPE_S) -> None:
    """`CrossCoreWaitFlag<mode_id, pipe>(flag_id)`: stall this core until `flag_id` was set for
    it, then count it down."""
    _cross_core(CrossCoreWaitFlagOp, "cross_core_wait_flag", flag_id, mode_id, pipe)


__all__ = ["notify_next_block", "wait_pre_block", "ib_set", "ib_wait", "sync_all",
           "cross_core_set_flag", "cross_core_wait_flag"]
