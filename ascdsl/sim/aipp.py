"""The AIPP image conversion LoadImageToLocal applies (SetAippFunctions programs it), in numpy.

What each stage does comes from Ascend C: the SetAippFunctions page of the API reference
(padding modes, channel swaps, single-line copy, data-type conversion, channel padding, colour
space conversion) and the one executable definition in asc-devkit, the software AIPP of the
950 (`dav_3510/kernel_operator_mm_impl.h`, LoadImageToLocalCalLoop0/Loop1), which the 910B does
in hardware. The stages, for an output of `height = vert + top + bot` rows, `width = horiz +
left + right` columns and `cpad` channels (`32 / sizeof(U)` with cPaddingMode 0, 4 with mode 1):

1. window (crop): output row `top + i`, column `left + j` takes source pixel `(vertStartPos +
   i, horizStartPos + j)` of an image `srcHorizSize` pixels wide; single-line copy reads one
   row (vert = 1); padding mode 0 has no top/bottom padding (the docs: left/right only).
2. channels: 3 output channels (1 for YUV400 without CSC). Sources: RGB888 3 bytes a pixel,
   XRGB8888 4 (channel 0 is X: the chip drops the 4th, so XRG without swapAX), YUV420SP a Y
   plane (src0) and an interleaved UV plane (src1) at half resolution in both directions.
   Swaps pick the source channel: RGB/XRGB isSwapRB `2 - k`, XRGB isSwapAX `k + 1` (RGBX),
   both `3 - k` (BGR), YUV420SP isSwapUV exchanges U and V.
3. CSC (isEnableCsc): RGB/XRGB -> YUV `(R m[k][0] + G m[k][1] + B m[k][2] + 128) / 256 +
   biasOut[k]`; YUV -> RGB `((Y - biasIn0) m[k][0] + (U - biasIn1) m[k][1] + (V - biasIn2)
   m[k][2] + 128) / 256` (YUV400: U = V = 0); C integer division (towards zero), the result
   stored as a uint8 (mod 256, as the reference does; a value outside 0..255 is reported as a
   warning finding: whether the 910B's unit saturates instead is not documented).
4. DTC by output type U: int8 `(int8)(x - mean[k])` (wraps), half `((half)(x - mean[k]) -
   min[k]) * var[k]` rounded to half at each step, uint8 no conversion. k is the output
   channel, as the docs' formula `output[i][j][k] = input[i][j][k] - mean[k]` writes it (the
   950's software indexes mean/min/var by the swapped source channel instead).
5. channel padding: channels `>= 3` (`>= 1` for YUV400) are cPaddingValue.
6. data padding of the rows/columns outside the window, channels below 4 (mode 0) or the
   image's channels: mode 0 paddingValueCh[k]; 1 the nearest window pixel in row/column; 2 a
   block copied from the window (`top + i` above, `i - bot` below, likewise columns); 3 the
   mirror (`2 top - i - 1`, `2 (top + vert) - i - 1`). Output elements are filled in order,
   so a pad larger than the window reads padding filled before it, as the reference loop does.

The output is HWC: element `(row * width + col) * cpad + channel`.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

YUV420SP_U8, XRGB8888_U8, RGB888_U8, YUV400_U8 = 0, 1, 4, 9


@dataclass(frozen=True)
class AippConfig:
    """The AIPP registers as SetAippFunctions leaves them (values already in their C++ types)."""

    fmt: int
    padding_mode: int
    padding_values: tuple  # 4, in the output type
    swap_rb: bool
    swap_uv: bool
    swap_ax: bool
    single_line: bool
    mean: tuple[int, int, int]
    dtc_min: tuple[float, float, float]
    dtc_var: tuple[float, float, float]
    cpad_mode: int
    cpad_value: object
    csc: bool
    matrix: tuple  # 3 x 3 int16
    bias_in: tuple[int, int, int]
    bias_out: tuple[int, int, int]

    @classmethod
    def from_params(cls, fmt: int, params: tuple) -> AippConfig:
        """From the simulator's AippParams value: six tuples in the C++ aggregates' order."""
        pad, swap, single, dtc, cpad, csc = params
        i16 = lambda v: int(np.int64(int(v)).astype(np.int16))  # noqa: E731
        u8 = lambda v: int(v) & 0xFF  # noqa: E731
        return cls(
            fmt=int(fmt) & 0x1F, padding_mode=int(pad[0]) & 0x3, padding_values=tuple(pad[1:5]),
            swap_rb=bool(swap[0]), swap_uv=bool(swap[1]), swap_ax=bool(swap[2]),
            single_line=bool(single[0]),
            mean=tuple(u8(v) for v in dtc[0:3]),  # type: ignore[arg-type]
            dtc_min=tuple(float(np.float16(v)) for v in dtc[3:6]),  # type: ignore[arg-type]
            dtc_var=tuple(float(np.float16(v)) for v in dtc[6:9]),  # type: ignore[arg-type]
            cpad_mode=int(cpad[0]) & 0x1, cpad_value=cpad[1],
            csc=bool(csc[0]), matrix=tuple(tuple(i16(csc[1 + 3 * r + c]) for c in range(3))
                                           for r in range(3)),
            bias_in=tuple(u8(v) for v in csc[10:13]),  # type: ignore[arg-type]
            bias_out=tuple(u8(v) for v in csc[13:16]))  # type: ignore[arg-type]


@dataclass(frozen=True)
class Window:
    """LoadImageToLocalParams, with single-line copy and padding mode 0 applied."""

    horiz: int
    vert: int
    h0: int
    v0: int
    src_w: int
    top: int
    bot: int
    left: int
    right: int

    @classmethod
    def of(cls, cfg: AippConfig, p: tuple) -> Window:
        horiz, vert, h0, v0, src_w, top, bot, left, right = (int(x) for x in p)
        if cfg.single_line:
            vert = 1
        if cfg.padding_mode == 0:
            top = bot = 0
        return cls(horiz, vert, h0, v0, src_w, top, bot, left, right)

    @property
    def height(self) -> int:
        return self.vert + self.top + self.bot

    @property
    def width(self) -> int:
        return self.horiz + self.left + self.right


def channels(cfg: AippConfig) -> int:
    return 1 if (cfg.fmt == YUV400_U8 and not cfg.csc) else 3


def src0_channels(cfg: AippConfig) -> int:
    if cfg.fmt in (YUV420SP_U8, YUV400_U8):
        return 1
    return 4 if cfg.fmt == XRGB8888_U8 else 3


def cpad_channels(cfg: AippConfig, out: np.dtype) -> int:
    return 4 if cfg.cpad_mode else 32 // out.itemsize


def _source_channel(cfg: AippConfig, k: int, nch: int) -> int:
    f = cfg.fmt
    if cfg.swap_ax and cfg.swap_rb and f == XRGB8888_U8:
        return nch - k
    if cfg.swap_uv and f == YUV420SP_U8:
        return nch - k if k > 0 else k
    if cfg.swap_ax and f == XRGB8888_U8:
        return k + 1
    if cfg.swap_rb and f in (RGB888_U8, XRGB8888_U8):
        return nch - 1 - k
    return k


def source_indices(cfg: AippConfig, w: Window) -> tuple[np.ndarray, np.ndarray | None]:
    """Byte indices into src0 (vert x horiz x src0 channels) and src1 (vert x horiz x 2, U then
    V, or None) of the window's pixels."""
    i = np.arange(w.vert, dtype=np.int64)[:, None]
    j = np.arange(w.horiz, dtype=np.int64)[None, :]
    c0 = src0_channels(cfg)
    base0 = (w.v0 + i) * w.src_w * c0 + (w.h0 + j) * c0
    idx0 = base0[..., None] + np.arange(c0)
    idx1 = None
    if cfg.fmt == YUV420SP_U8:
        base1 = (w.v0 // 2 + i // 2) * w.src_w + w.h0 + (j // 2) * 2
        idx1 = base1[..., None] + np.arange(2)
    return idx0, idx1


def _trunc_div(x: np.ndarray, d: int) -> np.ndarray:
    """C's integer division (towards zero)."""
    q = np.abs(x) // d
    return np.where(x < 0, -q, q)


def convert(cfg: AippConfig, w: Window, src0: np.ndarray, src1: np.ndarray | None,
            out: np.dtype) -> tuple[np.ndarray, int]:
    """The HWC output (height x width x cpad, `out` type) and how many CSC results left 0..255.

    src0/src1 are the window's source bytes as `source_indices` picks them (uint8 arrays of
    shape vert x horiz x channels)."""
    nch = channels(cfg)
    cpad = cpad_channels(cfg, out)
    res = np.zeros((w.height, w.width, cpad), dtype=out)
    outside = 0
    img = np.empty((w.vert, w.horiz, nch), dtype=np.int64)
    s0 = src0.astype(np.int64)
    s1 = None if src1 is None else src1.astype(np.int64)
    if cfg.csc:
        m = cfg.matrix
        if cfg.fmt in (RGB888_U8, XRGB8888_U8):
            if cfg.fmt == XRGB8888_U8 and cfg.swap_ax and cfg.swap_rb:
                r, g, b = s0[..., 3], s0[..., 2], s0[..., 1]
            elif cfg.fmt == XRGB8888_U8 and cfg.swap_ax:
                r, g, b = s0[..., 1], s0[..., 2], s0[..., 3]
            elif cfg.swap_rb:
                r, g, b = s0[..., 2], s0[..., 1], s0[..., 0]
            else:
                r, g, b = s0[..., 0], s0[..., 1], s0[..., 2]
            for k in range(3):
                v = _trunc_div(r * m[k][0] + g * m[k][1] + b * m[k][2] + 128, 256) \
                    + cfg.bias_out[k]
                outside += int(((v < 0) | (v > 255)).sum())
                img[..., k] = v & 0xFF
        else:
            y = s0[..., 0]
            if s1 is not None:
                u, v_ = (s1[..., 1], s1[..., 0]) if cfg.swap_uv else (s1[..., 0], s1[..., 1])
            else:
                u = v_ = np.zeros_like(y)
            bi = cfg.bias_in
            for k in range(3):
                v = _trunc_div((y - bi[0]) * m[k][0] + (u - bi[1]) * m[k][1]
                               + (v_ - bi[2]) * m[k][2] + 128, 256)
                outside += int(((v < 0) | (v > 255)).sum())
                img[..., k] = v & 0xFF
    else:
        for k in range(nch):
            sk = _source_channel(cfg, k, nch)
            if cfg.fmt == YUV420SP_U8 and sk != 0:
                img[..., k] = s1[..., sk - 1]  # type: ignore[index]
            else:
                img[..., k] = s0[..., sk]
    # data-type conversion, by output channel
    if out == np.int8:
        vals = (img - np.array(cfg.mean[:nch])).astype(np.int8)  # wraps, as (int8_t) does
    elif out == np.float16:
        h = (img - np.array(cfg.mean[:nch])).astype(np.float16)
        h = h - np.array(cfg.dtc_min[:nch], dtype=np.float16)
        vals = h * np.array(cfg.dtc_var[:nch], dtype=np.float16)
    else:
        vals = img.astype(out)
    res[w.top:w.top + w.vert, w.left:w.left + w.horiz, :nch] = vals
    res[:, :, nch:] = np.asarray(cfg.cpad_value).astype(out)
    _pad(cfg, w, res, nch)
    return res, outside


def _pad_index(mode: int, n: int, lo: int, size: int, hi: int) -> np.ndarray:
    """For positions 0..n-1 of one axis (window [lo, lo + size)), the position each takes its
    value from under padding mode 1, 2 or 3 (window positions map to themselves)."""
    x = np.arange(n, dtype=np.int64)
    end = lo + size
    if mode == 1:
        src = np.clip(x, lo, end - 1)
    elif mode == 2:
        src = np.where(x < lo, lo + x, np.where(x >= end, x - hi, x))
    else:
        src = np.where(x < lo, 2 * lo - x - 1, np.where(x >= end, 2 * end - x - 1, x))
    return src


def _pad(cfg: AippConfig, w: Window, res: np.ndarray, nch: int) -> None:
    pch = 4 if cfg.padding_mode == 0 else nch
    rows = np.arange(w.height)
    cols = np.arange(w.width)
    in_r = (rows >= w.top) & (rows < w.top + w.vert)
    in_c = (cols >= w.left) & (cols < w.left + w.horiz)
    pad = ~(in_r[:, None] & in_c[None, :])
    if not pad.any() or pch == 0:
        return
    if cfg.padding_mode == 0:
        vals = np.asarray(cfg.padding_values[:pch]).astype(res.dtype)
        res[pad, :pch] = vals
        return
    ri = _pad_index(cfg.padding_mode, w.height, w.top, w.vert, w.bot)
    ci = _pad_index(cfg.padding_mode, w.width, w.left, w.horiz, w.right)
    pr, pc = np.nonzero(pad)  # in output order (row-major)
    sr, sc = ri[pr], ci[pc]
    if ((sr < 0) | (sr >= w.height) | (sc < 0) | (sc >= w.width)).any():
        raise ValueError("the padding is larger than the window: its source lies outside "
                         "the output")
    if pad[sr, sc].any():
        # A source that is itself padding (pads wider than the window): fill in order.
        for a, b, x, y in zip(pr.tolist(), pc.tolist(), sr.tolist(), sc.tolist()):
            res[a, b, :pch] = res[x, y, :pch]
    else:
        res[pr, pc, :pch] = res[sr, sc, :pch]
