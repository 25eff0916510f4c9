"""The conversion family beside Cast (ops_vconv.py, ops_binary_ext.py).

AddReluCast / SubReluCast from float to half are the elementwise lowering with their formula:
the sum or difference is computed in float, clamped at 0 and rounded once to half (round to
nearest even, as vconv_f322f16 does). FusedAbsSub, FusedExpSub and Prelu need nothing here:
they are binary ops with a formula (vector.py lowers them).

Not simulated, with the reason the simulator reports: the integer destinations of the fused
add/sub conversions (half -> int8, int16 -> int8), whose rounding and saturation the headers
leave to the instruction. The deq-scale register (SetDeqScale), CastDeq, AddDeqRelu and
MulCast run in deq.py, GatherMask in gather_mask.py, BilinearInterpolation in bilinear.py.
"""

from __future__ import annotations

import ascdsl.dialects.ascendc as A

from ..compiler import Lowering, lowers
from .common import dtype_of
from .vector import lower_elementwise

# (dst, src) element pairs each fused conversion simulates exactly.
_EXACT_PAIRS = {("f16", "f32")}
# The pairs the Ascend C headers accept (for the message).
_HEADER_PAIRS = "(int8 <- half), (half <- float), (int8 <- int16)"


@lowers(A.AddReluCastOp, A.SubReluCastOp)
def lower_relu_cast(op, cx: Lowering):
    api = type(op).CPP.api
    d, s = dtype_of(op, cx, op.dst).name, dtype_of(op, cx, op.src0).name
    if (d, s) not in _EXACT_PAIRS:
        raise cx.error(
            op,
            f"converts {s} into {d}: the simulator models half <- float exactly; Ascend C's "
            f"{api} takes {_HEADER_PAIRS}, and the integer forms' rounding and saturation are "
            "not modelled",
        )
    return lower_elementwise(op, cx)

