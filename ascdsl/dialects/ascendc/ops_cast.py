"""Cast: dst = convert(src) between element types, with a rounding mode (`AscendC::Cast`)."""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import IntegerAttr, UnitAttr
from xdsl.irdl import opt_prop_def, operand_def, prop_def, var_operand_def
from xdsl.utils.exceptions import VerifyException

from ..scalar_types import is_float_type
from .base import AscendCOp, Cpp, asc_op, element_type, enum_attr
from .constraints import INT, LOCAL, MASK, UN_PARAMS
from .enums import RoundMode
from .vector_base import VectorOp, flag, mask_operand

_CAST_TEMPLATE = ("elem:dst", "elem:src")
# pyasc's L0/L1 print isSetMask as a template argument: `Cast<float, half, 1>(...)`.
_CAST_MASKED_CPP = Cpp(
    "Cast",
    template=(*_CAST_TEMPLATE, "flag:isSetMask"),
    args=("dst", "src", "enum:roundMode", "mask", "repeat_times", "repeat_params"),
)


class CastOp(VectorOp):
    """dst = convert(src) with a rounding mode (`roundMode`)."""

    dst = operand_def(LOCAL)
    src = operand_def(LOCAL)
    roundMode = prop_def(IntegerAttr)
    READS: ClassVar[tuple[str, ...]] = ("src",)
    ENUMS: ClassVar = {"roundMode": RoundMode}

    def verify_facts(self) -> None:
        src, dst = element_type(self.src), element_type(self.dst)
        mode = RoundMode(self.enum_value("roundMode"))
        if is_float_type(src) and not is_float_type(dst) and mode in (
            RoundMode.CAST_NONE,
            RoundMode.CAST_ODD,
        ):
            raise VerifyException(
                f"a {src} -> {dst} cast needs a rounding mode (CAST_RINT, CAST_FLOOR, CAST_CEIL, "
                f"CAST_ROUND or CAST_TRUNC), got {mode.name}"
            )
        if mode == RoundMode.CAST_ODD and not (str(src) == "f32" and str(dst) == "f16"):
            raise VerifyException(f"CAST_ODD only rounds f32 -> f16, not {src} -> {dst}")


class CastMaskedBase(CastOp):
    """Cast at L0/L1: mask, repeat times and a UnaryRepeatParams, as pyasc writes them."""

    mask = operand_def(INT)
    repeat_times = operand_def(INT)
    repeat_params = operand_def(UN_PARAMS)
    isSetMask = opt_prop_def(UnitAttr)

    def __init__(self, dst, src, round_mode: RoundMode, mask, repeat_times, repeat_params,
                 is_set_mask: bool = True):
        super().__init__(
            operands=[dst, src, mask_operand(mask), repeat_times, repeat_params],
            properties={"roundMode": enum_attr(round_mode), "isSetMask": flag(is_set_mask)},
        )


@asc_op(cpp=_CAST_MASKED_CPP)
class CastL0Op(CastMaskedBase):
    """`Cast<T1, T2, isSetMask>(dst, src, roundMode, mask, repeatTimes, UnaryRepeatParams)`."""

    name = "ascendc.cast_l0"
    LEVEL: ClassVar = "l0"


@asc_op(cpp=_CAST_MASKED_CPP)
class CastL1Op(CastMaskedBase):
    """`Cast<T1, T2, isSetMask>(dst, src, roundMode, mask[], repeatTimes, UnaryRepeatParams)`."""

    name = "ascendc.cast_l1"
    mask = var_operand_def(MASK)
    LEVEL: ClassVar = "l1"


@asc_op(cpp=Cpp("Cast", template=_CAST_TEMPLATE, args=("dst", "src", "enum:roundMode", "count")))
class CastL2Op(CastOp):
    """`Cast<T1, T2>(dst, src, roundMode, count)`."""

    name = "ascendc.cast_l2"
    count = operand_def(INT)
    LEVEL: ClassVar = "l2"

    def __init__(self, dst, src, round_mode: RoundMode, count):
        super().__init__(operands=[dst, src, count], properties={"roundMode": enum_attr(round_mode)})


CAST_OPS: list[type[AscendCOp]] = [CastL0Op, CastL1Op, CastL2Op]
