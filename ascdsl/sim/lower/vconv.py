"""The conversion family beside Cast (ops_vconv.py, ops_binary_ext.py).

AddReluCast / SubReluCast compute `Cast(Relu(src0 +/- src1))` (the AddReluCast page's
formula) in the three pairs the 910B headers take (dav_c220 AddReluCastIntrinsicsImpl):

- float -> half: the sum or difference in float, clamped at 0, rounded once to half (round to
  nearest even, as vconv_f322f16 does);
- half -> int8: the sum in half (rounded to half), clamped at 0, then to int8 rounding to
  nearest even and saturating: the page sends the conversion to the precision-conversion
  rules (CAST_RINT where precision is lost, overflow saturates), and dav_3510's emulation of
  the same API issues exactly these steps (RegAddReluCast: Add, Maxs 0, Cast with
  AddReluCastTrait = RINT + SAT); the page's example (1 + 0.5 -> 2) agrees;
- int16 -> int8: the sum in int16 (wrapping, as the simulator's int16 Add does), clamped at 0
  and saturated to 127 (dav_3510 goes through half, which changes nothing below 128).

FusedAbsSub, FusedExpSub and Prelu need nothing here: they are binary ops with a formula
(vector.py lowers them). The deq-scale register (SetDeqScale), CastDeq, AddDeqRelu and
MulCast run in deq.py, GatherMask in gather_mask.py, BilinearInterpolation in bilinear.py.
"""

from __future__ import annotations

import numpy as np

import ascdsl.dialects.ascendc as A
from ascdsl.dialects.ascendc.enums import RoundMode

from ..casts import make_cast
from ..compiler import Lowering, lowers
from .common import dtype_of
from .vector import lower_elementwise

# (dst, src) pairs of the dav_c220 headers (AddReluCastIntrinsicsImpl's static_assert).
_PAIRS = {("f16", "f32"), ("i8", "f16"), ("i8", "i16")}


@lowers(A.AddReluCastOp, A.SubReluCastOp)
def lower_relu_cast(op, cx: Lowering):
    api = type(op).CPP.api
    ddt, sdt = dtype_of(op, cx, op.dst), dtype_of(op, cx, op.src0)
    if (ddt.name, sdt.name) not in _PAIRS:
        raise cx.error(op, f"converts {sdt.name} into {ddt.name}; Ascend C's {api} takes "
                           "(int8 <- half), (half <- float) and (int8 <- int16)")
    if ddt.name == "f16":
        return lower_elementwise(op, cx)
    conv = make_cast(sdt, ddt, RoundMode.CAST_RINT)
    src = sdt.np
    sub = isinstance(op, A.SubReluCastOp)

    def calc(a, b, s=None):
        a, b = np.asarray(a, src), np.asarray(b, src)
        with np.errstate(over="ignore"):
            v = a - b if sub else a + b  # in the source type: half rounds, int16 wraps
        return conv(np.maximum(v, src.type(0)))

    return lower_elementwise(op, cx, calc=calc)
