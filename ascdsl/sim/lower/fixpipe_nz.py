"""Fixpipe in the NZ layout (CFG_NZ): L0C -> GM or L1 as 16-column blocks (910B, dav-c220).

dav_c220's Fixpipe (kernel_operator_fixpipe_v2_impl.h) writes NZ for any FixpipeConfig but
ROW_MAJOR: one burst per 16 columns of C, `nSize / 16` bursts; burst j reads L0C's column
block j (mSize rows of 16, `srcStride` rows apart, as for ND) and writes its `mSize x 16`
values contiguously, row by row, `dstStride` 32-byte blocks after burst j - 1 (GetGMLength:
`(nSize / 16 - 1) * dstStride * 32 + mSize * 16 * sizeof(T)` bytes). The conversions (quantPre,
ReLU, the scale vector of a cbufWorkspace) are the ND path's (cube.py, fixquant.py).

- Into GM: every quantPre of the element types (cube.py's table), the store-atomic unit as for
  ND rows.
- Into L1 (FixpipeL0cToL1): the converting modes only (its switch has no NoQuant case, and
  CheckFixpipeL0C2L1Param lists f32 -> int8/uint8/half/bf16 and int32 -> int8/uint8/half),
  NZ only, no channel split.

Refused with the reason: nSize not a multiple of 16 (the headers count `nSize / 16` bursts;
what the instruction does with a partial block is not documented), isChannelSplit (its
channel interleaving is not documented beyond the float-only check), and COLUMN_MAJOR (the
910B's implementation has no such form: it would write NZ). FIX moves the bytes at
`fix_rate` into GM, as ND Fixpipes do, and at the L0C -> L1 path rate into L1.
"""

from __future__ import annotations

import numpy as np
from numpy.lib.stride_tricks import as_strided

import ascdsl.dialects.ascendc as A
from ascdsl.dialects.ascendc.enums import Hardware
from ascdsl.dialects.ascendc.types_cube import CO2Layout, QuantMode

from ..atomic import ATOMIC_WRITE, combine_into
from ..compiler import Lowering
from ..errors import InvalidArgumentError, NotSimulatedError
from ..sanitizer import FIX
from .common import check_align, dtype_of, gm_span, local_span
from .copy import _record_blocks
from .cube import _FIX_SPLIT, _FIX_UNIT_FLAG, _fixpipe_mode, _require, _scale_words
from .fixquant import SCALAR_OF, convert, fb_bytes, fb_chunks
from .unitflag import check_flag, fix_after, fix_before

API = "Fixpipe (CFG_NZ)"
# FixpipeL0cToL1's quantPre cases: a conversion, never NoQuant.
_TO_L1 = {("f32", "i8"), ("f32", "ui8"), ("f32", "f16"), ("f32", "bf16"), ("i32", "i8"),
          ("i32", "ui8"), ("i32", "f16")}


def lower_fixpipe_nz(op, cx: Lowering, layout: CO2Layout, pre: float, site):
    """The NZ form of cube.lower_fixpipe (which has taken `pre` and checked the op)."""
    if layout is not CO2Layout.NZ:
        raise cx.error(op, f"writes the {layout.name} layout: dav-c220's Fixpipe has no such "
                           "form (its implementation writes NZ for any layout but ROW_MAJOR); "
                           "use CFG_NZ or CFG_ROW_MAJOR")
    dts, dtd = dtype_of(op, cx, op.src), dtype_of(op, cx, op.dst)
    to_l1 = not isinstance(op.dst.type, A.GlobalTensorType)
    if to_l1 and (dts.name, dtd.name) not in _TO_L1:
        raise cx.error(op, f"writes {dts.name} L0C values into a {dtd.name} L1 tensor; Fixpipe "
                           "into L1 converts f32 to int8/uint8/half/bf16 or int32 to "
                           "int8/uint8/half (CheckFixpipeL0C2L1Param)")
    ss, sd, sp = cx.slot(op.src), cx.slot(op.dst), cx.slot(op.params)
    ws = getattr(op, "cbuf_workspace", None)
    sw = None if ws is None else cx.slot(ws)

    def f(R):
        c = R[0]
        c.t += pre
        d, s = R[sd], R[ss]
        prm = R[sp]
        n, m, src_stride, dst_stride, relu, quant, deq = prm[:7]
        flag = prm[_FIX_UNIT_FLAG]
        check_flag(c, flag, "Fixpipe", site)
        _require(c, s, (Hardware.L0C,), "reads", API, site)
        if to_l1:
            _require(c, d, (Hardware.L1,), "writes", API, site)
        if to_l1 and quant == QuantMode.NoQuant:
            raise InvalidArgumentError(
                "writes L1 with quantPre=NoQuant: Fixpipe into L1 always converts (the "
                "headers' FixpipeL0cToL1 has no NoQuant case); use F322F16, F322BF16 or a "
                "quantising mode", site, core=c.block_idx)
        mode = _fixpipe_mode(c, quant, dts, dtd, sw is not None, site)
        if sw is not None and mode not in SCALAR_OF:
            if c.checking:
                c.finding(InvalidArgumentError(
                    f"writes nothing: with a cbufWorkspace, Fixpipe runs only the vector "
                    f"quantPre modes (VDEQF16, VQF322B8_PRE, VREQ8), not {mode.name}", site))
            return
        if prm[_FIX_SPLIT]:
            raise NotSimulatedError(
                "splits channels (isChannelSplit): how the NZ bursts interleave the split "
                "channels is not documented", site, core=c.block_idx)
        if n % 16:
            raise NotSimulatedError(
                f"writes nSize={n} columns in NZ: the headers issue nSize / 16 bursts of 16 "
                "columns, and what the instruction does with the last partial block is not "
                "documented; use a multiple of 16", site, core=c.block_idx)
        if m == 0 or n == 0:
            if c.checking:
                c.finding(InvalidArgumentError(f"writes an empty block (mSize={m}, nSize={n})",
                                               site))
            c.run(FIX, c.cost.mte_issue, 0.0, site)
            return
        if c.checking and (src_stride < m or src_stride % 16):
            c.finding(InvalidArgumentError(
                f"reads L0C with srcStride={src_stride} for mSize={m}: column blocks of L0C are "
                "a multiple of 16 rows apart and hold all mSize rows", site))
        ssz, dsz = dts.size, dtd.size
        n1 = n // 16
        step = dst_stride * 32
        burst = m * 16 * dsz
        if c.checking and n1 > 1 and step < burst:
            c.finding(InvalidArgumentError(
                f"writes {n1} bursts of {burst} bytes (mSize={m} rows of 16) dstStride="
                f"{dst_stride} blocks ({step} bytes) apart: they overlap", site))
        slo, _ = local_span(c, s, 0, ((n1 - 1) * src_stride + m) * 16, site, "reads")
        span = local_span if to_l1 else gm_span
        dlo, _ = span(c, d, 0, ((n1 - 1) * step + burst) // dsz, site, "writes")
        if to_l1 and c.checking:
            check_align(c, d, site, "writes")
        bits = (_scale_words(c, R[sw], n, site) if mode in SCALAR_OF
                else np.array([int(deq) & 0xFFFFFFFFFFFFFFFF], np.uint64))
        blocks = as_strided(s.mem.bytes[slo:].view(dts.np), shape=(n1, m, 16),
                            strides=(src_stride * 16 * ssz, 16 * ssz, ssz))
        vals = blocks.transpose(1, 0, 2).reshape(m, n)
        if relu:
            vals = np.maximum(vals, 0)  # before the scale, as the ND path (cube.py) says why
        vals = convert(vals, mode, bits, dtd.np, site, c.block_idx)
        out = as_strided(d.mem.bytes[dlo:].view(dtd.np), shape=(n1, m, 16),
                         strides=(step, 16 * dsz, dsz))
        new = vals.reshape(m, n1, 16).transpose(1, 0, 2)
        how = True
        atomic = c.atomic
        if not to_l1 and atomic is not None and atomic.active:
            if atomic.dt.name != dtd.name:
                raise InvalidArgumentError(
                    f"writes {dtd.name} with the atomic mode set for {atomic.dt.name}; "
                    "SetAtomic*<T> must name the type Fixpipe writes", site, core=c.block_idx)
            how = ATOMIC_WRITE
            combine_into(atomic.kind, dtd, out, new)
        else:
            dtd.store(out, new)
        units = None
        if flag & 2:  # UnitFlag: as the ND path (cube.py)
            col, height = src_stride * 16 * ssz, -(-m // 16) * 16 * 16 * ssz
            units = fix_before(c, s.mem, [(slo + j * col, slo + j * col + height)
                                          for j in range(n1)],
                               m * n * dsz / c.cost.fix_rate, site)
        start = max(c.t, c.free[FIX])
        san = c.san
        if san is not None:
            k = san.begin(FIX)
            _record_blocks(san, s.mem, slo, src_stride * 16 * ssz, m * 16 * ssz, n1, False,
                           FIX, k, site)
            _record_blocks(san, d.mem, dlo, step, burst, n1, how, FIX, k, site)
        chunks = fb_chunks(n) if mode in SCALAR_OF else [(0, n)]
        for col0, width in chunks:
            if mode in SCALAR_OF:  # FIX loads the chunk's scale words L1 -> FB first
                occ, lat = c.cost.copy(Hardware.L1, Hardware.FIXBUF, fb_bytes(width))
                c.run(FIX, occ, lat, site)
                c.barrier(FIX)
            first, count = col0 // 16, width // 16
            if to_l1:
                occ, lat = c.cost.copy(Hardware.L0C, Hardware.L1, count * burst, count)
                c.run(FIX, occ, lat, site)
            else:
                c.gm_copy(FIX, d.buf, dlo + first * step, burst, step, count, True,
                          d.cache[1], site, 0.0, write_rate=c.cost.fix_rate)
        if units is not None:
            fix_after(c, s.mem, units, flag, start)

    return f
