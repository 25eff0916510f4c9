"""The Matmul API's asynchronous IterateAll and more than one Matmul object in a kernel
(sim/lower/matmul_async.py, sim/lower/kfc.py): exact results, the client's overlap of its own
work with the server's, the sanitizer on an unordered read of C, located errors."""

from __future__ import annotations

import numpy as np
import pytest

import ascdsl as asc
import ascdsl.lib.host as host
from ascdsl.sim.errors import InvalidArgumentError, RaceError

N_WORK = 4096  # floats of vector work the client does between posting and waiting


def _ints(shape, rng, dtype=np.float16):
    # Small integers: every product and sum is exact in f32, so the checks are exact.
    return rng.integers(-4, 5, shape).astype(dtype)


def _tiling(m, n, k, shares, dtype=host.DataType.DT_FLOAT16):
    mt = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    mt.set_a_type(host.TPosition.GM, host.CubeFormat.ND, dtype, False)
    mt.set_b_type(host.TPosition.GM, host.CubeFormat.ND, dtype, False)
    mt.set_c_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    mt.set_dim(shares)
    mt.set_org_shape(m, n, k)
    mt.set_shape(m, n, k)
    mt.set_traverse(host.MatrixTraverse.FIRSTM)
    t = asc.adv.TCubeTiling()
    assert mt.get_tiling(t) == 0, mt.error
    return t


@asc.jit
def async_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress,
                 tiling: asc.adv.TCubeTiling, workspace: asc.GlobalAddress,
                 mode: asc.ConstExpr[int], work: asc.ConstExpr[int]):
    # mode 0: IterateAll; 1: IterateAll<false> with waitIterateAll, then WaitIterateAll;
    # 2: WaitIterateAll alone; 3: IterateAll<false> without waitIterateAll, then a read of C.
    block = asc.get_block_idx()  # counts vector cores: one share of C each
    m_shares = tiling.m.ceildiv(tiling.single_core_m)
    m_index = block % m_shares
    n_index = block // m_shares
    a_gm = asc.GlobalTensor()
    b_gm = asc.GlobalTensor()
    c_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a + m_index * tiling.k_a * tiling.single_core_m)
    b_gm.set_global_buffer(b + n_index * tiling.single_core_n)
    c_gm.set_global_buffer(c + m_index * tiling.n * tiling.single_core_m
                           + n_index * tiling.single_core_n)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, N_WORK * 4)
    t = buf.get(asc.float32)
    mm = asc.adv.Matmul(
        a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
        b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
        c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32))
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    mm.set_tensor_a(a_gm)
    mm.set_tensor_b(b_gm)
    if mode == 0:
        mm.iterate_all(c_gm)
    if mode == 1:
        mm.iterate_all(c_gm, sync=False, wait_iterate_all=True)
    if mode == 3:
        mm.iterate_all(c_gm, sync=False)
    for _ in asc.static_range(work):  # the client's own work, independent of C
        asc.duplicate(t, 1.0, N_WORK)
    if mode == 1 or mode == 2:
        mm.wait_iterate_all()
    if mode == 3:
        asc.data_copy(t, c_gm, 64)
    mm.end()


def _run(mode, work, m=128, n=64, k=64):
    rng = np.random.default_rng(mode + 10 * work)
    a, b = _ints((m, k), rng), _ints((k, n), rng)
    c = np.zeros((m, n), np.float32)
    report = async_kernel[1](a.ravel(), b.ravel(), c.ravel(), _tiling(m, n, k, 2),
                             np.zeros(1 << 16, np.uint8), mode, work)
    return a, b, c, report


def _cycles(report, label):
    (core,) = [x for x in report.cores if x.label == label]
    return core.cycles


@pytest.mark.parametrize("mode", [0, 1])
def test_iterate_all_sync_and_async_are_exact(mode):
    a, b, c, report = _run(mode, 0)
    np.testing.assert_array_equal(c, a.astype(np.float32) @ b.astype(np.float32))
    assert not report.findings


def test_async_iterate_all_overlaps_the_clients_own_work():
    runs = {(mode, work): _run(mode, work)[3] for mode in (0, 1) for work in (0, 20)}
    for label in ("block 0 AIV0", "block 0 AIV1"):
        cyc = {key: _cycles(rep, label) for key, rep in runs.items()}
        # The work costs the synchronous client its full time after the answer...
        assert cyc[0, 20] - cyc[0, 0] > 1000
        # ...and nothing to the asynchronous one: it runs while the cube computes, and the
        # client still ends at the answer, as the synchronous call without work does.
        assert cyc[1, 20] == pytest.approx(cyc[1, 0])
        assert cyc[1, 0] == pytest.approx(cyc[0, 0])


def test_wait_iterate_all_without_an_async_call_is_a_located_error():
    with pytest.raises(InvalidArgumentError) as e:
        _run(2, 0)
    msg = str(e.value)
    assert "WaitIterateAll" in msg and "test_matmul_async.py" in msg


def test_reading_c_after_an_unanswered_async_iterate_all_is_a_race():
    with pytest.raises(RaceError) as e:
        _run(3, 0)
    assert "test_matmul_async.py" in str(e.value)


# --- two Matmul objects --------------------------------------------------------------------------


def _two_objects(cube_only: bool, tilings=None):
    @asc.jit(matmul_cube_only=cube_only)
    def two(a1: asc.GlobalAddress, b1: asc.GlobalAddress, c1: asc.GlobalAddress,
            a2: asc.GlobalAddress, b2: asc.GlobalAddress, c2: asc.GlobalAddress,
            t1: asc.adv.TCubeTiling, t2: asc.adv.TCubeTiling, ws: asc.GlobalAddress):
        ga1 = asc.GlobalTensor()
        gb1 = asc.GlobalTensor()
        gc1 = asc.GlobalTensor()
        ga2 = asc.GlobalTensor()
        gb2 = asc.GlobalTensor()
        gc2 = asc.GlobalTensor()
        ga1.set_global_buffer(a1)
        gb1.set_global_buffer(b1)
        gc1.set_global_buffer(c1)
        ga2.set_global_buffer(a2)
        gb2.set_global_buffer(b2)
        gc2.set_global_buffer(c2)
        pipe = asc.TPipe()
        mm1 = asc.adv.Matmul(
            a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
            b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
            c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32))
        mm2 = asc.adv.Matmul(
            a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32),
            b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32),
            c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32))
        asc.adv.register_matmul(pipe, ws, mm1, t1)
        asc.adv.register_matmul(pipe, ws, mm2, t2)
        mm1.set_tensor_a(ga1)
        mm1.set_tensor_b(gb1)
        mm2.set_tensor_a(ga2)
        mm2.set_tensor_b(gb2)
        mm1.iterate_all(gc1)
        mm2.iterate_all(gc2)
        mm1.end()
        mm2.end()

    m, n, k = 64, 96, 128
    rng = np.random.default_rng(5)
    a1, b1 = _ints((m, k), rng), _ints((k, n), rng)
    a2, b2 = _ints((n, m), rng, np.float32), _ints((m, k), rng, np.float32)
    c1, c2 = np.zeros((m, n), np.float32), np.zeros((n, k), np.float32)
    t1, t2 = tilings or (_tiling(m, n, k, 1), _tiling(n, k, m, 1, host.DataType.DT_FLOAT))
    report = two[1](a1.ravel(), b1.ravel(), c1.ravel(), a2.ravel(), b2.ravel(), c2.ravel(),
                    t1, t2, np.zeros(1 << 16, np.uint8))
    return (a1, b1, c1), (a2, b2, c2), report


def test_two_matmul_objects_of_different_types_in_a_cube_only_kernel():
    (a1, b1, c1), (a2, b2, c2), report = _two_objects(True)
    np.testing.assert_array_equal(c1, a1.astype(np.float32) @ b1.astype(np.float32))
    np.testing.assert_array_equal(c2, a2 @ b2)
    assert not report.findings


def test_a_second_matmul_object_in_a_mixed_kernel_is_a_located_error():
    # On the AIC the first register_matmul serves and returns from the kernel: the second
    # object is never registered with the server.
    with pytest.raises(InvalidArgumentError) as e:
        _two_objects(False)
    msg = str(e.value)
    assert "serves only the object built at" in msg and "test_matmul_async.py" in msg


# --- Iterate<false> / GetTensorC<false> into UB -------------------------------------------------


@asc.jit
def async_iterate_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress,
                         tiling: asc.adv.TCubeTiling, workspace: asc.GlobalAddress,
                         cache: asc.GlobalAddress, sync: asc.ConstExpr[bool],
                         set_ws: asc.ConstExpr[bool], queues: asc.ConstExpr[bool]):
    # One vector core (get_block_idx 0) multiplies; each block comes into UB, goes through an
    # epilogue and is written to C by the vector core, baseM rows of baseN floats at a time.
    # queues: the block lands in a VECIN queue's tensor and the epilogue writes a VECOUT one
    # (the TQue protocol orders every reuse); else one VECOUT tensor is used in place.
    a_gm = asc.GlobalTensor()
    b_gm = asc.GlobalTensor()
    c_gm = asc.GlobalTensor()
    ws_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a)
    b_gm.set_global_buffer(b)
    c_gm.set_global_buffer(c)
    ws_gm.set_global_buffer(cache)
    pipe = asc.TPipe()
    in_q = asc.TQue(asc.TPosition.VECIN, 1)
    out_q = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(que=in_q, num=1, len=tiling.base_m * tiling.base_n * 4)
    pipe.init_buffer(que=out_q, num=1, len=tiling.base_m * tiling.base_n * 4)
    mm = asc.adv.Matmul(
        a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
        b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
        c=asc.adv.MatmulType(asc.TPosition.VECCALC, asc.CubeFormat.ND, asc.float32))
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    if asc.get_block_idx() == 0:
        mm.set_tensor_a(a_gm)
        mm.set_tensor_b(b_gm)
        if set_ws:
            mm.set_workspace(ws_gm)
        round_m = tiling.single_core_m // tiling.base_m
        size = tiling.base_m * tiling.base_n
        with mm.iterate(sync=sync) as count:
            if queues:
                x = in_q.alloc_tensor(asc.float32)
                mm.get_tensor_c(x, en_sequential_write=True, sync=sync)
                in_q.enque(x)
                x = in_q.deque(asc.float32)
                t = out_q.alloc_tensor(asc.float32)
                asc.leaky_relu(t, x, 0.5, count=size)
                in_q.free_tensor(x)
            else:
                t = out_q.alloc_tensor(asc.float32)
                mm.get_tensor_c(t, en_sequential_write=True, sync=sync)
                asc.leaky_relu(t, t, 0.5, count=size)
            out_q.enque(t)
            t = out_q.deque(asc.float32)
            start = count % round_m * tiling.base_m * tiling.n + count // round_m * tiling.base_n
            asc.data_copy(c_gm[start:], t, repeat_params=asc.DataCopyParams(
                block_count=tiling.base_m, block_len=tiling.base_n * 4 // 32, src_stride=0,
                dst_stride=(tiling.n - tiling.base_n) * 4 // 32))
            out_q.free_tensor(t)
        mm.end()


def _iterate_tiling(m, n, k):
    mt = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    mt.set_a_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16, False)
    mt.set_b_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16, False)
    mt.set_c_type(host.TPosition.VECCALC, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    mt.set_dim(1)
    mt.set_org_shape(m, n, k)
    mt.set_shape(m, n, k)
    mt.set_traverse(host.MatrixTraverse.FIRSTM)
    mt.set_fix_split(32, 32, -1)
    t = asc.adv.TCubeTiling()
    assert mt.get_tiling(t) == 0, mt.error
    return t


def _run_iterate(m, n, k, sync, set_ws=True, queues=True):
    rng = np.random.default_rng(m * n)
    a, b = _ints((m, k), rng), _ints((k, n), rng)
    c = np.zeros((m, n), np.float32)
    tiling = _iterate_tiling(m, n, k)
    cache = np.zeros(m * n, np.float32)
    report = async_iterate_kernel[1](a.ravel(), b.ravel(), c.ravel(), tiling,
                                     np.zeros(1 << 16, np.uint8), cache.ravel(), sync, set_ws,
                                     queues)
    return a, b, c, report


def _leaky(a, b):
    x = a.astype(np.float32) @ b.astype(np.float32)
    return np.where(x >= 0, x, x * np.float32(0.5))


@pytest.mark.parametrize("m,n", [(64, 64), (160, 128)])  # 4 blocks; 20 blocks (past 14)
def test_async_iterate_hands_blocks_over_through_the_workspace_exactly(m, n):
    a, b, c, report = _run_iterate(m, n, 64, False)
    np.testing.assert_array_equal(c, _leaky(a, b))
    assert not report.findings


def test_async_iterate_runs_the_cube_ahead_of_the_client():
    m, n, k = 160, 128, 64
    cycles = {}
    for sync in (True, False):
        a, b, c, report = _run_iterate(m, n, k, sync)
        np.testing.assert_array_equal(c, _leaky(a, b))
        cycles[sync] = _cycles(report, "block 0 AIV0")
    # Sync: each block is a round trip (message, compute, FIX, answer, copy, epilogue).
    # Async: one message, the blocks computed back to back while the client works.
    assert cycles[False] < 0.8 * cycles[True]


def test_async_get_tensor_c_into_a_reused_vecout_tensor_is_a_race():
    # Synchronously the round trip orders the copy into UB after the last block's copy out
    # (the client's message follows it on MTE3); asynchronously nothing does: CopyToUB
    # (MTE2) may overwrite the tensor the previous block's epilogue and copy still use.
    a, b, c, report = _run_iterate(64, 64, 64, True, queues=False)
    np.testing.assert_array_equal(c, _leaky(a, b))
    with pytest.raises(RaceError) as e:
        _run_iterate(64, 64, 64, False, queues=False)
    assert "get_tensor_c" in str(e.value) and "test_matmul_async.py" in str(e.value)


def test_async_iterate_without_set_workspace_is_a_located_error():
    with pytest.raises(InvalidArgumentError) as e:
        _run_iterate(64, 64, 64, False, set_ws=False)
    assert "SetWorkspace" in str(e.value) and "test_matmul_async.py" in str(e.value)


def test_two_objects_whose_l1_together_overflows_are_a_located_error():
    from ascdsl.sim.errors import UBOverflowError

    # Each tiling alone fits L1 (512 KB); the two objects' A1/B1 blocks together do not.
    def big(m, n, k, dtype):
        t = _tiling(m, n, k, 1, dtype)
        t.depth_a1 = t.depth_b1 = 8
        t.base_m, t.base_n, t.base_k = 128, 128, 64
        t.step_m = t.step_n = t.step_k_a = t.step_k_b = 1
        return t

    with pytest.raises(UBOverflowError) as e:
        _two_objects(True, tilings=(big(64, 96, 128, host.DataType.DT_FLOAT16),
                                    big(96, 128, 64, host.DataType.DT_FLOAT)))
    msg = str(e.value)
    assert "already holds 262144" in msg and "786432 bytes together" in msg
    assert "test_matmul_async.py" in msg
