"""GM -> UB copies of a 12288 x 12288 half matrix: asc-devkit's data-copy study (UB scenarios).

A re-creation (ascdsl kernel language, own code) of the GM -> UB kernels measured in
mirror-cann/asc-devkit examples/01_simd_cpp_api/05_best_practices/04_memory_access/data_copy
(README_en.md has the measurements; benchmarks/calibration/rows.py copies them). No compute:
each core copies tiles of its rows into one UB buffer with DataCopyPad, back to back, with no
sync between them, as the measured kernels do (data_copy_ub.h, data_copy_l1.h). Copies on one
DMA pipe into overlapping destinations need PipeBarrier<PIPE_MTE2> on hardware (PipeBarrier.md),
so the buffer's contents are undefined and the sanitizer reports it; the study measures only
the bandwidth, and calibration.py runs with the sanitizer off:

- scenarios 1-3: tiles [1, 64], [64, 64], [64, 1024] of a 12288 x 12288 matrix, 48 cores each
  owning 256 rows; a tile is `tile_m` bursts of `tile_n` halfs, `N - tile_n` halfs apart;
- scenario 4: N = 12287: rows start on odd byte addresses and the last tile of a row is 1023
  wide;
- scenario 5: the whole matrix read 4 times (302 MB per round: more than the L2);
- scenario 6: the matrix split into 4 column slices, each read 4 times in a row (75.5 MB per
  slice: it stays in L2);
- scenarios 7 and 8 (not in the reference table): every core reads all of a 6144 x 512 matrix
  with tiles [128, 64], around L2, in the same order (7) or each core starting at its own block
  (8); 8 chose `bypass_burst` (a burst read around L2 holds the core's HBM share beyond its
  bytes), 7 `same_bytes_bw` (cores reading the same bytes at once are served one after
  another, ascdsl.sim.convoy);
- scenarios 9-11: GM -> L1 with ND2NZ on the 24 AI cores' cube side (512 rows each), tiles
  [64, 64], [64, 256], and [64, 256] with N = 12287;
- scenarios 12 and 13: scenarios 5 and 6 on the GM -> L1 path (ND2NZ, 24 AI cores, tiles
  [64, 1024]): the whole matrix read 4 times, or 4 column slices each read 4 times;
- scenarios 14 and 15 (not in the reference table, held out): scenarios 7 and 8 on the
  GM -> L1 path (the README's L1 scenarios 6 and 7: 24 AI cores, ND2NZ tiles [256, 64] of the
  6144 x 512 matrix, around L2).
"""

from __future__ import annotations

import ascdsl as asc

HALF = 2


@asc.jit
def setup(src: asc.GlobalAddress, m: int, n: int, tile_m: asc.ConstExpr[int],
          tile_n: asc.ConstExpr[int]):
    """The matrix as a GlobalTensor, the UB tile and DataCopyPad's no-padding parameters."""
    g = asc.GlobalTensor()
    g.set_global_buffer(src, m * n)
    ub = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, tile_m * tile_n)
    pad = asc.DataCopyPadParams(False, 0, 0, 0)
    return g, ub, pad


@asc.jit
def copy_tiles(src: asc.GlobalAddress, m: int, n: int, cores: int, tile_m: asc.ConstExpr[int],
               tile_n: asc.ConstExpr[int]):
    """Scenarios 1-4: every tile of this core's rows, row block by row block."""
    rows = m // cores
    first = asc.get_block_idx() * rows
    g, ub, pad = setup(src, m, n, tile_m, tile_n)
    col_tiles = (n + tile_n - 1) // tile_n
    for mb in range(rows // tile_m):
        row = first + mb * tile_m
        for nb in range(col_tiles):
            col = nb * tile_n
            cols = tile_n
            if col + tile_n > n:
                cols = n - col
            params = asc.DataCopyParams(tile_m, cols * HALF, (n - cols) * HALF, 0)
            asc.data_copy_pad(ub, g[row * n + col:], params, pad)
    asc.pipe_barrier(asc.Pipe.PIPE_ALL)


@asc.jit
def repeat_slices(src: asc.GlobalAddress, m: int, n: int, cores: int, slices: int,
                  repeats: int, tile_m: asc.ConstExpr[int], tile_n: asc.ConstExpr[int]):
    """Scenarios 5 and 6: the matrix in `slices` column slices; each slice read `repeats`
    times before the next."""
    rows = m // cores
    first = asc.get_block_idx() * rows
    g, ub, pad = setup(src, m, n, tile_m, tile_n)
    params = asc.DataCopyParams(tile_m, tile_n * HALF, (n - tile_n) * HALF, 0)
    width = n // slices
    for s in range(slices):
        for r in range(repeats):
            for mb in range(rows // tile_m):
                row = first + mb * tile_m
                for nb in range(width // tile_n):
                    asc.data_copy_pad(ub, g[row * n + s * width + nb * tile_n:], params, pad)
    asc.pipe_barrier(asc.Pipe.PIPE_ALL)


@asc.jit
def whole_matrix(src: asc.GlobalAddress, m: int, n: int, cores: int,
                 tile_m: asc.ConstExpr[int], tile_n: asc.ConstExpr[int],
                 stagger: asc.ConstExpr[bool]):
    """Scenarios 7 and 8: every core reads all of the matrix (around L2), in row blocks of
    `m / cores` rows; with `stagger` core i starts at block i of each group of `cores`."""
    rows = m // cores
    idx = asc.get_block_idx()
    g, ub, pad = setup(src, m, n, tile_m, tile_n)
    g.set_l2_cache_hint(asc.CacheMode.CACHE_MODE_DISABLE)
    params = asc.DataCopyParams(tile_m, tile_n * HALF, (n - tile_n) * HALF, 0)
    for b in range(m // rows):
        block = b
        if stagger:
            block = (b // cores) * cores + (b + idx) % cores
        for mt in range(rows // tile_m):
            row = block * rows + mt * tile_m
            for nb in range(n // tile_n):
                asc.data_copy_pad(ub, g[row * n + nb * tile_n:], params, pad)
    asc.pipe_barrier(asc.Pipe.PIPE_ALL)


@asc.jit
def copy_tiles_l1(src: asc.GlobalAddress, m: int, n: int, cores: int,
                  tile_m: asc.ConstExpr[int], tile_n: asc.ConstExpr[int]):
    """Scenarios 9-11: every tile of this core's rows GM -> L1 as NZ fractals (the cube's
    input layout), row block by row block, on the AI cores' MTE2."""
    rows = m // cores
    first = asc.get_block_idx() * rows
    g = asc.GlobalTensor()
    g.set_global_buffer(src, m * n)
    l1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, tile_m * tile_n)
    col_tiles = (n + tile_n - 1) // tile_n
    for mb in range(rows // tile_m):
        row = first + mb * tile_m
        for nb in range(col_tiles):
            col = nb * tile_n
            cols = tile_n
            if col + tile_n > n:
                cols = n - col
            asc.data_copy(l1, g[row * n + col:],
                          asc.Nd2NzParams(1, tile_m, cols, 0, n, tile_m, 1, 0))
    asc.pipe_barrier(asc.Pipe.PIPE_ALL)


@asc.jit
def whole_matrix_l1(src: asc.GlobalAddress, m: int, n: int, cores: int,
                    tile_m: asc.ConstExpr[int], tile_n: asc.ConstExpr[int],
                    stagger: asc.ConstExpr[bool]):
    """Scenarios 14 and 15: `whole_matrix` into L1 through ND2NZ, on the cube side."""
    rows = m // cores
    idx = asc.get_block_idx()
    g = asc.GlobalTensor()
    g.set_global_buffer(src, m * n)
    g.set_l2_cache_hint(asc.CacheMode.CACHE_MODE_DISABLE)
    l1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, tile_m * tile_n)
    params = asc.Nd2NzParams(1, tile_m, tile_n, 0, n, tile_m, 1, 0)
    for b in range(m // rows):
        block = b
        if stagger:
            block = (b // cores) * cores + (b + idx) % cores
        for mt in range(rows // tile_m):
            row = block * rows + mt * tile_m
            for nb in range(n // tile_n):
                asc.data_copy(l1, g[row * n + nb * tile_n:], params)
    asc.pipe_barrier(asc.Pipe.PIPE_ALL)


@asc.jit
def repeat_slices_l1(src: asc.GlobalAddress, m: int, n: int, cores: int, slices: int,
                     repeats: int, tile_m: asc.ConstExpr[int], tile_n: asc.ConstExpr[int]):
    """Scenarios 12 and 13: `repeat_slices` into L1 through ND2NZ, on the cube side."""
    rows = m // cores
    first = asc.get_block_idx() * rows
    g = asc.GlobalTensor()
    g.set_global_buffer(src, m * n)
    l1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, tile_m * tile_n)
    params = asc.Nd2NzParams(1, tile_m, tile_n, 0, n, tile_m, 1, 0)
    width = n // slices
    for s in range(slices):
        for r in range(repeats):
            for mb in range(rows // tile_m):
                row = first + mb * tile_m
                for nb in range(width // tile_n):
                    asc.data_copy(l1, g[row * n + s * width + nb * tile_n:], params)
    asc.pipe_barrier(asc.Pipe.PIPE_ALL)


# scenario -> (M, N, cores, tile_m, tile_n, kind)
SCENARIOS = {
    1: (12288, 12288, 48, 1, 64, "tiles"),
    2: (12288, 12288, 48, 64, 64, "tiles"),
    3: (12288, 12288, 48, 64, 1024, "tiles"),
    4: (12288, 12287, 48, 64, 1024, "tiles"),
    5: (12288, 12288, 48, 64, 1024, "whole4"),
    6: (12288, 12288, 48, 64, 1024, "sliced4"),
    7: (6144, 512, 48, 128, 64, "same"),
    8: (6144, 512, 48, 128, 64, "staggered"),
    9: (12288, 12288, 24, 64, 64, "l1"),
    10: (12288, 12288, 24, 64, 256, "l1"),
    11: (12288, 12287, 24, 64, 256, "l1"),
    12: (12288, 12288, 24, 64, 1024, "l1-whole4"),
    13: (12288, 12288, 24, 64, 1024, "l1-sliced4"),
    14: (6144, 512, 24, 256, 64, "l1-same"),
    15: (6144, 512, 24, 256, 64, "l1-staggered"),
}


def shape(scenario: int) -> tuple[int, int]:
    m, n = SCENARIOS[scenario][:2]
    return m, n


def launch(scenario: int, src):
    """Run a scenario on `src` (numpy float16, M x N flattened)."""
    m, n, cores, tm, tn, kind = SCENARIOS[scenario]
    if kind == "tiles":
        return copy_tiles[cores](src, m, n, cores, tm, tn)
    if kind == "l1":
        return copy_tiles_l1[cores](src, m, n, cores, tm, tn)
    if kind in ("l1-whole4", "l1-sliced4"):
        slices = 1 if kind == "l1-whole4" else 4
        return repeat_slices_l1[cores](src, m, n, cores, slices, 4, tm, tn)
    if kind in ("whole4", "sliced4"):
        return repeat_slices[cores](src, m, n, cores, 1 if kind == "whole4" else 4, 4, tm, tn)
    if kind in ("l1-same", "l1-staggered"):
        return whole_matrix_l1[cores](src, m, n, cores, tm, tn, kind == "l1-staggered")
    return whole_matrix[cores](src, m, n, cores, tm, tn, kind == "staggered")
