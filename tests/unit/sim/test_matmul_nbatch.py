"""IterateNBatch in mixed kernels (sim/lower/matmul_nbatch.py): the server's batch loop over
the interleaved layouts, the results in the cache workspace, GetBatchTensorC's GM and UB
forms with their notifications, WaitGetTensorC, exact against numpy, and located errors."""

from __future__ import annotations

import numpy as np
import pytest

import ascdsl as asc
from ascdsl.sim.errors import InvalidArgumentError
from matmul_tiling import batch_tiling

M = N = K = 32


def _ints(shape, rng):
    return rng.integers(-4, 5, shape).astype(np.float16)  # exact sums in f32


def _tiling(loops, nn, g):
    """Layout infos (B, S, N, G, D): loops lines of B, each with nn x g products."""
    return batch_tiling(M, N, K, nn * g, lines=loops, heads=nn, groups=g)


def _mm(layout, n_batch=True):
    return asc.adv.Matmul(
        a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16, False, layout),
        b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16, False, layout),
        c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32, False, layout),
        matmul_config=asc.adv.get_normal_config(batch_loop=n_batch))


def bind(a, b, ws, out, per):
    """Kernel code: this core's `per` products of A, B, the workspace and C, as GlobalTensors."""
    idx = asc.get_block_idx()
    a_gm, b_gm, ws_gm, out_gm = (asc.GlobalTensor(), asc.GlobalTensor(), asc.GlobalTensor(),
                                 asc.GlobalTensor())
    a_gm.set_global_buffer(a + idx * per * M * K)
    b_gm.set_global_buffer(b + idx * per * K * N)
    ws_gm.set_global_buffer(ws + idx * per * M * N)
    out_gm.set_global_buffer(out + idx * per * M * N)
    return a_gm, b_gm, ws_gm, out_gm


@asc.jit
def gm_form(a: asc.GlobalAddress, b: asc.GlobalAddress, ws: asc.GlobalAddress,
            out: asc.GlobalAddress, tiling: asc.adv.TCubeTiling, workspace: asc.GlobalAddress,
            loops: asc.ConstExpr[int], batch: asc.ConstExpr[int], layout: asc.ConstExpr[int],
            n_batch: asc.ConstExpr[bool]):
    # Each vector core (a client) multiplies its own loops x batch products.
    a_gm, b_gm, ws_gm, out_gm = bind(a, b, ws, out, loops * batch)
    pipe = asc.TPipe()
    mm = _mm(asc.LayoutMode(layout), n_batch)
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    mm.set_tensor_a(a_gm)
    mm.set_tensor_b(b_gm)
    mm.set_workspace(ws_gm)
    mm.iterate_n_batch(loops, batch, batch, False, sync=False)
    ub = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, batch * M * N)
    for i in range(loops):
        res = mm.get_batch_tensor_c(batch, batch, False, False)
        asc.data_copy(ub, res, batch * M * N)
        asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
        asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
        asc.data_copy(out_gm[i * batch * M * N:], ub, batch * M * N)
        asc.set_flag(asc.HardEvent.MTE3_MTE2, 0)
        asc.wait_flag(asc.HardEvent.MTE3_MTE2, 0)
    mm.end()


def _reference(a, b):
    return np.einsum("pmk,pkn->pmn", a.astype(np.float32), b.astype(np.float32))


@pytest.mark.parametrize("loops", [3, 16])
def test_bngs1s2_loops_land_in_the_workspace_and_get_batch_tensor_c_hands_them_over(loops):
    # 16 loops: the server notifies after the first 13 and once at the end (INC_PROCESS_CHECK
    # = 14); the client's first 14 GetBatchTensorC calls wait, the rest do not.
    batch = 2
    rng = np.random.default_rng(60)
    total = 2 * loops * batch  # two clients on one AI core
    a, b = _ints((total, M, K), rng), _ints((total, K, N), rng)
    ws = np.zeros((total, M, N), np.float32)
    out = np.zeros((total, M, N), np.float32)
    report = gm_form[1](a.ravel(), b.ravel(), ws.ravel(), out.ravel(), _tiling(loops, batch, 1),
                        np.zeros(1 << 16, np.uint8), loops, batch,
                        int(asc.LayoutMode.BNGS1S2), True)
    ref = _reference(a, b)
    np.testing.assert_array_equal(ws, ref)
    np.testing.assert_array_equal(out, ref)
    assert not report.findings
    busy = {x.label: x.busy for x in report.cores}
    assert busy["block 0 AIC"]["PIPE_M"] > 0 and busy["block 0 AIV0"].get("PIPE_M", 0) == 0


@asc.jit
def ub_form(a: asc.GlobalAddress, b: asc.GlobalAddress, ws: asc.GlobalAddress,
            out: asc.GlobalAddress, tiling: asc.adv.TCubeTiling, workspace: asc.GlobalAddress,
            loops: asc.ConstExpr[int], batch: asc.ConstExpr[int], wait: asc.ConstExpr[bool]):
    a_gm, b_gm, ws_gm, out_gm = bind(a, b, ws, out, loops * batch)
    pipe = asc.TPipe()
    mm = _mm(asc.LayoutMode.BSNGD)
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    mm.set_tensor_a(a_gm)
    mm.set_tensor_b(b_gm)
    mm.set_workspace(ws_gm)
    mm.iterate_n_batch(loops, batch, batch, False, sync=False)
    ub = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, batch * M * N)
    ub2 = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, batch * M * N * 4, batch * M * N)
    for i in range(loops):
        mm.get_batch_tensor_c(ub, batch, batch, False, False)
        if wait:
            mm.wait_get_tensor_c()  # MTE2 -> V: the vector unit may read ub now
        asc.muls(ub2, ub, 2.0, batch * M * N)
        asc.set_flag(asc.HardEvent.V_MTE3, 0)
        asc.wait_flag(asc.HardEvent.V_MTE3, 0)
        asc.data_copy(out_gm[i * batch * M * N:], ub2, batch * M * N)
        asc.set_flag(asc.HardEvent.MTE3_V, 0)
        asc.wait_flag(asc.HardEvent.MTE3_V, 0)
        asc.set_flag(asc.HardEvent.V_MTE2, 0)
        asc.wait_flag(asc.HardEvent.V_MTE2, 0)
    mm.end()


def _bsngd(loops, batch, seed):
    rng = np.random.default_rng(seed)
    # [client, B, S, N, G, D] with N x G = batch: one line of B per loop
    a = _ints((2, loops, M, batch, 1, K), rng)
    b = _ints((2, loops, K, batch, 1, N), rng)
    ref = np.einsum("cbsnk,cbknd->cbsnd", a[:, :, :, :, 0].astype(np.float32),
                    b[:, :, :, :, 0].astype(np.float32))[:, :, :, :, None, :]
    return a, b, ref


def test_bsngd_loops_copy_into_ub_and_wait_get_tensor_c_orders_the_vector_reads():
    loops, batch = 2, 2
    a, b, ref = _bsngd(loops, batch, 61)
    ws = np.zeros(ref.shape, np.float32)
    out = np.zeros(ref.shape, np.float32)
    report = ub_form[1](a.ravel(), b.ravel(), ws.ravel(), out.ravel(), _tiling(loops, batch, 1),
                        np.zeros(1 << 16, np.uint8), loops, batch, True)
    np.testing.assert_array_equal(ws, ref)
    np.testing.assert_array_equal(out, 2 * ref)
    assert not report.findings


def test_without_wait_get_tensor_c_the_vector_read_races_the_copy():
    loops, batch = 2, 2
    a, b, ref = _bsngd(loops, batch, 62)
    with pytest.raises(asc.RaceError) as e:
        ub_form[1](a.ravel(), b.ravel(), np.zeros(ref.size, np.float32),
                   np.zeros(ref.size, np.float32), _tiling(loops, batch, 1),
                   np.zeros(1 << 16, np.uint8), loops, batch, False)
    msg = str(e.value)
    assert "mm.get_batch_tensor_c(ub" in msg and "asc.muls(" in msg


def test_iterate_n_batch_without_is_n_batch_is_a_located_error():
    with pytest.raises(asc.SimulationError) as e:
        gm_form[1](np.zeros(4 * M * K, np.float16), np.zeros(4 * K * N, np.float16),
                   np.zeros(4 * M * N, np.float32), np.zeros(4 * M * N, np.float32),
                   _tiling(1, 2, 1), np.zeros(1 << 16, np.uint8), 1, 2,
                   int(asc.LayoutMode.BNGS1S2), False)
    msg = str(e.value)
    assert "isNBatch off" in msg and "mm.iterate_n_batch(" in msg


def test_iterate_n_batch_with_normal_layout_is_a_located_error():
    with pytest.raises(asc.SimulationError) as e:
        gm_form[1](np.zeros(4 * M * K, np.float16), np.zeros(4 * K * N, np.float16),
                   np.zeros(4 * M * N, np.float32), np.zeros(4 * M * N, np.float32),
                   _tiling(1, 2, 1), np.zeros(1 << 16, np.uint8), 1, 2,
                   int(asc.LayoutMode.NORMAL), True)
    assert "LayoutMode NORMAL" in str(e.value)


@asc.jit
def no_workspace(a: asc.GlobalAddress, b: asc.GlobalAddress, tiling: asc.adv.TCubeTiling,
                 workspace: asc.GlobalAddress):
    a_gm, b_gm = asc.GlobalTensor(), asc.GlobalTensor()
    a_gm.set_global_buffer(a)
    b_gm.set_global_buffer(b)
    pipe = asc.TPipe()
    mm = _mm(asc.LayoutMode.BNGS1S2)
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    mm.set_tensor_a(a_gm)
    mm.set_tensor_b(b_gm)
    mm.iterate_n_batch(1, 2, 2, False, sync=False)
    mm.end()


def test_iterate_n_batch_before_set_workspace_is_a_located_error():
    with pytest.raises(InvalidArgumentError) as e:
        no_workspace[1](np.zeros(2 * M * K, np.float16), np.zeros(2 * K * N, np.float16),
                        _tiling(1, 2, 1), np.zeros(1 << 16, np.uint8))
    msg = str(e.value)
    assert "before SetWorkspace" in msg and "test_matmul_nbatch.py" in msg
