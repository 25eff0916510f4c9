"""`pyasc-pipeline`: pyasc 1.1.1's pass pipeline as one pass (see `pipeline.pyasc_pipeline`).

    ascdsl-opt codegen.mlir -p pyasc-pipeline                       # what pyasc's compiler runs
    ascdsl-opt codegen.mlir -p 'pyasc-pipeline{matmul-cube-only=true}'

Run on the frontend IR pyasc dumps (codegen.mlir), it writes what pyasc's passes write
(ascir.mlir) as far as ascdsl's passes reproduce pyasc's; `python -m tests.pyasc_oracle
passes` measures how far. Without `insert-sync`, pyasc's default: synchronize when the module
allocates a tensor with `local_tensor_auto` (pyasc's `need_insert_sync`).
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass

from ascdsl.dialects.ascendc import LocalTensorAutoOp

from .analysis import gc_paused
from .pipeline import pyasc_pipeline


def need_insert_sync(module: ModuleOp) -> bool:
    """pyasc's default for `insert_sync`: the module has a `local_tensor_auto`."""
    return any(isinstance(op, LocalTensorAutoOp) for op in module.walk())


@dataclass(frozen=True)
class PyascPipelinePass(ModulePass):
    """Run pyasc's pipeline: lowering, optimizing (with sync), post-processing."""

    name = "pyasc-pipeline"

    insert_sync: bool | None = None
    matmul_cube_only: bool = False
    verify_sync: bool = False

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        sync = self.insert_sync
        if sync is None:
            sync = need_insert_sync(op)
        with gc_paused():
            for p in pyasc_pipeline(sync, self.matmul_cube_only, self.verify_sync):
                p.apply(ctx, op)
