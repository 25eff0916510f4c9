"""Requantised Matmul output (sim/lower/matmul_quant.py: requant): int8 x int8 (int32
accumulators, REQ8 / VREQ8) and f16 x f16 (f32 accumulators, QF322B8_PRE / VQF322B8_PRE)
into int8 or uint8 C with SetQuantScalar / SetQuantVector.

The golden is written here from asc-devkit's reference algorithm for its Fixpipe example
(examples/01_simd_cpp_api/03_basic_api/03_matrix_compute/fixpipe_l0c2gm/scripts/
gen_data_s322s8.py, req8_pre), element by element in plain Python, so that it does not share
the simulator's vectorised code: M1 from bits 31..13 as a (1, 8, 10) float, the accumulator
as f32 times M1 in f32, saturate to [-256, 255], round half to even, add the 9-bit offset of
bits 45..37, saturate to int8 (bit 46 set) or uint8."""

from __future__ import annotations

import numpy as np
import pytest

import ascdsl as asc
import ascdsl.lib.host as host
from ascdsl.sim.errors import NotSimulatedError


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


@asc.jit(matmul_cube_only=True)
def vector_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress,
                  tiling: asc.adv.TCubeTiling, workspace: asc.GlobalAddress,
                  scales: asc.GlobalAddress):
    a_gm = asc.GlobalTensor()
    b_gm = asc.GlobalTensor()
    c_gm = asc.GlobalTensor()
    q_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a)
    b_gm.set_global_buffer(b)
    c_gm.set_global_buffer(c)
    q_gm.set_global_buffer(scales)
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(
        a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, a_gm.dtype),
        b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, b_gm.dtype),
        c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, c_gm.dtype))
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    mm.set_tensor_a(a_gm)
    mm.set_tensor_b(b_gm)
    mm.set_quant_vector(q_gm)
    mm.iterate_all(c_gm)
    mm.end()


_HOST = {np.int8: host.DataType.DT_INT8, np.float16: host.DataType.DT_FLOAT16}


def _tiling(m, n, k, in_dt, out_dt):
    mt = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    mt.set_a_type(host.TPosition.GM, host.CubeFormat.ND, _HOST[in_dt], False)
    mt.set_b_type(host.TPosition.GM, host.CubeFormat.ND, _HOST[in_dt], False)
    mt.set_c_type(host.TPosition.GM, host.CubeFormat.ND, _HOST[out_dt])
    mt.set_dim(1)
    mt.set_org_shape(m, n, k)
    mt.set_shape(m, n, k)
    t = asc.adv.TCubeTiling()
    assert mt.get_tiling(t) == 0
    return t


def word(scale: float, offset: int = 0, signed: bool = True) -> int:
    """A QUANT_PRE word: the f32 scale in bits 31..0, offset in 45..37, sign in 46."""
    return (int(np.float32(scale).view(np.uint32)) | (offset & 0x1FF) << 37
            | int(signed) << 46)


def golden_one(acc, w: int) -> int:
    """req8_pre of asc-devkit's reference script, for one element; the 8 bits as uint8."""
    bits = (w >> 13) & 0xFFFFF
    sign, exp, man = (bits >> 18) & 1, (bits >> 10) & 0xFF, bits & 0x3FF
    alpha = np.float32((-1) ** sign * (1 + man / 1024) * 2.0 ** (exp - 127))
    x = np.float32(acc) * alpha
    q = int(np.round(min(max(float(x), -256.0), 255.0))) + ((w >> 37) & 0x1FF)
    q = min(max(q, -128), 127) if (w >> 46) & 1 else min(max(q, 0), 255)
    return q & 0xFF


def golden(acc: np.ndarray, words: list[int], out_dt) -> np.ndarray:
    m, n = acc.shape
    res = np.array([[golden_one(acc[i, j], words[j % len(words)]) for j in range(n)]
                    for i in range(m)], np.uint8)
    return res.view(out_dt)


def test_req8_scalar_rounds_half_to_even_and_saturates():
    m, n, k = 32, 48, 64
    rng = np.random.default_rng(3)
    a = rng.integers(-128, 128, (m, k)).astype(np.int8)
    b = rng.integers(-128, 128, (k, n)).astype(np.int8)
    acc = a.astype(np.int32) @ b.astype(np.int32)
    w = word(1 / 512)  # acc / 512: |acc| reaches 2^19, so most results saturate
    c = np.zeros((m, n), np.int8)
    scalar_kernel[1](a.ravel(), b.ravel(), c.ravel(), _tiling(m, n, k, np.int8, np.int8),
                     np.zeros(64, np.uint8), np.uint64(w))
    np.testing.assert_array_equal(c, golden(acc, [w], np.int8))
    assert (c == 127).any() and (c == -128).any()  # both saturations happen
    # where acc / 512 ends in .5 and does not saturate, the result is even
    half = (np.abs(acc) % 512 == 256) & (np.abs(acc) < 127 * 512)
    assert half.any() and (c[half] % 2 == 0).all()


def test_req8_scalar_exact_halves_round_to_even():
    # A = 1 row of ones, B chosen so that acc = 1, 3, 5, ...: acc x 0.5 ends in .5 everywhere
    m, n, k = 16, 32, 32
    a = np.zeros((m, k), np.int8)
    a[:, 0] = 1
    b = np.zeros((k, n), np.int8)
    b[0, :] = np.arange(n, dtype=np.int8) * 2 + 1 - 32  # -31, -29, ..., 31
    w = word(0.5)
    c = np.zeros((m, n), np.int8)
    scalar_kernel[1](a.ravel(), b.ravel(), c.ravel(), _tiling(m, n, k, np.int8, np.int8),
                     np.zeros(64, np.uint8), np.uint64(w))
    expect = np.round((np.arange(n) * 2 + 1 - 32) / 2).astype(np.int8)  # numpy: half to even
    np.testing.assert_array_equal(c, np.broadcast_to(expect, (m, n)))
    assert c[0, 15] == 0 and c[0, 16] == 0 and c[0, 17] == 2  # -0.5, 0.5 -> 0; 1.5 -> 2


def test_req8_offset_and_unsigned_results():
    m, n, k = 16, 32, 32
    rng = np.random.default_rng(5)
    a = rng.integers(-8, 8, (m, k)).astype(np.int8)
    b = rng.integers(-8, 8, (k, n)).astype(np.int8)
    acc = a.astype(np.int32) @ b.astype(np.int32)
    w = word(0.25, offset=100, signed=False)
    # pyasc's iterate_all takes an int8 C, not uint8 (its check list): the unsigned bytes
    # land in it as they are
    c = np.zeros((m, n), np.int8)
    scalar_kernel[1](a.ravel(), b.ravel(), c.ravel(), _tiling(m, n, k, np.int8, np.int8),
                     np.zeros(64, np.uint8), np.uint64(w))
    np.testing.assert_array_equal(c, golden(acc, [w], np.int8))
    ref = np.clip(np.round(np.clip(acc * 0.25, -256, 255)) + 100, 0, 255).astype(np.uint8)
    np.testing.assert_array_equal(c.view(np.uint8), ref)
    assert (c < 0).any()  # results above 127 read back negative from the int8 C


def test_vreq8_one_word_per_column_with_mixed_signs():
    m, n, k = 32, 64, 64
    rng = np.random.default_rng(7)
    a = rng.integers(-128, 128, (m, k)).astype(np.int8)
    b = rng.integers(-128, 128, (k, n)).astype(np.int8)
    acc = a.astype(np.int32) @ b.astype(np.int32)
    scales = rng.random(n, dtype=np.float32) * np.float32(2e-4)  # unmasked: low bits drop
    words = [word(s, offset=int(rng.integers(0, 512)), signed=bool(j % 3))
             for j, s in enumerate(scales)]
    c = np.zeros((m, n), np.int8)
    vector_kernel[1](a.ravel(), b.ravel(), c.ravel(), _tiling(m, n, k, np.int8, np.int8),
                     np.zeros(64, np.uint8), np.array(words, np.uint64))
    np.testing.assert_array_equal(c, golden(acc, words, np.int8))


def test_qf322b8_f16_inputs_into_int8():
    m, n, k = 32, 32, 64
    rng = np.random.default_rng(9)
    a = (rng.random((m, k)) * 4 - 2).astype(np.float16)
    b = (rng.random((k, n)) * 4 - 2).astype(np.float16)
    acc = a.astype(np.float32) @ b.astype(np.float32)
    w = word(10.0)
    c = np.zeros((m, n), np.int8)
    scalar_kernel[1](a.ravel(), b.ravel(), c.ravel(), _tiling(m, n, k, np.float16, np.int8),
                     np.zeros(64, np.uint8), np.uint64(w))
    # the f32 accumulators are numpy's f32 matmul of the inputs (docs/cube.md)
    ref = np.clip(np.round(np.clip(acc * np.float32(10.0), -256, 255)), -128, 127)
    np.testing.assert_array_equal(c, ref.astype(np.int8))
    np.testing.assert_array_equal(c, golden(acc, [w], np.int8))
    assert (np.abs(c) == 128 - 1).any() and (np.abs(c) < 127).any()


def test_mcb_pre_shift_is_refused_at_the_kernel_line():
    m = n = k = 32
    w = word(1.0) | 1 << 36 | 3 << 32
    with pytest.raises(NotSimulatedError) as e:
        scalar_kernel[1](np.zeros(m * k, np.int8), np.zeros(k * n, np.int8),
                         np.zeros(m * n, np.int8), _tiling(m, n, k, np.int8, np.int8),
                         np.zeros(64, np.uint8), np.uint64(w))
    assert "MCB bit (36)" in str(e.value)
    assert "test_matmul_requant.py" in str(e.value)


@asc.jit(matmul_cube_only=True)
def iterate_vector_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress,
                          tiling: asc.adv.TCubeTiling, workspace: asc.GlobalAddress,
                          scales: asc.GlobalAddress):
    a_gm = asc.GlobalTensor()
    b_gm = asc.GlobalTensor()
    c_gm = asc.GlobalTensor()
    q_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a)
    b_gm.set_global_buffer(b)
    c_gm.set_global_buffer(c)
    q_gm.set_global_buffer(scales)
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(
        a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, a_gm.dtype),
        b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, b_gm.dtype),
        c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, c_gm.dtype))
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    mm.set_tensor_a(a_gm)
    mm.set_tensor_b(b_gm)
    mm.set_quant_vector(q_gm)
    with mm.iterate() as count:
        mm.get_tensor_c(c_gm)
    mm.end()


def test_vreq8_block_by_block_takes_each_blocks_columns_of_the_vector():
    m, n, k = 64, 96, 64
    mt = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    mt.set_a_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_INT8, False)
    mt.set_b_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_INT8, False)
    mt.set_c_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_INT8)
    mt.set_dim(1)
    mt.set_org_shape(m, n, k)
    mt.set_shape(m, n, k)
    mt.set_fix_split(32, 32, -1)  # 2 x 3 blocks: the vector is read at columns 0, 32, 64
    t = asc.adv.TCubeTiling()
    assert mt.get_tiling(t) == 0
    assert (t.base_m, t.base_n) == (32, 32)
    rng = np.random.default_rng(8)
    a = rng.integers(-128, 128, (m, k)).astype(np.int8)
    b = rng.integers(-128, 128, (k, n)).astype(np.int8)
    acc = a.astype(np.int32) @ b.astype(np.int32)
    words = [word(float(s)) for s in rng.random(n, dtype=np.float32) * np.float32(1e-3)]
    c = np.zeros((m, n), np.int8)
    report = iterate_vector_kernel[1](a.ravel(), b.ravel(), c.ravel(), t,
                                      np.zeros(64, np.uint8), np.array(words, np.uint64))
    np.testing.assert_array_equal(c, golden(acc, words, np.int8))
    assert not report.findings
