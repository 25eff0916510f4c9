"""Which cross-pipe dependences of a function's local buffers no synchronization orders.

The analysis behind `insert-que-sync`'s default placement and `verify-sync`'s dataflow
warnings. It follows the simulator's sanitizer (sim/sanitizer.py) abstractly:

- A **buffer** is what a local tensor value can point at: a TQue/TQueBind (all its buffers),
  a TBuf, a static tensor (a constant byte range of a memory, overlapping ranges merged; a
  range not known at compile time is its own buffer), or any other tensor-making op. Views
  (`operator[]`, `ReinterpretCast`) and values carried through `scf.for` iter-args, `scf.if`
  and `scf.while` results share their source's buffers (one union-find over the function).
  A tensor argument of a function is any buffer (`WILDCARD`).
- The **state** at a program point says, per pipe Q, which accesses `(buffer, pipe A, write?)`
  Q does not know to be complete: Q must be ordered after them before it conflicts with them.
  Ops of one pipe run in order, except the vector pipe, which does not know its own earlier
  writes (A2 overlaps consecutive vector instructions) until a `pipe_barrier pipe_v`.
- A **sync** moves knowledge as on hardware: `set_flag` on A snapshots what A does not know,
  the matching `wait_flag` on B keeps only what is in the snapshot (plus what happened after
  the set); EnQue/DeQue and FreeTensor/AllocTensor are such pairs between a queue's producer
  and consumer pipes (sim/queues.py); `pipe_barrier pipe_all` makes every pipe know everything.
- Control flow: `scf.if` joins its branches; a loop body runs once from the state before the
  loop, then again from what it leaves until that stops growing, so dependences over back
  edges are seen. The state is bounded by buffers x
  pipes^2, not by the IR, so each op is visited a bounded number of times. A called
  function starts from "anything may be pending"; a call ends in "all complete" when the
  callee ends in `pipe_barrier pipe_all`, else in "anything may have been accessed".

For each access op the result is the set of pipes it must wait for (`needs`): an access on
pipe P that conflicts with an access of pipe A that P does not know (a write then any
access, or a read then a write) needs A -> P; the vector pipe's own earlier write needs a
`pipe_barrier pipe_v`. The needs are applied as adjacent set/wait pairs right before the op,
so later ops see the dependence as ordered.

GM is tracked too, by range (gm_ranges.py): a GM key is `("gm", root, range)`, and two keys
of one root conflict unless their ranges are provably disjoint, also across a loop's
iterations (facts that mention the loop's induction variable are marked `earlier` on the
back edge, and widened to the whole root when the loop is left). Across cores no event can
order GM; that is the simulator's cross-core check.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from xdsl.dialects import func, scf
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Block, Operation, SSAValue

from ascdsl.dialects.ascendc import (
    AllocTensorOp,
    AscendCOp,
    DequeTensorOp,
    EnqueTensorOp,
    FreeTensorOp,
    GetTensorOp,
    HardEvent,
    LocalTensorType,
    LocalTensorV2Op,
    Pipe,
    PipeBarrierOp,
    SetFlagOp,
    TPosition,
    WaitFlagOp,
    soc,
)
from ascdsl.dialects.ascendc.base import const_int

from .gm_ranges import ANY_ROOT, Facts, gm_overlap, is_gm
from .sync_client import client_sync

WILDCARD = ("any",)  # anything: what a caller or callee may have left pending
LOCAL_ANY = ("any-local",)  # a local tensor argument: any local buffer
Key = tuple
Fact = tuple[Key, Pipe, bool]  # (buffer, accessing pipe, is a write)


def _local(value: SSAValue) -> bool:
    return isinstance(value.type, LocalTensorType)


def _inside(value, loop: Operation) -> bool:
    """Whether an SSA value is defined inside `loop` (its body's block arguments included)."""
    if not isinstance(value, SSAValue):
        return False
    owner = value.owner
    if isinstance(owner, Block):  # a block argument: of the loop's body, or of a region in it
        owner = owner.parent_op()
        return owner is not None and loop.is_ancestor(owner)
    return owner is not loop and loop.is_ancestor(owner)


def access_pipe(op: AscendCOp) -> Pipe:
    """The pipe an access op runs on (an undeclared one is a vector op, as in step 1)."""
    pipe = op.hw_pipe()
    return Pipe.PIPE_V if pipe is None else pipe


class BufferMap:
    """The buffers each local tensor value of a function can point at."""

    def __init__(self, root: Operation):
        self._parent: dict[SSAValue, SSAValue] = {}
        origins: list[tuple[SSAValue, Key]] = []
        ranges: list[tuple[SSAValue, object, int, int]] = []
        for op in root.walk():
            self._link(op)
            for res in op.results:
                if not _local(res):
                    continue
                key = self._origin(op, res, ranges)
                if key is not None:
                    origins.append((res, key))
            for region in op.regions:
                for block in region.blocks:
                    for arg in block.args:
                        if _local(arg) and isinstance(op, func.FuncOp):
                            origins.append((arg, LOCAL_ANY))
        origins += self._merged_ranges(ranges)
        self._keys: dict[SSAValue, set[Key]] = {}
        for value, key in origins:
            self._keys.setdefault(self._find(value), set()).add(key)
        self._frozen: dict[SSAValue, frozenset[Key]] = {}

    def keys(self, value: SSAValue) -> frozenset[Key]:
        root = self._find(value)
        found = self._frozen.get(root)
        if found is None:
            found = self._frozen[root] = frozenset(self._keys.get(root, ()))
        return found

    # union-find ---------------------------------------------------------------------------

    def _find(self, v: SSAValue) -> SSAValue:
        parent = self._parent
        root = v
        while root in parent:
            root = parent[root]
        while v in parent and parent[v] is not root:  # path compression
            parent[v], v = root, parent[v]
        return root

    def _union(self, a: SSAValue, b: SSAValue) -> None:
        if not (_local(a) and _local(b)):
            return
        ra, rb = self._find(a), self._find(b)
        if ra is not rb:
            self._parent[ra] = rb

    def _link(self, op: Operation) -> None:
        source = getattr(op, "source_tensor", None)
        if callable(source) and len(op.results) == 1:
            self._union(op.results[0], source())
        if isinstance(op, scf.ForOp):
            body = op.body.block
            yielded = body.last_op.operands if body.last_op is not None else ()
            for arg, init, res, y in zip(body.args[1:], op.iter_args, op.results, yielded):
                self._union(arg, init)
                self._union(arg, y)
                self._union(res, y)
        elif isinstance(op, scf.IfOp | scf.WhileOp):
            # Results and block arguments are bound to the operands of every region's
            # terminator (and a while loop's to its inits): one class for each position.
            groups: list[list[SSAValue]] = [[r] for r in op.results]
            if isinstance(op, scf.WhileOp):
                for i, init in enumerate(op.arguments):
                    for block in (op.before_region.block,):
                        if i < len(block.args):
                            self._union(block.args[i], init)
            for region in op.regions:
                for block in region.blocks:
                    term = block.last_op
                    if term is None:
                        continue
                    operands = list(term.operands)
                    if isinstance(term, scf.ConditionOp):
                        operands = operands[1:]
                        after = op.regions[1].block if len(op.regions) > 1 else None
                        if after is not None:
                            for arg, v in zip(after.args, operands):
                                self._union(arg, v)
                    elif isinstance(op, scf.WhileOp):
                        for arg, v in zip(op.before_region.block.args, operands):
                            self._union(arg, v)
                        continue
                    for g, v in zip(groups, operands):
                        g.append(v)
            for g in groups:
                for v in g[1:]:
                    self._union(g[0], v)

    @staticmethod
    def _origin(op: Operation, res: SSAValue, ranges: list) -> Key | None:
        source = getattr(op, "source_tensor", None)
        if callable(source):
            return None  # a view: its source's buffers
        if isinstance(op, AllocTensorOp | DequeTensorOp) and not op.on_tbuf:
            return ("queue", op.queue)
        if isinstance(op, GetTensorOp | AllocTensorOp | DequeTensorOp) \
                or type(op).__name__ == "GetWithOffsetOp":
            return ("tbuf", op.operands[0])
        if isinstance(op, LocalTensorV2Op):
            addr, size = const_int(op.addr), const_int(op.tile_size)
            bits = getattr(res.type.element_type, "bitwidth", None)
            if addr is not None and size is not None and bits:
                pos = TPosition(op.enum_value("pos"))
                ranges.append((res, pos.hardware, addr, addr + size * max(1, bits // 8)))
                return None
        if isinstance(op, scf.ForOp | scf.IfOp | scf.WhileOp):
            return None  # bound to its regions' values
        return ("op", op)

    @staticmethod
    def _merged_ranges(ranges: list) -> list[tuple[SSAValue, Key]]:
        """Static tensors at constant addresses: one buffer per set of overlapping ranges."""
        out: list[tuple[SSAValue, Key]] = []
        ranges.sort(key=lambda r: (int(r[1]), r[2]))
        start = end = -1
        hw = None
        for value, mem, lo, hi in ranges:
            if mem != hw or lo >= end:
                hw, start, end = mem, lo, hi
            else:
                end = max(end, hi)
            out.append((value, ("range", int(mem), start)))
        return out


def _key_overlap(facts: Facts, a: Key, b: Key) -> bool:
    if a == b or a == WILDCARD or b == WILDCARD:
        return True
    ga, gb = a[0] == "gm", b[0] == "gm"
    if ga != gb:
        return False
    if ga:
        return gm_overlap(facts, a, b)
    return a == LOCAL_ANY or b == LOCAL_ANY


def _overlap(facts: Facts, a: frozenset[Key], b: Key) -> bool:
    """Whether the op's keys `a` and a fact's key `b` may name common bytes."""
    if b in a and (b[0] != "gm" or len(b) < 3 or b[2] is None or b[2][2] is None):
        return True  # the same buffer, or the same GM range of this iteration
    return any(_key_overlap(facts, k, b) for k in a)


@dataclass
class State:
    """Per pipe, the accesses it does not know complete; per pending event, its snapshot."""

    unknown: dict[Pipe, set[Fact]] = field(default_factory=dict)
    pending: dict[tuple, tuple[Pipe, Pipe, set[Fact]]] = field(default_factory=dict)

    def copy(self) -> State:
        return State(
            {p: set(f) for p, f in self.unknown.items()},
            {k: (a, b, set(s)) for k, (a, b, s) in self.pending.items()},
        )

    def join(self, other: State) -> State:
        unknown = {p: set(f) for p, f in self.unknown.items()}
        for p, facts in other.unknown.items():
            unknown.setdefault(p, set()).update(facts)
        # An event pending on one path only teaches its wait nothing on the other: drop it.
        pending = {
            k: (a, b, s | other.pending[k][2])
            for k, (a, b, s) in self.pending.items()
            if k in other.pending
        }
        return State(unknown, pending)

    def same(self, other: State) -> bool:
        mine = {p: f for p, f in self.unknown.items() if f}
        theirs = {p: f for p, f in other.unknown.items() if f}
        return mine == theirs and self.pending == other.pending


@dataclass
class Need:
    """What an access op must wait for: cross-pipe events and the vector pipe's own writes."""

    events: set[Pipe] = field(default_factory=set)
    # For diagnostics: one earlier access per waited-for pipe.
    sources: dict[Pipe, Operation] = field(default_factory=dict)


class SyncDataflow:
    """Run the analysis over one function; `needs` maps each access op to what it lacks."""

    MAX_ROUNDS = 64  # per loop; the state lattice is far shallower

    def __init__(
        self,
        function: func.FuncOp,
        pipes: Iterable[Pipe],
        entry_wildcard: bool,
        call_ends_in_barrier: Callable[[func.CallOp], bool] = lambda call: False,
        vector_barriers: bool = True,
    ):
        self.call_ends_in_barrier = call_ends_in_barrier
        # Whether V -> V dependences are this pass's to order; in the default pipeline they
        # are bisheng's auto-sync layer's (cce-auto-sync), as on hardware.
        self.vector_barriers = vector_barriers
        self.buffers = BufferMap(function)
        self.gm = Facts(function)
        self._carried: dict[tuple, Fact] = {}
        self.pipes = tuple(pipes)
        self.needs: dict[Operation, Need] = {}
        self._site: dict[Fact, Operation] = {}
        state = State({p: set() for p in self.pipes})
        if entry_wildcard:
            # A sub-function starts after whatever its caller left unsynchronized.
            for q in self.pipes:
                state.unknown[q] = {(WILDCARD, a, True) for a in self.pipes if a != q}
        for region in function.regions:
            for block in region.blocks:
                state = self._block(block, state)

    # --- transfer -------------------------------------------------------------------------

    def _block(self, block: Block, state: State) -> State:
        for op in block.ops:
            state = self._op(op, state)
        return state

    def _op(self, op: Operation, state: State) -> State:
        if isinstance(op, scf.IfOp):
            then = self._block(op.true_region.block, state.copy())
            other = (
                self._block(op.false_region.block, state.copy())
                if op.false_region.blocks
                else state
            )
            return then.join(other)
        if op.regions and not isinstance(op, func.FuncOp):
            return self._loop(op, state)
        if isinstance(op, func.CallOp):
            return self._call(op, state)
        if isinstance(op, AscendCOp):
            self._ascendc(op, state)
        return state

    def _loop(self, op: Operation, state: State) -> State:
        """Any other region op runs its regions in order, zero or more times.

        The first iteration starts from the state before the loop; later ones from the join
        of what iterations leave. Keeping the two apart keeps an event the loop body sets at
        its end (a FreeTensor) pending on the back edge, where its wait (the AllocTensor at
        the top) uses it: joined with the entry, where no FreeTensor ran, it would be lost.
        """
        out, exit_ = self._regions(op, state.copy())
        # An scf.while is left after its condition region only (exit_), never from before it.
        leave = self._carry(exit_, op, True) if exit_ is not None \
            else state.join(self._carry(out, op, True))
        back = out
        for _ in range(self.MAX_ROUNDS):
            again, exit_ = self._regions(op, self._carry(back, op, False))
            leave = leave.join(self._carry(again if exit_ is None else exit_, op, True))
            nxt = back.join(again)
            if nxt.same(back):
                return leave
            back = nxt
        raise AssertionError(f"sync dataflow did not settle on {op.name}")  # pragma: no cover

    def _carry(self, state: State, loop: Operation, leaving: bool) -> State:
        """The state with its GM facts seen from the next iteration of `loop` (a range that
        follows the induction variable is an `earlier` one), or from after the loop
        (`leaving`: such ranges become the whole root)."""
        mapped = {}
        for facts in state.unknown.values():
            for f in facts:
                if f[0][0] == "gm" and f not in mapped:
                    mapped[f] = self._carry_fact(f, loop, leaving)
        for _, _, snapshot in state.pending.values():
            for f in snapshot:
                if f[0][0] == "gm" and f not in mapped:
                    mapped[f] = self._carry_fact(f, loop, leaving)
        out = state.copy()
        if not mapped or all(k is v for k, v in mapped.items()):
            return out
        for p, facts in out.unknown.items():
            out.unknown[p] = {mapped.get(f, f) for f in facts}
        for k, (a, b, snapshot) in out.pending.items():
            out.pending[k] = (a, b, {mapped.get(f, f) for f in snapshot})
        return out

    def _carry_fact(self, fact: Fact, loop: Operation, leaving: bool) -> Fact:
        memo = (fact, loop, leaving)
        found = self._carried.get(memo)
        if found is not None:
            return found
        key = fact[0]
        new_key = key
        if key != ANY_ROOT:
            if _inside(key[1], loop):
                new_key = ANY_ROOT  # a pointer computed in the loop: another one next time
            elif key[2] is not None:
                new_key = (*key[:2], self._carry_range(key[2], loop, leaving))
        out = fact if new_key == key else (new_key, fact[1], fact[2])
        if out is not fact and fact in self._site:
            self._site[out] = self._site[fact]
        self._carried[memo] = out
        return out

    def _carry_range(self, rng: tuple, loop: Operation, leaving: bool) -> tuple | None:
        off, length, earlier = rng
        values = self.gm.atom_values
        iv = None
        if isinstance(loop, scf.ForOp):
            iv_value = loop.body.block.args[0]
            for m, _ in (*off, *length):
                for a in m:
                    if values[a] is iv_value:
                        iv = a
        for m, _ in (*off, *length):
            for a in m:
                if a != iv and _inside(values[a], loop):
                    return None  # a value of this iteration only
        if iv is None:
            return rng  # the same range in every iteration
        if leaving:
            return None
        step = const_int(loop.step)
        if step is None or step <= 0:
            return None
        return (off, length, (iv, step))

    def _regions(self, op: Operation, state: State) -> tuple[State, State | None]:
        """The state after one run of `op`'s regions, and for an scf.while the state after its
        `before` region: the loop exits there when the condition fails, so what that region
        does on its last run (a copy-in the `after` region would have waited for) stays
        pending after the loop."""
        exit_ = None
        for i, region in enumerate(op.regions):
            for block in region.blocks:
                state = self._block(block, state)
            if i == 0 and isinstance(op, scf.WhileOp):
                exit_ = state.copy()
        return state, exit_

    def _call(self, op: func.CallOp, state: State) -> State:
        # The callee is analysed on its own. When it ends in pipe_barrier(PIPE_ALL) (every
        # function insert-que-sync synchronizes does) all is complete after the call;
        # otherwise its accesses may have touched any buffer.
        if self.call_ends_in_barrier(op):
            self._barrier(Pipe.PIPE_ALL, state)
            return state
        for a in self.pipes:
            self._gen(state, WILDCARD, a, True, op)
        return state

    def _ascendc(self, op: AscendCOp, state: State) -> None:
        if isinstance(op, PipeBarrierOp):
            self._barrier(op.barrier_pipe, state)
            return
        if isinstance(op, SetFlagOp | WaitFlagOp):
            event = op.enum_value("event")
            if event is HardEvent.MAX:
                return
            idv = op.operands[0] if op.operands else None
            ident = const_int(idv)
            token = ("flag", event, ident if ident is not None else idv)
            if isinstance(op, SetFlagOp):
                self._set(state, token, event.src_pipe, event.dst_pipe)
            else:
                self._wait(state, token)
            return
        if isinstance(op, EnqueTensorOp | DequeTensorOp | FreeTensorOp | AllocTensorOp):
            self._queue_event(op, state)
            return
        client = client_sync(op)
        if client is not None and client.answer:
            self._answer(state)
        gm = not self.gm.split
        writes = [self._keys(v, op) for v in op.written_operands()
                  if _local(v) or (gm and is_gm(v))]
        reads = [self._keys(v, op) for v in op.read_operands() if _local(v) or (gm and is_gm(v))]
        if not writes and not reads:
            if client is not None:
                self._client_flags(state, client)
            return
        pipe = access_pipe(op)
        if pipe not in state.unknown:
            return  # a pipe the function's pipes do not include (never happens)
        w_keys = frozenset().union(*writes) if writes else frozenset()
        r_keys = frozenset().union(*reads) if reads else frozenset()
        need = self.needs.get(op)
        if need is not None:  # what earlier rounds over a loop found
            self._apply(state, pipe, need.events)
        while True:
            conflicts = [
                f
                for f in state.unknown[pipe]
                if _overlap(self.gm, w_keys, f[0]) or (f[2] and _overlap(self.gm, r_keys, f[0]))
            ]
            if not conflicts:
                break
            # One pipe at a time, the one whose sync settles most conflicts: a wait on a
            # pipe that already waited for a third one orders that one too.
            candidates = sorted({f[1] for f in conflicts}, key=int)
            settled = {}
            for a in candidates:
                still = self._unknown_to(state, a)
                settled[a] = sum(1 for f in conflicts if f not in still)
            src = max(candidates, key=settled.__getitem__)
            if need is None:
                need = self.needs[op] = Need()
            need.events.add(src)
            site = next((self._site.get(f) for f in conflicts if f[1] == src), None)
            if site is not None:
                need.sources.setdefault(src, site)
            self._apply(state, pipe, (src,))
        for key in r_keys:
            self._gen(state, key, pipe, False, op)
        for key in w_keys:
            self._gen(state, key, pipe, True, op)
        if client is not None:
            self._client_flags(state, client)

    @staticmethod
    def _client_flags(state: State, client) -> None:
        """The SetFlag/WaitFlag pairs a client call makes before it returns (sync_client.py):
        the destination pipe learns what the source pipe knows."""
        for src, dst in client.flags:
            if src in state.unknown and dst in state.unknown:
                state.unknown[dst] &= SyncDataflow._unknown_to(state, src)

    @staticmethod
    def _answer(state: State) -> None:
        """A Matmul client waits for the server's answer to its message (sync_client.py):
        MTE3 learns S (the post's S_MTE3 flag), then every pipe learns MTE3."""
        mte3, s = Pipe.PIPE_MTE3, Pipe.PIPE_S
        if mte3 not in state.unknown:
            return  # no MTE3 access in the function: nothing it could teach is tracked
        if s in state.unknown:
            state.unknown[mte3] &= SyncDataflow._unknown_to(state, s)
        taught = SyncDataflow._unknown_to(state, mte3)
        for q, facts in state.unknown.items():
            if q != mte3:
                facts &= taught

    def access_keys(self, op: AscendCOp) -> tuple[frozenset[Key], frozenset[Key]]:
        """The buffers (and GM ranges) `op` writes and reads, as the analysis sees them."""
        gm = not self.gm.split
        keys = []
        for values in (op.written_operands(), op.read_operands()):
            found: frozenset[Key] = frozenset()
            for v in values:
                if _local(v) or (gm and is_gm(v)):
                    found |= self._keys(v, op)
            keys.append(found)
        return keys[0], keys[1]

    def may_conflict(self, earlier: Operation, later: Operation) -> bool:
        """Whether two access ops may touch common bytes, one of them writing (in order:
        a GM range of `earlier` is not one of an earlier iteration)."""
        if not (isinstance(earlier, AscendCOp) and isinstance(later, AscendCOp)):
            return True
        ew, er = self.access_keys(earlier)
        lw, lr = self.access_keys(later)
        return any(_overlap(self.gm, lw, k) for k in ew | er) or any(
            _overlap(self.gm, lr, k) for k in ew
        )

    def _keys(self, value: SSAValue, op: Operation) -> frozenset[Key]:
        if is_gm(value):
            return frozenset((self.gm.range_of(value, op),))
        return self.buffers.keys(value)

    def _apply(self, state: State, pipe: Pipe, sources) -> None:
        """Adjacent set/wait pairs from each source into `pipe` (its own: a barrier)."""
        for a in sorted(sources, key=int):
            if a == pipe:
                self._barrier(pipe, state)
            else:
                state.unknown[pipe] &= self._unknown_to(state, a)

    def _gen(self, state: State, key: Key, pipe: Pipe, is_write: bool, op: Operation) -> None:
        fact = (key, pipe, is_write)
        self._site[fact] = op
        for q, facts in state.unknown.items():
            if q != pipe or (is_write and pipe == Pipe.PIPE_V and self.vector_barriers):
                facts.add(fact)
        for _, _, snapshot in state.pending.values():
            snapshot.add(fact)

    @staticmethod
    def _unknown_to(state: State, src: Pipe) -> set[Fact]:
        """What an event from `src` does not teach: a set waits for all of src's own work
        (the vector pipe's too, which otherwise need not know its own writes)."""
        return {f for f in state.unknown[src] if f[1] != src}

    @staticmethod
    def _barrier(pipe: Pipe, state: State) -> None:
        if pipe == Pipe.PIPE_ALL:
            for facts in state.unknown.values():
                facts.clear()
        elif pipe in state.unknown:
            mine = state.unknown[pipe]
            mine -= {f for f in mine if f[1] == pipe}

    def _set(self, state: State, token: tuple, src: Pipe, dst: Pipe) -> None:
        if src not in state.unknown or dst not in state.unknown:
            return
        snapshot = self._unknown_to(state, src)
        old = state.pending.get(token)
        if old is not None:
            snapshot |= old[2]
        state.pending[token] = (src, dst, snapshot)

    @staticmethod
    def _wait(state: State, token: tuple) -> None:
        entry = state.pending.pop(token, None)
        if entry is None:
            return
        _, dst, snapshot = entry
        state.unknown[dst] &= snapshot

    def _queue_event(self, op: AscendCOp, state: State) -> None:
        if op.on_tbuf:
            return  # a TBuf's queue members are Get<T>() or nothing: no event
        qtype = op.queue.type
        ends = soc.queue_end_pipes(qtype.src_position, qtype.dst_position)
        if ends is None:
            return
        prod, cons = ends
        if prod == cons:
            if isinstance(op, AllocTensorOp):
                self._barrier(prod, state)  # a same-pipe queue's AllocTensor is a barrier
            return
        if isinstance(op, EnqueTensorOp):
            self._set(state, ("fwd", op.queue), prod, cons)
        elif isinstance(op, DequeTensorOp):
            self._wait(state, ("fwd", op.queue))
        elif isinstance(op, FreeTensorOp):
            self._set(state, ("bwd", op.queue), cons, prod)
        else:
            self._wait(state, ("bwd", op.queue))


def function_pipes(module: ModuleOp) -> tuple[Pipe, ...]:
    """The pipes of the module's access ops (the state only tracks these), in enum order."""
    found: set[Pipe] = set()
    for op in module.walk():
        if isinstance(op, AscendCOp) and (op.WRITES or op.READS):
            found.add(access_pipe(op))
    return tuple(sorted(found, key=int))


def called_functions(module: ModuleOp) -> set[str]:
    """Names of the functions some `func.call` calls (they start from an unknown state)."""
    return {
        op.callee.root_reference.data for op in module.walk() if isinstance(op, func.CallOp)
    }


def ends_in_full_barrier(module: ModuleOp) -> Callable[[func.CallOp], bool]:
    """Whether a call's callee (in `module`) ends in `pipe_barrier pipe_all`, as looked up now."""
    last_ops: dict[str, bool] = {}
    for op in module.ops:
        if isinstance(op, func.FuncOp) and op.body.blocks:
            term = op.body.blocks.last.last_op
            prev = term.prev_op if term is not None else None
            last_ops[op.sym_name.data] = (
                isinstance(prev, PipeBarrierOp) and prev.barrier_pipe == Pipe.PIPE_ALL
            )
    return lambda call: last_ops.get(call.callee.root_reference.data, False)
