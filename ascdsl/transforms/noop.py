"""`noop` (pyasc: `ascendc-noop`): a pass that changes nothing.

pyasc uses it to test its pass driver (parse, run a pipeline, print); ascdsl keeps it for the
same purpose, so `ascdsl-opt -ascendc-noop kernel.mlir` behaves as `ascir-opt` does.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass


@dataclass(frozen=True)
class NoopPass(ModulePass):
    """Leave the IR as it is."""

    name = "noop"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        return None
