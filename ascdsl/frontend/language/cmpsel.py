"""Compare and select in the kernel language: pyasc's `compare`, `compare_scalar`, `select`,
`get_cmp_mask`, `set_cmp_mask`, with pyasc's overloads and keyword names.

    compare(dst, src0, src1, cmp_mode, count)                                  -> compare_l2
    compare(dst, src0, src1, cmp_mode, mask, repeat_times, repeat_params[, is_set_mask])
                                                  -> compare_l0 (mask: int) / compare_l1 (list)
    compare(src0, src1, cmp_mode, mask, repeat_params[, is_set_mask])
                                        -> compare_r_l0 / compare_r_l1 (into CMPMASK)
    compare_scalar(dst, src0, scalar, cmp_mode, count | mask, repeat_times, repeat_params ...)
    select(dst, sel_mask, src0, src1, sel_mode, count | mask, repeat_times, repeat_params ...)
                                        -> select_l0/l1/l2, or select_scalar_* when src1 is a number
    select(dst, sel_mask, src0, repeat_times, repeat_params)       -> select_scalar_reg
    select(dst, src0, src1, repeat_times=, repeat_params=, sel_mode=) -> select_reg
"""

from __future__ import annotations

from typing import Any

from ascdsl.dialects.ascendc import (
    CmpMode,
    CompareL0Op,
    CompareL1Op,
    CompareL2Op,
    CompareRL0Op,
    CompareRL1Op,
    CompareScalarL0Op,
    CompareScalarL1Op,
    CompareScalarL2Op,
    GetCmpMaskOp,
    SelectL0Op,
    SelectL1Op,
    SelectL2Op,
    SelectRegOp,
    SelectScalarL0Op,
    SelectScalarL1Op,
    SelectScalarL2Op,
    SelectScalarRegOp,
    SelMode,
    SetCmpMaskOp,
)

from .. import dtypes as dt
from ..builder import current
from ..errors import KernelLanguageError
from ..values import ConstExpr, materialize
from ._util import const_bool_arg, enum_arg, require
from .dispatch import UNARY_TYPES, Param, describe_call, int_operand, mask_words, match
from .params import BinaryRepeatParams, UnaryRepeatParams
from .tensor import LocalTensor

# pyasc's vec_cmpsel: masks ui64, repeat counts i8 (UNARY_TYPES); select's count a ui32.
_SELECT_COUNT = {"count": dt.uint32}

_SET_MASK = Param("is_set_mask", None, "bool", True, True)


def _masked(params_cls) -> tuple[list[Param], list[Param]]:
    """The L0 (int mask) and L1 (mask words) trailing arguments."""
    l0 = [Param("mask", "mask", "int"), Param("repeat_times", "repeat_times", "int"),
          Param("repeat_params", None, params_cls), _SET_MASK]
    return l0, [Param("mask", "mask", "mask_list"), *l0[1:]]


def _mask(api: str, bound: dict, words: bool):
    if words:
        return mask_words(api, bound["mask"])
    return int_operand(api, "mask", bound["mask"], UNARY_TYPES)


def _no_candidate(api: str, args: tuple, kwargs: dict, forms: list[str]):
    listed = "\n".join(f"  {i}. {api}({f})" for i, f in enumerate(forms, start=1))
    return KernelLanguageError(
        f"No viable candidates were found to dispatch {api}()\nProvided arguments:\n"
        f"  ({describe_call(args, kwargs)})\nRegistered candidates:\n{listed}"
    )


def _show(params: list[Param]) -> str:
    return ", ".join(p.show() for p in params)


def _local(api: str, name: str, v: Any) -> LocalTensor:
    return require(ConstExpr.unwrap(v), LocalTensor, api, name, "a LocalTensor")


def compare(*args: Any, **kwargs: Any) -> None:
    """`AscendC::Compare`: one bit per element, set where `src0 <cmp_mode> src1` holds.

    With `dst` the bits go to dst (a uint8 tensor, bit e % 8 of byte e // 8); without it (one
    repeat) to the CMPMASK register, which `get_cmp_mask` reads and `select_reg` uses.
    """
    api = "compare"
    lead = [Param("dst", "dst", LocalTensor), Param("src0", "src0", LocalTensor),
            Param("src1", "src1", LocalTensor), Param("cmp_mode", None, CmpMode)]
    l0, l1 = _masked(BinaryRepeatParams)
    l2 = [Param("count", "count", "int")]
    reg = [Param("mask", "mask", "int"), Param("repeat_params", None, BinaryRepeatParams),
           _SET_MASK]
    reg1 = [Param("mask", "mask", "mask_list"), *reg[1:]]
    b = current()
    for tail, cls in ((l2, CompareL2Op), (l0, CompareL0Op), (l1, CompareL1Op)):
        bound = match(lead + tail, args, kwargs)
        if bound is None:
            continue
        dst, src0, src1 = (bound[n].to_ir() for n in ("dst", "src0", "src1"))
        mode = enum_arg(bound["cmp_mode"], CmpMode, api, "cmp_mode")
        if cls is CompareL2Op:
            b.insert(CompareL2Op(dst, src0, src1, mode, int_operand(api, "count",
                                                                     bound["count"])))
        else:
            b.insert(cls(dst, src0, src1, mode, _mask(api, bound, cls is CompareL1Op),
                         int_operand(api, "repeat_times", bound["repeat_times"], UNARY_TYPES),
                         bound["repeat_params"].to_ir(),
                         const_bool_arg(bound["is_set_mask"], api, "is_set_mask")))
        return
    for tail, cls in ((reg, CompareRL0Op), (reg1, CompareRL1Op)):
        bound = match(lead[1:] + tail, args, kwargs)
        if bound is None:
            continue
        mode = enum_arg(bound["cmp_mode"], CmpMode, api, "cmp_mode")
        b.insert(cls(bound["src0"].to_ir(), bound["src1"].to_ir(), mode,
                     _mask(api, bound, cls is CompareRL1Op), bound["repeat_params"].to_ir(),
                     const_bool_arg(bound["is_set_mask"], api, "is_set_mask")))
        return
    forms = [_show(lead + t) for t in (l2, l0, l1)] + [_show(lead[1:] + t) for t in (reg, reg1)]
    raise _no_candidate(api, args, kwargs, forms)


def compare_scalar(dst: LocalTensor, src0: LocalTensor, src1_scalar: Any, cmp_mode: CmpMode,
                   *args: Any, **kwargs: Any) -> None:
    """`AscendC::CompareScalar`: one bit per element of src0, set where `src0 <cmp_mode>
    src1_scalar` holds (the scalar takes src0's element type)."""
    api = "compare_scalar"
    dst, src0 = _local(api, "dst", dst), _local(api, "src0", src0)
    mode = enum_arg(cmp_mode, CmpMode, api, "cmp_mode")
    l0, l1 = _masked(UnaryRepeatParams)
    l2 = [Param("count", "count", "int")]
    b = current()
    for tail, cls in ((l2, CompareScalarL2Op), (l0, CompareScalarL0Op), (l1, CompareScalarL1Op)):
        bound = match(tail, args, kwargs)
        if bound is None:
            continue
        scalar = materialize(src1_scalar, src0.dtype).value
        if cls is CompareScalarL2Op:
            b.insert(cls(dst.to_ir(), src0.to_ir(), scalar, mode,
                         int_operand(api, "count", bound["count"])))
        else:
            b.insert(cls(dst.to_ir(), src0.to_ir(), scalar, mode,
                         _mask(api, bound, cls is CompareScalarL1Op),
                         int_operand(api, "repeat_times", bound["repeat_times"], UNARY_TYPES),
                         bound["repeat_params"].to_ir(),
                         const_bool_arg(bound["is_set_mask"], api, "is_set_mask")))
        return
    lead = "dst, src0, src1_scalar, cmp_mode, "
    raise _no_candidate(api, args, kwargs, [lead + _show(t) for t in (l2, l0, l1)])


def get_cmp_mask(dst: LocalTensor) -> None:
    """`AscendC::GetCmpMask`: the 128-bit CMPMASK register into dst's first 16 bytes."""
    current().insert(GetCmpMaskOp(_local("get_cmp_mask", "dst", dst).to_ir()))


def set_cmp_mask(src: LocalTensor) -> None:
    """`AscendC::SetCmpMask`: src's first 16 bytes into the CMPMASK register."""
    current().insert(SetCmpMaskOp(_local("set_cmp_mask", "src", src).to_ir()))


def select(dst: LocalTensor, *args: Any, **kwargs: Any) -> None:
    """`AscendC::Select`: dst = src0 where the mask bit is set, else src1 (a tensor or a number).

    `sel_mode` (asc.SelMode) says where the bits come from: VSEL_CMPMASK_SPR, the first 128
    bits of sel_mask for every repeat; VSEL_TENSOR_SCALAR_MODE (src1 a number) and
    VSEL_TENSOR_TENSOR_MODE, sel_mask's bits one per element. The register forms take the
    bits (or the scalar) from CMPMASK.
    """
    api = "select"
    dst = _local(api, "dst", dst)
    lead = [Param("sel_mask", "selMask", LocalTensor), Param("src0", "src0", LocalTensor)]
    tensor = Param("src1", "src1", LocalTensor)
    number = Param("src1", "src1", "scalar")
    mode = Param("sel_mode", None, SelMode)
    l2 = [Param("count", "count", "int")]
    l0, l1 = _masked(BinaryRepeatParams)
    reg = [Param("repeat_times", "repeat_times", "int"),
           Param("repeat_params", None, BinaryRepeatParams)]
    b = current()
    # Register form with two tensors: pyasc takes it when the three keywords are given.
    bound = match([Param("src0", "src0", LocalTensor), tensor, *reg, mode], args, kwargs)
    if bound is not None and {"repeat_times", "repeat_params", "sel_mode"} <= kwargs.keys():
        b.insert(SelectRegOp(dst.to_ir(), bound["src0"].to_ir(), bound["src1"].to_ir(),
                             int_operand(api, "repeat_times", bound["repeat_times"], UNARY_TYPES),
                             bound["repeat_params"].to_ir(),
                             enum_arg(bound["sel_mode"], SelMode, api, "sel_mode")))
        return
    table = (
        (number, l2, SelectScalarL2Op), (tensor, l2, SelectL2Op),
        (number, l1, SelectScalarL1Op), (number, l0, SelectScalarL0Op),
        (tensor, l1, SelectL1Op), (tensor, l0, SelectL0Op),
    )
    for src1, tail, cls in table:
        bound = match(lead + [src1, mode] + tail, args, kwargs)
        if bound is None:
            continue
        src0 = bound["src0"]
        # pyasc's select builds an L1 mask list before the scalar src1, an L0 mask after it
        words = _mask(api, bound, True) if tail is l1 else None
        other = (bound["src1"].to_ir() if src1 is tensor
                 else materialize(bound["src1"], src0.dtype).value)
        sel_mode = enum_arg(bound["sel_mode"], SelMode, api, "sel_mode")
        operands = (dst.to_ir(), bound["sel_mask"].to_ir(), src0.to_ir(), other)
        if tail is l2:
            b.insert(cls(*operands, sel_mode, int_operand(api, "count", bound["count"],
                                                          _SELECT_COUNT)))
        else:
            b.insert(cls(*operands, words if words is not None else _mask(api, bound, False),
                         int_operand(api, "repeat_times", bound["repeat_times"],
                                     UNARY_TYPES),
                         bound["repeat_params"].to_ir(), sel_mode,
                         const_bool_arg(bound["is_set_mask"], api, "is_set_mask")))
        return
    bound = match(lead + reg, args, kwargs)
    if bound is not None:
        b.insert(SelectScalarRegOp(dst.to_ir(), bound["sel_mask"].to_ir(), bound["src0"].to_ir(),
                                   int_operand(api, "repeat_times", bound["repeat_times"],
                                               UNARY_TYPES),
                                   bound["repeat_params"].to_ir()))
        return
    forms = [_show([Param("dst", "dst", LocalTensor), *lead, s, mode, *t]) for s, t, _ in table]
    forms.append(_show([Param("dst", "dst", LocalTensor), *lead, *reg]))
    forms.append(_show([Param("dst", "dst", LocalTensor), Param("src0", "src0", LocalTensor),
                        tensor, *reg, mode]))
    raise _no_candidate(api, args, kwargs, forms)


__all__ = ["compare", "compare_scalar", "get_cmp_mask", "select", "set_cmp_mask", "SelMode"]
