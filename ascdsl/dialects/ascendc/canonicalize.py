"""Canonicalization patterns of `ascendc` ops (loaded lazily by the ops' traits).

These are the rules pyasc attaches to the ops themselves, so `canonicalize` applies them.
"""

from __future__ import annotations

from xdsl.pattern_rewriter import PatternRewriter, RewritePattern, op_type_rewrite_pattern

from .enums import Pipe
from .ops_sync import PipeBarrierOp
from .ops_tensor import ReinterpretCastOp


class MergeAdjacentBarriers(RewritePattern):
    """Adjacent `pipe_barrier`s: PIPE_ALL absorbs its neighbour, identical ones collapse.

    Only the next op in the same block is looked at, as in pyasc: a run of barriers that
    contains `pipe_all` collapses to one `pipe_all`, a run of one pipe to one barrier, and
    barriers on different (non-ALL) pipes all stay. Of two identical barriers, pyasc keeps
    the second (the first of two `pipe_all`s); where one is the user's and the other
    cce-auto-sync's, the user's stays instead, with its location and attributes: a barrier
    marked auto_sync is left to bisheng by the printer and stripped with auto-sync off.
    """

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: PipeBarrierOp, rewriter: PatternRewriter) -> None:
        nxt = op.next_op
        if not isinstance(nxt, PipeBarrierOp):
            return
        mine, theirs = op.barrier_pipe, nxt.barrier_pipe
        if mine == theirs and op.auto_sync != nxt.auto_sync:
            rewriter.erase(op if op.auto_sync else nxt)
        elif mine == Pipe.PIPE_ALL:
            rewriter.erase(nxt)
        elif mine == theirs or theirs == Pipe.PIPE_ALL:
            rewriter.erase(op)


class FoldIdentityReinterpretCast(RewritePattern):
    """`reinterpret_cast` to its own type is its input."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: ReinterpretCastOp, rewriter: PatternRewriter) -> None:
        if op.input.type == op.out.type:
            rewriter.replace(op, [], [op.input])
