"""The `scf` dialect: `scf.for` is a Python loop over its body block, `scf.if` and
`scf.index_switch` pick a block, `scf.while` loops on its condition; yields copy slots."""

from __future__ import annotations

from xdsl.dialects import scf

from ..compiler import Lowering, lowers
from ..errors import InvalidArgumentError

def copy_slots(dst: list[int], src: list[int]):
    """A closure copying slots src -> dst (all read before any is written)."""
    if not dst:
        return None
    if len(dst) == 1:
        (d,), (s,) = dst, src

        def one(R):
            R[d] = R[s]

        return one

    pairs = tuple(zip(dst, src))

    def many(R):
        vals = [R[s] for _, s in pairs]
        for (d, _), v in zip(pairs, vals):
            R[d] = v

    return many


@lowers(scf.YieldOp)
def lower_yield(op: scf.YieldOp, cx: Lowering):
    if not cx.yield_targets:
        raise cx.error(op, "outside a region the simulator runs")
    return copy_slots(cx.yield_targets[-1], cx.slots(op.arguments))


@lowers(scf.ForOp)
def lower_for(op: scf.ForOp, cx: Lowering):
    pre = cx.take_pre()
    site = cx.site(op)
    block = cx.region_block(op.body)
    iv, *args = block.args
    s_iv, s_args = cx.slot(iv), cx.slots(args)
    lb, ub, st = cx.slot(op.lb), cx.slot(op.ub), cx.slot(op.step)
    init = copy_slots(s_args, cx.slots(op.iter_args))
    out = copy_slots(cx.slots(op.res), s_args)
    body = cx.block(block, yield_to=s_args, loop=True)

    def f(R):
        c = R[0]
        c.t += pre
        if init is not None:
            init(R)
        step = R[st]
        if step <= 0:
            raise InvalidArgumentError(
                f"has a step of {step}; scf.for needs a positive step", site, core=c.block_idx
            )
        for i in range(R[lb], R[ub], step):
            R[s_iv] = i
            body(R)
        if out is not None:
            out(R)

    return f


@lowers(scf.IfOp)
def lower_if(op: scf.IfOp, cx: Lowering):
    pre = cx.take_pre()
    res = cx.slots(op.output)
    then = cx.block(cx.region_block(op.true_region), yield_to=res)
    other = None
    if op.false_region.blocks:
        other = cx.block(cx.region_block(op.false_region), yield_to=res)
    c_ = cx.slot(op.cond)

    def f(R):
        R[0].t += pre
        if R[c_]:
            then(R)
        elif other is not None:
            other(R)

    return f


@lowers(scf.WhileOp)
def lower_while(op: scf.WhileOp, cx: Lowering):
    pre = cx.take_pre()
    before = cx.region_block(op.before_region)
    after = cx.region_block(op.after_region)
    cond = before.last_op
    if not isinstance(cond, scf.ConditionOp):
        raise cx.error(op, "has a 'before' region that does not end in scf.condition")
    s_before = cx.slots(before.args)
    s_after = cx.slots(after.args)
    init = copy_slots(s_before, cx.slots(op.arguments))
    run_before = cx.block(before)
    s_cond = cx.slot(cond.condition)
    pass_after = copy_slots(s_after, cx.slots(cond.args))
    pass_out = copy_slots(cx.slots(op.res), cx.slots(cond.args))
    run_after = cx.block(after, yield_to=s_before, loop=True)

    def f(R):
        R[0].t += pre
        if init is not None:
            init(R)
        while True:
            run_before(R)
            if not R[s_cond]:
                break
            if pass_after is not None:
                pass_after(R)
            run_after(R)
        if pass_out is not None:
            pass_out(R)

    return f


@lowers(scf.ConditionOp)
def lower_condition(op: scf.ConditionOp, cx: Lowering):
    return None  # read by the enclosing scf.while


@lowers(scf.IndexSwitchOp)
def lower_index_switch(op: scf.IndexSwitchOp, cx: Lowering):
    pre = cx.take_pre()
    res = cx.slots(op.output)
    cases = {}
    for value, region in zip(op.cases.get_values(), op.case_regions):
        cases[value] = cx.block(cx.region_block(region), yield_to=res)
    default = cx.block(cx.region_block(op.default_region), yield_to=res)
    a = cx.slot(op.arg)

    def f(R):
        R[0].t += pre
        cases.get(R[a], default)(R)

    return f
