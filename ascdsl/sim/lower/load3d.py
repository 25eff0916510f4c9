"""LoadData with LoadData3DParamsV2 or LoadData3DParamsV2Pro (img2col, L1 -> L0A/L0B on MTE1).

The load computes img2col's matrix X of the feature map in L1 (sim/lower/img2col.py: rows are
output positions, columns (C1, filter tap, C0) with the channel fastest, padding entries hold
padValue), takes the window of rows `mStartPt ..+ mExtension` and columns `kStartPt ..+
kExtension` and writes it as the cube reads its operands (docs/cube.md, Layouts):

- into L0A, ZZ of X, or with `enTranspose` ZZ of X's transpose;
- into L0B, ZN of X (the B operand is transposed on the way; enTranspose changes nothing).

Fractals the window does not fill keep their other elements (the "virtual data" the
load_data_l12l0 sample says a float load skips). A 1 x 1 filter with stride 1 and no padding
reads the feature map as an NZ matrix, the form matmuls use: tests/unit/sim/test_load3d.py runs
the load_data_l12l0 sample's recipes for half, float and int8 to whole matmuls, and
tests/unit/sim/test_img2col.py convolutions (filters, strides, dilation, padding) against numpy.

Refused with the reason: fMatrixCtrl = 1 and enSmallK (the LoadData page's table 4: "only
false is supported", "no longer supported"), a stride or dilation of 0 (in the documented range,
meaning not documented), channelSize not a multiple of C0 beyond the matrix read (how the K axis
packs a partial channel block per tap is only in figures), 8-bit transposes (into L0B, or with
enTranspose: not on the 910B by the same page's constraints), more than one repeat of the
SetLoadDataRepeat register and reads past a SetLoadDataBoundary boundary (img2col.py says
why); V1 is not on the 910B.

LoadData3DParamsV2Pro is the same instruction with the window packed in `extConfig` (16-bit
kExtension, mExtension, kStartPt, mStartPt from bit 0) and the filter in `filterConfig` (8-bit
strideW, strideH, filterW, filterH, dilationW, dilationH from bit 0): dav_c220 passes the
shifted words to the intrinsic (kernel_operator_mm_impl.h). It does not set the registers
first, so l1H, l1W and padList come from the feature-map register (SetFmatrix, or the last
LoadData3DParamsV2) and padValue from the padding register; one never set is refused (its
reset value is not documented).
"""

from __future__ import annotations

import numpy as np

import ascdsl.dialects.ascendc as A
from ascdsl.dialects.ascendc.enums import Hardware
from ascdsl.dialects.ascendc.types_cube import (LoadData3DParamsV2ProType,
                                                 LoadData3DParamsV2Type)

from ..compiler import Lowering, lowers
from ..errors import InvalidArgumentError, NotSimulatedError, OutOfBoundsError
from ..sanitizer import MTE1
from .common import check_align, local_span
from .cube import FRACTAL, _require, loaded_dtype
from .img2col import (API, Geometry, check_boundary, check_repeat, padding_bits,
                      padding_value, regs, source_index)

_LIT = LoadData3DParamsV2Type.field_names()  # pyasc's translator tests: padList as one value
_FRONTEND = tuple(f for f, _ in LoadData3DParamsV2Type.FRONTEND_FIELDS)
# Documented as unsupported on the 910B (the LoadData page's table 4), with the reason.
_UNSUPPORTED = {"fMatrixCtrl": "only false is supported (the feature map of the left register, "
                               "which the load sets from its own l1H, l1W and padList)",
                "enSmallK": "the small-k feature is no longer supported"}


def _fields(values: tuple) -> dict:
    if len(values) == len(_FRONTEND):
        f = dict(zip(_FRONTEND, values))
        f["padList"] = (f["padList0"], f["padList1"], f["padList2"], f["padList3"])
        return f
    f = dict(zip(_LIT, values))
    pad = f.get("padList", 0)
    f["padList"] = tuple(pad) if isinstance(pad, tuple | list) else (pad,) * 4
    return f


def zz_offsets(rows: int, cols: int, c0: int) -> np.ndarray:
    """Element offsets of a rows x cols matrix stored ZZ (16-row blocks of C0-column
    fractals, fractals row by row), as an array of shape (rows, cols)."""
    k1 = -(-cols // c0)
    r = np.arange(rows)[:, None]
    c = np.arange(cols)[None, :]
    return ((r // 16) * k1 + c // c0) * 16 * c0 + (r % 16) * c0 + c % c0


def zn_offsets(rows: int, cols: int, c0: int) -> np.ndarray:
    """Element offsets of a rows x cols matrix stored ZN (C0-row blocks of 16-column
    fractals, each stored column by column), as an array of shape (rows, cols)."""
    n1 = -(-cols // 16)
    r = np.arange(rows)[:, None]
    c = np.arange(cols)[None, :]
    return ((r // c0) * n1 + c // 16) * 16 * c0 + (c % 16) * c0 + r % c0


def _geometry(c, p: dict, c0: int, api: str, site) -> Geometry:
    channels = int(p["channelSize"])
    # filterSizeW / filterSizeH: the filter is 256 taps wider / taller (table 4)
    fh = int(p["filterH"]) + 256 * bool(int(p.get("filterSizeH", 0)))
    fw = int(p["filterW"]) + 256 * bool(int(p.get("filterSizeW", 0)))
    steps = {k: int(p[k]) for k in ("strideH", "strideW", "dilationFilterH", "dilationFilterW")}
    zero = [f"{k}=0" for k, v in steps.items() if v == 0]
    if zero:
        raise NotSimulatedError(
            f"runs img2col with {', '.join(zero)}: 0 is in the documented range of {api}'s "
            "strides and dilations, but what it does is not documented", site,
            core=c.block_idx)
    g = Geometry(int(p["l1H"]), int(p["l1W"]), -(-channels // c0), c0,
                 tuple(int(v) for v in p["padList"]), fh, fw, steps["strideH"],
                 steps["strideW"], steps["dilationFilterH"], steps["dilationFilterW"])
    if channels % c0 and not g.is_matrix_read:
        # The page's channelSize values 4, 8, N*C0+4, ... pack fewer channels per tap into K
        # (its Ci = 4 example: rows of 3*3*4); the packing is only drawn (load3d_01.png).
        raise NotSimulatedError(
            f"runs img2col with channelSize={channels}, not a multiple of C0 = {c0}: the "
            "simulator runs such channel counts only as a matrix read (1 x 1 filter, stride "
            "1, no dilation or padding); how the K axis packs them per filter tap is not "
            "documented in text", site, core=c.block_idx)
    if g.hout <= 0 or g.wout <= 0:
        raise InvalidArgumentError(
            f"runs a {fh} x {fw} filter (dilation {g.dh} x {g.dw}) over a {g.l1h} x {g.l1w} "
            f"feature map padded by {list(g.pads)}: the filter does not fit, img2col has "
            f"{g.hout} x {g.wout} positions", site, core=c.block_idx)
    return g


def v2_fields(c, values: tuple, dt, site) -> dict:
    """LoadData3DParamsV2's fields by name (padList as four values). LoadDataImpl sets the left
    feature-map and the padding registers from them before the instruction
    (IsResetLoad3dConfig's default, the only one ascdsl builds)."""
    p = _fields(values)
    r = regs(c)
    r.fmatrix[0] = (int(p["l1H"]), int(p["l1W"]), tuple(int(v) for v in p["padList"]))
    r.padding = padding_bits(dt, p["padValue"])  # padValue is a T: its own bit code
    r.padding_src = None
    return p


def load(c, d, s, p: dict, dt, api: str, site) -> None:
    """One img2col load of the geometry `p` (LoadData3DParamsV2's fields by name, padList as
    four values) from `s` (L1) into `d` (L0A or L0B)."""
    size = dt.size
    c0 = 32 // size
    _require(c, s, (Hardware.L1,), "reads", api, site)
    _require(c, d, (Hardware.L0A, Hardware.L0B), "writes", api, site)
    odd = [f"{k}={int(p[k])}: {why}" for k, why in _UNSUPPORTED.items() if int(p.get(k, 0))]
    if odd:
        raise NotSimulatedError(
            f"runs with {'; '.join(odd)} ({api}'s parameter table)", site,
            core=c.block_idx)
    into_b = d.mem.hw is Hardware.L0B
    if size == 1 and (into_b or int(p["enTranspose"])):
        # The LoadData page's constraints: on the A2/A3 no b8 into L0B and no b8 transpose
        # into L0A (the load_data_l12l0 sample transposes int8 with LoadDataWithTranspose).
        raise NotSimulatedError(
            f"transposes 8-bit elements with {api} (into L0B, or enTranspose): the "
            "documented way for int8 is LoadDataWithTranspose", site, core=c.block_idx)
    k_ext, m_ext = int(p["kExtension"]), int(p["mExtension"])
    k0, m0 = int(p["kStartPt"]), int(p["mStartPt"])
    transpose = bool(p["enTranspose"])
    # The page's NOP cases: any of these 0, or a filter side 0 without its +256 flag.
    nop = 0 in (int(p["l1H"]), int(p["l1W"]), int(p["channelSize"]), k_ext, m_ext) or (
        int(p["filterH"]) == 0 and not int(p.get("filterSizeH", 0))) or (
        int(p["filterW"]) == 0 and not int(p.get("filterSizeW", 0)))
    if not nop:
        g = _geometry(c, p, c0, api, site)
        if m0 + m_ext > g.rows or k0 + k_ext > g.cols:
            raise InvalidArgumentError(
                f"takes rows [{m0}, {m0 + m_ext}) and columns [{k0}, {k0 + k_ext}) of an "
                f"img2col matrix of {g.describe()}", site, core=c.block_idx)
    if c.checking:
        check_align(c, s, site, "reads")
        if d.off % FRACTAL:
            c.finding(InvalidArgumentError(
                f"writes {d.mem.name} from byte {d.off}; {api}'s destination starts on a "
                "512-byte fractal", site))
    if nop or not check_repeat(c, site):
        c.run(MTE1, c.cost.nop(MTE1), 0.0, site)
        return
    if d.off + m_ext * k_ext * size > d.mem.size:
        # Before the index arrays: a mistyped extension would otherwise ask numpy for
        # gigabytes instead of naming the load.
        raise OutOfBoundsError(
            f"writes a {m_ext} x {k_ext} window ({m_ext * k_ext * size} bytes) into "
            f"{d.mem.name} from byte {d.off}, past its {d.mem.size} bytes", site,
            core=c.block_idx)
    src_idx = source_index(g, m0, m_ext, k0, k_ext)
    inside = src_idx >= 0
    if into_b:
        dst_idx = zn_offsets(m_ext, k_ext, c0)
    elif transpose:
        dst_idx = zz_offsets(k_ext, m_ext, c0).T
    else:
        dst_idx = zz_offsets(m_ext, k_ext, c0)
    s_hi, d_hi = int(src_idx.max()) + 1, int(dst_idx.max()) + 1
    slo, shi = local_span(c, s, 0, max(s_hi, 0), site, "reads")
    dlo, dhi = local_span(c, d, 0, d_hi, site, "writes")
    check_boundary(c, s, slo, shi, site)
    pad = p["padValue"]
    if pad is None:
        if not inside.all():
            raise NotSimulatedError(
                f"pads with the padding register before any SetLoadDataPaddingValue (or LoadData "
                f"with LoadData3DParamsV2, which sets it) on this core: {api} reads the "
                "register, whose reset value is not documented", site, core=c.block_idx)
        pad = 0
    src = p.get("padSrc")
    if src is not None and src[0] is not dt and c.checking and not inside.all():
        # A Python int is an int32: SetLoadDataPaddingValue<int32_t>(2) pads half data with
        # the half 1.2e-07, on the NPU as here. Worth saying where it happens.
        c.finding(InvalidArgumentError(
            f"pads {dt.name} data with the bits SetLoadDataPaddingValue<{src[0].name}>"
            f"({src[1]}) wrote, which read as {dt.name} are {float(pad):g}: the padding "
            "register holds its value's bit code; pass the value in the map's type",
            site, other=src[2], other_note="the padding value set here", warning=True))
    vals = np.empty(src_idx.shape, dt.np)
    dt.store(vals, dt.scalar(pad))
    if s_hi > 0:
        vals[inside] = s.mem.typed(s.off, dt, s_hi)[src_idx[inside]]
    d.mem.typed(d.off, dt, d_hi)[dst_idx] = vals
    san = c.san
    if san is not None:
        k = san.begin(MTE1)
        if shi > slo:
            san.access(s.mem, slo, shi, False, MTE1, k, site)
        san.access(d.mem, dlo, dhi, True, MTE1, k, site)
    # The cost rule of the matrix read, whatever the geometry: the bytes written, at the
    # L1 -> L0 path's rate (padding entries are written like the others).
    nbytes = m_ext * k_ext * size
    occ, lat = c.cost.load_data(s.mem.hw, d.mem.hw, nbytes)
    c.run(MTE1, occ, lat, site)


# --- LoadData3DParamsV2Pro: the geometry packed in two words, the map from the registers -------

API_PRO = "LoadData with LoadData3DParamsV2Pro"
_PRO = LoadData3DParamsV2ProType.field_names()
# The intrinsic's arguments, each a 16-bit (extConfig) or 8-bit (filterConfig) field: dav_c220
# passes `extConfig >> LOAD_M_EXTENSION` and so on (kernel_operator_mm_impl.h,
# LoadData3DV2L12L0ACal; the shifts in kernel_utils_constants.h).
_EXT = (("kExtension", 0), ("mExtension", 16), ("kStartPt", 32), ("mStartPt", 48))
_FILTER = (("strideW", 0), ("strideH", 8), ("filterW", 16), ("filterH", 24),
           ("dilationFilterW", 32), ("dilationFilterH", 40))


def pro_fields(c, values: tuple, dt, site) -> dict:
    """LoadData3DParamsV2Pro's words as LoadData3DParamsV2's fields: the geometry from
    extConfig and filterConfig, the map (l1H, l1W, padList) from the feature-map register
    fMatrixCtrl names and padValue from the padding register's bits read as a `dt` (None:
    never set)."""
    f = dict(zip(_PRO, values))
    ext, flt = int(f["extConfig"]), int(f["filterConfig"])
    p = {k: (ext >> at) & 0xFFFF for k, at in _EXT}
    p.update({k: (flt >> at) & 0xFF for k, at in _FILTER})
    for k in ("channelSize", "enTranspose", "enSmallK", "filterSizeW", "filterSizeH",
              "fMatrixCtrl"):
        p[k] = int(f[k])
    r = c.load3d
    side = int(bool(p["fMatrixCtrl"]))
    fmatrix = None if r is None else r.fmatrix.get(side)
    if fmatrix is None:
        raise NotSimulatedError(
            f"reads the {('left', 'right')[side]} feature-map register before any SetFmatrix "
            "(or LoadData with LoadData3DParamsV2, which sets the left one) on this core: "
            f"{API_PRO} takes l1H, l1W and padList from it, and its reset value is not "
            "documented", site, core=c.block_idx)
    p["l1H"], p["l1W"], p["padList"] = fmatrix
    p["padValue"] = None if r is None or r.padding is None else padding_value(dt, r.padding)
    p["padSrc"] = None if r is None else r.padding_src
    return p


# Each form's API name and the reader of its parameters.
_FORMS = {A.LoadData3DL0V2Op: (API, v2_fields), A.LoadData3DL0V2ProOp: (API_PRO, pro_fields)}


@lowers(*_FORMS)
def lower_load3d(op, cx: Lowering):
    pre = cx.take_pre()
    site = cx.site(op)
    api, fields = _FORMS[type(op)]
    dt = loaded_dtype(op, cx, api, (1, 2, 4))
    sd, ss, sp = cx.slot(op.dst), cx.slot(op.src), cx.slot(op.params)

    def f(R):
        c = R[0]
        c.t += pre
        load(c, R[sd], R[ss], fields(c, R[sp], dt, site), dt, api, site)

    return f
