"""Moving ops out of loops and ifs, shared by `hoist-que-bind` and `hoist-ub-allocation`.

An op nested in `scf.for` / `scf.if` (or any region op) moves up one enclosing op at a time
while every operand is available before that enclosing op, and lands right before the
outermost one it could pass. This is pyasc's HoistOpPattern run to its fixpoint, done in one
pre-order sweep: an op hoisted earlier (a queue) is already in place when a later op that
uses it (the queue's init_queue) is looked at, so both move, and in program order.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from xdsl.dialects.func import FuncOp
from xdsl.ir import Operation, SSAValue

from .analysis import OpOrder


Prerequisites = Callable[[Operation], Iterable[Operation]]


def _no_prerequisites(op: Operation) -> Iterable[Operation]:
    return ()


def _can_pass(order: OpOrder, op: Operation, outer: Operation, after: Prerequisites) -> bool:
    """Whether `op` may move before `outer`: its operands are available there, and no op it
    must follow without using its results (`after`: a TBuf's InitBuffer before its Get)
    runs inside `outer`."""
    return all(order.value_dominates(v, outer) for v in op.operands) and not any(
        outer.is_ancestor(p) for p in after(op))


def hoist_out_of_regions(func: FuncOp, wanted: Callable[[Operation], bool],
                         after: Prerequisites = _no_prerequisites) -> list[Operation]:
    """Hoist every op of `func` for which `wanted(op)` holds; returns the ops that moved."""
    order = OpOrder(func)
    moved: list[Operation] = []
    for op in [op for op in func.walk() if wanted(op)]:
        target: Operation | None = None
        outer = order.parent(op)
        while outer is not None and _can_pass(order, op, outer, after):
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


def hoist_in_pyasc_order(func: FuncOp, wanted: Callable[[Operation], bool],
                         after: Prerequisites = _no_prerequisites) -> list[Operation]:
    """Hoist as pyasc's greedy driver leaves the ops (HoistOpPattern under
    applyPatternsAndFoldGreedily): the same landing level as `hoist_out_of_regions`, but the
    order in front of a loop is the driver's.

    The driver pops its worklist from the back, so the last hoistable op of a loop goes first;
    an op moves one region up per rewrite, and each rewrite pushes the moved op and then the
    users of its results in use-list order, so a queue's init_queue follows it before the next
    queue is looked at. Erasing the old op pushes the producers of its operands that are left
    with at most two users. MLIR's use lists put the newest use first, and replacing a value
    moves its uses over one by one, which reverses them: both are kept below for the ops that
    can move, which is all that decides the order. Each op moves at most once per enclosing
    region, so the work stays linear in the ops times the nesting depth.
    """
    order = OpOrder(func)
    candidates = [op for op in func.walk() if wanted(op)]
    wanted_ops = set(candidates)
    uses: dict[SSAValue, list[Operation]] = {}
    for op in candidates:
        for r in op.results:
            users = {u.operation for u in r.uses if u.operation in wanted_ops}
            uses[r] = sorted(users, key=order.key, reverse=True)  # newest use first
    moved: list[Operation] = []
    changed = True
    while changed:
        changed = False
        stack = [op for op in func.walk() if op in wanted_ops]
        queued = set(stack)

        def push(x: Operation) -> None:
            if x in wanted_ops and x not in queued:
                queued.add(x)
                stack.append(x)

        while stack:
            op = stack.pop()
            queued.discard(op)
            outer = order.parent(op)
            if outer is None or not _can_pass(order, op, outer, after):
                continue
            block, dest = op.parent, outer.parent
            assert block is not None and dest is not None
            block.detach_op(op)
            dest.insert_op_before(op, outer)
            order.note_inserted(op)
            moved.append(op)
            changed = True
            # The clone's operand uses are the newest ones.
            for v in op.operands:
                lst = uses.get(v)
                if lst is not None and op in lst:
                    lst.remove(op)
                    lst.insert(0, op)
            push(op)
            for r in op.results:
                old = uses.get(r, [])
                for u in old:
                    push(u)
                uses[r] = old[::-1]
            for v in op.operands:
                producer = v.owner
                if isinstance(producer, Operation) and len({u.operation for u in v.uses}) <= 2:
                    push(producer)
    return moved
