"""C = A @ B^T, 8192 x 8192 x 8192 half, asc-devkit's matmul best practice with the BASIC API.

A re-creation (ascdsl kernel language, own code) of mirror-cann/asc-devkit's
examples/01_simd_cpp_api/05_best_practices/01_matrix_compute/matmul_basic_api_high_performance
(mmad.asc @ 45040aeb, README_en.md @ 0acdc06a; the README's msprof figures, "Atlas A2
Training Series", 1.85 GHz, are in rows.py as mmb-1 / mmb-2). Where
matmul_high_performance.py calls the Matmul API, this one is the hand-written pipeline the
README describes, with every constant of mmad.asc:

- 24 cube cores split 4 x 6: singleCoreM 2048 (scenario 1) or 1024 (scenario 2), singleCoreN
  1536 (the last core column owns 512), singleCoreK = K; base 128 x 256 x 64; stepKa 8,
  stepKb 4 (one GM -> L1 copy, a "large packet", carries 8 base K slices of A, 4 of B);
- scenario 2 (ProcessL2Cache) walks M in two rounds: core b takes sub-block b % 4 of rows
  in round 0 and b % 4 + 4 in round 1, so B's panels stay in L2 while A streams;
- per core: for each base block of N, for each base block of M, the K loop of 128 steps.
  L1 holds A ping/pong at 0 / 128 KB and B ping/pong at 256 / 384 KB (ND2NZ copies of a
  large packet), L0A/L0B ping/pong at 0 / 32 KB; events MTE2 -> MTE1 and MTE1 -> MTE2 0/1
  (A) and 2/3 (B), MTE1 -> M and M -> MTE1 on the L0 buffer's index (preset reverse flags);
  the first packets of a block are copied before its K loop, each later one after the Mmad
  of the step that freed its buffer, B before A (the README's "B first");
- Mmad with UnitFlag (2 within K, 3 on the last step), Fixpipe f32 -> f16 of the block with
  UnitFlag 3: L0C's unit flags order the two, no SetFlag/WaitFlag M -> FIX or FIX -> M
  (ascdsl/sim/lower/unitflag.py).

A goes L1 -> L0A with one LoadData3DV2 as in the source (l1H 1, l1W baseM, channelSize and
kExtension baseK: the packet's slice read as a matrix; ascdsl/sim/lower/load3d.py). Until
2026-12-04 the simulator had no LoadData3DV2 and the re-creation used the README's "before"
variant, four LoadData2D (one column of K fractals each).

Simulating every block would take minutes of CPU: `m_rows` (> 0) runs only the first m_rows
base blocks of M of each core per round (all of K, every N block), and calibration.py runs
m_rows and m_rows + 1 and extends each core's time linearly to the whole singleCoreM.
"""

from __future__ import annotations

import ascdsl as asc
from ascdsl.dialects.ascendc.types_cube import QuantMode
from catlass_basic_matmul import smaller

M = N = K = 8192
CORES = 24
BASE_M, BASE_N, BASE_K = 128, 256, 64
STEP_KA, STEP_KB = 8, 4
SINGLE_N = 1536
# scenario -> (singleCoreM, rounds): 1 is Process(), 2 is ProcessL2Cache()
SCENARIOS = {1: (2048, 1), 2: (1024, 2)}
L1_PINGPONG_BYTES = 256 * 1024  # B1's ping starts here
L0_PINGPONG_BYTES = 32 * 1024
L1_BYTES = 512 * 1024
CUBE_BLOCK = 16


@asc.jit
def copy_in_a(dst, a_gm, chunk, mb, cur_m, K, BM: asc.ConstExpr[int], BK: asc.ConstExpr[int],
              SKA: asc.ConstExpr[int]):
    """DataCopyInA: stepKa base K slices of A's block row `mb` from K offset chunk * baseK,
    ND -> NZ with baseM rows per C0 column."""
    asc.data_copy(dst, a_gm[chunk * BK + mb * K * BM:],
                  asc.Nd2NzParams(1, cur_m, BK * SKA, 0, K, BM, 1, 0))


@asc.jit
def copy_in_b(dst, b_gm, chunk, nb, cur_n, K, BN: asc.ConstExpr[int], BK: asc.ConstExpr[int],
              SKB: asc.ConstExpr[int]):
    """DataCopyInB for B transposed (N rows of K): stepKb base K slices of B's block `nb`."""
    asc.data_copy(dst, b_gm[chunk * BK + nb * BN * K:],
                  asc.Nd2NzParams(1, cur_n, BK * SKB, 0, K, BN, 1, 0))


@asc.jit
def process_loop(a_gm, b_gm, c_gm, l1, a2, b2, co1, m_loops, n_loops, m_count, n_count,
                 tail_m, tail_n, N, K, BM: asc.ConstExpr[int], BN: asc.ConstExpr[int],
                 BK: asc.ConstExpr[int], SKA: asc.ConstExpr[int], SKB: asc.ConstExpr[int],
                 QUANT: asc.ConstExpr[int], NOTIFY: asc.ConstExpr[int]):
    """ProcessLoop: the core's N x M blocks, each a K loop over the L1 / L0 ping-pongs.
    Fixpipe converts by `QUANT` (a QuantMode); `NOTIFY` >= 0 sets that cross-core flag (mode 2,
    on FIX) after each block's Fixpipe, for a MIX kernel's vector cores (matmul_gelu.py)."""
    a1_size = BM * BK * SKA
    b1_size = BK * BN * SKB
    b1_base = L1_PINGPONG_BYTES // 2
    l0_half = L0_PINGPONG_BYTES // 2
    k_loops = (K + BK - 1) // BK
    kf = BK // CUBE_BLOCK  # K fractals of a base slice
    tail_m_align = (tail_m + CUBE_BLOCK - 1) // CUBE_BLOCK * CUBE_BLOCK
    tail_n_align = (tail_n + CUBE_BLOCK - 1) // CUBE_BLOCK * CUBE_BLOCK
    for e in asc.static_range(4):
        asc.set_flag(asc.HardEvent.MTE1_MTE2, e)
    asc.set_flag(asc.HardEvent.M_MTE1, 0)
    asc.set_flag(asc.HardEvent.M_MTE1, 1)
    l0_id = 0
    for nb in range(n_loops):
        cur_n = BN
        cur_n_align = BN
        if nb == n_count:
            cur_n = tail_n
            cur_n_align = tail_n_align
        for mb in range(m_loops):
            cur_m = BM
            cur_m_align = BM
            if mb == m_count:
                cur_m = tail_m
                cur_m_align = tail_m_align
            a_next = 0
            b_next = 0
            a_in = 0
            b_in = 0
            asc.wait_flag(asc.HardEvent.MTE1_MTE2, 0)
            copy_in_a(l1, a_gm, a_next, mb, cur_m, K, BM, BK, SKA)
            asc.set_flag(asc.HardEvent.MTE2_MTE1, 0)
            a_next += SKA
            a_in = 1
            asc.wait_flag(asc.HardEvent.MTE1_MTE2, 2)
            copy_in_b(l1[b1_base:], b_gm, b_next, nb, cur_n, K, BN, BK, SKB)
            asc.set_flag(asc.HardEvent.MTE2_MTE1, 2)
            b_next += SKB
            b_in = 1
            for kb in range(k_loops):
                a_rd = (kb // SKA) % 2
                b_rd = (kb // SKB) % 2
                ka = kb % SKA
                kbb = kb % SKB
                asc.wait_flag(asc.HardEvent.M_MTE1, l0_id)
                if ka == 0:
                    asc.wait_flag(asc.HardEvent.MTE2_MTE1, a_rd)
                if kbb == 0:
                    asc.wait_flag(asc.HardEvent.MTE2_MTE1, b_rd + 2)
                # DataLoadA: one LoadData3DV2 reads the slice of the NZ packet as a matrix
                # (a feature map of baseM positions and baseK channels, 1 x 1 filter) into
                # L0A's zZ rows, as mmad.asc does.
                a_src = a_rd * a1_size + ka * BK * BM
                asc.load_data(a2[l0_id * l0_half:], l1[a_src:],
                              asc.LoadData3DParamsV2((0, 0, 0, 0), 1, BM, BK, BK, cur_m_align,
                                                     0, 0, 1, 1, 1, 1, 1, 1, False, 0, False,
                                                     False, False))
                # DataLoadB: B^T's NZ packet is already L0B's layout, a K fractal row at a time.
                b_src = b1_base + b_rd * b1_size + kbb * BK * BN
                for i in asc.static_range(kf):
                    asc.load_data(b2[l0_id * l0_half + i * cur_n_align * CUBE_BLOCK:],
                                  l1[b_src + i * BN * CUBE_BLOCK:],
                                  asc.LoadData2DParams(0, cur_n_align // CUBE_BLOCK, 1, 0, 0,
                                                       False, 0))
                if ka + 1 == SKA:
                    asc.set_flag(asc.HardEvent.MTE1_MTE2, a_rd)
                if kbb + 1 == SKB:
                    asc.set_flag(asc.HardEvent.MTE1_MTE2, b_rd + 2)
                asc.set_flag(asc.HardEvent.MTE1_M, l0_id)
                asc.wait_flag(asc.HardEvent.MTE1_M, l0_id)
                uf = 2
                if kb == k_loops - 1:
                    uf = 3
                asc.mmad(co1, a2[l0_id * l0_half:], b2[l0_id * l0_half:],
                         asc.MmadParams(cur_m, cur_n, BK, unit_flag=uf, cmatrix_source=False,
                                        cmatrix_init_val=kb == 0))
                asc.set_flag(asc.HardEvent.M_MTE1, l0_id)
                l0_id = 1 - l0_id
                if (kb == 0 or kbb + 1 == SKB) and b_next < k_loops:
                    asc.wait_flag(asc.HardEvent.MTE1_MTE2, b_in + 2)
                    copy_in_b(l1[b1_base + b_in * b1_size:], b_gm, b_next, nb, cur_n, K, BN,
                              BK, SKB)
                    asc.set_flag(asc.HardEvent.MTE2_MTE1, b_in + 2)
                    b_next += SKB
                    b_in = 1 - b_in
                if (kb == 0 or ka + 1 == SKA) and a_next < k_loops:
                    asc.wait_flag(asc.HardEvent.MTE1_MTE2, a_in)
                    copy_in_a(l1[a_in * a1_size:], a_gm, a_next, mb, cur_m, K, BM, BK, SKA)
                    asc.set_flag(asc.HardEvent.MTE2_MTE1, a_in)
                    a_next += SKA
                    a_in = 1 - a_in
            # CopyOut: UnitFlag 3 waits for the last Mmad's units and hands them back.
            asc.fixpipe(c_gm[mb * BM * N + nb * BN:], co1,
                        asc.FixpipeParamsV220(cur_n, cur_m, cur_m_align, N, quant_pre=QUANT,
                                              unit_flag=3))
            if NOTIFY >= 0:
                asc.cross_core_set_flag(flag_id=NOTIFY, mode_id=2, pipe=asc.PipeID.PIPE_FIX)
    asc.wait_flag(asc.HardEvent.M_MTE1, 0)
    asc.wait_flag(asc.HardEvent.M_MTE1, 1)
    for e in asc.static_range(4):
        asc.wait_flag(asc.HardEvent.MTE1_MTE2, e)
    asc.pipe_barrier(asc.Pipe.PIPE_ALL)


@asc.jit
def mmad_custom(a: asc.GlobalAddress, bt: asc.GlobalAddress, c: asc.GlobalAddress, M: int,
                N: int, K: int, single_m: int, single_n: int, rounds: int, m_rows: int,
                BM: asc.ConstExpr[int], BN: asc.ConstExpr[int], BK: asc.ConstExpr[int],
                SKA: asc.ConstExpr[int], SKB: asc.ConstExpr[int]):
    """mmad_custom: Process() with rounds = 1, ProcessL2Cache() with rounds = 2."""
    dt = a.dtype
    l1 = asc.LocalTensor(dt, asc.TPosition.A1, 0, L1_BYTES // 2)
    a2 = asc.LocalTensor(dt, asc.TPosition.A2, 0, L0_PINGPONG_BYTES)
    b2 = asc.LocalTensor(dt, asc.TPosition.B2, 0, L0_PINGPONG_BYTES)
    co1 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, BM * BN)
    m_total = (M + single_m - 1) // single_m
    n_total = (N + single_n - 1) // single_n
    per_round = m_total
    if rounds > 1:
        per_round = (M + single_m * rounds - 1) // (single_m * rounds)
    outer = (m_total + per_round - 1) // per_round
    block = asc.get_block_idx()
    a_gm = asc.GlobalTensor()
    b_gm = asc.GlobalTensor()
    c_gm = asc.GlobalTensor()
    for o in range(outer):
        mi = block % per_round + o * per_round
        ni = block // per_round
        if mi < m_total and ni < n_total:
            a_gm.set_global_buffer(a + mi * single_m * K)
            b_gm.set_global_buffer(bt + ni * K * single_n)
            c_gm.set_global_buffer(c + mi * single_m * N + ni * single_n)
            act_m = smaller(M - mi * single_m, single_m)
            act_n = smaller(N - ni * single_n, single_n)
            m_loops = (act_m + BM - 1) // BM
            if m_rows > 0:
                m_loops = smaller(m_loops, m_rows)
            n_loops = (act_n + BN - 1) // BN
            process_loop(a_gm, b_gm, c_gm, l1, a2, b2, co1, m_loops, n_loops, act_m // BM,
                         act_n // BN, act_m % BM, act_n % BN, N, K, BM, BN, BK, SKA, SKB,
                         int(QuantMode.F322F16), -1)


def launch(scenario: int, a, bt, c, m_rows: int = 0, shape=(M, N, K), cores: int = CORES,
           single=None):
    """Run scenario 1 or 2 (a: M x K, bt: N x K, c: M x N, numpy float16, flattened); each core
    computes only its first `m_rows` base rows per round when m_rows > 0. `shape`, `cores` and
    `single` ((singleCoreM, singleCoreN)) shrink the kernel for tests."""
    single_m, rounds = SCENARIOS[scenario]
    single_n = SINGLE_N
    if single is not None:
        single_m, single_n = single
    m, n, k = shape
    return mmad_custom[cores](a, bt, c, m, n, k, single_m, single_n, rounds, m_rows, BASE_M,
                              BASE_N, BASE_K, STEP_KA, STEP_KB)


def blocks_per_round(scenario: int) -> int:
    """Base blocks of M each core computes per round."""
    return SCENARIOS[scenario][0] // BASE_M


def owner_rows(scenario: int, core: int) -> tuple[list[int], int, int]:
    """(first row of each round's sub-block, first column, columns) of `core`'s C."""
    single_m, rounds = SCENARIOS[scenario]
    per_round = -(-M // (single_m * rounds))
    rows = [(core % per_round + o * per_round) * single_m for o in range(rounds)]
    c0 = (core // per_round) * SINGLE_N
    return rows, c0, min(SINGLE_N, N - c0)
