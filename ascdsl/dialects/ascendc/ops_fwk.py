"""Framework ops: TPipe, TQue/TQueBind, TBuf, TBufPool and their member functions."""

from __future__ import annotations

from xdsl.dialects.builtin import IntegerAttr, i32
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import (
    ParsePropInAttrDict,
    opt_operand_def,
    operand_def,
    prop_def,
    result_def,
    traits_def,
)
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from . import soc
from .base import (
    AscendCOp,
    Cpp,
    CppStyle,
    EnumKeyword,
    StrippedType,
    asc_op,
    const_int,
    enum_attr,
)
from .constraints import INT, LOCAL, PIPE, QUEUE, QUEUE_OR_TBUF, TBUF, Is
from .enums import HardEvent, TPosition
from .types import (
    LocalTensorType,
    PipeType,
    QueBindType,
    QueueType,
    TBufPoolType,
    TBufType,
)



def _round_up(n: int, to: int) -> int:
    return (n + to - 1) // to * to


def _check_capacity(position: TPosition, total: int, what: str) -> None:
    hw = position.hardware
    cap = soc.get_soc().capacity(hw)
    if cap is not None and total > cap:
        raise VerifyException(
            f"{what} needs {total} bytes at {position.keyword}, more than the "
            f"{cap} bytes of {hw.name} on {soc.DEFAULT_SOC}"
        )


# --- object constructors -----------------------------------------------------------------


@asc_op(cpp=Cpp("TPipe", CppStyle.CTOR))
class PipeOp(AscendCOp):
    """`AscendC::TPipe pipe;` — the kernel's resource manager (one per kernel)."""

    name = "ascendc.pipe"
    pipe = result_def(PIPE)
    assembly_format = "attr-dict"

    def __init__(self):
        super().__init__(result_types=[PipeType()])

    def verify_facts(self) -> None:
        # Ascend C: the buffers of all queues and TBufs of one TPipe add up to at most 64.
        total = 0
        for use in self.pipe.uses:
            user = use.operation
            if isinstance(user, InitQueueOp) and use.index == 0:
                total += const_int(user.num) or 0
            elif isinstance(user, InitBufferOp) and use.index == 0:
                total += 1
        if total > soc.MAX_PIPE_BUFFERS:
            raise VerifyException(
                f"the pipe hands out {total} buffers; a kernel may use at most "
                f"{soc.MAX_PIPE_BUFFERS} (TPipe::InitBuffer)"
            )


class _ObjectOp(AscendCOp):
    """An Ascend C object declared by type: `AscendC::TQue<VECIN, 2> q;`."""

    assembly_format = "attr-dict `:` custom<StrippedType>(type($result))"
    custom_directives = (StrippedType,)




@asc_op(cpp=Cpp("TQue", CppStyle.CTOR), stripped=QueueType)
class QueueOp(_ObjectOp):
    """`AscendC::TQue<pos, depth> que;`"""

    name = "ascendc.queue"
    result = result_def(Is((QueueType,), "a queue type"))

    def __init__(self, position: TPosition | QueueType, depth: int = 1):
        t = position if isinstance(position, QueueType) else QueueType(position, depth)
        super().__init__(result_types=[t])

    # No position rule here: pyasc's IR and its own kernels declare TQue<GM> and
    # TQue<VECCALC>; the simulator reports a queue whose positions no pipe fills or drains.


@asc_op(cpp=Cpp("TQueBind", CppStyle.CTOR), stripped=QueBindType)
class QueBindOp(_ObjectOp):
    """`AscendC::TQueBind<src, dst, depth> que;`"""

    name = "ascendc.que_bind"
    result = result_def(Is((QueBindType,), "a que_bind type"))

    def __init__(self, src: TPosition | QueBindType, dst: TPosition | None = None, depth: int = 1):
        t = src if isinstance(src, QueBindType) else QueBindType(src, dst, depth)  # type: ignore[arg-type]
        super().__init__(result_types=[t])


@asc_op(cpp=Cpp("TBuf", CppStyle.CTOR), stripped=TBufType)
class TBufOp(_ObjectOp):
    """`AscendC::TBuf<pos> buf;`"""

    name = "ascendc.tbuf"
    result = result_def(Is((TBufType,), "a tbuf type"))

    def __init__(self, position: TPosition | TBufType = TPosition.VECCALC):
        t = position if isinstance(position, TBufType) else TBufType(position)
        super().__init__(result_types=[t])


@asc_op(cpp=Cpp("TBufPool", CppStyle.CTOR), stripped=TBufPoolType)
class TBufPoolOp(_ObjectOp):
    """`AscendC::TBufPool<pos, bufIDSize> pool;`"""

    name = "ascendc.tBufPool"  # pyasc's spelling (its type is !ascendc.tbuf_pool)
    result = result_def(Is((TBufPoolType,), "a tbuf_pool type"))

    def __init__(self, position: TPosition | TBufPoolType, buf_id_size: int = 4):
        t = position if isinstance(position, TBufPoolType) else TBufPoolType(position, buf_id_size)
        super().__init__(result_types=[t])


# --- TPipe members -------------------------------------------------------------------------


@asc_op(cpp=Cpp("InitBuffer", CppStyle.MEMBER))
class InitQueueOp(AscendCOp):
    """`pipe.InitBuffer(que, num, len)`: give a queue `num` buffers of `len` bytes each."""

    name = "ascendc.pipe.init_queue"
    pipe = operand_def(PIPE)
    queue = operand_def(QUEUE)
    num = operand_def(INT)
    length = operand_def(INT)
    assembly_format = (
        "$pipe `,` $queue `,` $num `,` $length attr-dict `:` type($queue) `,` type($num) "
        "`,` type($length)"
    )

    def __init__(self, pipe: SSAValue, queue: SSAValue, num: SSAValue, length: SSAValue):
        super().__init__(operands=[pipe, queue, num, length])

    def verify_facts(self) -> None:
        num, length = const_int(self.num), const_int(self.length)
        if num is not None and not 1 <= num <= soc.MAX_QUEUE_BUFFERS:
            raise VerifyException(
                f"a queue gets 1 to {soc.MAX_QUEUE_BUFFERS} buffers (one event id each), got {num}"
            )
        if length is not None and length <= 0:
            raise VerifyException(f"buffer length must be positive, got {length} bytes")
        if num is not None and length is not None:
            qt = self.queue.type
            assert isinstance(qt, QueueType | QueBindType)
            _check_capacity(qt.position, num * _round_up(length, 32), f"InitBuffer({num} x {length} B)")


@asc_op(cpp=Cpp("InitBuffer", CppStyle.MEMBER))
class InitBufferOp(AscendCOp):
    """`pipe.InitBuffer(buf, len)`: give a TBuf one buffer of `len` bytes."""

    name = "ascendc.pipe.init_buffer"
    pipe = operand_def(PIPE)
    buffer = operand_def(TBUF)
    length = operand_def(INT)
    assembly_format = "$pipe `,` $buffer `,` $length attr-dict `:` type($buffer) `,` type($length)"

    def __init__(self, pipe: SSAValue, buffer: SSAValue, length: SSAValue):
        super().__init__(operands=[pipe, buffer, length])

    def verify_facts(self) -> None:
        length = const_int(self.length)
        if length is not None and length <= 0:
            raise VerifyException(f"buffer length must be positive, got {length} bytes")
        if length is not None:
            bt = self.buffer.type
            assert isinstance(bt, TBufType)
            _check_capacity(bt.position, _round_up(length, 32), f"InitBuffer({length} B)")


class _PipeMemberOp(AscendCOp):
    pipe = operand_def(PIPE)
    assembly_format = "operands attr-dict `:` type(operands)"

    def __init__(self, pipe: SSAValue):
        super().__init__(operands=[pipe])


@asc_op(cpp=Cpp("Init", CppStyle.MEMBER))
class PipeInitOp(_PipeMemberOp):
    """`pipe.Init()`"""

    name = "ascendc.pipe.init"


@asc_op(cpp=Cpp("Reset", CppStyle.MEMBER))
class PipeResetOp(_PipeMemberOp):
    """`pipe.Reset()`: release every buffer and event id; InitBuffer may be called again."""

    name = "ascendc.pipe.reset"


@asc_op(cpp=Cpp("Destroy", CppStyle.MEMBER))
class PipeDestroyOp(_PipeMemberOp):
    """`pipe.Destroy()`"""

    name = "ascendc.pipe.destroy"


class _EventIdOp(AscendCOp):
    pipe = operand_def(PIPE)
    event = prop_def(IntegerAttr)
    event_id = result_def(INT)
    custom_directives = (EnumKeyword,)
    assembly_format = "$pipe `,` custom<EnumKeyword>($event) attr-dict `:` type($event_id)"

    def __init__(self, pipe: SSAValue, event: HardEvent, result_type: Attribute = i32):
        super().__init__(
            operands=[pipe], result_types=[result_type], properties={"event": enum_attr(event)}
        )


@asc_op(cpp=Cpp("AllocEventID", CppStyle.MEMBER, template=("enum:event",)), enums={"event": HardEvent})
class AllocEventIdOp(_EventIdOp):
    """`pipe.AllocEventID<evt>()`: take an event id until ReleaseEventID."""

    name = "ascendc.pipe.alloc_event_id"


@asc_op(cpp=Cpp("FetchEventID", CppStyle.MEMBER, template=("enum:event",)), enums={"event": HardEvent})
class FetchEventIdOp(_EventIdOp):
    """`pipe.FetchEventID<evt>()`: a free event id, not reserved."""

    name = "ascendc.pipe.fetch_event_id"


@asc_op(
    cpp=Cpp("ReleaseEventID", CppStyle.MEMBER, template=("enum:event",), args=("id",)),
    enums={"event": HardEvent},
)
class ReleaseEventIdOp(AscendCOp):
    """`pipe.ReleaseEventID<evt>(id)`"""

    name = "ascendc.pipe.release_event_id"
    pipe = operand_def(PIPE)
    id = operand_def(INT)
    event = prop_def(IntegerAttr)
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "operands attr-dict `:` type(operands)"

    def __init__(self, pipe: SSAValue, event_id: SSAValue, event: HardEvent):
        super().__init__(operands=[pipe, event_id], properties={"event": enum_attr(event)})


@asc_op(cpp=Cpp("GetTPipePtr", CppStyle.SPECIAL))
class GetTPipePtrOp(AscendCOp):
    """`GetTPipePtr()` (a global function of the headers): the kernel's TPipe, from anywhere."""

    name = "ascendc.get_tpipe_ptr"
    pipe = result_def(PIPE)
    assembly_format = "attr-dict"
    traits = traits_def(Pure())

    def __init__(self):
        super().__init__(result_types=[PipeType()])


# --- queue members -------------------------------------------------------------------------


def _queue_position(queue: SSAValue) -> TPosition | None:
    t = queue.type
    return t.position if isinstance(t, QueueType | QueBindType | TBufType) else None


class _QueueResultOp(AscendCOp):
    """A queue member that hands out a tensor: `que.AllocTensor<T>()`, `que.DeQue<T>()`.
    On a TBuf (a TQueBind in the headers) both are `buf.Get<T>()`: no buffer state, no event."""

    queue = operand_def(QUEUE_OR_TBUF)
    tensor = result_def(LOCAL)
    assembly_format = "$queue attr-dict `:` type($queue) `,` type($tensor)"

    def __init__(self, queue: SSAValue, tensor_type: LocalTensorType):
        super().__init__(operands=[queue], result_types=[tensor_type])

    def result_position(self) -> TPosition | None:
        return _queue_position(self.queue)

    @property
    def on_tbuf(self) -> bool:
        """Called on a TBuf: `Get<T>()` in effect, not a queue event."""
        return isinstance(self.queue.type, TBufType)


class _QueueTensorOp(AscendCOp):
    """A queue member that takes a tensor back: `que.EnQue(t)`, `que.FreeTensor(t)`.
    On a TBuf both do nothing (the headers' TBuf overrides them with `(void)0`)."""

    queue = operand_def(QUEUE_OR_TBUF)
    tensor = operand_def(LOCAL)
    assembly_format = "$queue `,` $tensor attr-dict `:` type($queue) `,` type($tensor)"

    def __init__(self, queue: SSAValue, tensor: SSAValue):
        super().__init__(operands=[queue, tensor])

    @property
    def on_tbuf(self) -> bool:
        """Called on a TBuf: does nothing, not a queue event."""
        return isinstance(self.queue.type, TBufType)


@asc_op(cpp=Cpp("AllocTensor", CppStyle.MEMBER, template=("elem:tensor",)))
class AllocTensorOp(_QueueResultOp):
    """`que.AllocTensor<T>()`: take a free buffer of the queue as a tensor."""

    name = "ascendc.que_bind.alloc_tensor"


@asc_op(cpp=Cpp("EnQue", CppStyle.MEMBER))
class EnqueTensorOp(_QueueTensorOp):
    """`que.EnQue(tensor)`: hand a written tensor to the consumer side of the queue."""

    name = "ascendc.que_bind.enque_tensor"


@asc_op(cpp=Cpp("DeQue", CppStyle.MEMBER, template=("elem:tensor",)))
class DequeTensorOp(_QueueResultOp):
    """`que.DeQue<T>()`: wait for and take the oldest enqueued tensor."""

    name = "ascendc.que_bind.deque_tensor"

    def verify_facts(self) -> None:
        qt = self.queue.type
        if isinstance(qt, TBufType):
            return
        assert isinstance(qt, QueueType | QueBindType)
        if qt.depth == 0:
            raise VerifyException(
                "DeQue<T>() needs a queue depth of at least 1; depth 0 is for the in-place DeQue"
            )


@asc_op(cpp=Cpp("FreeTensor", CppStyle.MEMBER))
class FreeTensorOp(_QueueTensorOp):
    """`que.FreeTensor(tensor)`: return the tensor's buffer to the queue."""

    name = "ascendc.que_bind.free_tensor"


# --- TBuf members --------------------------------------------------------------------------


@asc_op(cpp=Cpp("Get", CppStyle.MEMBER, template=("elem:tensor",)))
class GetTensorOp(AscendCOp):
    """`buf.Get<T>([len])`: the TBuf's memory as a tensor (of `len` elements)."""

    name = "ascendc.tbuf.get_tensor"
    buffer = operand_def(TBUF)
    len = opt_operand_def(INT)
    tensor = result_def(LOCAL)
    assembly_format = (
        "$buffer attr-dict (`,` $len^)? `:` type($buffer) `,` type($tensor) (`,` type($len)^)?"
    )

    def __init__(self, buffer: SSAValue, tensor_type: LocalTensorType, len: SSAValue | None = None):
        super().__init__(operands=[buffer, len], result_types=[tensor_type])

    def result_position(self) -> TPosition | None:
        return _queue_position(self.buffer)


@asc_op(cpp=Cpp("GetWithOffset", CppStyle.MEMBER, template=("elem:tensor",)))
class GetWithOffsetOp(AscendCOp):
    """`buf.GetWithOffset<T>(size, bufOffset)`: `size` elements from byte `bufOffset` on."""

    name = "ascendc.tbuf.get_with_offset"
    buffer = operand_def(TBUF)
    size = operand_def(INT)
    buf_offset = operand_def(INT)
    tensor = result_def(LOCAL)
    assembly_format = (
        "$buffer `,` $size `,` $buf_offset attr-dict `:` type($buffer) `,` type($size) `,` "
        "type($buf_offset) `,` type($tensor)"
    )

    def __init__(
        self, buffer: SSAValue, size: SSAValue, buf_offset: SSAValue, tensor_type: LocalTensorType
    ):
        super().__init__(operands=[buffer, size, buf_offset], result_types=[tensor_type])

    def result_position(self) -> TPosition | None:
        return _queue_position(self.buffer)

    def verify_facts(self) -> None:
        off = const_int(self.buf_offset)
        if off is not None and off % 32 != 0:
            raise VerifyException(f"bufOffset must be 32-byte aligned, got {off}")


FWK_OPS = [
    PipeOp,
    QueueOp,
    QueBindOp,
    TBufOp,
    TBufPoolOp,
    InitQueueOp,
    InitBufferOp,
    PipeInitOp,
    PipeResetOp,
    PipeDestroyOp,
    AllocEventIdOp,
    FetchEventIdOp,
    ReleaseEventIdOp,
    GetTPipePtrOp,
    AllocTensorOp,
    EnqueTensorOp,
    DequeTensorOp,
    FreeTensorOp,
    GetTensorOp,
    GetWithOffsetOp,
]

