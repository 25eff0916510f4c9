"""`insert-que-sync` (pyasc: `ascendc-insert-sync`): order every cross-pipe dependence.

For each function with a body, in this order:

1. After every op that writes a tensor (its declared `written_operands()`; in pyasc's mode its
   `dst` operand only, as pyasc's `OpWithDst::getDst`): an `enque_tensor` on the tensor's
   queue when the tensor comes straight from `alloc_tensor`/`deque_tensor`; in pyasc's mode,
   else `pipe_barrier pipe_v`. A destination that is directly an
   `ascendc.global_tensor` result is skipped, as in pyasc. Ops of the scalar pipe
   (set_value) are left to step 3: `PipeBarrier<PIPE_S>` orders nothing (and
   asserts in debug builds of the 910B headers): a scalar write needs events to the other pipes.
2. For each enque: a `deque_tensor` before the first later user of the tensor (or that
   user's ancestor at the enque's level, else at the innermost level holding both); the
   users the deque dominates are rewired to its result. When the enque does not dominate the
   deque (enque in a loop, first use after it), the enque moves after its enclosing op in the
   deque's region. pyasc only tries the nested use itself when it is not at the enque's
   level, and then fails ("failed to be hoisted to tensor deque op scope"), e.g. for a buffer
   filled in one loop and read in the next.
3. Default mode: the dataflow described below. pyasc's mode: V_S before and S_V after every
   scalar-pipe access to a tensor (get_value, set_value): `ascendc.pipe`, `fetch_event_id`,
   `set_flag`, `wait_flag`; a set_value alone in an `scf.for` body is synchronized around
   the loop instead.
4. A `pipe_barrier pipe_all` before the terminator of the function's last block.
5. Barrier canonicalization (see canonicalize_barriers.py).

The pass is idempotent: a write already followed by its enque (or a covering barrier), an
enque already matched by a deque before the tensor's next use, flags and barriers that
already order a dependence, and a final pipe_all are all recognized and left alone.

Every step is linear in the size of the function: op order and dominance come from one
`OpOrder` numbering, kept valid as ops are inserted, and a tensor enqueued many times in one
block (an unrolled accumulation) is handled in one sweep over its uses.

Modes. `mode=pyasc` is pyasc's placement op for op (steps 1-5 above, with pyasc's
`pipe_barrier pipe_v` after every write to a tensor without a queue). The default,
`mode=ascdsl`, keeps steps 1, 2, 4 and 5 (the TQue protocol) but places no barrier in step 1
and replaces step 3: a dataflow over the function (sync_dataflow.py) finds every access
that conflicts with an earlier access of another pipe which no sync orders — on TQue,
TBuf, static and auto tensors alike, through loops (back edges), branches and calls — and puts
`set_flag/wait_flag <A>_<B>` (with its `ascendc.pipe` and `fetch_event_id`) right before it,
or a `pipe_barrier pipe_v` when a vector op depends on an earlier vector write. New sync goes
in front of the `pipe_barrier`s directly before its op, so that `erase-sync` (which keeps a
barrier on one pipe: it may be the user's) followed by this pass rebuilds the same IR.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import scf
from xdsl.dialects.builtin import IntegerType, ModuleOp
from xdsl.dialects.func import CallOp, FuncOp
from xdsl.ir import Operation, SSAValue

from ascdsl.diagnostics import PassError
from ascdsl.dialects.ascendc import (
    AllocTensorOp,
    AscendCOp,
    DequeTensorOp,
    EnqueTensorOp,
    FetchEventIdOp,
    FreeTensorOp,
    GlobalTensorOp,
    HardEvent,
    Pipe,
    PipeBarrierOp,
    PipeOp,
    SetFlagOp,
    TensorTypeBase,
    WaitFlagOp,
)

from .analysis import (
    OpOrder,
    function_bodies,
    gc_paused,
    insert_after,
    insert_before,
    terminator,
    with_location,
)
from .canonicalize_barriers import collapse_barrier_runs
from .cce_auto_sync import auto_sync_function, strip_ops
from .options import CheckedPass
from .sync_dataflow import SyncDataflow, access_pipe, called_functions, function_pipes
from .sync_hoist import hoist_set

# Ops that only synchronize: a write followed by a run of these is still "just written".
SYNC_OPS: tuple[type[Operation], ...] = (
    PipeBarrierOp,
    EnqueTensorOp,
    DequeTensorOp,
    SetFlagOp,
    WaitFlagOp,
    FetchEventIdOp,
    PipeOp,
)

EVENT_ID_TYPE = IntegerType(8)  # pyasc fetches scalar-sync event ids as i8


MODES = ("ascdsl", "pyasc")


@dataclass(frozen=True)
class InsertQueSyncPass(CheckedPass):
    """Insert enque/deque pairs, pipe barriers and flags so a kernel is synchronized."""

    name = "insert-que-sync"
    CHOICES = {"mode": MODES}

    mode: str = "ascdsl"
    # `pipe_barrier pipe_v` between dependent vector ops. On hardware that is bisheng's
    # `--cce-auto-sync` (the cce-auto-sync pass); the default pipeline leaves it there, so a
    # kernel run with auto_sync off is the kernel as bisheng-less hardware would run it.
    vector_barriers: bool = True
    # Set each flag right after its producer (sync_hoist.py), not just before its wait, so
    # the waiting pipe can start while the setting pipe runs ops it does not depend on.
    early_sets: bool = True
    # cce-auto-sync runs after this pass (bisheng's --cce-auto-sync on hardware): leave to it
    # the dependences its own syncs order (ascdsl-default and the JIT pass their auto_sync).
    auto_sync: bool = False

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        pipes = function_pipes(op)
        called = called_functions(op)
        defined = {f.sym_name.data for f in function_bodies(op)}
        calls = {
            c for c in op.walk()
            if isinstance(c, CallOp) and c.callee.root_reference.data in defined
        }
        with gc_paused():
            for func in function_bodies(op):
                _Sync(func, self.mode, pipes, func.sym_name.data in called, calls,
                      self.vector_barriers, self.early_sets, self.auto_sync).run()


def scalar_event_group(event: HardEvent, source: Operation) -> list[Operation]:
    # Also the default mode's group for any pipe pair: an adjacent set/wait before the op.
    """`pipe; id = fetch_event_id pipe, event; set_flag event, id; wait_flag event, id`."""
    pipe = PipeOp()
    fetch = FetchEventIdOp(pipe.pipe, event, EVENT_ID_TYPE)
    return with_location(
        [pipe, fetch, SetFlagOp(event, fetch.event_id), WaitFlagOp(event, fetch.event_id)],
        source,
    )


class _Sync:
    """insert-que-sync on one function (the steps share its OpOrder)."""

    def __init__(
        self, func: FuncOp, mode: str = "ascdsl", pipes: tuple[Pipe, ...] = (),
        called: bool = False,
        synced_calls: set[Operation] | frozenset[Operation] = frozenset(),
        vector_barriers: bool = True,
        early_sets: bool = True,
        auto_sync: bool = False,
    ):
        self.func = func
        self.vector_barriers = vector_barriers
        self.early_sets = early_sets
        self.auto_sync = auto_sync and mode != "pyasc"
        self.pyasc = mode == "pyasc"
        self.pipes = pipes
        self.called = called
        self.synced_calls = synced_calls  # calls of functions this pass synchronizes
        self.order = OpOrder(func)
        # Per tensor: its writers and enques, in pre-order.
        self._write_events: dict[SSAValue, list[Operation]] = {}
        # A deque's result -> the tensor allocated for it (what its FreeTensor names).
        self._allocated: dict[SSAValue, SSAValue] = {}
        self._queue_names: dict[SSAValue, tuple[SSAValue, ...]] = {}
        # Step 2's deques and the enque each one takes back (for _fifo_deques).
        self._deque_of: dict[Operation, DequeTensorOp] = {}

    def run(self) -> None:
        self.enqueue_writes()
        self.dequeue_enqueued()
        if self.pyasc:
            self.sync_scalar_accesses()
        else:
            self.order_dependences()
        self.final_barrier()
        collapse_barrier_runs([b for b in self.func.walk() if isinstance(b, PipeBarrierOp)])

    # --- step 1 ------------------------------------------------------------------------------

    def enqueue_writes(self) -> None:
        writers = [op for op in self.func.walk() if isinstance(op, AscendCOp) and op.WRITES
                   and (op.PYASC_DST or not self.pyasc)]
        for op in writers:
            pipe = op.hw_pipe()
            if pipe is None:  # not declared: pyasc's choice for every write
                pipe = Pipe.PIPE_V
            if pipe == Pipe.PIPE_S:
                continue
            if self.pyasc:
                pipe = Pipe.PIPE_V  # pyasc's barrier, whatever pipe wrote
            new: list[Operation] = []
            needs_barrier = False
            for tensor in dict.fromkeys(self._written(op)):
                if not isinstance(tensor.type, TensorTypeBase):
                    continue
                owner = tensor.owner
                if isinstance(owner, GlobalTensorOp):
                    continue
                # A TBuf's AllocTensor is Get<T>(): its EnQue would order nothing.
                if isinstance(owner, AllocTensorOp | DequeTensorOp) and not owner.on_tbuf:
                    if not self._enqueued_next(op, tensor):
                        new.append(EnqueTensorOp(owner.queue, tensor))
                else:
                    needs_barrier = True
            if needs_barrier and self.pyasc and not self._barrier_follows(op, pipe):
                new.append(PipeBarrierOp(pipe))
            if new:
                insert_after(op, with_location(new, op), self.order)

    def _written(self, op: AscendCOp) -> list[SSAValue]:
        """The tensors step 1 synchronizes after `op`: every one it writes, or in pyasc's
        mode only its `dst` (pyasc's pass asks `OpWithDst::getDst`, so a reduction's
        shared_tmp_buffer or softmax's sum/max tensors get no enque or barrier of their own)."""
        if not self.pyasc:
            return op.written_operands()
        dst = getattr(op, "dst", None) if "dst" in op.WRITES else None
        return [dst] if isinstance(dst, SSAValue) else []

    def _enqueued_next(self, writer: Operation, tensor: SSAValue) -> bool:
        """True if the next write-or-enque of `tensor` after `writer` is an enque."""
        events = self._write_events.get(tensor)
        if events is None:
            found: dict[Operation, None] = {}
            names = self._buffer_names(tensor)
            for name in names:
                for use in name.uses:
                    user = use.operation
                    if (isinstance(user, EnqueTensorOp) and user.tensor in names) or (
                        isinstance(user, AscendCOp)
                        and any(v in names for v in user.written_operands())
                    ):
                        found[user] = None
            events = sorted(found, key=self.order.key)
            for name in names:
                self._write_events[name] = events
        ops, order = events, self.order
        # Keys are looked up, not cached: a renumbering keeps the order but not the keys.
        i = bisect.bisect_right(ops, order.key(writer), key=order.key)
        # Events in other branches of an scf.if come later in pre-order but never run after
        # the writer: skip them.
        while i < len(ops) and not order.precedes(writer, ops[i]):
            i += 1
        return i < len(ops) and isinstance(ops[i], EnqueTensorOp)

    def _buffer_names(self, tensor: SSAValue) -> tuple[SSAValue, ...]:
        """The values that name `tensor`'s buffer: with one AllocTensor on its queue, the
        allocated tensor and every DeQue result of the queue (a hoisted EnQue names the
        allocated tensor where a DeQue result inside a branch is out of scope); else itself."""
        owner = tensor.owner
        if not isinstance(owner, AllocTensorOp | DequeTensorOp):
            return (tensor,)
        # Once per queue: a queue shared by many tiles has many uses, and scanning them for
        # every write made step 1 quadratic.
        names = self._queue_names.get(owner.queue)
        if names is None:
            allocs = [u.operation for u in owner.queue.uses
                      if isinstance(u.operation, AllocTensorOp)]
            names = ()
            if len(allocs) == 1:
                deques = [u.operation.tensor for u in owner.queue.uses
                          if isinstance(u.operation, DequeTensorOp)]
                names = (allocs[0].tensor, *deques)
            self._queue_names[owner.queue] = names
        return names or (tensor,)

    def _named(self, deq: DequeTensorOp) -> None:
        """A new DeQue result is one more name of its queue's buffer (see _buffer_names)."""
        names = self._queue_names.get(deq.queue)
        if names:
            self._queue_names[deq.queue] = (*names, deq.tensor)

    @staticmethod
    def _barrier_follows(op: Operation, pipe: Pipe) -> bool:
        nxt = op.next_op
        while isinstance(nxt, SYNC_OPS):
            if isinstance(nxt, PipeBarrierOp) and nxt.barrier_pipe in (pipe, Pipe.PIPE_ALL):
                return True
            nxt = nxt.next_op
        return False

    # --- step 2 ------------------------------------------------------------------------------

    def dequeue_enqueued(self) -> None:
        enques: list[EnqueTensorOp] = []
        deques: dict[SSAValue, list[DequeTensorOp]] = {}
        for op in self.func.walk():
            if isinstance(op, EnqueTensorOp | DequeTensorOp) and op.on_tbuf:
                continue
            if isinstance(op, EnqueTensorOp):
                enques.append(op)
            elif isinstance(op, DequeTensorOp):
                deques.setdefault(op.queue, []).append(op)
        chains: dict[SSAValue, list[EnqueTensorOp]] = {}
        for enq in enques:
            chains.setdefault(enq.tensor, []).append(enq)
        done: set[SSAValue] = set()
        if self.STRAIGHT_CHAINS:
            done = {t for t, chain in chains.items() if self._dequeue_straight(t, chain, deques)}
        # By the enque, not its tensor: the sweep rewires later enques to a deque's result.
        swept = {e for t in done for e in chains[t]}
        for enq in enques:
            if enq.parent is not None and enq not in swept:
                self._dequeue_one(enq, deques)
        self._fifo_deques()

    def _fifo_deques(self) -> None:
        """A DeQue hands out the oldest tensor of its queue, whatever the IR calls its result.
        Step 2 puts each deque before its tensor's first use, so with two tensors of one queue
        in flight and the later one used first, its deque took the earlier tensor (the
        simulator computed with the wrong tile). A deque placed for a later enque of a block
        pulls the deques of the earlier ones right before it, in enque order: waiting earlier
        is always correct, and their results keep dominating their uses."""
        serves = {deq: enq for enq, deq in self._deque_of.items() if deq.parent is not None}
        for block in dict.fromkeys(d.parent for d in serves):
            fifo: dict[SSAValue, list[Operation] | None] = {}
            moved: set[Operation] = set()
            for op in list(block.ops):
                if isinstance(op, EnqueTensorOp | DequeTensorOp) and not op.on_tbuf:
                    entries = fifo.setdefault(op.queue, [])
                    if entries is None or op in moved:
                        continue
                    if isinstance(op, EnqueTensorOp):
                        entries.append(op)
                        continue
                    want = serves.get(op)
                    if want is None:  # the input's deque: it takes the oldest
                        del entries[:1]
                        continue
                    k = next((i for i, e in enumerate(entries) if e is want), None)
                    ahead = [self._deque_of.get(e) for e in entries[:k or 0]]
                    if k is None or any(d is None or d.parent is not block or d not in serves
                                        or not self.order.precedes(op, d) for d in ahead):
                        fifo[op.queue] = None  # not a straight block's FIFO: left as it is
                        continue
                    for d in ahead:
                        d.detach()
                        self.order.forget(d)
                        insert_before(op, [d], self.order)
                        moved.add(d)
                    del entries[:k + 1]
                elif op.regions:  # nested enques or deques: the order here is not followed
                    for inner in op.walk():
                        if isinstance(inner, EnqueTensorOp | DequeTensorOp):
                            fifo[inner.queue] = None

    # A tensor enqueued k times in one block (an unrolled accumulation) would cost k scans of
    # its uses one enque at a time; `_dequeue_straight` does the same work in one sweep.
    STRAIGHT_CHAINS = True

    def _dequeue_one(self, enq: EnqueTensorOp, deques: dict[SSAValue, list[DequeTensorOp]]) -> None:
        order = self.order
        tensor, queue = enq.tensor, enq.queue
        # The buffer may be named by an earlier deque's result (`tensor`), past the block
        # that result lives in by its allocated name (`root`), and on a later iteration or
        # branch by another deque's result: a use under any of its names after the enque
        # needs the deque first.
        root = self._allocated.get(tensor, tensor)
        names = tuple(dict.fromkeys((tensor, root, *self._buffer_names(tensor))))
        users = [
            u
            for u in dict.fromkeys(use.operation for v in names for use in v.uses)
            if u is not enq and not isinstance(u, FreeTensorOp) and order.precedes(enq, u)
        ]
        if not users:
            # Written and never read: the tensor still has to leave the queue before it is
            # freed (FreeTensor of an enqueued buffer is an error, and the deque is what makes
            # the free wait for the writer before the buffer is handed out again).
            # The FreeTensor names the allocated tensor, not an earlier deque's result.
            users = [
                u
                for u in dict.fromkeys(use.operation for use in root.uses)
                if isinstance(u, FreeTensorOp) and u.parent is enq.parent
                and order.precedes(enq, u)
            ]  # a free outside the enque's loop or branch: left as it was (see docs/passes.md)
            if not users:
                return
        first = min(users, key=order.key)
        if self._already_dequeued(enq, first, deques.get(queue, ())):
            return
        anchor = self._deque_anchor(enq, first)
        hoist_after: Operation | None = None
        if not order.dominates(enq, anchor):
            anchor_region = anchor.parent_region()
            assert anchor_region is not None
            hoist_after = order.ancestor_in_region(enq, anchor_region)
            if hoist_after is None:  # unreachable: precedes() found a level holding both
                raise PassError(
                    enq,
                    "failed to be hoisted to tensor deque op scope: no op encloses the "
                    "enque in the region of the tensor's first use after it",
                    notes=[(first, "first use of the enqueued tensor")],
                )
            # A deque's result defined inside the branch or loop is not visible after it.
            hoisted = tensor if order.value_dominates(tensor, hoist_after) else root
            nxt = hoist_after.next_op
            if isinstance(nxt, EnqueTensorOp) and nxt.queue is queue and nxt.tensor is hoisted:
                # Another branch's enque already sits where this one would go (both
                # branches of an scf.if write the tensor): one enque covers both.
                self._erase(enq)
                return
        assert isinstance(tensor.type, TensorTypeBase)
        deq = DequeTensorOp(queue, tensor.type)  # type: ignore[arg-type]
        self._allocated[deq.tensor] = root
        self._named(deq)
        insert_before(self._sync_point(anchor), with_location([deq], enq), order)
        self._deque_of[enq] = deq
        if hoist_after is not None:
            moved_enq = EnqueTensorOp(queue, hoisted)
            insert_after(hoist_after, with_location([moved_enq], enq), order)
            self._deque_of[moved_enq] = self._deque_of.pop(enq)
            self._erase(enq)
        # A FreeTensor keeps naming the allocated tensor, as in the one-sweep path.
        rewired = {u for u in users
                   if order.dominates(deq, u) and not isinstance(u, FreeTensorOp)}
        for v in names:
            v.replace_uses_with_if(deq.tensor, lambda use: use.operation in rewired)

    def _dequeue_straight(
        self,
        tensor: SSAValue,
        chain: list[EnqueTensorOp],
        deques: dict[SSAValue, list[DequeTensorOp]],
    ) -> bool:
        """`_dequeue_one` for every enque of `tensor`, in one sweep over its uses.

        Applies when all the enques sit in one block and every use is in that block or
        nested in it: then "after the enque" and "dominated by the deque" both reduce to the
        order of the uses' ancestors in that block, and each use ends up reading the deque
        of the last enque before it. Returns False (nothing done) otherwise.
        """
        order = self.order
        block = chain[0].parent
        if block is None or any(e.parent is not block for e in chain):
            return False
        groups: dict[Operation, list[Operation]] = {}
        for user in dict.fromkeys(use.operation for use in tensor.uses):
            if isinstance(user, FreeTensorOp):
                continue
            anchor = order.ancestor_in_block(user, block)
            if anchor is None:
                return False
            groups.setdefault(anchor, []).append(user)
        in_chain = set(chain)
        current = tensor
        pending: EnqueTensorOp | None = None
        for anchor in sorted(groups, key=order.key):
            users = groups[anchor]
            if pending is not None:
                first = min(users, key=order.key)
                if not self._already_dequeued(pending, first, deques.get(pending.queue, ())):
                    assert isinstance(tensor.type, TensorTypeBase)
                    deq = DequeTensorOp(pending.queue, tensor.type)  # type: ignore[arg-type]
                    deq.tensor.name_hint = tensor.name_hint
                    self._allocated[deq.tensor] = tensor
                    self._named(deq)
                    insert_before(self._sync_point(anchor), with_location([deq], pending), order)
                    self._deque_of[pending] = deq
                    current = deq.tensor
                pending = None
            if current is not tensor:
                for user in users:  # per user, not per use of `tensor`: keeps the sweep linear
                    user.operands = [current if v is tensor else v for v in user.operands]
            if anchor in in_chain:
                pending = anchor  # type: ignore[assignment]
        if pending is not None:  # written and never read again: as one enque at a time
            self._dequeue_one(pending, deques)
        return True

    def _deque_anchor(self, enq: EnqueTensorOp, first: Operation) -> Operation:
        """The op the deque goes before: `first`'s ancestor at the enque's level, else at the
        innermost level holding both (pyasc tries only `first` itself there, and fails when
        it is nested, e.g. a buffer filled in one loop and read in the next)."""
        region = enq.parent_region()
        assert region is not None
        anchor = self.order.ancestor_in_region(first, region)
        if anchor is not None:
            return anchor
        pair = self.order.common_level(enq, first)
        return pair[1] if pair is not None else first

    def _erase(self, op: Operation) -> None:
        block = op.parent
        assert block is not None
        block.erase_op(op)
        self.order.forget(op)

    def _already_dequeued(
        self, enq: EnqueTensorOp, first: Operation, deques: list[DequeTensorOp] | tuple
    ) -> bool:
        """True if a deque of the queue that was in the input lies between enq and `first`."""
        if not deques:
            return False
        order = self.order
        lo = bisect.bisect_right(deques, order.key(enq), key=order.key)
        hi = bisect.bisect_left(deques, order.key(first), key=order.key)
        return any(order.precedes(enq, d) for d in deques[lo:hi])

    def _sync_point(self, op: Operation) -> Operation:
        """Where new sync for `op` goes: before it, and (default mode) before the
        `pipe_barrier`s directly in front of it, which erase-sync keeps."""
        if self.pyasc:
            return op
        point = op
        while isinstance(point.prev_op, PipeBarrierOp):
            point = point.prev_op
        return point

    # --- step 3, default mode ------------------------------------------------------------------

    # Rounds of the dataflow when sets move: each round orders what the moves of the one
    # before left unordered; the last round moves nothing, so nothing is left.
    MAX_ROUNDS = 4

    def order_dependences(self) -> None:
        if self.auto_sync:
            self._order_before_layer_two()
        else:
            self._order()

    def _flow(self) -> SyncDataflow:
        # Every function with a body ends in pipe_all after this pass (step 4), whatever
        # order the functions are visited in.
        return SyncDataflow(
            self.func, self.pipes, entry_wildcard=self.called,
            call_ends_in_barrier=self.synced_calls.__contains__,
            vector_barriers=self.vector_barriers,
        )

    def _order(self) -> None:
        """Order every dependence the IR leaves unordered (the syncs in it count)."""
        for rnd in range(self.MAX_ROUNDS):
            flow = self._flow()
            if not flow.needs:
                return
            hoist = self.early_sets and rnd < self.MAX_ROUNDS - 1
            if not self._place(flow, hoist):
                return  # no set moved: the pairs are placed as the dataflow assumed

    # Checks that bisheng's layer, given this pass's syncs, still places what they rely on.
    LAYER_TWO_CHECKS = 3

    def _order_before_layer_two(self) -> None:
        """`auto_sync=true`: cce-auto-sync (bisheng's layer) runs after this pass, so what its
        syncs order is left to them: the S <-> V/MTE2/MTE3 pairs it places itself, and any
        other pair its flags order transitively (MTE3 -> MTE2 after its MTE3 -> S and S -> MTE2).

        Its syncs depend on this pass's (it places a pair only where nothing orders it yet),
        so: add what it places on the IR as it is (the TQue protocol, the kernel's own
        syncs), order what is left, take its syncs out again; then check that what it places
        on that result leaves nothing unordered, adding what is missing (a few rounds; if
        they do not settle, whatever is left is ordered without counting on it, as with
        auto_sync off). Each step is one dataflow over the function: linear.
        """
        layer_two = self._with_layer_two()
        self._order()
        self._strip(layer_two)
        for _ in range(self.LAYER_TWO_CHECKS):
            layer_two = self._with_layer_two()
            flow = self._flow()
            if flow.needs:
                self._place(flow, hoist=False)
            self._strip(layer_two)
            if not flow.needs:
                return
        self._order()

    def _strip(self, ops: list[Operation]) -> None:
        strip_ops(ops)
        for op in ops:
            self.order.forget(op)

    def _with_layer_two(self) -> list[Operation]:
        ops = auto_sync_function(self.func)
        # Its groups (an id constant, set, wait; a barrier) are runs of adjacent new ops.
        run: list[Operation] = []
        for op in ops:
            if run and op.prev_op is not run[-1]:
                self.order.note_inserted_run(run)
                run = []
            run.append(op)
        if run:
            self.order.note_inserted_run(run)
        return ops

    def _place(self, flow: SyncDataflow, hoist: bool) -> bool:
        """Put the pairs and barriers `flow` asks for before their ops; with `hoist`, move
        each set back to right after its producer (sync_hoist.py). True if one moved."""
        moved = False
        for op, need in flow.needs.items():
            assert isinstance(op, AscendCOp)
            pipe = access_pipe(op)
            group: list[Operation] = []
            barrier: Pipe | None = None
            for src in sorted(need.events, key=int):
                event = HardEvent.between(src, pipe) if src != pipe else None
                if event is not None:
                    group += scalar_event_group(event, op)
                elif src == pipe:
                    barrier = pipe
                else:  # no event joins the two pipes: only a full barrier orders them
                    barrier = Pipe.PIPE_ALL
            if group:
                insert_before(self._sync_point(op), group, self.order)
                if hoist:
                    for set_op in group[2::4]:
                        assert isinstance(set_op, SetFlagOp)
                        moved |= hoist_set(set_op, op, flow.may_conflict, self.order)
            if barrier is not None:
                insert_before(op, with_location([PipeBarrierOp(barrier)], op), self.order)
        return moved

    # --- step 3 ------------------------------------------------------------------------------

    def sync_scalar_accesses(self) -> None:
        accesses = [
            op
            for op in self.func.walk()
            if isinstance(op, AscendCOp)
            and (op.READS or op.WRITES)
            and op.hw_pipe() == Pipe.PIPE_S
            and any(
                isinstance(v.type, TensorTypeBase)
                for v in (*op.read_operands(), *op.written_operands())
            )
        ]
        for op in accesses:
            around = self._lone_loop_write(op) or op
            if not self._flag_before(around, HardEvent.V_S):
                insert_before(around, scalar_event_group(HardEvent.V_S, op), self.order)
            if not self._flag_after(around, HardEvent.S_V):
                insert_after(around, scalar_event_group(HardEvent.S_V, op), self.order)

    @staticmethod
    def _lone_loop_write(op: AscendCOp) -> Operation | None:
        """The scf.for whose body is just this write and the yield (synchronized as a whole)."""
        if not op.WRITES:
            return None
        loop = op.parent_op()
        if not isinstance(loop, scf.ForOp):
            return None
        body = loop.body.block
        if body.first_op is op and op.next_op is body.last_op and terminator(body) is not None:
            return loop
        return None

    @staticmethod
    def _flag_before(op: Operation, event: HardEvent) -> bool:
        prev = op.prev_op
        while isinstance(prev, SYNC_OPS):
            if isinstance(prev, WaitFlagOp) and prev.enum_value("event") == event:
                return True
            prev = prev.prev_op
        return False

    @staticmethod
    def _flag_after(op: Operation, event: HardEvent) -> bool:
        nxt = op.next_op
        while isinstance(nxt, SYNC_OPS):
            if isinstance(nxt, WaitFlagOp) and nxt.enum_value("event") == event:
                return True
            nxt = nxt.next_op
        return False

    # --- step 4 ------------------------------------------------------------------------------

    def final_barrier(self) -> None:
        last_block = self.func.body.blocks.last
        assert last_block is not None
        term = terminator(last_block)
        if term is None:
            return
        prev = term.prev_op
        if isinstance(prev, PipeBarrierOp) and prev.barrier_pipe == Pipe.PIPE_ALL:
            return
        insert_before(term, with_location([PipeBarrierOp(Pipe.PIPE_ALL)], term), self.order)
