"""The vector mask register on the simulator (ops_mask.py): the mask L0/L1 ops built with
isSetMask = false use. ResetMask selects everything, SetVectorMask<T, NORMAL> a count or
a bit mask per repeat, SetMaskNorm keeps normal mode. Counter mode (SetMaskCount,
SetVectorMask<T, COUNTER>) is not modelled: a located NotSimulatedError says so."""

from __future__ import annotations

import ascdsl.dialects.ascendc as A
from ascdsl.dialects.ascendc import MaskMode

from ..compiler import Lowering, lowers, not_simulated
from ..core import FULL_MASK

not_simulated(A.SetMaskCountOp, "counter mode (the mask counts elements over all repeats) is "
                                "not modelled; the simulated mask register selects elements "
                                "per repeat")


@lowers(A.ResetMaskOp, A.SetMaskNormOp)
def lower_reset_mask(op, cx: Lowering):
    pre = cx.take_pre()
    reset = isinstance(op, A.ResetMaskOp)

    def f(R):
        c = R[0]
        c.t += pre
        if reset:
            c.mask = FULL_MASK

    return f


@lowers(A.SetVectorMaskL0Op, A.SetVectorMaskL1Op)
def lower_set_vector_mask(op, cx: Lowering):
    if op.enum_value("mode") is not MaskMode.NORMAL:
        raise cx.error(op, "sets the mask in counter mode, which the simulator does not model "
                           "(it counts elements over all repeats)")
    pre = cx.take_pre()
    if isinstance(op, A.SetVectorMaskL0Op):
        sl = cx.slot(op.len)

        def count(R):
            c = R[0]
            c.t += pre
            c.mask = ("count", int(R[sl]))

        return count
    sh, sl = cx.slot(op.maskHigh), cx.slot(op.maskLow)

    def bits(R):
        c = R[0]
        c.t += pre
        c.mask = ("bits", int(R[sl]) & (2**64 - 1), int(R[sh]) & (2**64 - 1))

    return bits
