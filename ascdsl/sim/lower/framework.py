"""TPipe, TQue/TQueBind, TBuf, TBufPool and event ids (see ascdsl.sim.queues for the model)."""

from __future__ import annotations

import ascdsl.dialects.ascendc as A
from ascdsl.dialects.ascendc import soc as soc_table
from ascdsl.dialects.ascendc.soc import EVENT_IDS

from ..compiler import Lowering, lowers
from ..dtypes import scalar_converter
from ..errors import (
    AlignmentError,
    DeadlockError,
    EventError,
    InvalidArgumentError,
    OutOfBoundsError,
    QueueError,
    Site,
    UBOverflowError,
)
from ..memory import LTensor
from ..queues import (
    ALLOCATED,
    DEQUEUED,
    ENQUEUED,
    FREE,
    EventPool,
    QBuf,
    QueueSpec,
    QueueState,
    TBufPoolState,
    TBufState,
    TPipeState,
    queue_pipes,
    same_pipe_event,
)
from ..sanitizer import PIPE_NAMES
from .common import declared_here, dtype_of


def _round32(n: int) -> int:
    return (n + 31) // 32 * 32


@lowers(A.PipeOp)
def lower_pipe(op, cx: Lowering):
    pre = cx.take_pre()
    site = cx.site(op)
    o = cx.slot(op.pipe)

    def f(R):
        c = R[0]
        c.t += pre
        p = TPipeState(site)
        c.tpipe = p
        c.pipes.append(p)
        if c.allocator is not None and c.checking:
            c.memory_managers_mixed(site, c.allocator, first_is_pipe=False)
        R[o] = p

    return f


@lowers(A.GetTPipePtrOp)
def lower_get_tpipe_ptr(op, cx: Lowering):
    pre = cx.take_pre()
    site = cx.site(op)
    o = cx.slot(op.pipe)

    def f(R):
        c = R[0]
        c.t += pre
        if c.tpipe is None:
            raise InvalidArgumentError(
                "runs before any TPipe was constructed", site, core=c.block_idx
            )
        R[o] = c.tpipe

    return f


@lowers(A.QueueOp, A.QueBindOp)
def lower_queue(op, cx: Lowering):
    pre = cx.take_pre()
    site = cx.site(op)
    qtype = op.result.type
    pipes = queue_pipes(qtype)
    if pipes is None:
        raise cx.error(op, f"is a queue between {qtype.src_position.keyword} and "
                           f"{qtype.dst_position.keyword}, positions no pipe fills or drains")
    spec = QueueSpec(qtype, pipes)
    if pipes[0] != pipes[1] and (spec.fwd is None or spec.bwd is None):
        raise cx.error(op, f"needs events between {PIPE_NAMES[pipes[0]]} and "
                           f"{PIPE_NAMES[pipes[1]]}, which the hardware does not have")
    o = cx.slot(op.result)

    def f(R):
        R[0].t += pre
        R[o] = QueueState(site, spec)

    return f


_BUFFER_STATES = {A.TBufOp: TBufState, A.TBufPoolOp: TBufPoolState}


@lowers(*_BUFFER_STATES)
def lower_buffer_object(op, cx: Lowering):
    """`TBuf<pos> buf;` / `TBufPool<pos, n> pool;`: an object that InitBuffer gives memory."""
    pre = cx.take_pre()
    site = cx.site(op)
    pos = op.result.type.position
    state = _BUFFER_STATES[type(op)]
    o = cx.slot(op.result)

    extra = (op.result.type.buf_id_size,) if isinstance(op, A.TBufPoolOp) else ()

    def f(R):
        R[0].t += pre
        R[o] = state(site, pos, *extra)

    return f


def _carve(c, pipe: TPipeState, position, hw, num: int, length: int, site: Site):
    """Take `num` blocks of `length` bytes (rounded up to 32) of `hw` from the pipe's cursor."""
    if not pipe.alive:
        raise InvalidArgumentError(
            "uses a TPipe after Destroy(); call Init() before InitBuffer", site, core=c.block_idx
        )
    if length <= 0:
        raise InvalidArgumentError(f"asks for buffers of {length} bytes", site, core=c.block_idx)
    mem = c.memory(hw, site)
    blk = _round32(length)
    start = pipe.cursor.get(hw, 0)
    end = start + num * blk
    if end > mem.size:
        raise UBOverflowError(
            f"needs {num} x {blk} bytes at {position.keyword}: {hw.name} bytes [{start}, {end}) "
            f"but {c.soc.name} has {mem.size} bytes of {hw.name} ({start} already handed out by "
            "this TPipe)",
            site,
            notes=[(pipe.site, "the TPipe")],
            core=c.block_idx,
        )
    if pipe.nbuf + num > soc_table.MAX_PIPE_BUFFERS:
        raise UBOverflowError(
            f"would give the TPipe {pipe.nbuf + num} buffers; a kernel may use at most "
            f"{soc_table.MAX_PIPE_BUFFERS} (TPipe::InitBuffer)",
            site,
            notes=[(pipe.site, "the TPipe")],
            core=c.block_idx,
        )
    pipe.cursor[hw] = end
    pipe.nbuf += num
    return mem, start, blk


@lowers(A.InitQueueOp)
def lower_init_queue(op, cx: Lowering):
    pre = cx.take_pre()
    site = cx.site(op)
    sp, sq, sn, sl = cx.slot(op.pipe), cx.slot(op.queue), cx.slot(op.num), cx.slot(op.length)

    def f(R):
        c = R[0]
        c.t += pre
        pipe, q, num, length = R[sp], R[sq], R[sn], R[sl]
        if not 1 <= num <= soc_table.MAX_QUEUE_BUFFERS:
            raise InvalidArgumentError(
                f"gives a queue {num} buffers; a queue has 1 to {soc_table.MAX_QUEUE_BUFFERS}",
                site,
                core=c.block_idx,
            )
        mem, start, blk = _carve(c, pipe, q.position, q.hw, num, length, site)
        q.bufs = [QBuf(q, i, mem, start + i * blk, blk) for i in range(num)]
        q.cursor = 0
        q.fifo = []
        q.init_site = site
        q.attach(pipe)
        pipe.owned.append(q)

    return f


@lowers(A.InitBufferOp)
def lower_init_buffer(op, cx: Lowering):
    pre = cx.take_pre()
    site = cx.site(op)
    sp, sb, sl = cx.slot(op.pipe), cx.slot(op.buffer), cx.slot(op.length)

    def f(R):
        c = R[0]
        c.t += pre
        pipe, b, length = R[sp], R[sb], R[sl]
        mem, start, blk = _carve(c, pipe, b.position, b.hw, 1, length, site)
        b.mem, b.off, b.nbytes, b.init_site = mem, start, blk, site
        pipe.owned.append(b)

    return f


def _drain(c, pipe: TPipeState, site: Site) -> None:
    """Reset/Destroy wait for the FreeTensor events still pending on the pipe's queues."""
    for q in pipe.owned:
        if isinstance(q, QueueState):
            for b in q.bufs:
                if b.free_id is not None:
                    c.queue_wait(q.bwd, b.free_id, b.free_rec, site)
                    q.bwd_pool.give(b.free_id)
                    b.free_id = b.free_rec = None


@lowers(A.PipeInitOp)
def lower_pipe_init(op, cx: Lowering):
    pre = cx.take_pre()
    s = cx.slot(op.pipe)

    def f(R):
        c = R[0]
        c.t += pre
        p = R[s]
        p.reset()
        p.alive = True
        c.tpipe = p

    return f


@lowers(A.PipeResetOp, A.PipeDestroyOp)
def lower_pipe_reset(op, cx: Lowering):
    pre = cx.take_pre()
    site = cx.site(op)
    destroy = isinstance(op, A.PipeDestroyOp)
    s = cx.slot(op.pipe)

    def f(R):
        c = R[0]
        c.t += pre
        p = R[s]
        _drain(c, p, site)
        p.reset()
        if destroy:
            p.alive = False

    return f


# --- event ids -------------------------------------------------------------------------------


def take_id(c, pool: EventPool, site: Site, reserve: bool) -> int:
    """The lowest free id of the pool's event (reserved when `reserve`); EventError if none."""
    eid = pool.lowest_free()
    if eid is None:
        holders = [(s, f"id {i} taken here") for i, s in sorted(pool.holders.items())]
        if c.checking:
            c.finding(
                EventError(
                    f"needs an event id of {pool.evt.keyword} but all {soc_table.EVENT_IDS} are "
                    "allocated",
                    site,
                    notes=holders[:3],
                )
            )
        eid = soc_table.EVENT_IDS + len(pool.holders)  # keep going in warn mode
    if reserve:
        pool.take(eid, site)
    return eid


def give_back(c, pool: EventPool, eid: int, site: Site) -> None:
    if not pool.give(eid) and c.checking:
        c.finding(
            EventError(
                f"releases event id {eid} of {pool.evt.keyword}, which was not allocated "
                "(AllocEventID) or was already released",
                site,
            )
        )


@lowers(A.AllocEventIdOp, A.FetchEventIdOp)
def lower_event_id(op, cx: Lowering):
    pre = cx.take_pre()
    site = cx.site(op)
    evt = op.enum_value("event")
    reserve = isinstance(op, A.AllocEventIdOp)
    conv = scalar_converter(op.event_id.type)
    sp, o = cx.slot(op.pipe), cx.slot(op.event_id)

    def f(R):
        c = R[0]
        c.t += pre
        R[o] = conv(take_id(c, R[sp].pool(evt), site, reserve))

    return f


@lowers(A.ReleaseEventIdOp)
def lower_release_event_id(op, cx: Lowering):
    pre = cx.take_pre()
    site = cx.site(op)
    evt = op.enum_value("event")
    sp, si = cx.slot(op.pipe), cx.slot(op.id)

    def f(R):
        c = R[0]
        c.t += pre
        give_back(c, R[sp].pool(evt), R[si], site)

    return f


# --- queue members ---------------------------------------------------------------------------


def _no_buffers(c, q: QueueState, site: Site) -> QueueError:
    return QueueError(
        "uses a queue that has no buffers: give it some with TPipe.InitBuffer(queue, num, len) "
        "first",
        site,
        notes=[(q.site, "queue declared here")],
        core=c.block_idx,
    )


def _tensor(b: QBuf, dt, site: Site) -> LTensor:
    """The tensor an op hands out for a buffer (made once per buffer, op and element type)."""
    t = b.tensors.get(site)
    if t is None or t.dt is not dt:
        n = b.nbytes // dt.size
        t = b.tensors[site] = LTensor(b.mem, b.off, dt, n, b.queue.position, b, site)
    return t


@lowers(A.AllocTensorOp)
def lower_alloc_tensor(op, cx: Lowering):
    if op.on_tbuf:
        return _lower_tbuf_get(op, cx)
    pre = cx.take_pre()
    site = cx.site(op)
    dt = dtype_of(op, cx, op.tensor)
    sq, o = cx.slot(op.queue), cx.slot(op.tensor)

    def f(R):
        c = R[0]
        c.t += pre
        q = R[sq]
        bufs = q.bufs
        nb = len(bufs)
        b = bufs[q.cursor] if nb else None
        if b is None or b.state is not FREE:
            if nb == 0:
                raise _no_buffers(c, q, site)
            k = q.cursor
            for j in range(nb):  # Ascend C scans round robin from its cursor
                b = bufs[(k + j) % nb]
                if b.state is FREE:
                    break
            else:
                notes = [(b.holder, f"buffer {b.index} was {b.state} here") for b in bufs]
                raise DeadlockError(
                    f"waits for a free buffer of a queue whose {nb} buffer(s) are all in use: "
                    "FreeTensor one first (AllocTensor would wait forever)",
                    site,
                    notes=[(q.init_site, "the queue's buffers are given here")] + notes[:4],
                    core=c.block_idx,
                )
        q.cursor = b.index + 1 if b.index + 1 < nb else 0
        b.state = ALLOCATED
        b.holder = site
        eid = b.free_id
        if eid is not None:
            c.queue_wait(q.bwd, eid, b.free_rec, site)
            pool = q.bwd_pool
            if pool.mask >> eid & 1:
                pool.mask &= ~(1 << eid)
                del pool.holders[eid]
            else:
                give_back(c, pool, eid, site)
            b.free_id = None
        elif q.prod == q.cons and b.free_rec is not None:
            # A one-pipe queue (VECCALC): FreeTensor set a V_V flag that this AllocTensor
            # waits for (kernel_tquebind_impl.h); a buffer never freed waits for nothing.
            c.barrier(q.prod)
            b.free_rec = None
        t = b.tensors.get(site)
        R[o] = t if t is not None and t.dt is dt else _tensor(b, dt, site)

    return f


def _owned(c, q: QueueState, t, site: Site, what: str) -> QBuf:
    b = getattr(t, "buf", None)
    if not isinstance(b, QBuf) or b.queue is not q:
        raise QueueError(
            f"{what} a tensor this queue did not hand out (it comes from "
            f"{'another queue' if isinstance(b, QBuf) else 'outside any queue'})",
            site,
            notes=[(q.site, "queue declared here")] + declared_here(t),
            core=c.block_idx,
        )
    return b


@lowers(A.EnqueTensorOp)
def lower_enque(op, cx: Lowering):
    if op.on_tbuf:
        return _lower_tbuf_noop(op, cx)
    pre = cx.take_pre()
    site = cx.site(op)
    sq, st = cx.slot(op.queue), cx.slot(op.tensor)

    def f(R):
        c = R[0]
        c.t += pre
        q, t = R[sq], R[st]
        b = t.buf
        if b.__class__ is not QBuf or b.queue is not q:
            b = _owned(c, q, t, site, "enqueues")
        if b.state is not ALLOCATED and b.state is not DEQUEUED:
            raise QueueError(
                f"enqueues a tensor whose buffer is {b.state}; EnQue takes a tensor from "
                "AllocTensor (or DeQue) that was not enqueued or freed since",
                site,
                notes=[(b.holder, f"the buffer was {b.state} here")],
                core=c.block_idx,
            )
        fifo = q.fifo
        if len(fifo) >= q.depth:
            raise QueueError(
                f"enqueues into a full queue (depth {q.depth}): DeQue before the next EnQue",
                site,
                notes=[(q.site, "queue declared here")],
                core=c.block_idx,
            )
        pool = q.fwd_pool
        if pool is not None:
            m = pool.mask
            eid = (~m & (m + 1)).bit_length() - 1
            if eid < EVENT_IDS:
                pool.mask = m | (1 << eid)
                pool.holders[eid] = site
            else:
                eid = take_id(c, pool, site, True)
            b.enq_rec = c.queue_set(q.fwd, eid, site)
            b.enq_id = eid
        elif q.prod == q.cons:
            evt = same_pipe_event(q.prod)
            if evt is not None:
                b.enq_rec = c.queue_set(evt, 0, site)
        fifo.append(b)
        b.state = ENQUEUED
        b.holder = site

    return f


@lowers(A.DequeTensorOp)
def lower_deque(op, cx: Lowering):
    if op.on_tbuf:
        return _lower_tbuf_get(op, cx)
    pre = cx.take_pre()
    site = cx.site(op)
    dt = dtype_of(op, cx, op.tensor)
    sq, o = cx.slot(op.queue), cx.slot(op.tensor)

    def f(R):
        c = R[0]
        c.t += pre
        q = R[sq]
        if not q.fifo:
            if not q.bufs:
                raise _no_buffers(c, q, site)
            raise DeadlockError(
                "dequeues from an empty queue: no EnQue is pending, so DeQue would wait forever",
                site,
                notes=[(q.site, "queue declared here")],
                core=c.block_idx,
            )
        b = q.fifo.pop(0)
        eid = b.enq_id
        if eid is not None:
            c.queue_wait(q.fwd, eid, b.enq_rec, site)
            pool = q.fwd_pool
            if pool.mask >> eid & 1:
                pool.mask &= ~(1 << eid)
                del pool.holders[eid]
            else:
                give_back(c, pool, eid, site)
            b.enq_id = None
        elif q.prod == q.cons and b.enq_rec is not None:
            c.queue_wait(same_pipe_event(q.prod), 0, b.enq_rec, site)
            b.enq_rec = None
        b.state = DEQUEUED
        b.holder = site
        t = b.tensors.get(site)
        R[o] = t if t is not None and t.dt is dt else _tensor(b, dt, site)

    return f


@lowers(A.FreeTensorOp)
def lower_free(op, cx: Lowering):
    if op.on_tbuf:
        return _lower_tbuf_noop(op, cx)
    pre = cx.take_pre()
    site = cx.site(op)
    sq, st = cx.slot(op.queue), cx.slot(op.tensor)

    def f(R):
        c = R[0]
        c.t += pre
        q, t = R[sq], R[st]
        b = t.buf
        if b.__class__ is not QBuf or b.queue is not q:
            b = _owned(c, q, t, site, "frees")
        if b.state is FREE or b.state is ENQUEUED:
            why = "was already freed" if b.state is FREE else "is still enqueued (DeQue it first)"
            raise QueueError(
                f"frees a tensor whose buffer {why}",
                site,
                notes=[(b.holder, f"the buffer was {b.state} here")] if b.holder else [],
                core=c.block_idx,
            )
        pool = q.bwd_pool
        if pool is not None:
            m = pool.mask
            eid = (~m & (m + 1)).bit_length() - 1
            if eid < EVENT_IDS:
                pool.mask = m | (1 << eid)
                pool.holders[eid] = site
            else:
                eid = take_id(c, pool, site, True)
            b.free_rec = c.queue_set(q.bwd, eid, site)
            b.free_id = eid
        elif q.prod == q.cons:
            b.free_rec = site  # the next AllocTensor of the buffer waits for this one
        b.state = FREE
        b.holder = site

    return f


# --- TBuf members ----------------------------------------------------------------------------


def _tbuf_memory(c, b: TBufState, site: Site):
    if b.mem is None:
        raise QueueError(
            "takes a tensor from a TBuf without memory: TPipe.InitBuffer(buf, len) first",
            site,
            notes=[(b.site, "TBuf declared here")],
            core=c.block_idx,
        )
    return b.mem


def _tbuf_extent(c, b: TBufState, off: int, nbytes: int, site: Site) -> None:
    """Bytes [off, off + nbytes) of a TBuf: inside it, or a finding (or fatal past the memory)."""
    if 0 <= off and nbytes >= 0 and off + nbytes <= b.nbytes:
        return
    notes = [(b.init_site, "the TBuf's memory is given here")]
    if off < 0 or nbytes < 0 or b.off + off + nbytes > b.mem.size:
        raise OutOfBoundsError(
            f"takes bytes [{off}, {off + nbytes}) of a {b.nbytes}-byte TBuf, outside "
            f"{b.mem.name}",
            site,
            notes=notes,
            core=c.block_idx,
        )
    if c.checking:
        c.finding(
            OutOfBoundsError(
                f"takes bytes [{off}, {off + nbytes}) of a TBuf of {b.nbytes} bytes", site,
                notes=notes,
            )
        )


def _lower_tbuf_get(op, cx: Lowering):
    """AllocTensor / DeQue on a TBuf: the headers' TBuf answers both with Get<T>()."""
    pre = cx.take_pre()
    site = cx.site(op)
    dt = dtype_of(op, cx, op.tensor)
    sb, o = cx.slot(op.queue), cx.slot(op.tensor)

    def f(R):
        c = R[0]
        c.t += pre
        b = R[sb]
        mem = _tbuf_memory(c, b, site)
        R[o] = LTensor(mem, b.off, dt, b.nbytes // dt.size, b.position, b, site)

    return f


def _lower_tbuf_noop(op, cx: Lowering):
    """EnQue / FreeTensor on a TBuf: `(void)(0)` in the headers; only the issue time passes."""
    pre = cx.take_pre()

    def f(R):
        R[0].t += pre

    return f


@lowers(A.GetTensorOp)
def lower_get_tensor(op, cx: Lowering):
    pre = cx.take_pre()
    site = cx.site(op)
    dt = dtype_of(op, cx, op.tensor)
    sb, o = cx.slot(op.buffer), cx.slot(op.tensor)
    sl = cx.slot(op.len) if op.len is not None else None

    def f(R):
        c = R[0]
        c.t += pre
        b = R[sb]
        mem = _tbuf_memory(c, b, site)
        n = b.nbytes // dt.size if sl is None else R[sl]
        _tbuf_extent(c, b, 0, n * dt.size, site)
        R[o] = LTensor(mem, b.off, dt, n, b.position, b, site)

    return f


@lowers(A.GetWithOffsetOp)
def lower_get_with_offset(op, cx: Lowering):
    pre = cx.take_pre()
    site = cx.site(op)
    dt = dtype_of(op, cx, op.tensor)
    sb, ss, so, o = cx.slot(op.buffer), cx.slot(op.size), cx.slot(op.buf_offset), cx.slot(op.tensor)

    def f(R):
        c = R[0]
        c.t += pre
        b, n, off = R[sb], R[ss], R[so]
        mem = _tbuf_memory(c, b, site)
        if off % 32 and c.checking:
            c.finding(
                AlignmentError(
                    f"takes a tensor at byte offset {off} of a TBuf; GetWithOffset needs a "
                    "multiple of 32",
                    site,
                )
            )
        _tbuf_extent(c, b, off, n * dt.size, site)
        R[o] = LTensor(mem, b.off + off, dt, n, b.position, b, site)

    return f
