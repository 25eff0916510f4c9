"""C = leaky_relu(A @ B + bias) with the Matmul API in a mixed kernel: each vector core asks its
AI core's cube core for blocks of C and applies the epilogue to them. f16 in, f32 out.

The same computation as matmul_mix.py, written the way pyasc's tutorial 05 writes it. No
cube instruction and no cross-core flag appears in the kernel: on a MIX_AIC_1_2 launch the
Matmul object is split (Ascend C's KFC):

    AIV i (client):  Iterate ------ message ------>  AIC (server, one Matmul per AIV):
                                                      MTE2 A/B -> L1 -> MTE1 -> L0A/L0B -> M
                     GetTensorC --- message ------>  FIX: the block -> GM workspace slot
                               <--- answer (FIX) ---
                     workspace --MTE2--> UB; LeakyRelu (V); UB --MTE3--> C

The host tiling is asked for one share of C per vector core (`set_dim` = 2 x the AI cores),
and each vector core computes its share's offsets from its block index, which counts vector
cores. The simulator runs both sides on their own timelines; the report has one entry per
core (`block 0 AIC`, `block 0 AIV0`, ...).

Run it: `python examples/04_matmul_mix/matmul_mix_api.py` (exit status 0 when C matches numpy).
"""

import sys

import numpy as np

import ascdsl as asc
import ascdsl.lib.host as host

M, N, K = 512, 512, 256
AI_CORES = 2  # each has one cube core and two vector cores: 4 shares of C
ALPHA = 0.1


@asc.jit
def share_of(tiling: asc.adv.TCubeTiling):
    """This vector core's offsets into A, B, C and the bias."""
    block = asc.get_block_idx()  # counts vector cores in a mixed kernel
    m_shares = tiling.m.ceildiv(tiling.single_core_m)
    m_index = block % m_shares
    n_index = block // m_shares
    offset_a = m_index * tiling.k_a * tiling.single_core_m
    offset_b = n_index * tiling.single_core_n
    offset_c = m_index * tiling.n * tiling.single_core_m + n_index * tiling.single_core_n
    return offset_a, offset_b, offset_c, offset_b


@asc.jit
def matmul_leaky_relu(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress,
                      bias: asc.GlobalAddress, alpha: float, tiling: asc.adv.TCubeTiling,
                      workspace: asc.GlobalAddress):
    offset_a, offset_b, offset_c, offset_bias = share_of(tiling)
    a_gm = asc.GlobalTensor()
    b_gm = asc.GlobalTensor()
    c_gm = asc.GlobalTensor()
    bias_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a + offset_a)
    b_gm.set_global_buffer(b + offset_b)
    c_gm.set_global_buffer(c + offset_c)
    bias_gm.set_global_buffer(bias + offset_bias)
    pipe = asc.TPipe()
    out_q = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(que=out_q, num=1, len=tiling.base_m * tiling.base_n * 4)
    mm = asc.adv.Matmul(
        a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
        b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
        c=asc.adv.MatmulType(asc.TPosition.VECCALC, asc.CubeFormat.ND, asc.float32),
        bias=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32))
    asc.adv.register_matmul(pipe, workspace, mm, tiling)  # the AIC serves from here on
    mm.set_tensor_a(a_gm)
    mm.set_tensor_b(b_gm)
    mm.set_bias(bias_gm)
    round_m = tiling.single_core_m // tiling.base_m
    with mm.iterate() as count:  # blocks M-first (the tiling's FIRSTM traversal)
        t = out_q.alloc_tensor(asc.float32)
        mm.get_tensor_c(t, en_sequential_write=True)  # baseM rows of baseN floats
        asc.leaky_relu(t, t, alpha, count=tiling.base_m * tiling.base_n)
        out_q.enque(t)
        t = out_q.deque(asc.float32)
        start = count % round_m * tiling.base_m * tiling.n + count // round_m * tiling.base_n
        asc.data_copy(c_gm[start:], t, repeat_params=asc.DataCopyParams(
            block_count=tiling.base_m, block_len=tiling.base_n * 4 // 32, src_stride=0,
            dst_stride=(tiling.n - tiling.base_n) * 4 // 32))
        out_q.free_tensor(t)
    mm.end()


def generate_tiling(m: int, n: int, k: int, shares: int) -> asc.adv.TCubeTiling:
    mt = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    mt.set_a_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16, False)
    mt.set_b_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16, False)
    mt.set_c_type(host.TPosition.VECCALC, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    mt.set_bias_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    mt.set_dim(shares)
    mt.set_org_shape(m, n, k)
    mt.set_shape(m, n, k)
    mt.enable_bias(True)
    mt.set_traverse(host.MatrixTraverse.FIRSTM)
    mt.set_fix_split(128, 128, -1)  # a 128 x 128 f32 block: 64 KB of the vector core's UB
    tiling = asc.adv.TCubeTiling()
    if mt.get_tiling(tiling) != 0:
        raise ValueError(mt.error)
    return tiling


def matmul_mix_api(a: np.ndarray, b: np.ndarray, bias: np.ndarray,
                   tiling: asc.adv.TCubeTiling):
    """C = leaky_relu(A @ B + bias) by the kernel; returns (C, the run report)."""
    c = np.zeros((a.shape[0], b.shape[1]), dtype=np.float32)
    workspace = np.zeros(16 * 1024 * 1024, dtype=np.uint8)
    report = matmul_leaky_relu[tiling.used_core_num // 2](
        a.ravel(), b.ravel(), c.ravel(), bias.ravel(), ALPHA, tiling, workspace)
    return c, report


def reference(a: np.ndarray, b: np.ndarray, bias: np.ndarray) -> np.ndarray:
    c = a.astype(np.float32) @ b.astype(np.float32) + bias[None, :]
    return np.where(c >= 0, c, c * np.float32(ALPHA))


def main() -> int:
    rng = np.random.default_rng(0)
    a = rng.uniform(-1, 1, (M, K)).astype(np.float16)
    b = rng.uniform(-1, 1, (K, N)).astype(np.float16)
    bias = rng.uniform(-1, 1, N).astype(np.float32)
    tiling = generate_tiling(M, N, K, 2 * AI_CORES)
    try:
        c, report = matmul_mix_api(a, b, bias, tiling)
    except asc.SimulationError as e:
        print(f"[ERROR] {e}", file=sys.stderr)
        return 1
    ref = reference(a, b, bias)
    if not np.allclose(c, ref, rtol=1e-5, atol=1e-5):
        bad = int(np.count_nonzero(~np.isclose(c, ref, rtol=1e-5, atol=1e-5)))
        print(f"[ERROR] matmul_mix_api: {bad} of {c.size} elements differ", file=sys.stderr)
        return 1
    print(f"[INFO] matmul_mix_api: C[{M}, {N}] = leaky_relu(A @ B + bias) on {AI_CORES} AI "
          f"cores ({tiling.used_core_num} Matmul clients) matches numpy")
    print(report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
