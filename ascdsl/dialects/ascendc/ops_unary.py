"""Unary vector ops: dst = f(src), elementwise (`Exp`, `Abs`, `Sqrt`, `Not`, ...).

One base per level holds the operands, the syntax and the shared facts (pipe V, writes `dst`,
reads `src`); an op names its IR name, its Ascend C API and its formula over `a` (src).
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import UnitAttr
from xdsl.irdl import operand_def, opt_prop_def, var_operand_def

from .base import AscendCOp, Cpp, asc_op
from .constraints import INT, LOCAL, MASK, UN_PARAMS
from .vector_base import MASKED_TEMPLATE, VectorOp, flag, mask_operand


class UnaryOp(VectorOp):
    """dst = f(src) elementwise."""

    dst = operand_def(LOCAL)
    src = operand_def(LOCAL)
    READS: ClassVar[tuple[str, ...]] = ("src",)
    SAME_ELEMENT: ClassVar = ("dst", "src")


class UnaryMaskedBase(UnaryOp):
    """L0 / L1: mask, repeat times, repeat parameters."""

    mask = operand_def(INT)
    repeat_times = operand_def(INT)
    repeat_params = operand_def(UN_PARAMS)
    isSetMask = opt_prop_def(UnitAttr)

    def __init__(self, dst, src, mask, repeat_times, repeat_params, is_set_mask=True):
        super().__init__(
            operands=[dst, src, mask_operand(mask), repeat_times, repeat_params],
            properties={"isSetMask": flag(is_set_mask)},
        )


class UnaryL0Base(UnaryMaskedBase):
    """`Api<T, isSetMask>(dst, src, mask, repeatTimes, UnaryRepeatParams)`."""

    LEVEL: ClassVar = "l0"


class UnaryL1Base(UnaryMaskedBase):
    """`Api<T, isSetMask>(dst, src, mask[], repeatTimes, UnaryRepeatParams)`."""

    mask = var_operand_def(MASK)
    LEVEL: ClassVar = "l1"


class UnaryL2Base(UnaryOp):
    """`Api(dst, src, count)`."""

    count = operand_def(INT)
    LEVEL: ClassVar = "l2"

    def __init__(self, dst, src, count):
        super().__init__(operands=[dst, src, count])


@asc_op(cpp=Cpp("Abs", template=MASKED_TEMPLATE), formula="absolute(a)")
class AbsL0Op(UnaryL0Base):
    name = "ascendc.abs_l0"


@asc_op(cpp=Cpp("Abs", template=MASKED_TEMPLATE), formula="absolute(a)")
class AbsL1Op(UnaryL1Base):
    name = "ascendc.abs_l1"


@asc_op(cpp=Cpp("Abs"), formula="absolute(a)")
class AbsL2Op(UnaryL2Base):
    name = "ascendc.abs_l2"


@asc_op(cpp=Cpp("Exp", template=MASKED_TEMPLATE), formula="exp(a)")
class ExpL0Op(UnaryL0Base):
    name = "ascendc.exp_l0"


@asc_op(cpp=Cpp("Exp", template=MASKED_TEMPLATE), formula="exp(a)")
class ExpL1Op(UnaryL1Base):
    name = "ascendc.exp_l1"


@asc_op(cpp=Cpp("Exp"), formula="exp(a)")
class ExpL2Op(UnaryL2Base):
    name = "ascendc.exp_l2"


@asc_op(cpp=Cpp("Ln", template=MASKED_TEMPLATE), formula="log(a)")
class LnL0Op(UnaryL0Base):
    name = "ascendc.ln_l0"


@asc_op(cpp=Cpp("Ln", template=MASKED_TEMPLATE), formula="log(a)")
class LnL1Op(UnaryL1Base):
    name = "ascendc.ln_l1"


@asc_op(cpp=Cpp("Ln"), formula="log(a)")
class LnL2Op(UnaryL2Base):
    name = "ascendc.ln_l2"


@asc_op(cpp=Cpp("Relu", template=MASKED_TEMPLATE), formula="maximum(a, 0)")
class ReluL0Op(UnaryL0Base):
    name = "ascendc.relu_l0"


@asc_op(cpp=Cpp("Relu", template=MASKED_TEMPLATE), formula="maximum(a, 0)")
class ReluL1Op(UnaryL1Base):
    name = "ascendc.relu_l1"


@asc_op(cpp=Cpp("Relu"), formula="maximum(a, 0)")
class ReluL2Op(UnaryL2Base):
    name = "ascendc.relu_l2"


@asc_op(cpp=Cpp("Rsqrt", template=MASKED_TEMPLATE), formula="1 / sqrt(a)")
class RsqrtL0Op(UnaryL0Base):
    name = "ascendc.rsqrt_l0"


@asc_op(cpp=Cpp("Rsqrt", template=MASKED_TEMPLATE), formula="1 / sqrt(a)")
class RsqrtL1Op(UnaryL1Base):
    name = "ascendc.rsqrt_l1"


@asc_op(cpp=Cpp("Rsqrt"), formula="1 / sqrt(a)")
class RsqrtL2Op(UnaryL2Base):
    name = "ascendc.rsqrt_l2"


@asc_op(cpp=Cpp("Sqrt", template=MASKED_TEMPLATE), formula="sqrt(a)")
class SqrtL0Op(UnaryL0Base):
    name = "ascendc.sqrt_l0"


@asc_op(cpp=Cpp("Sqrt", template=MASKED_TEMPLATE), formula="sqrt(a)")
class SqrtL1Op(UnaryL1Base):
    name = "ascendc.sqrt_l1"


@asc_op(cpp=Cpp("Sqrt"), formula="sqrt(a)")
class SqrtL2Op(UnaryL2Base):
    name = "ascendc.sqrt_l2"


@asc_op(cpp=Cpp("Reciprocal", template=MASKED_TEMPLATE), formula="1 / a")
class ReciprocalL0Op(UnaryL0Base):
    name = "ascendc.reciprocal_l0"


@asc_op(cpp=Cpp("Reciprocal", template=MASKED_TEMPLATE), formula="1 / a")
class ReciprocalL1Op(UnaryL1Base):
    name = "ascendc.reciprocal_l1"


@asc_op(cpp=Cpp("Reciprocal"), formula="1 / a")
class ReciprocalL2Op(UnaryL2Base):
    name = "ascendc.reciprocal_l2"


@asc_op(cpp=Cpp("Not", template=MASKED_TEMPLATE), formula="invert(a)")
class NotL0Op(UnaryL0Base):
    name = "ascendc.not_l0"


@asc_op(cpp=Cpp("Not", template=MASKED_TEMPLATE), formula="invert(a)")
class NotL1Op(UnaryL1Base):
    name = "ascendc.not_l1"


@asc_op(cpp=Cpp("Not"), formula="invert(a)")
class NotL2Op(UnaryL2Base):
    name = "ascendc.not_l2"


@asc_op(cpp=Cpp("Neg"), formula="negative(a)")
class NegL2Op(UnaryL2Base):
    name = "ascendc.neg_l2"


UNARY_OPS: list[type[AscendCOp]] = [
    AbsL0Op, AbsL1Op, AbsL2Op,
    ExpL0Op, ExpL1Op, ExpL2Op,
    LnL0Op, LnL1Op, LnL2Op,
    ReluL0Op, ReluL1Op, ReluL2Op,
    RsqrtL0Op, RsqrtL1Op, RsqrtL2Op,
    SqrtL0Op, SqrtL1Op, SqrtL2Op,
    ReciprocalL0Op, ReciprocalL1Op, ReciprocalL2Op,
    NotL0Op, NotL1Op, NotL2Op,
    NegL2Op,
]
