"""TBufPool and the TQue / TQueBind members beyond alloc/enque/deque/free, under pyasc's names
(its python/asc/language/fwk/tpipe.py): `asc.TBufPool(pos, buf_id_size)`,
`pipe.init_buf_pool(pool, len, share_buf=None)`, `pool.init_buf_pool(...)`,
`pool.init_buffer(que=..., num=..., len=...)` / `pool.init_buffer(buf=..., len=...)`,
`pool.reset()`; on queues `alloc_tensor(tensor)`, `deque(tensor)`,
`deque(dtype, src_user_pos, dst_user_pos)`, `enque(tensor, src_user_pos, dst_user_pos)`,
`get_tensor_count_in_que()`, `has_idle_buffer()`, `has_tensor_in_que()`, `vacant_in_que()`.
"""

from __future__ import annotations

from typing import Any

from ascdsl.dialects.ascendc import (
    AllocTensorInPlaceOp,
    DequeTensorInPlaceOp,
    DequeTensorPosOp,
    EnqueTensorPosOp,
    GetTensorCountInQueOp,
    HasIdleBufferOp,
    HasTensorInQueOp,
    LocalTensorType,
    PipeInitBufPoolOp,
    TBufPoolInitBufferOp,
    TBufPoolInitBufPoolOp,
    TBufPoolInitQueueOp,
    TBufPoolOp,
    TBufPoolResetOp,
    TPosition,
    VacantInQueOp,
)
from ascdsl.dialects.ascendc.types import MAX_BUF_POOL_IDS

from .. import dtypes as dt
from ..builder import current
from ..errors import KernelLanguageError
from ..values import ConstExpr, IRValue, PlainValue, describe, materialize_int
from ._util import bind_args, const_int_arg, dtype_arg, enum_arg, require
from .tensor import LocalTensor


class TBufPool(IRValue):
    """`AscendC::TBufPool<pos, bufIDSize>`: memory of one position that a TPipe (or an
    enclosing pool) gives it, from which its queues and TBufs get their buffers; two pools
    given the same memory (`share_buf`) let stages that do not overlap reuse it."""

    __slots__ = ()

    def __init__(self, pos: Any = None, buf_id_size: Any = 4) -> None:
        api = "TBufPool"
        if ConstExpr.unwrap(pos) is None:
            raise KernelLanguageError(f"{api}(): 'pos' (a TPosition) is required")
        p = enum_arg(pos, TPosition, api, "pos")
        n = const_int_arg(buf_id_size, api, "buf_id_size")
        if not 1 <= n <= MAX_BUF_POOL_IDS:
            raise KernelLanguageError(
                f"{api}(): 'buf_id_size' must be 1 to {MAX_BUF_POOL_IDS}, got {n}"
            )
        op = current().insert(TBufPoolOp(p, n))
        super().__init__(op.results[0])

    def init_buf_pool(self, buf_pool: Any, len: Any = 0, share_buf: Any = None) -> None:  # noqa: A002
        """`pool.InitBufPool(sub, len[, shareBuf])`: a nested pool of `len` bytes of this one
        (or the memory of `share_buf`)."""
        init_buf_pool(TBufPoolInitBufPoolOp, self, "TBufPool.init_buf_pool", buf_pool, len,
                      share_buf)

    def init_buffer(self, *args: Any, **kwargs: Any) -> None:
        """`init_buffer(que, num, len)` or `init_buffer(buf, len)`: buffers from the pool."""
        from .fwk import TBuf, TQueBind

        api = "TBufPool.init_buffer"
        target = ConstExpr.unwrap(args[0] if args else kwargs.get("que", kwargs.get("buf")))
        b = current()
        if isinstance(target, TBuf):
            given = bind_args(api, ("buf", "len"), args, kwargs)
            length = materialize_int(given.get("len", 0), f"{api}(): 'len'")
            b.insert(TBufPoolInitBufferOp(self.value, target.value, length.value))
        elif isinstance(target, TQueBind):
            given = bind_args(api, ("que", "num", "len"), args, kwargs)
            num = materialize_int(given.get("num", 0), f"{api}(): 'num'")
            length = materialize_int(given.get("len", 0), f"{api}(): 'len'")
            b.insert(TBufPoolInitQueueOp(self.value, target.value, num.value, length.value))
        else:
            raise KernelLanguageError(
                f"{api}(): the first argument must be a TQue/TQueBind or a TBuf, got "
                f"{describe(target)}"
            )

    def reset(self) -> None:
        """`pool.Reset()`: the pool's memory may be carved again (for the next stage)."""
        current().insert(TBufPoolResetOp(self.value))


def init_buf_pool(op_class, owner: IRValue, api: str, buf_pool: Any, length: Any,
                  share_buf: Any) -> None:
    """Insert `owner.InitBufPool(buf_pool, length[, share_buf])` (TPipe or TBufPool)."""
    pool = require(ConstExpr.unwrap(buf_pool), TBufPool, api, "buf_pool", "a TBufPool")
    n = materialize_int(length, f"{api}(): 'len'", dt.uint32)
    share = ConstExpr.unwrap(share_buf)
    if share is not None:
        share = require(share, TBufPool, api, "share_buf", "a TBufPool").value
    current().insert(op_class(owner.value, pool.value, n.value, share))


def pipe_init_buf_pool(pipe: IRValue, buf_pool: Any, length: Any, share_buf: Any) -> None:
    init_buf_pool(PipeInitBufPoolOp, pipe, "TPipe.init_buf_pool", buf_pool, length, share_buf)


# --- queue members ---------------------------------------------------------------------------


def alloc_in_place(que: IRValue, tensor: LocalTensor) -> None:
    current().insert(AllocTensorInPlaceOp(que.value, tensor.value))


def deque_in_place(que: IRValue, tensor: LocalTensor) -> None:
    current().insert(DequeTensorInPlaceOp(que.value, tensor.value))


def deque_pos(que: IRValue, api: str, dtype: Any, src: Any, dst: Any) -> LocalTensor:
    t = dtype_arg(dtype, api)
    s = enum_arg(src, TPosition, api, "src_user_pos")
    d = enum_arg(dst, TPosition, api, "dst_user_pos")
    op = current().insert(DequeTensorPosOp(que.value, s, d, LocalTensorType(t.ir)))
    return LocalTensor._wrap(op.results[0], t)


def enque_pos(que: IRValue, api: str, tensor: LocalTensor, src: Any, dst: Any) -> None:
    s = enum_arg(src, TPosition, api, "src_user_pos")
    d = enum_arg(dst, TPosition, api, "dst_user_pos")
    current().insert(EnqueTensorPosOp(que.value, tensor.value, s, d))


_QUERIES = {
    "get_tensor_count_in_que": (GetTensorCountInQueOp, dt.int32),
    "has_idle_buffer": (HasIdleBufferOp, dt.int1),
    "has_tensor_in_que": (HasTensorInQueOp, dt.int1),
    "vacant_in_que": (VacantInQueOp, dt.int1),
}


def query(que: IRValue, method: str) -> PlainValue:
    op_class, t = _QUERIES[method]
    op = current().insert(op_class(que.value, t.ir))
    return PlainValue(op.results[0], t)


__all__ = ["TBufPool"]
