"""4:2 sparse matmul on the simulator: LoadDataWithSparse and MmadWithSparse, as asc-devkit's
mmad_with_sparse sample runs them (m 128, n 128, k 64 int8; A copied in NZ, loaded to ZZ; the
densified B and its index copied in their sample layouts, loaded with one LoadDataWithSparse).

The expected C is A @ B of the sparse B itself (numpy, no index involved), so the index
encoding (the MmadWithSparse page's densifying table) and its layout (four 2-bit indexes a
byte, first in the low bits; index blocks of 16 x 8 bytes beside B's 16 x 32 fractals) are
both checked: a different bit order or block layout fails."""

from __future__ import annotations

import numpy as np
import pytest

import ascdsl as asc
from ascdsl.sim import SimulationError
from ascdsl.dialects.ascendc.soc import get_soc

M, N, K = 128, 128, 64
C0 = 32


def densify(b: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """B as [n, k] with at most two non-zeros per group of four along k: (dense [n, k/2],
    indexes [n, k/2]) by the page's table: the first kept element at idx of the group's first
    three, the second at 1 + idx; one non-zero and all-zero groups keep zeros."""
    n, k = b.shape
    dense = np.zeros((n, k // 2), np.int8)
    idx = np.zeros((n, k // 2), np.uint8)
    for r in range(n):
        for g in range(k // 4):
            blk = b[r, 4 * g:4 * g + 4]
            nz = [j for j in range(4) if blk[j]]
            assert len(nz) <= 2
            if len(nz) == 2:
                p0, p1 = nz
            elif len(nz) == 1:
                # a lone element at 3 rides in the second slot (table: 0 0 0 X -> 00, 10);
                # elsewhere in the first, the second pointing at element 1 (X 0 0 0 -> 00, 00)
                p0, p1 = (0, 3) if nz[0] == 3 else (nz[0], 1)
            else:
                p0, p1 = 0, 1
            dense[r, 2 * g] = blk[p0] if p0 in nz else 0
            dense[r, 2 * g + 1] = blk[p1] if p1 in nz and p1 != p0 else 0
            idx[r, 2 * g], idx[r, 2 * g + 1] = p0, p1 - 1
    return dense, idx


def pack_index(idx: np.ndarray) -> np.ndarray:
    """[n, k/2] 2-bit indexes -> bytes (four a byte, the first in bits 0-1) in the sample's
    layout: blocks of 8 bytes (32 dense k) x 16 rows, k-block major."""
    n, kh = idx.shape
    q = idx.reshape(n, kh // 4, 4).astype(np.uint16)
    byte = (q[..., 0] | q[..., 1] << 2 | q[..., 2] << 4 | q[..., 3] << 6).astype(np.uint8)
    return byte.reshape(n // 16, 16, kh // 4 // 8, 8).transpose(2, 0, 1, 3).ravel()


def zn(dense: np.ndarray) -> np.ndarray:
    """Dense B [n, k/2] as the sample stores it: [k/2 / 32][n / 16][16][32]."""
    n, kh = dense.shape
    return dense.reshape(n // 16, 16, kh // C0, C0).transpose(2, 0, 1, 3).ravel()


def nz(a: np.ndarray) -> np.ndarray:
    """A [m, k] as the sample stores it in GM and L1: [k / 32][m / 16][16][32]."""
    m, k = a.shape
    return a.reshape(m // 16, 16, k // C0, C0).transpose(2, 0, 1, 3).ravel()


def sparse_b(rng, n, k, lone=False) -> np.ndarray:
    """[n, k]: two non-zeros in each group of four, or (lone) every pattern of at most two."""
    b = np.zeros((n, k), np.int8)
    for r in range(n):
        for g in range(k // 4):
            if lone:
                keep = [[], [0], [1], [2], [3], [0, 1], [2, 3], [0, 3]][(r + g) % 8]
            else:
                keep = rng.choice(4, 2, replace=False)
            for j in keep:
                b[r, 4 * g + j] = rng.integers(1, 10) * rng.choice([-1, 1])
    return b


def make_kernel(m=M, n=N, k=K, with_load=True, start=0, mmad_k=None):
    """The sample's kernel for m x k by k x n; `mmad_k`: the k MmadWithSparse is told."""
    mb, nb, kb = m // 16, n // 16, k // C0
    a_size, b_size = m * k, k // 2 * n
    kk = k if mmad_k is None else mmad_k

    @asc.jit
    def kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, idx: asc.GlobalAddress,
               c: asc.GlobalAddress):
        a_gm, b_gm, i_gm, c_gm = (asc.GlobalTensor(), asc.GlobalTensor(), asc.GlobalTensor(),
                                  asc.GlobalTensor())
        a_gm.set_global_buffer(a, a_size)
        b_gm.set_global_buffer(b, b_size)
        i_gm.set_global_buffer(idx, b_size // 4)
        c_gm.set_global_buffer(c, m * n)
        a1 = asc.LocalTensor(asc.int8, asc.TPosition.A1, 0, a_size)
        a2 = asc.LocalTensor(asc.int8, asc.TPosition.A2, 0, a_size)
        b1 = asc.LocalTensor(asc.int8, asc.TPosition.B1, 128 * 1024, b_size)
        i1 = asc.LocalTensor(asc.uint8, asc.TPosition.B1, 256 * 1024, b_size // 4)
        b2 = asc.LocalTensor(asc.int8, asc.TPosition.B2, 0, b_size)
        co1 = asc.LocalTensor(asc.int32, asc.TPosition.CO1, 0, m * n)
        asc.data_copy(a1, a_gm, asc.DataCopyParams(1, a_size // 32, 0, 0))
        asc.data_copy(b1, b_gm, asc.DataCopyParams(1, b_size // 32, 0, 0))
        asc.data_copy(i1, i_gm, asc.DataCopyParams(1, b_size // 4 // 32, 0, 0))
        asc.set_flag(asc.HardEvent.MTE2_MTE1, 0)
        asc.wait_flag(asc.HardEvent.MTE2_MTE1, 0)
        for i in range(mb):
            asc.load_data(a2[i * kb * 512], a1[i * 512],
                          asc.LoadData2DParams(0, kb, mb, 0, 0, False, 0))
        if with_load:
            asc.load_data_with_sparse(b2, b1, i1,
                                      asc.LoadData2DParams(start, kb * nb // 2, 0, 0, 0, False,
                                                           0))
        else:
            asc.load_data(b2, b1, asc.LoadData2DParams(0, kb * nb // 2, 1, 0, 0, False, 0))
        asc.set_flag(asc.HardEvent.MTE1_M, 0)
        asc.wait_flag(asc.HardEvent.MTE1_M, 0)
        asc.mmad_with_sparse(co1, a2, b2, asc.MmadParams(m, n, kk, is_bias=False, fm_offset=0,
                                                         en_ssparse=False, en_winograd_a=False,
                                                         en_winograd_b=False))
        asc.set_flag(asc.HardEvent.M_FIX, 0)
        asc.wait_flag(asc.HardEvent.M_FIX, 0)
        asc.fixpipe(c_gm, co1, asc.FixpipeParamsV220(n, m, m, n))
        asc.pipe_barrier(asc.Pipe.PIPE_ALL)

    return kernel


def run(a, b, kernel=None, index=None):
    """C of the kernel for A [m, k] and sparse B [n, k] (index: override the packed index)."""
    dense, idx = densify(b)
    packed = pack_index(idx) if index is None else index
    c = np.zeros(a.shape[0] * b.shape[0], np.int32)
    report = (kernel or make_kernel(a.shape[0], b.shape[0], a.shape[1]))[1](
        nz(a), zn(dense), packed, c)
    return c.reshape(a.shape[0], b.shape[0]), report


def test_the_sample_multiplies_a_by_the_sparse_b():
    rng = np.random.default_rng(0)
    a = rng.integers(-9, 10, (M, K)).astype(np.int8)
    b = sparse_b(rng, N, K)
    c, report = run(a, b)
    np.testing.assert_array_equal(c, a.astype(np.int32) @ b.T.astype(np.int32))
    assert report.findings == []


def test_groups_with_one_or_no_non_zero_follow_the_table():
    rng = np.random.default_rng(1)
    a = rng.integers(-9, 10, (M, K)).astype(np.int8)
    b = sparse_b(rng, N, K, lone=True)
    c, _ = run(a, b)
    np.testing.assert_array_equal(c, a.astype(np.int32) @ b.T.astype(np.int32))


def test_a_larger_k_and_n():
    rng = np.random.default_rng(2)
    a = rng.integers(-9, 10, (32, 256)).astype(np.int8)
    b = sparse_b(rng, 64, 256)
    c, _ = run(a, b, make_kernel(32, 64, 256))
    np.testing.assert_array_equal(c, a.astype(np.int32) @ b.T.astype(np.int32))


def test_the_index_bit_order_matters():
    # the same indexes with the 2-bit fields of each byte in the opposite order select other
    # elements of A: the result differs from A @ B
    rng = np.random.default_rng(3)
    a = rng.integers(-9, 10, (M, K)).astype(np.int8)
    b = sparse_b(rng, N, K)
    _, idx = densify(b)
    packed = pack_index(idx[:, ::-1].copy())  # reversed within each row: other fields
    c, _ = run(a, b, index=packed)
    assert not np.array_equal(c, a.astype(np.int32) @ b.T.astype(np.int32))


def test_an_index_of_3_is_an_error():
    rng = np.random.default_rng(4)
    a = rng.integers(-9, 10, (M, K)).astype(np.int8)
    b = sparse_b(rng, N, K)
    _, idx = densify(b)
    packed = pack_index(idx)
    packed[5] |= 0b11  # the first field of one byte
    with pytest.raises(SimulationError, match="index 3"):
        run(a, b, index=packed)


def test_a_filter_without_its_index_is_an_error():
    rng = np.random.default_rng(5)
    a = rng.integers(-9, 10, (M, K)).astype(np.int8)
    b = sparse_b(rng, N, K)
    with pytest.raises(SimulationError, match="no LoadDataWithSparse loaded"):
        run(a, b, make_kernel(with_load=False))


def test_start_index_is_refused_with_the_reason():
    rng = np.random.default_rng(6)
    a = rng.integers(-9, 10, (M, K)).astype(np.int8)
    b = sparse_b(rng, N, K)
    with pytest.raises(SimulationError, match="startIndex=1.*not documented"):
        run(a, b, make_kernel(start=1))


def test_k_not_whole_groups_of_four_is_refused():
    rng = np.random.default_rng(7)
    a = rng.integers(-9, 10, (M, K)).astype(np.int8)
    b = sparse_b(rng, N, K)
    with pytest.raises(SimulationError, match="k=62, not whole groups of four"):
        run(a, b, make_kernel(mmad_k=K - 2))


def test_the_mmad_is_charged_for_the_dense_half():
    # M is busy for the products of the dense half: 8 x 8 fractal blocks x one block of K
    # (k / 2 = 32), not the two of A's K, after the issue cycles and until they land
    rng = np.random.default_rng(8)
    a = rng.integers(-9, 10, (M, K)).astype(np.int8)
    b = sparse_b(rng, N, K)
    _, report = run(a, b)
    cost = get_soc().cost
    steps = (M // 16) * (N // 16) * (K // 2 // C0)
    assert report.busy["PIPE_M"] == cost["cube_issue"] + steps + cost["local_latency"]
