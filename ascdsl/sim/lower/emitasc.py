"""The `emitasc` dialect: GM pointer arithmetic (`emitasc.ptr_offset`)."""

from __future__ import annotations

from ascdsl.dialects.emitasc import PtrOffsetOp

from ..compiler import Lowering, lowers
from ..memory import GPtr


@lowers(PtrOffsetOp)
def lower_ptr_offset(op: PtrOffsetOp, cx: Lowering):
    b, k, o = cx.slot(op.base), cx.slot(op.offset), cx.slot(op.result)

    def f(R):
        p = R[b]
        R[o] = GPtr(p.buf, p.off + R[k])

    return f
