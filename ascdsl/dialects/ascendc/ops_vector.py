"""Data movement and vector compute ops.

The elementwise families are tables: one row per op (IR mnemonic, Ascend C name, the numpy
formula of one element). `L0` = mask + repeat times + repeat parameters, `L1` = mask given as
ui64 words, `L2` = element count, `L3` = the C++ operator form (`dst = a + b`).
Formulas are numpy expressions over `a` (src / src0), `b` (src1) and `s` (the scalar).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from xdsl.dialects.builtin import ArrayAttr, IntegerAttr, UnitAttr
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import (
    ParsePropInAttrDict,
    operand_def,
    opt_prop_def,
    prop_def,
    result_def,
    traits_def,
    var_operand_def,
)
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from .base import AscendCOp, Cpp, CppStyle, asc_op, element_type, enum_attr
from .constraints import UI64, Is, IntLike
from .enums import Hardware, Pipe, RoundMode
from .ops_tensor import hardware_of
from .types import (
    BinaryRepeatParamsType,
    DataCopyPadParamsType,
    DataCopyParamsType,
    GlobalTensorType,
    LocalTensorType,
    ParamStructType,
    UnaryRepeatParamsType,
)

LOCAL = Is((LocalTensorType,), "a local tensor (!ascendc.local_tensor)")
TENSOR = Is((LocalTensorType, GlobalTensorType), "a local or global tensor")
INT = IntLike()
MASK = UI64()
BIN_PARAMS = Is((BinaryRepeatParamsType,), "!ascendc.binary_repeat_params")
UN_PARAMS = Is((UnaryRepeatParamsType,), "!ascendc.unary_repeat_params")
COPY_PARAMS = Is((DataCopyParamsType,), "!ascendc.data_copy_params")
PAD_PARAMS = Is((DataCopyPadParamsType,), "!ascendc.data_copy_pad_params")

DEFAULT_FORMAT = "operands attr-dict `:` type(operands)"


class VectorOp(AscendCOp):
    """An op of the vector unit (pipe V). `SAME_ELEMENT` operands share the element type."""

    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = DEFAULT_FORMAT
    SAME_ELEMENT: ClassVar[tuple[str, ...]] = ()
    LEVEL: ClassVar[str] = ""

    def verify_facts(self) -> None:
        names = type(self).SAME_ELEMENT
        if not names:
            return
        first = element_type(getattr(self, names[0]))
        for n in names[1:]:
            et = element_type(getattr(self, n))
            if et != first:
                raise VerifyException(
                    f"element type mismatch: {names[0]} is {first} but {n} is {et} "
                    f"(AscendC::{self.CPP.api if self.CPP else '?'} takes LocalTensor<T> for all of them)"
                )


def _flag(on: bool) -> UnitAttr | None:
    return UnitAttr() if on else None


# --- data movement ---------------------------------------------------------------------------

_COPY_PIPES: dict[tuple[Hardware, Hardware], Pipe] = {
    (Hardware.GM, Hardware.UB): Pipe.PIPE_MTE2,
    (Hardware.GM, Hardware.L1): Pipe.PIPE_MTE2,
    (Hardware.GM, Hardware.L0A): Pipe.PIPE_MTE2,
    (Hardware.GM, Hardware.L0B): Pipe.PIPE_MTE2,
    (Hardware.UB, Hardware.GM): Pipe.PIPE_MTE3,
    (Hardware.UB, Hardware.L1): Pipe.PIPE_MTE3,
    (Hardware.UB, Hardware.UB): Pipe.PIPE_V,
    (Hardware.L1, Hardware.L0A): Pipe.PIPE_MTE1,
    (Hardware.L1, Hardware.L0B): Pipe.PIPE_MTE1,
    (Hardware.L1, Hardware.UB): Pipe.PIPE_MTE1,
    (Hardware.L1, Hardware.BIAS): Pipe.PIPE_MTE1,
    (Hardware.L0C, Hardware.GM): Pipe.PIPE_FIX,
    (Hardware.L0C, Hardware.L1): Pipe.PIPE_FIX,
    (Hardware.L0C, Hardware.UB): Pipe.PIPE_FIX,
}


def copy_pipe(src: Hardware, dst: Hardware) -> Pipe:
    """The pipe that moves data from `src` to `dst` memory (910B split architecture)."""
    return _COPY_PIPES.get((src, dst), Pipe.PIPE_V)


class DataCopyBase(AscendCOp):
    """A copy between tensors; its pipe follows from where source and destination live."""

    dst = operand_def(TENSOR)
    src = operand_def(TENSOR)
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = DEFAULT_FORMAT

    def memories(self) -> tuple[Hardware, Hardware]:
        """(source, destination) memories; an untraceable local tensor is taken to be in UB."""
        src, dst = hardware_of(self.src), hardware_of(self.dst)
        # Hardware.GM is 0, so test for None rather than truthiness.
        return (
            Hardware.UB if src is None else src,
            Hardware.UB if dst is None else dst,
        )

    def hw_pipe(self) -> Pipe | None:
        return copy_pipe(*self.memories())

    def verify_facts(self) -> None:
        if isinstance(self.dst.type, GlobalTensorType) and isinstance(self.src.type, GlobalTensorType):
            raise VerifyException("DataCopy cannot copy GM to GM; stage the data through a local tensor")
        if element_type(self.dst) != element_type(self.src):
            raise VerifyException(
                f"element type mismatch: dst is {element_type(self.dst)} but src is "
                f"{element_type(self.src)} (DataCopy copies T to T)"
            )


@asc_op(cpp=Cpp("DataCopy"), writes=("dst",), reads=("src",))
class DataCopyL0Op(DataCopyBase):
    """`DataCopy(dst, src, DataCopyParams{blockCount, blockLen, srcStride, dstStride})`."""

    name = "ascendc.data_copy_l0"
    params = operand_def(COPY_PARAMS)

    def __init__(self, dst: SSAValue, src: SSAValue, params: SSAValue):
        super().__init__(operands=[dst, src, params])


@asc_op(cpp=Cpp("DataCopy"), writes=("dst",), reads=("src",))
class DataCopyL2Op(DataCopyBase):
    """`DataCopy(dst, src, count)`: `count` contiguous elements (a multiple of 32 bytes)."""

    name = "ascendc.data_copy_l2"
    count = operand_def(INT)

    def __init__(self, dst: SSAValue, src: SSAValue, count: SSAValue):
        super().__init__(operands=[dst, src, count])


@asc_op(cpp=Cpp("DataCopyPad"), writes=("dst",), reads=("src",))
class DataCopyPadL0Op(DataCopyBase):
    """`DataCopyPad(dst, src, DataCopyParams, DataCopyPadParams)`: byte-granular GM→local copy."""

    name = "ascendc.data_copy_pad_l0"
    params = operand_def(COPY_PARAMS)
    pad_params = operand_def(PAD_PARAMS)

    def __init__(self, dst: SSAValue, src: SSAValue, params: SSAValue, pad_params: SSAValue):
        super().__init__(operands=[dst, src, params, pad_params])

    def verify_facts(self) -> None:
        super().verify_facts()
        if not isinstance(self.src.type, GlobalTensorType) or isinstance(
            self.dst.type, GlobalTensorType
        ):
            raise VerifyException(
                "DataCopyPad with DataCopyPadParams copies GM to a local tensor "
                "(use data_copy_pad_l2 for local to GM)"
            )


@asc_op(cpp=Cpp("DataCopyPad"), writes=("dst",), reads=("src",))
class DataCopyPadL2Op(DataCopyBase):
    """`DataCopyPad(dst, src, DataCopyParams)`: byte-granular local→GM copy."""

    name = "ascendc.data_copy_pad_l2"
    params = operand_def(COPY_PARAMS)

    def __init__(self, dst: SSAValue, src: SSAValue, params: SSAValue):
        super().__init__(operands=[dst, src, params])

    def verify_facts(self) -> None:
        super().verify_facts()
        if not isinstance(self.dst.type, GlobalTensorType) or isinstance(
            self.src.type, GlobalTensorType
        ):
            raise VerifyException(
                "DataCopyPad with only DataCopyParams copies a local tensor to GM "
                "(use data_copy_pad_l0, with DataCopyPadParams, for GM to local)"
            )


@asc_op(cpp=Cpp("", CppStyle.CTOR))
class ConstructOp(AscendCOp):
    """Build an Ascend C struct: `AscendC::DataCopyParams p{a, b, c, d};`.

    `types` optionally gives the C++ type each operand is cast to (`static_cast`).
    """

    name = "ascendc.construct"
    args = var_operand_def()
    types = opt_prop_def(ArrayAttr)
    isConstexpr = opt_prop_def(UnitAttr)
    isStatic = opt_prop_def(UnitAttr)
    result = result_def()
    assembly_format = (
        "type($result) `(` ($args^)? `)` ($types^)? (`constexpr` $isConstexpr^)? "
        "(`static` $isStatic^)? attr-dict (`:` type($args)^)?"
    )
    traits = traits_def(Pure())

    def __init__(self, result_type: Attribute, args: Sequence[SSAValue] = ()):
        super().__init__(operands=[list(args)], result_types=[result_type])

    def verify_facts(self) -> None:
        t = self.result.type
        if isinstance(t, ParamStructType) and len(self.args) > len(t.FIELDS):
            raise VerifyException(
                f"{t.CPP} has {len(t.FIELDS)} fields ({', '.join(t.field_names())}), "
                f"got {len(self.args)} values"
            )
        if self.types is not None and len(self.types.data) != len(self.args):
            raise VerifyException(
                f"{len(self.types.data)} cast types given for {len(self.args)} values"
            )


# --- family tables ------------------------------------------------------------------------

# mnemonic: (Ascend C name, L3 operator or None, formula)
BINARY: dict[str, tuple[str, str | None, str]] = {
    "add": ("Add", "+", "a + b"),
    "sub": ("Sub", "-", "a - b"),
    "mul": ("Mul", "*", "a * b"),
    "div": ("Div", "/", "a / b"),
    "max": ("Max", None, "maximum(a, b)"),
    "min": ("Min", None, "minimum(a, b)"),
    "and": ("And", None, "bitwise_and(a, b)"),
    "or": ("Or", None, "bitwise_or(a, b)"),
    "add_relu": ("AddRelu", None, "maximum(a + b, 0)"),
    "sub_relu": ("SubRelu", None, "maximum(a - b, 0)"),
}

# mnemonic: (Ascend C name, levels, formula)
UNARY: dict[str, tuple[str, tuple[str, ...], str]] = {
    "abs": ("Abs", ("l0", "l1", "l2"), "absolute(a)"),
    "exp": ("Exp", ("l0", "l1", "l2"), "exp(a)"),
    "ln": ("Ln", ("l0", "l1", "l2"), "log(a)"),
    "relu": ("Relu", ("l0", "l1", "l2"), "maximum(a, 0)"),
    "rsqrt": ("Rsqrt", ("l0", "l1", "l2"), "1 / sqrt(a)"),
    "sqrt": ("Sqrt", ("l0", "l1", "l2"), "sqrt(a)"),
    "reciprocal": ("Reciprocal", ("l0", "l1", "l2"), "1 / a"),
    "not": ("Not", ("l0", "l1", "l2"), "invert(a)"),
    "neg": ("Neg", ("l2",), "negative(a)"),
}

VEC_SCALAR: dict[str, tuple[str, str]] = {
    "adds": ("Adds", "a + s"),
    "muls": ("Muls", "a * s"),
    "maxs": ("Maxs", "maximum(a, s)"),
    "mins": ("Mins", "minimum(a, s)"),
    "leaky_relu": ("LeakyRelu", "where(a >= 0, a, a * s)"),
    "shift_left": ("ShiftLeft", "left_shift(a, s)"),
    "shift_right": ("ShiftRight", "right_shift(a, s)"),
}

# mnemonic: (Ascend C name, formula over the whole source `a`)
REDUCE: dict[str, tuple[str, str]] = {
    "reduce_sum": ("ReduceSum", "sum(a)"),
    "reduce_max": ("ReduceMax", "max(a)"),
    "reduce_min": ("ReduceMin", "min(a)"),
}


# --- family bases ---------------------------------------------------------------------------

_TEMPLATE_MASKED = ("elem:dst", "flag:isSetMask")


def _mask_operand(mask):
    """An L0 mask is one value, an L1 mask a sequence of ui64 words."""
    return list(mask) if isinstance(mask, (list, tuple)) else mask


class BinaryOp(VectorOp):
    """dst = f(src0, src1) elementwise."""

    dst = operand_def(LOCAL)
    src0 = operand_def(LOCAL)
    src1 = operand_def(LOCAL)
    SAME_ELEMENT: ClassVar = ("dst", "src0", "src1")


class BinaryMaskedBase(BinaryOp):
    """L0 (one mask value) and L1 (mask words): mask, repeat times, repeat parameters."""

    mask = operand_def(INT)
    repeat_times = operand_def(INT)
    repeat_params = operand_def(BIN_PARAMS)
    isSetMask = opt_prop_def(UnitAttr)

    def __init__(self, dst, src0, src1, mask, repeat_times, repeat_params, is_set_mask=True):
        super().__init__(
            operands=[dst, src0, src1, _mask_operand(mask), repeat_times, repeat_params],
            properties={"isSetMask": _flag(is_set_mask)},
        )


class BinaryL0Base(BinaryMaskedBase):
    LEVEL: ClassVar = "l0"


class BinaryL1Base(BinaryMaskedBase):
    mask = var_operand_def(MASK)  # redefined in place: the operand order stays
    LEVEL: ClassVar = "l1"


class BinaryL2Base(BinaryOp):
    count = operand_def(INT)
    LEVEL: ClassVar = "l2"

    def __init__(self, dst, src0, src1, count):
        super().__init__(operands=[dst, src0, src1, count])


class BinaryL3Base(BinaryOp):
    LEVEL: ClassVar = "l3"

    def __init__(self, dst, src0, src1):
        super().__init__(operands=[dst, src0, src1])


class UnaryOp(VectorOp):
    """dst = f(src) elementwise."""

    dst = operand_def(LOCAL)
    src = operand_def(LOCAL)
    SAME_ELEMENT: ClassVar = ("dst", "src")


class UnaryMaskedBase(UnaryOp):
    mask = operand_def(INT)
    repeat_times = operand_def(INT)
    repeat_params = operand_def(UN_PARAMS)
    isSetMask = opt_prop_def(UnitAttr)

    def __init__(self, dst, src, mask, repeat_times, repeat_params, is_set_mask=True):
        super().__init__(
            operands=[dst, src, _mask_operand(mask), repeat_times, repeat_params],
            properties={"isSetMask": _flag(is_set_mask)},
        )


class UnaryL0Base(UnaryMaskedBase):
    LEVEL: ClassVar = "l0"


class UnaryL1Base(UnaryMaskedBase):
    mask = var_operand_def(MASK)
    LEVEL: ClassVar = "l1"


class UnaryL2Base(UnaryOp):
    count = operand_def(INT)
    LEVEL: ClassVar = "l2"

    def __init__(self, dst, src, count):
        super().__init__(operands=[dst, src, count])


class VecScalarOp(VectorOp):
    """dst = f(src, scalar) elementwise."""

    dst = operand_def(LOCAL)
    src = operand_def(LOCAL)
    scalar = operand_def()
    SAME_ELEMENT: ClassVar = ("dst", "src")


class VecScalarMaskedBase(VecScalarOp):
    mask = operand_def(INT)
    repeat_times = operand_def(INT)
    repeat_params = operand_def(UN_PARAMS)
    isSetMask = opt_prop_def(UnitAttr)

    def __init__(self, dst, src, scalar, mask, repeat_times, repeat_params, is_set_mask=True):
        super().__init__(
            operands=[dst, src, scalar, _mask_operand(mask), repeat_times, repeat_params],
            properties={"isSetMask": _flag(is_set_mask)},
        )


class VecScalarL0Base(VecScalarMaskedBase):
    LEVEL: ClassVar = "l0"


class VecScalarL1Base(VecScalarMaskedBase):
    mask = var_operand_def(MASK)
    LEVEL: ClassVar = "l1"


class VecScalarL2Base(VecScalarOp):
    count = operand_def(INT)
    isSetMask = opt_prop_def(UnitAttr)
    LEVEL: ClassVar = "l2"

    def __init__(self, dst, src, scalar, count, is_set_mask=True):
        super().__init__(
            operands=[dst, src, scalar, count], properties={"isSetMask": _flag(is_set_mask)}
        )


def _define(base: type, mnemonic: str, cpp: Cpp, formula: str | None, **facts) -> type:
    cls_name = "".join(p.capitalize() for p in mnemonic.split("_")) + "Op"
    cls = type(cls_name, (base,), {"name": f"ascendc.{mnemonic}", "__module__": __name__,
                                   "__qualname__": cls_name,
                                   "__doc__": f"`AscendC::{cpp.api}` ({mnemonic})."})
    return asc_op(cpp=cpp, formula=formula, **facts)(cls)


_BIN_FACTS = dict(pipe=Pipe.PIPE_V, writes=("dst",), reads=("src0", "src1"))
_UN_FACTS = dict(pipe=Pipe.PIPE_V, writes=("dst",), reads=("src",))

FAMILY_OPS: list[type] = []
for _m, (_api, _l3, _f) in BINARY.items():
    FAMILY_OPS.append(_define(BinaryL0Base, f"{_m}_l0", Cpp(_api, template=_TEMPLATE_MASKED), _f, **_BIN_FACTS))
    FAMILY_OPS.append(_define(BinaryL1Base, f"{_m}_l1", Cpp(_api, template=_TEMPLATE_MASKED), _f, **_BIN_FACTS))
    FAMILY_OPS.append(_define(BinaryL2Base, f"{_m}_l2", Cpp(_api), _f, **_BIN_FACTS))
    if _l3 is not None:
        FAMILY_OPS.append(_define(BinaryL3Base, f"{_m}_l3", Cpp(_l3, CppStyle.OPERATOR), _f, **_BIN_FACTS))

_UNARY_BASES = {"l0": UnaryL0Base, "l1": UnaryL1Base, "l2": UnaryL2Base}
for _m, (_api, _levels, _f) in UNARY.items():
    for _lvl in _levels:
        _tmpl = () if _lvl == "l2" else _TEMPLATE_MASKED
        FAMILY_OPS.append(_define(_UNARY_BASES[_lvl], f"{_m}_{_lvl}", Cpp(_api, template=_tmpl), _f, **_UN_FACTS))

_VS_BASES = {"l0": VecScalarL0Base, "l1": VecScalarL1Base, "l2": VecScalarL2Base}
for _m, (_api, _f) in VEC_SCALAR.items():
    for _lvl, _base in _VS_BASES.items():
        FAMILY_OPS.append(_define(_base, f"{_m}_{_lvl}", Cpp(_api, template=_TEMPLATE_MASKED), _f, **_UN_FACTS))


# --- duplicate -----------------------------------------------------------------------------


class DuplicateOp(VectorOp):
    """dst[i] = scalar."""

    dst = operand_def(LOCAL)
    scalar = operand_def()

    def verify_facts(self) -> None:
        et = element_type(self.dst)
        if self.scalar.type != et:
            raise VerifyException(
                f"scalar type {self.scalar.type} does not match the tensor element type {et} "
                "(Duplicate<T> takes a T scalar)"
            )


class DuplicateMaskedBase(DuplicateOp):
    mask = operand_def(INT)
    repeat_times = operand_def(INT)
    dst_block_stride = operand_def(INT)
    dst_repeat_stride = operand_def(INT)
    isSetMask = opt_prop_def(UnitAttr)

    def __init__(self, dst, scalar, mask, repeat_times, dst_block_stride, dst_repeat_stride,
                 is_set_mask=True):
        super().__init__(
            operands=[dst, scalar, _mask_operand(mask), repeat_times, dst_block_stride,
                      dst_repeat_stride],
            properties={"isSetMask": _flag(is_set_mask)},
        )


_DUP_FACTS = dict(pipe=Pipe.PIPE_V, writes=("dst",), formula="s")


@asc_op(cpp=Cpp("Duplicate", template=_TEMPLATE_MASKED), **_DUP_FACTS)
class DuplicateL0Op(DuplicateMaskedBase):
    name = "ascendc.duplicate_l0"
    LEVEL: ClassVar = "l0"


@asc_op(cpp=Cpp("Duplicate", template=_TEMPLATE_MASKED), **_DUP_FACTS)
class DuplicateL1Op(DuplicateMaskedBase):
    name = "ascendc.duplicate_l1"
    mask = var_operand_def(MASK)
    LEVEL: ClassVar = "l1"


@asc_op(cpp=Cpp("Duplicate"), **_DUP_FACTS)
class DuplicateL2Op(DuplicateOp):
    """`Duplicate(dst, scalar, count)`."""

    name = "ascendc.duplicate_l2"
    count = operand_def(INT)
    LEVEL: ClassVar = "l2"

    def __init__(self, dst, scalar, count):
        super().__init__(operands=[dst, scalar, count])


# --- cast ----------------------------------------------------------------------------------

_FLOAT_NAMES = ("f16", "bf16", "f32", "f64")


def _is_float(t: Attribute | None) -> bool:
    return str(t) in _FLOAT_NAMES


class CastOp(VectorOp):
    """dst = convert(src) with a rounding mode (`roundMode`)."""

    dst = operand_def(LOCAL)
    src = operand_def(LOCAL)
    roundMode = prop_def(IntegerAttr)

    def verify_facts(self) -> None:
        src, dst = element_type(self.src), element_type(self.dst)
        mode = RoundMode(self.enum_value("roundMode"))
        if _is_float(src) and not _is_float(dst) and mode in (RoundMode.CAST_NONE, RoundMode.CAST_ODD):
            raise VerifyException(
                f"a {src} -> {dst} cast needs a rounding mode (CAST_RINT, CAST_FLOOR, CAST_CEIL, "
                f"CAST_ROUND or CAST_TRUNC), got {mode.name}"
            )
        if mode == RoundMode.CAST_ODD and not (str(src) == "f32" and str(dst) == "f16"):
            raise VerifyException(f"CAST_ODD only rounds f32 -> f16, not {src} -> {dst}")


_CAST_TEMPLATE = ("elem:dst", "elem:src")
_CAST_STRIDES = "braced:dst_blk_stride,src_blk_stride,dst_rep_stride,src_rep_stride"


class CastMaskedBase(CastOp):
    """Cast at L0/L1: mask, repeat times and the four strides of a UnaryRepeatParams."""

    mask = operand_def(INT)
    repeat_times = operand_def(INT)
    dst_blk_stride = operand_def(INT)
    src_blk_stride = operand_def(INT)
    dst_rep_stride = operand_def(INT)
    src_rep_stride = operand_def(INT)

    def __init__(self, dst, src, round_mode: RoundMode, mask, repeat_times,
                 dst_blk_stride, src_blk_stride, dst_rep_stride, src_rep_stride):
        super().__init__(
            operands=[dst, src, _mask_operand(mask), repeat_times, dst_blk_stride,
                      src_blk_stride, dst_rep_stride, src_rep_stride],
            properties={"roundMode": enum_attr(round_mode)},
        )


_CAST_FACTS = dict(
    pipe=Pipe.PIPE_V, writes=("dst",), reads=("src",), enums={"roundMode": RoundMode}
)
_CAST_MASKED_CPP = Cpp(
    "Cast",
    template=_CAST_TEMPLATE,
    args=("dst", "src", "enum:roundMode", "mask", "repeat_times", _CAST_STRIDES),
)


@asc_op(cpp=_CAST_MASKED_CPP, **_CAST_FACTS)
class CastL0Op(CastMaskedBase):
    name = "ascendc.cast_l0"
    LEVEL: ClassVar = "l0"


@asc_op(cpp=_CAST_MASKED_CPP, **_CAST_FACTS)
class CastL1Op(CastMaskedBase):
    name = "ascendc.cast_l1"
    mask = var_operand_def(MASK)
    LEVEL: ClassVar = "l1"


@asc_op(
    cpp=Cpp("Cast", template=_CAST_TEMPLATE, args=("dst", "src", "enum:roundMode", "count")),
    **_CAST_FACTS,
)
class CastL2Op(CastOp):
    """`Cast<T1, T2>(dst, src, roundMode, count)`."""

    name = "ascendc.cast_l2"
    count = operand_def(INT)
    LEVEL: ClassVar = "l2"

    def __init__(self, dst, src, round_mode: RoundMode, count):
        super().__init__(operands=[dst, src, count], properties={"roundMode": enum_attr(round_mode)})


# --- reductions ------------------------------------------------------------------------------


class ReduceL2Base(VectorOp):
    """dst[0] = reduce(src[:count]); `shared_tmp_buffer` is scratch space the API may clobber."""

    dst = operand_def(LOCAL)
    src = operand_def(LOCAL)
    shared_tmp_buffer = operand_def(LOCAL)
    count = operand_def(INT)
    SAME_ELEMENT: ClassVar = ("dst", "src", "shared_tmp_buffer")
    LEVEL: ClassVar = "l2"


class ReduceSumL2Base(ReduceL2Base):
    def __init__(self, dst, src, shared_tmp_buffer, count):
        super().__init__(operands=[dst, src, shared_tmp_buffer, count])


class ReduceIndexL2Base(ReduceL2Base):
    """ReduceMax/ReduceMin: with `cal_index` true, dst[1] holds the index of the extremum."""

    cal_index = operand_def()

    def __init__(self, dst, src, shared_tmp_buffer, count, cal_index):
        super().__init__(operands=[dst, src, shared_tmp_buffer, count, cal_index])


_RED_FACTS = dict(pipe=Pipe.PIPE_V, writes=("dst", "shared_tmp_buffer"), reads=("src",))
for _m, (_api, _f) in REDUCE.items():
    _base = ReduceSumL2Base if _m == "reduce_sum" else ReduceIndexL2Base
    FAMILY_OPS.append(_define(_base, f"{_m}_l2", Cpp(_api), _f, **_RED_FACTS))

globals().update({c.__name__: c for c in FAMILY_OPS})

VECTOR_OPS: list[type] = [
    DataCopyL0Op,
    DataCopyL2Op,
    DataCopyPadL0Op,
    DataCopyPadL2Op,
    ConstructOp,
    *FAMILY_OPS,
    DuplicateL0Op,
    DuplicateL1Op,
    DuplicateL2Op,
    CastL0Op,
    CastL1Op,
    CastL2Op,
]
