"""Vector compute of the kernel language: elementwise families, duplicate, cast.

Each function is written out with pyasc's signature; the operands every level shares come
first, and the trailing arguments select the op (`dispatch` explains the levels). `help()`
lists each function's forms.
"""

from __future__ import annotations

from typing import Any, Union

from ascdsl.dialects.ascendc import (
    AbsL0Op, AbsL1Op, AbsL2Op,
    AddL0Op, AddL1Op, AddL2Op,
    AddReluL0Op, AddReluL1Op, AddReluL2Op,
    AddsL0Op, AddsL1Op, AddsL2Op,
    AndL0Op, AndL1Op, AndL2Op,
    CastL0Op, CastL1Op, CastL2Op,
    DivL0Op, DivL1Op, DivL2Op,
    DuplicateL0Op, DuplicateL1Op, DuplicateL2Op,
    ExpL0Op, ExpL1Op, ExpL2Op,
    LeakyReluL0Op, LeakyReluL1Op, LeakyReluL2Op,
    LnL0Op, LnL1Op, LnL2Op,
    MaxL0Op, MaxL1Op, MaxL2Op,
    MaxsL0Op, MaxsL1Op, MaxsL2Op,
    MinL0Op, MinL1Op, MinL2Op,
    MinsL0Op, MinsL1Op, MinsL2Op,
    MulL0Op, MulL1Op, MulL2Op,
    MulsL0Op, MulsL1Op, MulsL2Op,
    NegL2Op,
    NotL0Op, NotL1Op, NotL2Op,
    OrL0Op, OrL1Op, OrL2Op,
    ReciprocalL0Op, ReciprocalL1Op, ReciprocalL2Op,
    ReluL0Op, ReluL1Op, ReluL2Op,
    RoundMode,
    RsqrtL0Op, RsqrtL1Op, RsqrtL2Op,
    ShiftLeftL0Op, ShiftLeftL1Op, ShiftLeftL2Op,
    ShiftRightL0Op, ShiftRightL1Op, ShiftRightL2Op,
    SqrtL0Op, SqrtL1Op, SqrtL2Op,
    SubL0Op, SubL1Op, SubL2Op,
    SubReluL0Op, SubReluL1Op, SubReluL2Op,
)

from ..builder import current
from ..errors import KernelLanguageError
from ..values import ConstExpr, PlainValue
from ._util import const_bool_arg, enum_arg, require
from .. import dtypes as dt
from .dispatch import (
    BINARY_TYPES,
    UNARY_TYPES,
    Param,
    describe_call,
    dispatch,
    int_operand,
    levels,
    mask_words,
    match,
)
from .params import UnaryRepeatParams
from .tensor import LocalTensor

# A scalar operand: a Python number or a runtime scalar; it takes dst's element type.
Scalar = Union[int, float, PlainValue]


# --- binary: dst = f(src0, src1) -------------------------------------------------------------


@levels(AddL0Op, AddL1Op, AddL2Op, types=BINARY_TYPES)
def add(dst: LocalTensor, src0: LocalTensor, src1: LocalTensor, *args, **kwargs) -> None:
    """`AscendC::Add`: dst = src0 + src1, elementwise."""
    dispatch(add, dst, src0, src1, *args, **kwargs)


@levels(SubL0Op, SubL1Op, SubL2Op, types=BINARY_TYPES)
def sub(dst: LocalTensor, src0: LocalTensor, src1: LocalTensor, *args, **kwargs) -> None:
    """`AscendC::Sub`: dst = src0 - src1, elementwise."""
    dispatch(sub, dst, src0, src1, *args, **kwargs)


@levels(MulL0Op, MulL1Op, MulL2Op, types=BINARY_TYPES)
def mul(dst: LocalTensor, src0: LocalTensor, src1: LocalTensor, *args, **kwargs) -> None:
    """`AscendC::Mul`: dst = src0 * src1, elementwise."""
    dispatch(mul, dst, src0, src1, *args, **kwargs)


@levels(DivL0Op, DivL1Op, DivL2Op, types=BINARY_TYPES)
def div(dst: LocalTensor, src0: LocalTensor, src1: LocalTensor, *args, **kwargs) -> None:
    """`AscendC::Div`: dst = src0 / src1, elementwise."""
    dispatch(div, dst, src0, src1, *args, **kwargs)


@levels(MaxL0Op, MaxL1Op, MaxL2Op, types=BINARY_TYPES)
def max(dst: LocalTensor, src0: LocalTensor, src1: LocalTensor, *args, **kwargs) -> None:
    """`AscendC::Max`: dst = max(src0, src1), elementwise."""
    dispatch(max, dst, src0, src1, *args, **kwargs)


@levels(MinL0Op, MinL1Op, MinL2Op, types=BINARY_TYPES)
def min(dst: LocalTensor, src0: LocalTensor, src1: LocalTensor, *args, **kwargs) -> None:
    """`AscendC::Min`: dst = min(src0, src1), elementwise."""
    dispatch(min, dst, src0, src1, *args, **kwargs)


@levels(AndL0Op, AndL1Op, AndL2Op, types=BINARY_TYPES)
def bitwise_and(dst: LocalTensor, src0: LocalTensor, src1: LocalTensor, *args, **kwargs) -> None:
    """`AscendC::And`: dst = src0 & src1 (`and` is a Python keyword), elementwise."""
    dispatch(bitwise_and, dst, src0, src1, *args, **kwargs)


@levels(OrL0Op, OrL1Op, OrL2Op, types=BINARY_TYPES)
def bitwise_or(dst: LocalTensor, src0: LocalTensor, src1: LocalTensor, *args, **kwargs) -> None:
    """`AscendC::Or`: dst = src0 | src1 (`or` is a Python keyword), elementwise."""
    dispatch(bitwise_or, dst, src0, src1, *args, **kwargs)


@levels(AddReluL0Op, AddReluL1Op, AddReluL2Op, types=BINARY_TYPES)
def add_relu(dst: LocalTensor, src0: LocalTensor, src1: LocalTensor, *args, **kwargs) -> None:
    """`AscendC::AddRelu`: dst = max(src0 + src1, 0), elementwise."""
    dispatch(add_relu, dst, src0, src1, *args, **kwargs)


@levels(SubReluL0Op, SubReluL1Op, SubReluL2Op, types=BINARY_TYPES)
def sub_relu(dst: LocalTensor, src0: LocalTensor, src1: LocalTensor, *args, **kwargs) -> None:
    """`AscendC::SubRelu`: dst = max(src0 - src1, 0), elementwise."""
    dispatch(sub_relu, dst, src0, src1, *args, **kwargs)


# --- unary: dst = f(src) ---------------------------------------------------------------------


@levels(AbsL0Op, AbsL1Op, AbsL2Op, types=UNARY_TYPES)
def abs(dst: LocalTensor, src: LocalTensor, *args, **kwargs) -> None:
    """`AscendC::Abs`: dst = |src|, elementwise."""
    dispatch(abs, dst, src, *args, **kwargs)


@levels(ExpL0Op, ExpL1Op, ExpL2Op, types=UNARY_TYPES)
def exp(dst: LocalTensor, src: LocalTensor, *args, **kwargs) -> None:
    """`AscendC::Exp`: dst = e ** src, elementwise."""
    dispatch(exp, dst, src, *args, **kwargs)


@levels(LnL0Op, LnL1Op, LnL2Op, types=UNARY_TYPES)
def ln(dst: LocalTensor, src: LocalTensor, *args, **kwargs) -> None:
    """`AscendC::Ln`: dst = ln(src), elementwise."""
    dispatch(ln, dst, src, *args, **kwargs)


@levels(ReluL0Op, ReluL1Op, ReluL2Op, types=UNARY_TYPES)
def relu(dst: LocalTensor, src: LocalTensor, *args, **kwargs) -> None:
    """`AscendC::Relu`: dst = max(src, 0), elementwise."""
    dispatch(relu, dst, src, *args, **kwargs)


@levels(RsqrtL0Op, RsqrtL1Op, RsqrtL2Op, types=UNARY_TYPES)
def rsqrt(dst: LocalTensor, src: LocalTensor, *args, **kwargs) -> None:
    """`AscendC::Rsqrt`: dst = 1 / sqrt(src), elementwise."""
    dispatch(rsqrt, dst, src, *args, **kwargs)


@levels(SqrtL0Op, SqrtL1Op, SqrtL2Op, types=UNARY_TYPES)
def sqrt(dst: LocalTensor, src: LocalTensor, *args, **kwargs) -> None:
    """`AscendC::Sqrt`: dst = sqrt(src), elementwise."""
    dispatch(sqrt, dst, src, *args, **kwargs)


@levels(ReciprocalL0Op, ReciprocalL1Op, ReciprocalL2Op, types=UNARY_TYPES)
def reciprocal(dst: LocalTensor, src: LocalTensor, *args, **kwargs) -> None:
    """`AscendC::Reciprocal`: dst = 1 / src, elementwise."""
    dispatch(reciprocal, dst, src, *args, **kwargs)


@levels(NotL0Op, NotL1Op, NotL2Op, types=UNARY_TYPES)
def bitwise_not(dst: LocalTensor, src: LocalTensor, *args, **kwargs) -> None:
    """`AscendC::Not`: dst = ~src (`not` is a Python keyword), elementwise."""
    dispatch(bitwise_not, dst, src, *args, **kwargs)


@levels(NegL2Op)
def neg(dst: LocalTensor, src: LocalTensor, *args, **kwargs) -> None:
    """`AscendC::Neg`: dst = -src, elementwise (count form only)."""
    dispatch(neg, dst, src, *args, **kwargs)


# --- vector-scalar: dst = f(src, scalar) -----------------------------------------------------


@levels(AddsL0Op, AddsL1Op, AddsL2Op, types=BINARY_TYPES)
def adds(dst: LocalTensor, src: LocalTensor, scalar: Scalar, *args, **kwargs) -> None:
    """`AscendC::Adds`: dst = src + scalar, elementwise."""
    dispatch(adds, dst, src, scalar, *args, **kwargs)


@levels(MulsL0Op, MulsL1Op, MulsL2Op, types=BINARY_TYPES)
def muls(dst: LocalTensor, src: LocalTensor, scalar: Scalar, *args, **kwargs) -> None:
    """`AscendC::Muls`: dst = src * scalar, elementwise."""
    dispatch(muls, dst, src, scalar, *args, **kwargs)


@levels(MaxsL0Op, MaxsL1Op, MaxsL2Op, types=BINARY_TYPES)
def maxs(dst: LocalTensor, src: LocalTensor, scalar: Scalar, *args, **kwargs) -> None:
    """`AscendC::Maxs`: dst = max(src, scalar), elementwise."""
    dispatch(maxs, dst, src, scalar, *args, **kwargs)


@levels(MinsL0Op, MinsL1Op, MinsL2Op, types=BINARY_TYPES)
def mins(dst: LocalTensor, src: LocalTensor, scalar: Scalar, *args, **kwargs) -> None:
    """`AscendC::Mins`: dst = min(src, scalar), elementwise."""
    dispatch(mins, dst, src, scalar, *args, **kwargs)


@levels(LeakyReluL0Op, LeakyReluL1Op, LeakyReluL2Op, types=BINARY_TYPES)
def leaky_relu(dst: LocalTensor, src: LocalTensor, scalar: Scalar, *args, **kwargs) -> None:
    """`AscendC::LeakyRelu`: dst = src where src >= 0, else src * scalar, elementwise."""
    dispatch(leaky_relu, dst, src, scalar, *args, **kwargs)


@levels(ShiftLeftL0Op, ShiftLeftL1Op, ShiftLeftL2Op, types=BINARY_TYPES)
def shift_left(dst: LocalTensor, src: LocalTensor, scalar: Scalar, *args, **kwargs) -> None:
    """`AscendC::ShiftLeft`: dst = src << scalar, elementwise."""
    dispatch(shift_left, dst, src, scalar, *args, **kwargs)


@levels(ShiftRightL0Op, ShiftRightL1Op, ShiftRightL2Op, types=BINARY_TYPES)
def shift_right(dst: LocalTensor, src: LocalTensor, scalar: Scalar, *args, **kwargs) -> None:
    """`AscendC::ShiftRight`: dst = src >> scalar, elementwise."""
    dispatch(shift_right, dst, src, scalar, *args, **kwargs)


# --- duplicate: dst[i] = scalar --------------------------------------------------------------

# pyasc's duplicate writes its two strides as i8 too (C++: uint16_t and uint8_t); a literal
# stride above 127 does not fit, as in pyasc.
_DUPLICATE_TYPES = {**UNARY_TYPES, "dst_block_stride": dt.int8, "dst_repeat_stride": dt.int8}


@levels(DuplicateL0Op, DuplicateL1Op, DuplicateL2Op, types=_DUPLICATE_TYPES,
        words_first=True)
def duplicate(dst: LocalTensor, scalar: Scalar, *args, **kwargs) -> None:
    """`AscendC::Duplicate`: dst = scalar in every element.

    The masked forms take `dst_block_stride, dst_repeat_stride` instead of repeat parameters.
    """
    dispatch(duplicate, dst, scalar, *args, **kwargs)


# --- cast ------------------------------------------------------------------------------------

def cast(dst: LocalTensor, src: LocalTensor, round_mode: RoundMode, *args: Any,
         **kwargs: Any) -> None:
    """`AscendC::Cast<T, U>`: convert `src` into `dst`'s element type with `round_mode`.

    cast(dst, src, round_mode, count) / (..., mask, repeat_times, repeat_params[, is_set_mask])
    with an int mask (L0) or a list of mask words (L1).
    """
    api = "cast"
    dst = require(ConstExpr.unwrap(dst), LocalTensor, api, "dst", "a LocalTensor")
    src = require(ConstExpr.unwrap(src), LocalTensor, api, "src", "a LocalTensor")
    mode = enum_arg(round_mode, RoundMode, api, "round_mode")
    l2 = [Param("count", "count", "int")]
    masked = [
        Param("mask", "mask", "int"),
        Param("repeat_times", "repeat_times", "int"),
        Param("repeat_params", None, UnaryRepeatParams),
        Param("is_set_mask", None, "bool", True, True),
    ]
    l1 = [Param("mask", "mask", "mask_list"), *masked[1:]]
    b = current()
    if (bound := match(l2, args, kwargs)) is not None:
        count = int_operand(api, "count", bound["count"], UNARY_TYPES)
        b.insert(CastL2Op(dst.value, src.value, mode, count))
        return
    for params, cls in ((masked, CastL0Op), (l1, CastL1Op)):
        bound = match(params, args, kwargs)
        if bound is None:
            continue
        mask = bound["mask"]
        mask_v = (mask_words(api, mask) if cls is CastL1Op
                  else int_operand(api, "mask", mask, UNARY_TYPES))
        reps = int_operand(api, "repeat_times", bound["repeat_times"], UNARY_TYPES)
        params = ConstExpr.unwrap(bound["repeat_params"]).value
        set_mask = const_bool_arg(bound["is_set_mask"], api, "is_set_mask")
        b.insert(cls(dst.value, src.value, mode, mask_v, reps, params, set_mask))
        return
    forms = "\n".join(
        f"  {i}. cast(dst, src, round_mode, {', '.join(p.show() for p in ps)})"
        for i, ps in enumerate((masked, l1, l2), start=1)
    )
    raise KernelLanguageError(
        f"No viable candidates were found to dispatch cast()\nProvided arguments:\n"
        f"  ({describe_call(args, kwargs)})\nRegistered candidates:\n{forms}"
    )


__all__ = [
    "add", "sub", "mul", "div", "max", "min", "bitwise_and", "bitwise_or", "add_relu",
    "sub_relu",
    "abs", "exp", "ln", "relu", "rsqrt", "sqrt", "reciprocal", "bitwise_not", "neg",
    "adds", "muls", "maxs", "mins", "leaky_relu", "shift_left", "shift_right",
    "duplicate", "cast",
]
