"""`unify-pipe` (pyasc: `ascendc-unify-pipe`): one TPipe per function, at its entry.

`materialize-tensor` and `insert-que-sync` create an `ascendc.pipe` per use; Ascend C wants
one TPipe per kernel. When a function has several pipes, one new pipe at the start of the
entry block takes over all their uses and the others are erased. A function whose only pipe
sits inside a loop or if gets it moved to the entry as well (pyasc leaves it there, which
constructs a TPipe per iteration). The new pipe keeps the location of the first one.

`mode=pyasc` (the pass under pyasc's name, `ascendc-unify-pipe`) does what pyasc's pass does:
a function with one pipe keeps it where it is, wherever that is.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.dialects.func import FuncOp

from ascdsl.dialects.ascendc import PipeOp

from .analysis import function_bodies
from .options import CheckedPass

MODES = ("ascdsl", "pyasc")


@dataclass(frozen=True)
class UnifyPipePass(CheckedPass):
    """Replace a function's ascendc.pipe ops by one pipe at the start of its entry block."""

    name = "unify-pipe"
    CHOICES = {"mode": MODES}

    mode: str = "ascdsl"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for func in function_bodies(op):
            unify_pipes(func, keep_single=self.mode == "pyasc")


def unify_pipes(func: FuncOp, keep_single: bool = False) -> None:
    """Leave `func` with at most one ascendc.pipe, at the top of its entry block (with
    `keep_single`, a function's only pipe stays where it is, as pyasc's pass leaves it)."""
    pipes = [op for op in func.walk() if isinstance(op, PipeOp)]
    if not pipes:
        return
    entry = func.body.blocks.first
    assert entry is not None
    if len(pipes) == 1 and (keep_single or pipes[0].parent is entry):
        return
    unified = PipeOp()
    unified.location = pipes[0].location
    first = entry.first_op
    if first is None:
        entry.add_op(unified)
    else:
        entry.insert_op_before(unified, first)
    for pipe in pipes:
        pipe.pipe.replace_all_uses_with(unified.pipe)
        block = pipe.parent
        assert block is not None
        block.erase_op(pipe)
