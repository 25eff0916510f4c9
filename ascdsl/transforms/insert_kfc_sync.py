"""`insert-kfc-sync`: the cube core's start-up message of the Matmul API in mixed kernels.

In a mixed (AIC + AIV) kernel, `REGIST_MATMUL_OBJ` on each vector core waits for cross-core
flag 15 (`WORKSPACE_SYNC_ID`, kfc_register_obj.h: `WaitEvent(WORKSPACE_SYNC_ID)`) before
its Matmul client posts anything; the cube core raises it once the KFC workspace is ready.
pyasc's pipeline writes that raise at the top of every such kernel, on the AIC:

    bool v = g_coreType == AscendC::AIC;
    if (v) { ffts_cross_core_sync(PIPE_MTE3, 3873); }   // 0xF21: flag 15, mode 2, set

and this pass does the same for a kernel that registers a Matmul object in a module that is
not cube-only (`define-cube-only` has not marked it). The FFTS message needs the FFTS base
address, so `legalize-kernel-args` (after this pass) gives the kernel its `ffts_addr`.
Running it twice, or on pyasc's own IR, adds nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import IntegerAttr, IntegerType, ModuleOp
from xdsl.dialects.func import FuncOp
from xdsl.passes import ModulePass

import ascdsl.dialects.ascendc as A
from ascdsl.dialects.ascendc.enums import Pipe

from .define_cube_only import CUBE_ONLY_ATTR

# ffts_cross_core_sync's config: bit 0 set, mode << 4, flag id << 8 (kernel_operator_sync_impl.h)
WORKSPACE_SYNC_ID = 15
KFC_MODE = 2
WORKSPACE_SYNC_CONFIG = 1 | (KFC_MODE << 4) | (WORKSPACE_SYNC_ID << 8)  # 3873


def is_workspace_sync(op) -> bool:
    """Whether `op` is the AIC's KFC start-up message."""
    if not isinstance(op, A.FftsCrossCoreSyncOp):
        return False
    owner = op.config.owner
    value = getattr(getattr(owner, "value", None), "value", None)
    return getattr(value, "data", None) == WORKSPACE_SYNC_CONFIG


@dataclass(frozen=True)
class InsertKfcSyncPass(ModulePass):
    """On the AIC, raise WORKSPACE_SYNC_ID at the top of a mixed kernel with a Matmul object."""

    name = "insert-kfc-sync"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        if CUBE_ONLY_ATTR in op.attributes:
            return
        for func in op.body.ops:
            if not isinstance(func, FuncOp) or func.is_declaration:
                continue
            if "ascendc.global" not in func.attributes:
                continue
            ops = list(func.walk())
            if not any(isinstance(o, A.RegistMatmulObjOp) for o in ops):
                continue
            if any(is_workspace_sync(o) for o in ops):
                continue
            block = func.body.block
            is_aic = A.AscendIsAICOp(IntegerType(1))
            const = arith.ConstantOp(IntegerAttr(WORKSPACE_SYNC_CONFIG, IntegerType(64)))
            sync = A.FftsCrossCoreSyncOp(Pipe.PIPE_MTE3, const.result)
            branch = scf.IfOp(is_aic.results[0], [], [const, sync, scf.YieldOp()])
            first = block.first_op
            for new in (is_aic, branch):
                if first is None:
                    block.add_op(new)
                else:
                    block.insert_op_before(new, first)
