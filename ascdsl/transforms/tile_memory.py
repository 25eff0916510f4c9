"""Memory planning of compiler-managed UB buffers (`local_tensor_auto`), for `lower-asc-buffers`.

Steps, for one function:

1. Roles, from the pipes that touch each buffer (declared `WRITES`/`READS` and `hw_pipe()` of
   the ops using the buffer or its views): written by MTE2 (a GM -> UB copy) is an *input*,
   read by MTE3 (a UB -> GM copy) an *output*, touched by the vector and scalar units only a
   *temporary*. Inputs and outputs get a queue each (VECIN / VECOUT), so that the queue's
   EnQue/DeQue order the two pipes; temporaries share one VECCALC TBuf.
2. Live ranges in one pre-order numbering of the function: from the buffer's definition to
   the end of its last use, a use nested in a loop or if of the definition's block counting
   as the whole loop or if (a buffer used in a loop it is not defined in is live for all of
   the loop's iterations).
3. Temporaries are packed into the TBuf by first fit over their live ranges: two whose
   ranges do not overlap may share bytes. The TBuf's size is the highest byte reached.
4. Queue depths: 1 everywhere, then 2 (up to `max_depth`) for the queues of buffers defined
   in a loop marked `asc.parallel` (its iterations are independent, so iteration i + 1 may
   load while iteration i computes), as far as the memory and the event ids left allow
   (a free queue buffer holds one of the 8 event ids of its direction): first for all of
   them at once, else one by one in program order.
5. The total (TBuf + every queue's depth x size, each rounded up to 32 bytes) must fit the
   SoC's UB, and the pipe may hand out at most 64 buffers; otherwise the plan fails, naming
   the buffers live at the peak, largest first, with their kernel lines.

All steps are linear in the number of ops, except packing, which is linear in the number of
temporaries times the number live at once.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from xdsl.dialects import scf
from xdsl.ir import Operation, SSAValue

import ascdsl.dialects.ascendc as A
from ascdsl.diagnostics import PassError
from ascdsl.dialects.ascendc import soc as soc_table
from ascdsl.dialects.ascendc.types import LocalTensorType

from .analysis import OpOrder
from .input_output_tensor import _views_and_self
from .vector_repeats import elem_bytes

PARALLEL_ATTR = "asc.parallel"
IN, OUT, CALC = "input", "output", "temporary"
BLOCK = 32


@dataclass
class Buffer:
    """One local_tensor_auto and what the plan decided for it."""

    op: A.LocalTensorAutoOp
    nbytes: int
    role: str
    start: int
    end: int
    last: Operation  # the op of the definition's block after which the buffer is dead
    parallel: bool  # defined in a loop whose iterations are independent
    offset: int = 0  # temporaries: byte offset in the TBuf
    depth: int = 1  # inputs / outputs: buffers in the queue


@dataclass
class MemoryPlan:
    buffers: list[Buffer]
    tbuf_bytes: int
    capacity: int
    peak: list[Buffer] = field(default_factory=list)

    @property
    def queues(self) -> list[Buffer]:
        return [b for b in self.buffers if b.role != CALC]

    @property
    def temporaries(self) -> list[Buffer]:
        return [b for b in self.buffers if b.role == CALC]

    @property
    def total(self) -> int:
        return self.tbuf_bytes + sum(b.nbytes * b.depth for b in self.queues)


def _nbytes(op: A.LocalTensorAutoOp) -> int:
    t = op.result.type
    assert isinstance(t, LocalTensorType)
    n = t.num_elements()
    if n is None:
        raise PassError(op, "has a dynamic shape; lower-asc-buffers plans static buffers only")
    return -(-(n * elem_bytes(t.element_type)) // BLOCK) * BLOCK


def _accesses(value: SSAValue) -> list[tuple[Operation, bool, object]]:
    """(op, writes?, pipe) of every op touching the buffer or one of its views."""
    out = []
    for v in _views_and_self(value):
        for use in v.uses:
            op = use.operation
            if not isinstance(op, A.AscendCOp):
                continue
            writes = any(w is v for w in op.written_operands())
            reads = any(r is v for r in op.read_operands())
            if writes or reads:
                out.append((op, writes, op.hw_pipe()))
    return out


def _users(value: SSAValue) -> list[Operation]:
    return [use.operation for v in _views_and_self(value) for use in v.uses]


def _role(op: A.LocalTensorAutoOp) -> str:
    accesses = _accesses(op.result)
    written_by = {p for _, w, p in accesses if w}
    read_by = {p for _, w, p in accesses if not w}
    is_in = A.Pipe.PIPE_MTE2 in written_by
    is_out = A.Pipe.PIPE_MTE3 in read_by
    if is_in and is_out:
        raise PassError(op, "is filled from GM and copied to GM without the vector unit in "
                            "between; give the copy-out its own buffer (a UB -> UB DataCopy)")
    return IN if is_in else OUT if is_out else CALC


def _in_parallel_loop(op: Operation) -> bool:
    parent = op.parent_op()
    while parent is not None:
        if isinstance(parent, scf.ForOp | scf.WhileOp):
            return PARALLEL_ATTR in parent.attributes
        parent = parent.parent_op()
    return False


def collect(func, order: OpOrder) -> list[Buffer]:
    """Steps 1 and 2: every local_tensor_auto of the function with its role and live range."""
    out = []
    for op in func.walk():
        if not isinstance(op, A.LocalTensorAutoOp):
            continue
        block = op.parent_block()
        assert block is not None
        start = order.key(op)
        last: Operation = op
        end = start
        for user in _users(op.result):
            anchor = order.ancestor_in_block(user, block)
            if anchor is None:
                raise PassError(user, "uses a buffer outside the block that defines it",
                                notes=[(op, "buffer defined here")])
            if order.last(anchor) > end:
                end, last = order.last(anchor), anchor
        out.append(Buffer(op, _nbytes(op), _role(op), start, end, last, _in_parallel_loop(op)))
    return out


def pack(temporaries: list[Buffer]) -> tuple[int, list[Buffer]]:
    """Step 3: first-fit offsets; returns the TBuf size and the buffers live at its peak."""
    active: list[Buffer] = []
    top = 0
    peak: list[Buffer] = []
    for b in sorted(temporaries, key=lambda x: x.start):
        active = [a for a in active if a.end > b.start]
        offset = 0
        for a in sorted(active, key=lambda x: x.offset):
            if offset + b.nbytes <= a.offset:
                break
            offset = max(offset, a.offset + a.nbytes)
        b.offset = offset
        active.append(b)
        if offset + b.nbytes > top:
            top = offset + b.nbytes
            peak = list(active)
    return top, peak


def plan(func, order: OpOrder, soc: soc_table.SoC, max_depth: int = 2) -> MemoryPlan:
    """Steps 1 to 5 for one function (raises PassError when the kernel cannot fit)."""
    buffers = collect(func, order)
    capacity = soc.capacity(A.Hardware.UB) or 0
    tbuf, peak = pack([b for b in buffers if b.role == CALC])
    result = MemoryPlan(buffers, tbuf, capacity, peak)
    _check_fits(func, result, soc)
    _check_events(result)
    eligible = [b for b in result.queues if b.parallel]
    for depth in range(max_depth, 1, -1):
        if _fits(result, eligible, depth):
            for b in eligible:
                b.depth = depth
            return result
    for b in eligible:  # not all at once: one by one while memory and event ids are left
        if _fits(result, [b], 2):
            b.depth = 2
    return result


def _fits(p: MemoryPlan, deeper: list[Buffer], depth: int) -> bool:
    """Whether raising `deeper` to `depth` keeps UB, the pipe's buffers and event ids in bounds."""
    extra = sum(b.nbytes * (depth - b.depth) for b in deeper)
    if p.total + extra > p.capacity or _pipe_buffers(p, deeper, depth) > soc_table.MAX_PIPE_BUFFERS:
        return False
    for role in (IN, OUT):
        held = sum(b.depth for b in p.queues if b.role == role)
        held += sum(depth - b.depth for b in deeper if b.role == role)
        if held > soc_table.EVENT_IDS:
            return False
    return True


def _check_events(p: MemoryPlan) -> None:
    """Each queue buffer holds an event id of its direction while free (8 per HardEvent)."""
    for role, what in ((IN, "loaded from GM"), (OUT, "stored to GM")):
        bufs = [b for b in p.queues if b.role == role]
        if len(bufs) > soc_table.EVENT_IDS:
            raise PassError(
                bufs[0].op,
                f"the kernel keeps {len(bufs)} tiles {what} in one function, each in its own "
                f"queue, but a TPipe has {soc_table.EVENT_IDS} event ids per direction: load or "
                "store fewer tiles (or unroll less)",
                notes=[(b.op, f"{b.role} tile {b.op.result.type}") for b in bufs],
            )


def _pipe_buffers(p: MemoryPlan, deeper: list[Buffer], depth: int) -> int:
    return ((1 if p.tbuf_bytes else 0) + sum(b.depth for b in p.queues)
            + sum(depth - b.depth for b in deeper))


def _check_fits(func, p: MemoryPlan, soc: soc_table.SoC) -> None:
    count = _pipe_buffers(p, [], 1)
    if p.total <= p.capacity and count <= soc_table.MAX_PIPE_BUFFERS:
        return
    live = sorted([*p.queues, *p.peak], key=lambda b: -b.nbytes)
    notes = [(b.op, f"{b.nbytes} bytes: {b.op.result.type} ({b.role})") for b in live[:12]]
    if len(live) > 12:
        notes.append((func, f"... and {len(live) - 12} more buffers"))
    if p.total > p.capacity:
        message = (
            f"needs {p.total} bytes of UB but {soc.name} has {p.capacity}: the tiles below are "
            "live at the same time (largest first); use smaller tiles or fewer tiles at once"
        )
    else:
        message = (f"needs {count} pipe buffers but a TPipe hands out at most "
                   f"{soc_table.MAX_PIPE_BUFFERS}")
    anchor = live[0].op if live else func
    raise PassError(anchor, f"the kernel {message}", notes=notes)
