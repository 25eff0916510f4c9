"""Where `insert-que-sync` sets a flag: right after the producer, not just before the wait.

A `set_flag A_B` fires when pipe A has finished every op issued before it. Put directly
before its `wait_flag`, it also waits for A's ops that sit between the producer and the
consumer and have nothing to do with the consumer: an L1 copy of B makes the LoadData of A
wait, although only the copy of A feeds it. Set right after the producer's last write, the
consumer's pipe may start while A still runs those other ops — that is how a hand-written
double-buffered kernel (examples/05_mmad) lets its pipes overlap.

The set of a pair the dataflow (sync_dataflow.py) placed moves back, within its block, over
every op that the consumer does not depend on through A:

- it stops after an access on A that conflicts with the consumer's accesses (the producer);
- it stops after whatever teaches A something (a `wait_flag` into A, a DeQue / AllocTensor
  whose waiting end is A, a `pipe_barrier` on A or on all pipes): the dataflow may have
  chosen A because A already waited for a third pipe the consumer depends on;
- it stops after an op with regions, a call, and at the start of the block: a set that
  runs on every path to its wait, exactly once, is one in the wait's block;
- it stops after a flag of the same event whose id the pass did not take itself (a
  hand-written `EVENT_ID0` could be the id it gets), and after `MAX_LIVE - 1` sets of the same
  event that are still waiting (the hardware has eight ids per event; TQue buffers hold some).

Flags to or from the scalar pipe stay where they are: bisheng's auto-sync sets and waits
those events too, with ids of its own that a moved set could hold at the same time.

A moved set takes its id with `alloc_event_id` (reserved until the `release_event_id` right
after the wait): `fetch_event_id` only peeks at the lowest free id, so another flag of the
same event or a queue's EnQue between the set and the wait could take the same id. A set
that does not move keeps the adjacent `fetch_event_id` group.

The consumer's pipe then knows less at the wait (A's ops after the set are not ordered by
it), so `insert-que-sync` runs the dataflow again and orders what is left (05_mmad's second
`MTE2_MTE1` flag, set after the copy of B, before the LoadData of B). Each walk is bounded
(`MAX_WALK` ops), so the pass stays linear.

A set that reaches the top of an `scf.for` body on the cube core goes further, over the
back edge: right after the producer in the previous iteration (found from the body's end
back to the wait), with a set before the loop for the first iteration's wait and a wait after
the loop for the last iteration's set (`_over_back_edge`).
"""

from __future__ import annotations

from collections.abc import Callable

from xdsl.dialects import func, scf
from xdsl.ir import Operation

from ascdsl.dialects.ascendc import (
    AllocEventIdOp,
    AllocTensorOp,
    AscendCOp,
    DequeTensorOp,
    FetchEventIdOp,
    HardEvent,
    Pipe,
    PipeBarrierOp,
    PipeOp,
    ReleaseEventIdOp,
    SetFlagOp,
    WaitFlagOp,
    soc,
)

from .analysis import OpOrder, insert_after, insert_before
from .sync_dataflow import access_pipe

MAX_WALK = 256  # ops a set may move back over (keeps each walk constant-bounded)
MAX_LIVE = 3  # sets of one event the pass keeps in flight at once (of soc.EVENT_IDS)


def _teaches(op: Operation, pipe: Pipe) -> bool:
    """Whether `op` makes `pipe` wait for (and so know about) another pipe's work."""
    if isinstance(op, PipeBarrierOp):
        return op.barrier_pipe in (pipe, Pipe.PIPE_ALL)
    if isinstance(op, WaitFlagOp):
        event = op.enum_value("event")
        return event is HardEvent.MAX or event.dst_pipe == pipe
    if isinstance(op, DequeTensorOp | AllocTensorOp) and not op.on_tbuf:
        qtype = op.queue.type
        ends = soc.queue_end_pipes(qtype.src_position, qtype.dst_position)
        if ends is None:
            return True
        prod, cons = ends
        return (cons if isinstance(op, DequeTensorOp) else prod) == pipe
    return False


def _own_id(flag: Operation) -> bool:
    """Whether a flag's id comes from the TPipe's pool (FetchEventID / AllocEventID)."""
    owner = flag.operands[0].owner if flag.operands else None
    return isinstance(owner, FetchEventIdOp | AllocEventIdOp)


def hoist_set(
    set_op: SetFlagOp,
    consumer: AscendCOp,
    conflicts: Callable[[Operation, Operation], bool],
    order: OpOrder,
) -> bool:
    """Move `set_op` (with its fetch and pipe, adjacent before it) back to right after the
    producer; True if it moved. `conflicts(x, consumer)` says whether x's accesses and the
    consumer's may touch common bytes with one of them a write."""
    fetch = set_op.operands[0].owner
    if not isinstance(fetch, FetchEventIdOp) or fetch.next_op is not set_op:
        return False
    pipe_op = fetch.pipe.owner
    if not isinstance(pipe_op, PipeOp) or pipe_op.next_op is not fetch:
        return False
    event = set_op.enum_value("event")
    if event is HardEvent.MAX:
        return False  # orders nothing: nothing to move
    src = event.src_pipe
    if Pipe.PIPE_S in (src, event.dst_pipe):
        return False  # bisheng's layer flags these events too, with ids of its own
    point = pipe_op.prev_op
    crossed_sets = 0
    crossed_src = False  # whether the move leaves any op of the source pipe after the set
    after: Operation | None = None  # the op the set goes right after (None: not moved)
    for _ in range(MAX_WALK):
        if point is None:
            # The block's start: a loop body's producer may be in the previous iteration.
            if _over_back_edge(set_op, consumer, conflicts, order):
                return True
            break  # else the set goes first in the block
        if point.regions or isinstance(point, func.CallOp) or _teaches(point, src):
            after = point
            break
        if isinstance(point, SetFlagOp | WaitFlagOp) and point.enum_value("event") == event:
            if not _own_id(point):
                after = point
                break
            if isinstance(point, SetFlagOp):
                crossed_sets += 1
                if crossed_sets >= MAX_LIVE:
                    after = point
                    break
        if isinstance(point, AscendCOp) and (point.READS or point.WRITES) and (
            access_pipe(point) == src
        ):
            if conflicts(point, consumer):
                after = point
                break
            crossed_src = True
        point = point.prev_op
    else:
        return False  # walked too far: stay put
    if not crossed_src:
        return False  # the set would fire at the same moment: keep the adjacent group
    block = set_op.parent
    assert block is not None
    wait = set_op.next_op
    if not isinstance(wait, WaitFlagOp):
        return False
    # The set takes its id for good (AllocEventID) and gives it back after the wait.
    alloc = AllocEventIdOp(pipe_op.pipe, event, fetch.event_id.type)
    alloc.location = fetch.location
    fetch.event_id.replace_all_uses_with(alloc.event_id)
    block.erase_op(fetch)
    order.forget(fetch)
    release = ReleaseEventIdOp(pipe_op.pipe, alloc.event_id, event)
    release.location = wait.location
    insert_after(wait, [release], order)
    for op in (pipe_op, set_op):
        op.detach()
        order.forget(op)
    moved = [pipe_op, alloc, set_op]
    if after is None:
        first = block.first_op
        assert first is not None
        insert_before(first, moved, order)
    else:
        insert_after(after, moved, order)
    return True


# Pipes of the cube core: a set moved over a loop's back edge holds its id for the whole
# loop, and on the vector core the TQue buffers' EnQue/FreeTensor events share those pools.
CUBE_PIPES = frozenset({Pipe.PIPE_MTE1, Pipe.PIPE_M, Pipe.PIPE_FIX})
MAX_LOOP_SETS = 2  # sets of one event carried over one loop's back edge


def _over_back_edge(
    set_op: SetFlagOp,
    consumer: AscendCOp,
    conflicts: Callable[[Operation, Operation], bool],
    order: OpOrder,
) -> bool:
    """At the top of an `scf.for` body: set the flag for the next iteration right after the
    producer in this one (05_mmad's MTE1_MTE2 after the LoadDatas, M_MTE1 after the Mmad).
    The first iteration's wait takes a set before the loop, and a wait after the loop takes
    the last iteration's set; the id is taken before the loop and given back after it."""
    fetch = set_op.operands[0].owner
    pipe_op = fetch.pipe.owner  # type: ignore[union-attr]
    wait = set_op.next_op
    block = set_op.parent
    loop = block.parent_op() if block is not None else None
    event = set_op.enum_value("event")
    if event is HardEvent.MAX:
        return False
    src = event.src_pipe
    if (
        not isinstance(loop, scf.ForOp)
        or block is not loop.body.block
        or not isinstance(wait, WaitFlagOp)
        or not ({src, event.dst_pipe} & CUBE_PIPES)
    ):
        return False
    carried, prev = 0, loop.prev_op
    while isinstance(prev, SetFlagOp | AllocEventIdOp | PipeOp):
        carried += isinstance(prev, SetFlagOp) and prev.enum_value("event") == event
        prev = prev.prev_op
    if carried >= MAX_LOOP_SETS:
        return False
    # From the body's end back to the wait: the last op the consumer depends on through src.
    term = block.last_op
    point = term.prev_op if term is not None else None
    crossed_src = False
    after: Operation | None = None
    for _ in range(MAX_WALK):
        if point is None or point is wait:
            return False  # no producer after the wait in the body: nothing to gain
        if point.regions or isinstance(point, func.CallOp) or _teaches(point, src) or (
            isinstance(point, SetFlagOp | WaitFlagOp) and point.enum_value("event") == event
        ):
            after = point
            break
        if isinstance(point, AscendCOp) and (point.READS or point.WRITES) and (
            access_pipe(point) == src
        ):
            if conflicts(point, consumer):
                after = point
                break
            crossed_src = True
        point = point.prev_op
    else:
        return False
    if not crossed_src:
        return False
    assert block is not None and isinstance(fetch, FetchEventIdOp)
    alloc = AllocEventIdOp(pipe_op.pipe, event, fetch.event_id.type)
    alloc.location = fetch.location
    fetch.event_id.replace_all_uses_with(alloc.event_id)
    block.erase_op(fetch)
    order.forget(fetch)
    for op in (pipe_op, set_op):
        op.detach()
        order.forget(op)
    first = SetFlagOp(event, alloc.event_id)
    last = WaitFlagOp(event, alloc.event_id)
    release = ReleaseEventIdOp(pipe_op.pipe, alloc.event_id, event)
    for op in (first, last, release):
        op.location = set_op.location
    insert_before(loop, [pipe_op, alloc, first], order)
    insert_after(after, [set_op], order)
    insert_after(loop, [last, release], order)
    return True
