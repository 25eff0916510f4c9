"""`hoist-que-bind` (pyasc: `ascendc-hoist-que-bind`): create queues and buffers once.

Queue, que_bind and tbuf creation, `pipe.init_queue`, `pipe.init_buffer` and
`tbuf.get_tensor` move out of loops and ifs towards the function's top level, as far as
their operands allow (see hoisting.py). By default the hoisted ops keep their program order;
`order=pyasc` (the default of pyasc's name, `ascendc-hoist-que-bind`) leaves them in the order
pyasc's greedy driver does, where the last queue of a loop comes first. The order is that of
the TQue declarations and InitBuffer calls in the Ascend C, so it decides the UB addresses.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation

from ascdsl.dialects.ascendc import (
    GetTensorOp,
    InitBufferOp,
    InitQueueOp,
    QueBindOp,
    QueueOp,
    TBufOp,
)

from .analysis import function_bodies
from .hoisting import hoist_in_pyasc_order, hoist_out_of_regions
from .options import CheckedPass

HOISTED: tuple[type[Operation], ...] = (
    QueueOp,
    QueBindOp,
    TBufOp,
    InitQueueOp,
    InitBufferOp,
    GetTensorOp,
)


@dataclass(frozen=True)
class HoistQueBindPass(CheckedPass):
    """Move queue/buffer creation and initialization out of loops and ifs."""

    name = "hoist-que-bind"
    CHOICES = {"order": ("program", "pyasc")}

    order: str = "program"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        hoist = hoist_in_pyasc_order if self.order == "pyasc" else hoist_out_of_regions
        for func in function_bodies(op):
            hoist(func, lambda o: isinstance(o, HOISTED), _init_buffers)


def _init_buffers(op: Operation) -> list[Operation]:
    """The InitBuffer calls a TBuf's Get must stay after: hoisted above one that cannot
    leave the loop (its length is computed there), Get took a tensor from a TBuf without
    memory (the simulator's QueueError; on hardware, an undefined address)."""
    if not isinstance(op, GetTensorOp):
        return []
    return [u.operation for u in op.operands[0].uses if isinstance(u.operation, InitBufferOp)]
