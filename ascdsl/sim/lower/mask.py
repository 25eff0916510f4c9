"""The vector mask register on the simulator (ops_mask.py): the mask L0/L1 ops built with
isSetMask = false use, and its mode.

As the 910B's headers (impl/basic_api/kernel_reg.h, kernel_utils_base.h) set it:
- ResetMask writes all ones (`set_vector_mask(FULL, FULL)`), the mode unchanged;
- SetVectorMask<T, NORMAL>(len) writes the bit mask of the first `len` elements of a repeat
  (AscendCUtils::SetMask<T>(len)); SetVectorMask<T, mode>(high, low) writes the two words;
  SetVectorMask<T, COUNTER>(len) writes (0, len);
- SetMaskCount / SetMaskNorm switch the mode. In counter mode a vector instruction runs the
  number of elements in the register's low word over as many repeats as they need, whatever
  its repeatTimes (sim/repeat.py), so a kernel writes
  `SetMaskCount(); SetVectorMask<T, COUNTER>(n); Add<T, false>(..., MASK_PLACEHOLDER, 1, ...);
  SetMaskNorm(); ResetMask();`. The count APIs (L2) switch to counter mode and back to normal
  mode with a full mask themselves, so after one the mode is normal.

The elementwise L0/L1 families (sim/lower/vector.py) run in counter mode; the other families
that read the register (compare/select, the fused ops, gather, the repeat reductions) stop in
counter mode with a located NotSimulatedError rather than run with a per-repeat mask.
"""

from __future__ import annotations

import ascdsl.dialects.ascendc as A
from ascdsl.dialects.ascendc import MaskMode

from ..compiler import Lowering, lowers
from ..core import FULL_MASK
from ..errors import NotSimulatedError, Site


@lowers(A.SetMaskCountOp, A.SetMaskNormOp)
def lower_mask_mode(op, cx: Lowering):
    pre = cx.take_pre()
    counter = isinstance(op, A.SetMaskCountOp)

    def f(R):
        c = R[0]
        c.t += pre
        c.counter = counter

    return f


@lowers(A.ResetMaskOp)
def lower_reset_mask(op, cx: Lowering):
    pre = cx.take_pre()

    def f(R):
        c = R[0]
        c.t += pre
        c.mask = FULL_MASK

    return f


@lowers(A.SetVectorMaskL0Op, A.SetVectorMaskL1Op)
def lower_set_vector_mask(op, cx: Lowering):
    counter = op.enum_value("mode") is MaskMode.COUNTER
    pre = cx.take_pre()
    if isinstance(op, A.SetVectorMaskL0Op):
        sl = cx.slot(op.len)
        if counter:
            def count_word(R):
                c = R[0]
                c.t += pre
                c.mask = ("bits", int(R[sl]) & (2**64 - 1), 0)

            return count_word

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


def counter_refused(c, site: Site, what: str) -> NotSimulatedError:
    """The error of a family that does not run in counter mode."""
    return NotSimulatedError(
        f"runs in counter mode (SetMaskCount), which the simulator models for the elementwise "
        f"L0/L1 ops only, not for {what}; call SetMaskNorm() before it", site,
        core=c.block_idx)
