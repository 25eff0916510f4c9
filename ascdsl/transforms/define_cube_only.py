"""`define-cube-only` (pyasc: `ascendc-define-cube-only`): build the kernel for the cube core only.

As pyasc's pass: `emitc.verbatim "#define ASCENDC_CUBE_ONLY"` at the top of the module (the
Ascend C headers then compile the Matmul API without its vector-core half) and the module
attribute `asc.matmul_cube_only`, which tells `legalize-kernel-args` that the kernel needs
no AIC -> AIV handshake. pyasc runs it for `@jit(matmul_cube_only=True)`. Running it twice
leaves one define.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp, UnitAttr
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter

from ascdsl.dialects.emitc import VerbatimOp

CUBE_ONLY_DEFINE = "#define ASCENDC_CUBE_ONLY"
CUBE_ONLY_ATTR = "asc.matmul_cube_only"


@dataclass(frozen=True)
class DefineCubeOnlyPass(ModulePass):
    """Define ASCENDC_CUBE_ONLY and mark the module `asc.matmul_cube_only`."""

    name = "define-cube-only"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        op.attributes[CUBE_ONLY_ATTR] = UnitAttr()
        block = op.body.block
        for existing in block.ops:
            if isinstance(existing, VerbatimOp) and existing.value.data == CUBE_ONLY_DEFINE:
                return
        define = VerbatimOp(CUBE_ONLY_DEFINE)
        define.location = op.location
        if block.first_op is None:
            block.add_op(define)
        else:
            Rewriter.insert_op(define, InsertPoint.before(block.first_op))
