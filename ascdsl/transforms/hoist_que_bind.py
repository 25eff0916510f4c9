"""`hoist-que-bind` (pyasc: `ascendc-hoist-que-bind`): create queues and buffers once.

Queue, que_bind and tbuf creation, `pipe.init_queue`, `pipe.init_buffer` and
`tbuf.get_tensor` move out of loops and ifs towards the function's top level, as far as
their operands allow (see hoisting.py). Ops keep their program order, where pyasc's greedy
driver happens to put the last queue first.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation
from xdsl.passes import ModulePass

from ascdsl.dialects.ascendc import (
    GetTensorOp,
    InitBufferOp,
    InitQueueOp,
    QueBindOp,
    QueueOp,
    TBufOp,
)

from .analysis import function_bodies
from .hoisting import hoist_out_of_regions

HOISTED: tuple[type[Operation], ...] = (
    QueueOp,
    QueBindOp,
    TBufOp,
    InitQueueOp,
    InitBufferOp,
    GetTensorOp,
)


@dataclass(frozen=True)
class HoistQueBindPass(ModulePass):
    """Move queue/buffer creation and initialization out of loops and ifs."""

    name = "hoist-que-bind"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for func in function_bodies(op):
            hoist_out_of_regions(func, lambda o: isinstance(o, HOISTED))
