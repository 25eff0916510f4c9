"""C = A @ B on many cube cores, every size taken from the host tiling library's TCubeTiling.

The host asks `host.MultiCoreMatmulTiling` for a tiling (as pyasc's tutorials do) and passes
the struct to the kernel. The kernel is written with the basic cube APIs (data_copy with
Nd2NzParams, load_data, mmad, fixpipe); it reads its block of C, the block sizes and the L1
staging from the tiling's fields at run time:

- core `block_idx` computes C[m_index * singleCoreM :, n_index * singleCoreN :], its last row
  or column block (the tail) smaller where M or N ends;
- within it, baseM x baseN blocks of C, walked in the tiling's iterateOrder;
- for each, K in L1 steps of stepKa * baseK (A and B copied GM -> L1 as NZ fractals, in
  depthA1 / stepKa buffers: two, or one without double buffering), each L1 step in baseK sub-steps (L1 -> L0A/L0B, dbL0A buffers), one Mmad each,
  accumulating in L0C; then Fixpipe writes the block of C.

The pipes are ordered with flags as in examples/05_mmad (MTE2 -> MTE1 -> M -> FIX, and back
when a buffer is free). M, N and K must be multiples of 16 (Nd2Nz pads nothing here).

Run it: `python examples/11_tiled_matmul/tiled_matmul.py` (exit status 0 when C matches numpy).
"""

import sys

import numpy as np

import ascdsl as asc
import ascdsl.lib.host as host

FRAC = 256  # elements of one 16 x 16 half fractal (512 bytes)
L1_HALVES = 256 * 1024  # all of L1 (512 KB) as halves
L0AB_HALVES = 32 * 1024  # all of L0A / L0B (64 KB)
L0C_FLOATS = 32 * 1024  # all of L0C (128 KB)


@asc.jit
def smaller(x, y):
    r = x
    if y < x:
        r = y
    return r


@asc.jit
def tiled_matmul_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress,
                        tiling: asc.adv.TCubeTiling):
    M = tiling.m
    N = tiling.n
    K = tiling.k_a
    block = asc.get_block_idx()
    m_blocks = M.ceildiv(tiling.single_core_m)
    m_index = block % m_blocks
    n_index = block // m_blocks
    m0 = m_index * tiling.single_core_m
    n0 = n_index * tiling.single_core_n
    core_m = smaller(tiling.single_core_m, M - m0)  # the tail block is smaller
    core_n = smaller(tiling.single_core_n, N - n0)

    a_gm = asc.GlobalTensor()
    b_gm = asc.GlobalTensor()
    c_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a + m0 * K, core_m * K)
    b_gm.set_global_buffer(b + n0, (K - 1) * N + core_n)
    c_gm.set_global_buffer(c + m0 * N + n0, (core_m - 1) * N + core_n)

    base_m = tiling.base_m
    base_n = tiling.base_n
    base_k = tiling.base_k
    step_k = tiling.step_k_a  # the library keeps stepKa == stepKb
    k_l1 = step_k * base_k  # K of one L1 stage
    db_l0 = smaller(tiling.db_l0a, tiling.db_l0b)
    # L1 buffers of each input: 2, or 1 without double buffering (one count for both)
    db_l1 = smaller(tiling.depth_a1 // step_k, tiling.depth_b1 // step_k)
    a_l1 = base_m * k_l1  # halves of one L1 buffer of A
    b_l1 = base_n * k_l1
    # L1: db_l1 buffers of A, then of B (the tiling's depthA1/B1 fit L1 by construction).
    a1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, L1_HALVES)
    b1 = asc.LocalTensor(asc.float16, asc.TPosition.B1, 0, L1_HALVES)
    a2 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, L0AB_HALVES)
    b2 = asc.LocalTensor(asc.float16, asc.TPosition.B2, 0, L0AB_HALVES)
    co1 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, L0C_FLOATS)

    m_iter = core_m.ceildiv(base_m)
    n_iter = core_n.ceildiv(base_n)
    l1_steps = K.ceildiv(k_l1)
    k_subs = K.ceildiv(base_k)

    for p in asc.static_range(2):
        asc.set_flag(asc.HardEvent.MTE1_MTE2, p)
        asc.set_flag(asc.HardEvent.M_MTE1, p)
    asc.set_flag(asc.HardEvent.FIX_M, 0)

    for blk in range(m_iter * n_iter):
        mi = blk % m_iter
        ni = blk // m_iter
        if tiling.iterate_order == 1:  # N first: walk a row of blocks before the next row
            mi = blk // n_iter
            ni = blk % n_iter
        bm = smaller(base_m, core_m - mi * base_m)
        bn = smaller(base_n, core_n - ni * base_n)
        m1 = bm // 16
        n1 = bn // 16
        asc.wait_flag(asc.HardEvent.FIX_M, 0)  # L0C is free: the previous block is written
        for s in range(l1_steps):
            q = (blk * l1_steps + s) % db_l1
            k0 = s * k_l1
            kl = smaller(k_l1, K - k0)
            # GM -> L1: A[bm x kl] and B[kl x bn] as NZ fractals
            asc.wait_flag(asc.HardEvent.MTE1_MTE2, q)
            asc.data_copy(a1[q * a_l1:], a_gm[mi * base_m * K + k0:],
                          asc.Nd2NzParams(1, bm, kl, 0, K, bm, 1, 0))
            asc.data_copy(b1[db_l1 * a_l1 + q * b_l1:], b_gm[k0 * N + ni * base_n:],
                          asc.Nd2NzParams(1, kl, bn, 0, N, kl, 1, 0))
            asc.set_flag(asc.HardEvent.MTE2_MTE1, q)
            asc.wait_flag(asc.HardEvent.MTE2_MTE1, q)
            kl1 = kl // 16
            subs = kl.ceildiv(base_k)
            for t in range(subs):
                h = (blk * k_subs + s * step_k + t) % db_l0
                bk = smaller(base_k, kl - t * base_k)
                k1 = bk // 16
                kf = t * (base_k // 16)  # first fractal column of this sub-step
                asc.wait_flag(asc.HardEvent.M_MTE1, h)
                for i in range(m1):  # A: NZ -> ZZ, row block i
                    asc.load_data(a2[h * base_m * base_k + i * k1 * FRAC:], a1[q * a_l1:],
                                  asc.LoadData2DParams(kf * m1 + i, k1, m1, 0, 0, False, 0))
                for j in range(k1):  # B: NZ -> ZN, fractals transposed
                    asc.load_data(b2[h * base_n * base_k + j * n1 * FRAC:],
                                  b1[db_l1 * a_l1 + q * b_l1:],
                                  asc.LoadData2DParams(kf + j, n1, kl1, 0, 0, True, 0))
                asc.set_flag(asc.HardEvent.MTE1_M, h)
                asc.wait_flag(asc.HardEvent.MTE1_M, h)
                asc.mmad(co1, a2[h * base_m * base_k:], b2[h * base_n * base_k:],
                         asc.MmadParams(bm, bn, bk, is_bias=(s + t) > 0, fm_offset=0,
                                        en_ssparse=False, en_winograd_a=False,
                                        en_winograd_b=False))
                asc.set_flag(asc.HardEvent.M_MTE1, h)
            asc.set_flag(asc.HardEvent.MTE1_MTE2, q)
        # L0C -> GM: the block's rows of C
        asc.set_flag(asc.HardEvent.M_FIX, 0)
        asc.wait_flag(asc.HardEvent.M_FIX, 0)
        asc.fixpipe(c_gm[mi * base_m * N + ni * base_n:], co1,
                    asc.FixpipeParamsV220(bn, bm, bm, N))
        asc.set_flag(asc.HardEvent.FIX_M, 0)

    for p in asc.static_range(2):
        asc.wait_flag(asc.HardEvent.MTE1_MTE2, p)
        asc.wait_flag(asc.HardEvent.M_MTE1, p)
    asc.wait_flag(asc.HardEvent.FIX_M, 0)


def generate_tiling(m: int, n: int, k: int, cores: int,
                    double_buffer: bool = True) -> asc.adv.TCubeTiling:
    """The library's tiling of an f16 x f16 -> f32 matmul over `cores` cube cores;
    `double_buffer=False` asks for one L1 buffer of A and of B and one of C."""
    mt = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    mt.set_a_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16, False)
    mt.set_b_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16, False)
    mt.set_c_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    mt.set_dim(cores)
    mt.set_org_shape(m, n, k)
    mt.set_shape(m, n, k)
    mt.set_buffer_space(-1, -1, -1)
    if not double_buffer:
        mt.set_double_buffer(False, False, False, False)
    tiling = asc.adv.TCubeTiling()
    if mt.get_tiling(tiling) != 0:
        raise ValueError(mt.error)
    return tiling


def tiled_matmul(a: np.ndarray, b: np.ndarray, tiling: asc.adv.TCubeTiling):
    """C = A @ B by the kernel; returns (C, the run report)."""
    c = np.zeros((a.shape[0], b.shape[1]), dtype=np.float32)
    report = tiled_matmul_kernel[tiling.used_core_num](a.ravel(), b.ravel(), c.ravel(), tiling)
    return c, report


def main() -> int:
    m, n, k = 512, 768, 384
    rng = np.random.default_rng(0)
    a = rng.uniform(-1, 1, (m, k)).astype(np.float16)
    b = rng.uniform(-1, 1, (k, n)).astype(np.float16)
    tiling = generate_tiling(m, n, k, 24)
    try:
        c, report = tiled_matmul(a, b, tiling)
    except asc.SimulationError as e:
        print(f"[ERROR] {e}", file=sys.stderr)
        return 1
    ref = a.astype(np.float32) @ b.astype(np.float32)
    if not np.allclose(c, ref, rtol=1e-4, atol=1e-3):
        bad = int(np.count_nonzero(~np.isclose(c, ref, rtol=1e-4, atol=1e-3)))
        print(f"[ERROR] tiled matmul: {bad} of {c.size} elements differ", file=sys.stderr)
        return 1
    print(f"[INFO] C[{m}, {n}] = A @ B on {tiling.used_core_num} cores matches numpy; {tiling}")
    print(report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
