"""`erase-sync` (pyasc: `ascendc-erase-sync`): remove hand-written synchronization.

Runs before `insert-que-sync` so that the inserted synchronization is the only one. Per
function with a body:

- each `deque_tensor` result is replaced by the tensor it hands back: the tensor of the
  oldest not-yet-dequeued `enque_tensor` on the same queue (queues are FIFOs), or, when that
  is not available at the deque, the queue's most recent `alloc_tensor` that dominates it.
  A deque with no such tensor is a located error;
- `enque_tensor`, `set_flag`, `wait_flag` and `pipe_barrier` are erased;
- `fetch_event_id` results left without uses are erased too (fetching an id has no effect).

`alloc_tensor`, `free_tensor`, `alloc_event_id`/`release_event_id` and `ascendc.pipe` stay.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.dialects.func import FuncOp
from xdsl.ir import Block, Operation, SSAValue
from xdsl.passes import ModulePass

from ascdsl.diagnostics import PassError
from ascdsl.dialects.ascendc import (
    AllocTensorOp,
    DequeTensorOp,
    EnqueTensorOp,
    FetchEventIdOp,
    PipeBarrierOp,
    SetFlagOp,
    WaitFlagOp,
)

from .analysis import OpOrder, function_bodies

ERASED: tuple[type[Operation], ...] = (EnqueTensorOp, SetFlagOp, WaitFlagOp, PipeBarrierOp)


@dataclass(frozen=True)
class EraseSyncPass(ModulePass):
    """Erase enque/deque pairs, flags and barriers (deque results become the queue's tensor)."""

    name = "erase-sync"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for func in function_bodies(op):
            _erase_sync(func)


def _erase_sync(func: FuncOp) -> None:
    order = OpOrder(func)
    pending: dict[SSAValue, deque[EnqueTensorOp]] = {}
    # Per queue, the allocs of the enclosing blocks (innermost last): they dominate what
    # follows them in their block, so the walk drops a block's allocs when it leaves it.
    allocs: dict[SSAValue, list[AllocTensorOp]] = {}
    seen_alloc: set[SSAValue] = set()
    to_erase: list[Operation] = []
    fetches: list[FetchEventIdOp] = []

    def visit(block: Block) -> None:
        mine: list[AllocTensorOp] = []
        for op in list(block.ops):
            if isinstance(op, AllocTensorOp):
                allocs.setdefault(op.queue, []).append(op)
                seen_alloc.add(op.queue)
                mine.append(op)
            elif isinstance(op, EnqueTensorOp):
                pending.setdefault(op.queue, deque()).append(op)
            elif isinstance(op, DequeTensorOp):
                _replace_deque(op)
            elif isinstance(op, FetchEventIdOp):
                fetches.append(op)
            if isinstance(op, ERASED):
                to_erase.append(op)
            for region in op.regions:
                for inner in region.blocks:
                    visit(inner)
        for op in reversed(mine):
            popped = allocs[op.queue].pop()
            assert popped is op

    def _replace_deque(deq: DequeTensorOp) -> None:
        queue = deq.queue
        tensor: SSAValue | None = None
        fifo = pending.get(queue)
        if fifo:
            candidate = fifo.popleft().tensor
            if order.value_dominates(candidate, deq):
                tensor = candidate
        if tensor is None:
            stack = allocs.get(queue)
            if stack and order.dominates(stack[-1], deq):
                tensor = stack[-1].tensor
        if tensor is None:
            why = (
                "no alloc_tensor of its queue is available here"
                if queue in seen_alloc
                else "its queue has no alloc_tensor"
            )
            raise PassError(
                deq,
                f"doesn't have corresponding alloc_tensor op ({why})",
                notes=[(queue, "queue declared here")],
            )
        deq.tensor.replace_all_uses_with(tensor)
        block = deq.parent
        assert block is not None
        block.erase_op(deq)

    for region in func.regions:
        for block in region.blocks:
            visit(block)
    for op in to_erase:
        if op.parent is not None:
            op.parent.erase_op(op)
    for fetch in fetches:
        if fetch.parent is not None and not fetch.event_id.uses:
            fetch.parent.erase_op(fetch)
