"""Gather, Gatherb, Scatter and Brcb: elements moved by byte offsets (ops_gather.py).

Offsets are uint32 byte offsets from the source's (gather) or destination's (scatter) start
plus the base operand; an offset that is not a multiple of the element size (32 bytes for
Gatherb) is an `InvalidArgumentError` finding, and addresses outside the tensor's memory are
the usual out-of-bounds errors. Values move as stored bits (no conversion). Gather/Scatter
L0/L1 repeat r covers E = 256 bytes / element size positions: offset index `r * E + e`, the
contiguous side (dst of a gather, src of a scatter) at `r * repStride` blocks plus `e`. The
sanitizer sees each tensor's whole touched span.
"""

from __future__ import annotations

import numpy as np

import ascdsl.dialects.ascendc as A

from ..compiler import Lowering, lowers
from ..errors import InvalidArgumentError
from ..repeat import plan, repeat_bits
from ..sanitizer import V
from .common import check_align, dtype_of, local_span
from .mask import counter_refused


def _mask_of(op, cx: Lowering):
    """R -> the mask an L0/L1 op sets (these APIs always set it)."""
    if op.LEVEL == "l1":
        slots = cx.slots(op.mask)
        return lambda R: ("bits", R[slots[0]], R[slots[1]] if len(slots) > 1 else 0)
    slot = cx.slot(op.mask)
    return lambda R: ("count", R[slot])


def _check_offset_tensor(op, cx: Lowering, value) -> None:
    """The offsets are uint32 bits: a tensor of 4-byte elements (pyasc's IR may type them f32
    or i32; the bits are what the instruction reads)."""
    dt = dtype_of(op, cx, value)
    if dt.size != 4:
        raise cx.error(op, f"reads byte offsets from a {dt.name} tensor; the instruction "
                           "reads uint32 offsets (Ascend C takes LocalTensor<uint32_t>)")


def _offsets(c, t, n: int, site) -> np.ndarray:
    """The first n uint32 offsets of tensor t (checked)."""
    lo, hi = local_span(c, t, 0, n, site, "reads")
    return t.mem.bytes[lo:hi].view(np.uint32).astype(np.int64)


def _elements(c, byte_offsets: np.ndarray, unit: int, site) -> np.ndarray | None:
    """Element indices of byte offsets (None after reporting a misaligned one)."""
    bad = byte_offsets % unit != 0
    if bad.any():
        c.finding(InvalidArgumentError(
            f"has a byte offset {int(byte_offsets[bad][0])} that is not a multiple of {unit}",
            site))
        return None
    return byte_offsets // unit


@lowers(A.GatherL0Op, A.GatherL1Op, A.GatherL2Op, A.ScatterL0Op, A.ScatterL1Op, A.ScatterL2Op)
def lower_gather_scatter(op, cx: Lowering):
    pre = cx.take_pre()
    site = cx.site(op)
    api = op.CPP.api
    gather = isinstance(op, (A.GatherL0Op, A.GatherL1Op, A.GatherL2Op))
    dt = dtype_of(op, cx, op.dst)
    size = dt.size
    sd, ss = cx.slot(op.dst), cx.slot(op.src)
    _check_offset_tensor(op, cx, op.src_offset if gather else op.dst_offset)
    so = cx.slot(op.src_offset if gather else op.dst_offset)
    sb = cx.slot(op.src_base if gather else op.dst_base)
    level = op.LEVEL
    if level == "l2":
        sn = cx.slot(op.count)
    else:
        read_mask = _mask_of(op, cx)
        s_rt = cx.slot(op.repeat_times)
        m_rt = repeat_bits(op.repeat_times)
        s_rep = cx.slot(op.dst_rep_stride if gather else op.src_rep_stride)

    def f(R):
        c = R[0]
        c.t += pre
        d, s, o = R[sd], R[ss], R[so]
        base = R[sb]
        if level == "l2":
            n = R[sn]
            near = np.arange(max(n, 0), dtype=np.int64)  # the contiguous side
            oi = near
            repeats = -(-max(n, 0) * size // 256)
        else:
            if c.counter:
                raise counter_refused(c, site, "Gather")
            mask = read_mask(R)
            c.mask = mask
            rt = R[s_rt] & m_rt
            pl = plan((size,), (1,), (R[s_rep],), max(rt, 0), mask)
            near = pl.idx[0]
            # Offset index r * E + e: the same plan with a repeat stride of one repeat.
            oi = plan((size,), (1,), (8,), max(rt, 0), mask).idx[0]
            repeats = max(rt, 0)
        if c.checking:
            for t, role in ((d, "writes"), (s, "reads"), (o, "reads")):
                check_align(c, t, site, role)
        if near.size:
            offs = _offsets(c, o, int(oi.max()) + 1, site)[oi]
            far = _elements(c, base + offs, size, site)
            if far is not None:
                if gather:
                    src_idx, dst_idx = far, near
                else:
                    src_idx, dst_idx = near, far
                slo, shi = int(src_idx.min()), int(src_idx.max()) + 1
                dlo, dhi = int(dst_idx.min()), int(dst_idx.max()) + 1
                local_span(c, s, slo, shi - slo, site, "reads")
                local_span(c, d, dlo, dhi - dlo, site, "writes")
                vals = s.mem.typed(s.off, dt, shi)[src_idx]
                d.mem.typed(d.off, dt, dhi)[dst_idx] = vals
                san = c.san
                if san is not None:
                    k = san.begin(V)
                    san.access(o.mem, o.off, o.off + 4 * (int(oi.max()) + 1), False, V, k, site)
                    san.access(s.mem, s.off + slo * size, s.off + shi * size, False, V, k, site)
                    san.access(d.mem, d.off + dlo * size, d.off + dhi * size, True, V, k, site)
        c.run(V, c.cost.vector(api, repeats), c.cost.vector_latency, site)

    return f


@lowers(A.GatherbL0Op, A.BrcbL0Op)
def lower_block_moves(op, cx: Lowering):
    """Gatherb (a block of src0 per offset) and Brcb (an element of src0 per block)."""
    pre = cx.take_pre()
    site = cx.site(op)
    api = op.CPP.api
    brcb = isinstance(op, A.BrcbL0Op)
    dt = dtype_of(op, cx, op.dst)
    size = dt.size
    per_block = 32 // size
    sd, ss = cx.slot(op.dst), cx.slot(op.src0)
    if not brcb:
        _check_offset_tensor(op, cx, op.offset)
    so = None if brcb else cx.slot(op.offset)
    s_rt, sp = cx.slot(op.repeat_times), cx.slot(op.repeat_params)
    m_rt = repeat_bits(op.repeat_times)

    def f(R):
        c = R[0]
        c.t += pre
        d, s = R[sd], R[ss]
        rt = max(R[s_rt] & m_rt, 0)
        blk, rep = R[sp]
        if brcb and blk == 0:
            blk = 1  # the headers: "dstBlkStride = 0 in Brcb is equivalent to dstBlkStride = 1"
        if c.checking:
            check_align(c, d, site, "writes")
            check_align(c, s, site, "reads")
        if rt:
            r = np.arange(rt, dtype=np.int64)[:, None]
            b = np.arange(8, dtype=np.int64)[None, :]
            dst_blocks = (r * rep + b * blk).reshape(-1)
            dst_idx = (dst_blocks[:, None] * per_block + np.arange(per_block)).reshape(-1)
            if brcb:
                src_idx = np.repeat(np.arange(rt * 8, dtype=np.int64), per_block)
            else:
                o = R[so]
                src_blocks = _elements(c, _offsets(c, o, rt * 8, site), 32, site)
                if src_blocks is None:
                    c.run(V, c.cost.vector(api, rt), c.cost.vector_latency, site)
                    return
                src_idx = (src_blocks[:, None] * per_block + np.arange(per_block)).reshape(-1)
            slo, shi = int(src_idx.min()), int(src_idx.max()) + 1
            dlo, dhi = int(dst_idx.min()), int(dst_idx.max()) + 1
            local_span(c, s, slo, shi - slo, site, "reads")
            local_span(c, d, dlo, dhi - dlo, site, "writes")
            d.mem.typed(d.off, dt, dhi)[dst_idx] = s.mem.typed(s.off, dt, shi)[src_idx]
            san = c.san
            if san is not None:
                k = san.begin(V)
                if so is not None:
                    o = R[so]
                    san.access(o.mem, o.off, o.off + 4 * rt * 8, False, V, k, site)
                san.access(s.mem, s.off + slo * size, s.off + shi * size, False, V, k, site)
                san.access(d.mem, d.off + dlo * size, d.off + dhi * size, True, V, k, site)
        c.run(V, c.cost.vector(api, rt), c.cost.vector_latency, site)

    return f
