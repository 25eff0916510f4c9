"""C = leaky_relu(A @ B) as a mixed kernel: the cube core multiplies, its two vector cores
apply the epilogue. f16 in, f32 out.

Each AI core (block) owns one BM x BN tile of C. Its cube core (AIC) walks K in steps of BK
with double-buffered L1 and L0A/L0B (as examples/05_mmad does) and writes the f32 tile into a
GM workspace; then it sets cross-core flag 0 in mode 2, which counts once on each of its two
vector cores (AIV). Each AIV waits for the flag, reads its half of the tile's rows from the
workspace into UB, applies LeakyRelu and writes the rows into C:

    AIC:  GM --MTE2--> L1 --MTE1--> L0A/L0B --M--> L0C --FIX--> workspace (GM)
          CrossCoreSetFlag<2, PIPE_FIX>(0)       fires once the Fixpipe has landed
    AIV i: CrossCoreWaitFlag(0); workspace rows [i * BM/2, (i + 1) * BM/2) --MTE2--> UB
          --V (LeakyRelu)--> UB --MTE3--> C

Without the flag the simulator's sanitizer reports the workspace race (the AIV's read against
the AIC's Fixpipe, with both kernel lines); `--no-flag` shows it.

Run it: `python examples/04_matmul_mix/matmul_mix.py` (exit status 0 when C matches numpy).
"""

import sys

import numpy as np

import ascdsl as asc
from ascdsl.runtime.config import KernelType

M, N, K = 256, 256, 512
BM, BN, BK = 128, 128, 64  # one AI core's tile of C, and the K step
HALF = BM // 2  # rows of the tile each vector core finishes
FRAC = 256  # elements of one 16 x 16 half fractal (512 bytes)
USE_CORE_NUM = (M // BM) * (N // BN)
ALPHA = 0.1  # LeakyRelu's slope below zero
FLAG = 0  # the cross-core flag: C tile is in the workspace


@asc.jit(kernel_type=KernelType.MIX_AIC_1_2)
def matmul_leaky_relu(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress,
                      workspace: asc.GlobalAddress, alpha: float,
                      with_flag: asc.ConstExpr[bool]):
    block = asc.get_block_idx() // asc.get_sub_block_num()  # the AI core, on either side
    row = block // (N // BN)
    col = block % (N // BN)
    ws_gm = asc.GlobalTensor()
    ws_gm.set_global_buffer(workspace + block * BM * BN, BM * BN)  # this tile, BN-wide rows

    if asc.ascend_is_aic():
        a_gm = asc.GlobalTensor()
        b_gm = asc.GlobalTensor()
        a_gm.set_global_buffer(a + row * BM * K, BM * K)
        b_gm.set_global_buffer(b + col * BN, (K - 1) * N + BN)  # BN columns of every row
        m1, n1, k1 = BM // 16, BN // 16, BK // 16
        a_tile, b_tile = BM * BK, BK * BN
        a1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, 2 * a_tile)
        b1 = asc.LocalTensor(asc.float16, asc.TPosition.B1, 2 * a_tile * 2, 2 * b_tile)
        a2 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, 2 * a_tile)
        b2 = asc.LocalTensor(asc.float16, asc.TPosition.B2, 0, 2 * b_tile)
        co1 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, BM * BN)
        for p in asc.static_range(2):
            asc.set_flag(asc.HardEvent.MTE1_MTE2, p)
            asc.set_flag(asc.HardEvent.M_MTE1, p)
        for t in range(K // BK):
            p = t % 2
            asc.wait_flag(asc.HardEvent.MTE1_MTE2, p)
            asc.data_copy(a1[p * a_tile:], a_gm[t * BK:],
                          asc.Nd2NzParams(1, BM, BK, 0, K, BM, 1, 0))
            asc.data_copy(b1[p * b_tile:], b_gm[t * BK * N:],
                          asc.Nd2NzParams(1, BK, BN, 0, N, BK, 1, 0))
            asc.set_flag(asc.HardEvent.MTE2_MTE1, p)
            asc.wait_flag(asc.HardEvent.MTE2_MTE1, p)
            asc.wait_flag(asc.HardEvent.M_MTE1, p)
            for i in asc.static_range(m1):
                asc.load_data(a2[p * a_tile + i * k1 * FRAC:], a1[p * a_tile:],
                              asc.LoadData2DParams(i, k1, m1, 0, 0, False, 0))
            for j in asc.static_range(k1):
                asc.load_data(b2[p * b_tile + j * n1 * FRAC:], b1[p * b_tile:],
                              asc.LoadData2DParams(j, n1, k1, 0, 0, True, 0))
            asc.set_flag(asc.HardEvent.MTE1_MTE2, p)
            asc.set_flag(asc.HardEvent.MTE1_M, p)
            asc.wait_flag(asc.HardEvent.MTE1_M, p)
            asc.mmad(co1, a2[p * a_tile:], b2[p * b_tile:],
                     asc.MmadParams(BM, BN, BK, is_bias=t > 0, fm_offset=0, en_ssparse=False,
                                    en_winograd_a=False, en_winograd_b=False))
            asc.set_flag(asc.HardEvent.M_MTE1, p)
        for p in asc.static_range(2):
            asc.wait_flag(asc.HardEvent.MTE1_MTE2, p)
            asc.wait_flag(asc.HardEvent.M_MTE1, p)
        asc.set_flag(asc.HardEvent.M_FIX, 0)
        asc.wait_flag(asc.HardEvent.M_FIX, 0)
        # L0C -> workspace: the tile as BM rows of BN floats.
        asc.fixpipe(ws_gm, co1, asc.FixpipeParamsV220(BN, BM, BM, BN))
        if with_flag:
            # On FIX: it fires once the Fixpipe's rows have landed in GM.
            asc.cross_core_set_flag(flag_id=FLAG, mode_id=2, pipe=asc.PipeID.PIPE_FIX)

    if asc.ascend_is_aiv():
        sub = asc.get_sub_block_idx()
        c_gm = asc.GlobalTensor()
        c_gm.set_global_buffer(c + (row * BM + sub * HALF) * N + col * BN, (HALF - 1) * N + BN)
        pipe = asc.TPipe()
        buf = asc.TBuf(asc.TPosition.VECCALC)
        pipe.init_buffer(buf, HALF * BN * 4)
        t = buf.get(asc.float32)
        if with_flag:
            asc.cross_core_wait_flag(flag_id=FLAG)
        asc.data_copy(t, ws_gm[sub * HALF * BN:], HALF * BN)
        asc.set_flag(asc.HardEvent.MTE2_V, 0)
        asc.wait_flag(asc.HardEvent.MTE2_V, 0)
        asc.leaky_relu(t, t, alpha, HALF * BN)
        asc.set_flag(asc.HardEvent.V_MTE3, 0)
        asc.wait_flag(asc.HardEvent.V_MTE3, 0)
        # HALF rows of BN floats into C, whose rows are N floats apart (gaps in 32-byte blocks).
        asc.data_copy(c_gm, t, asc.DataCopyParams(HALF, BN * 4 // 32, 0, (N - BN) * 4 // 32))


def matmul_mix_launch(a: np.ndarray, b: np.ndarray, with_flag: bool = True):
    """C = leaky_relu(A @ B) by the kernel; returns (C, the run report)."""
    c = np.zeros((M, N), dtype=np.float32)
    workspace = np.zeros(USE_CORE_NUM * BM * BN, dtype=np.float32)
    report = matmul_leaky_relu[USE_CORE_NUM](a.ravel(), b.ravel(), c.ravel(), workspace,
                                             ALPHA, with_flag)
    return c, report


def reference(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    c = a.astype(np.float32) @ b.astype(np.float32)
    return np.where(c >= 0, c, c * np.float32(ALPHA))


def main(argv: list[str]) -> int:
    rng = np.random.default_rng(0)
    a = rng.uniform(-1, 1, (M, K)).astype(np.float16)
    b = rng.uniform(-1, 1, (K, N)).astype(np.float16)
    try:
        c, report = matmul_mix_launch(a, b, with_flag="--no-flag" not in argv)
    except asc.SimulationError as e:  # a race, a deadlock, ... found by the simulator
        print(f"[ERROR] {e}", file=sys.stderr)
        return 1
    ref = reference(a, b)
    if not np.allclose(c, ref, rtol=1e-4, atol=1e-3):
        bad = int(np.count_nonzero(~np.isclose(c, ref, rtol=1e-4, atol=1e-3)))
        print(f"[ERROR] matmul_mix: {bad} of {c.size} elements differ from numpy",
              file=sys.stderr)
        return 1
    print(f"[INFO] matmul_mix: C[{M}, {N}] = leaky_relu(A[{M}, {K}] @ B[{K}, {N}]) on "
          f"{USE_CORE_NUM} AI cores (1 AIC + 2 AIV each) matches numpy")
    if report is not None:
        print(report)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
