"""4:2 structured sparsity on the cube (910B, dav-c220): LoadDataWithSparse and MmadWithSparse.

A sparse B (K x N, int8) keeps at most two non-zeros in every group of four along K. Offline it
is densified to K/2 x N, and each kept element gets a 2-bit index into its group: the first
kept one at `idx` (0..2) of the group's first three, the second at `1 + idx` of its last three
(the MmadWithSparse page's densifying table; one non-zero and all-zero groups fill the pair
with zeros and indexes that select them). Four indexes make a byte, the first dense element in
bits 0-1 (asc-devkit's mmad_with_sparse sample, scripts/gen_data.py: gen_uint2_zn_idx), laid out
as the dense B is: its 512-byte fractal of 16 columns x 32 K holds 16 x 8 index bytes, 128
bytes, so dense byte x of a fractal run has its index in byte x // 4, bits 2 * (x % 4).

- `LoadDataWithSparse(dst, src, idx, LoadData2DParams)` moves `repeatTimes` dense fractals from
  L1 to L0B and their 128-byte index blocks into the cube's index buffer, which has the layout
  and size of L0B over four (the page: "索引矩阵的布局和布局大小与矩阵B相同"): the index of L0B
  byte x at byte x // 4. dav-c220 hands the instruction only startIndex and repeatTimes
  (kernel_operator_mm_impl.h, LoadDataWithSparseCal: load_cbuf_to_cb_sp), so the fractals are
  consecutive and srcStride does not apply; dstGap and ifTranspose, which it drops too, are
  reported when set. startIndex is refused unless 0: whether it also moves the index address
  is not documented (the sample and catlass offset the tensors instead).
- `MmadWithSparse(dst, fm, filter, MmadParams)` multiplies A (L0A, ZZ, m x k) by B: dense row j
  of L0B's filter (k/2 rows, ZN) meets A's column `4 * (j // 2) + idx` (j even) or
  `4 * (j // 2) + 1 + idx` (j odd), idx read from the index buffer at the filter's place
  (the page's "矩阵A稀疏选择算法说明"). Everything else is Mmad's (cube.py: C's initial
  value, the bias forms, UnitFlag, saturation); k must be whole groups of four, an index of 3
  is outside {0, 1, 2} (an error), m = 1 has no GEMV form, and a filter whose index nothing
  loaded is an error.

Time: the load moves its dense and index bytes at the L1 -> L0 path rate; the Mmad holds M for
the products of the dense half (m1 x n1 x (k/2)/C0 fractal steps). Both are estimates: no
published measurement times the sparse instructions.
"""

from __future__ import annotations

import numpy as np

import ascdsl.dialects.ascendc as A
from ascdsl.dialects.ascendc.enums import Hardware

from ..compiler import Lowering, lowers
from ..errors import InvalidArgumentError, NotSimulatedError
from ..sanitizer import MTE1
from .common import check_align, dtype_of, local_span
from .cube import FRACTAL, _require, lower_mmad

API = "LoadDataWithSparse"
INDEX_FRACTAL = FRACTAL // 4  # index bytes of one dense fractal


class IndexBuffer:
    """The cube's index buffer: a byte per four bytes of L0B, and which fractals hold an index
    some LoadDataWithSparse wrote."""

    __slots__ = ("bytes", "loaded")

    def __init__(self, l0b_size: int):
        self.bytes = np.zeros(l0b_size // 4, np.uint8)
        self.loaded = np.zeros(l0b_size // FRACTAL, bool)


def _buffer(c, l0b) -> IndexBuffer:
    buf = c.sparse_idx
    if buf is None:
        buf = c.sparse_idx = IndexBuffer(l0b.size)
    return buf


@lowers(A.LoadDataWithSparseOp)
def lower_load_with_sparse(op, cx: Lowering):
    pre = cx.take_pre()
    site = cx.site(op)
    names = tuple(dtype_of(op, cx, v).name for v in (op.dst, op.src, op.idx))
    if names != ("i8", "i8", "ui8"):
        raise cx.error(op, f"loads {names[1]} into {names[0]} with a {names[2]} index; "
                           "LoadDataWithSparse takes int8 weights and a uint8 index")
    sd, ss, si, sp = cx.slot(op.dst), cx.slot(op.src), cx.slot(op.idx), cx.slot(op.params)

    def f(R):
        c = R[0]
        c.t += pre
        d, s, ix = R[sd], R[ss], R[si]
        start, rep, _sstride, _sid, dgap, transpose = R[sp][:6]
        _require(c, d, (Hardware.L0B,), "writes", API, site)
        _require(c, s, (Hardware.L1,), "reads its weights from", API, site)
        _require(c, ix, (Hardware.L1,), "reads its index from", API, site)
        if start:
            raise NotSimulatedError(
                f"loads from startIndex={start}: dav-c220 passes it with the weights' and the "
                "index's addresses combined, and whether it offsets the index is not "
                "documented; offset the tensors instead (startIndex 0), as the sample does",
                site, core=c.block_idx)
        if c.checking and (dgap or transpose):
            c.finding(InvalidArgumentError(
                f"sets {'dstGap=' + str(dgap) if dgap else 'ifTranspose'}, which "
                "LoadDataWithSparse ignores (dav-c220 passes only startIndex and repeatTimes): "
                "the fractals go to L0B one after the other, untransposed", site,
                warning=True))
        if rep == 0:
            c.run(MTE1, c.cost.nop(MTE1), 0.0, site)
            return
        n = rep * FRACTAL
        slo, shi = local_span(c, s, 0, n, site, "reads")
        ilo, ihi = local_span(c, ix, 0, rep * INDEX_FRACTAL, site, "reads")
        dlo, dhi = local_span(c, d, 0, n, site, "writes")
        if c.checking:
            check_align(c, d, site, "writes")
            check_align(c, s, site, "reads")
            check_align(c, ix, site, "reads")
        d.mem.bytes[dlo:dhi] = s.mem.bytes[slo:shi]
        buf = _buffer(c, d.mem)
        buf.bytes[dlo // 4:dhi // 4] = ix.mem.bytes[ilo:ihi]
        buf.loaded[dlo // FRACTAL:-(-dhi // FRACTAL)] = True
        san = c.san
        if san is not None:
            k = san.begin(MTE1)
            san.access(s.mem, slo, shi, False, MTE1, k, site)
            san.access(ix.mem, ilo, ihi, False, MTE1, k, site)
            san.access(d.mem, dlo, dhi, True, MTE1, k, site)
        occ, lat = c.cost.load_data(s.mem.hw, d.mem.hw, n + rep * INDEX_FRACTAL)
        c.run(MTE1, occ, lat, site)

    return f


def expand(c, b, blo: int, bm: np.ndarray, k: int, k_cols: int, site) -> np.ndarray:
    """B at A's K (k_cols rows, zero where no dense element lands) from the dense `bm` (rows
    of L0B's filter, ZN-decoded) and the index buffer at the filter's place."""
    if k % 4:
        raise NotSimulatedError(
            f"multiplies with k={k}, not whole groups of four: how MmadWithSparse selects in a "
            "partial group is not documented", site, core=c.block_idx)
    rows, cols = bm.shape
    nbytes = rows * cols
    buf = c.sparse_idx
    if buf is None or not buf.loaded[blo // FRACTAL:-(-(blo + nbytes) // FRACTAL)].all():
        raise InvalidArgumentError(
            f"reads the sparse index of L0B bytes [{blo}, {blo + nbytes}), which no "
            "LoadDataWithSparse loaded: MmadWithSparse takes its filter from "
            "LoadDataWithSparse, which also fills the index buffer", site, core=c.block_idx)
    raw = buf.bytes[blo // 4:(blo + nbytes) // 4]
    # one 2-bit index per L0B byte, in L0B's order, then decoded like the filter (ZN)
    sel = ((raw[:, None] >> (2 * np.arange(4, dtype=np.uint8))) & 3).reshape(-1)
    c0, n1 = 32, cols // 16
    sel = sel.reshape(rows // c0, n1, 16, c0).transpose(0, 3, 1, 2).reshape(rows, cols)
    half = k // 2
    sel = sel[:half].astype(np.int64)
    if (sel == 3).any():
        j, col = (int(v[0]) for v in np.nonzero(sel == 3))
        raise InvalidArgumentError(
            f"finds index 3 for dense row {j}, column {col} of the filter: a sparse index is "
            "0, 1 or 2 (the MmadWithSparse page)", site, core=c.block_idx)
    j = np.arange(half)[:, None]
    a_col = 4 * (j // 2) + (j % 2) + sel
    full = np.zeros((k_cols, cols), np.int64)
    np.add.at(full, (a_col, np.broadcast_to(np.arange(cols), a_col.shape)),
              bm[:half].astype(np.int64))
    return full


@lowers(A.MmadWithSparseOp)
def lower_mmad_with_sparse(op, cx: Lowering):
    names = tuple(dtype_of(op, cx, v).name for v in (op.dst, op.fm, op.filter))
    if names != ("i32", "i8", "i8"):
        raise cx.error(op, f"multiplies {names[1]} x {names[2]} into {names[0]}; "
                           "MmadWithSparse takes int8 x int8 into int32")
    return lower_mmad(op, cx, sparse=expand)
