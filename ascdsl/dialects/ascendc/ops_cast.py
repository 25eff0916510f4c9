"""Cast: dst = convert(src) between element types, with a rounding mode (`AscendC::Cast`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from xdsl.dialects.builtin import (
    BFloat16Type,
    Float16Type,
    Float32Type,
    Float64Type,
    IntegerAttr,
    IntegerType,
    UnitAttr,
)
from xdsl.ir import Attribute
from xdsl.irdl import opt_prop_def, operand_def, prop_def, var_operand_def
from xdsl.utils.exceptions import VerifyException

from ..scalar_types import is_unsigned
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

_FLOAT_NAMES: dict[type[Attribute], str] = {
    Float16Type: "f16", BFloat16Type: "bf16", Float32Type: "f32", Float64Type: "f64",
}


def cast_type_name(t: Attribute | None) -> str | None:
    """The name CastOp.PAIRS keys a type by: f16, bf16, f32, i8 ... ui8 (None: not a number).

    Signless and signed integers share a name: Ascend C spells both `intN_t`."""
    if isinstance(t, IntegerType):
        return f"{'ui' if is_unsigned(t) else 'i'}{t.width.data}"
    return _FLOAT_NAMES.get(type(t)) if t is not None else None


@dataclass(frozen=True)
class CastPair:
    """What dav_c220's CastIntrinsicsImpl overload for one (src, dst) pair does."""

    # The modes with an instruction. The overload switches on the mode at run time, so another
    # mode compiles, then asserts in a debug build and writes nothing in a release build.
    modes: frozenset[RoundMode]
    # vconv_deq: the result is scaled by the SetDeqScale register and the mode is ignored.
    deq: bool = False
    # Modes outside `modes` that pyasc's own lit suite writes: the verifier reads them
    # (docs/dialect.md, "What the verifier leaves to the headers"), the compilable source and
    # the simulator refuse them.
    pyasc_writes: frozenset[RoundMode] = frozenset()


_R = RoundMode
_NONE = frozenset({_R.CAST_NONE})
# The modes of a conversion that rounds. Float -> int16/int32/int64, f32 -> bf16, int64 ->
# float and f32 -> f32 (to an integral value) have no CAST_NONE: it asserts there, as
# CAST_ODD does; half -> int8/uint8 has it.
_ROUNDING = frozenset({_R.CAST_RINT, _R.CAST_FLOOR, _R.CAST_CEIL, _R.CAST_ROUND, _R.CAST_TRUNC})
# CAST_NONE rounds as CAST_RINT where the conversion is inexact (RoundMode's documentation).
_NONE_OR_ROUNDING = _NONE | _ROUNDING


def _mode_list(modes: frozenset[RoundMode]) -> str:
    names = [m.name for m in sorted(modes, key=lambda m: m.value)]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"


class CastOp(VectorOp):
    """dst = convert(src) with a rounding mode (`roundMode`)."""

    dst = operand_def(LOCAL)
    src = operand_def(LOCAL)
    roundMode = prop_def(IntegerAttr)
    READS: ClassVar[tuple[str, ...]] = ("src",)
    ENUMS: ClassVar = {"roundMode": RoundMode}
    # The conversions dav_c220 (910B) has, (src, dst) -> CastPair: one per CastIntrinsicsImpl
    # overload in asc-devkit impl/basic_api/dav_c220/kernel_operator_vec_vconv_impl.h that
    # issues an instruction. Not here: int16 -> int8 / uint8, whose overloads compile to
    # nothing (ReportNotSupport in a debug build; CastDeq converts them through the deq-scale
    # register), and half <-> int4b_t, a type the IR cannot spell. Any other pair has no
    # overload and does not compile.
    PAIRS: ClassVar[dict[tuple[str, str], CastPair]] = {
        ("f16", "f32"): CastPair(_NONE),
        ("bf16", "f32"): CastPair(_NONE),
        ("i8", "f16"): CastPair(_NONE),
        ("ui8", "f16"): CastPair(_NONE),
        ("i16", "f32"): CastPair(_NONE),
        ("i32", "i16"): CastPair(_NONE),
        ("i32", "i64"): CastPair(_NONE),
        ("i64", "i32"): CastPair(_NONE),
        ("f32", "f16"): CastPair(_NONE_OR_ROUNDING | {_R.CAST_ODD}),
        ("i32", "f32"): CastPair(_NONE_OR_ROUNDING),
        ("i16", "f16"): CastPair(_NONE_OR_ROUNDING),
        ("f16", "i8"): CastPair(_NONE_OR_ROUNDING),
        ("f16", "ui8"): CastPair(_NONE_OR_ROUNDING),
        ("f16", "i16"): CastPair(_ROUNDING),
        ("f16", "i32"): CastPair(_ROUNDING),
        ("f32", "i16"): CastPair(_ROUNDING),
        ("f32", "i32"): CastPair(_ROUNDING),
        ("f32", "i64"): CastPair(_ROUNDING),
        ("bf16", "i32"): CastPair(_ROUNDING),
        ("f32", "bf16"): CastPair(_ROUNDING),
        ("i64", "f32"): CastPair(_ROUNDING),
        # rounds to an integral float; pyasc's Target/AscendC/basic/vec_vconv.mlir writes
        # Cast<float, float>(..., CAST_NONE, ...), which asserts
        ("f32", "f32"): CastPair(_ROUNDING, pyasc_writes=_NONE),
        # "roundMode is ignored when casting from int32_t to half, please use it with
        # SetDeqScale(half scale)": every mode compiles to the same vconv_deq
        ("i32", "f16"): CastPair(frozenset(RoundMode), deq=True),
    }

    @classmethod
    def pair_of(cls, src: Attribute | None, dst: Attribute | None) -> CastPair | None:
        """The conversion of src elements to dst elements, None where dav_c220 has none."""
        return cls.PAIRS.get((cast_type_name(src), cast_type_name(dst)))  # type: ignore[arg-type]

    def cast_pair(self) -> CastPair | None:
        return self.pair_of(element_type(self.src), element_type(self.dst))

    def verify_facts(self) -> None:
        src, dst = element_type(self.src), element_type(self.dst)
        mode = RoundMode(self.enum_value("roundMode"))
        pair = self.cast_pair()
        if pair is None:
            s = cast_type_name(src)
            to = [d for (a, d) in self.PAIRS if a == s]
            has = (f"from {src} it converts to {', '.join(to)}" if to
                   else f"it converts nothing from {src}")
            raise VerifyException(f"dav_c220 has no {src} -> {dst} Cast; {has}")
        if mode in pair.modes or mode in pair.pyasc_writes:
            return
        if pair.modes == _ROUNDING:
            takes = f"needs a rounding mode ({_mode_list(pair.modes)})"
        elif len(pair.modes) == 1:
            takes = f"takes {_mode_list(pair.modes)} only"
        else:
            takes = f"takes {_mode_list(pair.modes)}"
        raise VerifyException(f"a {src} -> {dst} cast {takes}, got {mode.name}")

    def header_refusal(self) -> str | None:
        pair = self.cast_pair()
        mode = RoundMode(self.enum_value("roundMode"))
        if pair is None or mode not in pair.pyasc_writes:
            return None
        src, dst = element_type(self.src), element_type(self.dst)
        return (f"a {src} -> {dst} Cast takes {_mode_list(pair.modes)} on dav_c220; with "
                f"{mode.name} the headers assert (debug build) or write nothing (release)")


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
        super().__init__(operands=[dst, src, count],
                         properties={"roundMode": enum_attr(round_mode)})


CAST_OPS: list[type[AscendCOp]] = [CastL0Op, CastL1Op, CastL2Op]
