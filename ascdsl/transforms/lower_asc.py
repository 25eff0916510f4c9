"""`lower-asc`: the whole lowering of `asc` tile IR to `ascendc` IR, as one pass.

    ascdsl-opt tile.mlir --lower-asc --ascdsl-default -t ascendc

Runs, in order: inline (tile helpers take tiles, so they are inlined first), symbol-dce,
lower-asc-parallel, lower-asc-unroll, lower-asc-scalar-math, lower-asc-cube, lower-asc-vector,
canonicalize, cse, lower-asc-buffers. Each is also a pass of its own, to run, reorder or replace
one at a time.
The JIT of `ascdsl.tile` runs this before the ascendc pipeline (which then synchronizes).
Options: `max-depth` (lower-asc-buffers) and `soc` (lower-asc-cube, lower-asc-buffers).
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass

from ascdsl.dialects.ascendc import soc as soc_table

from .analysis import gc_paused
from .options import CheckedPass


def lower_asc_passes(max_depth: int = 2, soc: str = soc_table.DEFAULT_SOC) -> list[ModulePass]:
    """The passes of `lower-asc`, in order."""
    from xdsl.transforms.canonicalize import CanonicalizePass
    from xdsl.transforms.common_subexpression_elimination import CommonSubexpressionElimination

    from .inline import InlinePass
    from .lower_asc_buffers import LowerAscBuffersPass
    from .lower_asc_cube import LowerAscCubePass
    from .lower_asc_parallel import LowerAscParallelPass
    from .lower_asc_scalar_math import LowerAscScalarMathPass
    from .lower_asc_unroll import LowerAscUnrollPass
    from .lower_asc_vector import LowerAscVectorPass
    from .symbol_dce import SymbolDcePass

    return [
        InlinePass(),
        SymbolDcePass(),
        LowerAscParallelPass(),
        LowerAscUnrollPass(),
        LowerAscScalarMathPass(),
        LowerAscCubePass(soc=soc),
        LowerAscVectorPass(),
        CanonicalizePass(),
        CommonSubexpressionElimination(),
        LowerAscBuffersPass(max_depth=max_depth, soc=soc),
    ]


@dataclass(frozen=True)
class LowerAscPass(CheckedPass):
    """Lower asc tile IR to ascendc IR (parallel loops, unrolling, cube and vector code,
    buffers)."""

    name = "lower-asc"
    CHOICES = {"soc": soc_table.SOCS}

    max_depth: int = 2
    soc: str = soc_table.DEFAULT_SOC

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        with gc_paused():
            for p in lower_asc_passes(self.max_depth, self.soc):
                p.apply(ctx, op)
