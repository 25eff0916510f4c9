"""ND -> NZ of an 8192 x 8192 half matrix on the vector cores: asc-devkit's bank_conflict_nd2nz.

A re-creation (ascdsl kernel language, own code) of the Atlas A2/A3 (dav-2201) kernel of
mirror-cann/asc-devkit examples/01_simd_cpp_api/05_best_practices/04_memory_access/
bank_conflict_nd2nz (README_en.md has the measurements; rows.py copies them). Nothing in the
SoC table was chosen from it: it checks the model on a kernel it has never seen (UB bank
groups on the write side, 256-byte GM bursts in, 4.5 KB bursts out).

- the matrix is cut into tiles of 144 rows x 128 columns (the last row of tiles is 128 rows:
  8192 = 56 x 144 + 128); 48 blocks, 6 row splits x 8 column splits: block b takes row split
  b / 8 (57 row tiles spread as evenly as they go, the first ones one more) and column split
  b % 8 (8 column tiles each), and walks its tiles row of tiles by row of tiles;
- per tile: GM -> UB (one DataCopy of `rows` bursts of 256 bytes, 16 KB apart), a vector
  Copy of 128 halfs per repeat, one repeat per row, whose 8 destination blocks go to the 8
  C0 columns of the NZ tile, `c0_stride` blocks apart (144 in case 1: all 8 in one UB bank
  group; 145 in case 2: 8 groups), then UB -> GM (8 bursts of `rows` blocks, skipping the
  padding block of case 2);
- two buffer sets (ping/pong) with event ids 0/1 on V_MTE2, MTE2_V, MTE3_V and V_MTE3, set
  ahead for the first two tiles and drained at the end, as the original does.
"""

from __future__ import annotations

import numpy as np

import ascdsl as asc

M = N = 8192
TILE_H, TILE_W = 144, 128
C0 = 16  # halfs per 32-byte block
VEC_LEN = 128  # halfs per Copy repeat
ROW_SPLITS, COL_SPLITS = 6, 8
ND_BYTES = TILE_H * TILE_W * 2

V_MTE2, MTE2_V = asc.HardEvent.V_MTE2, asc.HardEvent.MTE2_V
V_MTE3, MTE3_V = asc.HardEvent.V_MTE3, asc.HardEvent.MTE3_V


def nz_blocks(c0_stride: int, pad: int) -> int:
    """32-byte blocks of one NZ buffer: the last C0 column's end, plus case 2's padding."""
    return (TILE_H - 1) + (TILE_W // C0 - 1) * c0_stride + 1 + pad


@asc.jit
def tile_nd2nz(nd, nz, rows, c0_stride: asc.ConstExpr[int]):
    """One Copy per 128 columns: row r's block j lands at block r + j * c0_stride."""
    params = asc.CopyRepeatParams(c0_stride, 1, 1, TILE_W // C0)
    for k in range(TILE_W // VEC_LEN):
        asc.copy(nz[k * (VEC_LEN // C0) * c0_stride * C0:], nd[k * VEC_LEN:], VEC_LEN, rows,
                 params)


@asc.jit
def nd2nz(x: asc.GlobalAddress, z: asc.GlobalAddress, c0_stride: asc.ConstExpr[int],
          pad: asc.ConstExpr[int], first_tiles: int):
    """Every tile of this block (the first `first_tiles` of them when > 0: a shortened run)."""
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x, M * N)
    zg.set_global_buffer(z, M * N)
    nz_elems = nz_blocks(c0_stride, pad) * C0
    nd_ping = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, TILE_H * TILE_W)
    nd_pong = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, ND_BYTES, TILE_H * TILE_W)
    nz_ping = asc.LocalTensor(asc.float16, asc.TPosition.VECOUT, 2 * ND_BYTES, nz_elems)
    nz_pong = asc.LocalTensor(asc.float16, asc.TPosition.VECOUT, 2 * ND_BYTES + nz_elems * 2,
                              nz_elems)
    row_tiles = (M + TILE_H - 1) // TILE_H
    col_tiles = N // TILE_W // COL_SPLITS
    b = asc.get_block_idx()
    row_split = b // COL_SPLITS
    col_split = b % COL_SPLITS
    base = row_tiles // ROW_SPLITS
    extra = row_tiles % ROW_SPLITS
    begin = row_split * base + extra
    count = base
    if row_split < extra:
        begin = row_split * (base + 1)
        count = base + 1
    tiles = count * col_tiles
    if first_tiles > 0:
        tiles = first_tiles
    asc.set_flag(V_MTE2, 0)
    asc.set_flag(V_MTE2, 1)
    asc.set_flag(MTE3_V, 0)
    asc.set_flag(MTE3_V, 1)
    for i in range(tiles):
        ev = i % 2
        row0 = (begin + i // col_tiles) * TILE_H
        col0 = (col_split * col_tiles + i % col_tiles) * TILE_W
        rows = TILE_H
        if M - row0 < TILE_H:
            rows = M - row0
        asc.wait_flag(V_MTE2, ev)
        copy_in = asc.DataCopyParams(rows, TILE_W // C0, (N - TILE_W) // C0, 0)
        copy_out = asc.DataCopyParams(TILE_W // C0, rows, c0_stride - rows, M - rows)
        if ev == 0:
            asc.data_copy(nd_ping, xg[row0 * N + col0:], copy_in)
        else:
            asc.data_copy(nd_pong, xg[row0 * N + col0:], copy_in)
        asc.set_flag(MTE2_V, ev)
        asc.wait_flag(MTE2_V, ev)
        asc.wait_flag(MTE3_V, ev)
        if ev == 0:
            tile_nd2nz(nd_ping, nz_ping, rows, c0_stride)
        else:
            tile_nd2nz(nd_pong, nz_pong, rows, c0_stride)
        asc.set_flag(V_MTE2, ev)
        asc.set_flag(V_MTE3, ev)
        asc.wait_flag(V_MTE3, ev)
        out = (row0 + col0 // C0 * M) * C0
        if ev == 0:
            asc.data_copy(zg[out:], nz_ping, copy_out)
        else:
            asc.data_copy(zg[out:], nz_pong, copy_out)
        asc.set_flag(MTE3_V, ev)
    asc.wait_flag(V_MTE2, 0)
    asc.wait_flag(V_MTE2, 1)
    asc.wait_flag(MTE3_V, 0)
    asc.wait_flag(MTE3_V, 1)
    asc.pipe_barrier(asc.Pipe.PIPE_ALL)


def launch(x, z, case: int, cores: int = ROW_SPLITS * COL_SPLITS, first_tiles: int = 0):
    stride = TILE_H if case == 1 else TILE_H + 1
    return nd2nz[cores](x, z, stride, 0 if case == 1 else 1, first_tiles)


def reference(x: np.ndarray) -> np.ndarray:
    """The globally compact NZ layout: C0 column c (16 wide) of all M rows, column by column."""
    return x.reshape(M, N // C0, C0).transpose(1, 0, 2).reshape(M, N)
