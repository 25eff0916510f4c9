"""LoadDataWithTranspose on the simulator, through whole matmuls built with the recipes of
asc-devkit's load_data_l12l0 sample (scenarios 5, 9 and 14: int8, half and float with A given
as [k, m] and B as [k, n]). Each recipe only computes A @ B if the squares, strides and gaps
mean what the LoadDataWithTranspose page says."""

from __future__ import annotations

import numpy as np
import pytest

import ascdsl as asc


def _cdiv(a, b):
    return -(-a // b)


def _matmul(dtype, acc, m, n, k, load_a, load_b, l1_a, l1_b):
    """C[m, n] = A @ B with A given as [k, m] and B as [k, n] in GM; `l1_a/l1_b(x1, gm)` copy
    them into L1, `load_a/load_b(x2, x1)` move them into L0A/L0B."""

    @asc.jit
    def kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress):
        a_gm = asc.GlobalTensor()
        b_gm = asc.GlobalTensor()
        c_gm = asc.GlobalTensor()
        a_gm.set_global_buffer(a, k * m)
        b_gm.set_global_buffer(b, k * n)
        c_gm.set_global_buffer(c, m * n)
        a1 = asc.LocalTensor(dtype, asc.TPosition.A1, 0, 64 * 64)
        b1 = asc.LocalTensor(dtype, asc.TPosition.B1, 64 * 64 * 4, 64 * 64)
        a2 = asc.LocalTensor(dtype, asc.TPosition.A2, 0, 64 * 64)
        b2 = asc.LocalTensor(dtype, asc.TPosition.B2, 0, 64 * 64)
        co1 = asc.LocalTensor(acc, asc.TPosition.CO1, 0, m * n)
        l1_a(a1, a_gm)
        l1_b(b1, b_gm)
        asc.set_flag(asc.HardEvent.MTE2_MTE1, 0)
        asc.wait_flag(asc.HardEvent.MTE2_MTE1, 0)
        load_a(a2, a1)
        load_b(b2, b1)
        asc.set_flag(asc.HardEvent.MTE1_M, 0)
        asc.wait_flag(asc.HardEvent.MTE1_M, 0)
        asc.mmad(co1, a2, b2, asc.MmadParams(m, n, k, is_bias=False, fm_offset=0,
                                             en_ssparse=False, en_winograd_a=False,
                                             en_winograd_b=False))
        asc.set_flag(asc.HardEvent.M_FIX, 0)
        asc.wait_flag(asc.HardEvent.M_FIX, 0)
        asc.fixpipe(c_gm, co1, asc.FixpipeParamsV220(n, m, _cdiv(m, 16) * 16, n))
        asc.pipe_barrier(asc.Pipe.PIPE_ALL)

    return kernel


def _run(kernel, a_t, b, out_dtype):
    c = np.zeros(a_t.shape[1] * b.shape[1], out_dtype)
    kernel[1](np.ascontiguousarray(a_t).ravel(), b.ravel(), c)
    return c.reshape(a_t.shape[1], b.shape[1])


# --- int8 (scenario 5): squares of two 16 x 32 fractals, one above the other ----------------

M8, K8, N8 = 32, 64, 64


@asc.jit
def _nz_a8(a1, gm):
    asc.data_copy(a1, gm, asc.Nd2NzParams(1, K8, M8, 0, M8, _cdiv(K8, 32) * 32, 1, 0))


@asc.jit
def _nz_b8(b1, gm):
    asc.data_copy(b1, gm, asc.Nd2NzParams(1, K8, N8, 0, N8, _cdiv(K8, 32) * 32, 1, 0))


@asc.jit
def _load_a8(a2, a1):
    # The sample's 6.1.2.1: per 32 rows of m, ceil(k/32) squares; a square's second fractal
    # goes to the next 16 rows of m (dstFracGap ceil(k/32) - 1).
    params = asc.LoadData2dTransposeParams(0, _cdiv(K8, 32), 1, 0, _cdiv(K8, 32) - 1)
    for i in range(_cdiv(M8, 32)):
        asc.load_data_with_transpose(a2[i * _cdiv(K8, 32) * 1024], a1[i * _cdiv(K8, 32) * 1024],
                                     params)


@asc.jit
def _load_b8(b2, b1):
    # 6.2.2.1: per 32 rows of k, ceil(n/32) squares ceil(k/32) squares apart; dstGap 1.
    params = asc.LoadData2dTransposeParams(0, _cdiv(N8, 32), _cdiv(K8, 32), 1, 0)
    for i in range(_cdiv(K8, 32)):
        asc.load_data_with_transpose(b2[i * _cdiv(N8, 32) * 1024], b1[i * 1024], params)


def test_int8_squares_give_a_transposed_a_times_b():
    rng = np.random.default_rng(8)
    a_t = rng.integers(-9, 10, (K8, M8)).astype(np.int8)
    b = rng.integers(-9, 10, (K8, N8)).astype(np.int8)
    k = _matmul(asc.int8, asc.int32, M8, N8, K8, _load_a8, _load_b8, _nz_a8, _nz_b8)
    c = _run(k, a_t, b, np.int32)
    np.testing.assert_array_equal(c, a_t.T.astype(np.int32) @ b.astype(np.int32))


# --- half (scenario 9): one fractal a square ------------------------------------------------

MH, KH, NH = 32, 48, 32


@asc.jit
def _nz_ah(a1, gm):
    asc.data_copy(a1, gm, asc.Nd2NzParams(1, KH, MH, 0, MH, KH, 1, 0))


@asc.jit
def _nz_bh(b1, gm):
    asc.data_copy(b1, gm, asc.Nd2NzParams(1, KH, NH, 0, NH, KH, 1, 0))


@asc.jit
def _load_ah(a2, a1):
    params = asc.LoadData2dTransposeParams(0, _cdiv(KH, 16), 1, 0, _cdiv(KH, 16) - 1)
    for i in range(_cdiv(MH, 16)):
        asc.load_data_with_transpose(a2[i * _cdiv(KH, 16) * 256], a1[i * _cdiv(KH, 16) * 256],
                                     params)


@asc.jit
def _load_bh(b2, b1):
    params = asc.LoadData2dTransposeParams(0, _cdiv(NH, 16), _cdiv(KH, 16), 0, 0)
    for i in range(_cdiv(KH, 16)):
        asc.load_data_with_transpose(b2[i * _cdiv(NH, 16) * 256], b1[i * 256], params)


def test_half_fractals_transpose_in_place():
    rng = np.random.default_rng(9)
    a_t = (rng.integers(-8, 9, (KH, MH)) / 4).astype(np.float16)
    b = (rng.integers(-8, 9, (KH, NH)) / 4).astype(np.float16)
    k = _matmul(asc.float16, asc.float32, MH, NH, KH, _load_ah, _load_bh, _nz_ah, _nz_bh)
    c = _run(k, a_t, b, np.float32)
    np.testing.assert_array_equal(c, a_t.T.astype(np.float32) @ b.astype(np.float32))


# --- float (scenario 14): L1 in Zz, squares of two 16 x 8 fractals side by side ---------------

MF, KF, NF = 16, 32, 32


@asc.jit
def _zz_af(a1, gm):
    # Zz: each 16-row block of [k, m] as its own Nz matrix (one fractal per 8 columns).
    asc.data_copy(a1, gm, asc.Nd2NzParams(KF // 16, 16, MF, 16 * MF, MF, 16, 1, 16 * MF))


@asc.jit
def _zz_bf(b1, gm):
    asc.data_copy(b1, gm, asc.Nd2NzParams(KF // 16, 16, NF, 16 * NF, NF, 16, 1, 16 * NF))


@asc.jit
def _load_af(a2, a1):
    # 6.1.2.3: per 16 rows of m, ceil(k/16) squares ceil(m/16) squares apart; dstGap 1.
    params = asc.LoadData2dTransposeParams(0, _cdiv(KF, 16), _cdiv(MF, 16), 1, 0)
    for i in range(_cdiv(MF, 16)):
        asc.load_data_with_transpose(a2[i * _cdiv(KF, 16) * 256], a1[i * 256], params)


@asc.jit
def _load_bf(b2, b1):
    # 6.2.2.3: per 16 rows of k, ceil(n/16) squares; the second fractal goes to the next 8
    # rows of k (dstFracGap ceil(n/16) - 1).
    params = asc.LoadData2dTransposeParams(0, _cdiv(NF, 16), 1, 0, _cdiv(NF, 16) - 1)
    for i in range(_cdiv(KF, 16)):
        asc.load_data_with_transpose(b2[i * _cdiv(NF, 16) * 256], b1[i * _cdiv(NF, 16) * 256],
                                     params)


def test_float_squares_side_by_side_from_zz():
    rng = np.random.default_rng(10)
    a_t = (rng.integers(-8, 9, (KF, MF)) / 4).astype(np.float32)
    b = (rng.integers(-8, 9, (KF, NF)) / 4).astype(np.float32)
    k = _matmul(asc.float32, asc.float32, MF, NF, KF, _load_af, _load_bf, _zz_af, _zz_bf)
    c = _run(k, a_t, b, np.float32)
    np.testing.assert_array_equal(c, a_t.T @ b)


@asc.jit
def _load_bh_down(b2, b1):
    asc.load_data_with_transpose(b2, b1, asc.LoadData2dTransposeParams(0, 1, 1, 0, 0, 1))


def test_addr_mode_is_ignored_on_the_910b_with_a_warning():
    from ascdsl.sim import SimulationWarning

    rng = np.random.default_rng(11)
    a_t = (rng.integers(-8, 9, (16, 16)) / 4).astype(np.float16)
    b = (rng.integers(-8, 9, (16, 16)) / 4).astype(np.float16)

    @asc.jit
    def nz16(x1, gm):
        asc.data_copy(x1, gm, asc.Nd2NzParams(1, 16, 16, 0, 16, 16, 1, 0))

    @asc.jit
    def load_a(a2, a1):
        asc.load_data_with_transpose(a2, a1, asc.LoadData2dTransposeParams(0, 1, 1, 0, 0))

    k = _matmul(asc.float16, asc.float32, 16, 16, 16, load_a, _load_bh_down, nz16, nz16)
    with pytest.warns(SimulationWarning, match="addrMode=1"):
        c = _run(k, a_t, b, np.float32)
    np.testing.assert_array_equal(c, a_t.T.astype(np.float32) @ b.astype(np.float32))
