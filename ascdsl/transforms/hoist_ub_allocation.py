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

from ascdsl.dialects.ascendc import LocalTensorAutoOp

from .analysis import function_bodies
from .hoisting import hoist_in_pyasc_order, hoist_out_of_regions
from .options import CheckedPass


@dataclass(frozen=True)
class HoistUbAllocationPass(CheckedPass):
    """Move compiler-managed UB tensors (local_tensor_auto) out of loops and ifs."""

    name = "hoist-ub-allocation"
    CHOICES = {"order": ("program", "pyasc")}

    exclude_in_out: bool = True
    order: str = "program"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        hoist = hoist_in_pyasc_order if self.order == "pyasc" else hoist_out_of_regions

        def wanted(o: Operation) -> bool:
            if not isinstance(o, LocalTensorAutoOp):
                return False
            return not (self.exclude_in_out and (o.has_flag("input") or o.has_flag("output")))

        for func in function_bodies(op):
            hoist(func, wanted)
