"""TBufPool and the TQue / TQueBind members beyond alloc/enque/deque/free on the simulator.

The pool follows Ascend C's implementation (kernel_tpipe_impl.h, kernel_tbufpool_impl.h):
`InitBufPool(pool, len)` takes `len` bytes (rounded up to 32) from the owner's cursor (the
TPipe's, or the enclosing pool's, which must hold them); with `shareBuf` the pool starts where
`shareBuf` starts and is as long as it (`len` must fit). The pool's InitBuffer calls carve
from its own cursor, at most `bufIDSize` buffers; Reset waits for its queues' pending
FreeTensor events and rewinds the cursor. Buffers of two pools that share memory alias: the
sanitizer sees both as the same bytes, so a stage that reuses memory while the previous one
still reads it is a race.

EnQue/DeQue with user positions move buffers exactly as the plain forms (the positions only
select which events Ascend C sets; the simulated queue's events are its own). The queries
read the queue's state. The in-place AllocTensor/DeQue (depth-0 TQueBind, the caller's own
LocalTensor) are not simulated.
"""

from __future__ import annotations

import ascdsl.dialects.ascendc as A

from ..compiler import Lowering, lowers, not_simulated
from ..dtypes import scalar_converter
from ..errors import InvalidArgumentError, QueueError, Site, UBOverflowError
from ..queues import FREE, QBuf, QueueState, TBufPoolState, TPipeState
from .framework import _carve, lower_deque, lower_enque


def _round32(n: int) -> int:
    return (n + 31) // 32 * 32


def _pool_of_pipe(c, pipe: TPipeState, pool: TBufPoolState, length: int, site: Site) -> None:
    mem, start, blk = _carve(c, pipe, pool.position, pool.hw, 1, length, site)
    pipe.nbuf -= 1  # a pool takes memory, not one of the pipe's buffer ids
    pool.mem, pool.start, pool.cursor, pool.max_len = mem, start, start, blk
    pipe.owned.append(pool)


def _need_memory(c, pool: TBufPoolState, site: Site, what: str) -> None:
    if pool.mem is None:
        raise QueueError(
            f"{what} a TBufPool without memory: give it some with TPipe.init_buf_pool(pool, len) "
            "(or an enclosing pool's init_buf_pool) first",
            site,
            notes=[(pool.site, "TBufPool declared here")],
            core=c.block_idx,
        )


def _carve_pool(c, pool: TBufPoolState, num: int, length: int, site: Site):
    """`num` blocks of `length` bytes (rounded up to 32) from the pool's cursor."""
    _need_memory(c, pool, site, "takes buffers from")
    if length <= 0:
        raise InvalidArgumentError(f"asks for buffers of {length} bytes", site, core=c.block_idx)
    blk = _round32(length)
    end = pool.cursor + num * blk
    if end > pool.start + pool.max_len:
        raise UBOverflowError(
            f"needs {num} x {blk} bytes of a TBufPool of {pool.max_len} bytes, "
            f"{pool.cursor - pool.start} of which are handed out already",
            site,
            notes=[(pool.init_site or pool.site, "the pool's memory is given here")],
            core=c.block_idx,
        )
    start = pool.cursor
    pool.cursor = end
    return pool.mem, start, blk


def _share(c, pool: TBufPoolState, share: TBufPoolState, length: int, site: Site) -> None:
    _need_memory(c, share, site, "shares the memory of")
    if share.hw is not pool.hw:
        raise InvalidArgumentError(
            f"shares a pool of {share.hw.name} with a pool of {pool.hw.name}", site,
            core=c.block_idx,
        )
    if _round32(length) > share.max_len:
        raise UBOverflowError(
            f"asks for {length} bytes of a shared pool of {share.max_len} bytes", site,
            notes=[(share.init_site or share.site, "the shared pool's memory is given here")],
            core=c.block_idx,
        )
    pool.mem, pool.start, pool.cursor, pool.max_len = share.mem, share.start, share.start, \
        share.max_len


@lowers(A.PipeInitBufPoolOp, A.TBufPoolInitBufPoolOp)
def lower_init_buf_pool(op, cx: Lowering):
    pre = cx.take_pre()
    site = cx.site(op)
    from_pipe = isinstance(op, A.PipeInitBufPoolOp)
    so, sp, sl = cx.slot(op.owner), cx.slot(op.buf_pool), cx.slot(op.len)
    ss = cx.slot(op.share_buf) if op.share_buf is not None else None
    conv = scalar_converter(op.value.type)
    o = cx.slot(op.value)

    def f(R):
        c = R[0]
        c.t += pre
        owner, pool, length = R[so], R[sp], R[sl]
        if ss is not None:
            _share(c, pool, R[ss], length, site)
        elif from_pipe:
            _pool_of_pipe(c, owner, pool, length, site)
        else:
            mem, start, blk = _carve_pool(c, owner, 1, length, site)
            pool.mem, pool.start, pool.cursor, pool.max_len = mem, start, start, blk
            owner.owned.append(pool)
        pool.init_site = site
        R[o] = conv(1)

    return f


def _count(c, pool: TBufPoolState, num: int, site: Site) -> None:
    if pool.nbuf + num > pool.id_size:
        raise UBOverflowError(
            f"would give a TBufPool<{pool.position.keyword}, {pool.id_size}> {pool.nbuf + num} "
            f"buffers; it has {pool.id_size} buffer ids",
            site,
            notes=[(pool.site, "TBufPool declared here")],
            core=c.block_idx,
        )
    pool.nbuf += num


@lowers(A.TBufPoolInitQueueOp)
def lower_pool_init_queue(op, cx: Lowering):
    pre = cx.take_pre()
    site = cx.site(op)
    sp, sq, sn, sl = cx.slot(op.buf_pool), cx.slot(op.queue), cx.slot(op.num), cx.slot(op.length)

    def f(R):
        c = R[0]
        c.t += pre
        pool, q, num, length = R[sp], R[sq], R[sn], R[sl]
        if q.hw is not pool.hw:
            raise InvalidArgumentError(
                f"gives a queue at {q.position.keyword} buffers of a pool at "
                f"{pool.position.keyword} ({pool.hw.name}, not {q.hw.name})",
                site, core=c.block_idx,
            )
        _count(c, pool, num, site)
        mem, start, blk = _carve_pool(c, pool, num, length, site)
        q.bufs = [QBuf(q, i, mem, start + i * blk, blk) for i in range(num)]
        q.cursor = 0
        q.fifo = []
        q.init_site = site
        if c.tpipe is None:
            raise InvalidArgumentError(
                "gives a queue buffers before any TPipe exists (its events come from the TPipe)",
                site, core=c.block_idx,
            )
        q.attach(c.tpipe)
        pool.owned.append(q)

    return f


@lowers(A.TBufPoolInitBufferOp)
def lower_pool_init_buffer(op, cx: Lowering):
    pre = cx.take_pre()
    site = cx.site(op)
    sp, sb, sl = cx.slot(op.buf_pool), cx.slot(op.buffer), cx.slot(op.length)

    def f(R):
        c = R[0]
        c.t += pre
        pool, b, length = R[sp], R[sb], R[sl]
        if b.hw is not pool.hw:
            raise InvalidArgumentError(
                f"gives a TBuf at {b.position.keyword} a buffer of a pool at "
                f"{pool.position.keyword}", site, core=c.block_idx,
            )
        _count(c, pool, 1, site)
        mem, start, blk = _carve_pool(c, pool, 1, length, site)
        b.mem, b.off, b.nbytes, b.init_site = mem, start, blk, site
        pool.owned.append(b)

    return f


def _drain_pool(c, pool: TBufPoolState, site: Site) -> None:
    for obj in pool.owned:
        if isinstance(obj, QueueState):
            for b in obj.bufs:
                if b.free_id is not None:
                    c.queue_wait(obj.bwd, b.free_id, b.free_rec, site)
                    obj.bwd_pool.give(b.free_id)
                    b.free_id = b.free_rec = None
        elif isinstance(obj, TBufPoolState):
            _drain_pool(c, obj, site)


@lowers(A.TBufPoolResetOp)
def lower_pool_reset(op, cx: Lowering):
    pre = cx.take_pre()
    site = cx.site(op)
    sp = cx.slot(op.buf_pool)

    def f(R):
        c = R[0]
        c.t += pre
        pool = R[sp]
        _drain_pool(c, pool, site)
        pool.rewind()

    return f


# --- queue members ---------------------------------------------------------------------------

lowers(A.EnqueTensorPosOp)(lower_enque)
lowers(A.DequeTensorPosOp)(lower_deque)


def _query(read):
    def lower(op, cx: Lowering):
        pre = cx.take_pre()
        conv = scalar_converter(op.value.type)
        sq, o = cx.slot(op.queue), cx.slot(op.value)

        def f(R):
            R[0].t += pre
            R[o] = conv(read(R[sq]))

        return f

    return lower


lowers(A.GetTensorCountInQueOp)(_query(lambda q: len(q.fifo)))
lowers(A.HasTensorInQueOp)(_query(lambda q: int(bool(q.fifo))))
lowers(A.VacantInQueOp)(_query(lambda q: int(len(q.fifo) < q.depth)))
lowers(A.HasIdleBufferOp)(_query(lambda q: int(any(b.state is FREE for b in q.bufs))))


@lowers(A.ToQueBindOp)
def lower_to_que_bind(op, cx: Lowering):
    ss, o = cx.slot(op.source), cx.slot(op.result)

    def f(R):
        R[o] = R[ss]

    return f


_IN_PLACE = (
    "the in-place form binds a queue buffer to a LocalTensor the kernel placed itself (a "
    "depth-0 TQueBind over memory it manages); the simulator models queues that own their "
    "buffers only"
)
not_simulated(A.AllocTensorInPlaceOp, _IN_PLACE)
not_simulated(A.DequeTensorInPlaceOp, _IN_PLACE)



