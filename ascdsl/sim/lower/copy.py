"""Data copies: `DataCopy` and `DataCopyPad` at L0 and L2 (the simulator side of ops_copy.py).

A copy's pipe follows the memories of its source and destination (`copy_pipe`); each lowering
checks bounds and alignment once per launch where it can, and records the bytes it moves for
the sanitizer.
"""

from __future__ import annotations

from collections.abc import Callable

from numpy.lib.stride_tricks import as_strided

import ascdsl.dialects.ascendc as A
from ascdsl.dialects.ascendc.ops_copy import copy_pipe
from ascdsl.dialects.ascendc.types import GlobalTensorType

from ..atomic import ATOMIC_WRITE, combine_blocks
from ..compiler import Lowering, lowers
from ..dtypes import SimDType, scalar_converter
from ..errors import AlignmentError, InvalidArgumentError
from ..memsys import CACHE_NORMAL, GROUP_SHIFT
from ..sanitizer import PIPE_INDEX
from .common import check_align, dtype_of, gm_span, local_span

_PIPE_OF: dict = {}


_PIPES: list[int | None] = [None] * 256  # the same, at [src * 16 + dst]


def copy_pipe_index(src_hw, dst_hw) -> int:
    p = _PIPE_OF.get((src_hw, dst_hw))
    if p is None:
        p = _PIPE_OF[(src_hw, dst_hw)] = PIPE_INDEX[copy_pipe(src_hw, dst_hw)]
        _PIPES[src_hw * 16 + dst_hw] = p
    return p


def _side(value) -> tuple[bool, Callable]:
    gm = isinstance(value.type, GlobalTensorType)
    return gm, (gm_span if gm else local_span)


def _record_blocks(san, mem, base: int, step: int, length: int, count: int, write, p, k, site):
    """Record `count` blocks of `length` bytes `step` apart (exactly when few or in GM, else
    covering). GM rows are kept exact: the cores of a launch write interleaved rows of one
    matrix, and a covering range would make them overlap. A covering write carries its
    bursts, which the check of two copies on one DMA pipe resolves (columns of one buffer
    written by successive copies do not overlap in bytes)."""
    if count <= 8 or mem.gm is not None:
        for i in range(count):
            lo = base + i * step
            san.access(mem, lo, lo + length, write, p, k, site)
    else:
        blocks = ((base, step, length, count),) if write and step != length else None
        san.access(mem, base, base + (count - 1) * step + length, write, p, k, site, blocks)


def _copy_checks(c, site, d, s, n: int, size: int, dt: SimDType, dst_gm: bool, src_gm: bool):
    if (n * size) % 32:
        c.finding(AlignmentError(
            f"copies {n} {dt.name} elements = {n * size} bytes, not a multiple of 32: DataCopy "
            "moves whole 32-byte blocks (DataCopyPad copies other lengths)",
            site))
    if not dst_gm:
        check_align(c, d, site, "writes")
    if not src_gm:
        check_align(c, s, site, "reads")


def _round_down(c, n: int, dt: SimDType, site) -> int:
    """What DataCopy(dst, src, count) moves when count is not whole 32-byte blocks: Ascend C
    sets blockLen = count / (32 / sizeof(T)), rounding down ("In NPU mode, no error is
    reported. The value is rounded down by 32B": asc-devkit's DataCopyCheck), so the tail
    is not copied; under one block nothing is."""
    whole = (n * dt.size) >> 5 << 5
    if c.checking:
        c.finding(AlignmentError(
            f"copies {n} {dt.name} elements = {n * dt.size} bytes, not a multiple of 32: "
            f"DataCopy's count form moves whole 32-byte blocks and rounds the count down "
            f"(blockLen = count / {32 // dt.size}), so it copies {whole // dt.size} elements "
            f"({whole} bytes) and leaves the last {n - whole // dt.size} alone; DataCopyPad "
            "copies other lengths",
            site, warning=True))
    return whole // dt.size


@lowers(A.DataCopyL2Op)
def lower_copy_l2(op, cx: Lowering):
    pre = cx.take_pre()
    site = cx.site(op)
    dt = dtype_of(op, cx, op.dst)
    size = dt.size
    dst_gm, span_d = _side(op.dst)
    src_gm, span_s = _side(op.src)
    gm_any = dst_gm or src_gm
    sd, ss, sn = cx.slot(op.dst), cx.slot(op.src), cx.slot(op.count)

    def f(R):
        c = R[0]
        c.t += pre
        d, s, n = R[sd], R[ss], R[sn]
        if (n * size) & 31 and n > 0:
            n = _round_down(c, n, dt, site)
        # Fast paths for in-bounds accesses; the span functions handle (and report) the rest.
        if dst_gm:
            if 0 <= n <= d.n and d.buf is not None and d.off + n <= d.buf.n:
                dlo = d.off * size
                dhi = dlo + n * size
            else:
                dlo, dhi = span_d(c, d, 0, n, site, "writes")
        elif 0 <= n <= d.n:
            dlo = d.off
            dhi = dlo + n * size
        else:
            dlo, dhi = span_d(c, d, 0, n, site, "writes")
        if src_gm:
            if 0 <= n <= s.n and s.buf is not None and s.off + n <= s.buf.n:
                slo = s.off * size
                shi = slo + n * size
            else:
                slo, shi = span_s(c, s, 0, n, site, "reads")
        elif 0 <= n <= s.n:
            slo = s.off
            shi = slo + n * size
        else:
            slo, shi = span_s(c, s, 0, n, site, "reads")
        # A GM side is bound here (its span would have raised): its memory without the
        # GlobalTensor's checking property.
        dm = d.buf.mem if dst_gm else d.mem
        sm = s.buf.mem if src_gm else s.mem
        if c.checking and ((dhi - dlo) & 31 or dlo & dm.align_mask or slo & sm.align_mask):
            _copy_checks(c, site, d, s, n, size, dt, dst_gm, src_gm)
        wflag = True
        if dst_gm and c.atomic is not None and c.atomic.active:
            combine_blocks(c.atomic, dm, dlo, 0, sm, slo, 0, dhi - dlo, 1)
            wflag = ATOMIC_WRITE
        else:
            (dm.mv or dm.byte_view())[dlo:dhi] = (sm.mv or sm.byte_view())[slo:shi]
        if gm_any:
            p = _PIPES[sm.hw * 16 + dm.hw]
            if p is None:
                p = copy_pipe_index(sm.hw, dm.hw)
        else:
            cost = c.cost
            e = cost.copy_table[sm.hw * 16 + dm.hw] or cost.copy_entry(sm.hw, dm.hw)
            p = e[0]
        san = c.san
        if san is not None:
            k = san.begin(p)
            san.access(sm, slo, shi, False, p, k, site)
            san.access(dm, dlo, dhi, wflag, p, k, site)
        if dst_gm:
            c.gm_copy(p, d.buf, dlo, dhi - dlo, dhi - dlo, 1, True, d.cache[1], site)
        elif src_gm:
            c.gm_copy(p, s.buf, slo, shi - slo, shi - slo, 1, False, s.cache[0], site)
        else:
            c.run(p, e[1] + (dhi - dlo) / e[2], e[3], site)

    # The common copies, `f` without the tests that cannot apply to them: whole 32-byte blocks
    # in bounds, cached, within one group of L2 lines (CoreSim._group_copy), nothing for the
    # sanitizer to report. Anything else is f's. `gt` is the GM side, `lt` the local one.
    sg, sl = (sd, ss) if dst_gm else (ss, sd)

    def gm_one(R):
        c, gt, lt, n = R[0], R[sg], R[sl], R[sn]
        buf = gt.buf
        nb = n * size
        if nb <= 0 or nb & 31 or n > gt.n or n > lt.n or buf is None or gt.off + n > buf.n \
                or gt.cache[dst_gm] != CACHE_NORMAL or c.checking and lt.off & lt.mem.align_mask:
            return f(R)  # (the cache modes are (read, write): dst_gm picks the write's)
        ms = c.memsys
        glo = gt.off * size
        a = glo >> ms.shift
        b = (glo + nb - 1) >> ms.shift
        if a >> GROUP_SHIFT != b >> GROUP_SHIFT:
            return f(R)
        if dst_gm:
            if c.atomic is not None and c.atomic.active:
                return f(R)
        elif glo & 31 or ms.timed is not None:  # a read: aligned, and the first pass's
            return f(R)
        c.t += pre
        if dst_gm:
            dm, dlo, sm, slo = buf.mem, glo, lt.mem, lt.off
        else:
            dm, dlo, sm, slo = lt.mem, lt.off, buf.mem, glo
        (dm.mv or dm.byte_view())[dlo:dlo + nb] = (sm.mv or sm.byte_view())[slo:slo + nb]
        p = _PIPES[sm.hw * 16 + dm.hw]
        if p is None:
            p = copy_pipe_index(sm.hw, dm.hw)
        san = c.san
        if san is not None:
            k = san.begin(p)
            san.access(sm, slo, slo + nb, False, p, k, site)
            san.access(dm, dlo, dlo + nb, True, p, k, site)
        c._group_copy(p, buf, glo, nb, 1, nb, a, b, dst_gm, None, site)

    if src_gm != dst_gm:
        return gm_one
    return f


def _params_check(c, site, cnt: int, blen: int, blen_max: int, unit: str) -> bool:
    ok = 1 <= cnt <= 4095 and 1 <= blen <= blen_max
    if not ok and c.checking:
        c.finding(InvalidArgumentError(
            f"copies blockCount={cnt} blocks of blockLen={blen} {unit}; DataCopy takes "
            f"blockCount 1..4095 and blockLen 1..{blen_max}", site))
    return cnt > 0 and blen > 0


def _strided_copy(dm, dlo: int, dstep: int, sm, slo: int, sstep: int, length: int, cnt: int):
    if cnt == 1 or (dstep == length and sstep == length):
        total = (cnt - 1) * length + length
        dm.bytes[dlo:dlo + total] = sm.bytes[slo:slo + total]
        return
    dv = as_strided(dm.bytes[dlo:], shape=(cnt, length), strides=(dstep, 1))
    sv = as_strided(sm.bytes[slo:], shape=(cnt, length), strides=(sstep, 1))
    dv[...] = sv


@lowers(A.DataCopyL0Op)
def lower_copy_l0(op, cx: Lowering):
    """DataCopy with DataCopyParams: blockCount blocks of blockLen x 32 bytes; the gaps between
    blocks (srcStride, dstStride) are in 32-byte blocks too."""
    pre = cx.take_pre()
    site = cx.site(op)
    dt = dtype_of(op, cx, op.dst)
    size = dt.size
    dst_gm, span_d = _side(op.dst)
    src_gm, span_s = _side(op.src)
    sd, ss, sp = cx.slot(op.dst), cx.slot(op.src), cx.slot(op.params)

    def f(R):
        c = R[0]
        c.t += pre
        d, s = R[sd], R[ss]
        cnt, blen, sstr, dstr = R[sp][:4]
        p = copy_pipe_index(s.mem.hw, d.mem.hw)
        if not _params_check(c, site, cnt, blen, 65535, "x 32 bytes"):
            c.run(p, c.cost.nop(p), 0.0, site)
            return
        length = blen * 32
        sstep, dstep = (blen + sstr) * 32, (blen + dstr) * 32
        s_ext, d_ext = (cnt - 1) * sstep + length, (cnt - 1) * dstep + length
        dlo, _ = span_d(c, d, 0, -(-d_ext // size), site, "writes")
        slo, _ = span_s(c, s, 0, -(-s_ext // size), site, "reads")
        if c.checking:
            if not dst_gm:
                check_align(c, d, site, "writes")
            if not src_gm:
                check_align(c, s, site, "reads")
        dm, sm = d.mem, s.mem
        wflag = True
        if dst_gm and c.atomic is not None and c.atomic.active:
            combine_blocks(c.atomic, dm, dlo, dstep, sm, slo, sstep, length, cnt)
            wflag = ATOMIC_WRITE
        else:
            _strided_copy(dm, dlo, dstep, sm, slo, sstep, length, cnt)
        san = c.san
        if san is not None:
            k = san.begin(p)
            _record_blocks(san, sm, slo, sstep, length, cnt, False, p, k, site)
            _record_blocks(san, dm, dlo, dstep, length, cnt, wflag, p, k, site)
        if dst_gm:
            c.gm_copy(p, d.buf, dlo, length, dstep, cnt, True, d.cache[1], site)
        elif src_gm:
            c.gm_copy(p, s.buf, slo, length, sstep, cnt, False, s.cache[0], site)
        else:
            occ, lat = c.cost.copy(sm.hw, dm.hw, cnt * length, cnt)
            c.run(p, occ, lat, site)

    return f


def _pad_copy(op, cx: Lowering, has_pad: bool):
    """DataCopyPad: byte-granular blocks between GM and a local tensor.

    GM side: blocks of blockLen bytes, gaps of srcStride/dstStride bytes. Local side: each block
    starts on a 32-byte boundary ([leftPadding][data][rightPadding], rounded up to 32 bytes),
    gaps in 32-byte blocks. With isPad, the padding elements get paddingValue.
    """
    pre = cx.take_pre()
    site = cx.site(op)
    dt = dtype_of(op, cx, op.dst)
    size = dt.size
    dst_gm, span_d = _side(op.dst)
    src_gm, span_s = _side(op.src)
    if dst_gm == src_gm:
        raise cx.error(op, "between two local tensors is not simulated (DataCopyPad moves "
                           "between GM and a local tensor)")
    to_local = src_gm
    sd, ss, sp = cx.slot(op.dst), cx.slot(op.src), cx.slot(op.params)
    spad = cx.slot(op.pad_params) if has_pad else None
    pad_conv = scalar_converter(op.dst.type.element_type)

    def f(R):
        c = R[0]
        c.t += pre
        d, s = R[sd], R[ss]
        cnt, blen, sstr, dstr = R[sp][:4]
        is_pad, left, right, pad_value = R[spad][:4] if spad is not None else (0, 0, 0, 0)
        dm, sm = d.mem, s.mem
        p = _PIPES[sm.hw * 16 + dm.hw]
        if p is None:
            p = copy_pipe_index(sm.hw, dm.hw)
        if not (1 <= cnt <= 4095 and 1 <= blen <= 2097151) and not _params_check(
                c, site, cnt, blen, 2097151, "bytes"):
            c.run(p, c.cost.nop(p), 0.0, site)
            return
        if to_local:
            slot_len = -(-(left * size + blen + right * size) // 32) * 32
            sstep, dstep = blen + sstr, slot_len + dstr * 32
            s_len, d_off = blen, left * size
        else:
            sstep, dstep = -(-blen // 32) * 32 + sstr * 32, blen + dstr
            s_len, d_off = blen, 0
        s_ext = (cnt - 1) * sstep + s_len
        d_ext = (cnt - 1) * dstep + d_off + blen + (right * size if to_local else 0)
        dlo, _ = span_d(c, d, 0, -(-d_ext // size), site, "writes")
        slo, _ = span_s(c, s, 0, -(-s_ext // size), site, "reads")
        local = d if to_local else s
        if local.off & local.mem.align_mask:
            check_align(c, local, site, "writes" if to_local else "reads")
        wflag = True
        if not to_local and c.atomic is not None and c.atomic.active:
            combine_blocks(c.atomic, dm, dlo + d_off, dstep, sm, slo, sstep, blen, cnt)
            wflag = ATOMIC_WRITE
        else:
            _strided_copy(dm, dlo + d_off, dstep, sm, slo, sstep, blen, cnt)
        if to_local and is_pad and (left or right):
            v = pad_conv(pad_value)
            for i in range(cnt):
                base = dlo + i * dstep
                if left:
                    dt.store(dm.bytes[base:base + left * size].view(dt.np), v)
                if right:
                    r0 = base + d_off + blen
                    dt.store(dm.bytes[r0:r0 + right * size].view(dt.np), v)
        san = c.san
        if san is not None:
            k = san.begin(p)
            _record_blocks(san, sm, slo, sstep, s_len, cnt, False, p, k, site)
            w_len = (left * size + blen + right * size) if to_local else blen
            _record_blocks(san, dm, dlo, dstep, w_len, cnt, wflag, p, k, site)
        if to_local:
            c.gm_copy(p, s.buf, slo, blen, sstep, cnt, False, s.cache[0], site)
        else:
            c.gm_copy(p, d.buf, dlo, blen, dstep, cnt, True, d.cache[1], site)

    return f


@lowers(A.DataCopyPadL0Op)
def lower_copy_pad_l0(op, cx: Lowering):
    return _pad_copy(op, cx, True)


@lowers(A.DataCopyPadL2Op)
def lower_copy_pad_l2(op, cx: Lowering):
    return _pad_copy(op, cx, False)
