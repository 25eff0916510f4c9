"""The `func` dialect: `func.call` runs the callee's compiled body in a fresh frame."""

from __future__ import annotations

from xdsl.dialects import func

from ..compiler import Lowering, lowers, not_simulated
from .scf import copy_slots


@lowers(func.ReturnOp)
def lower_return(op: func.ReturnOp, cx: Lowering):
    if not op.arguments:
        return None
    if not cx.return_slots:
        cx.return_slots.extend(cx.fresh_slot() for _ in op.arguments)
    return copy_slots(cx.return_slots, cx.slots(op.arguments))


@lowers(func.CallOp)
def lower_call(op: func.CallOp, cx: Lowering):
    pre = cx.take_pre()
    callee = cx.program.function(op.callee.string_value(), op)
    if len(callee.arg_slots) != len(op.arguments):
        raise cx.error(op, f"passes {len(op.arguments)} arguments to @{callee.name}, which takes "
                           f"{len(callee.arg_slots)}")
    args = tuple(zip(callee.arg_slots, cx.slots(op.arguments)))
    rets = tuple(zip(cx.slots(op.res), callee.ret_slots))
    template = callee.template
    body = callee.body

    def f(R):
        c = R[0]
        c.t += pre
        F = template.copy()
        F[0] = c
        for d, s in args:
            F[d] = R[s]
        body(F)
        for d, s in rets:
            R[d] = F[s]

    return f


not_simulated(func.FuncOp, "a function inside a function body")
