"""IterateBatch / IterateNBatch's enSequentialWrite, and enPartialSum in a mixed kernel's
client form (sim/lower/matmul_batch.py), exact against numpy.

- enSequentialWrite: the cube-side IterateBatch writes each base block of product i at that
  product's start in C, its rows the block's width apart (GetTensorCImplCore ->
  CopyOutNZ2ND<true>: dstOffset 0, stride baseWidth), so the last block of each product is
  what C keeps there; BSNGD and SBNGD assert against it (GetBatchResult).
- The server of a mixed kernel passes the client's enPartialSum and enSequentialWrite to that
  same IterateBatch (matmul_server_impl_c220.h IterateBatch / StartIterateNBatch).
"""

from __future__ import annotations

import numpy as np
import pytest
from matmul_tiling import batch_tiling

import ascdsl as asc
from ascdsl.sim.errors import InvalidArgumentError, NotSimulatedError

M = N = K = 32


def _ints(shape, rng):
    return rng.integers(-4, 5, shape).astype(np.float16)  # exact sums in f32


def _mm(layout, n_batch=False):
    def t(dtype):
        return asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, dtype, False, layout)

    cfg = asc.adv.get_normal_config(batch_loop=True) if n_batch else None
    if cfg is None:
        return asc.adv.Matmul(a=t(asc.float16), b=t(asc.float16), c=t(asc.float32))
    return asc.adv.Matmul(a=t(asc.float16), b=t(asc.float16), c=t(asc.float32),
                          matmul_config=cfg)


def _products(a, b):
    return np.einsum("pmk,pkn->pmn", a.astype(np.float32), b.astype(np.float32))


def _sequential(p, bm, bn):
    """What C holds after a sequential IterateBatch of products `p` into zeros: each
    product's last block (bottom right, in either iterate order) packed at its start."""
    out = np.zeros(p.shape, np.float32).reshape(len(p), -1)
    last = p[:, -bm:, -bn:].reshape(len(p), -1)
    out[:, :bm * bn] = last
    return out.reshape(p.shape)


# --- IterateNBatch (mixed) ------------------------------------------------------------------


@asc.jit
def n_batch(a: asc.GlobalAddress, b: asc.GlobalAddress, ws: asc.GlobalAddress,
            tiling: asc.adv.TCubeTiling, workspace: asc.GlobalAddress,
            loops: asc.ConstExpr[int], batch: asc.ConstExpr[int], layout: asc.ConstExpr[int],
            seq: asc.ConstExpr[bool]):
    per = loops * batch
    idx = asc.get_block_idx()
    a_gm, b_gm, ws_gm = asc.GlobalTensor(), asc.GlobalTensor(), asc.GlobalTensor()
    a_gm.set_global_buffer(a + idx * per * M * K)
    b_gm.set_global_buffer(b + idx * per * K * N)
    ws_gm.set_global_buffer(ws + idx * per * M * N)
    pipe = asc.TPipe()
    mm = _mm(asc.LayoutMode(layout), n_batch=True)
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    mm.set_tensor_a(a_gm)
    mm.set_tensor_b(b_gm)
    mm.set_workspace(ws_gm)
    mm.iterate_n_batch(loops, batch, batch, seq)
    mm.end()


def _n_batch(seq, layout=asc.LayoutMode.BNGS1S2, seed=80):
    loops, batch, base = 2, 2, 16
    rng = np.random.default_rng(seed)
    total = 2 * loops * batch  # two clients on one AI core
    a, b = _ints((total, M, K), rng), _ints((total, K, N), rng)
    ws = np.zeros((total, M, N), np.float32)
    tiling = batch_tiling(M, N, K, batch, lines=loops, heads=batch, base=(base, base, -1))
    assert (tiling.base_m, tiling.base_n) == (base, base)  # 2 x 2 blocks a product
    report = n_batch[1](a.ravel(), b.ravel(), ws.ravel(), tiling, np.zeros(1 << 16, np.uint8),
                        loops, batch, int(layout), seq)
    return ws, _products(a, b), report


def test_iterate_n_batch_with_sequential_write_leaves_each_products_last_block_at_its_start():
    ws, p, report = _n_batch(True)
    np.testing.assert_array_equal(ws, _sequential(p, 16, 16))
    assert not report.findings


def test_iterate_n_batch_without_it_writes_every_block_in_place():
    ws, p, report = _n_batch(False)
    np.testing.assert_array_equal(ws, p)
    assert not report.findings


def test_sequential_write_with_an_interleaved_c_is_a_located_error():
    with pytest.raises(InvalidArgumentError) as e:
        _n_batch(True, asc.LayoutMode.BSNGD)
    msg = str(e.value)
    assert "enSequentialWrite" in msg and "BSNGD" in msg
    assert "test_matmul_batch_flags.py" in msg  # the kernel's line


# --- IterateBatch (cube-only) ---------------------------------------------------------------


@asc.jit(matmul_cube_only=True)
def cube_batch(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress,
               tiling: asc.adv.TCubeTiling, workspace: asc.GlobalAddress,
               batch: asc.ConstExpr[int], seq: asc.ConstExpr[bool]):
    a_gm, b_gm, c_gm = asc.GlobalTensor(), asc.GlobalTensor(), asc.GlobalTensor()
    a_gm.set_global_buffer(a)
    b_gm.set_global_buffer(b)
    c_gm.set_global_buffer(c)
    pipe = asc.TPipe()
    mm = _mm(asc.LayoutMode.NORMAL)
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    mm.set_batch_num(batch, batch)
    mm.set_tensor_a(a_gm)
    mm.set_tensor_b(b_gm)
    mm.iterate_batch(c_gm, False, 0, seq)
    mm.end()


def test_cube_only_iterate_batch_with_sequential_write():
    batch = 3
    rng = np.random.default_rng(81)
    a, b = _ints((batch, M, K), rng), _ints((batch, K, N), rng)
    c = np.zeros((batch, M, N), np.float32)
    tiling = batch_tiling(M, N, K, batch, base=(16, 32, -1))
    assert (tiling.base_m, tiling.base_n) == (16, 32)  # two blocks a product, full rows
    report = cube_batch[1](a.ravel(), b.ravel(), c.ravel(), tiling, np.zeros(64, np.uint8),
                           batch, True)
    np.testing.assert_array_equal(c, _sequential(_products(a, b), 16, 32))
    assert not report.findings


# --- enPartialSum in the client form ----------------------------------------------------------


@asc.jit
def split_k(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress,
            tiling: asc.adv.TCubeTiling, workspace: asc.GlobalAddress,
            batch: asc.ConstExpr[int], clients: asc.ConstExpr[int],
            partial: asc.ConstExpr[bool]):
    # Each client: C = A0 B0 into c[0], then A1 B1 (onto the accumulators) into c[1].
    sub = asc.get_sub_block_idx()
    a_gm, b_gm, c_gm = asc.GlobalTensor(), asc.GlobalTensor(), asc.GlobalTensor()
    a_gm.set_global_buffer(a + sub * 2 * batch * M * K)
    b_gm.set_global_buffer(b + sub * 2 * batch * K * N)
    c_gm.set_global_buffer(c + sub * 2 * batch * M * N)
    pipe = asc.TPipe()
    mm = _mm(asc.LayoutMode.NORMAL)
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    if sub < clients:
        mm.set_tensor_a(a_gm)
        mm.set_tensor_b(b_gm)
        mm.iterate_batch(c_gm, batch, batch, False)
        mm.set_tensor_a(a_gm[batch * M * K:])
        mm.set_tensor_b(b_gm[batch * K * N:])
        mm.iterate_batch(c_gm[batch * M * N:], batch, batch, False, en_partial_sum=partial)
    mm.end()


def _split_k(clients, seed, partial=True):
    batch = 1
    rng = np.random.default_rng(seed)
    a = _ints((2, 2 * batch, M, K), rng)  # [client, call, ...]
    b = _ints((2, 2 * batch, K, N), rng)
    c = np.zeros((2, 2 * batch, M, N), np.float32)
    tiling = batch_tiling(M, N, K, batch, base=(M, N, K))
    report = split_k[1](a.ravel(), b.ravel(), c.ravel(), tiling, np.zeros(1 << 16, np.uint8),
                        batch, clients, partial)
    return c, a, b, report


def test_a_client_adds_onto_its_previous_iterate_batch():
    c, a, b, report = _split_k(1, 82)
    p = _products(a[0], b[0])
    np.testing.assert_array_equal(c[0, 0], p[0])
    np.testing.assert_array_equal(c[0, 1], p[0] + p[1])
    np.testing.assert_array_equal(c[1], 0)
    assert not report.findings


def test_two_clients_two_synchronous_calls_each():
    # The server keeps serving while a client it answered has yet to run on (it used to
    # stop there: the second call waited for an answer that never came).
    c, a, b, report = _split_k(2, 84, partial=False)
    for client in range(2):
        np.testing.assert_array_equal(c[client], _products(a[client], b[client]))
    assert not report.findings


def test_two_clients_share_the_servers_l0c_a_located_error():
    # Both vector cores' first calls reach the one object on the cube core before either's
    # second: the partial sum would add onto the other client's accumulators.
    with pytest.raises(NotSimulatedError) as e:
        _split_k(2, 83)
    msg = str(e.value)
    assert "enPartialSum" in msg and "a call for the AIV1 computed since" in msg
    assert "serves every vector core" in msg
    assert "test_matmul_batch_flags.py" in msg
