"""`detect-kernel-type` and `detect-enable-debug` (pyasc: `ascendc-detect-kernel-type`,
`ascendc-detect-enable-debug`): module attributes that tell the launcher how to build.

- `asc.compile_mix` when a kernel registers a Matmul object (`regist_matmul_obj`): its
  Matmul runs on the cube core (AIC) and is driven from the vector cores, so the kernel is
  compiled for both (pyasc's launcher picks a MIX kernel type from it).
- `asc.enable_debug` when a kernel prints (`printf`) or dumps a tensor (`dump_tensor`): the
  launcher then allocates the dump buffer those write into.

Both are pyasc's post-processing; they only set unit attributes and are idempotent.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp, UnitAttr
from xdsl.ir import Operation
from xdsl.passes import ModulePass

from ascdsl.dialects.ascendc import DumpTensorOp, PrintfOp, RegistMatmulObjOp

COMPILE_MIX_ATTR = "asc.compile_mix"
ENABLE_DEBUG_ATTR = "asc.enable_debug"


def set_unit_attr(op: Operation, name: str) -> None:
    """Set `name` on `op`, keeping its attributes in name order: MLIR keeps every attribute
    dictionary sorted, so pyasc's module prints `{asc.compile_mix, asc.matmul_cube_only}`
    whichever pass set its attribute first."""
    op.attributes[name] = UnitAttr()
    if list(op.attributes) != sorted(op.attributes):
        items = sorted(op.attributes.items())
        op.attributes.clear()
        op.attributes.update(items)


def _uses(module: ModuleOp, classes: tuple[type[Operation], ...]) -> bool:
    return any(isinstance(op, classes) for op in module.walk())


@dataclass(frozen=True)
class DetectKernelTypePass(ModulePass):
    """Mark a module that registers a Matmul object `asc.compile_mix`."""

    name = "detect-kernel-type"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        if _uses(op, (RegistMatmulObjOp,)):
            set_unit_attr(op, COMPILE_MIX_ATTR)


@dataclass(frozen=True)
class DetectEnableDebugPass(ModulePass):
    """Mark a module that prints or dumps tensors `asc.enable_debug`."""

    name = "detect-enable-debug"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        if _uses(op, (PrintfOp, DumpTensorOp)):
            set_unit_attr(op, ENABLE_DEBUG_ATTR)
