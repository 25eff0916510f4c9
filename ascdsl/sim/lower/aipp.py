"""SetAippFunctions and LoadImageToLocal (ops_aipp.py, ops_data_copy_ext.py) on the simulator.

On the 910B (dav_c220) both are the cube core's: SetAippFunctions returns at once on a vector
core (`if ASCEND_IS_AIV return` in kernel_reg.h) and LoadImageToLocal does nothing there
(`if ASCEND_IS_AIC`), so a vector kernel runs them as no-ops, as the NPU does. On the cube
core SetAippFunctions writes the AIPP registers (ten SPR writes of the scalar unit: their
issue time) and LoadImageToLocal moves the window of the image into L1 through the conversion
`ascdsl.sim.aipp` models, on MTE2.

Rules: LoadImageToLocal before any SetAippFunctions on the core, into memory other than L1,
or with padding wider than the window (the reference reads outside the output) is an
`InvalidArgumentError`; a CSC result outside 0..255 is a warning finding (it wraps). The
sanitizer sees the source bytes read (GM, MTE2) and the output written (L1, MTE2).

Cost: the window's source rows read from GM through the memory system, as a DataCopy of the
same rows would (`CoreSim.gm_copy`); the conversion is taken to keep pace with the DMA (no
published AIPP throughput), and the L1 write lands with the read.
"""

from __future__ import annotations

import numpy as np

import ascdsl.dialects.ascendc as A
from ascdsl.dialects.ascendc.enums import Hardware

from ..aipp import AippConfig, Window, convert, source_indices
from ..compiler import Lowering, lowers
from ..errors import InvalidArgumentError
from ..sanitizer import MTE2
from .common import declared_here, dtype_of, gm_span, local_span

_SPR_WRITES = 10  # set_aipp_spr_0 .. set_aipp_spr_9 on the 910B


@lowers(A.SetAippFunctionsOp)
def lower_set_aipp(op, cx: Lowering):
    pre = cx.take_pre()
    s0, sc = cx.slot(op.src0), cx.slot(op.config)
    s1 = cx.slot(op.src1) if op.src1 is not None else None
    fmt = int(op.enum_value("format"))
    spr = _SPR_WRITES * cx.issue

    def f(R):
        c = R[0]
        c.t += pre
        if c.kind != "aic":
            return  # the vector cores return at once
        c.t += spr
        c.aipp = (AippConfig.from_params(fmt, R[sc]), R[s0], R[s1] if s1 is not None else None)

    return f


def _read(c, g, idx: np.ndarray, site) -> tuple[np.ndarray, int, int]:
    """The bytes at `idx` (byte offsets from GlobalTensor g's start) and their byte span."""
    size = g.dt.size
    lo, hi = int(idx.min()), int(idx.max()) + 1
    first, last = lo // size, -(-hi // size)
    blo, _ = gm_span(c, g, first, last - first, site, "reads")
    raw = g.mem.bytes
    return raw[blo - first * size + idx], blo - first * size + lo, blo - first * size + hi


@lowers(A.LoadImageToLocalOp)
def lower_load_image(op, cx: Lowering):
    pre = cx.take_pre()
    site = cx.site(op)
    out = dtype_of(op, cx, op.dst)
    if out.name not in ("i8", "f16"):
        raise cx.error(op, f"loads into a {out.name} tensor; the 910B's LoadImageToLocal "
                           "writes int8_t or half (its SupportType check)")
    odt = np.dtype(out.np)
    sd, sp = cx.slot(op.dst), cx.slot(op.params)

    def f(R):
        c = R[0]
        c.t += pre
        if c.kind != "aic":
            return  # `if ASCEND_IS_AIC`: nothing on a vector core
        d = R[sd]
        state = c.aipp
        if state is None:
            raise InvalidArgumentError(
                "runs before any SetAippFunctions on this core: the AIPP registers name no "
                "image", site, core=c.block_idx)
        if d.mem.hw != Hardware.L1:
            raise InvalidArgumentError(
                f"loads into {d.mem.name}; LoadImageToLocal writes L1 (A1 / B1)", site,
                notes=declared_here(d), core=c.block_idx)
        cfg, g0, g1 = state
        w = Window.of(cfg, R[sp])
        if w.vert <= 0 or w.horiz <= 0:
            c.run(MTE2, c.cost.dma_issue(1), 0.0, site)
            return
        idx0, idx1 = source_indices(cfg, w)
        if idx1 is not None and g1 is None:
            raise InvalidArgumentError(
                "reads a YUV420SP image, whose UV plane SetAippFunctions was not given "
                "(src1)", site, core=c.block_idx)
        b0, lo0, hi0 = _read(c, g0, idx0, site)
        b1 = lo1 = hi1 = None
        if idx1 is not None:
            b1, lo1, hi1 = _read(c, g1, idx1, site)
        try:
            res, outside = convert(cfg, w, b0, b1, odt)
        except ValueError as e:
            raise InvalidArgumentError(f"pads the image window: {e}", site,
                                       core=c.block_idx) from None
        if outside and c.checking:
            c.finding(InvalidArgumentError(
                f"converts the colour space of {outside} channel value(s) to outside 0..255; "
                "they wrap as the header's reference AIPP stores them (uint8), whether the "
                "910B's unit saturates is not documented", site, warning=True))
        n = res.size
        dlo, dhi = local_span(c, d, 0, n, site, "writes")
        d.mem.typed(d.off, out, n)[:] = res.reshape(-1)
        san = c.san
        if san is not None:
            k = san.begin(MTE2)
            san.access(g0.mem, lo0, hi0, False, MTE2, k, site)
            if b1 is not None:
                san.access(g1.mem, lo1, hi1, False, MTE2, k, site)
            san.access(d.mem, dlo, dhi, True, MTE2, k, site)
        c0 = idx0.shape[-1]
        c.gm_copy(MTE2, g0.buf, lo0, w.horiz * c0, w.src_w * c0, w.vert, False, g0.cache[0],
                  site)
        if b1 is not None:
            rows = (w.v0 + w.vert - 1) // 2 - w.v0 // 2 + 1
            row = int(idx1[0].max() - idx1[0].min()) + 1
            c.gm_copy(MTE2, g1.buf, lo1, row, w.src_w, rows, False, g1.cache[0], site)

    return f

