"""The sort family's first members under pyasc's names (its language/basic/proposal.py):
`get_sort_len(n)`, `get_sort_offset(i)`, `sort32(dst, src0, src1, repeat_time)`,
`sort(dst, concat, index, tmp, repeat_time, is_full_sort=False)`."""

from __future__ import annotations

from typing import Any

from ascdsl.dialects.ascendc import GetSortLenOp, GetSortOffsetOp, Sort32Op, SortOp

from .. import dtypes as dt
from ..builder import current
from ..errors import KernelLanguageError
from ..values import ConstExpr, PlainValue, materialize_int
from ._util import require
from .tensor import LocalTensor


def get_sort_len(elem_count: Any) -> PlainValue:
    """`GetSortLen<float>(elemCount)`: floats taken by `elem_count` sorted regions."""
    n = materialize_int(elem_count, "get_sort_len(): 'elem_count'", dt.uint32)
    return PlainValue(current().insert(GetSortLenOp(n.value)).results[0], dt.uint32)


def get_sort_offset(elem_offset: Any) -> PlainValue:
    """`GetSortOffset<float>(elemOffset)`: float offset of sorted region `elem_offset`."""
    n = materialize_int(elem_offset, "get_sort_offset(): 'elem_offset'", dt.uint32)
    return PlainValue(current().insert(GetSortOffsetOp(n.value)).results[0], dt.uint32)


def _local(api: str, name: str, v: Any) -> LocalTensor:
    return require(ConstExpr.unwrap(v), LocalTensor, api, name, "a LocalTensor")


def sort32(dst: Any, src0: Any, src1: Any, repeat_time: Any) -> None:
    """`Sort32(dst, src0, src1, repeatTime)`: groups of 32 sorted descending."""
    api = "sort32"
    rt = materialize_int(repeat_time, f"{api}(): 'repeat_time'", dt.int32)
    current().insert(Sort32Op(_local(api, "dst", dst).value, _local(api, "src0", src0).value,
                              _local(api, "src1", src1).value, rt.value))


def sort(dst: Any, concat: Any, index: Any, tmp: Any, repeat_time: Any,
         is_full_sort: Any = False) -> None:
    """`Sort<T, isFullSort>(dst, concat, index, tmp, repeatTime)`."""
    api = "sort"
    full = ConstExpr.unwrap(is_full_sort)
    if full not in (True, False):
        raise KernelLanguageError(
            f"{api}(): 'is_full_sort' must be a boolean literal (True or False), got {full!r}"
        )
    rt = materialize_int(repeat_time, f"{api}(): 'repeat_time'", dt.int32)
    current().insert(SortOp(_local(api, "dst", dst).value, _local(api, "concat", concat).value,
                            _local(api, "index", index).value, _local(api, "tmp", tmp).value,
                            rt.value, bool(full)))


__all__ = ["get_sort_len", "get_sort_offset", "sort32", "sort"]
