"""`cce-auto-sync`: the synchronisation bisheng's `--cce-auto-sync` adds, and only that.

On a 910B three layers order a kernel (docs/simulator.md): the TQue framework (EnQue/DeQue,
Free/Alloc: cross-pipe only), the bisheng compiler's auto-sync, and the hardware. pyasc's
kernels are compiled with `--cce-auto-sync` by default (its `auto_sync` option); ascdsl runs
the IR itself, so this pass puts into the IR what bisheng would add to the binary. It is the
second layer, on the vector core only:

- V -> V: a `pipe_barrier pipe_v` before a vector op that reads or overwrites bytes an
  earlier vector op wrote (consecutive vector instructions overlap on arch 2201). A vector op
  overwriting what an earlier one reads needs nothing: vector ops read their sources in order.
- S <-> V, S <-> MTE2, S <-> MTE3, both ways: a `set_flag`/`wait_flag` pair before a
  scalar access (GetValue/SetValue, the S-pipe ops that read or write a tensor) that conflicts
  with an earlier V/MTE2/MTE3 access, and before a V/MTE2/MTE3 op that conflicts with an
  earlier scalar access. Two accesses conflict when at least one writes.

What it never touches, as bisheng: the cube core (ops on M, MTE1, FIX, and copies to or from
L1/L0/BT/FB), MTE2 -> MTE2 and MTE3 -> MTE3 (overlapping DMA needs a hand-written barrier),
and every cross-pipe pair among V, MTE2 and MTE3 (the TQue framework's, or the user's). The
S-pipe configuration ops (masks, atomics) are ordered by the hardware and access no tensor,
so they never take part.

Every op the pass inserts carries the unit attribute `ascdsl.auto_sync`, so the Ascend C
printer can leave them to bisheng and the sanitizer can tell the layers apart; each function
it ran on carries `ascdsl.auto_sync_on` (the simulator then knows bisheng's layer is modelled).

Which bytes an access touches is known only up to its buffer: a tensor is traced to its root
(the queue or TBuf it came from, through views; all static tensors share one root; GM is one
root), and two accesses may conflict when their roots are equal, or one is unknown (a tensor
carried by a loop or passed as a block argument). Existing syncs count: `pipe_barrier`
(V or ALL), and hand-overs (set_flag/wait_flag, a vector queue's EnQue/DeQue), which teach the
waiting pipe what the setting pipe knew at the set, transitively (S -> V, then V -> MTE3,
orders S before MTE3); so do the pairs the pass inserts itself. Running the pass twice adds
nothing.

The analysis is a forward dataflow over structured control flow: both branches of an
`scf.if` start from the state before it and join after it; a loop body is analysed until the
state at its entry (the state before it joined with the state at the end of its body, the
back edge) no longer grows, then once more while inserting; a pair the body would order on
every iteration against accesses from before the loop is ordered once, before it. The state
is, per pipe pair, the roots accessed on the source pipe and not yet ordered towards the
destination pipe; it only grows at a loop's entry, so each body is visited a few times per
enclosing visit (two or three rounds in practice).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import (
    AnyFloat,
    IndexType,
    IntegerAttr,
    IntegerType,
    ModuleOp,
    UnitAttr,
    i32,
)
from xdsl.dialects.func import FuncOp
from xdsl.ir import Block, BlockArgument, Operation, Region, SSAValue
from xdsl.passes import ModulePass

from ascdsl.dialects.ascendc import (
    AUTO_SYNC_ATTR,
    AllocTensorOp,
    AscendCOp,
    DequeTensorOp,
    EnqueTensorOp,
    FreeTensorOp,
    HardEvent,
    Pipe,
    PipeBarrierOp,
    SetFlagOp,
    WaitFlagOp,
)
from ascdsl.dialects.ascendc.enums import Hardware, TPosition
from ascdsl.dialects.ascendc.ops_tensor import (
    LocalMemAllocatorOp,
    LocalTensorV2Op,
    hardware_of,
)
from ascdsl.dialects.ascendc.types import GlobalTensorType, QueueType, TensorTypeBase

from .analysis import function_bodies, gc_paused

# AUTO_SYNC_ATTR, on each op the pass inserts, is the dialect's (barrier merges read it).
AUTO_SYNC_FUNC_ATTR = "ascdsl.auto_sync_on"  # on each function the pass ran on

S, V, MTE2, MTE3 = Pipe.PIPE_S, Pipe.PIPE_V, Pipe.PIPE_MTE2, Pipe.PIPE_MTE3
# The pipe pairs bisheng orders on the vector core: destination -> its sources, in the order
# they are tried (an S -> V flag may order the V -> V pair too, so it goes first).
SOURCES: dict[Pipe, tuple[Pipe, ...]] = {V: (S, V), S: (V, MTE2, MTE3), MTE2: (S,), MTE3: (S,)}
PAIRS: tuple[tuple[Pipe, Pipe], ...] = tuple((s, d) for d, ss in SOURCES.items() for s in ss)
# Pairs tracked only to know what a hand-over teaches further (the TQue framework's, which
# bisheng leaves alone): after MTE2 -> V (a DeQue) and V -> S, S knows the copy too.
KNOWLEDGE_PAIRS: tuple[tuple[Pipe, Pipe], ...] = (
    (MTE2, V), (V, MTE2), (MTE3, V), (V, MTE3), (MTE2, MTE3), (MTE3, MTE2),
)
ALL_PAIRS = PAIRS + KNOWLEDGE_PAIRS
# Per pipe: the pairs its accesses join (as source), and the pairs a wait on it may clear.
GEN: dict[Pipe, tuple[Pipe, ...]] = {
    p: tuple(d for s, d in ALL_PAIRS if s == p) for p in (S, V, MTE2, MTE3)
}
INTO: dict[Pipe, tuple[Pipe, ...]] = {
    p: tuple(s for s, d in ALL_PAIRS if d == p) for p in (S, V, MTE2, MTE3)
}
# Memories of the cube core: an op touching one runs there, where bisheng adds nothing.
CUBE_MEMORIES = frozenset(
    {Hardware.L1, Hardware.L0A, Hardware.L0B, Hardware.L0C, Hardware.BIAS, Hardware.FIXBUF}
)

# A vector-core queue's EnQue/DeQue hands its buffer from the producer pipe to the consumer,
# FreeTensor/AllocTensor back from the consumer to the producer.
QUEUE_PIPES: dict[TPosition, tuple[Pipe, Pipe]] = {
    TPosition.VECIN: (MTE2, V),
    TPosition.VECOUT: (V, MTE3),
}

READ, WRITE = 1, 2


class _Root:
    """A buffer class no SSA value stands for (all of GM, all static tensors, unknown)."""

    def __init__(self, name: str):
        self.name = name

    def __repr__(self) -> str:
        return self.name


GM = _Root("gm")
STATIC = _Root("static")
UNKNOWN = _Root("unknown-local")

State = dict[tuple[Pipe, Pipe], dict[object, int]]


def is_auto_sync(op: Operation) -> bool:
    """True for an op cce-auto-sync inserted (bisheng's layer, not the kernel's own)."""
    return AUTO_SYNC_ATTR in op.attributes


def auto_sync_applied(func: Operation) -> bool:
    """True if cce-auto-sync ran on this function (bisheng's layer is in its IR)."""
    return AUTO_SYNC_FUNC_ATTR in func.attributes


def _is_scalar(value: SSAValue) -> bool:
    return isinstance(value.type, IntegerType | IndexType | AnyFloat)


def _conflict(earlier: int, later: int, same_vector_pipe: bool) -> bool:
    if same_vector_pipe:  # vector ops read their sources in order: only RAW and WAW
        return bool(earlier & WRITE)
    return bool(earlier & WRITE) or bool(later & WRITE and earlier & READ)


def _empty_state() -> State:
    return {pair: {} for pair in ALL_PAIRS}


def _copy(state: State) -> State:
    return {pair: dict(roots) for pair, roots in state.items()}


def _join_into(into: State, other: State) -> bool:
    """Add `other` to `into`; True if `into` grew."""
    grew = False
    for pair, roots in other.items():
        mine = into[pair]
        for r, m in roots.items():
            old = mine.get(r, 0)
            if old | m != old:
                mine[r] = old | m
                grew = True
    return grew


def _join(a: State, b: State) -> State:
    out = _copy(a)
    _join_into(out, b)
    return out


@dataclass(frozen=True)
class CceAutoSyncPass(ModulePass):
    """Insert what bisheng's --cce-auto-sync inserts: V->V barriers, S<->V/MTE2/MTE3 flags."""

    name = "cce-auto-sync"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        with gc_paused():
            for func in function_bodies(op):
                _AutoSync().run(func)
                func.attributes[AUTO_SYNC_FUNC_ATTR] = UnitAttr()


def auto_sync_function(func: FuncOp) -> list[Operation]:
    """Add to one function what bisheng's auto-sync would add, as the pass does (without
    marking the function); the ops added. insert-que-sync{auto_sync=true} uses it to see
    which pairs the second layer will place."""
    _AutoSync().run(func)
    return [op for op in func.walk() if is_auto_sync(op)]


def strip_ops(ops: list[Operation]) -> None:
    """Erase ops cce-auto-sync added (users first: flags before their id constant)."""
    for op in reversed(ops):
        if op.parent is not None:
            op.detach()
            op.erase()


def strip_auto_sync(module: ModuleOp) -> int:
    """Remove what cce-auto-sync added (a kernel for `--cce-auto-sync=off`); the count."""
    doomed = [op for op in module.walk() if is_auto_sync(op)]
    # Users first: the flags before the event-id constant they read.
    for op in reversed(doomed):
        op.detach()
        op.erase()
    for func in function_bodies(module):
        func.attributes.pop(AUTO_SYNC_FUNC_ATTR, None)
    return len(doomed)


class _AutoSync:
    def __init__(self) -> None:
        self._roots: dict[SSAValue, object] = {}
        self._accesses: dict[Operation, tuple[Pipe, list[tuple[object, int]]] | None] = {}
        self._events: dict[Operation, list[tuple]] = {}
        # Hand-overs set and not yet waited for: key -> what their wait teaches.
        self._open: dict[object, dict[tuple[Pipe, Pipe], set]] = {}

    def run(self, func: FuncOp) -> None:
        self._region([func.body], _empty_state(), insert=True, loop=len(func.body.blocks) > 1)

    # --- what an op touches ------------------------------------------------------------------

    def root(self, value: SSAValue) -> object:
        """The buffer `value` is a view of (a queue, a TBuf, a tensor op), or a _Root class."""
        if isinstance(value.type, GlobalTensorType):
            return GM
        known = self._roots.get(value)
        if known is not None:
            return known
        v, result = value, None
        for _ in range(64):  # views of views
            if isinstance(v, BlockArgument):  # carried by a loop, or a function argument
                result = UNKNOWN
                break
            owner = v.owner
            source = getattr(owner, "source_tensor", None)
            if callable(source):
                v = source()
                continue
            if isinstance(owner, LocalTensorV2Op):
                result = STATIC
                break
            holders = [o for o in owner.operands if not _is_scalar(o)]
            # alloc_tensor/deque_tensor(queue), get_buf(tbuf), alloc(allocator): the holder
            # hands out its buffers again, so every tensor it gives is one root.
            result = self.root_of_holder(holders[0]) if holders else v
            break
        if result is None:
            result = UNKNOWN
        self._roots[value] = result
        return result

    def root_of_holder(self, holder: SSAValue) -> object:
        if isinstance(holder.type, TensorTypeBase):
            return self.root(holder)
        owner = holder.owner
        # A static allocator (LocalMemAllocator) places tensors by address: one class.
        if isinstance(owner, LocalMemAllocatorOp):
            return STATIC
        return holder

    def accesses(self, op: Operation) -> tuple[Pipe, list[tuple[object, int]]] | None:
        """(pipe, [(root, READ|WRITE)]) of an op bisheng's auto-sync looks at, else None."""
        if op in self._accesses:
            return self._accesses[op]
        found = None
        if isinstance(op, AscendCOp) and (op.READS or op.WRITES):
            pipe = op.hw_pipe()
            if pipe in SOURCES:
                found = self._tensor_accesses(op, pipe)
        self._accesses[op] = found
        return found

    def _tensor_accesses(self, op: AscendCOp, pipe: Pipe):
        masks: dict[object, int] = {}
        for values, mask in ((op.read_operands(), READ), (op.written_operands(), WRITE)):
            for v in values:
                if not isinstance(v.type, TensorTypeBase):
                    continue
                if hardware_of(v) in CUBE_MEMORIES:
                    return None  # the cube core's: bisheng adds nothing there
                r = self.root(v)
                masks[r] = masks.get(r, 0) | mask
        if not masks:
            return None
        return pipe, list(masks.items())

    # --- the dataflow --------------------------------------------------------------------------

    def _region(self, regions: Sequence[Region], state: State, insert: bool, loop: bool,
                exit_blocks: int | None = None) -> State:
        """The state after running `regions` in sequence (again and again when `loop`; a
        loop that is left only after its first `exit_blocks` blocks: the state there)."""
        blocks = [b for r in regions for b in r.blocks]
        if not loop:
            for block in blocks:
                state = self._block(block, state, insert)
            return state
        entry = state
        # The entry only grows and is bounded (pairs x buffers x read/write), so this ends;
        # two or three rounds in practice.
        while True:
            out = _copy(entry)
            for block in blocks:
                out = self._block(block, out, False)
            grown = _copy(entry)
            if not _join_into(grown, out):
                break
            entry = grown
        out = _copy(entry)
        exit_state = None
        for i, block in enumerate(blocks):
            out = self._block(block, out, insert)
            if exit_blocks is not None and i + 1 == exit_blocks:
                exit_state = _copy(out)
        return exit_state if exit_state is not None else _join(entry, out)

    def _block(self, block: Block, state: State, insert: bool) -> State:
        opened: list[object] = []
        for op in list(block.ops):
            if op.regions:
                state = self._nested(op, state, insert)
            elif isinstance(op, PipeBarrierOp):
                pipe = op.barrier_pipe
                if pipe == Pipe.PIPE_ALL:
                    state = _empty_state()
                    self._open.clear()
                elif pipe == V:
                    state[(V, V)].clear()
            elif isinstance(op, SetFlagOp | EnqueTensorOp | FreeTensorOp):
                hand_over = self._hand_over(op)
                if hand_over is not None:
                    key, src, dst = hand_over
                    self._open[key] = self._learnable(state, src, dst)
                    opened.append(key)
            elif isinstance(op, WaitFlagOp | DequeTensorOp | AllocTensorOp):
                hand_over = self._hand_over(op)
                if hand_over is not None:
                    self._wait(state, *hand_over, flag=isinstance(op, WaitFlagOp))
            else:
                acc = self.accesses(op)
                if acc is not None:
                    self._access(op, acc[0], acc[1], state, insert)
        for key in opened:  # a set whose wait is not in this block teaches nothing
            self._open.pop(key, None)
        return state

    # --- what a hand-over (set/wait, EnQue/DeQue) teaches -----------------------------------------

    @staticmethod
    def _hand_over(op: Operation) -> tuple[object, Pipe, Pipe] | None:
        """(key, source pipe, destination pipe) of a set/wait, EnQue/DeQue (producer to
        consumer) or FreeTensor/AllocTensor (consumer back to producer), else None."""
        if isinstance(op, SetFlagOp | WaitFlagOp):
            event = HardEvent(op.enum_value("event"))
            if event is HardEvent.MAX:
                return None  # compiles to no instruction: hands nothing over
            return event, event.src_pipe, event.dst_pipe
        queue = op.queue  # type: ignore[attr-defined]
        qtype = queue.type
        if not isinstance(qtype, QueueType):
            return None
        pipes = QUEUE_PIPES.get(qtype.position)
        if pipes is None:
            return None
        if isinstance(op, FreeTensorOp | AllocTensorOp):
            return ("free", queue), pipes[1], pipes[0]
        return queue, pipes[0], pipes[1]

    @staticmethod
    def _learnable(state: State, src: Pipe, dst: Pipe) -> dict[tuple[Pipe, Pipe], set]:
        """What `dst` learns at the wait of a hand-over set now on `src`: per tracked pair
        (A, dst), the buffers whose every access on A `src` knows of (all of src's own)."""
        learn: dict[tuple[Pipe, Pipe], set] = {}
        for a in INTO.get(dst, ()):
            pending = state[(a, dst)]
            if not pending:
                continue
            if a == src:
                learn[(a, dst)] = set(pending)
            elif (a, src) in state:
                unknown_to_src = state[(a, src)]
                learn[(a, dst)] = {r for r in pending if r not in unknown_to_src}
        return learn

    def _wait(self, state: State, key: object, src: Pipe, dst: Pipe, flag: bool) -> None:
        learn = self._open.pop(key, None)
        if learn is None:
            # A wait_flag whose set is in another block orders what came before it; a DeQue
            # or AllocTensor without a hand-over seen here (the first AllocTensor waits for
            # nothing) teaches nothing.
            if flag and (src, dst) in state:
                state[(src, dst)].clear()
            return
        for pair, roots in learn.items():
            pending = state[pair]
            for r in roots:
                pending.pop(r, None)

    def _nested(self, op: Operation, state: State, insert: bool) -> State:
        if isinstance(op, scf.IfOp):
            outs = [self._region([r], _copy(state), insert, loop=False) for r in op.regions]
            if not op.false_region.blocks:  # no else: the state before flows past it
                outs.append(state)
            joined = outs[0]
            for other in outs[1:]:
                joined = _join(joined, other)
            return joined
        # Loops (scf.for; scf.while's condition and body, in turn) and any other op with
        # regions: the regions may run again after each other.
        self._hoist_entry_syncs(op, state, insert)
        # An scf.while is left after its condition region only, where its last run's
        # accesses are still pending (the body's syncs never ran after them).
        exit_blocks = len(op.regions[0].blocks) if isinstance(op, scf.WhileOp) else None
        return self._region(op.regions, state, insert, loop=True, exit_blocks=exit_blocks)

    def _hoist_entry_syncs(self, loop: Operation, state: State, insert: bool) -> None:
        """Order before `loop` the pairs its body would otherwise order on every iteration.

        When what conflicts is an access made before the loop (a copy-in, then a scalar loop
        over its elements), a sync inside the body would run once per iteration; one before
        the loop orders the same accesses once. A pair is hoisted when the first event of
        the body (in program order, nested ops included) that concerns it is a conflicting
        access; when it is a sync, the body orders the pair itself.
        """
        undecided = {pair for pair in PAIRS if state[pair]}
        if not undecided:
            return
        hoisted: list[tuple[Pipe, Pipe]] = []
        for event in self._loop_events(loop):
            kind = event[0]
            if kind == "all":
                break
            if kind == "sync":
                undecided.discard(event[1])
            else:
                pipe, accs = event[1], event[2]
                for src in SOURCES[pipe]:
                    pair = (src, pipe)
                    if pair in undecided and self._conflicts(state[pair], accs, src == pipe):
                        undecided.discard(pair)
                        hoisted.append(pair)
            if not undecided:
                break
        for pair in hoisted:
            if insert:
                self._insert_sync(loop, *pair)
            state[pair].clear()

    def _loop_events(self, loop: Operation) -> list[tuple]:
        """The syncs and tracked accesses nested in `loop`, in program order (computed once)."""
        events = self._events.get(loop)
        if events is not None:
            return events
        events = []
        for op in loop.walk():
            if op is loop:
                continue
            if isinstance(op, PipeBarrierOp):
                if op.barrier_pipe == Pipe.PIPE_ALL:
                    events.append(("all",))
                elif op.barrier_pipe == V:
                    events.append(("sync", (V, V)))
            elif isinstance(op, WaitFlagOp):
                event = HardEvent(op.enum_value("event"))
                if event is not HardEvent.MAX:
                    events.append(("sync", (event.src_pipe, event.dst_pipe)))
            else:
                acc = self.accesses(op)
                if acc is not None:
                    events.append(("access", acc[0], acc[1]))
        self._events[loop] = events
        return events

    def _access(self, op: Operation, pipe: Pipe, accs, state: State, insert: bool) -> None:
        for src in SOURCES[pipe]:
            pending = state[(src, pipe)]
            if pending and self._conflicts(pending, accs, src == pipe):
                if insert:
                    self._insert_sync(op, src, pipe)
                if src != pipe:
                    # Its own pair is a hand-over like any other: the waiting pipe learns
                    # what src knew (after V -> S, S knows the copy-in V waited for, and
                    # needs no MTE2 -> S besides).
                    for pair, roots in self._learnable(state, src, pipe).items():
                        for r in roots:
                            state[pair].pop(r, None)
                pending.clear()
        for dst in GEN[pipe]:
            pending = state[(pipe, dst)]
            for r, m in accs:
                pending[r] = pending.get(r, 0) | m
            # An access after a hand-over's set is not what its wait orders.
            for learn in self._open.values():
                roots = learn.get((pipe, dst))
                if roots:
                    for r, _ in accs:
                        roots.discard(r)

    @staticmethod
    def _conflicts(pending: dict[object, int], accs, same: bool) -> bool:
        for r, m in accs:
            if r is UNKNOWN:
                if any(_conflict(pm, m, same) for pr, pm in pending.items() if pr is not GM):
                    return True
                continue
            pm = pending.get(r, 0)
            if r is not GM:
                pm |= pending.get(UNKNOWN, 0)
            if pm and _conflict(pm, m, same):
                return True
        return False

    def _insert_sync(self, op: Operation, src: Pipe, dst: Pipe) -> None:
        block = op.parent
        assert block is not None
        if src == dst:
            new: list[Operation] = [PipeBarrierOp(src)]
        else:
            event = HardEvent.between(src, dst)
            assert event is not None, (src, dst)
            # bisheng uses a hardware event id of its own; the flag is set and waited
            # at once, so it never stays pending across other flags of the kernel.
            eid = arith.ConstantOp(IntegerAttr(0, i32))
            new = [eid, SetFlagOp(event, eid.result), WaitFlagOp(event, eid.result)]
        for n in new:
            n.attributes[AUTO_SYNC_ATTR] = UnitAttr()
            n.location = op.location
            block.insert_op_before(n, op)
