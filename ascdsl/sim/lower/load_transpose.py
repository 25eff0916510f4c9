"""LoadDataWithTranspose with LoadData2dTransposeParams: L1 (A1/B1) -> L0A/L0B (A2/B2) on
MTE1, square by square (load_cbuf_to_ca/cb_transpose on dav-c220).

From asc-devkit's LoadDataWithTranspose page (and its load_data_l12l0 sample, whose A/B recipes
the tests run): each repeat takes one square of the source and writes its transpose as
fractals of 512 bytes.

- 8-bit elements: two consecutive 16 x 32 fractals stacked into a 32 x 32 square; its
  transpose is split back into rows 0-15 and 16-31;
- 16-bit: one 16 x 16 fractal, transposed in place;
- 32-bit: two consecutive 16 x 8 fractals side by side as a 16 x 16 square; its transpose is
  split into columns 0-7 and 8-15.

Repeat r reads square `startIndex + r * srcStride` (both in squares); its first fractal goes to
`r * (1 + dstGap)` fractals from dst's start, the second `1 + dstFracGap` fractals after it.
dav-c220's implementation always walks the source upwards (it passes `inc` whatever
`addrMode` says), so a non-zero addrMode is a warning. int4 (four 16 x 64 fractals) is not
simulated: the simulator has no 4-bit type.
"""

from __future__ import annotations

import numpy as np
from numpy.lib.stride_tricks import as_strided

import ascdsl.dialects.ascendc as A
from ascdsl.dialects.ascendc.enums import Hardware

from ..compiler import Lowering, lowers
from ..errors import InvalidArgumentError
from ..sanitizer import MTE1
from .common import check_align, local_span
from .copy import _record_blocks
from .cube import FRACTAL, _require, loaded_dtype

API = "LoadDataWithTranspose"


def _transpose(squares: np.ndarray, size: int) -> np.ndarray:
    """(rt, square bytes) uint8 -> (rt, fractals, 512) uint8 of the transposed squares."""
    rt = squares.shape[0]
    if size == 1:
        s = squares.reshape(rt, 32, 32)  # two 16 x 32 fractals, one above the other
        return s.transpose(0, 2, 1).reshape(rt, 2, FRACTAL)
    if size == 2:
        s = squares.view(np.uint16).reshape(rt, 16, 16)
        return s.transpose(0, 2, 1).copy().view(np.uint8).reshape(rt, 1, FRACTAL)
    # 32-bit: two 16 x 8 fractals side by side make S; fractal f of S^T is its columns 8f..8f+7
    s = squares.view(np.uint32).reshape(rt, 2, 16, 8)
    square = np.concatenate((s[:, 0], s[:, 1]), axis=2)  # (rt, 16, 16)
    t = square.transpose(0, 2, 1)
    out = np.stack((t[:, :, :8], t[:, :, 8:]), axis=1)  # (rt, 2, 16, 8)
    return np.ascontiguousarray(out).view(np.uint8).reshape(rt, 2, FRACTAL)


@lowers(A.LoadDataWithTransposeOp)
def lower_load_with_transpose(op, cx: Lowering):
    pre = cx.take_pre()
    site = cx.site(op)
    dt = loaded_dtype(op, cx, API, (1, 2, 4))
    size = dt.size
    fracs = 1 if size == 2 else 2  # fractals per square
    square = fracs * FRACTAL
    per = FRACTAL // size  # elements per fractal
    sd, ss, sp = cx.slot(op.dst), cx.slot(op.src), cx.slot(op.params)

    def f(R):
        c = R[0]
        c.t += pre
        d, s = R[sd], R[ss]
        start, rt, sstride, dgap, fgap, addr_mode = (int(v) for v in R[sp][:6])
        start, rt, sstride = start & 0xFFFF, rt & 0xFF, sstride & 0xFFFF
        dgap, fgap = dgap & 0xFFFF, fgap & 0xFFFF
        _require(c, s, (Hardware.L1,), "reads", API, site)
        _require(c, d, (Hardware.L0A, Hardware.L0B), "writes", API, site)
        if c.checking:
            check_align(c, s, site, "reads")
            if d.off % FRACTAL:
                check_align(c, d, site, "writes")
                c.finding(InvalidArgumentError(
                    f"writes {d.mem.name} from byte {d.off}; {API}'s destination starts on a "
                    "512-byte fractal", site))
            if addr_mode:
                c.finding(InvalidArgumentError(
                    f"has addrMode={addr_mode}; dav-c220's {API} walks the source upwards "
                    "whatever addrMode says (it passes inc)", site, warning=True))
        if rt == 0:
            c.run(MTE1, c.cost.nop(MTE1), 0.0, site)
            return
        slo, _ = local_span(c, s, start * fracs * per, ((rt - 1) * sstride + 1) * fracs * per,
                            site, "reads")
        dstep, fstep = (1 + dgap) * FRACTAL, (1 + fgap) * FRACTAL
        d_ext = (rt - 1) * dstep + (fracs - 1) * fstep + FRACTAL
        dlo, _ = local_span(c, d, 0, d_ext // size, site, "writes")
        sm, dm = s.mem, d.mem
        src = as_strided(sm.bytes[slo:], shape=(rt, square), strides=(sstride * square, 1))
        moved = _transpose(np.array(src), size)
        dst = as_strided(dm.bytes[dlo:], shape=(rt, fracs, FRACTAL), strides=(dstep, fstep, 1))
        dst[...] = moved
        san = c.san
        if san is not None:
            k = san.begin(MTE1)
            _record_blocks(san, sm, slo, sstride * square, square, rt, False, MTE1, k, site)
            for j in range(fracs):
                _record_blocks(san, dm, dlo + j * fstep, dstep, FRACTAL, rt, True, MTE1, k,
                               site)
        occ, lat = c.cost.load_data(sm.hw, dm.hw, rt * square)
        c.run(MTE1, occ, lat, site)

    return f
