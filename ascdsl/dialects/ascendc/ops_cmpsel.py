"""Compare and select: `AscendC::Compare`, `CompareScalar`, `GetCmpMask`, `SetCmpMask`, `Select`.

Compare writes one bit per compared element into an integer tensor (bit `e % 8` of byte
`e // 8`, repeat after repeat: a repeat of E elements writes E/8 bytes). The register forms
(`compare_r_l0/l1`, one repeat) write those bits into the core's 128-bit CMPMASK register
instead; `GetCmpMask` copies the register to a tensor and `SetCmpMask` loads it from one.

Select takes `src0` where a mask bit is set and `src1` elsewhere. Its `selMode` (SELMODE) says
where the bits come from:

- `VSEL_CMPMASK_SPR` (0): the first 128 bits of `selMask` (loaded into CMPMASK), the same bits
  for every repeat; the register form `select_reg` uses what CMPMASK holds;
- `VSEL_TENSOR_SCALAR_MODE` (1): `src1` is a scalar; `selMask`'s bits run on across repeats;
  the register form `select_scalar_reg` takes the scalar from CMPMASK's first element;
- `VSEL_TENSOR_TENSOR_MODE` (2): two tensors, `selMask`'s bits run on across repeats.

Every op has pyasc's IR name, operand order and levels (L0: one mask value; L1: mask words;
L2: an element count; `_r`/`_reg`: the register forms) and runs on the vector unit.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import IntegerAttr, IntegerType, UnitAttr
from xdsl.irdl import ParsePropInAttrDict, operand_def, opt_prop_def, prop_def, var_operand_def
from xdsl.utils.exceptions import VerifyException

from .base import AscendCOp, Cpp, asc_op, element_type, enum_attr
from .constraints import BIN_PARAMS, INT, LOCAL, MASK, UN_PARAMS
from .enums import AscEnum, CmpMode, Pipe
from .vector_base import DEFAULT_FORMAT, VectorOp, flag, mask_operand


class SelMode(AscEnum):
    """Where Select reads its mask (AscendC::SELMODE)."""

    VSEL_CMPMASK_SPR = 0
    VSEL_TENSOR_SCALAR_MODE = 1
    VSEL_TENSOR_TENSOR_MODE = 2

    @classmethod
    def cpp_prefix(cls) -> str:
        return "AscendC::SELMODE::"


def _check_bits_tensor(op: AscendCOp, name: str) -> None:
    """A mask tensor holds bits in integer elements (Ascend C's `LocalTensor<U>`)."""
    et = element_type(getattr(op, name))
    if not isinstance(et, IntegerType):
        raise VerifyException(f"{name} holds one bit per element in integer elements, got {et}")


def _check_scalar(op: AscendCOp, name: str) -> None:
    t = getattr(op, name).type
    if element_type(getattr(op, name)) is not None or not hasattr(t, "bitwidth"):
        raise VerifyException(f"{name} must be an integer or float scalar, got {t}")


# --- compare -----------------------------------------------------------------------------------

# pyasc's translator prints every Compare and Select without template arguments; ascdsl's
# compiled source spells them out (a scalar of another type, an unset isSetMask and the
# register Select's selMode are not what deduction and the defaults give).

_CMP_TEMPLATE = ("elem:src0", "elem:dst", "flag:isSetMask")
_CMP_ARGS = ("dst", "src0", "src1", "enum:cmpMode", "mask", "repeat_times", "repeat_params")
_CMPS_ARGS = ("dst", "src0", "src1Scalar", "enum:cmpMode", "mask", "repeat_times",
              "repeat_params")


class CompareOpBase(VectorOp):
    """The Compare family: a CMPMODE property, bits written into `dst` (or the register)."""

    cmpMode = prop_def(IntegerAttr)
    ENUMS: ClassVar = {"cmpMode": CmpMode}

    def verify_facts(self) -> None:
        super().verify_facts()
        if getattr(self, "dst", None) is not None:
            _check_bits_tensor(self, "dst")
        if getattr(self, "src1Scalar", None) is not None:
            _check_scalar(self, "src1Scalar")


class CompareMaskedBase(CompareOpBase):
    """`Compare<T, U, isSetMask>(dst, src0, src1, cmpMode, mask, repeatTimes, params)`."""

    dst = operand_def(LOCAL)
    src0 = operand_def(LOCAL)
    src1 = operand_def(LOCAL)
    mask = operand_def(INT)
    repeat_times = operand_def(INT)
    repeat_params = operand_def(BIN_PARAMS)
    isSetMask = opt_prop_def(UnitAttr)
    READS: ClassVar = ("src0", "src1")
    SAME_ELEMENT: ClassVar = ("src0", "src1")

    def __init__(self, dst, src0, src1, mode: CmpMode, mask, repeat_times, repeat_params,
                 is_set_mask: bool = True):
        super().__init__(
            operands=[dst, src0, src1, mask_operand(mask), repeat_times, repeat_params],
            properties={"cmpMode": enum_attr(mode), "isSetMask": flag(is_set_mask)},
        )


@asc_op(cpp=Cpp("Compare", pyasc_template=(), template=_CMP_TEMPLATE, args=_CMP_ARGS))
class CompareL0Op(CompareMaskedBase):
    name = "ascendc.compare_l0"
    LEVEL: ClassVar = "l0"


@asc_op(cpp=Cpp("Compare", pyasc_template=(), template=_CMP_TEMPLATE, args=_CMP_ARGS))
class CompareL1Op(CompareMaskedBase):
    name = "ascendc.compare_l1"
    mask = var_operand_def(MASK)
    LEVEL: ClassVar = "l1"


@asc_op(cpp=Cpp("Compare", pyasc_template=(), template=("elem:src0", "elem:dst"),
                args=("dst", "src0", "src1", "enum:cmpMode", "count")))
class CompareL2Op(CompareOpBase):
    """`Compare(dst, src0, src1, cmpMode, count)`: the bits of elements 0..count-1."""

    name = "ascendc.compare_l2"
    dst = operand_def(LOCAL)
    src0 = operand_def(LOCAL)
    src1 = operand_def(LOCAL)
    count = operand_def(INT)
    READS: ClassVar = ("src0", "src1")
    SAME_ELEMENT: ClassVar = ("src0", "src1")
    LEVEL: ClassVar = "l2"

    def __init__(self, dst, src0, src1, mode: CmpMode, count):
        super().__init__(operands=[dst, src0, src1, count],
                         properties={"cmpMode": enum_attr(mode)})


class CompareRegBase(CompareOpBase):
    """`Compare<T, isSetMask>(src0, src1, cmpMode, mask, params)`: one repeat into CMPMASK."""

    src0 = operand_def(LOCAL)
    src1 = operand_def(LOCAL)
    mask = operand_def(INT)
    repeat_params = operand_def(BIN_PARAMS)
    isSetMask = opt_prop_def(UnitAttr)
    WRITES: ClassVar = ()
    READS: ClassVar = ("src0", "src1")
    SAME_ELEMENT: ClassVar = ("src0", "src1")

    def __init__(self, src0, src1, mode: CmpMode, mask, repeat_params, is_set_mask: bool = True):
        super().__init__(
            operands=[src0, src1, mask_operand(mask), repeat_params],
            properties={"cmpMode": enum_attr(mode), "isSetMask": flag(is_set_mask)},
        )


_CMP_R_ARGS = ("src0", "src1", "enum:cmpMode", "mask", "repeat_params")


@asc_op(cpp=Cpp("Compare", pyasc_template=(), template=("elem:src0", "flag:isSetMask"), args=_CMP_R_ARGS))
class CompareRL0Op(CompareRegBase):
    name = "ascendc.compare_r_l0"
    LEVEL: ClassVar = "l0"


@asc_op(cpp=Cpp("Compare", pyasc_template=(), template=("elem:src0", "flag:isSetMask"), args=_CMP_R_ARGS))
class CompareRL1Op(CompareRegBase):
    name = "ascendc.compare_r_l1"
    mask = var_operand_def(MASK)
    LEVEL: ClassVar = "l1"


class CompareScalarMaskedBase(CompareOpBase):
    """`CompareScalar<T, U, isSetMask>(dst, src0, scalar, cmpMode, mask, repeatTimes, params)`."""

    dst = operand_def(LOCAL)
    src0 = operand_def(LOCAL)
    src1Scalar = operand_def()
    mask = operand_def(INT)
    repeat_times = operand_def(INT)
    repeat_params = operand_def(UN_PARAMS)
    isSetMask = opt_prop_def(UnitAttr)
    READS: ClassVar = ("src0",)

    def __init__(self, dst, src0, scalar, mode: CmpMode, mask, repeat_times, repeat_params,
                 is_set_mask: bool = True):
        super().__init__(
            operands=[dst, src0, scalar, mask_operand(mask), repeat_times, repeat_params],
            properties={"cmpMode": enum_attr(mode), "isSetMask": flag(is_set_mask)},
        )


@asc_op(cpp=Cpp("CompareScalar", pyasc_template=(), template=_CMP_TEMPLATE, args=_CMPS_ARGS))
class CompareScalarL0Op(CompareScalarMaskedBase):
    name = "ascendc.compare_scalar_l0"
    LEVEL: ClassVar = "l0"


@asc_op(cpp=Cpp("CompareScalar", pyasc_template=(), template=_CMP_TEMPLATE, args=_CMPS_ARGS))
class CompareScalarL1Op(CompareScalarMaskedBase):
    name = "ascendc.compare_scalar_l1"
    mask = var_operand_def(MASK)
    LEVEL: ClassVar = "l1"


# The explicit template keeps a scalar of another type (pyasc's lit passes an i32 against
# float elements) from clashing with T in deduction.
@asc_op(cpp=Cpp("CompareScalar", pyasc_template=(), template=("elem:src0", "elem:dst"),
                args=("dst", "src0", "src1Scalar", "enum:cmpMode", "count")))
class CompareScalarL2Op(CompareOpBase):
    """`CompareScalar(dst, src0, scalar, cmpMode, count)`."""

    name = "ascendc.compare_scalar_l2"
    dst = operand_def(LOCAL)
    src0 = operand_def(LOCAL)
    src1Scalar = operand_def()
    count = operand_def(INT)
    READS: ClassVar = ("src0",)
    LEVEL: ClassVar = "l2"

    def __init__(self, dst, src0, scalar, mode: CmpMode, count):
        super().__init__(operands=[dst, src0, scalar, count],
                         properties={"cmpMode": enum_attr(mode)})


class CmpMaskRegisterOp(AscendCOp):
    """Get/SetCmpMask: the vector unit's CMPMASK register and a tensor (no levels)."""

    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = DEFAULT_FORMAT


@asc_op(cpp=Cpp("GetCmpMask"), pipe=Pipe.PIPE_V, writes=("dst",))
class GetCmpMaskOp(CmpMaskRegisterOp):
    """`GetCmpMask(dst)`: the 128-bit CMPMASK register into dst's first 16 bytes."""

    name = "ascendc.get_cmp_mask"
    dst = operand_def(LOCAL)

    def __init__(self, dst):
        super().__init__(operands=[dst])


@asc_op(cpp=Cpp("SetCmpMask"), pipe=Pipe.PIPE_V, reads=("src",))
class SetCmpMaskOp(CmpMaskRegisterOp):
    """`SetCmpMask(src)`: src's first 16 bytes into the CMPMASK register."""

    name = "ascendc.set_cmp_mask"
    src = operand_def(LOCAL)

    def __init__(self, src):
        super().__init__(operands=[src])


# --- select ------------------------------------------------------------------------------------

_TENSOR_MODES = (SelMode.VSEL_CMPMASK_SPR, SelMode.VSEL_TENSOR_TENSOR_MODE)
_SEL_TEMPLATE = ("elem:dst", "elem:selMask", "flag:isSetMask")


class SelectOpBase(VectorOp):
    """The Select family: dst = bit ? src0 : src1 (a tensor or a scalar)."""

    ENUMS: ClassVar = {"selMode": SelMode}
    # The modes an op's form accepts (the Ascend C overloads say which).
    MODES: ClassVar[tuple[SelMode, ...]] = _TENSOR_MODES

    def verify_facts(self) -> None:
        super().verify_facts()
        if getattr(self, "selMask", None) is not None:
            _check_bits_tensor(self, "selMask")
        if "selMode" in self.properties:
            mode = self.enum_value("selMode")
            if mode not in self.MODES:
                allowed = " or ".join(m.name for m in self.MODES)
                raise VerifyException(f"{self.name} takes selMode {allowed}, got {mode.name}")
        src1 = getattr(self, "src1", None)
        if src1 is not None and element_type(src1) is None:
            _check_scalar(self, "src1")


class SelectMaskedBase(SelectOpBase):
    """`Select<T, U, isSetMask>(dst, selMask, src0, src1, selMode, mask, repeatTimes, params)`."""

    dst = operand_def(LOCAL)
    selMask = operand_def(LOCAL)
    src0 = operand_def(LOCAL)
    src1 = operand_def(LOCAL)
    selMode = prop_def(IntegerAttr)
    mask = operand_def(INT)
    repeat_times = operand_def(INT)
    repeat_params = operand_def(BIN_PARAMS)
    isSetMask = opt_prop_def(UnitAttr)
    READS: ClassVar = ("selMask", "src0", "src1")
    SAME_ELEMENT: ClassVar = ("dst", "src0", "src1")

    def __init__(self, dst, sel_mask, src0, src1, mask, repeat_times, repeat_params,
                 mode: SelMode = SelMode.VSEL_TENSOR_TENSOR_MODE, is_set_mask: bool = True):
        super().__init__(
            operands=[dst, sel_mask, src0, src1, mask_operand(mask), repeat_times, repeat_params],
            properties={"selMode": enum_attr(mode), "isSetMask": flag(is_set_mask)},
        )


_SEL_ARGS = ("dst", "selMask", "src0", "src1", "enum:selMode", "mask", "repeat_times",
             "repeat_params")


@asc_op(cpp=Cpp("Select", pyasc_template=(), template=_SEL_TEMPLATE, args=_SEL_ARGS))
class SelectL0Op(SelectMaskedBase):
    name = "ascendc.select_l0"
    LEVEL: ClassVar = "l0"


@asc_op(cpp=Cpp("Select", pyasc_template=(), template=_SEL_TEMPLATE, args=_SEL_ARGS))
class SelectL1Op(SelectMaskedBase):
    name = "ascendc.select_l1"
    mask = var_operand_def(MASK)
    LEVEL: ClassVar = "l1"


@asc_op(cpp=Cpp("Select", pyasc_template=(), template=_SEL_TEMPLATE, args=_SEL_ARGS))
class SelectScalarL0Op(SelectMaskedBase):
    name = "ascendc.select_scalar_l0"
    src1 = operand_def()
    READS: ClassVar = ("selMask", "src0")
    SAME_ELEMENT: ClassVar = ("dst", "src0")
    MODES: ClassVar = (SelMode.VSEL_TENSOR_SCALAR_MODE,)
    LEVEL: ClassVar = "l0"


@asc_op(cpp=Cpp("Select", pyasc_template=(), template=_SEL_TEMPLATE, args=_SEL_ARGS))
class SelectScalarL1Op(SelectMaskedBase):
    name = "ascendc.select_scalar_l1"
    src1 = operand_def()
    mask = var_operand_def(MASK)
    READS: ClassVar = ("selMask", "src0")
    SAME_ELEMENT: ClassVar = ("dst", "src0")
    MODES: ClassVar = (SelMode.VSEL_TENSOR_SCALAR_MODE,)
    LEVEL: ClassVar = "l1"


class SelectCountBase(SelectOpBase):
    """`Select<T, U>(dst, selMask, src0, src1, selMode, count)`."""

    dst = operand_def(LOCAL)
    selMask = operand_def(LOCAL)
    src0 = operand_def(LOCAL)
    src1 = operand_def(LOCAL)
    selMode = prop_def(IntegerAttr)
    count = operand_def(INT)
    READS: ClassVar = ("selMask", "src0", "src1")
    SAME_ELEMENT: ClassVar = ("dst", "src0", "src1")
    LEVEL: ClassVar = "l2"

    def __init__(self, dst, sel_mask, src0, src1, mode: SelMode, count):
        super().__init__(operands=[dst, sel_mask, src0, src1, count],
                         properties={"selMode": enum_attr(mode)})


_SEL_L2 = Cpp("Select", pyasc_template=(), template=("elem:dst", "elem:selMask"),
              args=("dst", "selMask", "src0", "src1", "enum:selMode", "count"))


@asc_op(cpp=_SEL_L2)
class SelectL2Op(SelectCountBase):
    name = "ascendc.select_l2"


@asc_op(cpp=_SEL_L2)
class SelectScalarL2Op(SelectCountBase):
    name = "ascendc.select_scalar_l2"
    src1 = operand_def()
    READS: ClassVar = ("selMask", "src0")
    SAME_ELEMENT: ClassVar = ("dst", "src0")
    MODES: ClassVar = (SelMode.VSEL_TENSOR_SCALAR_MODE,)


@asc_op(cpp=Cpp("Select", pyasc_template=(), template=("elem:dst", "elem:selMask"),
                args=("dst", "selMask", "src0", "repeat_times", "repeat_params")))
class SelectScalarRegOp(SelectOpBase):
    """`Select<T, U>(dst, selMask, src0, repeatTimes, params)`: mode 1, the scalar in CMPMASK."""

    name = "ascendc.select_scalar_reg"
    dst = operand_def(LOCAL)
    selMask = operand_def(LOCAL)
    src0 = operand_def(LOCAL)
    repeat_times = operand_def(INT)
    repeat_params = operand_def(BIN_PARAMS)
    READS: ClassVar = ("selMask", "src0")
    SAME_ELEMENT: ClassVar = ("dst", "src0")
    ENUMS: ClassVar = {}  # mode 1 is implied: no selMode property
    LEVEL: ClassVar = "reg"

    def __init__(self, dst, sel_mask, src0, repeat_times, repeat_params):
        super().__init__(operands=[dst, sel_mask, src0, repeat_times, repeat_params])


# selMode is a template argument here: the overload has no parameter to deduce it from.
@asc_op(cpp=Cpp("Select", pyasc_template=(), template=("elem:dst", "enum:selMode"),
                args=("dst", "src0", "src1", "repeat_times", "repeat_params")))
class SelectRegOp(SelectOpBase):
    """`Select<T, selMode>(dst, src0, src1, repeatTimes, params)`: the bits in CMPMASK."""

    name = "ascendc.select_reg"
    dst = operand_def(LOCAL)
    src0 = operand_def(LOCAL)
    src1 = operand_def(LOCAL)
    repeat_times = operand_def(INT)
    repeat_params = operand_def(BIN_PARAMS)
    selMode = prop_def(IntegerAttr)
    READS: ClassVar = ("src0", "src1")
    SAME_ELEMENT: ClassVar = ("dst", "src0", "src1")
    LEVEL: ClassVar = "reg"

    def __init__(self, dst, src0, src1, repeat_times, repeat_params,
                 mode: SelMode = SelMode.VSEL_CMPMASK_SPR):
        super().__init__(operands=[dst, src0, src1, repeat_times, repeat_params],
                         properties={"selMode": enum_attr(mode)})


CMPSEL_OPS: list[type[AscendCOp]] = [
    CompareL0Op, CompareL1Op, CompareL2Op, CompareRL0Op, CompareRL1Op,
    CompareScalarL0Op, CompareScalarL1Op, CompareScalarL2Op,
    GetCmpMaskOp, SetCmpMaskOp,
    SelectL0Op, SelectL1Op, SelectL2Op,
    SelectScalarL0Op, SelectScalarL1Op, SelectScalarL2Op,
    SelectScalarRegOp, SelectRegOp,
]
