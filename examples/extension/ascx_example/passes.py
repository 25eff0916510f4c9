"""ascx's passes: a fusion into its op, and the lowering of its research op into ascendc."""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import (
    PatternRewriter,
    PatternRewriteWalker,
    RewritePattern,
    op_type_rewrite_pattern,
)

from ascdsl.dialects.ascendc import MaxsL2Op, MinsL2Op, MulsL2Op, PipeBarrierOp, ReluL2Op
from ascdsl.extension import Pipe, register_pass

from .ops import ClampOp, ScaledReluL2Op


class FuseReluMuls(RewritePattern):
    """`relu_l2 t, x, n` then `muls_l2 t, t, s, n` -> `scaled_relu_l2 t, x, s, n`.

    Only the in-place form, next to each other (or with the `pipe_barrier pipe_v` the muls
    needs on A2 in between, which the fused op's C++ has inside): `t` then ends as
    max(x, 0) * s either way, whatever else aliases it, and no op in between can see the
    intermediate value. With a separate relu destination the fused op would no longer write
    it, and another view of that buffer could read it later.
    """

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: ReluL2Op, rewriter: PatternRewriter) -> None:
        muls = op.next_op
        barrier = None
        if isinstance(muls, PipeBarrierOp) and muls.enum_value("pipe") is Pipe.PIPE_V:
            barrier, muls = muls, muls.next_op
        if not isinstance(muls, MulsL2Op):
            return
        if not (muls.src == op.dst and muls.dst == op.dst and muls.count == op.count):
            return
        rewriter.replace(muls, ScaledReluL2Op(op.dst, op.src, muls.scalar, op.count))
        if barrier is not None:
            rewriter.erase(barrier)
        rewriter.erase(op)


@register_pass
@dataclass(frozen=True)
class FuseReluMulsPass(ModulePass):
    """Fuse `relu` and an in-place `muls` that follows it into `ascx.scaled_relu_l2`."""

    name = "fuse-relu-muls"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        PatternRewriteWalker(FuseReluMuls(), apply_recursively=False).rewrite_module(op)


class LowerClamp(RewritePattern):
    """clamp -> Maxs, PipeBarrier<PIPE_V>, Mins: the Mins reads what the Maxs wrote, and
    consecutive vector instructions overlap on A2 (the simulator's sanitizer says so)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: ClampOp, rewriter: PatternRewriter) -> None:
        rewriter.replace(op, [MaxsL2Op(op.dst, op.src, op.lo, op.count),
                              PipeBarrierOp(Pipe.PIPE_V),
                              MinsL2Op(op.dst, op.dst, op.hi, op.count)], [])


# jit="last": the JIT runs it on every kernel after its own pipeline, so insert-que-sync has
# seen `ascx.clamp` (by its facts: pipe V, writes dst) and erase-sync keeps the barrier.
@register_pass(jit="last")
@dataclass(frozen=True)
class LowerAscxPass(ModulePass):
    """Lower `ascx.clamp` into `ascendc.maxs_l2` and `ascendc.mins_l2`."""

    name = "lower-ascx"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        PatternRewriteWalker(LowerClamp(), apply_recursively=False).rewrite_module(op)
