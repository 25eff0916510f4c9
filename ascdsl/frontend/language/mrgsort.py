"""The merge-sort and region-proposal family under pyasc's names (its language/basic/
proposal.py and core/types.py): `MrgSortSrcList`, `MrgSort4Info`, `mrg_sort` (array and
MrgSort4Info forms), `mrg_sort4`, `get_mrg_sort_result`, `rp_sort16`, `proposal_concat`,
`proposal_extract`. The IR each builds is pyasc's, op for op."""

from __future__ import annotations

from typing import Any

from xdsl.dialects import arith, memref
from xdsl.dialects.builtin import ArrayAttr, IndexType, IntegerAttr, MemRefType, i1

from ascdsl.dialects.ascendc import (
    ConstructOp,
    GetMrgSortResultOp,
    MrgSort4InfoType,
    MrgSort4Op,
    MrgSortOp,
    MrgSortSrcListType,
    MrgSortWithInfoOp,
    ProposalConcatOp,
    ProposalExtractOp,
    RpSort16Op,
)
from ascdsl.dialects.ascendc.types_sort import MRG_SORT_LISTS

from .. import dtypes as dt
from ..builder import current
from ..errors import KernelLanguageError
from ..values import ConstExpr, IRValue, PlainValue, describe, materialize_int
from ._util import dtype_arg, require
from .dispatch import describe_call
from .tensor import LocalTensor


def _local(api: str, name: str, v: Any) -> LocalTensor:
    return require(ConstExpr.unwrap(v), LocalTensor, api, name, "a LocalTensor")


class MrgSortSrcList(IRValue):
    """`AscendC::MrgSortSrcList<T>(src1, src2, src3, src4)`: the (up to) four sorted lists
    `mrg_sort` merges; src3 and src4 may be left out (validBit then leaves them unread)."""

    __slots__ = ("dtype",)

    def __init__(self, dtype: Any, src1: Any, src2: Any, src3: Any = None, src4: Any = None):
        api = "MrgSortSrcList"
        self.dtype = dtype_arg(dtype, api)
        given = [(n, ConstExpr.unwrap(v)) for n, v in
                 (("src1", src1), ("src2", src2), ("src3", src3), ("src4", src4))]
        srcs = [_local(api, n, v) for n, v in given if v is not None]
        for (n, _), t in zip(given, srcs):
            if t.dtype != self.dtype:
                raise KernelLanguageError(
                    f"{api}(): '{n}' holds {t.dtype.name}, the list holds {self.dtype.name}"
                )
        values = [t.value for t in srcs]
        op = ConstructOp(MrgSortSrcListType(self.dtype.ir), values)
        op.properties["types"] = ArrayAttr([v.type for v in values])
        super().__init__(current().insert(op).results[0])

    def describe(self) -> str:
        return f"MrgSortSrcList({self.dtype.name})"


class MrgSort4Info(IRValue):
    """`AscendC::MrgSort4Info(elementLengths[4], ifExhaustedSuspension, validBit,
    repeatTimes)`: the list lengths (in regions) are a local uint16_t array."""

    __slots__ = ()

    def __init__(self, element_lengths: Any, if_exhausted_suspension: Any = False,
                 valid_bit: Any = 15, repeat_times: Any = 1):
        api = "MrgSort4Info"
        lengths = ConstExpr.unwrap(element_lengths)
        if not isinstance(lengths, (list, tuple)) or len(lengths) != MRG_SORT_LISTS:
            raise KernelLanguageError(
                f"{api}(): 'element_lengths' must be a list of {MRG_SORT_LISTS} lengths, got "
                f"{describe(lengths)}"
            )
        b = current()
        flag = materialize_int(if_exhausted_suspension, f"{api}(): 'if_exhausted_suspension'",
                               dt.bool_)
        vb = materialize_int(valid_bit, f"{api}(): 'valid_bit'", dt.uint16)
        rt = materialize_int(repeat_times, f"{api}(): 'repeat_times'", dt.uint16)
        array_t = MemRefType(dt.uint16.ir, [MRG_SORT_LISTS])
        array = b.insert(memref.AllocaOp.get(dt.uint16.ir, shape=[MRG_SORT_LISTS])).results[0]
        for i, n in enumerate(lengths):
            v = materialize_int(n, f"{api}(): an element length", dt.uint16)
            idx = b.insert(arith.ConstantOp(IntegerAttr(i, IndexType()))).results[0]
            b.insert(memref.StoreOp.get(v.value, array, [idx]))
        op = ConstructOp(MrgSort4InfoType(), [array, flag.value, vb.value, rt.value])
        op.properties["types"] = ArrayAttr([array_t, i1, dt.uint16.ir, dt.uint16.ir])
        super().__init__(b.insert(op).results[0])


def _src_list(api: str, v: Any) -> MrgSortSrcList:
    return require(ConstExpr.unwrap(v), MrgSortSrcList, api, "sort_list", "a MrgSortSrcList")


def mrg_sort(dst: Any, sort_list: Any, *args: Any, **kwargs: Any) -> None:
    """`MrgSort`: merge up to four sorted lists into dst.

    mrg_sort(dst, sort_list, element_count_list, sorted_num, valid_bit, repeat_time,
             is_exhausted_suspension=False)
    mrg_sort(dst, sort_list, params: MrgSort4Info)
    """
    api = "mrg_sort"
    d = _local(api, "dst", dst)
    lst = _src_list(api, sort_list)
    b = current()
    if len(args) + len(kwargs) == 1:
        p = ConstExpr.unwrap(args[0] if args else kwargs.get("params"))
        if isinstance(p, MrgSort4Info):
            b.insert(MrgSortWithInfoOp(d.value, lst.value, p.value))
            return
    names = ("element_count_list", "sorted_num", "valid_bit", "repeat_time",
             "is_exhausted_suspension")
    if len(args) <= len(names) and not (set(kwargs) - set(names)):
        given = dict(zip(names, args))
        clash = set(given) & set(kwargs)
        if not clash:
            given.update(kwargs)
            if all(n in given for n in names[:4]):
                _mrg_sort_arrays(api, d, lst, given)
                return
    raise KernelLanguageError(
        f"No viable candidates were found to dispatch {api}()\nProvided arguments:\n"
        f"  (dst, sort_list, {describe_call(args, kwargs)})\nRegistered candidates:\n"
        f"  1. {api}(dst, sort_list, element_count_list: List, sorted_num: List, "
        f"valid_bit, repeat_time, is_exhausted_suspension: bool = False)\n"
        f"  2. {api}(dst, sort_list, params: MrgSort4Info)"
    )


def _mrg_sort_arrays(api: str, d: LocalTensor, lst: MrgSortSrcList, given: dict) -> None:
    flag = ConstExpr.unwrap(given.get("is_exhausted_suspension", False))
    # A template argument: a runtime value (whose `==` builds IR) is refused first.
    if isinstance(flag, IRValue) or flag not in (True, False):
        raise KernelLanguageError(
            f"{api}(): 'is_exhausted_suspension' must be a boolean literal (True or False), "
            f"got {describe(flag)}"
        )
    lists = []
    for name, dtype in (("element_count_list", dt.uint16), ("sorted_num", dt.uint32)):
        vals = ConstExpr.unwrap(given[name])
        if not isinstance(vals, (list, tuple)) or len(vals) != MRG_SORT_LISTS:
            raise KernelLanguageError(
                f"{api}(): '{name}' must be a list of {MRG_SORT_LISTS} values, got "
                f"{describe(vals)}"
            )
        lists.append([materialize_int(v, f"{api}(): '{name}'", dtype).value for v in vals])
    vb = materialize_int(given["valid_bit"], f"{api}(): 'valid_bit'", dt.uint16)
    rt = materialize_int(given["repeat_time"], f"{api}(): 'repeat_time'", dt.uint16)
    current().insert(MrgSortOp(d.value, lst.value, lists[0], lists[1], vb.value, rt.value,
                               bool(flag)))


def mrg_sort4(dst: Any, src: Any, params: Any) -> None:
    """`MrgSort4(dst, src, params)`: the region-proposal merge (not on the 910B)."""
    api = "mrg_sort4"
    p = require(ConstExpr.unwrap(params), MrgSort4Info, api, "params", "a MrgSort4Info")
    current().insert(MrgSort4Op(_local(api, "dst", dst).value, _src_list(api, src).value,
                                p.value))


def get_mrg_sort_result() -> tuple[PlainValue, PlainValue, PlainValue, PlainValue]:
    """`GetMrgSortResult(l1, l2, l3, l4)`: regions of each list the last MrgSort merged."""
    op = current().insert(GetMrgSortResultOp())
    return tuple(PlainValue(r, dt.uint16) for r in op.results)  # type: ignore[return-value]


def rp_sort16(dst: Any, src: Any, repeat_time: Any) -> None:
    """`RpSort16(dst, src, repeatTime)` (not on the 910B)."""
    api = "rp_sort16"
    rt = materialize_int(repeat_time, f"{api}(): 'repeat_time'", dt.int32)
    current().insert(RpSort16Op(_local(api, "dst", dst).value, _local(api, "src", src).value,
                                rt.value))


def _proposal(op_cls, api: str, dst: Any, src: Any, repeat_time: Any, mode_number: Any):
    rt = materialize_int(repeat_time, f"{api}(): 'repeat_time'", dt.int32)
    mode = materialize_int(mode_number, f"{api}(): 'mode_number'", dt.int32)
    current().insert(op_cls(_local(api, "dst", dst).value, _local(api, "src", src).value,
                            rt.value, mode.value))


def proposal_concat(dst: Any, src: Any, repeat_time: Any, mode_number: Any) -> None:
    """`ProposalConcat(dst, src, repeatTime, modeNumber)` (not on the 910B)."""
    _proposal(ProposalConcatOp, "proposal_concat", dst, src, repeat_time, mode_number)


def proposal_extract(dst: Any, src: Any, repeat_time: Any, mode_number: Any) -> None:
    """`ProposalExtract(dst, src, repeatTime, modeNumber)` (not on the 910B)."""
    _proposal(ProposalExtractOp, "proposal_extract", dst, src, repeat_time, mode_number)


__all__ = [
    "MrgSortSrcList", "MrgSort4Info", "mrg_sort", "mrg_sort4", "get_mrg_sort_result",
    "rp_sort16", "proposal_concat", "proposal_extract",
]
