"""`input-output-tensor` (pyasc: `ascendc-input-output-tensor`): flag auto tensors fed from or
copied to global memory.

- A `local_tensor_auto` gets `input` when a data copy fills it from GM and `output` when a
  data copy writes it to GM (flags are recomputed: a tensor with neither loses both). Copies
  through views of the tensor (subindex, reinterpret_cast: ops declaring `source_tensor`)
  count too; pyasc only looks at direct uses. UB→UB copies set nothing.
- A local tensor produced by an `scf.for` / `scf.if` and copied to GM is staged: a fresh
  `output` tensor is created before the loop/if, a UB→UB `data_copy_l2` of all its elements
  fills it right after, and the GM copies read the fresh tensor. That gives the copy-out a
  queue once `materialize-tensor` runs. One staging tensor serves all the GM copies of a
  result (pyasc makes one per copy and stops at the first use that is not one). A result of
  dynamic shape cannot be staged (its size is not known here): a warning says so.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import scf
from xdsl.dialects.builtin import ModuleOp, UnitAttr
from xdsl.dialects.func import FuncOp
from xdsl.ir import Operation, SSAValue
from xdsl.passes import ModulePass

from ascdsl.diagnostics import emit_warning
from ascdsl.dialects.ascendc import (
    DataCopyBase,
    DataCopyL2Op,
    Hardware,
    LocalTensorAutoOp,
    LocalTensorType,
)

from .analysis import function_bodies
from .materialize_tensor import constant

REGION_RESULT_OPS: tuple[type[Operation], ...] = (scf.ForOp, scf.IfOp)


@dataclass(frozen=True)
class InputOutputTensorPass(ModulePass):
    """Set input/output on local_tensor_auto from GM copies; stage loop/if results for copy-out."""

    name = "input-output-tensor"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for func in function_bodies(op):
            _set_flags(func)
            _stage_region_results(func)


def _views_and_self(value: SSAValue) -> list[SSAValue]:
    """The value and every view of it (ops whose `source_tensor()` is a value in the list)."""
    found = [value]
    i = 0
    while i < len(found):
        for use in found[i].uses:
            user = use.operation
            source = getattr(user, "source_tensor", None)
            if callable(source) and source() is found[i] and len(user.results) == 1:
                found.append(user.results[0])
        i += 1
    return found


def copies_of(value: SSAValue) -> tuple[bool, bool]:
    """(filled from GM, copied to GM) by data copies of the value or of its views."""
    filled = stored = False
    for v in _views_and_self(value):
        for use in v.uses:
            copy = use.operation
            if not isinstance(copy, DataCopyBase):
                continue
            src_hw, dst_hw = copy.memories()
            if copy.dst is v and src_hw == Hardware.GM:
                filled = True
            if copy.src is v and dst_hw == Hardware.GM:
                stored = True
    return filled, stored


def _set_flags(func: FuncOp) -> None:
    for op in func.walk():
        if not isinstance(op, LocalTensorAutoOp):
            continue
        filled, stored = copies_of(op.result)
        for flag, on in (("input", filled), ("output", stored)):
            if on:
                op.properties[flag] = UnitAttr()
            else:
                op.properties.pop(flag, None)


def _stage_region_results(func: FuncOp) -> None:
    for op in [o for o in func.walk() if isinstance(o, REGION_RESULT_OPS)]:
        for result in op.results:
            t = result.type
            if not isinstance(t, LocalTensorType):
                continue
            stores = [
                use.operation
                for use in result.uses
                if isinstance(use.operation, DataCopyBase)
                and use.operation.src is result
                and use.operation.memories()[1] == Hardware.GM
            ]
            if not stores:
                continue
            count = t.num_elements()
            if count is None:
                emit_warning(
                    stores[0],
                    f"cannot stage a {t} result of '{op.name}' for its copy to GM (dynamic "
                    "shape); the copy is not synchronized through an output queue",
                    notes=[(op, "result produced here")],
                )
                continue
            staged = LocalTensorAutoOp(t, output=True)
            n = constant(count)
            copy = DataCopyL2Op(staged.result, result, n.result)
            for new in (staged, n, copy):
                new.location = op.location
            block = op.parent
            assert block is not None
            block.insert_op_before(staged, op)
            block.insert_op_after(n, op)
            block.insert_op_after(copy, n)
            for store in stores:
                store.operands = [staged.result if v is result else v for v in store.operands]
