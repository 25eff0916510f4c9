"""C = A B, half in and out, row-major A, B and C: catlass's 00_basic_matmul on the cube cores.

A re-creation (ascdsl kernel language, own code) of hicann/catlass's BasicMatmul kernel
(include/catlass/gemm/kernel/basic_matmul.hpp) with the block it assembles in
examples/00_basic_matmul: BlockMmad with the MmadAtlasA2Pingpong dispatch policy
(block/block_mmad_pingpong.hpp), L1 tile 128 x 256 x 256, L0 tile 128 x 256 x 64 and the
GemmIdentityBlockSwizzle<3, 0> scheduler. catlass's 34_single_core_splitk_matmul measured it
(the "benchmark" column of its table) on a 910B2 with msprof; rows.py copies the figures.

What the kernel does, as the catlass templates do:
- C is cut into L1-tile blocks (128 x 256); block `i` of the swizzled order goes to core
  `i mod cores` (every core walks `block_idx, block_idx + cores, ...`). The swizzle walks
  3 block rows at a time down their columns, every other group of rows right to left;
- per block, K in L1 stages of 256: the first stage's A and B tiles copied GM -> L1 (ND2NZ)
  before the loop, then each stage copies the next stage's tiles into the other L1 buffer
  before its own Mmads (two L1 buffers of A and of B, their own MTE1 -> MTE2 and MTE2 ->
  MTE1 events: ids 0/1 for A, 2/3 for B);
- each stage in L0 steps of 64: A's step L1 -> L0A (one LoadData per row of fractals), B's
  step L1 -> L0B (one transposing LoadData per row of K fractals), one Mmad; L0A and L0B
  each have two buffers (M -> MTE1 events 0/1 and 2/3);
- the block's C leaves L0C through Fixpipe (f32 -> f16) after the last stage; the next
  block's first Mmad waits for it (FIX -> M). The first tiles of the next block are copied
  before that wait, so MTE2 runs ahead.
- A's rows are `K` halfs apart; Nd2NzParams.srcDValue is 16 bits, so when K >= 65536 the
  copy goes one row at a time (catlass's CopyGmToL1 for RowMajor does the same).

Not re-created: the UnitFlag (the example now asks for MmadAtlasA2Pingpong<true>: Fixpipe
drains L0C while the block's last Mmads run) — ascdsl's Mmad/Fixpipe do not model it; the
block's Fixpipe runs after its last Mmad instead.

Simulating all of K for every block costs minutes per row; `stages` (> 0) runs only the first
`stages` L1 stages of every block (the strides stay those of the full K), and calibration.py
scales the per-core times by the block's stage count over `stages`.
"""

from __future__ import annotations

import ascdsl as asc

FRAC = 256  # halfs in one 16 x 16 fractal (512 bytes)
C0 = 16  # halfs in one 32-byte C0 row
STRIDE_LIMIT = 65536  # Nd2NzParams.srcDValue is 16 bits
TM, TN, TK = 128, 256, 256  # L1TileShape
L0_K = 64  # L0TileShape::K (L0's M and N are L1's)
SWIZZLE = 3  # GemmIdentityBlockSwizzle<3, 0>: offset 3, direction 0 (Zn)
L1A = TM * TK  # halfs of one L1 buffer of A
L1B = TK * TN
L1_HALVES = 256 * 1024  # all of L1 (512 KB): A's two buffers, then B's
L0A_HALF = 16 * 1024  # half of L0A (64 KB) in halfs: one ping-pong buffer
L0B_HALF = 16 * 1024


@asc.jit
def smaller(x, y):
    r = x
    if y < x:
        r = y
    return r


@asc.jit
def block_coord(idx, loops_m, loops_n, offset: asc.ConstExpr[int]):
    """GemmIdentityBlockSwizzle<offset, 0>::GetBlockCoord: (block row, block column)."""
    group = idx // (offset * loops_n)
    inner = idx % (offset * loops_n)
    rows = offset
    if group == (loops_m + offset - 1) // offset - 1:
        rows = loops_m - offset * group
    mi = group * offset + inner % rows
    ni = inner // rows
    if group % 2 == 1:
        ni = loops_n - ni - 1
    return mi, ni


@asc.jit
def copy_a(dst, a_gm, row0, k0, m, k, K):
    """A[row0 : row0 + m, k0 : k0 + k] -> L1 (zN, C0 stride of the L1 tile's M)."""
    if K < STRIDE_LIMIT:
        asc.data_copy(dst, a_gm[row0 * K + k0:],
                      asc.Nd2NzParams(1, m, k, 0, K, TM, 1, 0))
    else:
        for r in range(m):
            asc.data_copy(dst[r * C0:], a_gm[(row0 + r) * K + k0:],
                          asc.Nd2NzParams(1, 1, k, 0, 0, TM, 0, 0))


@asc.jit
def basic_matmul(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, M: int,
                 N: int, K: int, cores: int, stages: int):
    loops_m = (M + TM - 1) // TM
    loops_n = (N + TN - 1) // TN
    a_gm = asc.GlobalTensor()
    b_gm = asc.GlobalTensor()
    c_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a, M * K)
    b_gm.set_global_buffer(b, K * N)
    c_gm.set_global_buffer(c, M * N)
    l1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, L1_HALVES)
    a2 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, 2 * L0A_HALF)
    b2 = asc.LocalTensor(asc.float16, asc.TPosition.B2, 0, 2 * L0B_HALF)
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
        mi, ni = block_coord(block + t * cores, loops_m, loops_n, SWIZZLE)
        m = smaller(TM, M - mi * TM)
        n = smaller(TN, N - ni * TN)
        m_round = (m + 15) // 16 * 16
        n_round = (n + 15) // 16 * 16
        row0 = mi * TM
        col0 = ni * TN
        k_act = smaller(k_sim, TK)
        # The first stage's tiles, before waiting for L0C.
        asc.wait_flag(asc.HardEvent.MTE1_MTE2, l1_id)
        copy_a(l1[l1_id * L1A:], a_gm, row0, 0, m, k_act, K)
        asc.set_flag(asc.HardEvent.MTE2_MTE1, l1_id)
        asc.wait_flag(asc.HardEvent.MTE1_MTE2, l1_id + 2)
        asc.data_copy(l1[2 * L1A + l1_id * L1B:], b_gm[col0:],
                      asc.Nd2NzParams(1, k_act, n, 0, N, TK, 1, 0))
        asc.set_flag(asc.HardEvent.MTE2_MTE1, l1_id + 2)
        asc.wait_flag(asc.HardEvent.FIX_M, 0)
        for s in range(k_tiles):
            nxt = 1 - l1_id
            k_next = 0
            if s < k_tiles - 1:
                k0 = (s + 1) * TK
                k_next = smaller(TK, k_sim - k0)
                asc.wait_flag(asc.HardEvent.MTE1_MTE2, nxt)
                copy_a(l1[nxt * L1A:], a_gm, row0, k0, m, k_next, K)
                asc.set_flag(asc.HardEvent.MTE2_MTE1, nxt)
                asc.wait_flag(asc.HardEvent.MTE1_MTE2, nxt + 2)
                asc.data_copy(l1[2 * L1A + nxt * L1B:], b_gm[k0 * N + col0:],
                              asc.Nd2NzParams(1, k_next, n, 0, N, TK, 1, 0))
                asc.set_flag(asc.HardEvent.MTE2_MTE1, nxt + 2)
            parts = (k_act + L0_K - 1) // L0_K
            for kp in range(parts):
                kk = smaller(L0_K, k_act - kp * L0_K)
                kf = kp * (L0_K // 16)  # first fractal column of this step in L1
                k1 = (kk + 15) // 16  # fractal columns of this step
                asc.wait_flag(asc.HardEvent.M_MTE1, l0a_id)
                if kp == 0:
                    asc.wait_flag(asc.HardEvent.MTE2_MTE1, l1_id)
                for i in range(m_round // 16):  # A: zN -> zZ, one row of fractals each
                    asc.load_data(a2[l0a_id * L0A_HALF + i * k1 * FRAC:],
                                  l1[l1_id * L1A:],
                                  asc.LoadData2DParams(kf * (TM // 16) + i, k1,
                                                       TM // 16, 0, 0, False, 0))
                if kp == parts - 1:
                    asc.set_flag(asc.HardEvent.MTE1_MTE2, l1_id)
                asc.wait_flag(asc.HardEvent.M_MTE1, l0b_id + 2)
                if kp == 0:
                    asc.wait_flag(asc.HardEvent.MTE2_MTE1, l1_id + 2)
                for j in range(k1):  # B: zN -> nZ, fractals transposed
                    asc.load_data(b2[l0b_id * L0B_HALF + j * (n_round // 16) * FRAC:],
                                  l1[2 * L1A + l1_id * L1B:],
                                  asc.LoadData2DParams(kf + j, n_round // 16, TK // 16,
                                                       0, 0, True, 0))
                if kp == parts - 1:
                    asc.set_flag(asc.HardEvent.MTE1_MTE2, l1_id + 2)
                asc.set_flag(asc.HardEvent.MTE1_M, 0)
                asc.wait_flag(asc.HardEvent.MTE1_M, 0)
                asc.mmad(co1, a2[l0a_id * L0A_HALF:], b2[l0b_id * L0B_HALF:],
                         asc.MmadParams(m_round, n_round, kk, is_bias=(s + kp) > 0, fm_offset=0,
                                        en_ssparse=False, en_winograd_a=False,
                                        en_winograd_b=False))
                asc.set_flag(asc.HardEvent.M_MTE1, l0b_id + 2)
                l0b_id = 1 - l0b_id
                asc.set_flag(asc.HardEvent.M_MTE1, l0a_id)
                l0a_id = 1 - l0a_id
            l1_id = nxt
            k_act = k_next
        asc.set_flag(asc.HardEvent.M_FIX, 0)
        asc.wait_flag(asc.HardEvent.M_FIX, 0)
        asc.fixpipe(c_gm[row0 * N + col0:], co1,
                    asc.FixpipeParamsV220(n, m, m_round, N, quant_pre=asc.QuantModes.F322F16))
        asc.set_flag(asc.HardEvent.FIX_M, 0)

    for p in asc.static_range(2):
        asc.wait_flag(asc.HardEvent.MTE1_MTE2, p)
        asc.wait_flag(asc.HardEvent.MTE1_MTE2, p + 2)
        asc.wait_flag(asc.HardEvent.M_MTE1, p)
        asc.wait_flag(asc.HardEvent.M_MTE1, p + 2)
    asc.wait_flag(asc.HardEvent.FIX_M, 0)
    asc.pipe_barrier(asc.Pipe.PIPE_ALL)


def launch(a, b, c, m: int, n: int, k: int, cores: int, stages: int = 0):
    """Run the kernel on `cores` cube cores (numpy half arrays, flattened row-major)."""
    return basic_matmul[cores](a, b, c, m, n, k, cores, stages)


def stage_count(k: int) -> int:
    return -(-k // TK)
