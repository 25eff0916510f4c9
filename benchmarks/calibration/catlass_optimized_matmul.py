"""C = A B on the cube cores as catlass's OptimizedMatmul computes it (06_optimized_matmul).

A re-creation (ascdsl kernel language, own code) of hicann/catlass @ 0dfcf9df
examples/06_optimized_matmul: the OptimizedMatmul kernel (include/catlass/gemm/kernel/
optimized_matmul.hpp) with the block of the MmadAtlasA2Preload dispatch policy
(block/block_mmad_preload.hpp), ShuffleK on, the GemmIdentityBlockSwizzle<3, 0> scheduler
(M > N), A row-major and B column-major in half. The optimisation guide
(docs/en/1_Practice/11_matmul_optimization.md, case 1) times it at M 1024, N 576, K 6144 on
20 AIC with the L1 tile 128,256,256 (24 blocks: 4 cores take two) and 256,128,256 (20 blocks,
one each); rows.py copies the figures.

How the Preload block differs from BasicMatmul's pingpong block
(benchmarks/calibration/catlass_basic_matmul.py, whose copy helpers this module uses):
- **ShuffleK**: core i starts its K stages at stage i mod k_tiles and wraps around, so the
  cores of a launch do not all read the same K columns of A (or rows of B) at once;
- **Preload**: only a core's first block copies its first stage before the loop; during the
  last stage of every block the next block's first stage (at the next block's own shuffled
  start) is copied into the other L1 buffer, before this stage's Mmads;
- the M and N of a block are L0's (the guide's tiles keep L0 M, N = L1 M, N), so a stage is
  k_tiles / 64 L0 steps of one A tile, one B tile and one Mmad.
With no padding needed (both leading dimensions, 6144, are multiples of 256 elements and under
the 65536 stride limit), the kernel's AIV prologue does nothing and the AIC does not wait for
it: this is a cube-only launch.

The same kernel is catlass's 21_basic_matmul_preload_zN (the BasicMatmulPreload kernel with
this block, ShuffleK and swizzle <3, 0>), whose B is in zN: `Config.b_layout` picks B's layout
in GM (B_COL for 06, B_ZN or B_ROW for the guide's TileShape case 2 of 21), and
`Config.swizzle_direction` the guide's swizzle case of 21 (<3, 1> and <4, 1>, the direction
catlass recommends when M < N). A zN B needs no conversion:
each 16-column strip of it is K rows of 32 bytes in a row, so a tile is one plain copy of its
strips (catlass's CopyGmToL1 for zN), where row- and column-major B are ND2NZ copies.

UnitFlag as the examples enable it (MmadAtlasA2Preload<true, ...>): the block's last Mmad
0b11, the others 0b10, the Fixpipe 0b11, no M -> FIX / FIX -> M (catlass_basic_matmul's
tile_mmad and store_block); `Config(unit_flag=False)` takes the non-UnitFlag path.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

import ascdsl as asc
from ascdsl.dialects.ascendc.types_cube import QuantMode
from catlass_basic_matmul import (L0AB_HALF_BYTES, L1_BYTES, block_coord, copy_b, copy_rows,
                                  drain, smaller, store_block, tile_mmad)


# B's layouts in GM (catlass layout::ColumnMajor, RowMajor, zN).
B_COL, B_ROW, B_ZN = 0, 1, 2


@dataclass(frozen=True)
class Config:
    """One assembly: the L1 tile (L0's M and N are the same; L0 K is `l0_k`) and B's layout."""

    tile: tuple[int, int, int] = (128, 256, 256)
    l0_k: int = 64
    # GemmIdentityBlockSwizzle<swizzle, swizzle_direction>; <3, 0> is the examples' choice
    # when M > N.
    swizzle: int = 3
    swizzle_direction: int = 0
    b_layout: int = B_COL
    unit_flag: bool = True  # MmadAtlasA2Preload<ENABLE_UNIT_FLAG, ...>: the examples' true


@asc.jit
def copy_b_tile(dst, b_gm, k0, col0, k, n, N, K, TK: asc.ConstExpr[int], TN: asc.ConstExpr[int],
                LAYOUT: asc.ConstExpr[int], c0: asc.ConstExpr[int]):
    """B[k0 : k0 + k, col0 : col0 + n] -> L1. Column-major B lands as nZ (ND2NZ of n rows of
    K); row-major B as zN (ND2NZ of k rows of N, C0 stride TK); zN B is already in fractals:
    each C0-wide column of it is K rows of 32 bytes in a row in GM, so the tile is one plain
    copy of n / C0 bursts of k x 32 bytes, K x 32 bytes apart (catlass's CopyGmToL1 for zN)."""
    if LAYOUT == B_ZN:
        asc.data_copy(dst, b_gm[col0 * K + k0 * c0:],
                      asc.DataCopyParams((n + c0 - 1) // c0, k, K - k, TK - k))
    else:
        copy_b(dst, b_gm, k0, col0, k, n, N, K, TK, TN, LAYOUT == B_COL, c0)


@asc.jit
def copy_stage(l1, a_gm, b_gm, buf, row0, col0, k0, k, m, n, N, K, TM: asc.ConstExpr[int],
               TN: asc.ConstExpr[int], TK: asc.ConstExpr[int], LAYOUT: asc.ConstExpr[int],
               c0: asc.ConstExpr[int]):
    """One stage's A and B tiles GM -> L1 buffer `buf` (events: A buf, B buf + 2)."""
    l1a = TM * TK
    l1b = TK * TN
    asc.wait_flag(asc.HardEvent.MTE1_MTE2, buf)
    copy_rows(l1[buf * l1a:], a_gm, row0, k0, m, k, K, TM, c0)
    asc.set_flag(asc.HardEvent.MTE2_MTE1, buf)
    asc.wait_flag(asc.HardEvent.MTE1_MTE2, buf + 2)
    copy_b_tile(l1[2 * l1a + buf * l1b:], b_gm, k0, col0, k, n, N, K, TK, TN, LAYOUT, c0)
    asc.set_flag(asc.HardEvent.MTE2_MTE1, buf + 2)


@asc.jit
def stage_mmads(co1, a2, b2, l1, l1_id, l0a_id, l0b_id, k_act, s, last, m_round, n_round,
                TM: asc.ConstExpr[int], TN: asc.ConstExpr[int], TK: asc.ConstExpr[int],
                L0_K: asc.ConstExpr[int], LAYOUT: asc.ConstExpr[int], c0: asc.ConstExpr[int],
                UNIT: asc.ConstExpr[bool]):
    """The Mmads of L1 stage `s` (buffer `l1_id`, `k_act` of K) in L0 K steps: A's step L1 ->
    L0A, B's L1 -> L0B, one Mmad, L0A and L0B ping-pong (M -> MTE1 events 0/1 and 2/3); the
    stage's L1 buffers are released after its last step. Returns the next L0A and L0B ids."""
    frac = 16 * c0
    l1a = TM * TK
    l1b = TK * TN
    l0_half = L0AB_HALF_BYTES * c0 // 32
    parts = (k_act + L0_K - 1) // L0_K
    for kp in range(parts):
        kk = smaller(L0_K, k_act - kp * L0_K)
        kf = kp * (L0_K // c0)
        k1 = (kk + c0 - 1) // c0
        asc.wait_flag(asc.HardEvent.M_MTE1, l0a_id)
        if kp == 0:
            asc.wait_flag(asc.HardEvent.MTE2_MTE1, l1_id)
        for i in range(m_round // 16):  # A: zN -> zZ, one row of fractals each
            asc.load_data(a2[l0a_id * l0_half + i * k1 * frac:], l1[l1_id * l1a:],
                          asc.LoadData2DParams(kf * (TM // 16) + i, k1, TM // 16, 0, 0,
                                               False, 0))
        if kp == parts - 1:
            asc.set_flag(asc.HardEvent.MTE1_MTE2, l1_id)
        asc.wait_flag(asc.HardEvent.M_MTE1, l0b_id + 2)
        if kp == 0:
            asc.wait_flag(asc.HardEvent.MTE2_MTE1, l1_id + 2)
        if LAYOUT == B_COL:  # nZ -> nZ: one LoadData per row of K fractals
            for j in range(k1):
                asc.load_data(b2[l0b_id * l0_half + j * (n_round // 16) * frac:],
                              l1[2 * l1a + l1_id * l1b:],
                              asc.LoadData2DParams((kf + j) * (TN // 16), n_round // 16,
                                                   1, 0, 0, False, 0))
        else:  # zN -> nZ: one transposing LoadData per row of K fractals
            for j in range(k1):
                asc.load_data(b2[l0b_id * l0_half + j * (n_round // 16) * frac:],
                              l1[2 * l1a + l1_id * l1b:],
                              asc.LoadData2DParams(kf + j, n_round // 16, TK // 16, 0, 0,
                                                   True, 0))
        if kp == parts - 1:
            asc.set_flag(asc.HardEvent.MTE1_MTE2, l1_id + 2)
        asc.set_flag(asc.HardEvent.MTE1_M, 0)
        asc.wait_flag(asc.HardEvent.MTE1_M, 0)
        tile_mmad(co1, a2[l0a_id * l0_half:], b2[l0b_id * l0_half:], m_round, n_round, kk,
                  (s + kp) > 0, last and kp == parts - 1, UNIT)
        asc.set_flag(asc.HardEvent.M_MTE1, l0b_id + 2)
        l0b_id = 1 - l0b_id
        asc.set_flag(asc.HardEvent.M_MTE1, l0a_id)
        l0a_id = 1 - l0a_id
    return l0a_id, l0b_id


@asc.jit
def optimized_matmul(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, M: int,
                     N: int, K: int, cores: int, TM: asc.ConstExpr[int],
                     TN: asc.ConstExpr[int], TK: asc.ConstExpr[int], L0_K: asc.ConstExpr[int],
                     SWIZZLE: asc.ConstExpr[int], SWIZZLE_DIR: asc.ConstExpr[int],
                     LAYOUT: asc.ConstExpr[int],
                     QUANT: asc.ConstExpr[int], UNIT: asc.ConstExpr[bool]):
    dt = a.dtype
    c0 = 32 // dt.sizeof()
    l0_half = L0AB_HALF_BYTES // dt.sizeof()
    loops_m = (M + TM - 1) // TM
    loops_n = (N + TN - 1) // TN
    a_gm = asc.GlobalTensor()
    b_gm = asc.GlobalTensor()
    c_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a, M * K)
    b_gm.set_global_buffer(b, K * N)
    c_gm.set_global_buffer(c, M * N)
    l1 = asc.LocalTensor(dt, asc.TPosition.A1, 0, L1_BYTES // dt.sizeof())
    a2 = asc.LocalTensor(dt, asc.TPosition.A2, 0, 2 * l0_half)
    b2 = asc.LocalTensor(dt, asc.TPosition.B2, 0, 2 * l0_half)
    co1 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, TM * TN)

    for p in asc.static_range(2):
        asc.set_flag(asc.HardEvent.MTE1_MTE2, p)
        asc.set_flag(asc.HardEvent.MTE1_MTE2, p + 2)
        asc.set_flag(asc.HardEvent.M_MTE1, p)
        asc.set_flag(asc.HardEvent.M_MTE1, p + 2)
    asc.set_flag(asc.HardEvent.FIX_M, 0)

    k_tiles = (K + TK - 1) // TK
    block = asc.get_block_idx()
    first = block % k_tiles  # ShuffleK: this core's first stage, in every block
    last = (block + k_tiles - 1) % k_tiles
    l1_id = 0
    l0a_id = 0
    l0b_id = 0
    blocks = loops_m * loops_n
    for t in range((blocks - block + cores - 1) // cores):
        idx = block + t * cores
        mi, ni = block_coord(idx, loops_m, loops_n, SWIZZLE, SWIZZLE_DIR)
        m = smaller(TM, M - mi * TM)
        n = smaller(TN, N - ni * TN)
        m_round = (m + 15) // 16 * 16
        n_round = (n + 15) // 16 * 16
        row0 = mi * TM
        col0 = ni * TN
        k_act = smaller(TK, K - first * TK)
        if t == 0:
            copy_stage(l1, a_gm, b_gm, l1_id, row0, col0, first * TK, k_act, m, n, N, K,
                       TM, TN, TK, LAYOUT, c0)
        if not UNIT:
            asc.wait_flag(asc.HardEvent.FIX_M, 0)
        for s in range(k_tiles):
            ks = (first + s) % k_tiles
            nxt = 1 - l1_id
            k_next = 0
            if ks != last:
                kn = (first + s + 1) % k_tiles
                k_next = smaller(TK, K - kn * TK)
                copy_stage(l1, a_gm, b_gm, nxt, row0, col0, kn * TK, k_next, m, n, N, K,
                           TM, TN, TK, LAYOUT, c0)
            elif idx + cores < blocks:
                # Preload: the next block's first stage, before this stage's Mmads.
                mj, nj = block_coord(idx + cores, loops_m, loops_n, SWIZZLE,
                                     SWIZZLE_DIR)
                k_next = smaller(TK, K - first * TK)
                copy_stage(l1, a_gm, b_gm, nxt, mj * TM, nj * TN, first * TK, k_next,
                           smaller(TM, M - mj * TM), smaller(TN, N - nj * TN), N, K, TM, TN,
                           TK, LAYOUT, c0)
            l0a_id, l0b_id = stage_mmads(co1, a2, b2, l1, l1_id, l0a_id, l0b_id, k_act, s,
                                         s == k_tiles - 1, m_round, n_round, TM, TN, TK, L0_K,
                                         LAYOUT, c0, UNIT)
            l1_id = nxt
            k_act = k_next
        store_block(c_gm, co1, row0, col0, m, n, m_round, N, QUANT, UNIT)
    drain()


def launch(a, b, c, m: int, n: int, k: int, cores: int, cfg: Config = Config()):
    """Run on `cores` cube cores: a (M rows of K), b (N rows of K: column-major B), c (M rows
    of N), half, flattened."""
    tm, tn, tk = cfg.tile
    return optimized_matmul[cores](a, b, c, m, n, k, cores, tm, tn, tk, cfg.l0_k, cfg.swizzle,
                                   cfg.swizzle_direction, cfg.b_layout,
                                   int(QuantMode.F322F16), cfg.unit_flag)


def reference(a, b, m: int, n: int, k: int) -> np.ndarray:
    """A B in f32, rounded to half as the Fixpipe's F322F16 does."""
    want = a.reshape(m, k).astype(np.float32) @ b.reshape(n, k).T.astype(np.float32)
    return want.astype(np.float16).ravel()
