"""Where pyasc's pattern passes leave constants: MLIR's greedy driver folds them.

pyasc runs most of its passes through `applyPatternsAndFoldGreedily`, whose OperationFolder
treats every constant (`arith.constant`, `emitc.constant`: any ConstantLike op) it meets in
the walk that starts each iteration: a constant equal (dialect, value and type) to one met
before in the same function is replaced by it and erased; any other moves to the front of
the function's entry block, unless it already sits in the run of constants there (so one walk
leaves the constants it moves in the reverse of the order it met them; pyasc's dumps show that
order after every pattern pass that follows a new op at the top of the function, such as
unify-pipe's `ascendc.pipe`). Moved and kept constants lose their location (`loc(unknown)`). Folding
a commutative op moves a constant operand to the right (`arith.muli %x, %c16_i64`). The
driver iterates until nothing changes, so the constants a pattern creates are folded by the
next iteration's walk. `GreedyConstants` repeats those walks; a pass that reproduces pyasc's
output runs `fold` on each function before and after its rewrites.

The walk is linear: one dictionary lookup per constant, and a move is O(1).
"""

from __future__ import annotations

from xdsl.dialects.builtin import UnknownLoc
from xdsl.dialects.func import FuncOp
from xdsl.ir import Attribute, Operation
from xdsl.traits import Commutative, ConstantLike


class GreedyConstants:
    """MLIR's OperationFolder over one function, kept across the driver's iterations."""

    def __init__(self) -> None:
        self._uniqued: dict[tuple[str, Attribute, Attribute], Operation] = {}
        self._owned: set[Operation] = set()

    def fold(self, func: FuncOp) -> None:
        """One iteration's walk: unique and hoist every constant of `func`."""
        if not func.body.blocks:
            return
        entry = func.body.blocks[0]
        for op in list(func.walk()):
            if op.has_trait(ConstantLike) and len(op.results) == 1 and _value(op) is not None:
                self._insert(op, entry)
            elif op.has_trait(Commutative) and len(op.operands) == 2:
                lhs, rhs = op.operands
                if _constant(lhs) and not _constant(rhs):
                    op.operands = (rhs, lhs)

    def _insert(self, op: Operation, entry) -> None:
        if op in self._owned:
            if entry.first_op is not op and op.prev_op not in self._owned:
                self._to_front(op, entry)
            return
        key = (op.dialect_name(), _value(op), op.results[0].type)
        known = self._uniqued.get(key)
        if known is not None and known.parent is None:  # erased since (a pattern folded it)
            known = None
        if known is not None:
            op.results[0].replace_all_uses_with(known.results[0])
            op.detach()
            op.erase()
            known.location = UnknownLoc()
            return
        if op.parent is not entry or (entry.first_op is not op
                                      and op.prev_op not in self._owned):
            self._to_front(op, entry)
        self._uniqued[key] = op
        self._owned.add(op)

    @staticmethod
    def _to_front(op: Operation, entry) -> None:
        block = op.parent
        assert block is not None
        block.detach_op(op)
        first = entry.first_op
        if first is None:
            entry.add_op(op)
        else:
            entry.insert_op_before(op, first)
        op.location = UnknownLoc()


def _value(op: Operation) -> Attribute | None:
    return op.properties.get("value", op.attributes.get("value"))


def _constant(v) -> bool:
    owner = v.owner
    return isinstance(owner, Operation) and owner.has_trait(ConstantLike)
