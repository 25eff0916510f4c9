"""Synchronization between the cores of a launch through a GM workspace.

- `NotifyNextBlock` / `WaitPreBlock` (pyasc's determine_compute_sync): the blocks take turns
  in block order, e.g. to accumulate into one GM tensor in a fixed order;
- `IBSet` / `IBWait`: block `blockIdx` signals event `eventID`, others wait for it;
- `SyncAll`: every core waits for all the others (soft: through a GM workspace; hard: the
  FFTS barrier).

The Ascend C implementations start and end with `PipeBarrier<PIPE_ALL>` and use the UB
workspace only inside, so the ops order themselves against every pipe of their core and
declare no tensor effects for the sync passes. `isAIVOnly` is kept as pyasc writes it; pyasc
prints no template argument for it (the headers' default, true).
"""

from __future__ import annotations

from xdsl.dialects.builtin import UnitAttr
from xdsl.ir import SSAValue
from xdsl.irdl import ParsePropInAttrDict, operand_def, opt_prop_def

from .base import AscendCOp, Cpp, asc_op
from .constraints import GLOBAL, INT, LOCAL
from .enums import Pipe
from .syntax_sys import WorkspaceTypes


class _WorkspaceSyncOp(AscendCOp):
    gm_workspace = operand_def(GLOBAL)
    ub_workspace = operand_def(LOCAL)
    isAIVOnly = opt_prop_def(UnitAttr)
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "operands attr-dict `:` type(operands)"

    # Workspaces of any element type are valid IR: pyasc's dialect and translator take them
    # (its lit test prints IBSet on uint8_t tensors). The headers declare
    # `GlobalTensor<int32_t>&` / `LocalTensor<int32_t>&` parameters.

    def header_refusal(self) -> str | None:
        for v in (self.gm_workspace, self.ub_workspace):
            elem = getattr(v.type, "element_type", None)
            if str(elem) != "i32":
                return (f"{self.CPP.api} takes int32_t workspaces (GlobalTensor<int32_t>, "
                        f"LocalTensor<int32_t> in kernel_operator_block_sync_intf.h), not "
                        f"{elem} ones")
        return None


class _TurnOp(_WorkspaceSyncOp):
    custom_directives = (WorkspaceTypes,)
    assembly_format = (
        "$gm_workspace `,` $ub_workspace attr-dict `:` "
        "custom<WorkspaceTypes>(type($gm_workspace), type($ub_workspace))"
    )


@asc_op(cpp=Cpp("NotifyNextBlock"), pipe=Pipe.PIPE_S)
class NotifyNextBlockOp(_TurnOp):
    """`NotifyNextBlock(gm, ub)`: let the next block pass its WaitPreBlock."""

    name = "ascendc.notify_next_block"

    def __init__(self, gm: SSAValue, ub: SSAValue):
        super().__init__(operands=[gm, ub])


@asc_op(cpp=Cpp("WaitPreBlock"), pipe=Pipe.PIPE_S)
class WaitPreBlockOp(_TurnOp):
    """`WaitPreBlock(gm, ub)`: wait until the previous block called NotifyNextBlock."""

    name = "ascendc.wait_pre_block"

    def __init__(self, gm: SSAValue, ub: SSAValue):
        super().__init__(operands=[gm, ub])


class _IBOp(_WorkspaceSyncOp):
    block_idx = operand_def(INT)
    event_id = operand_def(INT)

    def __init__(self, gm: SSAValue, ub: SSAValue, block_idx: SSAValue, event_id: SSAValue,
                 is_aiv_only: bool = False):
        super().__init__(
            operands=[gm, ub, block_idx, event_id],
            properties={"isAIVOnly": UnitAttr()} if is_aiv_only else {},
        )


@asc_op(cpp=Cpp("IBSet"), pipe=Pipe.PIPE_S)
class IBSetOp(_IBOp):
    """`IBSet(gm, ub, blockIdx, eventID)`: block `blockIdx` signals `eventID`."""

    name = "ascendc.ib_set"


@asc_op(cpp=Cpp("IBWait"), pipe=Pipe.PIPE_S)
class IBWaitOp(_IBOp):
    """`IBWait(gm, ub, blockIdx, eventID)`: wait until block `blockIdx` signalled `eventID`."""

    name = "ascendc.ib_wait"


@asc_op(cpp=Cpp("SyncAll"), pipe=Pipe.PIPE_S)
class SyncAllSoftOp(_WorkspaceSyncOp):
    """`SyncAll(gm, ub, usedCores)`: all cores (or the first `usedCores`) meet here."""

    name = "ascendc.sync_all_soft"
    used_cores = operand_def(INT)

    def __init__(self, gm: SSAValue, ub: SSAValue, used_cores: SSAValue,
                 is_aiv_only: bool = False):
        super().__init__(
            operands=[gm, ub, used_cores],
            properties={"isAIVOnly": UnitAttr()} if is_aiv_only else {},
        )


@asc_op(cpp=Cpp("SyncAll", args=()), pipe=Pipe.PIPE_S)
class SyncAllHardOp(AscendCOp):
    """`SyncAll()`: every core of the launch meets here (the FFTS hardware barrier)."""

    name = "ascendc.sync_all_hard"
    isAIVOnly = opt_prop_def(UnitAttr)
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "attr-dict"

    def __init__(self, is_aiv_only: bool = False):
        super().__init__(properties={"isAIVOnly": UnitAttr()} if is_aiv_only else {})


BLOCK_SYNC_OPS: list[type[AscendCOp]] = [
    NotifyNextBlockOp,
    WaitPreBlockOp,
    IBSetOp,
    IBWaitOp,
    SyncAllSoftOp,
    SyncAllHardOp,
]
