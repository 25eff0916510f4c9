"""The Ascend C framework objects: TPipe, TQue / TQueBind, TBuf and get_tpipe_ptr()."""

from __future__ import annotations

from typing import Any

from xdsl.ir import SSAValue

from ascdsl.dialects.ascendc import (
    AllocEventIdOp,
    AllocTensorOp,
    DequeTensorOp,
    EnqueTensorOp,
    FetchEventIdOp,
    FreeTensorOp,
    GetTensorOp,
    GetTPipePtrOp,
    GetWithOffsetOp,
    HardEvent,
    InitBufferOp,
    InitQueueOp,
    LocalTensorType,
    PipeDestroyOp,
    PipeInitOp,
    PipeOp,
    PipeResetOp,
    QueBindOp,
    QueueOp,
    ReleaseEventIdOp,
    TBufOp,
    TPosition,
)

from .. import dtypes as dt
from ..builder import current
from ..errors import KernelLanguageError
from ..values import ConstExpr, IRValue, PlainValue, describe, is_int_like, materialize_int
from ._util import bind_args, const_int_arg, dtype_arg, enum_arg, require
from .tensor import LocalTensor


class TPipe(IRValue):
    """`AscendC::TPipe`: owns a kernel's on-chip buffers and event ids; one per kernel."""

    __slots__ = ()

    def __init__(self) -> None:
        b = current()
        if b.pipe is not None:
            raise KernelLanguageError(
                "TPipe instance is already created, use get_tpipe_ptr() to obtain it"
            )
        op = b.insert(PipeOp())
        super().__init__(op.results[0])
        b.pipe = (op.results[0], b.func)  # type: ignore[assignment]

    @classmethod
    def _wrap(cls, value: SSAValue) -> TPipe:
        p = cls.__new__(cls)
        p.value = value
        return p

    def init_buffer(self, *args: Any, **kwargs: Any) -> None:
        """`init_buffer(que, num, len)`: `num` buffers of `len` bytes for a queue;
        `init_buffer(buf, num)`: one buffer of `num` bytes for a TBuf (rounded up to 32 B).
        pyasc names the TBuf's byte count `num` on TPipe and `len` on TBufPool: both are
        accepted here."""
        api = "TPipe.init_buffer"
        target = args[0] if args else kwargs.get("que", kwargs.get("buf"))
        target = ConstExpr.unwrap(target)
        if isinstance(target, TBuf):
            names: tuple[str, ...] = ("buf", "num")
            if "len" in kwargs and "num" not in kwargs:
                kwargs["num"] = kwargs.pop("len")
        elif isinstance(target, TQueBind):
            names = ("que", "num", "len")
        else:
            raise KernelLanguageError(
                f"{api}(): the first argument must be a TQue/TQueBind or a TBuf, got "
                f"{describe(target)}"
            )
        given = bind_args(api, names, args, kwargs)
        b = current()
        if isinstance(target, TBuf):
            length = materialize_int(given.get("num", 0), f"{api}(): 'num'")
            b.insert(InitBufferOp(self.value, target.value, length.value))
        else:
            num = materialize_int(given.get("num", 0), f"{api}(): 'num'")
            length = materialize_int(given.get("len", 0), f"{api}(): 'len'")
            b.insert(InitQueueOp(self.value, target.value, num.value, length.value))

    def init_buf_pool(self, buf_pool: Any, len: Any = 0, share_buf: Any = None) -> None:  # noqa: A002
        """`pipe.InitBufPool(pool, len[, shareBuf])`: `len` bytes of the pool's position for a
        TBufPool, or the memory `share_buf` was given."""
        from .bufpool import pipe_init_buf_pool

        pipe_init_buf_pool(self, buf_pool, len, share_buf)

    def init(self) -> None:
        """`pipe.Init()`."""
        current().insert(PipeInitOp(self.value))

    def reset(self) -> None:
        """`pipe.Reset()`: release all buffers and event ids; init_buffer may follow again."""
        current().insert(PipeResetOp(self.value))

    def destroy(self) -> None:
        """`pipe.Destroy()`."""
        current().insert(PipeDestroyOp(self.value))

    def alloc_event_id(self, event: Any = HardEvent.V_S) -> PlainValue:
        """`pipe.AllocEventID<event>()`: an event id reserved until release_event_id."""
        ev = enum_arg(event, HardEvent, "TPipe.alloc_event_id", "event")
        op = current().insert(AllocEventIdOp(self.value, ev, dt.int32.ir))
        return PlainValue(op.results[0], dt.int32)

    def fetch_event_id(self, event: Any = HardEvent.V_S) -> PlainValue:
        """`pipe.FetchEventID<event>()`: a free event id, not reserved."""
        ev = enum_arg(event, HardEvent, "TPipe.fetch_event_id", "event")
        op = current().insert(FetchEventIdOp(self.value, ev, dt.int32.ir))
        return PlainValue(op.results[0], dt.int32)

    def release_event_id(self, id: Any, event: Any = HardEvent.V_S) -> None:
        """`pipe.ReleaseEventID<event>(id)`."""
        ev = enum_arg(event, HardEvent, "TPipe.release_event_id", "event")
        v = materialize_int(id, "TPipe.release_event_id(): 'id'")
        current().insert(ReleaseEventIdOp(self.value, v.value, ev))


def get_tpipe_ptr() -> TPipe:
    """The kernel's TPipe (`AscendC::GetTPipePtr()`), from any function of the kernel."""
    b = current()
    if b.pipe is None:
        raise KernelLanguageError("TPipe instance is not initialized, use TPipe() to create it")
    value, func = b.pipe
    if func is b.func:
        return TPipe._wrap(value)
    op = b.insert(GetTPipePtrOp())
    return TPipe._wrap(op.results[0])


class TQueBind(IRValue):
    """`AscendC::TQueBind<src, dst, depth>`: a queue between two positions."""

    __slots__ = ()

    def __init__(self, src: Any = TPosition.VECIN, dst: Any = TPosition.VECIN, depth: Any = 1):
        api = "TQueBind"
        s = enum_arg(src, TPosition, api, "src")
        d = enum_arg(dst, TPosition, api, "dst")
        n = _depth(api, depth)
        op = current().insert(QueBindOp(s, d, n))
        super().__init__(op.results[0])

    @property
    def position(self) -> TPosition:
        """Where the queue's buffers live."""
        return self.value.type.position  # type: ignore[attr-defined]

    @property
    def depth(self) -> int:
        """The queue depth (2 = double buffering)."""
        return self.value.type.depth  # type: ignore[attr-defined]

    def describe(self) -> str:
        """`TQue`, `TQueBind` or `TBuf`."""
        return type(self).__name__

    def alloc_tensor(self, dtype: Any) -> LocalTensor | None:
        """`que.AllocTensor<T>()`: a free buffer of the queue as a tensor of `dtype`;
        `alloc_tensor(tensor)`: bind a free buffer to an existing tensor (in place)."""
        api = f"{type(self).__name__}.alloc_tensor"
        given = ConstExpr.unwrap(dtype)
        if isinstance(given, LocalTensor):
            from .bufpool import alloc_in_place

            return alloc_in_place(self, given)
        t = _tensor_dtype(dtype, api)
        op = current().insert(AllocTensorOp(self.value, LocalTensorType(t.ir)))
        return LocalTensor._wrap(op.results[0], t)

    def enque(self, tensor: Any, src_user_pos: Any = None, dst_user_pos: Any = None) -> None:
        """`que.EnQue(tensor)`: hand the written tensor to the consumer side;
        `enque(tensor, src_user_pos, dst_user_pos)`: `EnQue<src, dst>(tensor)`."""
        api = f"{type(self).__name__}.enque"
        t = require(ConstExpr.unwrap(tensor), LocalTensor, api, "tensor", "a LocalTensor")
        if src_user_pos is not None or dst_user_pos is not None:
            from .bufpool import enque_pos

            return enque_pos(self, api, t, src_user_pos, dst_user_pos)
        current().insert(EnqueTensorOp(self.value, t.value))

    def deque(self, dtype: Any, src_user_pos: Any = None,
              dst_user_pos: Any = None) -> LocalTensor | None:
        """`que.DeQue<T>()`: wait for and take the oldest enqueued tensor;
        `deque(tensor)`: dequeue into an existing tensor (in place);
        `deque(dtype, src_user_pos, dst_user_pos)`: `DeQue<src, dst, T>()`."""
        from . import bufpool

        api = f"{type(self).__name__}.deque"
        given = ConstExpr.unwrap(dtype)
        if isinstance(given, LocalTensor):
            return bufpool.deque_in_place(self, given)
        if src_user_pos is not None or dst_user_pos is not None:
            return bufpool.deque_pos(self, api, dtype, src_user_pos, dst_user_pos)
        t = _tensor_dtype(dtype, api)
        op = current().insert(DequeTensorOp(self.value, LocalTensorType(t.ir)))
        return LocalTensor._wrap(op.results[0], t)

    def free_tensor(self, tensor: Any) -> None:
        """`que.FreeTensor(tensor)`: give the tensor's buffer back to the queue."""
        api = f"{type(self).__name__}.free_tensor"
        t = require(ConstExpr.unwrap(tensor), LocalTensor, api, "tensor", "a LocalTensor")
        current().insert(FreeTensorOp(self.value, t.value))

    def get_tensor_count_in_que(self) -> PlainValue:
        """`que.GetTensorCountInQue()`: tensors enqueued and not yet dequeued (int32)."""
        from .bufpool import query

        return query(self, "get_tensor_count_in_que")

    def has_idle_buffer(self) -> PlainValue:
        """`que.HasIdleBuffer()`: whether alloc_tensor would find a free buffer."""
        from .bufpool import query

        return query(self, "has_idle_buffer")

    def has_tensor_in_que(self) -> PlainValue:
        """`que.HasTensorInQue()`: whether deque would find a tensor."""
        from .bufpool import query

        return query(self, "has_tensor_in_que")

    def vacant_in_que(self) -> PlainValue:
        """`que.VacantInQue()`: whether enque has room."""
        from .bufpool import query

        return query(self, "vacant_in_que")


def _tensor_dtype(dtype: Any, api: str):
    dtype = ConstExpr.unwrap(dtype)
    if isinstance(dtype, LocalTensor):
        raise KernelLanguageError(
            f"{api}(tensor) (the in-place form) is not supported; pass the data type"
        )
    return dtype_arg(dtype, api)


def _depth(api: str, depth: Any) -> int:
    n = const_int_arg(depth, api, "depth")
    if n < 0:
        raise KernelLanguageError(f"{api}(): 'depth' must not be negative, got {n}")
    if n > _INT32_MAX:  # the queue type holds it as an i32 (was xDSL's VerifyException)
        raise KernelLanguageError(f"{api}(): 'depth' must be at most {_INT32_MAX}, got {n}")
    return n


_INT32_MAX = (1 << 31) - 1


class TQue(TQueBind):
    """`AscendC::TQue<pos, depth>`: a FIFO of buffers at one position (depth 2 = double buffer)."""

    __slots__ = ()

    def __init__(self, pos: Any = TPosition.VECIN, depth: Any = 1):  # noqa: D107
        api = "TQue"
        p = enum_arg(pos, TPosition, api, "pos")
        n = _depth(api, depth)
        op = current().insert(QueueOp(p, n))
        IRValue.__init__(self, op.results[0])


class TBuf(TQueBind):
    """`AscendC::TBuf<pos>`: one untyped buffer for temporaries."""

    __slots__ = ()

    def __init__(self, pos: Any = TPosition.VECCALC):  # noqa: D107
        p = enum_arg(pos, TPosition, "TBuf", "pos")
        # pyasc's TBuf derives from its TQueBind and runs TQueBind's constructor first, so
        # its IR (and its Ascend C) declares an unused `TQueBind<pos, pos, 0>` before every
        # TBuf; written here too, the frontend's IR is pyasc's op for op. Nothing uses it:
        # the passes and the simulator see a queue no buffer is ever allocated from.
        current().insert(QueBindOp(p, p, 0))
        op = current().insert(TBufOp(p))
        IRValue.__init__(self, op.results[0])

    def get(self, dtype: Any, len: Any = None) -> LocalTensor:  # noqa: A002
        """`buf.Get<T>([len])`: the buffer as a tensor (of `len` elements)."""
        api = "TBuf.get"
        t = dtype_arg(dtype, api)
        n = None
        if ConstExpr.unwrap(len) is not None:
            n = materialize_int(len, f"{api}(): 'len'", dt.uint32).value  # pyasc: uint32
        op = current().insert(GetTensorOp(self.value, LocalTensorType(t.ir), n))
        return LocalTensor._wrap(op.results[0], t)

    def get_with_offset(self, size: Any, buf_offset: Any, dtype: Any) -> LocalTensor:
        """`buf.GetWithOffset<T>(size, bufOffset)`: `size` elements from byte `bufOffset`."""
        api = "TBuf.get_with_offset"
        t = dtype_arg(dtype, api)
        off = ConstExpr.unwrap(buf_offset)
        if not isinstance(off, IRValue) and is_int_like(off) and int(off) % 32 != 0:
            raise KernelLanguageError("buf_offset must be align to 32B.")
        s = materialize_int(size, f"{api}(): 'size'", dt.uint32)  # pyasc: both uint32
        o = materialize_int(off, f"{api}(): 'buf_offset'", dt.uint32)
        op = current().insert(GetWithOffsetOp(self.value, s.value, o.value, LocalTensorType(t.ir)))
        return LocalTensor._wrap(op.results[0], t)

    def alloc_tensor(self, dtype: Any) -> LocalTensor:
        """`buf.AllocTensor<T>()`, inherited from TQueBind as in pyasc (`que_bind.alloc_tensor`
        on the TBuf): the headers make it `Get<T>()`, the whole buffer."""
        t = dtype_arg(dtype, "TBuf.alloc_tensor")
        op = current().insert(AllocTensorOp(self.value, LocalTensorType(t.ir)))
        return LocalTensor._wrap(op.results[0], t)

    def enque(self, *args: Any, **kwargs: Any) -> None:
        """A TBuf is not a queue."""
        raise _not_a_queue("enque")

    def deque(self, *args: Any, **kwargs: Any) -> LocalTensor:
        """A TBuf is not a queue."""
        raise _not_a_queue("deque")

    def free_tensor(self, tensor: Any) -> None:
        """`buf.FreeTensor(t)`, inherited from TQueBind as in pyasc (`que_bind.free_tensor`):
        the headers make it a no-op, a TBuf owns its one buffer for the kernel's life."""
        t = require(ConstExpr.unwrap(tensor), LocalTensor, "TBuf.free_tensor", "tensor",
                    "a LocalTensor")
        current().insert(FreeTensorOp(self.value, t.value))


def _not_a_queue(method: str) -> KernelLanguageError:
    return KernelLanguageError(f"TBuf is not a queue and has no {method}(); use get(dtype[, len])")
