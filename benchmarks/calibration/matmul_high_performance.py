"""C = A @ B^T, 8192 x 8192 x 8192 half, the first cases of asc-devkit's matmul best practice.

A re-creation (ascdsl kernel language, own code) of what mirror-cann/asc-devkit's
examples/01_simd_cpp_api/05_best_practices/01_matrix_compute/matmul_high_performance measures
(README_en.md has the msprof figures; benchmarks/calibration/rows.py copies them). The
published kernel calls the Matmul API (CFG_NORM template, `IterateAll`); ascdsl has no Matmul
API yet, so this kernel does what that template does for this shape with the basic cube APIs,
with the published tiling:

- each core owns a singleM x singleN block of C and walks it in baseM x baseN output blocks;
- for each output block, K in steps of baseK: A's baseM x baseK tile and B^T's baseN x baseK
  tile GM -> L1 (ND2NZ copies on MTE2), L1 -> L0A / L0B (LoadData on MTE1), one Mmad on M
  accumulating in L0C; two buffers of each input stage (the template's default L1/L0 depth),
  so the copies of step t + 1 overlap the multiply of step t;
- the output block L0C -> GM once its K loop is done (Fixpipe, f32 -> f16).

B is stored transposed (N x K, `isTrans=true` in the source), so the ND2NZ copy of a B^T tile
is already the ZN layout L0B wants: one LoadData moves it. A's NZ tile becomes ZZ in L0A with
one LoadData per 16-row block.

Cases (cores, singleM, singleN, baseM, baseN, baseK):
- case 0: 1 core, the whole matrix, base 64 x 64 x 64;
- case 1: 1 core, base 128 x 256 x 64;
- case 3: 24 cores split 4 x 6 (singleM 2048, singleN 1536), base 128 x 256 x 64.

Every output block of a case is the same work, so the simulator runs `blocks` of each core's
output blocks (the first ones) and calibration.py scales the per-core times by the rest.
"""

from __future__ import annotations

import ascdsl as asc

M = N = K = 8192
FRAC = 256  # halfs in one 16 x 16 fractal

# case -> (cores, split M, split N, baseM, baseN, baseK); singleM = M / split M, singleN below.
CASES = {
    0: (1, 1, 1, 64, 64, 64),
    1: (1, 1, 1, 128, 256, 64),
    3: (24, 4, 6, 128, 256, 64),
}
# The source's SINGLE_N for the 4 x 6 split: 1536, a multiple of 512 bytes' worth of columns
# (6 x 1536 > N: the last column of cores owns 512 columns).
SINGLE_N = {0: N, 1: N, 3: 1536}


@asc.jit
def matmul_norm(a: asc.GlobalAddress, bt: asc.GlobalAddress, c: asc.GlobalAddress,
                blocks: int, split_n: asc.ConstExpr[int], single_m: asc.ConstExpr[int],
                single_n: asc.ConstExpr[int], bm: asc.ConstExpr[int], bn: asc.ConstExpr[int],
                bk: asc.ConstExpr[int]):
    """`blocks` output blocks of this core's single_m x single_n block of C = A @ B^T."""
    idx = asc.get_block_idx()
    row0 = (idx // split_n) * single_m
    col0 = (idx % split_n) * single_n
    a_gm = asc.GlobalTensor()
    b_gm = asc.GlobalTensor()
    c_gm = asc.GlobalTensor()
    # The last column of cores may own fewer columns (4 x 6 split: 6 x 1536 > N).
    cols = single_n
    if N - col0 < cols:
        cols = N - col0
    a_gm.set_global_buffer(a + row0 * K, single_m * K)
    b_gm.set_global_buffer(bt + col0 * K, cols * K)
    c_gm.set_global_buffer(c + row0 * N + col0, (single_m - 1) * N + cols)

    m1, n1, k1 = bm // 16, bn // 16, bk // 16
    a_tile, b_tile = bm * bk, bn * bk
    a1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, 2 * a_tile)
    b1 = asc.LocalTensor(asc.float16, asc.TPosition.B1, 2 * a_tile * 2, 2 * b_tile)
    a2 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, 2 * a_tile)
    b2 = asc.LocalTensor(asc.float16, asc.TPosition.B2, 0, 2 * b_tile)
    co1 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, bm * bn)
    n_blocks = cols // bn
    steps = K // bk

    for p in asc.static_range(2):
        asc.set_flag(asc.HardEvent.MTE1_MTE2, p)
        asc.set_flag(asc.HardEvent.M_MTE1, p)
    asc.set_flag(asc.HardEvent.FIX_M, 0)

    for blk in range(blocks):
        bi = blk // n_blocks
        bj = blk % n_blocks
        asc.wait_flag(asc.HardEvent.FIX_M, 0)  # L0C is free once the last block is out
        for t in range(steps):
            p = t % 2
            asc.wait_flag(asc.HardEvent.MTE1_MTE2, p)
            asc.data_copy(a1[p * a_tile:], a_gm[bi * bm * K + t * bk:],
                          asc.Nd2NzParams(1, bm, bk, 0, K, bm, 1, 0))
            asc.data_copy(b1[p * b_tile:], b_gm[bj * bn * K + t * bk:],
                          asc.Nd2NzParams(1, bn, bk, 0, K, bn, 1, 0))
            asc.set_flag(asc.HardEvent.MTE2_MTE1, p)
            asc.wait_flag(asc.HardEvent.MTE2_MTE1, p)
            asc.wait_flag(asc.HardEvent.M_MTE1, p)
            for i in asc.static_range(m1):
                asc.load_data(a2[p * a_tile + i * k1 * FRAC:], a1[p * a_tile:],
                              asc.LoadData2DParams(i, k1, m1, 0, 0, False, 0))
            asc.load_data(b2[p * b_tile:], b1[p * b_tile:],
                          asc.LoadData2DParams(0, k1 * n1, 1, 0, 0, False, 0))
            asc.set_flag(asc.HardEvent.MTE1_MTE2, p)
            asc.set_flag(asc.HardEvent.MTE1_M, p)
            asc.wait_flag(asc.HardEvent.MTE1_M, p)
            asc.mmad(co1, a2[p * a_tile:], b2[p * b_tile:],
                     asc.MmadParams(bm, bn, bk, is_bias=t > 0, fm_offset=0, en_ssparse=False,
                                    en_winograd_a=False, en_winograd_b=False))
            asc.set_flag(asc.HardEvent.M_MTE1, p)
        asc.set_flag(asc.HardEvent.M_FIX, 0)
        asc.wait_flag(asc.HardEvent.M_FIX, 0)
        asc.fixpipe(c_gm[bi * bm * N + bj * bn:], co1,
                    asc.FixpipeParamsV220(bn, bm, bm, N, quant_pre=asc.QuantModes.F322F16))
        asc.set_flag(asc.HardEvent.FIX_M, 0)

    for p in asc.static_range(2):
        asc.wait_flag(asc.HardEvent.MTE1_MTE2, p)
        asc.wait_flag(asc.HardEvent.M_MTE1, p)
    asc.wait_flag(asc.HardEvent.FIX_M, 0)
    asc.pipe_barrier(asc.Pipe.PIPE_ALL)


def blocks_of(case: int) -> list[int]:
    """Output blocks of each core of case `case`."""
    cores, sm, sn, bm, bn, bk = CASES[case]
    single_m, single_n = M // sm, SINGLE_N[case]
    return [(single_m // bm) * (min(single_n, N - (i % sn) * single_n) // bn)
            for i in range(cores)]


def launch(case: int, a, bt, c, blocks: int):
    """Run `blocks` output blocks per core of case `case` (a: M x K, bt: N x K, c: M x N,
    numpy float16, flattened)."""
    cores, sm, sn, bm, bn, bk = CASES[case]
    return matmul_norm[cores](a, bt, c, blocks, sn, M // sm, SINGLE_N[case], bm, bn, bk)
