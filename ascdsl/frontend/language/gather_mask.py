"""`gather_mask` and `get_gather_mask_remain_count`, with pyasc's signatures and operand types
(a built-in pattern as uint8, `reduce_mode` as pyasc's bool_ (int8), `mask` as uint32, the
kept count as a uint64 value)."""

from __future__ import annotations

from typing import Any

from ascdsl.dialects.ascendc import GatherMaskMode, GatherMaskOp, GetGatherMaskRemainCountOp

from .. import dtypes as dt
from ..builder import current
from ..errors import KernelLanguageError
from ..values import ConstExpr, PlainValue, is_int_like, materialize, materialize_int
from ._util import enum_arg, require
from .dispatch import describe_call
from .params import GatherMaskParams
from .tensor import LocalTensor

_PATTERN_ELEMENT = {2: dt.uint16, 4: dt.uint32}  # by dst's element size
_NAMES = ("src1_pattern", "reduce_mode", "mask", "params", "gather_mask_mode")


def gather_mask(dst: LocalTensor, src0: LocalTensor, *args: Any, **kwargs: Any) -> PlainValue:
    """`AscendC::GatherMask`: pack the elements of src0 a bit pattern selects into dst; returns
    how many it kept (uint64).

    gather_mask(dst, src0, src1_pattern, reduce_mode, mask, params,
                gather_mask_mode=GatherMaskMode.DEFAULT)

    `src1_pattern` is a uint16 (half/int16 elements) or uint32 (float/int32) LocalTensor of
    bits, or a built-in pattern number 1..7.
    """
    api = "gather_mask"
    dst = require(ConstExpr.unwrap(dst), LocalTensor, api, "dst", "a LocalTensor")
    src0 = require(ConstExpr.unwrap(src0), LocalTensor, api, "src0", "a LocalTensor")
    if len(args) > len(_NAMES) or any(k not in _NAMES for k in kwargs):
        raise _no_form(args, kwargs)
    bound = dict(zip(_NAMES, args))
    for k, v in kwargs.items():
        if k in bound:
            raise KernelLanguageError(f"{api}() got two values for '{k}'")
        bound[k] = v
    bound.setdefault("gather_mask_mode", GatherMaskMode.DEFAULT)
    if any(n not in bound for n in _NAMES):
        raise _no_form(args, kwargs)
    values = {k: ConstExpr.unwrap(v) for k, v in bound.items()}
    if dst.dtype != src0.dtype:
        raise KernelLanguageError(f"{api}(): dst and src0 must have the same element type, got "
                                  f"{dst.dtype.name} and {src0.dtype.name}")
    pattern = values["src1_pattern"]
    if isinstance(pattern, LocalTensor):
        want = _PATTERN_ELEMENT.get(dst.dtype.sizeof())
        if want is None or pattern.dtype != want:
            raise KernelLanguageError(
                f"{api}(): a pattern tensor for {dst.dtype.name} elements holds "
                f"{want.name if want else 'uint16 or uint32'} bits, got {pattern.dtype.name}")
        pattern_v = pattern.to_ir()
    elif is_int_like(pattern):
        if isinstance(pattern, int) and not 1 <= pattern <= 7:
            raise KernelLanguageError(
                f"{api}(): a built-in src1_pattern is 1..7, got {pattern}")
        pattern_v = materialize_int(pattern, f"{api}(): 'src1_pattern'", dt.uint8).value
    else:
        raise _no_form(args, kwargs)
    params = require(values["params"], GatherMaskParams, api, "params", "a GatherMaskParams")
    mode = enum_arg(values["gather_mask_mode"], GatherMaskMode, api, "gather_mask_mode")
    reduce_v = materialize(values["reduce_mode"], dt.bool_).value
    mask_v = materialize_int(values["mask"], f"{api}(): 'mask'", dt.uint32).value
    op = current().insert(GatherMaskOp(dst.to_ir(), src0.to_ir(), pattern_v, reduce_v, mask_v,
                                       params.to_ir(), dt.uint64.to_ir(), mode))
    return PlainValue(op.rsvdCnt, dt.uint64)


def _no_form(args: tuple, kwargs: dict) -> KernelLanguageError:
    return KernelLanguageError(
        "No viable candidates were found to dispatch gather_mask()\nProvided arguments:\n"
        f"  ({describe_call(args, kwargs)})\nRegistered candidates:\n"
        "  1. gather_mask(dst, src0, src1_pattern: LocalTensor, reduce_mode: bool, mask: int, "
        "params: GatherMaskParams, gather_mask_mode: GatherMaskMode = DEFAULT)\n"
        "  2. gather_mask(dst, src0, src1_pattern: int, reduce_mode: bool, mask: int, "
        "params: GatherMaskParams, gather_mask_mode: GatherMaskMode = DEFAULT)"
    )


def get_gather_mask_remain_count() -> PlainValue:
    """`AscendC::GetGatherMaskRemainCount()`: the element count the last gather_mask kept
    (uint64)."""
    op = current().insert(GetGatherMaskRemainCountOp(dt.uint64.to_ir()))
    return PlainValue(op.result, dt.uint64)


__all__ = ["GatherMaskMode", "gather_mask", "get_gather_mask_remain_count"]
