"""`lower-asc-unroll`: unroll the loops marked `asc.unroll_factor = N` (`range(...,
unroll_factor=N)`).

    for i in range(lb, ub, step)      ->  for i in range(lb, lb + (trip // N) * N * step, N * step):
        body(i)                                body(i); body(i + step); ...; body(i + (N-1) * step)
                                          for i in range(that bound, ub, step):   # the rest
                                              body(i)

`trip` is the loop's trip count, max(0, ceil((ub - lb) / step)); with constant bounds the
remainder loop is left out when N divides it. Loop-carried values thread through the copies.
Each copy of the body is its own ops, so the buffer planner sees N sets of tiles: with a
parallel loop, the loads of one copy can overlap the compute of another even with
single-buffered queues. The copies keep the loop's other attributes (`asc.parallel`); the
unroll factor is dropped.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import IntegerAttr, ModuleOp
from xdsl.ir import Block, Operation, Region, SSAValue
from xdsl.passes import ModulePass

from ascdsl.dialects.ascendc import const_int

from .analysis import function_bodies

UNROLL_ATTR = "asc.unroll_factor"


@dataclass(frozen=True)
class LowerAscUnrollPass(ModulePass):
    """Unroll scf.for loops by their asc.unroll_factor."""

    name = "lower-asc-unroll"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for func in function_bodies(op):
            loops = [o for o in func.walk()
                     if isinstance(o, scf.ForOp) and UNROLL_ATTR in o.attributes]
            for loop in reversed(loops):  # inner loops first
                factor = loop.attributes.pop(UNROLL_ATTR)
                n = factor.value.data if isinstance(factor, IntegerAttr) else 1
                if n > 1:
                    _unroll(loop, n)


def _insert(op: Operation, before: Operation) -> SSAValue:
    """Insert `op` before `before` (at its line); its first result."""
    _insert_op(op, before)
    return op.results[0]


def _insert_op(op: Operation, before: Operation) -> None:
    op.location = before.location
    block = before.parent_block()
    assert block is not None
    block.insert_op_before(op, before)


def _const(value: int, t, before: Operation) -> SSAValue:
    return _insert(arith.ConstantOp(IntegerAttr(value, t)), before)


def _unroll(loop: scf.ForOp, n: int) -> None:
    t = loop.lb.type
    lb, ub, step = loop.lb, loop.ub, loop.step
    known = [const_int(v) for v in (lb, ub, step)]
    rest: int | None = None  # iterations left for the remainder loop, when known
    if all(k is not None for k in known) and known[2] > 0:
        trip = max(0, -(-(known[1] - known[0]) // known[2]))
        split = _const(known[0] + (trip // n) * n * known[2], t, loop)
        rest = trip % n
    else:
        def emit(op: Operation) -> SSAValue:
            return _insert(op, loop)

        one, zero, factor = _const(1, t, loop), _const(0, t, loop), _const(n, t, loop)
        span = emit(arith.AddiOp(emit(arith.SubiOp(ub, lb)), emit(arith.SubiOp(step, one))))
        trips = emit(arith.MaxSIOp(emit(arith.DivSIOp(span, step)), zero))
        covered = emit(arith.MuliOp(emit(arith.DivSIOp(trips, factor)), factor))
        split = emit(arith.AddiOp(lb, emit(arith.MuliOp(covered, step))))
    big_step = _insert(arith.MuliOp(step, _const(n, t, loop)), loop)

    body = loop.body.block
    main_block = Block(arg_types=[a.type for a in body.args])
    iv = main_block.args[0]
    carried = list(main_block.args[1:])
    for k in range(n):
        ivk = iv
        if k:
            k_value = _append_const(main_block, k, t, loop)
            delta = _append(main_block, arith.MuliOp(step, k_value), loop)
            ivk = _append(main_block, arith.AddiOp(iv, delta), loop)
        carried = _clone_body(body, main_block, ivk, carried)
    _append_op(main_block, scf.YieldOp(*carried), loop)
    main = scf.ForOp(lb, split, big_step, list(loop.iter_args), Region(main_block))
    main.attributes.update(loop.attributes)
    _insert_op(main, loop)
    if rest == 0:
        for old, new in zip(loop.results, main.results):
            old.replace_all_uses_with(new)
        loop.detach()
        loop.erase()
        return
    loop.operands = [split, ub, step, *main.results]


def _append_op(block: Block, op: Operation, loc_from: Operation) -> Operation:
    op.location = loc_from.location
    block.add_op(op)
    return op


def _append(block: Block, op: Operation, loc_from: Operation) -> SSAValue:
    return _append_op(block, op, loc_from).results[0]


def _append_const(block: Block, value: int, t, loc_from: Operation) -> SSAValue:
    return _append(block, arith.ConstantOp(IntegerAttr(value, t)), loc_from)


def _clone_body(body: Block, into: Block, iv: SSAValue, carried: list[SSAValue]) -> list[SSAValue]:
    """Clone `body` (but its yield) at the end of `into`; returns the values it yields."""
    mapping: dict[SSAValue, SSAValue] = {body.args[0]: iv}
    for arg, value in zip(body.args[1:], carried):
        mapping[arg] = value
    yielded: list[SSAValue] = []
    for op in body.ops:
        if isinstance(op, scf.YieldOp):
            yielded = [mapping.get(v, v) for v in op.operands]
            continue
        clone = op.clone(value_mapper=mapping)
        into.add_op(clone)
        for old, new in zip(op.results, clone.results):
            mapping[old] = new
    return yielded
