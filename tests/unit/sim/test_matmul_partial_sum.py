"""IterateBatch with enPartialSum (cube-only form; sim/lower/matmul_batch.py _l0c_block): the
first K step of each block adds onto what its L0C buffer holds, the bias is off; exact
against the running sums numpy gives, and a located error where the simulator does not know
what L0C holds."""

from __future__ import annotations

import numpy as np
import pytest

import ascdsl as asc
from ascdsl.sim.errors import NotSimulatedError
from matmul_tiling import batch_tiling

M = N = K = 32


def _tiling(batch):
    t = batch_tiling(M, N, K, batch, base=(M, N, K))
    assert (t.base_m, t.base_n) == (M, N)  # one block per product
    return t


def _mm():
    layout = asc.LayoutMode.NORMAL
    return asc.adv.Matmul(
        a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16, False, layout),
        b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16, False, layout),
        c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32, False, layout))


@asc.jit(matmul_cube_only=True)
def two_calls(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress,
              tiling: asc.adv.TCubeTiling, workspace: asc.GlobalAddress,
              batch: asc.ConstExpr[int], first_partial: asc.ConstExpr[bool]):
    a_gm, b_gm, c_gm = asc.GlobalTensor(), asc.GlobalTensor(), asc.GlobalTensor()
    a_gm.set_global_buffer(a)
    b_gm.set_global_buffer(b)
    c_gm.set_global_buffer(c)
    pipe = asc.TPipe()
    mm = _mm()
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    mm.set_batch_num(batch, batch)
    mm.set_tensor_a(a_gm)
    mm.set_tensor_b(b_gm)
    mm.iterate_batch(c_gm, first_partial, 0, False)
    # the second half of K: its products add onto the accumulators L0C still holds
    mm.set_tensor_a(a_gm[batch * M * K:])
    mm.set_tensor_b(b_gm[batch * K * N:])
    mm.iterate_batch(c_gm[batch * M * N:], True, 0, False)
    mm.end()


def _run(batch, seed, first_partial=False):
    rng = np.random.default_rng(seed)
    a = rng.integers(-4, 5, (2 * batch, M, K)).astype(np.float16)
    b = rng.integers(-4, 5, (2 * batch, K, N)).astype(np.float16)
    c = np.zeros((2 * batch, M, N), np.float32)
    report = two_calls[1](a.ravel(), b.ravel(), c.ravel(), _tiling(batch),
                          np.zeros(64, np.uint8), batch, first_partial)
    p = np.einsum("imk,ikn->imn", a.astype(np.float32), b.astype(np.float32))
    return c, p, report


def test_one_product_adds_onto_the_previous_call_split_k():
    # The split-K idiom: C = A[:, :K] @ B[:K] + A[:, K:] @ B[K:], the second call's block
    # starting from the first's accumulators.
    c, p, report = _run(1, 70)
    np.testing.assert_array_equal(c[0], p[0])
    np.testing.assert_array_equal(c[1], p[0] + p[1])
    assert not report.findings


def test_several_products_accumulate_through_the_one_unit_flag_buffer():
    # NORM with UnitFlag keeps one L0C buffer: every block of the partial call adds onto the
    # block computed just before it, so the second call writes running sums.
    batch = 3
    c, p, _ = _run(batch, 71)
    np.testing.assert_array_equal(c[:batch], p[:batch])
    running = p[batch - 1].copy()
    for i in range(batch):
        running = running + p[batch + i]
        np.testing.assert_array_equal(c[batch + i], running)


def test_partial_sum_onto_an_unknown_l0c_is_a_located_error():
    with pytest.raises(NotSimulatedError) as e:
        _run(1, 72, first_partial=True)
    msg = str(e.value)
    assert "enPartialSum" in msg and "holds nothing this object computed" in msg
    assert "test_matmul_partial_sum.py" in msg
