"""`ascdsl-default`: the JIT's pipeline as one pass (see pipeline.py for the list).

    ascdsl-opt kernel.mlir --ascdsl-default
    ascdsl-opt kernel.mlir --ascdsl-default=insert-sync=false
    ascdsl-opt kernel.mlir --ascdsl-default=auto-sync=false   # as bisheng --cce-auto-sync=off
"""

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass

from .analysis import gc_paused
from .pipeline import default_pipeline


@dataclass(frozen=True)
class AscdslDefaultPass(ModulePass):
    """Run the default pipeline: lowering, then automatic synchronization (insert-sync)."""

    name = "ascdsl-default"

    insert_sync: bool = True
    auto_sync: bool = True

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        with gc_paused():
            for p in default_pipeline(self.insert_sync, self.auto_sync):
                p.apply(ctx, op)
