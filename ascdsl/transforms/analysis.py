"""Op order and dominance for the passes, computed once per function.

xDSL only has block-level dominance inside one region and a linear `is_before_in_block`. The
sync and hoisting passes ask "does op A come before op B", "which ancestor of B sits in A's
region" and "does A dominate B" once per tensor or per use, so asking xDSL would make them
quadratic. `OpOrder` numbers the ops under a root (a function) once, in pre-order, and answers
those questions in O(nesting depth):

- every op gets a key; keys grow in pre-order (an op before its nested ops, nested ops before
  the next sibling), and `last` is the largest key inside an op's regions, so "A contains B"
  is two comparisons;
- two ops are ordered by their ancestors in the innermost block holding both;
- for regions with several blocks, block dominance comes from xDSL's `DominanceInfo`,
  computed once per region, lazily (structured IR never needs it).

Passes that insert ops tell the order (`note_inserted`): the new op gets a key between its
neighbours, so the numbering stays valid without renumbering the function. Keys are spaced
widely; if a gap ever runs out the function is renumbered (rare, and O(n)).

Keys follow the order of blocks in their region. Passes that narrow a search by key range
(`a` before `b` implies `key(a) < key(b)`) rely on a block being listed after the blocks
that dominate it, which structured control flow (scf) and parsed CFGs in source order give.
"""

from __future__ import annotations

from collections.abc import Iterator

from xdsl.dialects.builtin import ModuleOp
from xdsl.dialects.func import FuncOp
from xdsl.ir import Block, BlockArgument, Operation, OpResult, Region, SSAValue
from xdsl.irdl.dominance import DominanceInfo
from xdsl.traits import IsTerminator

from ascdsl.gc_pause import gc_paused as _gc_paused

_STRIDE = 1 << 32  # key distance between consecutive ops when numbering
_STEP = 1 << 16  # distance a new op keeps from its predecessor when the gap allows


class OpOrder:
    """Pre-order keys for every op nested in `root`, and the order/dominance queries on them.

    `root` itself is not numbered: queries are about the ops inside it (a function body).
    """

    def __init__(self, root: Operation):
        self.root = root
        self._key: dict[Operation, int] = {}
        self._last: dict[Operation, int] = {}
        self._dominance: dict[Region, DominanceInfo] = {}
        self.renumberings = 0
        self._number()

    # --- numbering -------------------------------------------------------------------------

    def _number(self) -> None:
        key: dict[Operation, int] = {}
        last: dict[Operation, int] = {}
        counter = 0

        def visit(block: Block) -> None:
            nonlocal counter
            for op in block.ops:
                counter += _STRIDE
                key[op] = counter
                if op.regions:
                    for region in op.regions:
                        for inner in region.blocks:
                            visit(inner)
                    last[op] = counter

        for region in self.root.regions:
            for block in region.blocks:
                visit(block)
        self._key, self._last = key, last
        self._dominance.clear()

    def renumber(self) -> None:
        """Number the ops again from scratch (after edits the order was not told about)."""
        self.renumberings += 1
        self._number()

    def key(self, op: Operation) -> int:
        """The op's position in pre-order (only comparisons between keys are meaningful)."""
        return self._key[op]

    def last(self, op: Operation) -> int:
        """The largest key inside `op` (its own key when it has no nested ops)."""
        return self._last.get(op, self._key[op])

    def __contains__(self, op: Operation) -> bool:
        return op in self._key

    def note_inserted(self, op: Operation) -> None:
        """Number an op (without regions) that was just inserted into, or moved within, the IR.

        The key lies strictly between the keys of the op's pre-order neighbours, so every
        query stays correct without renumbering.
        """
        nxt = op.next_op
        if op.regions or nxt is None or nxt not in self._key:
            self.renumber()
            return
        lo = self._pred_key(op)
        hi = self._key[nxt]
        if lo is None or hi - lo < 2:
            self.renumber()
            return
        self._key[op] = lo + min((hi - lo) // 2, _STEP)
        self._last.pop(op, None)

    def note_inserted_run(self, ops: list[Operation]) -> None:
        """Number ops (without regions) just inserted one after the other, before an op that
        is numbered: keys spread evenly over the gap, so no renumbering."""
        nxt = ops[-1].next_op
        lo = self._pred_key(ops[0])
        if nxt is None or nxt not in self._key or lo is None or any(op.regions for op in ops):
            self.renumber()
            return
        step = min((self._key[nxt] - lo) // (len(ops) + 1), _STEP)
        if step < 1:
            self.renumber()
            return
        for i, op in enumerate(ops, 1):
            self._key[op] = lo + i * step
            self._last.pop(op, None)

    def forget(self, op: Operation) -> None:
        """Drop an op that was erased from the IR."""
        self._key.pop(op, None)
        self._last.pop(op, None)

    def _pred_key(self, op: Operation) -> int | None:
        """Key of the op just before `op` in pre-order (0 before the first op of the root)."""
        prev = op.prev_op
        if prev is not None:
            return self.last(prev) if prev in self._key else None
        block = op.parent_block()
        parent = op.parent_op()
        if block is None or parent is None:
            return None
        region = block.parent
        assert region is not None
        # The nearest non-empty block before this one, in this op's regions.
        blocks: list[Block] = []
        for r in parent.regions:
            for b in r.blocks:
                if b is block:
                    for earlier in reversed(blocks):
                        if earlier.last_op is not None:
                            tail = earlier.last_op
                            return self.last(tail) if tail in self._key else None
                    return 0 if parent is self.root else self._key.get(parent)
                blocks.append(b)
        return None

    # --- structure -------------------------------------------------------------------------

    def parent(self, op: Operation) -> Operation | None:
        """The op whose region holds `op`, or None at the root's top level."""
        p = op.parent_op()
        return None if p is self.root else p

    def contains(self, outer: Operation, inner: Operation) -> bool:
        """True if `inner` is nested (at any depth) in a region of `outer`."""
        k = self._key.get(outer)
        if k is None or outer not in self._last:
            return False
        return k < self._key[inner] <= self._last[outer]

    def ancestor_in_block(self, op: Operation, block: Block) -> Operation | None:
        """`op` or its enclosing op that sits directly in `block`, if any."""
        x: Operation | None = op
        while x is not None:
            if x.parent is block:
                return x
            x = self.parent(x)
        return None

    def ancestor_in_region(self, op: Operation, region: Region) -> Operation | None:
        """`op` or its enclosing op that sits directly in a block of `region`, if any."""
        x: Operation | None = op
        while x is not None:
            b = x.parent
            if b is not None and b.parent is region:
                return x
            x = self.parent(x)
        return None

    def _block_dominance(self, region: Region) -> DominanceInfo:
        info = self._dominance.get(region)
        if info is None:
            info = self._dominance[region] = DominanceInfo(region)
        return info

    def _strictly_dominates_block(self, a: Block, b: Block) -> bool:
        region = a.parent
        if region is None or region is not b.parent:
            return False
        return self._block_dominance(region).strictly_dominates(a, b)

    # --- order and dominance -----------------------------------------------------------------

    def common_level(self, a: Operation, b: Operation) -> tuple[Operation, Operation] | None:
        """The ancestors (or selves) of `a` and `b` in the innermost block holding both.

        For ops in different blocks of one region (and in no common block), the ancestors in
        that region. The two are the same op when one of `a`, `b` contains the other, or when
        both sit in one op's regions (the two branches of an `scf.if`). None only for ops not
        under the same root.
        """
        if a.parent is b.parent:
            return a, b
        by_block: dict[Block | None, Operation] = {}
        by_region: dict[Region | None, Operation] = {}
        x: Operation | None = a
        while x is not None:
            blk = x.parent
            by_block[blk] = x
            if blk is not None:
                by_region.setdefault(blk.parent, x)
            x = self.parent(x)
        y: Operation | None = b
        while y is not None:
            blk = y.parent
            anc = by_block.get(blk)
            if anc is not None:
                return anc, y
            if blk is not None:
                anc = by_region.get(blk.parent)
                if anc is not None:
                    return anc, y
            y = self.parent(y)
        return None

    def precedes(self, a: Operation, b: Operation) -> bool:
        """True if `a` runs before `b` on every path reaching both.

        The two are compared through their ancestors in the innermost block holding both.
        When one op contains the other, or they sit in different regions of one op (the two
        branches of an `scf.if`), neither precedes the other. Blocks of one region are
        ordered by dominance.
        """
        if a is b:
            return False
        pair = self.common_level(a, b)
        if pair is None:
            return False
        x, y = pair
        if x is y:
            return False
        if x.parent is y.parent:
            return self._key[x] < self._key[y]
        assert x.parent is not None and y.parent is not None
        return self._strictly_dominates_block(x.parent, y.parent)

    def dominates(self, a: Operation, b: Operation) -> bool:
        """True if `a` properly dominates `b`: every path to `b` runs `a` first.

        An op does not dominate itself nor the ops nested in it.
        """
        if a is b:
            return False
        home = a.parent
        if home is None:
            return False
        region = home.parent
        y: Operation | None = b
        while y is not None:
            blk = y.parent
            if blk is home:
                return y is not a and self._key[a] < self._key[y]
            if blk is not None and blk.parent is region:
                return self._strictly_dominates_block(home, blk)
            y = self.parent(y)
        return False

    def value_dominates(self, value: SSAValue, op: Operation) -> bool:
        """True if `value` is available at `op` (defined before it on every path)."""
        if isinstance(value, OpResult):
            return self.dominates(value.op, op)
        assert isinstance(value, BlockArgument)
        home = value.block
        region = home.parent
        y: Operation | None = op
        while y is not None:
            blk = y.parent
            if blk is home:
                return True
            if blk is not None and blk.parent is region:
                return self._strictly_dominates_block(home, blk)
            y = y.parent_op()
        return False


# --- helpers shared by the passes ---------------------------------------------------------------

gc_paused = _gc_paused  # pause the cyclic collector while a pass runs


def function_bodies(module: ModuleOp) -> Iterator[FuncOp]:
    """Every `func.func` with a body, nested modules included, in module order."""
    for op in list(module.walk()):
        if isinstance(op, FuncOp) and op.body.blocks:
            yield op


def terminator(block: Block) -> Operation | None:
    """The block's terminator, if its last op is one."""
    last = block.last_op
    if last is not None and last.has_trait(IsTerminator):
        return last
    return None


def insert_after(anchor: Operation, ops: list[Operation], order: OpOrder | None = None) -> None:
    """Insert `ops` in sequence right after `anchor` (numbering them in `order`)."""
    block = anchor.parent
    assert block is not None
    for new in ops:
        block.insert_op_after(new, anchor)
        if order is not None:
            order.note_inserted(new)
        anchor = new


def insert_before(anchor: Operation, ops: list[Operation], order: OpOrder | None = None) -> None:
    """Insert `ops` in sequence right before `anchor` (numbering them in `order`)."""
    block = anchor.parent
    assert block is not None
    for new in ops:
        block.insert_op_before(new, anchor)
        if order is not None:
            order.note_inserted(new)


def with_location(ops: list[Operation], source: Operation) -> list[Operation]:
    """Give new ops the source location of the op they were made for."""
    for new in ops:
        new.location = source.location
    return ops
