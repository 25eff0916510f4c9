"""C = A B on the cube cores as catlass's BasicMatmul computes it (00_basic_matmul).

A re-creation (ascdsl kernel language, own code) of hicann/catlass's BasicMatmul kernel
(include/catlass/gemm/kernel/basic_matmul.hpp) with the block it assembles in
examples/00_basic_matmul: BlockMmad with the MmadAtlasA2Pingpong dispatch policy
(block/block_mmad_pingpong.hpp) and the GemmIdentityBlockSwizzle<offset, direction> scheduler
(block/block_swizzle.hpp; `block_coord`, which catlass_optimized_matmul.py shares).
`Config` is one assembly: the default is the example's (half, A, B and C row-major, L1 tile
128 x 256 x 256, L0 tile 128 x 256 x 64, swizzle <3, 0>), which catlass's
34_single_core_splitk_matmul measured on a 910B2 with msprof (its "benchmark" column); the
optimisation guide's fp32 case (B column-major, tiles 128,128,256 and 16,32,1024) is another.
rows.py copies the figures.

What the kernel does, as the catlass templates do:
- C is cut into L1-tile blocks; block `i` of the swizzled order goes to core `i mod cores`
  (every core walks `block_idx, block_idx + cores, ...`). Direction 0 walks `offset` block
  rows at a time down their columns, every other group of rows right to left; direction 1
  walks `offset` block columns at a time along their rows, every other group bottom to top;
- per block, K in L1 stages: the first stage's A and B tiles copied GM -> L1 (ND2NZ) before
  the loop, then each stage copies the next stage's tiles into the other L1 buffer before
  its own Mmads (two L1 buffers of A and of B, their own MTE1 -> MTE2 and MTE2 -> MTE1
  events: ids 0/1 for A, 2/3 for B);
- each stage in L0 steps of L0 K: A's step L1 -> L0A (one LoadData per row of fractals), B's
  step L1 -> L0B (one LoadData per row of K fractals, transposing for row-major B), one Mmad;
  L0A and L0B each have two buffers (M -> MTE1 events 0/1 and 2/3);
- the block's C leaves L0C through Fixpipe (f32 -> f16 for half) after the last stage. The
  example asks for MmadAtlasA2Pingpong<true>, UnitFlag: every Mmad has unitFlag 0b10 and the
  block's last one 0b11, the Fixpipe 0b11, and neither M -> FIX nor FIX -> M is set (the
  Fixpipe drains L0C while the last Mmad runs, the next block's first Mmad trails the
  Fixpipe; ascdsl/sim/lower/unitflag.py). `Config(unit_flag=False)` is catlass's
  Pingpong<false> (the next block's first Mmad waits for FIX -> M). The first tiles of the
  next block are copied before that point, so MTE2 runs ahead;
- rows more than 65535 elements apart do not fit Nd2NzParams.srcDValue: they are copied one
  at a time (catlass's CopyGmToL1 for RowMajor does the same).

Not re-created: fp32 A goes L1 -> L0A with LoadData2D where catlass uses one LoadData3Dv2
(the same bytes, one instruction per row of fractals: one at M = 16).

Simulating all of K for every block costs minutes per row; `stages` (> 0) runs only the first
`stages` L1 stages of every block (the strides stay those of the full K), and calibration.py
extends the per-core times to the whole K.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

import ascdsl as asc
from ascdsl.dialects.ascendc.types_cube import QuantMode

STRIDE_LIMIT = 65536  # Nd2NzParams.srcDValue is 16 bits
L1_BYTES = 512 * 1024
L0AB_HALF_BYTES = 32 * 1024  # one of the two ping-pong buffers of L0A / L0B


@dataclass(frozen=True)
class Config:
    """One catlass assembly of BasicMatmul: tiles, swizzle, types and B's layout."""

    tile: tuple[int, int, int] = (128, 256, 256)  # L1TileShape (M, N, K)
    l0_k: int = 64  # L0TileShape::K (L0's M and N are L1's)
    swizzle: int = 3  # GemmIdentityBlockSwizzle<swizzle, swizzle_direction>
    swizzle_direction: int = 0
    dtype: type = np.float16  # A, B and C (L0C accumulates in f32)
    b_col_major: bool = False  # B given as N rows of K (layout::ColumnMajor)
    unit_flag: bool = True  # MmadAtlasA2Pingpong<ENABLE_UNIT_FLAG>: the example's true


@asc.jit
def smaller(x, y):
    r = x
    if y < x:
        r = y
    return r


@asc.jit
def block_coord(idx, loops_m, loops_n, offset: asc.ConstExpr[int],
                direction: asc.ConstExpr[int]):
    """GemmIdentityBlockSwizzle<offset, direction>::GetBlockCoord: (block row, block column).
    Direction 0 walks `offset` block rows at a time down their columns, every other group
    right to left; direction 1 walks `offset` block columns at a time along their rows,
    every other group bottom to top."""
    lead = loops_m  # the dimension the groups cut
    other = loops_n
    if direction == 1:
        lead = loops_n
        other = loops_m
    group = idx // (offset * other)
    inner = idx % (offset * other)
    width = offset  # the last group may be narrower
    if group == (lead + offset - 1) // offset - 1:
        width = lead - offset * group
    across = group * offset + inner % width
    along = inner // width
    if group % 2 == 1:
        along = other - along - 1
    mi = across
    ni = along
    if direction == 1:
        mi = along
        ni = across
    return mi, ni


@asc.jit
def copy_rows(dst, src_gm, row0, col0, rows, cols, stride, c0_stride, c0: asc.ConstExpr[int]):
    """src[row0 : row0 + rows, col0 : col0 + cols] (rows `stride` apart) -> L1 as NZ with
    `c0_stride` rows per C0 column: catlass's CopyGmToL1 for a row-major (or, for B,
    column-major) operand."""
    if stride < STRIDE_LIMIT:
        asc.data_copy(dst, src_gm[row0 * stride + col0:],
                      asc.Nd2NzParams(1, rows, cols, 0, stride, c0_stride, 1, 0))
    else:
        for r in range(rows):
            asc.data_copy(dst[r * c0:], src_gm[(row0 + r) * stride + col0:],
                          asc.Nd2NzParams(1, 1, cols, 0, 0, c0_stride, 0, 0))


@asc.jit
def copy_b(dst, b_gm, k0, col0, k, n, N, K, TK: asc.ConstExpr[int], TN: asc.ConstExpr[int],
           B_COL: asc.ConstExpr[bool], c0: asc.ConstExpr[int]):
    """B[k0 : k0 + k, col0 : col0 + n] -> L1: row-major B as zN (k rows, C0 stride TK);
    column-major B (n rows of K) as nZ (n rows, C0 stride TN)."""
    if B_COL:
        copy_rows(dst, b_gm, col0, k0, n, k, K, TN, c0)
    else:
        copy_rows(dst, b_gm, k0, col0, k, n, N, TK, c0)


@asc.jit
def tile_mmad(co1, a2, b2, m, n, k, acc, last, UNIT: asc.ConstExpr[bool]):
    """TileMmad: C = A B, or C += A B when `acc`. With UnitFlag (ENABLE_UNIT_FLAG) every
    Mmad of a block has unitFlag 0b10 and its last one (`last`) 0b11, which marks L0C ready
    for the Fixpipe."""
    if UNIT:
        uf = 2
        if last:
            uf = 3
        asc.mmad(co1, a2, b2, asc.MmadParams(m, n, k, unit_flag=uf, cmatrix_source=False,
                                             cmatrix_init_val=not acc))
    else:
        asc.mmad(co1, a2, b2, asc.MmadParams(m, n, k, is_bias=acc, fm_offset=0,
                                             en_ssparse=False, en_winograd_a=False,
                                             en_winograd_b=False))


@asc.jit
def store_block(c_gm, co1, row0, col0, m, n, m_round, N, QUANT: asc.ConstExpr[int],
                UNIT: asc.ConstExpr[bool]):
    """The block's result L0C -> C once its last Mmad is done. Without UnitFlag M -> FIX
    orders the two and FIX -> M frees L0C for the next block's first Mmad; with it the
    Fixpipe's unitFlag 0b11 does both (catlass's copyL0CToGm(..., 0b11))."""
    if UNIT:
        asc.fixpipe(c_gm[row0 * N + col0:], co1,
                    asc.FixpipeParamsV220(n, m, m_round, N, quant_pre=QUANT, unit_flag=3))
    else:
        asc.set_flag(asc.HardEvent.M_FIX, 0)
        asc.wait_flag(asc.HardEvent.M_FIX, 0)
        asc.fixpipe(c_gm[row0 * N + col0:], co1,
                    asc.FixpipeParamsV220(n, m, m_round, N, quant_pre=QUANT))
        asc.set_flag(asc.HardEvent.FIX_M, 0)


@asc.jit
def drain():
    """The kernel's end: take every event the loops left set (both L1 buffers' MTE1 -> MTE2,
    both L0 buffers' M -> MTE1, the last FIX -> M), so none is pending when the core stops."""
    for p in asc.static_range(2):
        asc.wait_flag(asc.HardEvent.MTE1_MTE2, p)
        asc.wait_flag(asc.HardEvent.MTE1_MTE2, p + 2)
        asc.wait_flag(asc.HardEvent.M_MTE1, p)
        asc.wait_flag(asc.HardEvent.M_MTE1, p + 2)
    asc.wait_flag(asc.HardEvent.FIX_M, 0)
    asc.pipe_barrier(asc.Pipe.PIPE_ALL)


@asc.jit
def basic_matmul(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, M: int,
                 N: int, K: int, cores: int, stages: int, TM: asc.ConstExpr[int],
                 TN: asc.ConstExpr[int], TK: asc.ConstExpr[int], L0_K: asc.ConstExpr[int],
                 SWIZZLE: asc.ConstExpr[int], SWIZZLE_DIR: asc.ConstExpr[int],
                 B_COL: asc.ConstExpr[bool],
                 QUANT: asc.ConstExpr[int], UNIT: asc.ConstExpr[bool]):
    dt = a.dtype
    c0 = 32 // dt.sizeof()  # elements of one C0 row
    frac = 16 * c0  # elements of one 512-byte fractal
    l1a = TM * TK  # elements of one L1 buffer of A
    l1b = TK * TN
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
    if stages > 0:
        k_tiles = smaller(k_tiles, stages)
    k_sim = smaller(K, k_tiles * TK)  # the K this run covers
    l1_id = 0
    l0a_id = 0
    l0b_id = 0
    block = asc.get_block_idx()
    blocks = loops_m * loops_n
    for t in range((blocks - block + cores - 1) // cores):
        mi, ni = block_coord(block + t * cores, loops_m, loops_n, SWIZZLE, SWIZZLE_DIR)
        m = smaller(TM, M - mi * TM)
        n = smaller(TN, N - ni * TN)
        m_round = (m + 15) // 16 * 16
        n_round = (n + 15) // 16 * 16
        row0 = mi * TM
        col0 = ni * TN
        k_act = smaller(k_sim, TK)
        # The first stage's tiles, before waiting for L0C.
        asc.wait_flag(asc.HardEvent.MTE1_MTE2, l1_id)
        copy_rows(l1[l1_id * l1a:], a_gm, row0, 0, m, k_act, K, TM, c0)
        asc.set_flag(asc.HardEvent.MTE2_MTE1, l1_id)
        asc.wait_flag(asc.HardEvent.MTE1_MTE2, l1_id + 2)
        copy_b(l1[2 * l1a + l1_id * l1b:], b_gm, 0, col0, k_act, n, N, K, TK, TN, B_COL, c0)
        asc.set_flag(asc.HardEvent.MTE2_MTE1, l1_id + 2)
        if not UNIT:
            asc.wait_flag(asc.HardEvent.FIX_M, 0)
        for s in range(k_tiles):
            nxt = 1 - l1_id
            k_next = 0
            if s < k_tiles - 1:
                k0 = (s + 1) * TK
                k_next = smaller(TK, k_sim - k0)
                asc.wait_flag(asc.HardEvent.MTE1_MTE2, nxt)
                copy_rows(l1[nxt * l1a:], a_gm, row0, k0, m, k_next, K, TM, c0)
                asc.set_flag(asc.HardEvent.MTE2_MTE1, nxt)
                asc.wait_flag(asc.HardEvent.MTE1_MTE2, nxt + 2)
                copy_b(l1[2 * l1a + nxt * l1b:], b_gm, k0, col0, k_next, n, N, K, TK, TN,
                       B_COL, c0)
                asc.set_flag(asc.HardEvent.MTE2_MTE1, nxt + 2)
            parts = (k_act + L0_K - 1) // L0_K
            for kp in range(parts):
                kk = smaller(L0_K, k_act - kp * L0_K)
                kf = kp * (L0_K // c0)  # first fractal column of this step in L1
                k1 = (kk + c0 - 1) // c0  # fractal columns of this step
                asc.wait_flag(asc.HardEvent.M_MTE1, l0a_id)
                if kp == 0:
                    asc.wait_flag(asc.HardEvent.MTE2_MTE1, l1_id)
                for i in range(m_round // 16):  # A: zN -> zZ, one row of fractals each
                    asc.load_data(a2[l0a_id * l0_half + i * k1 * frac:],
                                  l1[l1_id * l1a:],
                                  asc.LoadData2DParams(kf * (TM // 16) + i, k1,
                                                       TM // 16, 0, 0, False, 0))
                if kp == parts - 1:
                    asc.set_flag(asc.HardEvent.MTE1_MTE2, l1_id)
                asc.wait_flag(asc.HardEvent.M_MTE1, l0b_id + 2)
                if kp == 0:
                    asc.wait_flag(asc.HardEvent.MTE2_MTE1, l1_id + 2)
                if B_COL:  # nZ -> nZ: one LoadData per row of K fractals, no transpose
                    for j in range(k1):
                        asc.load_data(b2[l0b_id * l0_half + j * (n_round // 16) * frac:],
                                      l1[2 * l1a + l1_id * l1b:],
                                      asc.LoadData2DParams((kf + j) * (TN // 16),
                                                           n_round // 16, 1, 0, 0, False, 0))
                else:  # zN -> nZ: one transposing LoadData per row of K fractals
                    for j in range(k1):
                        asc.load_data(b2[l0b_id * l0_half + j * (n_round // 16) * frac:],
                                      l1[2 * l1a + l1_id * l1b:],
                                      asc.LoadData2DParams(kf + j, n_round // 16, TK // 16,
                                                           0, 0, True, 0))
                if kp == parts - 1:
                    asc.set_flag(asc.HardEvent.MTE1_MTE2, l1_id + 2)
                asc.set_flag(asc.HardEvent.MTE1_M, 0)
                asc.wait_flag(asc.HardEvent.MTE1_M, 0)
                tile_mmad(co1, a2[l0a_id * l0_half:], b2[l0b_id * l0_half:], m_round,
                          n_round, kk, (s + kp) > 0, s == k_tiles - 1 and kp == parts - 1,
                          UNIT)
                asc.set_flag(asc.HardEvent.M_MTE1, l0b_id + 2)
                l0b_id = 1 - l0b_id
                asc.set_flag(asc.HardEvent.M_MTE1, l0a_id)
                l0a_id = 1 - l0a_id
            l1_id = nxt
            k_act = k_next
        store_block(c_gm, co1, row0, col0, m, n, m_round, N, QUANT, UNIT)
    drain()


def launch(a, b, c, m: int, n: int, k: int, cores: int, stages: int = 0,
           cfg: Config = Config()):
    """Run the kernel on `cores` cube cores (numpy arrays of cfg.dtype, flattened; B as K rows
    of N, or N rows of K when cfg.b_col_major)."""
    tm, tn, tk = cfg.tile
    quant = QuantMode.F322F16 if cfg.dtype == np.float16 else QuantMode.NoQuant
    return basic_matmul[cores](a, b, c, m, n, k, cores, stages, tm, tn, tk, cfg.l0_k,
                               cfg.swizzle, cfg.swizzle_direction, cfg.b_col_major,
                               int(quant), cfg.unit_flag)


def stage_count(k: int, cfg: Config = Config()) -> int:
    return -(-k // cfg.tile[2])
