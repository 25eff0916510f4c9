"""C = A @ B on the cube unit with hand-written LoadData / Mmad / Fixpipe, f16 in, f32 out.

pyasc's low-level cube APIs in ascdsl. Each AI core computes one BM x BN tile of C; it walks K
in steps of BK, with two buffers of each stage so that the copy of step t+1 overlaps the
multiply of step t:

    GM --MTE2 (data_copy, Nd2NzParams)--> L1 a1/b1 [2]  NZ fractals
       --MTE1 (load_data, LoadData2DParams)--> L0A a2 [2] (ZZ), L0B b2 [2] (ZN: transposed)
       --M (mmad, MmadParams)--> L0C co1 (f32, accumulated over the K steps)
       --FIX (fixpipe, FixpipeParamsV220, CFG_ROW_MAJOR)--> GM rows of C

The pipes are ordered by hand with flags (buffer p = t % buffer_num uses event id p):

    MTE2 --MTE2_MTE1--> MTE1 --MTE1_M--> M --M_FIX--> FIX
    MTE1 --MTE1_MTE2--> MTE2  (L1 buffer p is free again)
    M    --M_MTE1-->    MTE1  (L0A/L0B buffer p is free again)

Run it: `python examples/05_mmad/mmad.py` (exit status 0 when C matches numpy).
"""

import sys

import numpy as np

import ascdsl as asc

M, N, K = 256, 256, 512
BM, BN, BK = 128, 128, 64  # one core's tile of C, and the K step
FRAC = 256  # elements of one 16 x 16 half fractal (512 bytes)
USE_CORE_NUM = (M // BM) * (N // BN)


@asc.jit
def mmad_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress,
                buffer_num: asc.ConstExpr[int]):
    block = asc.get_block_idx()
    row = block // (N // BN)
    col = block % (N // BN)
    a_gm = asc.GlobalTensor()
    b_gm = asc.GlobalTensor()
    c_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a + row * BM * K, BM * K)
    b_gm.set_global_buffer(b + col * BN, (K - 1) * N + BN)  # BN columns of every row
    c_gm.set_global_buffer(c + row * BM * N + col * BN, (BM - 1) * N + BN)

    m1, n1, k1 = BM // 16, BN // 16, BK // 16  # fractals along each side
    a_tile, b_tile = BM * BK, BK * BN
    # Static tensors: buffer_num buffers of each input stage, one accumulator.
    a1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, buffer_num * a_tile)
    b1 = asc.LocalTensor(asc.float16, asc.TPosition.B1, buffer_num * a_tile * 2,
                         buffer_num * b_tile)
    a2 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, buffer_num * a_tile)
    b2 = asc.LocalTensor(asc.float16, asc.TPosition.B2, 0, buffer_num * b_tile)
    co1 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, BM * BN)

    # Every buffer starts free.
    for p in asc.static_range(buffer_num):
        asc.set_flag(asc.HardEvent.MTE1_MTE2, p)
        asc.set_flag(asc.HardEvent.M_MTE1, p)

    for t in range(K // BK):
        p = t % buffer_num
        # GM -> L1: the step's A tile (BM x BK) and B tile (BK x BN) as NZ fractals.
        asc.wait_flag(asc.HardEvent.MTE1_MTE2, p)
        asc.data_copy(a1[p * a_tile:], a_gm[t * BK:],
                      asc.Nd2NzParams(1, BM, BK, 0, K, BM, 1, 0))
        asc.data_copy(b1[p * b_tile:], b_gm[t * BK * N:],
                      asc.Nd2NzParams(1, BK, BN, 0, N, BK, 1, 0))
        asc.set_flag(asc.HardEvent.MTE2_MTE1, p)
        asc.wait_flag(asc.HardEvent.MTE2_MTE1, p)

        # L1 -> L0A: row block i of A is fractals i, i + m1, ... of the NZ tile (ZZ order).
        asc.wait_flag(asc.HardEvent.M_MTE1, p)
        for i in asc.static_range(m1):
            asc.load_data(a2[p * a_tile + i * k1 * FRAC:], a1[p * a_tile:],
                          asc.LoadData2DParams(i, k1, m1, 0, 0, False, 0))
        # L1 -> L0B: row block j of B, each fractal transposed (ZN order).
        for j in asc.static_range(k1):
            asc.load_data(b2[p * b_tile + j * n1 * FRAC:], b1[p * b_tile:],
                          asc.LoadData2DParams(j, n1, k1, 0, 0, True, 0))
        asc.set_flag(asc.HardEvent.MTE1_MTE2, p)
        asc.set_flag(asc.HardEvent.MTE1_M, p)
        asc.wait_flag(asc.HardEvent.MTE1_M, p)

        # L0A x L0B -> L0C: the first step writes, the others accumulate (is_bias).
        asc.mmad(co1, a2[p * a_tile:], b2[p * b_tile:],
                 asc.MmadParams(BM, BN, BK, is_bias=t > 0, fm_offset=0, en_ssparse=False,
                                en_winograd_a=False, en_winograd_b=False))
        asc.set_flag(asc.HardEvent.M_MTE1, p)

    for p in asc.static_range(buffer_num):
        asc.wait_flag(asc.HardEvent.MTE1_MTE2, p)
        asc.wait_flag(asc.HardEvent.M_MTE1, p)

    # L0C -> GM: NZ fractals to BN-wide rows of C (N elements apart), f32 as is.
    asc.set_flag(asc.HardEvent.M_FIX, 0)
    asc.wait_flag(asc.HardEvent.M_FIX, 0)
    asc.fixpipe(c_gm, co1, asc.FixpipeParamsV220(BN, BM, BM, N))


def mmad_launch(a: np.ndarray, b: np.ndarray, buffer_num: int = 2):
    """C = A @ B computed by the kernel; returns (C, the run report). `buffer_num=1` runs the
    stages one after the other (no double buffering)."""
    c = np.zeros((M, N), dtype=np.float32)
    report = mmad_kernel[USE_CORE_NUM](a.ravel(), b.ravel(), c.ravel(), buffer_num)
    return c, report


def main() -> int:
    rng = np.random.default_rng(0)
    a = rng.uniform(-1, 1, (M, K)).astype(np.float16)
    b = rng.uniform(-1, 1, (K, N)).astype(np.float16)
    try:
        c, report = mmad_launch(a, b)
    except asc.SimulationError as e:  # a race, a deadlock, an overflow, ... found by the simulator
        print(f"[ERROR] {e}", file=sys.stderr)
        return 1
    ref = a.astype(np.float32) @ b.astype(np.float32)
    if not np.allclose(c, ref, rtol=1e-4, atol=1e-3):
        bad = int(np.count_nonzero(~np.isclose(c, ref, rtol=1e-4, atol=1e-3)))
        print(f"[ERROR] mmad: {bad} of {c.size} elements differ from numpy", file=sys.stderr)
        return 1
    print(f"[INFO] mmad: C[{M}, {N}] = A[{M}, {K}] @ B[{K}, {N}] on {USE_CORE_NUM} cores "
          "matches numpy")
    if report is not None:
        print(report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
