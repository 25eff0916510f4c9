"""LoadData with LoadData3DParamsV2 on the simulator as matmuls use it (a 1 x 1 filter: the
feature map read as a matrix), through whole matmuls built with the recipes of asc-devkit's
load_data_l12l0 sample (scenarios 4, 7, 10, 12 and 13: int8, half and float, A and B plain or
transposed). Convolutions (real img2col geometry): test_img2col.py."""

from __future__ import annotations

import numpy as np
import pytest

import ascdsl as asc
from test_load_transpose import _cdiv, _matmul


def _al(x, a):
    return _cdiv(x, a) * a


def _p3(l1w, channels, k_ext, m_ext, transpose=False):
    return asc.LoadData3DParamsV2((0, 0, 0, 0), 1, l1w, channels, k_ext, m_ext, 0, 0, 1, 1, 1,
                                  1, 1, 1, transpose, 0, False, False, False)


def _case(dtype, m, n, k):
    c0 = 32 // {asc.int8: 1, asc.float16: 2, asc.float32: 4}[dtype]

    @asc.jit
    def nz_rows_cols(x1, gm, rows: asc.ConstExpr[int], cols: asc.ConstExpr[int]):
        asc.data_copy(x1, gm, asc.Nd2NzParams(1, rows, cols, 0, cols, _al(rows, 16), 1, 0))

    @asc.jit
    def a_plain_l1(a1, gm):
        nz_rows_cols(a1, gm, m, k)

    @asc.jit
    def a_plain_l0(a2, a1):
        # 6.1.1 (2): Nz -> Zz in one load.
        asc.load_data(a2, a1, _p3(_al(m, 16), _al(k, c0), _al(k, c0), _al(m, 16)))

    @asc.jit
    def a_t_l1(a1, gm):
        nz_rows_cols(a1, gm, k, m)

    @asc.jit
    def a_t_l0(a2, a1):
        # 6.1.2.2 (3) / 6.1.2.3 (1): A given as [k, m], transposed on the way.
        asc.load_data(a2, a1, _p3(_al(k, 16), _al(m, c0), _al(m, c0), _al(k, 16), True))

    @asc.jit
    def b_t_l1(b1, gm):
        nz_rows_cols(b1, gm, n, k)

    @asc.jit
    def b_t_l0(b2, b1):
        # 6.2.1: B given as [n, k], Load2D per block of C0 rows of k.
        params = asc.LoadData2DParams(0, _cdiv(n, 16), 1, 0, 0, False, 0)
        for i in range(_cdiv(k, c0)):
            asc.load_data(b2[i * _cdiv(n, 16) * 16 * c0], b1[i * _cdiv(n, 16) * 16 * c0],
                          params)

    @asc.jit
    def b_l1(b1, gm):
        nz_rows_cols(b1, gm, k, n)

    @asc.jit
    def b_l0(b2, b1):
        # 6.2.2.2 (3) / 6.2.2.3 (1): B given as [k, n] into L0B (transposed on the way).
        asc.load_data(b2, b1, _p3(_al(k, 16), _al(n, c0), _al(n, c0), _al(k, 16), True))

    return {"a": (a_plain_l1, a_plain_l0), "a_t": (a_t_l1, a_t_l0),
            "b_t": (b_t_l1, b_t_l0), "b": (b_l1, b_l0)}


CASES = [
    # (scenario, dtype, acc, m, n, k, A form, B form)
    (4, asc.int8, asc.int32, 32, 32, 64, "a", "b_t"),
    (7, asc.float16, asc.float32, 32, 32, 48, "a", "b_t"),
    (10, asc.float16, asc.float32, 32, 48, 32, "a_t", "b"),
    (12, asc.float32, asc.float32, 32, 16, 24, "a", "b_t"),
    (13, asc.float32, asc.float32, 16, 32, 32, "a_t", "b"),
]


@pytest.mark.parametrize("scenario, dtype, acc, m, n, k, fa, fb", CASES,
                         ids=[f"scenario{c[0]}" for c in CASES])
def test_load3dv2_recipes_multiply(scenario, dtype, acc, m, n, k, fa, fb):
    rng = np.random.default_rng(scenario)
    np_in = {asc.int8: np.int8, asc.float16: np.float16, asc.float32: np.float32}[dtype]
    np_acc = np.int32 if acc is asc.int32 else np.float32
    a = rng.integers(-8, 9, (m, k)).astype(np_in)
    b = rng.integers(-8, 9, (k, n)).astype(np_in)
    forms = _case(dtype, m, n, k)
    (l1_a, load_a), (l1_b, load_b) = forms[fa], forms[fb]
    kern = _matmul(dtype, acc, m, n, k, load_a, load_b, l1_a, l1_b)
    a_gm = a.T if fa == "a_t" else a
    b_gm = b.T if fb == "b_t" else b
    c = np.zeros(m * n, np_acc)
    kern[1](np.ascontiguousarray(a_gm).ravel(), np.ascontiguousarray(b_gm).ravel(), c)
    np.testing.assert_array_equal(c.reshape(m, n), a.astype(np_acc) @ b.astype(np_acc))


@asc.jit
def _conv_3x3(a2, a1):
    asc.load_data(a2, a1, asc.LoadData3DParamsV2((0, 0, 0, 0), 4, 4, 16, 16, 16, 0, 0, 1, 1, 3,
                                                 3, 1, 1, False, 0, False, False, False))


def test_a_window_past_the_img2col_matrix_is_a_located_error():
    # A 3 x 3 filter over a 4 x 4 map has 2 x 2 positions: 16 rows do not exist (img2col
    # itself runs: tests/unit/sim/test_img2col.py).
    from ascdsl.sim import InvalidArgumentError

    forms = _case(asc.float16, 16, 16, 16)
    kern = _matmul(asc.float16, asc.float32, 16, 16, 16, _conv_3x3, forms["b_t"][1],
                   forms["a"][0], forms["b_t"][0])
    with pytest.raises(InvalidArgumentError) as info:
        kern[1](np.zeros(256, np.float16), np.zeros(256, np.float16), np.zeros(256, np.float32))
    text = str(info.value)
    assert "takes rows [0, 16)" in text and "2 x 2 positions" in text
    assert "test_load3d.py" in text


def test_an_int8_transpose_through_img2col_is_refused():
    from ascdsl.sim import NotSimulatedError

    forms = _case(asc.int8, 32, 32, 64)
    kern = _matmul(asc.int8, asc.int32, 32, 32, 64, forms["a"][1], forms["b"][1],
                   forms["a"][0], forms["b"][0])
    with pytest.raises(NotSimulatedError, match="documented way for int8 is LoadDataWith"):
        kern[1](np.zeros(2048, np.int8), np.zeros(2048, np.int8), np.zeros(1024, np.int32))
