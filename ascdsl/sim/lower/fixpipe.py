"""Fixpipe: L0C -> GM as ND rows (CFG_ROW_MAJOR), or -> GM / L1 in the NZ layout (CFG_NZ).

dav_c220's Fixpipe (kernel_operator_fixpipe_v2_impl.h) reads L0C's column blocks (mSize rows
of 16, `srcStride` rows apart), converts them by quantPre (and ReLU, and the scale vector of a
cbufWorkspace; sim/lower/fixquant.py) and writes them one of two ways:

- ND rows (ROW_MAJOR, into GM only): `ndNum` matrices, each mSize rows of nSize elements
  `dstStride` elements apart (srcNdStride 1024-byte fractals of L0C, dstNdStride elements
  between matrices);
- NZ (any other FixpipeConfig: the headers write NZ for every format but ROW_MAJOR), into GM
  or L1: one burst per 16 columns, `nSize / 16` bursts, each the block's mSize rows of 16
  one after the other, `dstStride` 32-byte blocks after the previous burst (GetGMLength).
  Into L1 it always converts: FixpipeL0cToL1's switch has no NoQuant case and
  CheckFixpipeL0C2L1Param lists f32 -> int8/uint8/half/bf16 and int32 -> int8/uint8/half.

Refused with the reason: COLUMN_MAJOR (the 910B has no such form: it would write NZ), ND rows
into L1, channel split (ND: the headers forbid it; NZ: its interleaving is not documented),
and an NZ nSize that is not a multiple of 16 (the headers count whole bursts). FIX moves the
bytes at `fix_rate` into GM and at the L0C -> L1 path rate into L1.
"""

from __future__ import annotations

import numpy as np
from numpy.lib.stride_tricks import as_strided

import ascdsl.dialects.ascendc as A
from ascdsl.dialects.ascendc.enums import Hardware
from ascdsl.dialects.ascendc.ops_cube import FixpipeBase
from ascdsl.dialects.ascendc.types_cube import CO2Layout, FixpipeParamsV220Type, QuantMode

from ..atomic import ATOMIC_WRITE, combine_into
from ..compiler import Lowering, lowers
from ..errors import InvalidArgumentError, NotSimulatedError
from ..sanitizer import FIX
from .common import check_align, dtype_of, gm_span, local_span
from .copy import _record_blocks
from .cube import _require
from .fixquant import SCALAR_OF, convert, fb_bytes, fb_chunks
from .unitflag import check_flag, fix_after, fix_before

_FIX_UNIT_FLAG = FixpipeParamsV220Type.field_names().index("unitFlag")
_FIX_SPLIT = FixpipeParamsV220Type.field_names().index("isChannelSplit")

# quantPre -> (L0C element type, destination element types) Fixpipe converts between. The
# scalar quantising modes take FixpipeParamsV220.deqScalar, the vector ones (V*) a word per
# column from the L1 workspace (sim/lower/fixquant.py has the arithmetic).
_QUANT = {
    QuantMode.NoQuant: None,  # same type in and out
    QuantMode.F322F16: ("f32", ("f16",)),
    QuantMode.F322BF16: ("f32", ("bf16",)),
    QuantMode.DEQF16: ("i32", ("f16",)),
    QuantMode.VDEQF16: ("i32", ("f16",)),
    QuantMode.QF322B8_PRE: ("f32", ("i8", "ui8")),
    QuantMode.VQF322B8_PRE: ("f32", ("i8", "ui8")),
    QuantMode.REQ8: ("i32", ("i8", "ui8")),
    QuantMode.VREQ8: ("i32", ("i8", "ui8")),
}
# (L0C, dst) element types Fixpipe writes into L1 (CheckFixpipeL0C2L1Param): a conversion.
_TO_L1 = {("f32", "i8"), ("f32", "ui8"), ("f32", "f16"), ("f32", "bf16"), ("i32", "i8"),
          ("i32", "ui8"), ("i32", "f16")}


def _fixpipe_mode(c, quant: int, dts, dtd, has_ws: bool, site) -> QuantMode:
    """quantPre as a QuantMode, checked against the element types and the form of the call."""
    if quant not in QuantMode._value2member_map_ or QuantMode(quant) not in _QUANT:
        raise InvalidArgumentError(
            f"converts with quantPre={quant}, which is not a QuantMode_t of the 910B (NoQuant, "
            "F322F16, F322BF16, DEQF16, VDEQF16, QF322B8_PRE, VQF322B8_PRE, REQ8, VREQ8)",
            site, core=c.block_idx)
    mode = QuantMode(quant)
    conv = _QUANT[mode]
    want = (dts.name, (dts.name,)) if conv is None else conv
    if dts.name != want[0] or dtd.name not in want[1]:
        raise InvalidArgumentError(
            f"writes {dts.name} L0C values to a {dtd.name} tensor with quantPre="
            f"{mode.name}, which converts {want[0]} to {' or '.join(want[1])}",
            site, core=c.block_idx)
    if mode in SCALAR_OF and not has_ws:
        # The headers run the mode with whatever FB holds: a stale vector on hardware.
        raise InvalidArgumentError(
            f"converts with quantPre={mode.name}, a scale per column, without the scale vector: "
            "pass it as the cbuf_workspace argument (a uint64 tensor in A1), Fixpipe(dst, src, "
            "cbufWorkspace, params)", site, core=c.block_idx)
    return mode


def _scale_words(c, w, n: int, site) -> np.ndarray:
    """The n scale words of the workspace (one per column), read as FIX's L1 -> FB loads read
    them (the sanitizer sees an L1 read on FIX)."""
    _require(c, w, (Hardware.L1,), "reads its scale vector from", "Fixpipe", site)
    if w.dt.name != "ui64":
        raise InvalidArgumentError(
            f"reads its scale vector from a {w.dt.name} tensor; cbufWorkspace holds uint64 "
            "words (LocalTensor<uint64_t>)", site, core=c.block_idx)
    if c.checking:
        check_align(c, w, site, "reads")
    lo, hi = local_span(c, w, 0, n, site, "reads")
    if c.san is not None:
        c.san.access(w.mem, lo, hi, False, FIX, c.san.begin(FIX), site)
    return w.mem.bytes[lo:hi].view(np.uint64).copy()[None, :]


@lowers(A.FixpipeOp, A.FixpipeWithWorkspaceOp)
def lower_fixpipe(op, cx: Lowering):
    """Fixpipe(dst, src, [cbufWorkspace,] params) in ND rows into GM or NZ into GM / L1."""
    assert isinstance(op, FixpipeBase)
    pre = cx.take_pre()
    site = cx.site(op)
    layout = op.layout()
    if layout is None:
        raise cx.error(op, "takes a FixpipeConfig that is not a constant; build it with "
                           "ascendc.construct from a constant CO2Layout")
    if layout is CO2Layout.COLUMN_MAJOR:
        raise cx.error(op, "writes the COLUMN_MAJOR layout: dav-c220's Fixpipe has no such "
                           "form (its implementation writes NZ for any layout but ROW_MAJOR); "
                           "use CFG_NZ or CFG_ROW_MAJOR")
    nz = layout is CO2Layout.NZ
    to_gm = isinstance(op.dst.type, A.GlobalTensorType)
    if not nz and not to_gm:
        raise cx.error(op, "writes L1 in ND rows (CFG_ROW_MAJOR): Fixpipe into L1 writes NZ "
                           "only (CheckFixpipeL0C2L1Param); use CFG_NZ")
    dts, dtd = dtype_of(op, cx, op.src), dtype_of(op, cx, op.dst)
    if dts.name not in ("f32", "i32"):
        raise cx.error(op, f"reads {dts.name} from L0C, which holds f32 or i32")
    if not to_gm and (dts.name, dtd.name) not in _TO_L1:
        raise cx.error(op, f"writes {dts.name} L0C values into a {dtd.name} L1 tensor; Fixpipe "
                           "into L1 converts f32 to int8/uint8/half/bf16 or int32 to "
                           "int8/uint8/half (CheckFixpipeL0C2L1Param)")
    api = "Fixpipe (CFG_NZ)" if nz else "Fixpipe"
    ss, sd, sp = cx.slot(op.src), cx.slot(op.dst), cx.slot(op.params)
    ws = op.cbuf_workspace if isinstance(op, A.FixpipeWithWorkspaceOp) else None
    sw = None if ws is None else cx.slot(ws)

    def f(R):
        c = R[0]
        c.t += pre
        d, s = R[sd], R[ss]
        prm = R[sp]
        n, m, src_stride, dst_stride, relu, quant, deq, nd_num, src_nd, dst_nd = prm[:10]
        flag = prm[_FIX_UNIT_FLAG]
        check_flag(c, flag, "Fixpipe", site)
        _require(c, s, (Hardware.L0C,), "reads", api, site)
        if not to_gm:
            _require(c, d, (Hardware.L1,), "writes", api, site)
            if quant == QuantMode.NoQuant:
                raise InvalidArgumentError(
                    "writes L1 with quantPre=NoQuant: Fixpipe into L1 always converts (the "
                    "headers' FixpipeL0cToL1 has no NoQuant case); use F322F16, F322BF16 or a "
                    "quantising mode", site, core=c.block_idx)
        mode = _fixpipe_mode(c, quant, dts, dtd, sw is not None, site)
        if sw is not None and mode not in SCALAR_OF:
            # FixpipeL0C2GMImpl with a workspace runs only the vector modes and returns
            # without moving anything for the others.
            if c.checking:
                c.finding(InvalidArgumentError(
                    f"writes nothing: with a cbufWorkspace, Fixpipe runs only the vector "
                    f"quantPre modes (VDEQF16, VQF322B8_PRE, VREQ8), not {mode.name}; call it "
                    "without the workspace", site))
            return
        if prm[_FIX_SPLIT]:
            if nz:
                raise NotSimulatedError(
                    "splits channels (isChannelSplit): how the NZ bursts interleave the split "
                    "channels is not documented", site, core=c.block_idx)
            # CheckFixpipeL0C2GMParam asserts "when isChannelSplit is set true, format must
            # be set as NZ".
            raise InvalidArgumentError(
                "splits channels (isChannelSplit) while writing ND rows (CFG_ROW_MAJOR); "
                "channel split is for the NZ layout only", site, core=c.block_idx)
        if nz:
            if n % 16:
                raise NotSimulatedError(
                    f"writes nSize={n} columns in NZ: the headers issue nSize / 16 bursts of 16 "
                    "columns, and what the instruction does with the last partial block is not "
                    "documented; use a multiple of 16", site, core=c.block_idx)
            nd_num = 1  # the headers set ND_PARA for ROW_MAJOR only
        if m == 0 or n == 0 or nd_num == 0:
            if c.checking:
                c.finding(InvalidArgumentError(
                    f"writes an empty block (mSize={m}, nSize={n}, ndNum={nd_num})", site))
            c.run(FIX, c.cost.nop(FIX), 0.0, site)
            return
        n1 = -(-n // 16)
        ssz, dsz = dts.size, dtd.size
        # NZ: burst j (the 16 columns of block j, m rows of them) `step` bytes after burst
        # j - 1; ND: row i `step` bytes after row i - 1.
        step, length, count = (dst_stride * 32, m * 16 * dsz, n1) if nz else \
            (dst_stride * dsz, n * dsz, m)
        if c.checking:
            if src_stride < m or src_stride % 16:
                c.finding(InvalidArgumentError(
                    f"reads L0C with srcStride={src_stride} for mSize={m}: column blocks of L0C "
                    "are a multiple of 16 rows apart and hold all mSize rows", site))
            if count > 1 and step < length:
                what = f"bursts of {length} bytes (mSize={m} rows of 16)" if nz else \
                    f"rows of nSize={n} elements"
                c.finding(InvalidArgumentError(
                    f"writes {what} dstStride={dst_stride} {'blocks' if nz else 'elements'} "
                    "apart: they overlap", site))
        # ND: ndNum matrices, srcNdStride 1024-byte fractals of L0C (16 * C0_Size; the Matmul
        # library's SetNdParams divides bytes by 1024) and dstNdStride elements apart.
        span = gm_span if to_gm else local_span
        mats = []
        for t in range(nd_num):
            slo, _ = local_span(c, s, t * src_nd * (1024 // ssz),
                                ((n1 - 1) * src_stride + m) * 16, site, "reads")
            dlo, _ = span(c, d, t * dst_nd, ((count - 1) * step + length) // dsz, site,
                          "writes")
            mats.append((slo, dlo))
        if not to_gm and c.checking:
            check_align(c, d, site, "writes")
        bits = (_scale_words(c, R[sw], n, site) if mode in SCALAR_OF
                else np.array([int(deq) & 0xFFFFFFFFFFFFFFFF], np.uint64))
        dm = d.mem
        how = True
        atomic = c.atomic
        if to_gm and atomic is not None and atomic.active:
            # The store-atomic unit sits after FIX's conversion, as for MTE3 (split-K
            # kernels accumulate partial sums in GM this way); it combines in its own type.
            if atomic.dt.name != dtd.name:
                raise InvalidArgumentError(
                    f"writes {dtd.name} with the atomic mode set for {atomic.dt.name}; "
                    f"SetAtomic*<T> must name the type Fixpipe writes", site,
                    core=c.block_idx)
            how = ATOMIC_WRITE
        for slo, dlo in mats:
            blocks = as_strided(s.mem.bytes[slo:].view(dts.np), shape=(n1, m, 16),
                                strides=(src_stride * 16 * ssz, 16 * ssz, ssz))
            vals = blocks.transpose(1, 0, 2).reshape(m, n1 * 16)[:, :n]
            if relu:
                # Normal ReLU scales negative values by M2 = 0 (asc-devkit
                # "随路量化与随路ReLU场景组合"), the same as cutting them before the scale
                vals = np.maximum(vals, 0)
            vals = convert(vals, mode, bits, dtd.np, site, c.block_idx)
            if nz:
                out = as_strided(dm.bytes[dlo:].view(dtd.np), shape=(n1, m, 16),
                                 strides=(step, 16 * dsz, dsz))
                vals = vals.reshape(m, n1, 16).transpose(1, 0, 2)
            else:
                out = as_strided(dm.bytes[dlo:].view(dtd.np), shape=(m, n),
                                 strides=(step, dsz))
            if how is ATOMIC_WRITE:
                combine_into(atomic.kind, dtd, out, vals)
            else:
                dtd.store(out, vals)
        rate = c.cost.fix_rate
        units = None
        if flag & 2:  # UnitFlag (sim/lower/unitflag.py): L0C's units order it with M
            # FIX reads whole fractals, so a tail of m rows takes its column block's units
            # up to the next 16 rows, as the Mmad wrote them.
            col, height = src_stride * 16 * ssz, -(-m // 16) * 16 * 16 * ssz
            units = fix_before(c, s.mem, [(slo + j * col, slo + j * col + height)
                                          for slo, _ in mats for j in range(n1)],
                               nd_num * m * n * dsz / rate, site)
        start = max(c.t, c.free[FIX])
        san = c.san
        if san is not None:
            k = san.begin(FIX)
            for slo, dlo in mats:
                _record_blocks(san, s.mem, slo, src_stride * 16 * ssz, m * 16 * ssz, n1, False,
                               FIX, k, site)
                # GM rows one by one (_record_blocks keeps GM blocks exact): the cores of a
                # matmul write interleaved rows of one C.
                _record_blocks(san, dm, dlo, step, length, count, how, FIX, k, site)
        # One Fixpipe moves the block at FIX's own rate (`fix_rate`, the MDL template's
        # Fixpipe, which has no UnitFlag). A UnitFlag Fixpipe is busy longer only because it
        # is issued `fix_lead` Mmads early and waits in FIX (fix_before; mm-0, mm-1); a
        # Fixpipe that follows its Mmads' flag does not wait. In the vector modes it goes per chunk of columns
        # (FixpipeL0C2GMImplN): FIX loads the chunk's words L1 -> FB (copy_cbuf_to_fbuf, a FIX
        # instruction), PipeBarrier<PIPE_FIX>, then converts and writes the chunk.
        for col0, width in (fb_chunks(n) if mode in SCALAR_OF else [(0, n)]):
            if mode in SCALAR_OF:
                occ, lat = c.cost.copy(Hardware.L1, Hardware.FIXBUF, fb_bytes(width))
                c.run(FIX, occ, lat, site)
                c.barrier(FIX)
            for _, dlo in mats:
                if not nz:
                    c.gm_copy(FIX, d.buf, dlo + col0 * dsz, width * dsz, step, m, True,
                              d.cache[1], site, 0.0, write_rate=rate)
                elif to_gm:
                    c.gm_copy(FIX, d.buf, dlo + col0 // 16 * step, length, step, width // 16,
                              True, d.cache[1], site, 0.0, write_rate=rate)
                else:
                    occ, lat = c.cost.copy(Hardware.L0C, Hardware.L1, width // 16 * length,
                                           width // 16)
                    c.run(FIX, occ, lat, site)
        if units is not None:
            fix_after(c, s.mem, units, flag, start)

    return f
