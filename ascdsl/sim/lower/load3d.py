"""LoadData with LoadData3DParamsV2 (img2col, L1 -> L0A/L0B on MTE1) in the form matmuls use:
a 1 x 1 filter, stride 1, no dilation and no padding, which reads the feature map as a matrix.

The feature map in L1 is C1 x H x W x C0 (`l1H`, `l1W`; channels in blocks of C0 = 32 bytes):
channel c of position (h, w) at element `((c // C0) * l1H * l1W + h * l1W + w) * C0 + c % C0`
(an NZ matrix is one with l1H = 1: rows are positions, columns channels). With a 1 x 1 filter
img2col's matrix X has a row per position p = h * l1W + w and a column per channel; the load
takes the window of rows `mStartPt ..+ mExtension` and columns `kStartPt ..+ kExtension` and
writes it as the cube reads its operands (docs/cube.md, Layouts):

- into L0A, ZZ of X, or with `enTranspose` ZZ of X's transpose;
- into L0B, ZN of X (the B operand is transposed on the way; enTranspose changes nothing).

Fractals the window does not fill keep their other elements (the "virtual data" the
load_data_l12l0 sample says a float load skips). That is asc-devkit's LoadData page and its
load_data_l12l0 sample read together; the tests run the sample's recipes for half, float and
int8 to whole matmuls. Other geometries (filters, strides, dilation, padding, fMatrixCtrl,
enSmallK), 8-bit transposes (into L0B or with enTranspose: the sample does those with
LoadDataWithTranspose) and the V2Pro form are refused with the reason (V1: not on the 910B).
"""

from __future__ import annotations

import numpy as np

import ascdsl.dialects.ascendc as A
from ascdsl.dialects.ascendc.enums import Hardware
from ascdsl.dialects.ascendc.types_cube import LoadData3DParamsV2Type

from ..compiler import Lowering, lowers
from ..errors import InvalidArgumentError, NotSimulatedError
from ..sanitizer import MTE1
from .common import check_align, local_span
from .cube import FRACTAL, _require, loaded_dtype

API = "LoadData with LoadData3DParamsV2"
_LIT = LoadData3DParamsV2Type.field_names()  # pyasc's translator tests: padList as one value
_FRONTEND = tuple(f for f, _ in LoadData3DParamsV2Type.FRONTEND_FIELDS)
# The geometry of a plain matrix read: any other value is refused.
_MATRIX = {"strideW": 1, "strideH": 1, "filterW": 1, "filterH": 1, "dilationFilterW": 1,
           "dilationFilterH": 1, "filterSizeW": 0, "filterSizeH": 0, "fMatrixCtrl": 0,
           "enSmallK": 0}


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


@lowers(A.LoadData3DL0V2Op)
def lower_load3d_v2(op, cx: Lowering):
    pre = cx.take_pre()
    site = cx.site(op)
    dt = loaded_dtype(op, cx, API, (1, 2, 4))
    size = dt.size
    c0 = 32 // size
    sd, ss, sp = cx.slot(op.dst), cx.slot(op.src), cx.slot(op.params)

    def f(R):
        c = R[0]
        c.t += pre
        d, s = R[sd], R[ss]
        p = _fields(R[sp])
        _require(c, s, (Hardware.L1,), "reads", API, site)
        _require(c, d, (Hardware.L0A, Hardware.L0B), "writes", API, site)
        odd = [f"{k}={int(p[k])}" for k, want in _MATRIX.items() if k in p and int(p[k]) != want]
        if any(p["padList"]):
            odd.append(f"padList={p['padList']}")
        if odd:
            raise NotSimulatedError(
                f"runs img2col with {', '.join(odd)}: the simulator runs {API} as a matrix read "
                "(1 x 1 filter, stride 1, no dilation or padding, fMatrixCtrl and enSmallK "
                "off), the form matmuls use", site, core=c.block_idx)
        into_b = d.mem.hw is Hardware.L0B
        if size == 1 and (into_b or int(p["enTranspose"])):
            # The load_data_l12l0 sample's table of which load transposes what lists only
            # LoadDataWithTranspose for 8-bit types; what img2col does there is not documented.
            raise NotSimulatedError(
                f"transposes 8-bit elements with {API} (into L0B, or enTranspose): the "
                "documented way for int8 is LoadDataWithTranspose", site, core=c.block_idx)
        h, w = int(p["l1H"]), int(p["l1W"])
        channels = int(p["channelSize"])
        k_ext, m_ext = int(p["kExtension"]), int(p["mExtension"])
        k0, m0 = int(p["kStartPt"]), int(p["mStartPt"])
        transpose = bool(p["enTranspose"])
        c1 = -(-channels // c0)
        if m0 + m_ext > h * w or k0 + k_ext > c1 * c0:
            raise InvalidArgumentError(
                f"takes rows [{m0}, {m0 + m_ext}) and columns [{k0}, {k0 + k_ext}) of an "
                f"img2col matrix of {h * w} positions (l1H {h} x l1W {w}) and {c1 * c0} "
                f"channels (channelSize {channels} in blocks of {c0})", site, core=c.block_idx)
        if c.checking:
            check_align(c, s, site, "reads")
            if d.off % FRACTAL:
                c.finding(InvalidArgumentError(
                    f"writes {d.mem.name} from byte {d.off}; {API}'s destination starts on a "
                    "512-byte fractal", site))
        if m_ext == 0 or k_ext == 0:
            c.run(MTE1, c.cost.mte1_issue, 0.0, site)
            return
        pos = m0 + np.arange(m_ext)
        ch = k0 + np.arange(k_ext)
        src_idx = ((ch[None, :] // c0) * h * w + pos[:, None]) * c0 + ch[None, :] % c0
        if into_b:
            dst_idx = zn_offsets(m_ext, k_ext, c0)
        elif transpose:
            dst_idx = zz_offsets(k_ext, m_ext, c0).T
        else:
            dst_idx = zz_offsets(m_ext, k_ext, c0)
        s_hi, d_hi = int(src_idx.max()) + 1, int(dst_idx.max()) + 1
        slo, shi = local_span(c, s, 0, s_hi, site, "reads")
        dlo, dhi = local_span(c, d, 0, d_hi, site, "writes")
        d.mem.typed(d.off, dt, d_hi)[dst_idx] = s.mem.typed(s.off, dt, s_hi)[src_idx]
        san = c.san
        if san is not None:
            k = san.begin(MTE1)
            san.access(s.mem, slo, shi, False, MTE1, k, site)
            san.access(d.mem, dlo, dhi, True, MTE1, k, site)
        nbytes = m_ext * k_ext * size
        occ, lat = c.cost.load_data(s.mem.hw, d.mem.hw, nbytes, -(-nbytes // FRACTAL))
        c.run(MTE1, occ, lat, site)

    return f
