"""`canonicalize-barriers`: apply the pipe_barrier rules (see MergeAdjacentBarriers).

The rules are the op's canonicalization pattern, so `canonicalize` applies them as well; this
pass applies only them, without folding or dead-code removal. It does so in one linear sweep
(`collapse_barrier_runs`) that gives the same result as running the pattern to a fixpoint:
in a run of adjacent barriers, the first `pipe_all` survives and absorbs every other barrier
of the run; without a `pipe_all`, each group of identical adjacent barriers keeps its last
member and barriers on different pipes all stay.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation
from xdsl.passes import ModulePass

from ascdsl.dialects.ascendc import Pipe, PipeBarrierOp


def collapse_barrier_runs(barriers: Iterable[PipeBarrierOp]) -> list[Operation]:
    """Collapse every run of adjacent barriers that contains one of `barriers`.

    Returns the erased ops. Each run is looked at once, so the cost is linear in the number
    of barriers.
    """
    erased: list[Operation] = []
    for barrier in barriers:
        if barrier.parent is None or isinstance(barrier.prev_op, PipeBarrierOp):
            continue  # already erased, or not the start of its run
        run: list[PipeBarrierOp] = []
        op: Operation | None = barrier
        while isinstance(op, PipeBarrierOp):
            run.append(op)
            op = op.next_op
        if len(run) < 2:
            continue
        pipes = [b.barrier_pipe for b in run]
        if Pipe.PIPE_ALL in pipes:
            keep = {pipes.index(Pipe.PIPE_ALL)}
        else:
            keep = {i for i in range(len(run)) if i + 1 == len(run) or pipes[i + 1] != pipes[i]}
        for i, b in enumerate(run):
            if i not in keep:
                block = b.parent
                assert block is not None
                block.erase_op(b)
                erased.append(b)
    return erased


@dataclass(frozen=True)
class CanonicalizeBarriersPass(ModulePass):
    """Merge adjacent pipe_barriers: pipe_all absorbs its neighbours, duplicates collapse."""

    name = "canonicalize-barriers"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        collapse_barrier_runs([b for b in op.walk() if isinstance(b, PipeBarrierOp)])
