"""`verify-sync` (pyasc: `ascendc-verify-sync`): warn about unbalanced queue usage.

Warnings only; the IR is not changed and the pass never fails. Each function is walked in
program order (loops as written, once) keeping, per queue, the allocated tensors not yet
freed and the enqueued tensors not yet dequeued:

- `free_tensor` of a tensor that traces back (through deque → its enque → the enqueued
  tensor) to no `alloc_tensor`: "FreeTensor: there is no corresponding call to AllocTensor";
- `free_tensor` of a tensor that was already freed: "FreeTensor: tensor memory was freed
  before its last use" (pyasc's words);
- `free_tensor` on a queue other than the one the tensor was allocated from;
- `deque_tensor` with nothing enqueued on its queue: "DeQue: there is no corresponding call
  to EnQue";
- a use of an enqueued tensor between its enque and the deque that takes it back:
  "unexpected use of tensor between EnQue and DeQue";
- at the end, every alloc never freed and every enque never dequeued.

Warnings are located at the op; notes point at the tensor's or the queue's declaration. The
messages and notes are pyasc's word for word (its lit test runs under -verify-diagnostics);
the free on another queue than the alloc's is ascdsl's own (pyasc calls it an early free).

By default (`mode=ascdsl`; `mode=pyasc` and the alias `ascendc-verify-sync` leave it out) the
pass also runs insert-que-sync's dataflow (sync_dataflow.py) and warns, once per missing
dependence, where the simulator's sanitizer would report a race: an access on one pipe that
conflicts with another pipe's earlier access to the same buffer with no sync ordering them
("unsynchronized MTE2 -> V dependence ..."), or a vector op that reads or overwrites an
earlier vector op's result with no `pipe_barrier(PIPE_V)` between them (on hardware bisheng's
`--cce-auto-sync` inserts that one; the message says so).
"""

from __future__ import annotations

import bisect
from collections import deque
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.dialects.func import FuncOp
from xdsl.ir import Operation, SSAValue

from ascdsl.diagnostics import emit_warning
from ascdsl.dialects.ascendc import (
    AllocTensorOp,
    AscendCOp,
    HardEvent,
    Pipe,
    DequeTensorOp,
    EnqueTensorOp,
    FreeTensorOp,
)

from .analysis import OpOrder, function_bodies
from .options import CheckedPass
from .sync_dataflow import (
    SyncDataflow,
    access_pipe,
    called_functions,
    ends_in_full_barrier,
    function_pipes,
)


@dataclass(frozen=True)
class VerifySyncPass(CheckedPass):
    """Warn about unbalanced queue use and (by default) unsynchronized dependences."""

    name = "verify-sync"
    CHOICES = {"mode": ("ascdsl", "pyasc")}

    mode: str = "ascdsl"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        dataflow = self.mode != "pyasc"
        pipes = function_pipes(op) if dataflow else ()
        called = called_functions(op) if dataflow else set()
        barrier_calls = ends_in_full_barrier(op)
        for func in function_bodies(op):
            _verify(func)
            if dataflow:
                _verify_dataflow(func, pipes, func.sym_name.data in called, barrier_calls)


def _verify_dataflow(func: FuncOp, pipes: tuple[Pipe, ...], called: bool, barrier_calls) -> None:
    flow = SyncDataflow(func, pipes, entry_wildcard=called, call_ends_in_barrier=barrier_calls)
    for op, need in flow.needs.items():
        assert isinstance(op, AscendCOp)
        pipe = access_pipe(op)
        for src in sorted(need.events, key=int):
            source = need.sources.get(src)
            notes = [(source, f"the earlier access ('{source.name}' on {src.name})")] if source else []
            if src == pipe:
                emit_warning(
                    op,
                    f"unsynchronized {src.short} -> {pipe.short} dependence: this vector op "
                    "uses an earlier vector op's result with no pipe_barrier(PIPE_V) between "
                    "them (bisheng's --cce-auto-sync inserts it when on)",
                    notes=notes,
                )
                continue
            event = HardEvent.between(src, pipe)
            fix = f"set_flag/wait_flag {event.keyword}" if event else "pipe_barrier(PIPE_ALL)"
            emit_warning(
                op,
                f"unsynchronized {src.short} -> {pipe.short} dependence: '{op.name}' on "
                f"{pipe.name} accesses a buffer that {src.name} may still be accessing; "
                f"order them with {fix} (the simulator reports this race)",
                notes=notes,
            )


def _verify(func: FuncOp) -> None:
    order = OpOrder(func)
    live_allocs: dict[AllocTensorOp, None] = {}  # ordered set: allocated, not yet freed
    enqueued: dict[SSAValue, deque[EnqueTensorOp]] = {}
    matched: dict[DequeTensorOp, EnqueTensorOp] = {}
    sorted_uses: dict[SSAValue, list[Operation]] = {}

    def alloc_of(tensor: SSAValue) -> AllocTensorOp | None:
        """The alloc a tensor comes from, through deque → matched enque → enqueued tensor."""
        value = tensor
        while True:
            owner = value.owner
            if isinstance(owner, AllocTensorOp):
                return owner
            if isinstance(owner, DequeTensorOp) and owner in matched:
                value = matched[owner].tensor
                continue
            return None

    for op in func.walk():
        if isinstance(op, AllocTensorOp):
            live_allocs[op] = None
        elif isinstance(op, EnqueTensorOp):
            enqueued.setdefault(op.queue, deque()).append(op)
        elif isinstance(op, DequeTensorOp):
            fifo = enqueued.get(op.queue)
            if not fifo:
                emit_warning(
                    op,
                    "DeQue: there is no corresponding call to EnQue",
                    notes=[(op.queue, "queue declared here")],
                )
                continue
            enq = fifo.popleft()
            matched[op] = enq
            _warn_uses_between(order, enq, op, sorted_uses)
        elif isinstance(op, FreeTensorOp):
            _check_free(op, alloc_of(op.tensor), live_allocs)

    for alloc in live_allocs:
        emit_warning(
            alloc, "AllocTensor: there is no corresponding call to FreeTensor for this tensor"
        )
    for fifo in enqueued.values():
        for enq in fifo:
            emit_warning(
                enq,
                "EnQue: there is no corresponding call to DeQue for this tensor",
                notes=[(enq.queue, "queue declared here")],
            )


def _check_free(
    op: FreeTensorOp,
    alloc: AllocTensorOp | None,
    live_allocs: dict[AllocTensorOp, None],
) -> None:
    if alloc is None:
        emit_warning(
            op,
            "FreeTensor: there is no corresponding call to AllocTensor",
            notes=[(op.tensor, "tensor declared here")],
        )
        return
    if alloc in live_allocs:
        del live_allocs[alloc]
        if alloc.queue is not op.queue:
            emit_warning(
                op,
                "FreeTensor: the tensor was allocated from another queue",
                notes=[(alloc, "tensor declared here"), (op.queue, "queue declared here")],
            )
        return
    # The alloc dominates the free and was seen, so it is no longer live: freed before.
    emit_warning(
        op,
        "FreeTensor: tensor memory was freed before its last use",
        notes=[(op.tensor, "tensor declared here")],
    )


def _warn_uses_between(
    order: OpOrder, enq: EnqueTensorOp, deq: DequeTensorOp, sorted_uses: dict[SSAValue, list]
) -> None:
    tensor = enq.tensor
    users = sorted_uses.get(tensor)
    if users is None:
        users = sorted_uses[tensor] = sorted(
            dict.fromkeys(use.operation for use in tensor.uses), key=order.key
        )
    # Only the uses between the two in pre-order can be between them in time.
    lo = bisect.bisect_right(users, order.key(enq), key=order.key)
    hi = bisect.bisect_left(users, order.key(deq), key=order.key)
    for user in users[lo:hi]:
        if order.precedes(enq, user) and order.precedes(user, deq):
            emit_warning(
                user,
                "unexpected use of tensor between EnQue and DeQue",
                notes=[(tensor, "tensor declared here")],
            )
