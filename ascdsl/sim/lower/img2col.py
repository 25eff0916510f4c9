"""img2col as LoadData with LoadData3DParamsV2 computes it on the 910B (dav-c220), and the load3d
registers: SetFmatrix, SetLoadDataPaddingValue, SetLoadDataRepeat, SetLoadDataBoundary.

The feature map in L1 is NC1HWC0 with N = 1: channel c of position (h, w) at element
`((c // C0) * l1H + h) * l1W + w) * C0 + c % C0` (C0 = 32 bytes). img2col slides a filterH x
filterW window (taps `dilation` apart) over it padded by padList = [left, right, top, bottom]
with the padding value, `stride` apart, and makes a matrix X of Hout * Wout rows,

    Hout = (l1H + top + bottom - ((filterH - 1) * dilationFilterH + 1)) // strideH + 1

(Wout alike), row p = ho * Wout + wo, and C1 * filterH * filterW * C0 columns: column
`((c1 * filterH + kh) * filterW + kw) * C0 + c0` holds channel c1 * C0 + c0 of the tap
(ho * strideH - top + kh * dilationFilterH, wo * strideW - left + kw * dilationFilterW), the
padding value outside the map. filterSizeW / filterSizeH add 256 to the filter's width / height.
Source: asc-devkit's pseudocode of the instruction (examples/.../load_data_l12l0/scripts/
load3d.py: nc1hwc0_im2col, _prepare_src_slice), which the LoadData page (docs/zh/api/SIMD-API/
基础API/矩阵计算（ISASI）/矩阵计算的搬入/LoadData_3D.md) links as "实现原理"; the page's table 4
gives padList's order and the NOP cases, its data-format section the row and column order.
With a 1 x 1 filter, stride 1 and no padding X is the NZ matrix in L1 (the matrix read).

Registers (per core, `CoreSim.load3d`, created by the first op that writes one): LoadData with
LoadData3DParamsV2 writes the left feature-map register (l1H, l1W, padList) and the padding
register (padValue) itself before the instruction runs (kernel_operator_mm_base_impl.h:
IsResetLoad3dConfig's default {true, true}; ascdsl has no way to pass another), so the
instruction reads the values of its own params. SetFmatrix writes the left or right feature-map
register, SetLoadDataPaddingValue the padding register (as its value's bit code:
`padding_bits`); LoadData with LoadData3DParamsV2Pro
reads them (load3d.py; fMatrixCtrl = 1, the read of the right register, is refused: the
page's table 4 says only false is supported). The instruction also reads the repeat register
(SetLoadDataRepeat; dav-c220's LoadData never sets it) and the boundary register
(SetLoadDataBoundary): see `check_repeat` and `check_boundary`.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

import ascdsl.dialects.ascendc as A

from ..compiler import Lowering, lowers
from ..errors import InvalidArgumentError, NotSimulatedError
from .common import dtype_of

API = "LoadData with LoadData3DParamsV2"


class Load3DRegs:
    """The registers 3D loads read. `repeat` starts as one iteration: the reset value of
    asc_load3d_v2_config (0x10000: rpt_time 1) and what the Matmul API relies on, which loads
    with LoadData3DParamsV2 and never calls SetLoadDataRepeat."""

    __slots__ = ("fmatrix", "padding", "padding_src", "repeat", "boundary")

    def __init__(self):
        self.fmatrix: dict[int, tuple] = {}  # FmatrixMode -> (l1H, l1W, padList)
        self.padding = None  # bits (padding_bits), None until written
        self.padding_src = None  # (SimDType, value, site) of SetLoadDataPaddingValue's write
        self.repeat = (0, 1, 0)  # (repeatStride, repeatTime, repeatMode)
        self.boundary = 0  # bytes of L1 the loads see; 0: all of it


_UINT = {1: np.uint8, 2: np.uint16, 4: np.uint32, 8: np.uint64}


def padding_bits(dt, value) -> int:
    """The padding register as SetLoadDataPaddingValue<T>(value) writes it (dav_c220
    Load3DSetPaddingCal): T's bit code for a 2- or 4-byte T, the byte twice for a 1-byte T. A
    load reads it in its own element type, so a padding set as int32 2 pads half data with
    the half whose bits are 0x0002, as on the NPU."""
    cell = np.empty(1, dt.np)
    dt.store(cell, dt.scalar(value))
    bits = int(cell.view(_UINT[dt.size])[0])
    return (bits << 8 | bits) if dt.size == 1 else bits


def padding_value(dt, bits: int):
    """The element of type `dt` a load pads with, from the register's bits."""
    cell = np.array([bits & ((1 << 8 * dt.size) - 1)], _UINT[dt.size]).view(dt.np)
    return dt.load(cell)[0]


def regs(c) -> Load3DRegs:
    r = c.load3d
    if r is None:
        r = c.load3d = Load3DRegs()
    return r


@dataclass(frozen=True)
class Geometry:
    l1h: int
    l1w: int
    c1: int
    c0: int
    pads: tuple[int, int, int, int]  # left, right, top, bottom
    fh: int
    fw: int
    sh: int
    sw: int
    dh: int
    dw: int

    @property
    def hout(self) -> int:
        return (self.l1h + self.pads[2] + self.pads[3] - ((self.fh - 1) * self.dh + 1)) \
            // self.sh + 1

    @property
    def wout(self) -> int:
        return (self.l1w + self.pads[0] + self.pads[1] - ((self.fw - 1) * self.dw + 1)) \
            // self.sw + 1

    @property
    def rows(self) -> int:
        return self.hout * self.wout

    @property
    def cols(self) -> int:
        return self.c1 * self.fh * self.fw * self.c0

    @property
    def is_matrix_read(self) -> bool:
        return (self.fh, self.fw, self.sh, self.sw, self.dh, self.dw, self.pads) == (
            1, 1, 1, 1, 1, 1, (0, 0, 0, 0))

    def describe(self) -> str:
        return (f"{self.hout} x {self.wout} positions (l1H {self.l1h}, l1W {self.l1w}, filter "
                f"{self.fh} x {self.fw}, stride {self.sh} x {self.sw}, dilation {self.dh} x "
                f"{self.dw}, padList {list(self.pads)}) and {self.cols} columns ({self.c1} "
                f"blocks of {self.c0} channels per tap)")


def source_index(g: Geometry, m0: int, m_ext: int, k0: int, k_ext: int) -> np.ndarray:
    """L1 element of each entry of X's window [m0, m0 + m_ext) x [k0, k0 + k_ext), as an
    (m_ext, k_ext) array; -1 where the entry is padding."""
    ho, wo = np.divmod(m0 + np.arange(m_ext), g.wout)
    tap, ci = np.divmod(k0 + np.arange(k_ext), g.c0)
    c1, kpos = np.divmod(tap, g.fh * g.fw)
    kh, kw = np.divmod(kpos, g.fw)
    h = ho[:, None] * g.sh - g.pads[2] + kh[None, :] * g.dh
    w = wo[:, None] * g.sw - g.pads[0] + kw[None, :] * g.dw
    inside = (h >= 0) & (h < g.l1h) & (w >= 0) & (w < g.l1w)
    idx = ((c1[None, :] * g.l1h + h) * g.l1w + w) * g.c0 + ci[None, :]
    return np.where(inside, idx, -1)


def check_repeat(c, site) -> bool:
    """Whether the load runs (False: repeatTime 0, a NOP by SetLoadDataRepeat's page)."""
    r = c.load3d
    stride, times, mode = r.repeat if r is not None else (0, 1, 0)
    if times == 0:
        return False
    if times != 1:
        # The page's text says only where each iteration reads (repeatStride in 16 rows, or in
        # C0 columns on the A2/A3); where it writes on dav-c220 is in figures the mirror holds
        # as unreadable LFS pointers (load3d_repeatmode*.png).
        raise NotSimulatedError(
            f"runs with the repeat register at repeatTime={times} (repeatStride={stride}, "
            f"repeatMode={mode}, from SetLoadDataRepeat): the simulator runs {API} with one "
            "iteration (repeatTime 1, the reset value) or none (repeatTime 0); where later "
            "iterations write is not documented in text", site, core=c.block_idx)
    return True


def check_boundary(c, s, lo: int, hi: int, site) -> None:
    """SetLoadDataBoundary: reads past the boundary wrap to L1's start (SetLoadDataBoundary's
    page); the wrap's address arithmetic is not documented, so such a read is refused."""
    r = c.load3d
    bound = r.boundary if r is not None else 0
    if bound == 0:
        return
    if bound < 1024:
        raise InvalidArgumentError(
            f"runs with the L1 boundary at {bound} bytes (SetLoadDataBoundary): a boundary of "
            "1 to 1023 is undefined behaviour (minimum 1024, or 0 for none)", site,
            core=c.block_idx)
    if s.off >= bound:
        raise InvalidArgumentError(
            f"reads a feature map at L1 byte {s.off}, outside the L1 boundary of {bound} bytes "
            "SetLoadDataBoundary set: the source must start inside it", site, core=c.block_idx)
    if hi > bound:
        raise NotSimulatedError(
            f"reads L1 bytes [{lo}, {hi}) past the boundary of {bound} bytes "
            "(SetLoadDataBoundary): such reads wrap to L1's start, by an address rule the "
            "documentation does not give", site, core=c.block_idx)


# --- the register writes (pipe S: asc_set_l13d_* pages, "流水类型 PIPE_S") --------------------


@lowers(A.SetFmatrixOp)
def lower_set_fmatrix(op, cx: Lowering):
    pre = cx.take_pre()
    site = cx.site(op)
    sh, sw, sp, sm = cx.slots([op.l1H, op.l1W, op.padList, op.fmatrixMode])

    def f(R):
        c = R[0]
        c.t += pre
        # SetFmatrixImpl: FMATRIX_LEFT -> set_fmatrix, FMATRIX_RIGHT -> set_fmatrix_b
        mode = int(R[sm][0])
        if mode not in (0, 1):
            raise InvalidArgumentError(
                f"sets FmatrixMode {mode}; SetFmatrix takes FMATRIX_LEFT (0) or FMATRIX_RIGHT "
                "(1)", site, core=c.block_idx)
        pads = tuple(int(p) & 0xFF for p in R[sp])
        regs(c).fmatrix[mode] = (int(R[sh]) & 0xFFFF, int(R[sw]) & 0xFFFF, pads)

    return f


@lowers(A.SetLoadDataPaddingValueOp)
def lower_set_padding(op, cx: Lowering):
    pre = cx.take_pre()
    site = cx.site(op)
    sv = cx.slot(op.value)
    dt = dtype_of(op, cx, op.value)  # T of SetLoadDataPaddingValue<T>: the value's own type

    def f(R):
        c = R[0]
        c.t += pre
        r = regs(c)
        r.padding = padding_bits(dt, R[sv])
        r.padding_src = (dt, R[sv], site)

    return f


@lowers(A.SetLoadDataRepeatOp)
def lower_set_repeat(op, cx: Lowering):
    pre = cx.take_pre()
    sp = cx.slot(op.param)
    site = cx.site(op)

    def f(R):
        c = R[0]
        c.t += pre
        stride, times, mode = (int(v) for v in R[sp])
        if mode not in (0, 1):
            # kernel_operator_mm_intf_impl.h: ASCENDC_CHECK_VALUE_RANGE(repeatMode, 0, 1)
            raise InvalidArgumentError(
                f"sets repeatMode={mode}; SetLoadDataRepeat takes 0 (along height) or 1 "
                "(along width)", site, core=c.block_idx)
        # set_l3d_rpt packs repeatStride in 16 bits and repeatTime in 8 (SetLoadDataRepeatCal)
        regs(c).repeat = (stride & 0xFFFF, times & 0xFF, mode)

    return f


@lowers(A.SetLoadDataBoundaryOp)
def lower_set_boundary(op, cx: Lowering):
    pre = cx.take_pre()
    sb = cx.slot(op.boundary)

    def f(R):
        c = R[0]
        c.t += pre
        regs(c).boundary = int(R[sb]) & 0xFFFFFFFF  # SetLoadDataBoundaryCal: a uint32_t

    return f
