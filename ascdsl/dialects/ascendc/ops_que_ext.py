"""The remaining TQue / TQueBind members, in pyasc's syntax (its Fwk/TQue.td): the in-place
AllocTensor / DeQue of a depth-0 TQueBind, EnQue / DeQue with the user positions as template
arguments, the queue state queries, and the cast to the TQueBind base class.

The queries read the queue's bookkeeping on the scalar unit (kernel_tquebind_impl.h:
`usedCount` is the number of enqueued tensors, `bufUsedCount` the number of buffers not free);
Ascend C rejects them at compile time on a depth-0 queue (a static_assert), so the verifier
does too.
"""

from __future__ import annotations

from xdsl.dialects.builtin import IntegerAttr
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import operand_def, prop_def, result_def, traits_def
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from .base import AscendCOp, Cpp, CppStyle, EnumKeyword, asc_op, enum_attr
from .constraints import INT, LOCAL, QUEUE, Is
from .enums import Pipe, TPosition
from .types import LocalTensorType, QueBindType, QueueType


def _depth(queue: SSAValue) -> int:
    t = queue.type
    assert isinstance(t, QueueType | QueBindType)
    return t.depth


class _InPlaceOp(AscendCOp):
    """`que.Api<T>(tensor)`: the queue's bookkeeping for a tensor the caller placed itself."""

    queue = operand_def(QUEUE)
    tensor = operand_def(LOCAL)
    assembly_format = "$queue `,` $tensor attr-dict `:` type($queue) `,` type($tensor)"

    def __init__(self, queue: SSAValue, tensor: SSAValue):
        super().__init__(operands=[queue, tensor])

    def verify_facts(self) -> None:
        # kernel_tquebind_impl.h: a static_assert on the queue's depth.
        if _depth(self.queue) != 0:
            raise VerifyException(
                f"the in-place {type(self).CPP.api}<T>(tensor) needs a depth-0 queue, got "  # type: ignore[attr-defined]
                f"depth {_depth(self.queue)}"
            )


@asc_op(cpp=Cpp("AllocTensor", CppStyle.MEMBER, template=("elem:tensor",)))
class AllocTensorInPlaceOp(_InPlaceOp):
    """`que.AllocTensor<T>(tensor)`: bind a free buffer of the queue to an existing tensor."""

    name = "ascendc.que_bind.alloc_tensor_in_place"


@asc_op(cpp=Cpp("DeQue", CppStyle.MEMBER, template=("elem:tensor",)))
class DequeTensorInPlaceOp(_InPlaceOp):
    """`que.DeQue<T>(tensor)`: dequeue into an existing tensor (a depth-0 queue's form)."""

    name = "ascendc.que_bind.deque_tensor_in_place"


@asc_op(
    cpp=Cpp("EnQue", CppStyle.MEMBER, template=("enum:srcUserPos", "enum:dstUserPos"),
            args=("tensor",)),
    enums={"srcUserPos": TPosition, "dstUserPos": TPosition},
)
class EnqueTensorPosOp(AscendCOp):
    """`que.EnQue<srcUserPos, dstUserPos>(tensor)`: EnQue naming the positions the tensor is
    used at (the queue's events follow from them, not from the queue's own positions)."""

    name = "ascendc.que_bind.enque_tensor_pos"
    queue = operand_def(QUEUE)
    tensor = operand_def(LOCAL)
    srcUserPos = prop_def(IntegerAttr)
    dstUserPos = prop_def(IntegerAttr)
    custom_directives = (EnumKeyword,)
    assembly_format = (
        "$queue `,` $tensor `,` custom<EnumKeyword>($srcUserPos) `,` "
        "custom<EnumKeyword>($dstUserPos) attr-dict `:` type($queue) `,` type($tensor)"
    )

    def __init__(self, queue: SSAValue, tensor: SSAValue, src: TPosition, dst: TPosition):
        super().__init__(
            operands=[queue, tensor],
            properties={"srcUserPos": enum_attr(src), "dstUserPos": enum_attr(dst)},
        )


@asc_op(
    cpp=Cpp("DeQue", CppStyle.MEMBER,
            template=("enum:srcUserPos", "enum:dstUserPos", "elem:tensor"), args=()),
    enums={"srcUserPos": TPosition, "dstUserPos": TPosition},
)
class DequeTensorPosOp(AscendCOp):
    """`que.DeQue<srcUserPos, dstUserPos, T>()`: DeQue naming the user positions."""

    name = "ascendc.que_bind.deque_tensor_pos"
    queue = operand_def(QUEUE)
    srcUserPos = prop_def(IntegerAttr)
    dstUserPos = prop_def(IntegerAttr)
    tensor = result_def(LOCAL)
    custom_directives = (EnumKeyword,)
    assembly_format = (
        "$queue `,` custom<EnumKeyword>($srcUserPos) `,` custom<EnumKeyword>($dstUserPos) "
        "attr-dict `:` type($queue) `,` type($tensor)"
    )

    def __init__(self, queue: SSAValue, src: TPosition, dst: TPosition,
                 tensor_type: LocalTensorType):
        super().__init__(
            operands=[queue],
            result_types=[tensor_type],
            properties={"srcUserPos": enum_attr(src), "dstUserPos": enum_attr(dst)},
        )



class _QueueQueryOp(AscendCOp):
    """`T v = que.Api();`: a scalar read of the queue's bookkeeping."""

    queue = operand_def(QUEUE)
    value = result_def(INT)
    assembly_format = "$queue attr-dict `:` type($queue) `,` type($value)"

    def __init__(self, queue: SSAValue, result_type: Attribute):
        super().__init__(operands=[queue], result_types=[result_type])

    def verify_facts(self) -> None:
        if _depth(self.queue) == 0:
            raise VerifyException(
                f"{type(self).CPP.api}() is not supported on a depth-0 queue (Ascend C "  # type: ignore[attr-defined]
                "rejects it at compile time)"
            )


@asc_op(cpp=Cpp("GetTensorCountInQue", CppStyle.MEMBER), pipe=Pipe.PIPE_S)
class GetTensorCountInQueOp(_QueueQueryOp):
    """`que.GetTensorCountInQue()`: how many tensors are enqueued and not yet dequeued."""

    name = "ascendc.que_bind.get_tensor_count_in_que"


@asc_op(cpp=Cpp("HasIdleBuffer", CppStyle.MEMBER), pipe=Pipe.PIPE_S)
class HasIdleBufferOp(_QueueQueryOp):
    """`que.HasIdleBuffer()`: whether AllocTensor would find a free buffer."""

    name = "ascendc.que_bind.has_idle_buffer"


@asc_op(cpp=Cpp("HasTensorInQue", CppStyle.MEMBER), pipe=Pipe.PIPE_S)
class HasTensorInQueOp(_QueueQueryOp):
    """`que.HasTensorInQue()`: whether DeQue would find a tensor."""

    name = "ascendc.que_bind.has_tensor_in_que"


@asc_op(cpp=Cpp("VacantInQue", CppStyle.MEMBER), pipe=Pipe.PIPE_S)
class VacantInQueOp(_QueueQueryOp):
    """`que.VacantInQue()`: whether EnQue has room (fewer than `depth` tensors enqueued)."""

    name = "ascendc.que_bind.vacant_in_que"


@asc_op(cpp=Cpp("TQueBind", CppStyle.SPECIAL))
class ToQueBindOp(AscendCOp):
    """`TQueBind<src, dst, depth>& b = que;`: a queue seen as its TQueBind base class."""

    name = "ascendc.to_que_bind"
    source = operand_def(QUEUE)
    result = result_def(Is((QueBindType,), "a que_bind type"))
    assembly_format = "$source attr-dict `:` type($source) `,` type($result)"
    traits = traits_def(Pure())

    def __init__(self, source: SSAValue, result_type: QueBindType):
        super().__init__(operands=[source], result_types=[result_type])

    def verify_facts(self) -> None:
        src, dst = self.source.type, self.result.type
        assert isinstance(src, QueueType | QueBindType) and isinstance(dst, QueBindType)
        if src.depth != dst.depth:
            raise VerifyException(
                f"a queue of depth {src.depth} is not a TQueBind of depth {dst.depth}"
            )
        if isinstance(src, QueBindType):
            ends = (src.src_position, src.dst_position)
        else:
            ends = TQUE_BASE.get(src.position)
        if ends is not None and ends != (dst.src_position, dst.dst_position):
            raise VerifyException(
                f"{src.cpp_name()} is a TQueBind<{ends[0].keyword}, {ends[1].keyword}, "
                f"{src.depth}>, not {dst.cpp_name()}"
            )


# The TQueBind a TQue<pos> derives from (kernel_event.h GetBufferLogicPos); TQue<GM>,
# TQue<VECCALC> have none (pyasc's IR still casts them: not checked).
TQUE_BASE: dict[TPosition, tuple[TPosition, TPosition]] = {
    TPosition.A1: (TPosition.GM, TPosition.A1),
    TPosition.B1: (TPosition.GM, TPosition.B1),
    TPosition.C1: (TPosition.GM, TPosition.C1),
    TPosition.A2: (TPosition.A1, TPosition.A2),
    TPosition.B2: (TPosition.B1, TPosition.B2),
    TPosition.C2: (TPosition.C1, TPosition.C2),
    TPosition.CO1: (TPosition.CO1, TPosition.CO2),
    TPosition.CO2: (TPosition.CO2, TPosition.GM),
    TPosition.VECIN: (TPosition.GM, TPosition.VECIN),
    TPosition.VECOUT: (TPosition.VECOUT, TPosition.GM),
}


QUE_EXT_OPS: list[type[AscendCOp]] = [
    AllocTensorInPlaceOp, DequeTensorInPlaceOp, EnqueTensorPosOp, DequeTensorPosOp,
    GetTensorCountInQueOp, HasIdleBufferOp, HasTensorInQueOp, VacantInQueOp, ToQueBindOp,
]
