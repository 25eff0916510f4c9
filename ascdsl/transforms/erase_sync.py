"""`erase-sync` (pyasc: `ascendc-erase-sync`): remove synchronization before re-inserting it.

Runs before `insert-que-sync` so that the inserted synchronization is the only one. Per
function with a body:

- each `deque_tensor` result is replaced by the tensor it hands back: the tensor of the
  oldest not-yet-dequeued `enque_tensor` on the same queue (queues are FIFOs), or, when that
  is not available at the deque, the queue's most recent `alloc_tensor` that dominates it.
  A deque with no such tensor is a located error;
- `enque_tensor`, `set_flag` and `wait_flag` are erased;
- `pipe_barrier`: with `mode=pyasc` (pyasc's pass) every one is erased. By default only the
  `pipe_barrier pipe_all`s right before the function's final terminator (insert-que-sync
  adds one there) go, once the rest is erased: all adjacent ones, and one a flag or an id
  stood behind, so that a second run erases nothing more. A barrier on one pipe may be the
  user's, ordering what no pass re-creates (a `pipe_barrier pipe_v` between dependent vector
  ops when the toolchain runs without bisheng's auto-sync, overlapping DMA), and
  insert-que-sync recognizes it;
- by default, `fetch_event_id` results left without uses are erased, and so is an
  `alloc_event_id` whose id only a `release_event_id` still uses (with its releases: the
  flags it was taken for are gone; insert-que-sync takes one for each set it moves back to
  its producer), and the `ascendc.pipe` right before such an op when nothing else uses it
  (insert-que-sync creates one per group; the kernel's own pipe stays). pyasc leaves all of them.

So by default `erase-sync,insert-que-sync` on an output of insert-que-sync rebuilds it.
`alloc_tensor`, `free_tensor`, an `alloc_event_id` whose id is still used otherwise, and the
kernel's own `ascendc.pipe` stay.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import scf
from xdsl.dialects.builtin import ModuleOp
from xdsl.dialects.func import FuncOp
from xdsl.ir import Block, Operation, SSAValue
from xdsl.rewriter import Rewriter

from ascdsl.diagnostics import PassError
from ascdsl.dialects.ascendc import (
    AllocEventIdOp,
    AllocTensorOp,
    DequeTensorOp,
    EnqueTensorOp,
    FetchEventIdOp,
    GetTensorOp,
    Pipe,
    PipeBarrierOp,
    PipeOp,
    ReleaseEventIdOp,
    SetFlagOp,
    WaitFlagOp,
)

from .analysis import OpOrder, function_bodies, terminator
from .options import CheckedPass

ERASED: tuple[type[Operation], ...] = (EnqueTensorOp, SetFlagOp, WaitFlagOp)
MODES = ("ascdsl", "pyasc")


@dataclass(frozen=True)
class EraseSyncPass(CheckedPass):
    """Erase enque/deque pairs, flags and inserted barriers (deques become the queue's tensor)."""

    name = "erase-sync"
    CHOICES = {"mode": MODES}

    mode: str = "ascdsl"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for func in function_bodies(op):
            _erase_sync(func, self.mode == "pyasc")


def _final_barriers(func: FuncOp) -> list[Operation]:
    """The `pipe_barrier pipe_all`s right before the function's terminator (insert-que-sync
    puts one there). All of the run, not the last only: the one before it would be right
    before the terminator next time, and a second run must change nothing."""
    last = func.body.blocks.last
    term = terminator(last) if last is not None else None
    run: list[Operation] = []
    prev = term.prev_op if term is not None else None
    while isinstance(prev, PipeBarrierOp) and prev.barrier_pipe == Pipe.PIPE_ALL:
        run.append(prev)
        prev = prev.prev_op
    return run


def _carried_queues(func: FuncOp, order: OpOrder) -> set[SSAValue]:
    """Queues whose DeQue, in a loop, takes a tensor enqueued before the current iteration
    (a prefetch: the prologue and each iteration enqueue the next tile, each iteration
    dequeues at its top). One SSA value cannot stand for a different tensor per iteration:
    replaced by the oldest pending tensor, every iteration read the prologue's tile (and
    freed a buffer still enqueued). Their EnQue/DeQue stay, as written; insert-que-sync
    recognizes them. One pre-order sweep: per loop and queue, the enques minus the deques
    met so far in the loop's body (in this iteration: none left when the deque is met),
    and whether the loop enqueues on the queue at all (if not, the deque takes the alloc
    before it, as without the loop)."""
    held: dict[tuple[Operation, SSAValue], int] = {}
    enqueues: set[tuple[Operation, SSAValue]] = set()
    suspects: list[tuple[Operation, SSAValue]] = []
    for op in func.walk():
        if not isinstance(op, EnqueTensorOp | DequeTensorOp) or op.on_tbuf:
            continue
        loops = []
        outer = order.parent(op)
        while outer is not None:
            if not isinstance(outer, scf.IfOp):
                loops.append(outer)
            outer = order.parent(outer)
        step = 1 if isinstance(op, EnqueTensorOp) else -1
        if step < 0 and loops and held.get((loops[0], op.queue), 0) <= 0:
            suspects.append((loops[0], op.queue))
        for loop in loops:
            held[(loop, op.queue)] = held.get((loop, op.queue), 0) + step
            if step > 0:
                enqueues.add((loop, op.queue))
    return {queue for loop, queue in suspects if (loop, queue) in enqueues}


def _erase_sync(func: FuncOp, pyasc: bool) -> None:
    order = OpOrder(func)
    carried = _carried_queues(func, order)
    pending: dict[SSAValue, deque[EnqueTensorOp]] = {}
    # Per queue, the allocs of the enclosing blocks (innermost last): they dominate what
    # follows them in their block, so the walk drops a block's allocs when it leaves it.
    allocs: dict[SSAValue, list[AllocTensorOp]] = {}
    seen_alloc: set[SSAValue] = set()
    to_erase: list[Operation] = []
    fetches: list[FetchEventIdOp | AllocEventIdOp] = []

    def visit(block: Block) -> None:
        mine: list[AllocTensorOp] = []
        for op in list(block.ops):
            if isinstance(op, AllocTensorOp):
                allocs.setdefault(op.queue, []).append(op)
                seen_alloc.add(op.queue)
                mine.append(op)
            elif isinstance(op, EnqueTensorOp | DequeTensorOp) and op.queue in carried:
                continue  # the loop's own hand-over, kept (see _carried_queues)
            elif isinstance(op, EnqueTensorOp):
                pending.setdefault(op.queue, deque()).append(op)
            elif isinstance(op, DequeTensorOp):
                _replace_deque(op)
            elif isinstance(op, FetchEventIdOp | AllocEventIdOp):
                fetches.append(op)
            if isinstance(op, ERASED) or (pyasc and isinstance(op, PipeBarrierOp)):
                to_erase.append(op)
            for region in op.regions:
                for inner in region.blocks:
                    visit(inner)
        for op in reversed(mine):
            popped = allocs[op.queue].pop()
            assert popped is op

    def _replace_deque(deq: DequeTensorOp) -> None:
        queue = deq.queue
        if deq.on_tbuf:
            # A TBuf's DeQue is its Get<T>() (no EnQue to pair with): keep the tensor, drop
            # the queue look.
            get = GetTensorOp(queue, deq.tensor.type)
            get.location = deq.location
            Rewriter.replace_op(deq, get)
            return
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
    if pyasc:
        return
    _erase_unused_ids(fetches)
    # Last, once the flags and ids are gone: a pipe_all they stood behind (`pipe_all;
    # wait_flag; return`) is now the final one, and one run must reach the fixed point.
    for barrier in _final_barriers(func):
        assert barrier.parent is not None
        barrier.parent.erase_op(barrier)


def _erase_unused_ids(fetches: list[FetchEventIdOp | AllocEventIdOp]) -> None:
    """Erase the event ids the erased flags leave unused (see the module docstring)."""
    for fetch in fetches:
        if fetch.parent is None:
            continue
        users = [use.operation for use in fetch.event_id.uses]
        if isinstance(fetch, AllocEventIdOp):
            # With its flags gone, an id taken only to be given back orders nothing.
            if not users or not all(isinstance(u, ReleaseEventIdOp) for u in users):
                continue
            for user in users:
                if user.parent is not None:
                    user.parent.erase_op(user)
        elif users:
            continue
        pipe = fetch.pipe.owner
        # Only the pipe made for this group (right before it); the kernel's own stays.
        made_for_it = isinstance(pipe, PipeOp) and pipe.next_op is fetch
        fetch.parent.erase_op(fetch)
        if made_for_it and pipe.parent is not None and not pipe.pipe.uses:
            pipe.parent.erase_op(pipe)
