"""Conversions beside `cast` and the rest of the binary family, with pyasc's names:
`add_relu_cast`, `sub_relu_cast`, `add_deq_relu`, `mul_cast`, `cast_deq`, `set_deq_scale`,
`bilinear_interpolation`.
"""

from __future__ import annotations

from typing import Any

from ascdsl.dialects.ascendc import (
    AddDeqReluL0Op, AddDeqReluL1Op, AddDeqReluL2Op,
    AddReluCastL0Op, AddReluCastL1Op, AddReluCastL2Op,
    BilinearInterpolationL0Op, BilinearInterpolationL1Op,
    CastDeqL0Op, CastDeqL1Op, CastDeqL2Op,
    FusedAbsSubL2Op, FusedExpSubL2Op, PreluL2Op,
    MulCastL0Op, MulCastL1Op, MulCastL2Op,
    SetDeqScaleL4Op, SetDeqScaleOp,
    SubReluCastL0Op, SubReluCastL1Op, SubReluCastL2Op,
)

from .. import dtypes as dt
from ..builder import current
from ..errors import KernelLanguageError
from ..values import ConstExpr, PlainValue, is_numeric_like, materialize, materialize_int
from ._util import const_bool_arg, require
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


# pyasc's bilinear_interpolation materializes its integers with the C++ parameters' types.
_BILINEAR_TYPES = {"mask": dt.uint64, "h_repeat": dt.uint8, "repeat_mode": dt.int8,
                   "dst_blk_stride": dt.uint16, "v_r_offset": dt.uint16, "v_repeat": dt.uint8}


@levels(AddReluCastL0Op, AddReluCastL1Op, AddReluCastL2Op, types=BINARY_TYPES)
def add_relu_cast(dst: LocalTensor, src0: LocalTensor, src1: LocalTensor, *args, **kwargs) -> None:
    """`AscendC::AddReluCast`: dst = cast(max(src0 + src1, 0)) into dst's element type."""
    dispatch(add_relu_cast, dst, src0, src1, *args, **kwargs)


@levels(SubReluCastL0Op, SubReluCastL1Op, SubReluCastL2Op, types=BINARY_TYPES)
def sub_relu_cast(dst: LocalTensor, src0: LocalTensor, src1: LocalTensor, *args, **kwargs) -> None:
    """`AscendC::SubReluCast`: dst = cast(max(src0 - src1, 0)) into dst's element type."""
    dispatch(sub_relu_cast, dst, src0, src1, *args, **kwargs)


@levels(AddDeqReluL0Op, AddDeqReluL1Op, AddDeqReluL2Op, types=BINARY_TYPES)
def add_deq_relu(dst: LocalTensor, src0: LocalTensor, src1: LocalTensor, *args, **kwargs) -> None:
    """`AscendC::AddDeqRelu`: dst (half) = relu(deq(src0 + src1)) over int32 sources, scaled
    by the deq-scale register (`set_deq_scale`)."""
    dispatch(add_deq_relu, dst, src0, src1, *args, **kwargs)


@levels(MulCastL0Op, MulCastL1Op, MulCastL2Op, types=UNARY_TYPES)
def mul_cast(dst: LocalTensor, src0: LocalTensor, src1: LocalTensor, *args, **kwargs) -> None:
    """`AscendC::MulCast`: dst (int8/uint8) = cast(src0 * src1) over half sources."""
    dispatch(mul_cast, dst, src0, src1, *args, **kwargs)


# pyasc's dialect has these count forms but its Python API does not name them; ascdsl does,
# after the IR mnemonics.
@levels(FusedAbsSubL2Op)
def fused_abs_sub(dst: LocalTensor, src0: LocalTensor, src1: LocalTensor, *args, **kwargs) -> None:
    """`AscendC::FusedAbsSub`: dst = |src0 - src1|."""
    dispatch(fused_abs_sub, dst, src0, src1, *args, **kwargs)


@levels(FusedExpSubL2Op)
def fused_exp_sub(dst: LocalTensor, src0: LocalTensor, src1: LocalTensor, *args, **kwargs) -> None:
    """`AscendC::FusedExpSub`: dst = exp(src0 - src1), half sources computed in float (a float
    dst over half sources too)."""
    dispatch(fused_exp_sub, dst, src0, src1, *args, **kwargs)


@levels(PreluL2Op)
def prelu(dst: LocalTensor, src0: LocalTensor, src1: LocalTensor, *args, **kwargs) -> None:
    """`AscendC::Prelu`: dst = src0 >= 0 ? src0 : src0 * src1."""
    dispatch(prelu, dst, src0, src1, *args, **kwargs)


@levels(BilinearInterpolationL0Op, BilinearInterpolationL1Op, types=_BILINEAR_TYPES)
def bilinear_interpolation(dst: LocalTensor, src0: LocalTensor, src0_offset: LocalTensor,
                           src1: LocalTensor, *args, **kwargs) -> None:
    """`AscendC::BilinearInterpolation`: blocks of src0 (picked by the byte offsets in
    src0_offset) times src1, the h_repeat repeats of each of the v_repeat rows summed into dst
    (which is written, not accumulated into)."""
    dispatch(bilinear_interpolation, dst, src0, src0_offset, src1, *args, **kwargs)


def cast_deq(dst: LocalTensor, src: LocalTensor, *args: Any, **kwargs: Any) -> None:
    """`AscendC::CastDeq<T, U, [isSetMask,] isVecDeq, halfBlock>`: int16 -> int8/uint8 through
    the deq-scale register.

    cast_deq(dst, src, count, is_vec_deq=True, half_block=True)
    cast_deq(dst, src, mask, repeat_times, repeat_params, is_set_mask=True, is_vec_deq=True,
             half_block=True)   with an int mask (L0) or a list of mask words (L1)

    The flags default to true, as in Ascend C (pyasc 1.1.1 drops them from its IR, so its
    kernels print `CastDeq<T, U, 0, 0>` whatever they pass).
    """
    api = "cast_deq"
    dst = require(ConstExpr.unwrap(dst), LocalTensor, api, "dst", "a LocalTensor")
    src = require(ConstExpr.unwrap(src), LocalTensor, api, "src", "a LocalTensor")
    flags = [Param("is_vec_deq", None, "bool", True, True),
             Param("half_block", None, "bool", True, True)]
    l2 = [Param("count", "count", "int"), *flags]
    l0 = [Param("mask", "mask", "int"), Param("repeat_times", "repeat_times", "int"),
          Param("repeat_params", None, UnaryRepeatParams),
          Param("is_set_mask", None, "bool", True, True), *flags]
    l1 = [Param("mask", "mask", "mask_list"), *l0[1:]]
    b = current()

    def flag(bound: dict, name: str) -> bool:
        return const_bool_arg(bound[name], api, name)

    if (bound := match(l2, args, kwargs)) is not None:
        b.insert(CastDeqL2Op(dst.value, src.value, int_operand(api, "count", bound["count"]),
                             flag(bound, "is_vec_deq"), flag(bound, "half_block")))
        return
    for params, cls in ((l0, CastDeqL0Op), (l1, CastDeqL1Op)):
        bound = match(params, args, kwargs)
        if bound is None:
            continue
        mask = (mask_words(api, bound["mask"]) if cls is CastDeqL1Op
                else int_operand(api, "mask", bound["mask"], UNARY_TYPES))
        b.insert(cls(dst.value, src.value, mask,
                     int_operand(api, "repeat_times", bound["repeat_times"], UNARY_TYPES),
                     ConstExpr.unwrap(bound["repeat_params"]).value, flag(bound, "is_set_mask"),
                     flag(bound, "is_vec_deq"), flag(bound, "half_block")))
        return
    forms = "\n".join(
        f"  {i}. cast_deq(dst, src, {', '.join(p.show() for p in ps)})"
        for i, ps in enumerate((l0, l1, l2), start=1)
    )
    raise KernelLanguageError(
        f"No viable candidates were found to dispatch cast_deq()\nProvided arguments:\n"
        f"  ({describe_call(args, kwargs)})\nRegistered candidates:\n{forms}"
    )


def set_deq_scale(*args: Any, **kwargs: Any) -> None:
    """`AscendC::SetDeqScale`: set the deq-scale register.

    set_deq_scale(scale)                       a half scale
    set_deq_scale(scale, offset, sign_mode)    a float scale, an int16 offset, a sign mode
    set_deq_scale(vdeq, vdeq_info)             16 packed configurations in a tensor
    """
    api = "set_deq_scale"
    num = Param("scale", None, "scalar")
    forms = [
        [num],
        [num, Param("offset", None, "int"), Param("sign_mode", None, "bool_like")],
    ]
    values = list(args)
    if values and isinstance(ConstExpr.unwrap(values[0]), LocalTensor) or "vdeq" in kwargs:
        vdeq = ConstExpr.unwrap(values.pop(0) if values else kwargs.pop("vdeq"))
        info = ConstExpr.unwrap(values.pop(0) if values else kwargs.pop("vdeq_info", None))
        if values or kwargs or info is None or not hasattr(info, "to_ir"):
            raise KernelLanguageError(f"{api}(vdeq, vdeq_info): takes a LocalTensor and a "
                                      f"VdeqInfo, got ({describe_call(args, kwargs)})")
        current().insert(SetDeqScaleL4Op(vdeq.to_ir(), info.to_ir()))
        return
    names = ("scale", "offset", "sign_mode")
    given = dict(zip(names, (ConstExpr.unwrap(v) for v in values)))
    for k, v in kwargs.items():
        if k not in names or k in given:
            given = {}
            break
        given[k] = ConstExpr.unwrap(v)
    if set(given) == {"scale"} and is_numeric_like(given["scale"]):
        current().insert(SetDeqScaleOp(materialize(given["scale"], dt.float16).value))
        return
    if set(given) == set(names) and is_numeric_like(given["scale"]):
        scale = materialize(given["scale"], dt.float32).value
        offset = materialize_int(given["offset"], f"{api}(): 'offset'", dt.int16).value
        sign = given["sign_mode"]
        sign_v = (materialize(const_bool_arg(sign, api, "sign_mode"), dt.int1).value
                  if isinstance(sign, bool) else _runtime_bool(api, sign))
        current().insert(SetDeqScaleOp(scale, offset, sign_v))
        return
    lines = "\n".join(f"  {i}. {api}({', '.join(p.name for p in ps)})"
                      for i, ps in enumerate(forms, start=1))
    raise KernelLanguageError(
        f"No viable candidates were found to dispatch {api}()\nProvided arguments:\n"
        f"  ({describe_call(args, kwargs)})\nRegistered candidates:\n{lines}\n"
        f"  3. {api}(vdeq, vdeq_info)"
    )


def _runtime_bool(api: str, v: Any):
    if isinstance(v, PlainValue) and str(v.ir_type) == "i1":
        return v.value
    raise KernelLanguageError(f"{api}(): 'sign_mode' must be a bool, got {v!r}")


__all__ = [
    "add_relu_cast", "sub_relu_cast", "add_deq_relu", "mul_cast", "bilinear_interpolation",
    "cast_deq", "set_deq_scale", "fused_abs_sub", "fused_exp_sub", "prelu",
]
