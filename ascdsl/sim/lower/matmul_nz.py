"""A and B of the Matmul API in CubeFormat.NZ: where their elements are in GM, and the copies
that bring a stage of them into L1.

Layout (asc-devkit impl/adv_api/detail/matmul/stage/copy_cube_in/copy_tile_to_cube/
data_copy_wrapper_utils.h, CopyNZ2NZImpl; the NZ alignment table of the Matmul API's
Matmul使用说明.md): the matrix as stored, height x width (A is M x K, transposed K x M; B is
K x N, transposed N x K), is cut into column strips C0 = 32 bytes of elements wide (16 f16 or
bf16, 32 int8, 8 f32). Strip s holds columns s*C0 .. s*C0 + C0 - 1 of every row, row after
row, C0 elements a row, the height rounded up to 16 rows; the strips follow one another. The
height is the org shape's (copy_cube_in_params_base.h, GetOrgHeight: M for A, Ka for a
transposed A; Kb for B, N for a transposed B), so element (r, c) is at
(c // C0) * height16 * C0 + r * C0 + c % C0, height16 = the height rounded up to 16.

Copy (copy_tile_to_cube_common.h, CopyTileToCubeFromGM -> CopyNZ2NZ): a tile of h rows from
row r and w columns from column c is one DataCopy and no ND2NZ conversion, the data being NZ
already: ceil(w / C0) bursts (one a strip) of ceil(h / 16) * 16 rows x C0 elements, contiguous,
height16 * C0 elements apart.
"""

from __future__ import annotations

import numpy as np
from numpy.lib.stride_tricks import as_strided

import ascdsl.dialects.ascendc as A

from ..errors import InvalidArgumentError
from .common import gm_span

BLOCK_CUBE = 16  # the rows a fractal has, and the strip height's alignment
C0_BYTES = 32


def _ceil(a: int, b: int) -> int:
    return -(-a // b)


def is_nz(st, which: str) -> bool:
    return st.type.operand(which)[1] is A.CubeFormat.NZ


def height(run, which: str) -> tuple[int, str]:
    """The stored matrix's height (its strips' rows before alignment) and the org field that
    gives it."""
    org = run.org
    if which == "a":
        return (org[2], "Ka") if run.st.trans["a"] else (org[0], "M")
    return (org[1], "N") if run.st.trans["b"] else (org[3], "Kb")


def strips(run, which: str, r0: int, c0: int, rows: int,
           cols: int) -> tuple[int, int, int, int]:
    """The DataCopy of stored rows r0.. and columns c0..: (first element, elements a burst
    moves, elements from one burst to the next, bursts)."""
    k0 = C0_BYTES // run.st.dt[which].size
    h16 = _ceil(height(run, which)[0], BLOCK_CUBE) * BLOCK_CUBE
    s0 = c0 // k0
    return (s0 * h16 * k0 + r0 * k0, _ceil(rows, BLOCK_CUBE) * BLOCK_CUBE * k0, h16 * k0,
            _ceil(c0 + cols, k0) - s0)


def span(run, which: str, r0: int, c0: int, rows: int,
         cols: int) -> tuple[int, tuple[int, int, int, int]]:
    """The first byte of the copy of stored rows r0.. and columns c0.. (bounds-checked over
    every byte the copy reads, the strips' padding rows included) and its `strips`."""
    st, c = run.st, run.c
    h, field = height(run, which)
    if r0 + rows > h:
        # The library asserts gRow >= height: further rows would be the next strip's.
        raise InvalidArgumentError(
            f"reads rows [{r0}, {r0 + rows}) of {which.upper()} in CubeFormat.NZ, whose strips "
            f"are {h} rows high (the org shape's {field}: SetOrgShape)", run.site,
            core=c.block_idx)
    cp = strips(run, which, r0, c0, rows, cols)
    first, length, step, count = cp
    lo, _ = gm_span(c, getattr(st, which), first, (count - 1) * step + length, run.site,
                    "reads")
    return lo, cp


def read(run, which: str, r0: int, c0: int, rows: int, cols: int) -> np.ndarray:
    """Stored rows r0.. and columns c0.. of an NZ operand (not transposed), as the compute
    type."""
    st = run.st
    g, dt = getattr(st, which), st.dt[which]
    lo, (_first, _length, step, count) = span(run, which, r0, c0, rows, cols)
    k0 = C0_BYTES // dt.size
    size = dt.size
    view = as_strided(g.mem.bytes[lo:].view(dt.np), shape=(count, rows, k0),
                      strides=(step * size, k0 * size, size))
    j = c0 % k0
    flat = view.transpose(1, 0, 2).reshape(rows, count * k0)[:, j:j + cols]
    return dt.load(flat)
