"""Fused vector forms that read their destination too: `Axpy` (dst = src * scalar + dst).

Axpy is a vector-scalar op (pyasc's `axpy_l0/l1/l2`, UnaryRepeatParams) whose formula also
reads `dst` (`b` in the formula): `READS` names it, so passes and the sanitizer see the read.
Ascend C takes `LocalTensor<T>` dst and `LocalTensor<U>` src with (T, U) = (half, half),
(float, float) or (float, half); with a half source and a float destination a repeat covers
64 elements (the first 4 blocks of the source), as the API documents.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.utils.exceptions import VerifyException

from .base import AscendCOp, Cpp, asc_op, element_type
from .ops_vec_scalar import VecScalarL0Base, VecScalarL1Base, VecScalarL2Base

_AXPY_TYPES = {("f16", "f16"), ("f32", "f32"), ("f32", "f16")}
_AXPY_MASKED = Cpp("Axpy", template=("elem:dst", "elem:src", "flag:isSetMask"))
_AXPY_FORMULA = "a * s + b"


class AxpyMixin:
    """The element pairs Axpy takes; the scalar has the source's type."""

    READS: ClassVar = ("src", "dst")
    SAME_ELEMENT: ClassVar = ()

    def verify_facts(self) -> None:
        pair = (str(element_type(self.dst)), str(element_type(self.src)))
        if pair not in _AXPY_TYPES:
            raise VerifyException(
                "AscendC::Axpy takes (dst, src) elements (f16, f16), (f32, f32) or (f32, f16), "
                f"got ({pair[0]}, {pair[1]})"
            )


@asc_op(cpp=_AXPY_MASKED, formula=_AXPY_FORMULA)
class AxpyL0Op(AxpyMixin, VecScalarL0Base):
    name = "ascendc.axpy_l0"


@asc_op(cpp=_AXPY_MASKED, formula=_AXPY_FORMULA)
class AxpyL1Op(AxpyMixin, VecScalarL1Base):
    name = "ascendc.axpy_l1"


# Axpy's count form has no isSetMask template parameter.
@asc_op(cpp=Cpp("Axpy", template=("elem:dst", "elem:src")), formula=_AXPY_FORMULA)
class AxpyL2Op(AxpyMixin, VecScalarL2Base):
    name = "ascendc.axpy_l2"


FUSED_OPS: list[type[AscendCOp]] = [AxpyL0Op, AxpyL1Op, AxpyL2Op]
