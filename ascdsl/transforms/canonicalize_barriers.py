"""`canonicalize-barriers`: apply the pipe_barrier rules (see MergeAdjacentBarriers).

The rules are the op's canonicalization pattern, so `canonicalize` applies them as well; this
pass applies only them, without folding or dead-code removal.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import GreedyRewritePatternApplier, PatternRewriteWalker

from ascdsl.dialects.ascendc.canonicalize import MergeAdjacentBarriers


@dataclass(frozen=True)
class CanonicalizeBarriersPass(ModulePass):
    name = "canonicalize-barriers"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        PatternRewriteWalker(
            GreedyRewritePatternApplier([MergeAdjacentBarriers()], dce_enabled=False)
        ).rewrite_module(op)
