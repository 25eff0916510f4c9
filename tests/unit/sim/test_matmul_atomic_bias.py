"""The Matmul API's enAtomic (IterateAll and IterateBatch: FIX combines C with what GM holds,
as SetAtomicAdd/Max/Min<DstT> does) and IterateBatch with a bias (one row per product with
MatmulConfig.isBiasBatch, the default; one shared row without), exact against numpy."""

from __future__ import annotations

import numpy as np
import pytest

import ascdsl as asc
import ascdsl.lib.host as host


def _ints(shape, rng, dtype=np.float16):
    # Small integers: every product and sum is exact in f32, so the checks are exact.
    return rng.integers(-4, 5, shape).astype(dtype)


def _tiling(m, n, k, dim=1, batch=None, org=None):
    mt = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    mt.set_a_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16, False)
    mt.set_b_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16, False)
    mt.set_c_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    mt.set_bias_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    mt.set_dim(dim)
    mt.set_org_shape(*(org or (m, n, k)))
    mt.set_shape(m, n, k)
    mt.enable_bias(True)
    if batch is not None:
        mt.set_a_layout(batch, m, 1, 1, k)
        mt.set_b_layout(batch, k, 1, 1, n)
        mt.set_c_layout(batch, m, 1, 1, n)
        mt.set_batch_num(batch)
    t = asc.adv.TCubeTiling()
    assert mt.get_tiling(t) == 0, mt.error
    return t


# --- enAtomic in IterateAll ---------------------------------------------------------------------


@asc.jit(matmul_cube_only=True)
def split_k_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress,
                   tiling: asc.adv.TCubeTiling, workspace: asc.GlobalAddress,
                   k_part: asc.ConstExpr[int], n: asc.ConstExpr[int],
                   atomic: asc.ConstExpr[int]):
    # Each block multiplies its K slice (columns of A, rows of B) and adds into the one C.
    i = asc.get_block_idx()
    a_gm = asc.GlobalTensor()
    b_gm = asc.GlobalTensor()
    c_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a + i * k_part)
    b_gm.set_global_buffer(b + i * k_part * n)
    c_gm.set_global_buffer(c)
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(
        a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
        b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
        c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32))
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    mm.set_tensor_a(a_gm)
    mm.set_tensor_b(b_gm)
    mm.iterate_all(c_gm, en_atomic=atomic)
    mm.end()


def _split_k(m, n, k, parts):
    mt = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    for setter in (mt.set_a_type, mt.set_b_type):
        setter(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16, False)
    mt.set_c_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    mt.set_dim(1)
    mt.set_org_shape(m, n, k)  # A's rows are the whole K apart
    mt.set_shape(m, n, k // parts)
    t = asc.adv.TCubeTiling()
    assert mt.get_tiling(t) == 0, mt.error
    return t


def test_iterate_all_atomic_add_sums_the_k_slices_of_four_cores_without_a_race():
    m, n, k, parts = 32, 48, 256, 4
    rng = np.random.default_rng(11)
    a, b = _ints((m, k), rng), _ints((k, n), rng)
    c0 = _ints((m, n), rng, np.float32)  # atomic add keeps what C held
    c = c0.copy()
    report = split_k_kernel[parts](a.ravel(), b.ravel(), c.ravel(), _split_k(m, n, k, parts),
                                   np.zeros(64, np.uint8), k // parts, n, 1)
    np.testing.assert_array_equal(c, c0 + a.astype(np.float32) @ b.astype(np.float32))
    assert not report.findings  # atomic writes of different cores to one C are no race


def test_iterate_all_atomic_max_and_min_combine_in_c():
    m, n, k = 32, 32, 64
    rng = np.random.default_rng(12)
    a, b = _ints((m, k), rng), _ints((k, n), rng)
    ab = a.astype(np.float32) @ b.astype(np.float32)
    c0 = _ints((m, n), rng, np.float32) * 4
    for code, fn in ((2, np.maximum), (3, np.minimum)):
        c = c0.copy()
        split_k_kernel[1](a.ravel(), b.ravel(), c.ravel(), _split_k(m, n, k, 1),
                          np.zeros(64, np.uint8), k, n, code)
        np.testing.assert_array_equal(c, fn(c0, ab))
        assert (c != ab).any() and (c != c0).any()  # both sides win somewhere


def test_without_atomic_cores_writing_one_c_are_reported():
    m, n, k, parts = 32, 32, 128, 2
    rng = np.random.default_rng(13)
    a, b = _ints((m, k), rng), _ints((k, n), rng)
    c = np.zeros((m, n), np.float32)
    from ascdsl.sim.errors import RaceError

    with pytest.raises(RaceError):
        split_k_kernel[parts](a.ravel(), b.ravel(), c.ravel(), _split_k(m, n, k, parts),
                              np.zeros(64, np.uint8), k // parts, n, 0)


# --- IterateBatch: bias and enAtomic ------------------------------------------------------------


def _batch_mm(bias_batch: bool):
    layout = asc.LayoutMode.NORMAL
    cfg = asc.adv.get_mm_config(asc.MatmulConfigMode.CONFIG_NORM,
                                asc.adv.MatmulBatchParams(is_bias_batch=bias_batch))
    return asc.adv.Matmul(
        a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16, False, layout),
        b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16, False, layout),
        c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32, False, layout),
        bias=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32),
        matmul_config=cfg)


@asc.jit(matmul_cube_only=True)
def batch_bias_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress,
                      bias: asc.GlobalAddress, tiling: asc.adv.TCubeTiling,
                      workspace: asc.GlobalAddress, batch: asc.ConstExpr[int],
                      bias_batch: asc.ConstExpr[bool], atomic: asc.ConstExpr[int]):
    a_gm = asc.GlobalTensor()
    b_gm = asc.GlobalTensor()
    c_gm = asc.GlobalTensor()
    bias_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a)
    b_gm.set_global_buffer(b)
    c_gm.set_global_buffer(c)
    bias_gm.set_global_buffer(bias)
    pipe = asc.TPipe()
    mm = _batch_mm(bias_batch)
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    mm.set_tensor_a(a_gm)
    mm.set_tensor_b(b_gm)
    mm.set_bias(bias_gm)
    mm.set_batch_num(batch, batch)
    mm.iterate_batch(c_gm, False, atomic, False)
    mm.end()


@pytest.mark.parametrize("bias_batch", [True, False])
def test_iterate_batch_adds_the_bias_row_of_each_product(bias_batch):
    m, n, k, batch = 32, 48, 64, 3
    rng = np.random.default_rng(20 + bias_batch)
    a, b = _ints((batch, m, k), rng), _ints((batch, k, n), rng)
    bias = _ints((batch, n), rng, np.float32)
    c = np.zeros((batch, m, n), np.float32)
    report = batch_bias_kernel[1](a.ravel(), b.ravel(), c.ravel(), bias.ravel(),
                                  _tiling(m, n, k, batch=batch), np.zeros(64, np.uint8),
                                  batch, bias_batch, 0)
    rows = bias if bias_batch else np.broadcast_to(bias[0], (batch, n))
    ref = np.stack([a[i].astype(np.float32) @ b[i].astype(np.float32) + rows[i][None, :]
                    for i in range(batch)])
    np.testing.assert_array_equal(c, ref)
    assert not report.findings
    # the bias rows cross MTE2 ahead of the batches: more bytes with a row per product
    assert report.cores[0].busy["PIPE_MTE2"] > 0


def test_iterate_batch_bias_rows_cost_mte2_time():
    m, n, k, batch = 32, 256, 32, 4
    rng = np.random.default_rng(30)
    a, b = _ints((batch, m, k), rng), _ints((batch, k, n), rng)
    bias = _ints((batch, n), rng, np.float32)
    busy = {}
    for per_batch in (True, False):
        c = np.zeros((batch, m, n), np.float32)
        r = batch_bias_kernel[1](a.ravel(), b.ravel(), c.ravel(), bias.ravel(),
                                 _tiling(m, n, k, batch=batch), np.zeros(64, np.uint8),
                                 batch, per_batch, 0)
        busy[per_batch] = r.cores[0].busy["PIPE_MTE2"]
    assert busy[True] > busy[False]


def test_iterate_batch_atomic_add_accumulates_into_c():
    m, n, k, batch = 32, 32, 32, 2
    rng = np.random.default_rng(31)
    a, b = _ints((batch, m, k), rng), _ints((batch, k, n), rng)
    bias = _ints((batch, n), rng, np.float32)
    c0 = _ints((batch, m, n), rng, np.float32)
    c = c0.copy()
    batch_bias_kernel[1](a.ravel(), b.ravel(), c.ravel(), bias.ravel(),
                         _tiling(m, n, k, batch=batch), np.zeros(64, np.uint8), batch, True, 1)
    ref = np.stack([a[i].astype(np.float32) @ b[i].astype(np.float32) + bias[i][None, :]
                    for i in range(batch)])
    np.testing.assert_array_equal(c, c0 + ref)


# --- enAtomic in a mixed kernel: the client's message carries it to the server --------------------


@asc.jit
def mixed_split_k_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress,
                         tiling: asc.adv.TCubeTiling, workspace: asc.GlobalAddress,
                         k_part: asc.ConstExpr[int], n: asc.ConstExpr[int]):
    # Each vector core (get_block_idx counts them) asks the cube core for its K slice.
    i = asc.get_block_idx()
    a_gm = asc.GlobalTensor()
    b_gm = asc.GlobalTensor()
    c_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a + i * k_part)
    b_gm.set_global_buffer(b + i * k_part * n)
    c_gm.set_global_buffer(c)
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(
        a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
        b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
        c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32))
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    mm.set_tensor_a(a_gm)
    mm.set_tensor_b(b_gm)
    mm.iterate_all(c_gm, en_atomic=1)
    mm.end()


def test_mixed_iterate_all_atomic_add_from_two_clients_sums_into_c():
    m, n, k = 32, 32, 128
    rng = np.random.default_rng(14)
    a, b = _ints((m, k), rng), _ints((k, n), rng)
    c0 = _ints((m, n), rng, np.float32)
    c = c0.copy()
    report = mixed_split_k_kernel[1](a.ravel(), b.ravel(), c.ravel(), _split_k(m, n, k, 2),
                                     np.zeros(1024, np.uint8), k // 2, n)
    assert [x.label for x in report.cores] == ["block 0 AIC", "block 0 AIV0", "block 0 AIV1"]
    np.testing.assert_array_equal(c, c0 + a.astype(np.float32) @ b.astype(np.float32))
    assert not report.findings


@asc.jit(matmul_cube_only=True)
def sequential_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress,
                      tiling: asc.adv.TCubeTiling, workspace: asc.GlobalAddress):
    a_gm = asc.GlobalTensor()
    b_gm = asc.GlobalTensor()
    c_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a)
    b_gm.set_global_buffer(b)
    c_gm.set_global_buffer(c)
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(
        a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
        b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
        c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32))
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    mm.set_tensor_a(a_gm)
    mm.set_tensor_b(b_gm)
    mm.iterate_all(c_gm, en_sequential_write=True)
    mm.end()


def test_iterate_all_with_sequential_write_is_refused_at_the_kernel_line():
    # The library writes every block at C's start then; computing a plain IterateAll instead
    # would be a wrong result
    m = n = k = 32
    with pytest.raises(asc.SimulationError) as e:
        sequential_kernel[1](np.zeros(m * k, np.float16), np.zeros(k * n, np.float16),
                             np.zeros(m * n, np.float32), _split_k(m, n, k, 1),
                             np.zeros(64, np.uint8))
    msg = str(e.value)
    assert "enSequentialWrite" in msg and "test_matmul_atomic_bias.py" in msg
