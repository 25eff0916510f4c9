"""Dequantised Matmul output (sim/lower/matmul_quant.py): int8 x int8 into f16 with a scale
per column (SetQuantVector) or one scale (SetQuantScalar). The first test is pyasc's
generalization/adv/test_matmul_quant.py (skipped in pyasc: torch has no int32 matmul on its
CPU path) with numpy in place of torch, run as pyasc writes it: a mixed kernel, the library
tiling on 16 cores, pyasc's golden and tolerance."""

from __future__ import annotations

from typing import Tuple

import numpy as np
import pytest

import ascdsl as asc
import ascdsl.lib.host as host
from ascdsl.sim.errors import NotSimulatedError


@asc.jit
def quant_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress,
                 tiling: asc.adv.TCubeTiling, workspace: asc.GlobalAddress,
                 quant_vector: asc.GlobalAddress):
    tiling.share_l1_size = asc.property(asc.TOTAL_L1_SIZE)
    tiling.share_l0c_size = asc.property(asc.TOTAL_L0C_SIZE)
    offset_a, offset_b, offset_c, offset_quant = calc_offsets(tiling)
    a_global = asc.GlobalTensor()
    b_global = asc.GlobalTensor()
    c_global = asc.GlobalTensor()
    quant_vector_global = asc.GlobalTensor()
    a_global.set_global_buffer(a + offset_a)
    b_global.set_global_buffer(b + offset_b)
    c_global.set_global_buffer(c + offset_c)
    quant_vector_global.set_global_buffer(quant_vector + offset_quant)
    matmul = asc.adv.Matmul(
        a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, a_global.dtype),
        b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, b_global.dtype),
        c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, c_global.dtype),
    )
    pipe = asc.TPipe()
    asc.adv.register_matmul(pipe, workspace, matmul, tiling)
    matmul.set_org_shape(tiling.m, tiling.n, tiling.k_a)
    matmul.set_single_shape(tiling.single_core_m, tiling.single_core_n, tiling.single_core_k)
    matmul.set_tensor_a(a_global)
    matmul.set_tensor_b(b_global)
    matmul.set_quant_vector(quant_vector_global)
    matmul.iterate_all(c_global)
    matmul.end()
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)


@asc.jit
def calc_offsets(tiling: asc.adv.TCubeTiling) -> Tuple[int, int, int]:
    block_idx = asc.get_block_idx()
    temp0 = tiling.m.ceildiv(tiling.single_core_m)
    temp1 = tiling.k_a.ceildiv(tiling.single_core_k)
    temp2 = tiling.used_core_num // temp1
    m_index = (block_idx % temp2) % temp0
    n_index = (block_idx % temp2) // temp0
    offset_a = m_index * tiling.k_a * tiling.single_core_m
    offset_b = n_index * tiling.single_core_n
    offset_c = m_index * tiling.n * tiling.single_core_m + n_index * tiling.single_core_n
    offset_quant = n_index * tiling.single_core_n
    return offset_a, offset_b, offset_c, offset_quant


def generate_tiling(m, n, k):
    matmul_tiling = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    matmul_tiling.set_a_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_INT8, False)
    matmul_tiling.set_b_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_INT8, False)
    matmul_tiling.set_c_type(host.TPosition.VECCALC, host.CubeFormat.ND, host.DataType.DT_FLOAT16)
    matmul_tiling.set_dim(16)
    matmul_tiling.set_org_shape(m, n, k)
    matmul_tiling.set_shape(m, n, k)
    matmul_tiling.set_traverse(host.MatrixTraverse.FIRSTM)
    matmul_tiling.set_buffer_space(-1, -1, -1)
    tiling = asc.adv.TCubeTiling()
    assert matmul_tiling.get_tiling(tiling) == 0
    return tiling


def gen_golden(output: np.ndarray, quant_vector: np.ndarray):
    """pyasc's gen_golden: the scales masked to 1 + 8 + 10 bits, C = f16(acc) * scale."""
    bits = quant_vector.view(np.uint32) & np.uint32(0xFFFFE000)
    scale = bits.view(np.float32)
    golden = (output.astype(np.float16).astype(np.float32) * scale[None, :]).astype(np.float16)
    return golden, bits.astype(np.uint64)


@pytest.mark.parametrize("size", [(256, 256, 256), (256, 128, 64), (64, 128, 256)])
def test_pyasc_matmul_quant_with_numpy(size):
    m, k, n = size
    rng = np.random.default_rng(m + k + n)
    a = rng.integers(-5, 5, (m, k)).astype(np.int8)
    b = rng.integers(-5, 5, (k, n)).astype(np.int8)
    c = np.zeros((m, n), np.float16)
    workspace = np.zeros(16 * 1024 * 1024, np.uint8)
    quant_vector = ((rng.random(n, dtype=np.float32) - 0.5) * 10).astype(np.float32)
    output = a.astype(np.int32) @ b.astype(np.int32)
    golden, qv = gen_golden(output, quant_vector)
    tiling = generate_tiling(m, n, k)
    report = quant_kernel[tiling.used_core_num](a.ravel(), b.ravel(), c.ravel(), tiling,
                                                workspace, qv)
    np.testing.assert_allclose(c.astype(np.float32), golden.astype(np.float32), atol=1e-3,
                               rtol=0)
    # pyasc's kernel lets AI cores repeat each other's blocks: that is a warning (the same
    # bytes twice, no race), never an error
    assert all(f.warning and "the work is done twice" in str(f) for f in report.findings)
    # The model: one rounding of the exact product (acc x masked scale) into f16.
    exact = (output.astype(np.float64) * (qv.astype(np.uint32).view(np.float32)
                                          .astype(np.float64))[None, :]).astype(np.float16)
    np.testing.assert_array_equal(c, exact)


@asc.jit(matmul_cube_only=True)
def scalar_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress,
                  tiling: asc.adv.TCubeTiling, workspace: asc.GlobalAddress, scale: int):
    a_gm = asc.GlobalTensor()
    b_gm = asc.GlobalTensor()
    c_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a)
    b_gm.set_global_buffer(b)
    c_gm.set_global_buffer(c)
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(
        a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, a_gm.dtype),
        b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, b_gm.dtype),
        c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, c_gm.dtype))
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    mm.set_tensor_a(a_gm)
    mm.set_tensor_b(b_gm)
    mm.set_quant_scalar(scale)
    mm.iterate_all(c_gm)
    mm.end()


def _one_core_tiling(m, n, k, dtype):
    mt = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    mt.set_a_type(host.TPosition.GM, host.CubeFormat.ND, dtype, False)
    mt.set_b_type(host.TPosition.GM, host.CubeFormat.ND, dtype, False)
    mt.set_c_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16)
    mt.set_dim(1)
    mt.set_org_shape(m, n, k)
    mt.set_shape(m, n, k)
    t = asc.adv.TCubeTiling()
    assert mt.get_tiling(t) == 0
    return t


def test_quant_scalar_scales_every_element_by_the_masked_scale():
    m, n, k = 64, 96, 128
    rng = np.random.default_rng(1)
    a = rng.integers(-128, 128, (m, k)).astype(np.int8)
    b = rng.integers(-128, 128, (k, n)).astype(np.int8)
    scale = np.float32(0.0123456)
    word = int(scale.view(np.uint32))  # unmasked: the deq unit drops the low 13 bits
    c = np.zeros((m, n), np.float16)
    scalar_kernel[1](a.ravel(), b.ravel(), c.ravel(), _one_core_tiling(
        m, n, k, host.DataType.DT_INT8), np.zeros(64, np.uint8), word)
    masked = np.uint32(word & 0xFFFFE000).view(np.float32)
    assert masked != scale
    acc = a.astype(np.int64) @ b.astype(np.int64)
    np.testing.assert_array_equal(c, (acc * np.float64(masked)).astype(np.float16))


def test_quantising_float_inputs_is_refused_at_the_kernel_line():
    m = n = k = 32
    with pytest.raises(NotSimulatedError) as e:
        scalar_kernel[1](np.zeros(m * k, np.float16), np.zeros(k * n, np.float16),
                         np.zeros(m * n, np.float16),
                         _one_core_tiling(m, n, k, host.DataType.DT_FLOAT16),
                         np.zeros(64, np.uint8), 0x3F800000)
    assert "dequantisation of int8 x int8" in str(e.value)
    assert "test_matmul_quant.py" in str(e.value)
