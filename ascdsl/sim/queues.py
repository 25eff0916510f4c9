"""The TPipe/TQue/TBuf framework of Ascend C as the simulator models it.

This models the library's implementation, not the ISA: a TPipe hands out on-chip memory from
a cursor per physical memory (each block rounded up to 32 bytes, at most 64 blocks) and event
ids from a pool of 8 per HardEvent. A TQue owns `num` buffers; AllocTensor takes the next free
one (round robin), EnQue pushes it on a FIFO of at most `depth`, DeQue pops the oldest,
FreeTensor returns it. Each hand-over is a hardware event between the queue's producer and
consumer pipes, with an event id taken from the TPipe's pool while the event is pending:

    EnQue      set_flag(producer -> consumer)     DeQue        wait_flag(producer -> consumer)
    FreeTensor set_flag(consumer -> producer)     AllocTensor  wait_flag(consumer -> producer)
                                                               (when the buffer was freed)

A queue whose producer and consumer are the same pipe (VECCALC, or a VECIN -> VECOUT bind: V ->
V) uses no events of the pool: EnQue sets V_V id 0 and DeQue waits for it, as Ascend C's
kernel_tquebind_impl.h does for a queue with both ends in UB; an AllocTensor of a buffer
FreeTensor gave back puts a pipe_barrier on that pipe (Ascend C's V_V free flag), the first
AllocTensor of a buffer orders nothing. A hand-written
set_flag/wait_flag on an id a queue holds shares the queue's hardware flag: the core reports
that collision (Ascend C's docs warn it hangs).
"""

from __future__ import annotations

from ascdsl.dialects.ascendc import soc
from ascdsl.dialects.ascendc.enums import HardEvent, Hardware, TPosition
from ascdsl.dialects.ascendc.types import QueBindType, QueueType

from .errors import Site
from .memory import Memory
from .sanitizer import PIPE_INDEX, PIPES_BY_INDEX

def queue_pipes(qtype: QueueType | QueBindType) -> tuple[int, int] | None:
    """(producer, consumer) pipe indices of a queue type, None if a position has no pipes."""
    ends = soc.queue_end_pipes(qtype.src_position, qtype.dst_position)
    if ends is None:
        return None
    return PIPE_INDEX[ends[0]], PIPE_INDEX[ends[1]]


def queue_events(prod: int, cons: int) -> tuple[HardEvent | None, HardEvent | None]:
    """(forward, backward) events of a queue; (None, None) when both ends are one pipe."""
    if prod == cons:
        return None, None
    a, b = PIPES_BY_INDEX[prod], PIPES_BY_INDEX[cons]
    return HardEvent.between(a, b), HardEvent.between(b, a)


def same_pipe_event(pipe: int) -> HardEvent | None:
    """The flag EnQue sets and DeQue waits for on a queue whose ends are one pipe (V_V on a
    UB -> UB queue, always id 0: kernel_tquebind_impl.h), if the pipe has one."""
    p = PIPES_BY_INDEX[pipe]
    return HardEvent.between(p, p)


FREE, ALLOCATED, ENQUEUED, DEQUEUED = "free", "allocated", "enqueued", "dequeued"


class EventPool:
    """The ids of one HardEvent a TPipe hands out: a bit mask plus who took each id."""

    __slots__ = ("evt", "mask", "holders")

    def __init__(self, evt: HardEvent):
        self.evt = evt
        self.mask = 0
        self.holders: dict[int, Site | None] = {}

    def lowest_free(self) -> int | None:
        m = self.mask
        i = (~m & (m + 1)).bit_length() - 1
        return i if i < soc.EVENT_IDS else None

    def take(self, eid: int, site: Site | None) -> None:
        if 0 <= eid < 64:
            self.mask |= 1 << eid
        self.holders[eid] = site

    def give(self, eid: int) -> bool:
        """Release an id; False if it was not taken."""
        if eid not in self.holders:
            return False
        del self.holders[eid]
        if 0 <= eid < 64:
            self.mask &= ~(1 << eid)
        return True


class TPipeState:
    """A TPipe: memory cursors per physical memory, buffer count, event-id pools."""

    __slots__ = ("site", "cursor", "nbuf", "pools", "alive", "owned")

    def __init__(self, site: Site):
        self.site = site
        self.cursor: dict[Hardware, int] = {}
        self.nbuf = 0
        self.pools: dict[HardEvent, EventPool] = {}
        self.alive = True
        self.owned: list = []

    def pool(self, evt: HardEvent) -> EventPool:
        p = self.pools.get(evt)
        if p is None:
            p = self.pools[evt] = EventPool(evt)
        return p

    def reset(self) -> None:
        for obj in self.owned:
            obj.release()
        self.owned.clear()
        self.cursor.clear()
        self.nbuf = 0
        for p in self.pools.values():
            p.mask = 0
            p.holders.clear()


class QBuf:
    """One buffer of a queue and the pending events that guard it."""

    __slots__ = (
        "queue", "index", "mem", "off", "nbytes", "state", "enq_id", "enq_rec", "free_id",
        "free_rec", "holder", "tensors",
    )

    def __init__(self, queue: QueueState, index: int, mem: Memory, off: int, nbytes: int):
        self.queue = queue
        self.index = index
        self.mem = mem
        self.off = off
        self.nbytes = nbytes
        self.state = FREE
        # Event id and record (fire time, snapshot, site) of the pending EnQue / FreeTensor set.
        self.enq_id: int | None = None
        self.enq_rec: tuple | None = None
        self.free_id: int | None = None
        self.free_rec: tuple | None = None
        self.holder: Site | None = None  # the op that last took the buffer
        # The tensor each AllocTensor/DeQue op hands out for this buffer (they never change).
        self.tensors: dict[Site, object] = {}


class QueueSpec:
    """What a queue type fixes, worked out once at compile time: where its buffers live, its
    depth, its producer and consumer pipes and their events."""

    __slots__ = ("qtype", "position", "hw", "depth", "prod", "cons", "fwd", "bwd")

    def __init__(self, qtype: QueueType | QueBindType, pipes: tuple[int, int]):
        self.qtype = qtype
        self.position = qtype.position
        self.hw = self.position.hardware
        self.depth = qtype.depth
        self.prod, self.cons = pipes
        self.fwd, self.bwd = queue_events(self.prod, self.cons)


class QueueState:
    """A TQue / TQueBind object of one core."""

    __slots__ = (
        "site", "qtype", "position", "hw", "depth", "prod", "cons", "fwd", "bwd", "bufs",
        "cursor", "fifo", "init_site", "pipe", "fwd_pool", "bwd_pool",
    )

    def __init__(self, site: Site, spec: QueueSpec):
        self.site = site
        self.qtype = spec.qtype
        self.position = spec.position
        self.hw = spec.hw
        self.depth = spec.depth
        self.prod = spec.prod
        self.cons = spec.cons
        self.fwd = spec.fwd
        self.bwd = spec.bwd
        self.bufs: list[QBuf] = []
        self.cursor = 0
        self.fifo: list[QBuf] = []
        self.init_site: Site | None = None
        self.pipe: TPipeState | None = None
        self.fwd_pool: EventPool | None = None
        self.bwd_pool: EventPool | None = None

    def attach(self, pipe: TPipeState) -> None:
        self.pipe = pipe
        self.fwd_pool = pipe.pool(self.fwd) if self.fwd is not None else None
        self.bwd_pool = pipe.pool(self.bwd) if self.bwd is not None else None

    def release(self) -> None:
        self.bufs = []
        self.fifo = []
        self.cursor = 0


class TBufState:
    """A TBuf object: one buffer once InitBuffer gave it memory."""

    __slots__ = ("site", "position", "hw", "mem", "off", "nbytes", "init_site")

    def __init__(self, site: Site, position: TPosition):
        self.site = site
        self.position = position
        self.hw = position.hardware
        self.mem: Memory | None = None
        self.off = 0
        self.nbytes = 0
        self.init_site: Site | None = None

    def release(self) -> None:
        self.mem = None


class AllocatorState:
    """A LocalMemAllocator: hands out addresses of one memory from 0 upward."""

    __slots__ = ("site", "hw", "cursor")

    def __init__(self, site: Site, hw: Hardware):
        self.site = site
        self.hw = hw
        self.cursor = 0


class TBufPoolState:
    """A TBufPool: bytes [start, start + max_len) of one memory once InitBufPool gave them,
    a cursor the pool's InitBuffer calls carve from, and the queues/TBufs it gave buffers."""

    __slots__ = ("site", "position", "hw", "id_size", "mem", "start", "cursor", "max_len",
                 "nbuf", "owned", "init_site")

    def __init__(self, site: Site, position: TPosition, id_size: int = 4):
        self.site = site
        self.position = position
        self.hw = position.hardware
        self.id_size = id_size
        self.mem: Memory | None = None
        self.start = 0
        self.cursor = 0
        self.max_len = 0
        self.nbuf = 0
        self.owned: list = []
        self.init_site: Site | None = None

    def rewind(self) -> None:
        """Forget the buffers handed out (Reset): the memory may be carved again."""
        for obj in self.owned:
            obj.release()
        self.owned.clear()
        self.cursor = self.start
        self.nbuf = 0

    def release(self) -> None:
        self.rewind()
        self.mem = None


def owner_of(pipes: list, mem: Memory, lo: int, hi: int) -> str | None:
    """What holds bytes [lo, hi) of `mem` among the TPipes `pipes` of a core: "queue" (a
    TQue/TQueBind buffer), "tbuf", or None (static tensors, GM). Asked only when a race is
    reported."""
    for tpipe in pipes:
        for obj in tpipe.owned:
            if isinstance(obj, QueueState):
                for b in obj.bufs:
                    if b.mem is mem and b.off < hi and lo < b.off + b.nbytes:
                        return "queue"
            elif isinstance(obj, TBufState):
                if obj.mem is mem and obj.off < hi and lo < obj.off + obj.nbytes:
                    return "tbuf"
    return None
