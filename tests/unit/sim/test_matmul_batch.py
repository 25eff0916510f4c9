"""Batch matmul through the Matmul API (sim/lower/matmul_batch.py): IterateBatch in cube-only
and mixed kernels, exact against numpy, the broadcast of the smaller batch, matrix strides,
the schedule's pipe times, the asynchronous form, and located errors."""

from __future__ import annotations

import numpy as np
import pytest

import ascdsl as asc
import ascdsl.lib.host as host
from ascdsl.dialects.ascendc.soc import get_soc
from ascdsl.sim.errors import InvalidArgumentError, UBOverflowError
from matmul_tiling import batch_tiling

COST = get_soc(None).cost


def _ints(shape, rng, dtype=np.float16):
    # Small integers: every product and sum is exact in f32, so the checks are exact.
    return rng.integers(-4, 5, shape).astype(dtype)


def _tiling(m, n, k, batch, base=None, dtype=host.DataType.DT_FLOAT16):
    return batch_tiling(m, n, k, batch, cores=8, base=base, dtype=dtype)


def _mm(layout=asc.LayoutMode.NORMAL, dtype=asc.float16):
    return asc.adv.Matmul(
        a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, dtype, False, layout),
        b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, dtype, False, layout),
        c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32, False, layout))


@asc.jit(matmul_cube_only=True)
def batch_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress,
                 tiling: asc.adv.TCubeTiling, workspace: asc.GlobalAddress,
                 batch_a: asc.ConstExpr[int], batch_b: asc.ConstExpr[int],
                 stride_a: asc.ConstExpr[int]):
    a_gm = asc.GlobalTensor()
    b_gm = asc.GlobalTensor()
    c_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a)
    b_gm.set_global_buffer(b)
    c_gm.set_global_buffer(c)
    pipe = asc.TPipe()
    mm = _mm()
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    mm.set_tensor_a(a_gm)
    mm.set_tensor_b(b_gm)
    mm.set_batch_num(batch_a, batch_b)
    mm.iterate_batch(c_gm, False, 0, False, stride_a)
    mm.end()


def _reference(a, b, batch_a, batch_b):
    num = max(batch_a, batch_b)
    return np.stack([a[i // (num // batch_a)].astype(np.float32)
                     @ b[i // (num // batch_b)].astype(np.float32) for i in range(num)])


def _m_busy(m, n, k, base_m, base_n, base_k, c0=16):
    """M-pipe busy cycles of one product: every block, every K step, one issue plus one
    fractal product a cycle, plus the Mmad's latency (with K in one step, each block's Mmad
    lands before the next block's loads let the next one start)."""
    total = 0
    for r in range(0, m, base_m):
        for c in range(0, n, base_n):
            for kk in range(0, k, base_k):
                m1 = -(-min(base_m, m - r) // 16)
                n1 = -(-min(base_n, n - c) // 16)
                k1 = -(-min(base_k, k - kk) // c0)
                total += COST["cube_issue"] + m1 * n1 * k1 + COST["local_latency"]
    return total


@pytest.mark.parametrize("batch_a,batch_b", [(3, 3), (4, 2), (2, 4)])
def test_iterate_batch_cube_only_is_exact_and_broadcasts_the_smaller_batch(batch_a, batch_b):
    m, n, k = 48, 40, 64  # blocks of 32 x 32: tail blocks in M and N
    rng = np.random.default_rng(batch_a * 10 + batch_b)
    a, b = _ints((batch_a, m, k), rng), _ints((batch_b, k, n), rng)
    tiling = _tiling(m, n, k, max(batch_a, batch_b), base=(32, 32, -1))
    assert (tiling.used_core_num, tiling.single_core_m, tiling.single_core_n) == (1, m, n)
    num = max(batch_a, batch_b)
    c = np.zeros((num, m, n), np.float32)
    report = batch_kernel[1](a.ravel(), b.ravel(), c.ravel(), tiling, np.zeros(64, np.uint8),
                             batch_a, batch_b, 0)
    np.testing.assert_array_equal(c, _reference(a, b, batch_a, batch_b))
    assert not report.findings
    core = report.cores[0]
    assert core.busy["PIPE_M"] == pytest.approx(
        num * _m_busy(m, n, k, 32, 32, tiling.base_k))
    # Every batch of A and B crosses MTE2 once, however often it is broadcast; FIX writes
    # every block of every product.
    assert core.busy["PIPE_MTE2"] > 0 and core.busy["PIPE_FIX"] > 0
    assert core.cycles > core.busy["PIPE_M"]


def test_iterate_batch_takes_the_matrix_stride_of_a():
    m, n, k, batch = 32, 32, 32, 2
    rng = np.random.default_rng(7)
    pad = 96  # elements between the end of one A matrix and the next
    a = _ints((batch, m * k + pad), rng)
    b = _ints((batch, k, n), rng)
    tiling = _tiling(m, n, k, batch)
    c = np.zeros((batch, m, n), np.float32)
    batch_kernel[1](a.ravel(), b.ravel(), c.ravel(), tiling, np.zeros(64, np.uint8),
                    batch, batch, m * k + pad)
    a_mats = a[:, :m * k].reshape(batch, m, k)
    np.testing.assert_array_equal(c, _reference(a_mats, b, batch, batch))


def test_more_batches_take_proportionally_more_cube_time():
    m, n, k = 32, 32, 64
    rng = np.random.default_rng(8)
    busy = {}
    for batch in (1, 4):
        a, b = _ints((batch, m, k), rng), _ints((batch, k, n), rng)
        c = np.zeros((batch, m, n), np.float32)
        rep = batch_kernel[1](a.ravel(), b.ravel(), c.ravel(), _tiling(m, n, k, batch),
                              np.zeros(64, np.uint8), batch, batch, 0)
        np.testing.assert_array_equal(c, _reference(a, b, batch, batch))
        busy[batch] = (rep.cores[0].busy["PIPE_M"], rep.cores[0].busy["PIPE_MTE2"])
    assert busy[4][0] == pytest.approx(4 * busy[1][0])
    assert busy[4][1] > 2 * busy[1][1]


def test_batch_counts_that_do_not_divide_are_a_located_error():
    m = n = k = 32
    rng = np.random.default_rng(9)
    a, b = _ints((3, m, k), rng), _ints((2, k, n), rng)
    with pytest.raises(InvalidArgumentError) as e:
        batch_kernel[1](a.ravel(), b.ravel(), np.zeros(3 * m * n, np.float32),
                        _tiling(m, n, k, 3), np.zeros(64, np.uint8), 3, 2, 0)
    msg = str(e.value)
    assert "test_matmul_batch.py" in msg and "batchA=3, batchB=2" in msg


def test_batches_that_overflow_l1_are_a_located_error():
    m, n, k, batch = 256, 256, 256, 8  # 8 x (128 KB of A + 128 KB of B) > 512 KB of L1
    a = np.zeros((batch, m, k), np.float16)
    b = np.zeros((batch, k, n), np.float16)
    with pytest.raises(UBOverflowError) as e:
        batch_kernel[1](a.ravel(), b.ravel(), np.zeros(batch * m * n, np.float32),
                        _tiling(m, n, k, batch), np.zeros(64, np.uint8), batch, batch, 0)
    assert "BATCH_LESS_THAN_L1" in str(e.value) and "test_matmul_batch.py" in str(e.value)


# --- mixed kernels: the vector cores' clients, the cube core's server ---------------------------


@asc.jit
def mixed_batch_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress,
                       tiling: asc.adv.TCubeTiling, workspace: asc.GlobalAddress,
                       per_core: asc.ConstExpr[int], a_size: asc.ConstExpr[int],
                       b_size: asc.ConstExpr[int], c_size: asc.ConstExpr[int],
                       sync: asc.ConstExpr[bool]):
    # Each vector core (get_block_idx counts them) multiplies its own `per_core` batches.
    idx = asc.get_block_idx()
    a_gm = asc.GlobalTensor()
    b_gm = asc.GlobalTensor()
    c_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a + idx * per_core * a_size)
    b_gm.set_global_buffer(b + idx * per_core * b_size)
    c_gm.set_global_buffer(c + idx * per_core * c_size)
    pipe = asc.TPipe()
    mm = _mm()
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    mm.set_tensor_a(a_gm)
    mm.set_tensor_b(b_gm)
    if sync:
        mm.iterate_batch(c_gm, per_core, per_core, False)
    else:
        mm.iterate_batch(c_gm, per_core, per_core, False, sync=False, wait_iterate_batch=True)
        mm.wait_iterate_batch()


@pytest.mark.parametrize("sync", [True, False])
def test_iterate_batch_in_a_mixed_kernel_runs_on_the_server_and_is_exact(sync):
    m, n, k, per_core = 32, 48, 64, 2
    rng = np.random.default_rng(11)
    total = 2 * per_core  # one AI core: two clients
    a, b = _ints((total, m, k), rng), _ints((total, k, n), rng)
    tiling = _tiling(m, n, k, per_core)
    c = np.zeros((total, m, n), np.float32)
    report = mixed_batch_kernel[1](a.ravel(), b.ravel(), c.ravel(), tiling,
                                   np.zeros(1 << 16, np.uint8), per_core, m * k, k * n, m * n,
                                   sync)
    np.testing.assert_array_equal(c, _reference(a, b, total, total))
    assert not report.findings
    busy = {x.label: x.busy for x in report.cores}
    # Every Mmad's issue and fractal products; the latency of one may overlap the next, whose
    # loads can land first (how early depends on the cube core's copy rates).
    serial = total * _m_busy(m, n, k, tiling.base_m, tiling.base_n, tiling.base_k)
    mmads = total * (-(-m // tiling.base_m)) * (-(-n // tiling.base_n)) * (-(-k // tiling.base_k))
    got = busy["block 0 AIC"]["PIPE_M"]
    assert serial - (mmads - 1) * COST["local_latency"] - 1e-6 <= got <= serial + 1e-6
    assert busy["block 0 AIV0"].get("PIPE_M", 0.0) == 0.0
    # Each client waits for its answer: it ends after the server's last Fixpipe for it.
    cycles = {x.label: x.cycles for x in report.cores}
    assert min(cycles["block 0 AIV0"], cycles["block 0 AIV1"]) > busy["block 0 AIC"]["PIPE_M"] / 2


@asc.jit
def wait_without_call_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress,
                             tiling: asc.adv.TCubeTiling, workspace: asc.GlobalAddress):
    a_gm = asc.GlobalTensor()
    b_gm = asc.GlobalTensor()
    c_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a)
    b_gm.set_global_buffer(b)
    c_gm.set_global_buffer(c)
    pipe = asc.TPipe()
    mm = _mm()
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    mm.set_tensor_a(a_gm)
    mm.set_tensor_b(b_gm)
    mm.wait_iterate_batch()


def test_wait_iterate_batch_without_an_async_call_is_a_located_error():
    with pytest.raises(InvalidArgumentError) as e:
        wait_without_call_kernel[1](np.zeros(2048, np.float16), np.zeros(2048, np.float16),
                                    np.zeros(2048, np.float32), _tiling(32, 32, 32, 2),
                                    np.zeros(1 << 16, np.uint8))
    assert "WaitIterateBatch" in str(e.value) and "test_matmul_batch.py" in str(e.value)


def test_not_simulated_is_gone_for_the_batch_ops():
    from ascdsl.dialects import ascendc as A
    from ascdsl.sim.compiler import lowering_for

    for cls in (A.MatmulIterateBatchOp, A.MatmulIterateBatchCubeOnlyOp,
                A.MatmulSetBatchNumOp, A.MatmulWaitIterateBatchOp):
        assert callable(lowering_for(cls)), cls.name
    assert callable(lowering_for(A.MatmulIterateNBatchOp))  # matmul_nbatch.py


@asc.jit(matmul_cube_only=True)
def bngs_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress,
                tiling: asc.adv.TCubeTiling, workspace: asc.GlobalAddress,
                batch_a: asc.ConstExpr[int], batch_b: asc.ConstExpr[int]):
    a_gm = asc.GlobalTensor()
    b_gm = asc.GlobalTensor()
    c_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a)
    b_gm.set_global_buffer(b)
    c_gm.set_global_buffer(c)
    pipe = asc.TPipe()
    mm = _mm(asc.LayoutMode.BNGS1S2)
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    mm.set_tensor_a(a_gm)
    mm.set_tensor_b(b_gm)
    mm.set_batch_num(batch_a, batch_b)
    mm.iterate_batch(c_gm, False, 0, False)
    mm.end()


def test_bngs1s2_broadcasts_along_the_axis_the_layout_infos_name():
    # A is [B=1, N=1, G=2, S, D], B is [1, N=2, G=2, ...]: A repeats along N, so product
    # i = (n, g) reads A batch g = i % 2 (BatchScheduler: i % G + i / (G * N)), where NORMAL
    # would read A batch i / 2.
    m, n, k = 32, 48, 64
    rng = np.random.default_rng(12)
    a, b = _ints((2, m, k), rng), _ints((4, k, n), rng)
    mt = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    for setter, dt in ((mt.set_a_type, host.DataType.DT_FLOAT16),
                       (mt.set_b_type, host.DataType.DT_FLOAT16)):
        setter(host.TPosition.GM, host.CubeFormat.ND, dt, False)
    mt.set_c_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    mt.set_org_shape(m, n, k)
    mt.set_shape(m, n, k)
    mt.set_a_layout(1, m, 1, 2, k)
    mt.set_b_layout(1, k, 2, 2, n)
    mt.set_c_layout(1, m, 2, 2, n)
    mt.set_batch_num(4)
    tiling = asc.adv.TCubeTiling()
    assert mt.get_tiling(tiling) == 0
    c = np.zeros((4, m, n), np.float32)
    bngs_kernel[1](a.ravel(), b.ravel(), c.ravel(), tiling, np.zeros(64, np.uint8), 2, 4)
    ref = np.stack([a[i % 2].astype(np.float32) @ b[i].astype(np.float32) for i in range(4)])
    np.testing.assert_array_equal(c, ref)


def test_a_wait_without_its_asynchronous_call_is_a_located_error():
    from types import SimpleNamespace

    from ascdsl.sim.errors import InvalidArgumentError, Site
    from ascdsl.sim.lower.kfc import wait_pending

    site = Site(0, "ascendc.matmul.wait_iterate_batch", None)
    core = SimpleNamespace(block_idx=3)
    for pending in (None, (7, False)):  # no call, or a call that asked for no answer
        st = SimpleNamespace(pending_batch=pending)
        with pytest.raises(InvalidArgumentError) as e:
            wait_pending(core, st, "pending_batch", "WaitIterateBatch without an IterateBatch",
                         site)
        assert "calls WaitIterateBatch without an IterateBatch before it: the server sends " \
               "no answer to wait for" in str(e.value)
        assert e.value.site is site
