"""C = A @ B (+ bias) with the Matmul API on the cube cores only, sized by the host tiling.

The host asks `host.MultiCoreMatmulTiling` for a TCubeTiling (pyasc's tutorial 04 does the
same) and launches one cube core per block of C. Each core works out its block from the
tiling (its offsets into A, B and C, and how much of M and N is left for a tail core), points
a `matmul::Matmul` object at its part of GM and calls `iterate_all`: the library then walks
the tiling's baseM x baseN blocks, staging A and B through L1 and L0A/L0B (MTE2, MTE1),
multiplying on M and writing each block out through FIX. The simulator runs that schedule, so
the report's pipe utilisation shows how well the tiling keeps the cube busy.

Run it: `python examples/03_matmul/matmul.py` (exit status 0 when C matches numpy).
"""

import sys

import numpy as np

import ascdsl as asc
import ascdsl.lib.host as host


@asc.jit
def block_of(tiling: asc.adv.TCubeTiling):
    """This core's offsets into A, B, C and the bias, and the M x N it computes."""
    block = asc.get_block_idx()
    m_blocks = tiling.m.ceildiv(tiling.single_core_m)
    m_index = block % m_blocks
    n_index = block // m_blocks
    offset_a = m_index * tiling.k_a * tiling.single_core_m
    offset_b = n_index * tiling.single_core_n
    offset_c = m_index * tiling.n * tiling.single_core_m + n_index * tiling.single_core_n
    tail_m = tiling.m - m_index * tiling.single_core_m
    if tail_m > tiling.single_core_m:
        tail_m = tiling.single_core_m
    tail_n = tiling.n - n_index * tiling.single_core_n
    if tail_n > tiling.single_core_n:
        tail_n = tiling.single_core_n
    return offset_a, offset_b, offset_c, offset_b, tail_m, tail_n


@asc.jit(matmul_cube_only=True)
def matmul_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress,
                  bias: asc.GlobalAddress, tiling: asc.adv.TCubeTiling,
                  workspace: asc.GlobalAddress):
    if asc.ascend_is_aic():
        offset_a, offset_b, offset_c, offset_bias, tail_m, tail_n = block_of(tiling)
        a_gm = asc.GlobalTensor()
        b_gm = asc.GlobalTensor()
        c_gm = asc.GlobalTensor()
        bias_gm = asc.GlobalTensor()
        a_gm.set_global_buffer(a + offset_a)
        b_gm.set_global_buffer(b + offset_b)
        c_gm.set_global_buffer(c + offset_c)
        bias_gm.set_global_buffer(bias + offset_bias)
        pipe = asc.TPipe()
        mm = asc.adv.Matmul(
            a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
            b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
            c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32),
            bias=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32),
        )
        asc.adv.register_matmul(pipe, workspace, mm, tiling)
        if asc.get_block_idx() < tiling.used_core_num:
            mm.set_tensor_a(a_gm)
            mm.set_tensor_b(b_gm)
            if tiling.is_bias:
                mm.set_bias(bias_gm)
            mm.set_tail(tail_m, tail_n, tiling.k_a)
            mm.iterate_all(c_gm)
            mm.end()
        asc.pipe_barrier(asc.PipeID.PIPE_ALL)


def generate_tiling(m: int, n: int, k: int, cores: int, bias: bool = False,
                    double_buffer: bool = True) -> asc.adv.TCubeTiling:
    """The library's tiling of an f16 x f16 -> f32 matmul over `cores` cube cores."""
    mt = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    mt.set_a_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16, False)
    mt.set_b_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16, False)
    mt.set_c_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    mt.set_bias_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    mt.set_dim(cores)
    mt.set_org_shape(m, n, k)
    mt.set_shape(m, n, k)
    mt.enable_bias(bias)
    mt.set_buffer_space(-1, -1, -1)
    if not double_buffer:
        mt.set_double_buffer(False, False, False, False)
    tiling = asc.adv.TCubeTiling()
    if mt.get_tiling(tiling) != 0:
        raise ValueError(mt.error)
    return tiling


def matmul(a: np.ndarray, b: np.ndarray, bias: np.ndarray | None,
           tiling: asc.adv.TCubeTiling):
    """C = A @ B (+ bias) by the kernel; returns (C, the run report)."""
    c = np.zeros((a.shape[0], b.shape[1]), dtype=np.float32)
    if bias is None:
        bias = np.zeros(b.shape[1], dtype=np.float32)
    workspace = np.zeros(1024, dtype=np.uint8)
    report = matmul_kernel[tiling.used_core_num](a.ravel(), b.ravel(), c.ravel(), bias.ravel(),
                                                 tiling, workspace)
    return c, report


def main() -> int:
    m, n, k = 512, 1000, 320  # N is not a multiple of the cores' share: tail cores
    rng = np.random.default_rng(0)
    a = rng.uniform(-1, 1, (m, k)).astype(np.float16)
    b = rng.uniform(-1, 1, (k, n)).astype(np.float16)
    bias = rng.uniform(-1, 1, n).astype(np.float32)
    tiling = generate_tiling(m, n, k, 24, bias=True)
    try:
        c, report = matmul(a, b, bias, tiling)
    except asc.SimulationError as e:
        print(f"[ERROR] {e}", file=sys.stderr)
        return 1
    ref = a.astype(np.float32) @ b.astype(np.float32) + bias[None, :]
    if not np.allclose(c, ref, rtol=1e-5, atol=1e-5):
        bad = int(np.count_nonzero(~np.isclose(c, ref, rtol=1e-5, atol=1e-5)))
        print(f"[ERROR] matmul: {bad} of {c.size} elements differ", file=sys.stderr)
        return 1
    print(f"[INFO] C[{m}, {n}] = A @ B + bias on {tiling.used_core_num} cube cores matches "
          f"numpy; {tiling}")
    print(report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
