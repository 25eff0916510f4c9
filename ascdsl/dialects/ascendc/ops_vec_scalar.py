"""Vector-scalar ops (dst = f(src, scalar): `Adds`, `Muls`, `LeakyRelu`, ...) and `Duplicate`.

One base per level holds the operands, the syntax and the shared facts (pipe V, writes `dst`,
reads `src`); an op names its IR name, its Ascend C API and its formula over `a` (src) and
`s` (the scalar). `Duplicate` fills `dst` with the scalar.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import UnitAttr
from xdsl.irdl import operand_def, opt_prop_def, var_operand_def
from xdsl.utils.exceptions import VerifyException

from .base import AscendCOp, Cpp, asc_op, element_type
from .constraints import INT, LOCAL, MASK, UN_PARAMS
from .vector_base import MASKED_TEMPLATE, VectorOp, flag, mask_operand


class VecScalarOp(VectorOp):
    """dst = f(src, scalar) elementwise."""

    dst = operand_def(LOCAL)
    src = operand_def(LOCAL)
    scalar = operand_def()
    READS: ClassVar[tuple[str, ...]] = ("src",)
    SAME_ELEMENT: ClassVar = ("dst", "src")


class VecScalarMaskedBase(VecScalarOp):
    """L0 / L1: mask, repeat times, repeat parameters."""

    mask = operand_def(INT)
    repeat_times = operand_def(INT)
    repeat_params = operand_def(UN_PARAMS)
    isSetMask = opt_prop_def(UnitAttr)

    def __init__(self, dst, src, scalar, mask, repeat_times, repeat_params, is_set_mask=True):
        super().__init__(
            operands=[dst, src, scalar, mask_operand(mask), repeat_times, repeat_params],
            properties={"isSetMask": flag(is_set_mask)},
        )


class VecScalarL0Base(VecScalarMaskedBase):
    """`Api<T, isSetMask>(dst, src, scalar, mask, repeatTimes, UnaryRepeatParams)`."""

    LEVEL: ClassVar = "l0"


class VecScalarL1Base(VecScalarMaskedBase):
    """`Api<T, isSetMask>(dst, src, scalar, mask[], repeatTimes, UnaryRepeatParams)`."""

    mask = var_operand_def(MASK)
    LEVEL: ClassVar = "l1"


class VecScalarL2Base(VecScalarOp):
    """`Api<T, isSetMask>(dst, src, scalar, count)`."""

    count = operand_def(INT)
    isSetMask = opt_prop_def(UnitAttr)
    LEVEL: ClassVar = "l2"

    def __init__(self, dst, src, scalar, count, is_set_mask=True):
        super().__init__(
            operands=[dst, src, scalar, count], properties={"isSetMask": flag(is_set_mask)}
        )


@asc_op(cpp=Cpp("Adds", template=MASKED_TEMPLATE), formula="a + s")
class AddsL0Op(VecScalarL0Base):
    name = "ascendc.adds_l0"


@asc_op(cpp=Cpp("Adds", template=MASKED_TEMPLATE), formula="a + s")
class AddsL1Op(VecScalarL1Base):
    name = "ascendc.adds_l1"


@asc_op(cpp=Cpp("Adds", template=MASKED_TEMPLATE), formula="a + s")
class AddsL2Op(VecScalarL2Base):
    name = "ascendc.adds_l2"


@asc_op(cpp=Cpp("Muls", template=MASKED_TEMPLATE), formula="a * s")
class MulsL0Op(VecScalarL0Base):
    name = "ascendc.muls_l0"


@asc_op(cpp=Cpp("Muls", template=MASKED_TEMPLATE), formula="a * s")
class MulsL1Op(VecScalarL1Base):
    name = "ascendc.muls_l1"


@asc_op(cpp=Cpp("Muls", template=MASKED_TEMPLATE), formula="a * s")
class MulsL2Op(VecScalarL2Base):
    name = "ascendc.muls_l2"


@asc_op(cpp=Cpp("Maxs", template=MASKED_TEMPLATE), formula="maximum(a, s)")
class MaxsL0Op(VecScalarL0Base):
    name = "ascendc.maxs_l0"


@asc_op(cpp=Cpp("Maxs", template=MASKED_TEMPLATE), formula="maximum(a, s)")
class MaxsL1Op(VecScalarL1Base):
    name = "ascendc.maxs_l1"


@asc_op(cpp=Cpp("Maxs", template=MASKED_TEMPLATE), formula="maximum(a, s)")
class MaxsL2Op(VecScalarL2Base):
    name = "ascendc.maxs_l2"


@asc_op(cpp=Cpp("Mins", template=MASKED_TEMPLATE), formula="minimum(a, s)")
class MinsL0Op(VecScalarL0Base):
    name = "ascendc.mins_l0"


@asc_op(cpp=Cpp("Mins", template=MASKED_TEMPLATE), formula="minimum(a, s)")
class MinsL1Op(VecScalarL1Base):
    name = "ascendc.mins_l1"


@asc_op(cpp=Cpp("Mins", template=MASKED_TEMPLATE), formula="minimum(a, s)")
class MinsL2Op(VecScalarL2Base):
    name = "ascendc.mins_l2"


@asc_op(cpp=Cpp("LeakyRelu", template=MASKED_TEMPLATE), formula="where(a >= 0, a, a * s)")
class LeakyReluL0Op(VecScalarL0Base):
    name = "ascendc.leaky_relu_l0"


@asc_op(cpp=Cpp("LeakyRelu", template=MASKED_TEMPLATE), formula="where(a >= 0, a, a * s)")
class LeakyReluL1Op(VecScalarL1Base):
    name = "ascendc.leaky_relu_l1"


@asc_op(cpp=Cpp("LeakyRelu", template=MASKED_TEMPLATE), formula="where(a >= 0, a, a * s)")
class LeakyReluL2Op(VecScalarL2Base):
    name = "ascendc.leaky_relu_l2"


@asc_op(cpp=Cpp("ShiftLeft", template=MASKED_TEMPLATE), formula="left_shift(a, s)")
class ShiftLeftL0Op(VecScalarL0Base):
    name = "ascendc.shift_left_l0"


@asc_op(cpp=Cpp("ShiftLeft", template=MASKED_TEMPLATE), formula="left_shift(a, s)")
class ShiftLeftL1Op(VecScalarL1Base):
    name = "ascendc.shift_left_l1"


@asc_op(cpp=Cpp("ShiftLeft", template=MASKED_TEMPLATE), formula="left_shift(a, s)")
class ShiftLeftL2Op(VecScalarL2Base):
    name = "ascendc.shift_left_l2"


@asc_op(cpp=Cpp("ShiftRight", template=MASKED_TEMPLATE), formula="right_shift(a, s)")
class ShiftRightL0Op(VecScalarL0Base):
    name = "ascendc.shift_right_l0"


@asc_op(cpp=Cpp("ShiftRight", template=MASKED_TEMPLATE), formula="right_shift(a, s)")
class ShiftRightL1Op(VecScalarL1Base):
    name = "ascendc.shift_right_l1"


@asc_op(cpp=Cpp("ShiftRight", template=MASKED_TEMPLATE), formula="right_shift(a, s)")
class ShiftRightL2Op(VecScalarL2Base):
    name = "ascendc.shift_right_l2"


# --- duplicate: dst[i] = scalar --------------------------------------------------------------


class DuplicateOp(VectorOp):
    """dst[i] = scalar."""

    dst = operand_def(LOCAL)
    scalar = operand_def()
    FORMULA: ClassVar[str | None] = "s"

    def verify_facts(self) -> None:
        et = element_type(self.dst)
        if self.scalar.type != et:
            raise VerifyException(
                f"scalar type {self.scalar.type} does not match the tensor element type {et} "
                "(Duplicate<T> takes a T scalar)"
            )


class DuplicateMaskedBase(DuplicateOp):
    """`Duplicate<T, isSetMask>(dst, scalar, mask, repeatTimes, dstBlkStride, dstRepStride)`."""

    mask = operand_def(INT)
    repeat_times = operand_def(INT)
    dst_block_stride = operand_def(INT)
    dst_repeat_stride = operand_def(INT)
    isSetMask = opt_prop_def(UnitAttr)

    def __init__(self, dst, scalar, mask, repeat_times, dst_block_stride, dst_repeat_stride,
                 is_set_mask=True):
        super().__init__(
            operands=[dst, scalar, mask_operand(mask), repeat_times, dst_block_stride,
                      dst_repeat_stride],
            properties={"isSetMask": flag(is_set_mask)},
        )


@asc_op(cpp=Cpp("Duplicate", template=MASKED_TEMPLATE))
class DuplicateL0Op(DuplicateMaskedBase):
    name = "ascendc.duplicate_l0"
    LEVEL: ClassVar = "l0"


@asc_op(cpp=Cpp("Duplicate", template=MASKED_TEMPLATE))
class DuplicateL1Op(DuplicateMaskedBase):
    name = "ascendc.duplicate_l1"
    mask = var_operand_def(MASK)
    LEVEL: ClassVar = "l1"


@asc_op(cpp=Cpp("Duplicate"))
class DuplicateL2Op(DuplicateOp):
    """`Duplicate(dst, scalar, count)`."""

    name = "ascendc.duplicate_l2"
    count = operand_def(INT)
    LEVEL: ClassVar = "l2"

    def __init__(self, dst, scalar, count):
        super().__init__(operands=[dst, scalar, count])


VEC_SCALAR_OPS: list[type[AscendCOp]] = [
    AddsL0Op, AddsL1Op, AddsL2Op,
    MulsL0Op, MulsL1Op, MulsL2Op,
    MaxsL0Op, MaxsL1Op, MaxsL2Op,
    MinsL0Op, MinsL1Op, MinsL2Op,
    LeakyReluL0Op, LeakyReluL1Op, LeakyReluL2Op,
    ShiftLeftL0Op, ShiftLeftL1Op, ShiftLeftL2Op,
    ShiftRightL0Op, ShiftRightL1Op, ShiftRightL2Op,
    DuplicateL0Op, DuplicateL1Op, DuplicateL2Op,
]
