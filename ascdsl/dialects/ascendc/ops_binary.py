"""Binary vector ops: dst = f(src0, src1), elementwise (`Add`, `Sub`, `Max`, `And`, ...).

The family has one base per level (`vector_base` explains the levels) holding its operands,
its syntax and the facts its ops share (pipe V, writes `dst`, reads `src0` and `src1`); an op
is a short class naming its IR name, its Ascend C API and its formula, a numpy expression of
one element over `a` (src0) and `b` (src1) that the simulator evaluates:

    @asc_op(cpp=Cpp("Add"), formula="a + b")
    class AddL2Op(BinaryL2Base):
        name = "ascendc.add_l2"
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import UnitAttr
from xdsl.irdl import operand_def, opt_prop_def, var_operand_def

from .base import AscendCOp, Cpp, CppStyle, asc_op
from .constraints import BIN_PARAMS, INT, LOCAL, MASK
from .vector_base import MASKED_TEMPLATE, VectorOp, flag, mask_operand


class BinaryOp(VectorOp):
    """dst = f(src0, src1) elementwise."""

    dst = operand_def(LOCAL)
    src0 = operand_def(LOCAL)
    src1 = operand_def(LOCAL)
    READS: ClassVar[tuple[str, ...]] = ("src0", "src1")
    SAME_ELEMENT: ClassVar = ("dst", "src0", "src1")


class BinaryMaskedBase(BinaryOp):
    """L0 (one mask value) and L1 (mask words): mask, repeat times, repeat parameters."""

    mask = operand_def(INT)
    repeat_times = operand_def(INT)
    repeat_params = operand_def(BIN_PARAMS)
    isSetMask = opt_prop_def(UnitAttr)

    def __init__(self, dst, src0, src1, mask, repeat_times, repeat_params, is_set_mask=True):
        super().__init__(
            operands=[dst, src0, src1, mask_operand(mask), repeat_times, repeat_params],
            properties={"isSetMask": flag(is_set_mask)},
        )


class BinaryL0Base(BinaryMaskedBase):
    """`Api<T, isSetMask>(dst, src0, src1, mask, repeatTimes, BinaryRepeatParams)`."""

    LEVEL: ClassVar = "l0"


class BinaryL1Base(BinaryMaskedBase):
    """`Api<T, isSetMask>(dst, src0, src1, mask[], repeatTimes, BinaryRepeatParams)`."""

    mask = var_operand_def(MASK)  # redefined in place: the operand order stays
    LEVEL: ClassVar = "l1"


class BinaryL2Base(BinaryOp):
    """`Api(dst, src0, src1, count)`."""

    count = operand_def(INT)
    LEVEL: ClassVar = "l2"

    def __init__(self, dst, src0, src1, count):
        super().__init__(operands=[dst, src0, src1, count])


class BinaryL3Base(BinaryOp):
    """`dst = src0 <operator> src1` (the API is the C++ operator)."""

    LEVEL: ClassVar = "l3"

    def __init__(self, dst, src0, src1):
        super().__init__(operands=[dst, src0, src1])


@asc_op(cpp=Cpp("Add", template=MASKED_TEMPLATE), formula="a + b")
class AddL0Op(BinaryL0Base):
    name = "ascendc.add_l0"


@asc_op(cpp=Cpp("Add", template=MASKED_TEMPLATE), formula="a + b")
class AddL1Op(BinaryL1Base):
    name = "ascendc.add_l1"


@asc_op(cpp=Cpp("Add"), formula="a + b")
class AddL2Op(BinaryL2Base):
    name = "ascendc.add_l2"


@asc_op(cpp=Cpp("+", CppStyle.OPERATOR), formula="a + b")
class AddL3Op(BinaryL3Base):
    name = "ascendc.add_l3"


@asc_op(cpp=Cpp("Sub", template=MASKED_TEMPLATE), formula="a - b")
class SubL0Op(BinaryL0Base):
    name = "ascendc.sub_l0"


@asc_op(cpp=Cpp("Sub", template=MASKED_TEMPLATE), formula="a - b")
class SubL1Op(BinaryL1Base):
    name = "ascendc.sub_l1"


@asc_op(cpp=Cpp("Sub"), formula="a - b")
class SubL2Op(BinaryL2Base):
    name = "ascendc.sub_l2"


@asc_op(cpp=Cpp("-", CppStyle.OPERATOR), formula="a - b")
class SubL3Op(BinaryL3Base):
    name = "ascendc.sub_l3"


@asc_op(cpp=Cpp("Mul", template=MASKED_TEMPLATE), formula="a * b")
class MulL0Op(BinaryL0Base):
    name = "ascendc.mul_l0"


@asc_op(cpp=Cpp("Mul", template=MASKED_TEMPLATE), formula="a * b")
class MulL1Op(BinaryL1Base):
    name = "ascendc.mul_l1"


@asc_op(cpp=Cpp("Mul"), formula="a * b")
class MulL2Op(BinaryL2Base):
    name = "ascendc.mul_l2"


@asc_op(cpp=Cpp("*", CppStyle.OPERATOR), formula="a * b")
class MulL3Op(BinaryL3Base):
    name = "ascendc.mul_l3"


@asc_op(cpp=Cpp("Div", template=MASKED_TEMPLATE), formula="a / b")
class DivL0Op(BinaryL0Base):
    name = "ascendc.div_l0"


@asc_op(cpp=Cpp("Div", template=MASKED_TEMPLATE), formula="a / b")
class DivL1Op(BinaryL1Base):
    name = "ascendc.div_l1"


@asc_op(cpp=Cpp("Div"), formula="a / b")
class DivL2Op(BinaryL2Base):
    name = "ascendc.div_l2"


@asc_op(cpp=Cpp("/", CppStyle.OPERATOR), formula="a / b")
class DivL3Op(BinaryL3Base):
    name = "ascendc.div_l3"


@asc_op(cpp=Cpp("Max", template=MASKED_TEMPLATE), formula="maximum(a, b)")
class MaxL0Op(BinaryL0Base):
    name = "ascendc.max_l0"


@asc_op(cpp=Cpp("Max", template=MASKED_TEMPLATE), formula="maximum(a, b)")
class MaxL1Op(BinaryL1Base):
    name = "ascendc.max_l1"


@asc_op(cpp=Cpp("Max"), formula="maximum(a, b)")
class MaxL2Op(BinaryL2Base):
    name = "ascendc.max_l2"


@asc_op(cpp=Cpp("Min", template=MASKED_TEMPLATE), formula="minimum(a, b)")
class MinL0Op(BinaryL0Base):
    name = "ascendc.min_l0"


@asc_op(cpp=Cpp("Min", template=MASKED_TEMPLATE), formula="minimum(a, b)")
class MinL1Op(BinaryL1Base):
    name = "ascendc.min_l1"


@asc_op(cpp=Cpp("Min"), formula="minimum(a, b)")
class MinL2Op(BinaryL2Base):
    name = "ascendc.min_l2"


@asc_op(cpp=Cpp("And", template=MASKED_TEMPLATE), formula="bitwise_and(a, b)")
class AndL0Op(BinaryL0Base):
    name = "ascendc.and_l0"


@asc_op(cpp=Cpp("And", template=MASKED_TEMPLATE), formula="bitwise_and(a, b)")
class AndL1Op(BinaryL1Base):
    name = "ascendc.and_l1"


@asc_op(cpp=Cpp("And"), formula="bitwise_and(a, b)")
class AndL2Op(BinaryL2Base):
    name = "ascendc.and_l2"


@asc_op(cpp=Cpp("Or", template=MASKED_TEMPLATE), formula="bitwise_or(a, b)")
class OrL0Op(BinaryL0Base):
    name = "ascendc.or_l0"


@asc_op(cpp=Cpp("Or", template=MASKED_TEMPLATE), formula="bitwise_or(a, b)")
class OrL1Op(BinaryL1Base):
    name = "ascendc.or_l1"


@asc_op(cpp=Cpp("Or"), formula="bitwise_or(a, b)")
class OrL2Op(BinaryL2Base):
    name = "ascendc.or_l2"


@asc_op(cpp=Cpp("AddRelu", template=MASKED_TEMPLATE), formula="maximum(a + b, 0)")
class AddReluL0Op(BinaryL0Base):
    name = "ascendc.add_relu_l0"


@asc_op(cpp=Cpp("AddRelu", template=MASKED_TEMPLATE), formula="maximum(a + b, 0)")
class AddReluL1Op(BinaryL1Base):
    name = "ascendc.add_relu_l1"


@asc_op(cpp=Cpp("AddRelu"), formula="maximum(a + b, 0)")
class AddReluL2Op(BinaryL2Base):
    name = "ascendc.add_relu_l2"


@asc_op(cpp=Cpp("SubRelu", template=MASKED_TEMPLATE), formula="maximum(a - b, 0)")
class SubReluL0Op(BinaryL0Base):
    name = "ascendc.sub_relu_l0"


@asc_op(cpp=Cpp("SubRelu", template=MASKED_TEMPLATE), formula="maximum(a - b, 0)")
class SubReluL1Op(BinaryL1Base):
    name = "ascendc.sub_relu_l1"


@asc_op(cpp=Cpp("SubRelu"), formula="maximum(a - b, 0)")
class SubReluL2Op(BinaryL2Base):
    name = "ascendc.sub_relu_l2"


BINARY_OPS: list[type[AscendCOp]] = [
    AddL0Op, AddL1Op, AddL2Op, AddL3Op,
    SubL0Op, SubL1Op, SubL2Op, SubL3Op,
    MulL0Op, MulL1Op, MulL2Op, MulL3Op,
    DivL0Op, DivL1Op, DivL2Op, DivL3Op,
    MaxL0Op, MaxL1Op, MaxL2Op,
    MinL0Op, MinL1Op, MinL2Op,
    AndL0Op, AndL1Op, AndL2Op,
    OrL0Op, OrL1Op, OrL2Op,
    AddReluL0Op, AddReluL1Op, AddReluL2Op,
    SubReluL0Op, SubReluL1Op, SubReluL2Op,
]
