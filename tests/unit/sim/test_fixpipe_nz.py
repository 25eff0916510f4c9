"""Fixpipe in the NZ layout (sim/lower/fixpipe.py): into GM as 16-column bursts dstStride
32-byte blocks apart, with conversions and the store-atomic unit; into L1 as the NZ operand of
a second matmul (the chained matmul Fixpipe into L1 is for); the located refusals
(COLUMN_MAJOR: test_cube.py)."""

from __future__ import annotations

import numpy as np
import pytest

import ascdsl as asc
from ascdsl.dialects.ascendc.types_cube import QuantMode
from ascdsl.sim import InvalidArgumentError, NotSimulatedError
from cube_kernels import mmad_kernel
from sim_kernels import run


def _operands(m, n, k, seed):
    rng = np.random.default_rng(seed)
    a = rng.integers(-8, 9, (m, k)).astype(np.float16)
    b = rng.integers(-8, 9, (k, n)).astype(np.float16)
    return a, b, a.astype(np.float32) @ b.astype(np.float32)


def _nz_kernel(m, n, k, dst_stride, out="f32", quant=0, n_size=None):
    """mmad_kernel with its Fixpipe writing CFG_NZ, dstStride in 32-byte blocks."""
    text = mmad_kernel(m, n, k, out=out, quant=quant)
    params = "fixpipe_params_v220(%cn, %cm, %cm16, %cn,"
    assert params in text
    text = text.replace(params, "fixpipe_params_v220(%cnz, %cm, %cm16, %cdst,")
    text = text.replace("    %c0 = arith.constant 0 : i32\n",
                        "    %c0 = arith.constant 0 : i32\n"
                        f"    %cdst = arith.constant {dst_stride} : i32\n"
                        f"    %cnz = arith.constant {n if n_size is None else n_size} : i32\n", 1)
    return text.replace("fixpipe_config(%c1)", "fixpipe_config(%c0)")


def _nz_ref(c: np.ndarray, stride_elems: int, size: int, fill) -> np.ndarray:
    """C [m, n] as NZ bursts: column block j at j * stride_elems, rows of 16 after it."""
    m, n = c.shape
    out = np.full(size, fill, c.dtype)
    for j in range(n // 16):
        out[j * stride_elems:j * stride_elems + m * 16] = c[:, 16 * j:16 * j + 16].ravel()
    return out


@pytest.mark.parametrize("m, gap_blocks", [(32, 0), (20, 3)])
def test_nz_into_gm_writes_16_column_bursts_dst_stride_apart(m, gap_blocks):
    n, k = 48, 32
    a, b, acc = _operands(m, n, k, m)
    burst_blocks = m * 16 * 4 // 32
    stride = burst_blocks + gap_blocks
    size = (n // 16) * stride * 8
    c = np.full(size, -1.0, np.float32)
    run(_nz_kernel(m, n, k, stride), [a.ravel(), b.ravel(), c])
    np.testing.assert_array_equal(c, _nz_ref(acc, stride * 8, size, np.float32(-1.0)))


def test_nz_into_gm_converts_like_nd():
    m, n, k = 16, 32, 32
    a, b, acc = _operands(m, n, k, 5)
    stride = m * 16 * 2 // 32
    c = np.zeros(n * m, np.float16)
    run(_nz_kernel(m, n, k, stride, out="f16", quant=int(QuantMode.F322F16)),
        [a.ravel(), b.ravel(), c])
    np.testing.assert_array_equal(c, _nz_ref(acc.astype(np.float16), stride * 16, n * m, 0))


def test_nz_with_a_partial_column_block_is_refused():
    m, n, k = 16, 32, 32
    a, b, _ = _operands(m, n, k, 6)
    with pytest.raises(NotSimulatedError, match="nSize=24 columns in NZ"):
        run(_nz_kernel(m, n, k, 16, n_size=24), [a.ravel(), b.ravel(), np.zeros(512, np.float32)])


# --- into L1: the first product becomes the second matmul's A operand ----------------------


def _product(m, n, k):
    """co1 = x1 @ y1 for NZ x1 [m, k] and y1 [k, n] in L1: ZZ / ZN loads, then one Mmad."""
    m1, n1, k1 = m // 16, n // 16, k // 16

    @asc.jit
    def product(co1, a2, b2, x1, y1):
        for i in range(m1):
            asc.load_data(a2[i * k1 * 256], x1[i * 256],
                          asc.LoadData2DParams(0, k1, m1, 0, 0, False, 0))
        for j in range(k1):
            asc.load_data(b2[j * n1 * 256], y1[j * 256],
                          asc.LoadData2DParams(0, n1, k1, 0, 0, True, 0))
        asc.pipe_barrier(asc.Pipe.PIPE_ALL)
        asc.mmad(co1, a2, b2, asc.MmadParams(m, n, k, is_bias=False, fm_offset=0,
                                             en_ssparse=False, en_winograd_a=False,
                                             en_winograd_b=False))
        asc.pipe_barrier(asc.Pipe.PIPE_ALL)

    return product


def _chain(m, n, k, quant=QuantMode.F322F16, dst_stride=None):
    """C2 = half(A @ B) @ I: Fixpipe writes C1 = A @ B into L1 as NZ half (column blocks m16
    rows apart: dstStride = m16 * 16 * 2 / 32), LoadData makes it ZZ in L0A, the identity
    (n x n) is B, and the second Fixpipe writes ND rows."""
    stride = m if dst_stride is None else dst_stride
    first, second = _product(m, n, k), _product(m, n, n)

    @asc.jit
    def kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, eye: asc.GlobalAddress,
               c: asc.GlobalAddress):
        a_gm, b_gm, e_gm, c_gm = (asc.GlobalTensor(), asc.GlobalTensor(), asc.GlobalTensor(),
                                  asc.GlobalTensor())
        a_gm.set_global_buffer(a, m * k)
        b_gm.set_global_buffer(b, k * n)
        e_gm.set_global_buffer(eye, n * n)
        c_gm.set_global_buffer(c, m * n)
        a1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, m * k)
        b1 = asc.LocalTensor(asc.float16, asc.TPosition.B1, 64 * 1024, k * n)
        c1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 128 * 1024, m * n)
        e1 = asc.LocalTensor(asc.float16, asc.TPosition.B1, 192 * 1024, n * n)
        a2 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, 16 * 1024)
        b2 = asc.LocalTensor(asc.float16, asc.TPosition.B2, 0, 16 * 1024)
        co1 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, m * n)
        asc.data_copy(a1, a_gm, asc.Nd2NzParams(1, m, k, 0, k, m, 1, 0))
        asc.data_copy(b1, b_gm, asc.Nd2NzParams(1, k, n, 0, n, k, 1, 0))
        asc.data_copy(e1, e_gm, asc.Nd2NzParams(1, n, n, 0, n, n, 1, 0))
        asc.pipe_barrier(asc.Pipe.PIPE_ALL)
        first(co1, a2, b2, a1, b1)
        asc.fixpipe(c1, co1, asc.FixpipeParamsV220(n, m, m, stride, int(quant)),
                    asc.FixpipeConfig.cfg_nz)
        asc.pipe_barrier(asc.Pipe.PIPE_ALL)
        second(co1, a2, b2, c1, e1)
        asc.fixpipe(c_gm, co1, asc.FixpipeParamsV220(n, m, m, n))
        asc.pipe_barrier(asc.Pipe.PIPE_ALL)

    return kernel


def _run_chain(m, n, k, seed, **kw):
    rng = np.random.default_rng(seed)
    a = rng.standard_normal((m, k)).astype(np.float16)  # sums that half rounds
    b = rng.standard_normal((k, n)).astype(np.float16)
    acc = a.astype(np.float32) @ b.astype(np.float32)
    c = np.zeros(m * n, np.float32)
    _chain(m, n, k, **kw)[1](a.ravel(), b.ravel(), np.eye(n, dtype=np.float16).ravel(), c)
    return c.reshape(m, n), acc


def test_nz_into_l1_feeds_the_next_matmul():
    c, acc = _run_chain(32, 48, 32, 1)
    np.testing.assert_array_equal(c, acc.astype(np.float16).astype(np.float32))
    assert not np.array_equal(c, acc)  # the half rounding happened


def test_into_l1_without_a_conversion_is_an_error():
    with pytest.raises(InvalidArgumentError, match="quantPre=NoQuant: Fixpipe into L1 always "
                                                   "converts"):
        _run_chain(16, 16, 16, 2, quant=QuantMode.NoQuant)
