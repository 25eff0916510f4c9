"""IterateBatch with the interleaved layouts BSNGD and SBNGD (sim/lower/matmul_batch.py:
_geometry, _c_geometry): batch j of A is the S x D matrix at column block j of rows
N*G*D (BSNGD) or B*N*G*D (SBNGD) elements apart, C likewise with S1 x S2 blocks, exact
against numpy on arrays shaped as the layouts name their axes."""

from __future__ import annotations

import numpy as np
import pytest

import ascdsl as asc
import ascdsl.lib.host as host
from ascdsl.sim.errors import InvalidArgumentError


def _ints(shape, rng, dtype=np.float16):
    return rng.integers(-4, 5, shape).astype(dtype)


def _tiling(m, n, k, b, nn, g):
    """Layout infos (B, S, N, G, D) of A = (b, m, nn, g, k), B = (b, k, nn, g, n),
    C = (b, m, nn, g, n): b x nn x g products."""
    mt = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    mt.set_a_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16, False)
    mt.set_b_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16, False)
    mt.set_c_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    mt.set_dim(1)
    mt.set_org_shape(m, n, k)
    mt.set_shape(m, n, k)
    mt.set_a_layout(b, m, nn, g, k)
    mt.set_b_layout(b, k, nn, g, n)
    mt.set_c_layout(b, m, nn, g, n)
    mt.set_batch_num(b * nn * g)
    t = asc.adv.TCubeTiling()
    assert mt.get_tiling(t) == 0, mt.error
    return t


def _mm(layout):
    return asc.adv.Matmul(
        a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16, False, layout),
        b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16, False, layout),
        c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32, False, layout))


@asc.jit(matmul_cube_only=True)
def layout_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress,
                  tiling: asc.adv.TCubeTiling, workspace: asc.GlobalAddress,
                  layout: asc.ConstExpr[int], batch: asc.ConstExpr[int]):
    a_gm = asc.GlobalTensor()
    b_gm = asc.GlobalTensor()
    c_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a)
    b_gm.set_global_buffer(b)
    c_gm.set_global_buffer(c)
    pipe = asc.TPipe()
    mm = _mm(asc.LayoutMode(layout))
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    mm.set_tensor_a(a_gm)
    mm.set_tensor_b(b_gm)
    mm.set_batch_num(batch, batch)
    mm.iterate_batch(c_gm, False, 0, False)
    mm.end()


def test_bsngd_reads_and_writes_the_batches_interleaved_in_rows():
    m, n, k, nn, g = 32, 48, 64, 2, 3  # 6 products, rows of 6 matrices side by side
    rng = np.random.default_rng(40)
    a = _ints((1, m, nn, g, k), rng)  # [B, S, N, G, D]
    b = _ints((1, k, nn, g, n), rng)
    c = np.zeros((1, m, nn, g, n), np.float32)
    report = layout_kernel[1](a.ravel(), b.ravel(), c.ravel(), _tiling(m, n, k, 1, nn, g),
                              np.zeros(64, np.uint8), int(asc.LayoutMode.BSNGD), nn * g)
    ref = np.einsum("smgk,kmgn->smgn", a[0].astype(np.float32), b[0].astype(np.float32))
    np.testing.assert_array_equal(c[0], ref)
    assert not report.findings


def test_sbngd_rows_span_every_batch_of_b():
    m, n, k, bb, nn, g = 32, 32, 32, 2, 2, 1  # 4 products; a row holds all of B, N, G
    rng = np.random.default_rng(41)
    a = _ints((m, bb, nn, g, k), rng)  # [S, B, N, G, D]
    b = _ints((k, bb, nn, g, n), rng)
    c = np.zeros((m, bb, nn, g, n), np.float32)
    layout_kernel[1](a.ravel(), b.ravel(), c.ravel(), _tiling(m, n, k, bb, nn, g),
                     np.zeros(64, np.uint8), int(asc.LayoutMode.SBNGD), bb * nn * g)
    ref = np.einsum("sbngk,kbngd->sbngd", a.astype(np.float32), b.astype(np.float32))
    np.testing.assert_array_equal(c, ref)


def test_bsngd_costs_one_strided_copy_per_batch_like_normal():
    # The same products in NORMAL and BSNGD: the numbers agree and both copy every batch.
    m, n, k, nn, g = 32, 32, 32, 4, 1
    rng = np.random.default_rng(42)
    a = _ints((1, m, nn, g, k), rng)
    b = _ints((1, k, nn, g, n), rng)
    c = np.zeros((1, m, nn, g, n), np.float32)
    r = layout_kernel[1](a.ravel(), b.ravel(), c.ravel(), _tiling(m, n, k, 1, nn, g),
                         np.zeros(64, np.uint8), int(asc.LayoutMode.BSNGD), nn)
    a_n = np.ascontiguousarray(a[0].transpose(1, 2, 0, 3))  # [N, G, S, D]: dense matrices
    b_n = np.ascontiguousarray(b[0].transpose(1, 2, 0, 3))
    c_n = np.zeros((nn, g, m, n), np.float32)
    r_n = layout_kernel[1](a_n.ravel(), b_n.ravel(), c_n.ravel(), _tiling(m, n, k, 1, nn, g),
                           np.zeros(64, np.uint8), int(asc.LayoutMode.NORMAL), nn)
    np.testing.assert_array_equal(c[0].transpose(1, 2, 0, 3), c_n)
    assert r.cores[0].busy["PIPE_M"] == r_n.cores[0].busy["PIPE_M"]
    assert r.cores[0].busy["PIPE_MTE2"] > 0 and r_n.cores[0].busy["PIPE_MTE2"] > 0


def test_bsngd_with_more_batches_than_one_line_of_s_is_refused_at_the_kernel_line():
    m = n = k = 32
    with pytest.raises(InvalidArgumentError) as e:
        layout_kernel[1](np.zeros(2 * m * k, np.float16), np.zeros(2 * k * n, np.float16),
                         np.zeros(2 * m * n, np.float32), _tiling(m, n, k, 2, 1, 1),
                         np.zeros(64, np.uint8), int(asc.LayoutMode.BSNGD), 2)
    msg = str(e.value)
    assert "more than one line of S holds" in msg and "test_matmul_batch_layouts.py" in msg


def test_a_reducing_c_layout_is_refused_at_the_kernel_line():
    # C's G is 1 while A's and B's are 2: the library sums the two G products into one C.
    m = n = k = 32
    mt = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    mt.set_a_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16, False)
    mt.set_b_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16, False)
    mt.set_c_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    mt.set_dim(1)
    mt.set_org_shape(m, n, k)
    mt.set_shape(m, n, k)
    mt.set_a_layout(1, m, 1, 2, k)
    mt.set_b_layout(1, k, 1, 2, n)
    mt.set_c_layout(1, m, 1, 1, n)
    mt.set_batch_num(2)
    t = asc.adv.TCubeTiling()
    assert mt.get_tiling(t) == 0, mt.error
    with pytest.raises(asc.SimulationError) as e:
        layout_kernel[1](np.zeros(2 * m * k, np.float16), np.zeros(2 * k * n, np.float16),
                         np.zeros(m * n, np.float32), t, np.zeros(64, np.uint8),
                         int(asc.LayoutMode.BNGS1S2), 2)
    msg = str(e.value)
    assert "CLayoutInfoG = 1" in msg and "test_matmul_batch_layouts.py" in msg


@asc.jit(matmul_cube_only=True)
def client_form_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress,
                       tiling: asc.adv.TCubeTiling, workspace: asc.GlobalAddress):
    a_gm = asc.GlobalTensor()
    b_gm = asc.GlobalTensor()
    c_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a)
    b_gm.set_global_buffer(b)
    c_gm.set_global_buffer(c)
    pipe = asc.TPipe()
    mm = _mm(asc.LayoutMode.NORMAL)
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    mm.set_tensor_a(a_gm)
    mm.set_tensor_b(b_gm)
    mm.iterate_batch(c_gm, 2, 2, False)
    mm.end()


def test_the_vector_side_iterate_batch_form_is_refused_in_a_cube_only_kernel():
    # The real headers have no IterateBatch(c, batchA, batchB, ...) on a cube-only Matmul
    m = n = k = 32
    with pytest.raises(asc.SimulationError) as e:
        client_form_kernel[1](np.zeros(2 * m * k, np.float16), np.zeros(2 * k * n, np.float16),
                              np.zeros(2 * m * n, np.float32), _tiling(m, n, k, 1, 2, 1),
                              np.zeros(64, np.uint8))
    msg = str(e.value)
    assert "set_batch_num" in msg and "test_matmul_batch_layouts.py" in msg
