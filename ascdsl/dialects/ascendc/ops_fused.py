"""Fused vector forms that read their destination too: `Axpy` (dst = src * scalar + dst),
`FusedMulAdd` (dst = src0 * dst + src1), `FusedMulAddRelu` (its relu), `MulAddDst`
(dst = src0 * src1 + dst; a float dst over half sources too).

The three binary forms are `TernaryOp`s: L0/L1/L2 with BinaryRepeatParams like every binary
op, and a formula over `a` (src0), `b` (src1) and `c` (dst's old value), computed with one
rounding (in double, then rounded to the type) — the instructions are fused multiply-adds
(`sim/lower/fused.py`).

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
from .ops_binary import BinaryL0Base, BinaryL1Base, BinaryL2Base
from .ops_vec_scalar import VecScalarL0Base, VecScalarL1Base, VecScalarL2Base
from .vector_base import MASKED_TEMPLATE

_AXPY_TYPES = {("f16", "f16"), ("f32", "f32"), ("f32", "f16")}
_AXPY_MASKED = Cpp("Axpy", template=("elem:dst", "elem:src", "flag:isSetMask"))
# A float dst over half sources computes in float lanes (Axpy.md: half/half/float, 64 a
# repeat): the half product is exact there, not rounded to half first.
_AXPY_FORMULA = "a.astype(b.dtype) * s.astype(b.dtype) + b"


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
@asc_op(cpp=Cpp("Axpy", pyasc_template=(), template=("elem:dst", "elem:src")),
        formula=_AXPY_FORMULA)
class AxpyL2Op(AxpyMixin, VecScalarL2Base):
    name = "ascendc.axpy_l2"


class TernaryOp:
    """A binary-family op whose formula also reads dst (`c`); dst, src0, src1 share a type."""

    READS: ClassVar = ("src0", "src1", "dst")


_FMA = "a * c + b"
_FMA_RELU = "maximum(a * c + b, 0)"
_MLA = "a * b + c"


@asc_op(cpp=Cpp("FusedMulAdd", template=MASKED_TEMPLATE), formula=_FMA)
class FusedMulAddL0Op(TernaryOp, BinaryL0Base):
    name = "ascendc.fused_mul_add_l0"


@asc_op(cpp=Cpp("FusedMulAdd", template=MASKED_TEMPLATE), formula=_FMA)
class FusedMulAddL1Op(TernaryOp, BinaryL1Base):
    name = "ascendc.fused_mul_add_l1"


@asc_op(cpp=Cpp("FusedMulAdd"), formula=_FMA)
class FusedMulAddL2Op(TernaryOp, BinaryL2Base):
    name = "ascendc.fused_mul_add_l2"


@asc_op(cpp=Cpp("FusedMulAddRelu", template=MASKED_TEMPLATE), formula=_FMA_RELU)
class FusedMulAddReluL0Op(TernaryOp, BinaryL0Base):
    name = "ascendc.fused_mul_add_relu_l0"


@asc_op(cpp=Cpp("FusedMulAddRelu", template=MASKED_TEMPLATE), formula=_FMA_RELU)
class FusedMulAddReluL1Op(TernaryOp, BinaryL1Base):
    name = "ascendc.fused_mul_add_relu_l1"


@asc_op(cpp=Cpp("FusedMulAddRelu"), formula=_FMA_RELU)
class FusedMulAddReluL2Op(TernaryOp, BinaryL2Base):
    name = "ascendc.fused_mul_add_relu_l2"


class MulAddDstMixin(TernaryOp):
    """MulAddDst<T, U>: dst (T) may be float over half sources (U), like Axpy."""

    SAME_ELEMENT: ClassVar = ("src0", "src1")

    def verify_facts(self) -> None:
        super().verify_facts()  # type: ignore[misc]
        pair = (str(element_type(self.dst)), str(element_type(self.src0)))
        if pair not in _AXPY_TYPES:
            raise VerifyException(
                "AscendC::MulAddDst takes (dst, src) elements (f16, f16), (f32, f32) or "
                f"(f32, f16), got ({pair[0]}, {pair[1]})"
            )


_MLA_MASKED = Cpp("MulAddDst", template=("elem:dst", "elem:src0", "flag:isSetMask"))


@asc_op(cpp=_MLA_MASKED, formula=_MLA)
class MulAddDstL0Op(MulAddDstMixin, BinaryL0Base):
    name = "ascendc.mul_add_dst_l0"


@asc_op(cpp=_MLA_MASKED, formula=_MLA)
class MulAddDstL1Op(MulAddDstMixin, BinaryL1Base):
    name = "ascendc.mul_add_dst_l1"


# The count form's T and U are deduced from the tensors; pyasc prints no template arguments.
@asc_op(cpp=Cpp("MulAddDst"), formula=_MLA)
class MulAddDstL2Op(MulAddDstMixin, BinaryL2Base):
    name = "ascendc.mul_add_dst_l2"


FUSED_OPS: list[type[AscendCOp]] = [
    AxpyL0Op, AxpyL1Op, AxpyL2Op,
    FusedMulAddL0Op, FusedMulAddL1Op, FusedMulAddL2Op,
    FusedMulAddReluL0Op, FusedMulAddReluL1Op, FusedMulAddReluL2Op,
    MulAddDstL0Op, MulAddDstL1Op, MulAddDstL2Op,
]
