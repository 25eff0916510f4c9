"""`lower-asc-buffers`: give compiler-managed UB buffers memory, by liveness, with reuse and
multi-buffering.

The plan (`tile_memory.plan`, see there for every decision) says for each `local_tensor_auto`
whether it is an input, an output or a temporary, and where it lives. This pass writes the
plan into the function:

- at the function's start: one `ascendc.pipe`, one `queue<vecin|vecout, depth>` per input /
  output buffer with its `pipe.init_queue`, and one `tbuf<veccalc>` with `pipe.init_buffer`
  for all temporaries;
- an input / output buffer becomes `que_bind.alloc_tensor` where it was defined, and a
  `que_bind.free_tensor` after its last use; `insert-que-sync` then adds the EnQue/DeQue
  pairs that order the copy and the vector unit. With depth 2 in a loop, iteration i + 1
  allocates the queue's other buffer while iteration i still uses the first: its loads
  overlap iteration i's compute and stores (double buffering);
- a temporary becomes `tbuf.get_with_offset` at its planned byte offset (buffers whose
  lives do not overlap share bytes).

The module gets `asc.memory_consumed = {UB = bytes}` (the largest function's total).
Options: `max-depth` (default 2, the deepest queue for a parallel loop), `soc` (whose UB
size bounds the plan).
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import DictionaryAttr, IntegerAttr, ModuleOp, i32, i64

import ascdsl.dialects.ascendc as A
from ascdsl.dialects.ascendc import soc as soc_table
from ascdsl.dialects.ascendc.types import LocalTensorType

from .analysis import OpOrder, function_bodies, gc_paused, insert_after
from .materialize_tensor import constant
from .options import CheckedPass
from .tile_memory import CALC, IN, MemoryPlan, plan

MEMORY_ATTR = "asc.memory_consumed"


@dataclass(frozen=True)
class LowerAscBuffersPass(CheckedPass):
    """Allocate local_tensor_auto buffers: queues for GM copies, one shared TBuf for the rest."""

    name = "lower-asc-buffers"
    CHOICES = {"soc": soc_table.SOCS}

    max_depth: int = 2
    soc: str = soc_table.DEFAULT_SOC

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        soc = soc_table.get_soc(self.soc)
        most = 0
        with gc_paused():
            for func in function_bodies(op):
                if not any(isinstance(o, A.LocalTensorAutoOp) for o in func.walk()):
                    continue
                p = plan(func, OpOrder(func), soc, max(1, self.max_depth))
                _apply(func, p)
                most = max(most, p.total)
        if most:
            op.attributes[MEMORY_ATTR] = DictionaryAttr({"UB": IntegerAttr(most, i64)})


def _apply(func, p: MemoryPlan) -> None:
    entry = func.body.blocks.first
    pipe = A.PipeOp()
    setup: list = [pipe]
    tbuf = None
    if p.tbuf_bytes:
        tbuf = A.TBufOp(A.TPosition.VECCALC)
        length = constant(p.tbuf_bytes)
        setup += [tbuf, length, A.InitBufferOp(pipe.pipe, tbuf.result, length.result)]
    for b in p.buffers:
        auto = b.op
        t = auto.result.type
        assert isinstance(t, LocalTensorType)
        if b.role == CALC:
            assert tbuf is not None
            n = constant(t.num_elements() or 0, i32)
            off = constant(b.offset, i32)
            made = A.GetWithOffsetOp(tbuf.result, n.result, off.result, t)
            for new in (n, off, made):
                new.location = auto.location
            block = auto.parent_block()
            assert block is not None
            block.insert_op_before(n, auto)
            block.insert_op_before(off, auto)
            block.insert_op_before(made, auto)
            auto.result.replace_all_uses_with(made.tensor)
        else:
            pos = A.TPosition.VECIN if b.role == IN else A.TPosition.VECOUT
            queue = A.QueueOp(pos, b.depth)
            depth = constant(b.depth, i32)
            size = constant(b.nbytes)
            setup += [queue, depth, size, A.InitQueueOp(pipe.pipe, queue.result, depth.result,
                                                        size.result)]
            made = A.AllocTensorOp(queue.result, t)
            made.location = auto.location
            block = auto.parent_block()
            assert block is not None
            block.insert_op_before(made, auto)
            auto.result.replace_all_uses_with(made.tensor)
            free = A.FreeTensorOp(queue.result, made.tensor)
            free.location = auto.location
            insert_after(b.last if b.last is not auto else made, [free])
        auto.detach()
        auto.erase()
    for new in setup:
        new.location = func.location
    first = entry.first_op
    for new in setup:
        if first is None:
            entry.add_op(new)
        else:
            entry.insert_op_before(new, first)
