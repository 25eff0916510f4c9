"""`hoist-ub-allocation` (pyasc: `ascendc-hoist-ub-allocation`): allocate temporaries once.

`local_tensor_auto` ops move out of loops and ifs as far as their size operands allow (see
hoisting.py), so `materialize-tensor` turns them into one TBuf instead of one per iteration.

Option `exclude-in-out` (default true, official pyasc): tensors flagged `input` or `output`
stay where they are, because they become per-iteration queue buffers (alloc/free in the
loop). `exclude-in-out=false` hoists them too (the behaviour of pyasc's fork by default).

Option `order`: `program` (default) keeps the hoisted tensors in program order; `pyasc` (the
default under pyasc's name) leaves them as pyasc's greedy driver does, the last one of a loop
first (`hoisting.hoist_in_pyasc_order`, as hoist-que-bind's `order=pyasc`). The order decides
which TBuf materialize-tensor declares first, so the UB addresses.
"""

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation
from xdsl.passes import ModulePass

from ascdsl.diagnostics import PassError
from ascdsl.dialects.ascendc import LocalTensorAutoOp

from .analysis import function_bodies
from .hoisting import hoist_in_pyasc_order, hoist_out_of_regions


@dataclass(frozen=True)
class HoistUbAllocationPass(ModulePass):
    """Move compiler-managed UB tensors (local_tensor_auto) out of loops and ifs."""

    name = "hoist-ub-allocation"

    exclude_in_out: bool = True
    order: str = "program"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        orders = {"program": hoist_out_of_regions, "pyasc": hoist_in_pyasc_order}
        hoist = orders.get(self.order)
        if hoist is None:
            raise PassError(op, f"{self.name}: unknown order '{self.order}' (expected one of "
                            f"{', '.join(orders)})")

        def wanted(o: Operation) -> bool:
            if not isinstance(o, LocalTensorAutoOp):
                return False
            return not (self.exclude_in_out and (o.has_flag("input") or o.has_flag("output")))

        for func in function_bodies(op):
            hoist(func, wanted)
