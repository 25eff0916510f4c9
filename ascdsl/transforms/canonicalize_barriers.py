"""`canonicalize-barriers`: apply the pipe_barrier rules (see MergeAdjacentBarriers).

The rules are the op's canonicalization pattern, so `canonicalize` applies them as well; this
pass applies only them, without folding or dead-code removal. It does so in one linear sweep
(`collapse_barrier_runs`) that gives the same result as running the pattern to a fixpoint:
in a run of adjacent barriers, the first `pipe_all` survives and absorbs every other barrier
of the run; without a `pipe_all`, each group of identical adjacent barriers keeps its last
member and barriers on different pipes all stay. The user's barriers come first: the first
`pipe_all` not marked `ascdsl.auto_sync` (cce-auto-sync's) survives if there is one, and a
group keeps its last unmarked member if it has one, so a user's barrier is never dropped for
an identical one bisheng's layer would add (the printer leaves marked ones to bisheng).
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
            alls = [i for i, p in enumerate(pipes) if p == Pipe.PIPE_ALL]
            keep = {next((i for i in alls if not run[i].auto_sync), alls[0])}
        else:
            keep = set()
            user: int | None = None  # the group's last unmarked member so far
            for i, b in enumerate(run):
                if not b.auto_sync:
                    user = i
                if i + 1 == len(run) or pipes[i + 1] != pipes[i]:
                    keep.add(i if user is None else user)
                    user = None
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
