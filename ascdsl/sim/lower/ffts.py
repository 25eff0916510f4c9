"""`set_ffts_base_addr`, CrossCoreSetFlag and CrossCoreWaitFlag: the FFTS flags between the
cube and vector cores.

The simulator passes cross-core flags between its simulated cores directly, so setting the
base address changes nothing it models; it is one scalar instruction (a register write).
"""

from __future__ import annotations

from ascdsl.dialects.ascendc import CrossCoreSetFlagOp, CrossCoreWaitFlagOp, SetFftsBaseAddrOp

from ..compiler import Lowering, lowers
from ..errors import NotSimulatedError
from ..sanitizer import PIPE_INDEX


@lowers(SetFftsBaseAddrOp)
def lower_set_ffts_base_addr(op: SetFftsBaseAddrOp, cx: Lowering):
    pre = cx.take_pre() + cx.issue

    def f(R):
        R[0].t += pre

    return f


# --- CrossCoreSetFlag / CrossCoreWaitFlag (the protocol: sim/crosscore.py) ---------------------


def _mixed_only(c, site) -> None:
    if c.xrun is None:
        raise NotSimulatedError(
            "is simulated in mixed launches (kernel_type MIX_AIC_1_2 or MIX_AIC_1_1), where the "
            "cube and vector cores of each AI core run as timelines of their own; this launch "
            f"runs {'cube' if c.kind == 'aic' else 'vector'} cores only", site,
            core=c.block_idx)


@lowers(CrossCoreSetFlagOp)
def lower_cross_core_set_flag(op: CrossCoreSetFlagOp, cx: Lowering):
    pre = cx.take_pre() + cx.issue
    site = cx.site(op)
    sf = cx.slot(op.flagId)
    mode = op.mode
    p = PIPE_INDEX.get(op.flag_pipe)
    if p is None:
        raise NotSimulatedError(f"sets a flag on {op.flag_pipe.name}, a pipe the simulator "
                                "does not model", site)

    def f(R):
        c = R[0]
        c.t += pre
        _mixed_only(c, site)
        c.xrun.flags.set(c, mode, R[sf], p, site)

    return f


@lowers(CrossCoreWaitFlagOp)
def lower_cross_core_wait_flag(op: CrossCoreWaitFlagOp, cx: Lowering):
    pre = cx.take_pre() + cx.issue
    site = cx.site(op)
    sf = cx.slot(op.flagId)

    def f(R):
        c = R[0]
        c.t += pre
        _mixed_only(c, site)
        c.xrun.flags.wait(c, R[sf], site)

    return f
