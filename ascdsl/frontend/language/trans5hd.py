"""`trans_data_to_5hd` with pyasc's forms:
`trans_data_to_5hd(dst_list, src_list, params)` with two lists of 16 LocalTensors or of 16
uint64 addresses, or `trans_data_to_5hd(dst, src, params)` with two LocalTensor<uint64_t>
holding the addresses; and `TransDataTo5HDParams`."""

from __future__ import annotations

from typing import Any

from ascdsl.dialects.ascendc import (
    TransDataTo5HDOp,
    TransDataTo5HDTensorListOp,
    TransDataTo5HDUintListOp,
)
from ascdsl.dialects.ascendc.ops_trans5hd import ROWS

from .. import dtypes as dt
from ..builder import current
from ..errors import KernelLanguageError
from ..values import ConstExpr, describe, materialize_int
from ._util import require
from .params import TransDataTo5HDParams
from .tensor import LocalTensor


def trans_data_to_5hd(dst: Any, src: Any, params: Any) -> None:
    """`AscendC::TransDataTo5HD`: NCHW -> NC1HWC0 in 16 x 16 blocks (see ops_trans5hd)."""
    api = "trans_data_to_5hd"
    dst, src = ConstExpr.unwrap(dst), ConstExpr.unwrap(src)
    p = require(ConstExpr.unwrap(params), TransDataTo5HDParams, api, "params",
                "a TransDataTo5HDParams")
    b = current()
    if isinstance(dst, (list, tuple)) and isinstance(src, (list, tuple)):
        if len(dst) != ROWS or len(src) != ROWS:
            raise KernelLanguageError(
                f"{api}(): the lists hold {ROWS} destination and {ROWS} source addresses, got "
                f"{len(dst)} and {len(src)}"
            )
        items = [ConstExpr.unwrap(v) for v in (*dst, *src)]
        if all(isinstance(v, LocalTensor) for v in items):
            b.insert(TransDataTo5HDTensorListOp([v.value for v in items[:ROWS]],
                                                [v.value for v in items[ROWS:]], p.value))
            return
        addrs = [materialize_int(v, f"{api}(): an address", dt.uint64).value for v in items]
        b.insert(TransDataTo5HDUintListOp(addrs[:ROWS], addrs[ROWS:], p.value))
        return
    if isinstance(dst, LocalTensor) and isinstance(src, LocalTensor):
        b.insert(TransDataTo5HDOp(dst.value, src.value, p.value))
        return
    raise KernelLanguageError(
        f"{api}(): dst and src must both be lists of {ROWS} LocalTensors or addresses, or both "
        f"LocalTensor<uint64_t> of addresses; got {describe(dst)} and {describe(src)}"
    )


__all__ = ["TransDataTo5HDParams", "trans_data_to_5hd"]
