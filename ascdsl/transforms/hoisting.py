"""Moving ops out of loops and ifs, shared by `hoist-que-bind` and `hoist-ub-allocation`.

An op nested in `scf.for` / `scf.if` (or any region op) moves up one enclosing op at a time
while every operand is available before that enclosing op, and lands right before the
outermost one it could pass. This is pyasc's HoistOpPattern run to its fixpoint, done in one
pre-order sweep: an op hoisted earlier (a queue) is already in place when a later op that
uses it (the queue's init_queue) is looked at, so both move, and in program order.
"""

from __future__ import annotations

from collections.abc import Callable

from xdsl.dialects.func import FuncOp
from xdsl.ir import Operation

from .analysis import OpOrder


def hoist_out_of_regions(func: FuncOp, wanted: Callable[[Operation], bool]) -> list[Operation]:
    """Hoist every op of `func` for which `wanted(op)` holds; returns the ops that moved."""
    order = OpOrder(func)
    moved: list[Operation] = []
    for op in [op for op in func.walk() if wanted(op)]:
        target: Operation | None = None
        outer = order.parent(op)
        while outer is not None and all(order.value_dominates(v, outer) for v in op.operands):
            target = outer
            outer = order.parent(outer)
        if target is None:
            continue
        block, dest = op.parent, target.parent
        assert block is not None and dest is not None
        block.detach_op(op)
        dest.insert_op_before(op, target)
        order.note_inserted(op)
        moved.append(op)
    return moved
