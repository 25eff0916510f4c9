"""Compare and select (`AscendC::Compare`, `CompareScalar`, `Select`) at level 0.

Compare writes one bit per compared element into a uint8 tensor (bit `e % 8` of byte
`e // 8`, repeat after repeat: a repeat of E elements writes E/8 bytes); Select reads such a
mask in `VSEL_TENSOR_TENSOR_MODE`, one bit per element in the same layout, and takes `src0`
where the bit is set, `src1` elsewhere. Both run on the vector unit, 256 bytes of the source
per repeat. Added for the tile language's `where` and comparisons (pyasc's IR names and
operand order).
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import IntegerAttr, UnitAttr
from xdsl.ir import SSAValue
from xdsl.irdl import ParsePropInAttrDict, operand_def, opt_prop_def, prop_def
from xdsl.utils.exceptions import VerifyException

from .base import AscendCOp, Cpp, asc_op, element_type, enum_attr
from .constraints import Is, IntLike
from .enums import AscEnum, CmpMode, Pipe
from .types import BinaryRepeatParamsType, LocalTensorType, UnaryRepeatParamsType

LOCAL = Is((LocalTensorType,), "a local tensor (!ascendc.local_tensor)")
INT = IntLike()
BIN_PARAMS = Is((BinaryRepeatParamsType,), "!ascendc.binary_repeat_params")
UN_PARAMS = Is((UnaryRepeatParamsType,), "!ascendc.unary_repeat_params")


class SelMode(AscEnum):
    """How Select reads its mask (AscendC::SELMODE)."""

    VSEL_CMPMASK_SPR = 0
    VSEL_TENSOR_SCALAR_MODE = 1
    VSEL_TENSOR_TENSOR_MODE = 2

    @classmethod
    def cpp_prefix(cls) -> str:
        return "AscendC::SELMODE::"


_MASK_ELEMENTS = ("ui8", "i8")


def _check_mask_tensor(value: SSAValue, role: str) -> None:
    et = element_type(value)
    if str(et) not in _MASK_ELEMENTS:
        raise VerifyException(f"{role} holds one bit per element in uint8 bytes, got {et}")


def _flag(on: bool) -> UnitAttr | None:
    return UnitAttr() if on else None


def _same_element(op: AscendCOp, names: tuple[str, ...]) -> None:
    first = element_type(getattr(op, names[0]))
    for n in names[1:]:
        et = element_type(getattr(op, n))
        if et != first:
            raise VerifyException(
                f"element type mismatch: {names[0]} is {first} but {n} is {et} "
                f"(AscendC::{op.CPP.api} takes LocalTensor<T> for all of them)"
            )


class CmpSelOp(AscendCOp):
    """Compare / Select: vector ops at level 0 in pyasc's default syntax."""

    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "operands attr-dict `:` type(operands)"
    LEVEL: ClassVar[str] = "l0"


@asc_op(
    cpp=Cpp(
        "Compare",
        template=("elem:src0", "elem:dst", "flag:isSetMask"),
        args=("dst", "src0", "src1", "enum:cmpMode", "mask", "repeat_times", "repeat_params"),
    ),
    pipe=Pipe.PIPE_V,
    writes=("dst",),
    reads=("src0", "src1"),
    enums={"cmpMode": CmpMode},
)
class CompareL0Op(CmpSelOp):
    """`Compare(dst, src0, src1, cmpMode, mask, repeatTimes, repeatParams)`: mask bits."""

    name = "ascendc.compare_l0"
    dst = operand_def(LOCAL)
    src0 = operand_def(LOCAL)
    src1 = operand_def(LOCAL)
    mask = operand_def(INT)
    repeat_times = operand_def(INT)
    repeat_params = operand_def(BIN_PARAMS)
    cmpMode = prop_def(IntegerAttr)
    isSetMask = opt_prop_def(UnitAttr)

    def __init__(self, dst, src0, src1, mode: CmpMode, mask, repeat_times, repeat_params,
                 is_set_mask: bool = True):
        super().__init__(
            operands=[dst, src0, src1, mask, repeat_times, repeat_params],
            properties={"cmpMode": enum_attr(mode), "isSetMask": _flag(is_set_mask)},
        )

    def verify_facts(self) -> None:
        _same_element(self, ("src0", "src1"))
        _check_mask_tensor(self.dst, "dst")


@asc_op(
    cpp=Cpp(
        "CompareScalar",
        template=("elem:src0", "elem:dst", "flag:isSetMask"),
        args=("dst", "src0", "src1Scalar", "enum:cmpMode", "mask", "repeat_times",
              "repeat_params"),
    ),
    pipe=Pipe.PIPE_V,
    writes=("dst",),
    reads=("src0",),
    enums={"cmpMode": CmpMode},
)
class CompareScalarL0Op(CmpSelOp):
    """`CompareScalar(dst, src0, scalar, cmpMode, mask, repeatTimes, repeatParams)`."""

    name = "ascendc.compare_scalar_l0"
    dst = operand_def(LOCAL)
    src0 = operand_def(LOCAL)
    src1Scalar = operand_def()
    mask = operand_def(INT)
    repeat_times = operand_def(INT)
    repeat_params = operand_def(UN_PARAMS)
    cmpMode = prop_def(IntegerAttr)
    isSetMask = opt_prop_def(UnitAttr)

    def __init__(self, dst, src0, scalar, mode: CmpMode, mask, repeat_times, repeat_params,
                 is_set_mask: bool = True):
        super().__init__(
            operands=[dst, src0, scalar, mask, repeat_times, repeat_params],
            properties={"cmpMode": enum_attr(mode), "isSetMask": _flag(is_set_mask)},
        )

    def verify_facts(self) -> None:
        _check_mask_tensor(self.dst, "dst")
        if self.src1Scalar.type != element_type(self.src0):
            raise VerifyException(
                f"the scalar is {self.src1Scalar.type} but src0 holds {element_type(self.src0)} "
                "(CompareScalar<T> takes a T scalar)"
            )


@asc_op(
    cpp=Cpp(
        "Select",
        template=("elem:dst", "elem:selMask", "flag:isSetMask"),
        args=("dst", "selMask", "src0", "src1", "enum:selMode", "mask", "repeat_times",
              "repeat_params"),
    ),
    pipe=Pipe.PIPE_V,
    writes=("dst",),
    reads=("selMask", "src0", "src1"),
    enums={"selMode": SelMode},
)
class SelectL0Op(CmpSelOp):
    """`Select(dst, selMask, src0, src1, selMode, mask, repeatTimes, repeatParams)`."""

    name = "ascendc.select_l0"
    dst = operand_def(LOCAL)
    selMask = operand_def(LOCAL)
    src0 = operand_def(LOCAL)
    src1 = operand_def(LOCAL)
    mask = operand_def(INT)
    repeat_times = operand_def(INT)
    repeat_params = operand_def(BIN_PARAMS)
    selMode = prop_def(IntegerAttr)
    isSetMask = opt_prop_def(UnitAttr)

    def __init__(self, dst, sel_mask, src0, src1, mask, repeat_times, repeat_params,
                 mode: SelMode = SelMode.VSEL_TENSOR_TENSOR_MODE, is_set_mask: bool = True):
        super().__init__(
            operands=[dst, sel_mask, src0, src1, mask, repeat_times, repeat_params],
            properties={"selMode": enum_attr(mode), "isSetMask": _flag(is_set_mask)},
        )

    def verify_facts(self) -> None:
        _same_element(self, ("dst", "src0", "src1"))
        _check_mask_tensor(self.selMask, "selMask")
        if self.enum_value("selMode") is not SelMode.VSEL_TENSOR_TENSOR_MODE:
            raise VerifyException(
                "select_l0 with two source tensors takes VSEL_TENSOR_TENSOR_MODE"
            )


CMPSEL_OPS = [CompareL0Op, CompareScalarL0Op, SelectL0Op]
