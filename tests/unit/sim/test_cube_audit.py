"""An audit of the simulated cube path against asc-devkit's documentation and dav_c220 headers:
each test is a case where the simulator computed something else than the documented result.

- Nd2Nz pads a partial 32-byte block with zeros (DataCopy GM->L1 ND2NZ page, dValue);
- LoadData2DParams.addrMode = 1 walks the GM source down (LoadData 2D page, load2d.py);
- Mmad with M = 1 is GEMV: A is read from L0A as one ND row (Mmad page, GEMV.md);
- Mmad with a bias tensor starts from zero when cmatrixInitVal is true (the default), and a
  C2 start without a bias tensor is refused (kernel_operator_mm_impl.h, asc_mmad page);
- int32 results saturate ("对于整数类型只有饱和模式", Mmad page);
- Fixpipe NZ2ND with ndNum matrices (NZ2ND.md; srcNdStride in 1024-byte units as the Matmul
  library's SetNdParams computes it), ndNum = 0 a NOP, channel split refused with ND rows.
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest

import ascdsl as asc
from ascdsl.runtime import config
from ascdsl.sim import InvalidArgumentError, NotSimulatedError

F16 = 256  # halfs in a 512-byte fractal
RNG = np.random.default_rng(11)
I32 = np.iinfo(np.int32)


def _zz(a: np.ndarray, c0: int = 16) -> np.ndarray:
    """A [m, k] as L0A holds it (fractals row by row, each row-major)."""
    m, k = a.shape
    return a.reshape(m // 16, 16, k // c0, c0).transpose(0, 2, 1, 3).ravel()


def _zn(b: np.ndarray, c0: int = 16) -> np.ndarray:
    """B [k, n] as L0B holds it (fractals row by row, each column by column)."""
    k, n = b.shape
    return b.reshape(k // c0, c0, n // 16, 16).transpose(0, 2, 3, 1).ravel()


def _ints(shape, lo=-3, hi=4, dtype=np.float16) -> np.ndarray:
    return RNG.integers(lo, hi, shape).astype(dtype)


def _launch(kernel, *args, sanitize: str = "raise"):
    old = config.sanitize
    config.sanitize = sanitize
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # "warn" mode's findings: the report keeps them
            return kernel[1](*args)
    finally:
        config.sanitize = old


def _gm(addr, n):
    t = asc.GlobalTensor()
    t.set_global_buffer(addr, n)
    return t


# --- Nd2Nz: a partial C0 block is padded with zeros -----------------------------------------


@asc.jit
def nd2nz_over_stale(stale: asc.GlobalAddress, a: asc.GlobalAddress, b: asc.GlobalAddress,
                     c: asc.GlobalAddress):
    """L1 first holds a 16 x 16 block of 7s; A [16, 5] is copied over it with Nd2Nz, and the
    16 x 16 x 16 product reads A's whole first column block."""
    a1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, F16)
    a2 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, F16)
    b2 = asc.LocalTensor(asc.float16, asc.TPosition.B2, 0, F16)
    co1 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, F16)
    asc.data_copy(a1, _gm(stale, F16), asc.Nd2NzParams(1, 16, 16, 0, 16, 16, 1, 0))
    asc.pipe_barrier(asc.Pipe.PIPE_ALL)
    asc.data_copy(a1, _gm(a, 80), asc.Nd2NzParams(1, 16, 5, 0, 5, 16, 1, 0))
    asc.load_data(b2, _gm(b, F16), asc.LoadData2DParams(0, 1, 1, 0, 0, False, 0))
    asc.pipe_barrier(asc.Pipe.PIPE_ALL)
    asc.load_data(a2, a1, asc.LoadData2DParams(0, 1, 1, 0, 0, False, 0))
    asc.pipe_barrier(asc.Pipe.PIPE_ALL)
    asc.mmad(co1, a2, b2, asc.MmadParams(16, 16, 16, unit_flag=0, cmatrix_source=False,
                                         cmatrix_init_val=True))
    asc.pipe_barrier(asc.Pipe.PIPE_ALL)
    asc.fixpipe(_gm(c, F16), co1, asc.FixpipeParamsV220(16, 16, 16, 16))
    asc.pipe_barrier(asc.Pipe.PIPE_ALL)


def test_nd2nz_pads_the_partial_block_with_zeros():
    a, b = _ints((16, 5)), _ints((16, 16))
    c = np.zeros(F16, np.float32)
    _launch(nd2nz_over_stale, np.full(F16, 7, np.float16), a.ravel(), _zn(b), c)
    # The 11 padded columns are zeros, not the 7s L1 held: C = A @ B[:5].
    want = a.astype(np.float32) @ b[:5].astype(np.float32)
    np.testing.assert_array_equal(c.reshape(16, 16), want)


# --- LoadData addrMode ------------------------------------------------------------------------


@asc.jit
def addr_mode_load(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress,
                   to_l0a: asc.ConstExpr[bool]):
    """Fractals 3, 2, 1, 0 of A's GM (addrMode 1, startIndex 3) become A's K blocks."""
    a1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, 4 * F16)
    a2 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, 4 * F16)
    b2 = asc.LocalTensor(asc.float16, asc.TPosition.B2, 0, 4 * F16)
    co1 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, F16)
    a_gm = _gm(a, 7 * F16)
    if to_l0a:
        asc.load_data(a2, a_gm, asc.LoadData2DParams(3, 4, 1, 0, 0, False, 1))
    else:
        asc.load_data(a1, a_gm, asc.LoadData2DParams(3, 4, 1, 0, 0, False, 1))
    asc.load_data(b2, _gm(b, 4 * F16), asc.LoadData2DParams(0, 4, 1, 0, 0, False, 0))
    asc.pipe_barrier(asc.Pipe.PIPE_ALL)
    if not to_l0a:
        asc.load_data(a2, a1, asc.LoadData2DParams(0, 4, 1, 0, 0, False, 0))
    asc.pipe_barrier(asc.Pipe.PIPE_ALL)
    asc.mmad(co1, a2, b2, asc.MmadParams(16, 16, 64, unit_flag=0, cmatrix_source=False,
                                         cmatrix_init_val=True))
    asc.pipe_barrier(asc.Pipe.PIPE_ALL)
    asc.fixpipe(_gm(c, F16), co1, asc.FixpipeParamsV220(16, 16, 16, 16))
    asc.pipe_barrier(asc.Pipe.PIPE_ALL)


def test_load_data_addr_mode_1_walks_the_gm_source_down():
    frac = _ints((7, 16, 16))
    b = _ints((64, 16))
    c = np.zeros(F16, np.float32)
    _launch(addr_mode_load, frac.ravel(), _zn(b), c, False)
    a = np.concatenate([frac[3], frac[2], frac[1], frac[0]], axis=1)  # [16, 64]
    np.testing.assert_array_equal(c.reshape(16, 16), a.astype(np.float32) @ b)


def test_load_data_addr_mode_1_into_l0_is_not_simulated():
    c = np.zeros(F16, np.float32)
    with pytest.raises(NotSimulatedError, match="addrMode=1 on a path other than GM -> L1"):
        _launch(addr_mode_load, np.zeros(7 * F16, np.float16), np.zeros(4 * F16, np.float16),
                c, True)


# --- Mmad with M = 1: GEMV --------------------------------------------------------------------


@asc.jit
def gemv(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress):
    """a [1, 64] as 64 consecutive halfs at the start of L0A, B [64, 16] in ZN."""
    a2 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, 4 * F16)
    b2 = asc.LocalTensor(asc.float16, asc.TPosition.B2, 0, 4 * F16)
    co1 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, F16)
    asc.load_data(a2, _gm(a, 4 * F16), asc.LoadData2DParams(0, 4, 1, 0, 0, False, 0))
    asc.load_data(b2, _gm(b, 4 * F16), asc.LoadData2DParams(0, 4, 1, 0, 0, False, 0))
    asc.pipe_barrier(asc.Pipe.PIPE_ALL)
    asc.mmad(co1, a2, b2, asc.MmadParams(1, 16, 64, unit_flag=0, cmatrix_source=False,
                                         cmatrix_init_val=True))
    asc.pipe_barrier(asc.Pipe.PIPE_ALL)
    asc.fixpipe(_gm(c, 16), co1, asc.FixpipeParamsV220(16, 1, 16, 16))
    asc.pipe_barrier(asc.Pipe.PIPE_ALL)


def test_mmad_with_m_1_reads_a_as_one_nd_row():
    row = _ints(64)
    l0a = np.full(4 * F16, 5, np.float16)  # what follows the row is not A
    l0a[:64] = row
    b = _ints((64, 16))
    c = np.zeros(16, np.float32)
    _launch(gemv, l0a, _zn(b), c)
    np.testing.assert_array_equal(c, row.astype(np.float32) @ b.astype(np.float32))


# --- Mmad's initial C: zero, L0C, or the bias table --------------------------------------------


@asc.jit
def with_bias(a: asc.GlobalAddress, b: asc.GlobalAddress, bias: asc.GlobalAddress,
              c: asc.GlobalAddress, form: asc.ConstExpr[int]):
    """C = A @ B from a bias row in C2. form 0: the 8-value MmadParams (cmatrixInitVal stays
    true); 1: cmatrixInitVal=false; 2: no bias tensor, cmatrixSource=1, cmatrixInitVal=0."""
    a2 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, F16)
    b2 = asc.LocalTensor(asc.float16, asc.TPosition.B2, 0, F16)
    co1 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, F16)
    bias1 = asc.LocalTensor(asc.float32, asc.TPosition.C1, 0, 16)
    bias2 = asc.LocalTensor(asc.float32, asc.TPosition.C2, 0, 16)
    asc.load_data(a2, _gm(a, F16), asc.LoadData2DParams(0, 1, 1, 0, 0, False, 0))
    asc.load_data(b2, _gm(b, F16), asc.LoadData2DParams(0, 1, 1, 0, 0, False, 0))
    asc.data_copy(bias1, _gm(bias, 16), 16)
    asc.pipe_barrier(asc.Pipe.PIPE_ALL)
    asc.data_copy(bias2, bias1, 16)
    asc.pipe_barrier(asc.Pipe.PIPE_ALL)
    if form == 0:
        asc.mmad(co1, a2, b2, bias2, asc.MmadParams(16, 16, 16, is_bias=True, fm_offset=0,
                                                    en_ssparse=False, en_winograd_a=False,
                                                    en_winograd_b=False))
    elif form == 1:
        asc.mmad(co1, a2, b2, bias2, asc.MmadParams(16, 16, 16, unit_flag=0,
                                                    cmatrix_source=False,
                                                    cmatrix_init_val=False))
    else:
        asc.mmad(co1, a2, b2, asc.MmadParams(16, 16, 16, unit_flag=0, cmatrix_source=True,
                                             cmatrix_init_val=False))
    asc.pipe_barrier(asc.Pipe.PIPE_ALL)
    asc.fixpipe(_gm(c, F16), co1, asc.FixpipeParamsV220(16, 16, 16, 16))
    asc.pipe_barrier(asc.Pipe.PIPE_ALL)


def _bias_operands():
    a, b = _ints((16, 16)), _ints((16, 16))
    bias = np.arange(1, 17, dtype=np.float32) * 100
    return a, b, bias, a.astype(np.float32) @ b.astype(np.float32)


def test_mmad_with_bias_and_cmatrix_init_val_true_starts_from_zero():
    a, b, bias, ab = _bias_operands()
    c = np.zeros(F16, np.float32)
    report = _launch(with_bias, _zz(a), _zn(b), bias, c, 0, sanitize="warn")
    np.testing.assert_array_equal(c.reshape(16, 16), ab)  # no bias: isBias is not looked at
    assert any("adds no bias" in str(f) for f in report.findings)
    c[:] = 0
    _launch(with_bias, _zz(a), _zn(b), bias, c, 1)
    np.testing.assert_array_equal(c.reshape(16, 16), ab + bias[None, :])


def test_mmad_from_the_bias_table_without_a_bias_tensor_is_not_simulated():
    a, b, bias, _ = _bias_operands()
    with pytest.raises(NotSimulatedError, match="cmatrixSource=1, cmatrixInitVal=0"):
        _launch(with_bias, _zz(a), _zn(b), bias, np.zeros(F16, np.float32), 2)


# --- int32 accumulation saturates -------------------------------------------------------------

KI = 2048  # one Mmad of 127 x 127 over K = 2048 adds 33,032,192; 70 of them pass 2**31
STEPS = 70


@asc.jit
def int8_accumulate(frac: asc.GlobalAddress, c: asc.GlobalAddress):
    """C += A @ B STEPS times, A and B all `frac` (one int8 fractal repeated)."""
    a2 = asc.LocalTensor(asc.int8, asc.TPosition.A2, 0, 16 * KI)
    b2 = asc.LocalTensor(asc.int8, asc.TPosition.B2, 0, 16 * KI)
    co1 = asc.LocalTensor(asc.int32, asc.TPosition.CO1, 0, F16)
    f = _gm(frac, 1024)
    asc.load_data(a2, f, asc.LoadData2DParams(0, KI // 32, 0, 0, 0, False, 0))
    asc.load_data(b2, f[512:], asc.LoadData2DParams(0, KI // 32, 0, 0, 0, False, 0))
    asc.pipe_barrier(asc.Pipe.PIPE_ALL)
    for t in range(STEPS):
        asc.mmad(co1, a2, b2, asc.MmadParams(16, 16, KI, unit_flag=0, cmatrix_source=False,
                                             cmatrix_init_val=t == 0))
    asc.pipe_barrier(asc.Pipe.PIPE_ALL)
    asc.fixpipe(_gm(c, F16), co1, asc.FixpipeParamsV220(16, 16, 16, 16))
    asc.pipe_barrier(asc.Pipe.PIPE_ALL)


@pytest.mark.parametrize("b_value, want", [(127, I32.max), (-128, I32.min)])
def test_int32_accumulation_saturates(b_value, want):
    frac = np.concatenate([np.full(512, 127, np.int8), np.full(512, b_value, np.int8)])
    c = np.zeros(F16, np.int32)
    _launch(int8_accumulate, frac, c)
    assert 127 * b_value * KI * STEPS > I32.max or 127 * b_value * KI * STEPS < I32.min
    np.testing.assert_array_equal(c, np.full(F16, want, np.int32))


# --- Fixpipe NZ2ND with ndNum matrices --------------------------------------------------------


@asc.jit
def nd_fixpipe(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress,
               nd_num: asc.ConstExpr[int], split: asc.ConstExpr[bool]):
    """C [32, 32] in L0C written as ndNum matrices of 16 rows: matrix t starts t * 1024 bytes
    into L0C (srcNdStride 1) and t * 1024 elements into GM (dstNdStride)."""
    a2 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, 2 * F16)
    b2 = asc.LocalTensor(asc.float16, asc.TPosition.B2, 0, 2 * F16)
    co1 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, 4 * F16)
    asc.load_data(a2, _gm(a, 2 * F16), asc.LoadData2DParams(0, 2, 1, 0, 0, False, 0))
    asc.load_data(b2, _gm(b, 2 * F16), asc.LoadData2DParams(0, 2, 1, 0, 0, False, 0))
    asc.pipe_barrier(asc.Pipe.PIPE_ALL)
    asc.mmad(co1, a2, b2, asc.MmadParams(32, 32, 16, unit_flag=0, cmatrix_source=False,
                                         cmatrix_init_val=True))
    asc.pipe_barrier(asc.Pipe.PIPE_ALL)
    asc.fixpipe(_gm(c, 1536), co1,
                asc.FixpipeParamsV220(32, 16, 32, 32, nd_num=nd_num, src_nd_stride=1,
                                      dst_nd_stride=1024, is_channel_split=split))
    asc.pipe_barrier(asc.Pipe.PIPE_ALL)


def _nd_operands():
    a, b = _ints((32, 16)), _ints((16, 32))
    return _zz(a), _zn(b), a.astype(np.float32) @ b.astype(np.float32)


def test_fixpipe_writes_nd_num_matrices():
    a, b, ab = _nd_operands()
    c = np.full(1536, -1, np.float32)
    _launch(nd_fixpipe, a, b, c, 2, False)
    np.testing.assert_array_equal(c[:512].reshape(16, 32), ab[:16])
    np.testing.assert_array_equal(c[512:1024], -1)  # between the two matrices
    np.testing.assert_array_equal(c[1024:].reshape(16, 32), ab[16:])


def test_fixpipe_with_nd_num_0_writes_nothing():
    a, b, _ = _nd_operands()
    c = np.full(1536, -1, np.float32)
    report = _launch(nd_fixpipe, a, b, c, 0, False, sanitize="warn")
    np.testing.assert_array_equal(c, -1)
    assert any("ndNum=0" in str(f) for f in report.findings)


def test_fixpipe_channel_split_into_nd_rows_is_refused():
    a, b, _ = _nd_operands()
    with pytest.raises(InvalidArgumentError, match="isChannelSplit"):
        _launch(nd_fixpipe, a, b, np.zeros(1536, np.float32), 1, True)


# --- HF32 mode -----------------------------------------------------------------------------


@asc.jit
def _f32_mmad_kernel(a: asc.GlobalAddress, c: asc.GlobalAddress, hf32: asc.ConstExpr[bool]):
    a_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a, 128)
    c_gm = asc.GlobalTensor()
    c_gm.set_global_buffer(c, 256)
    a1 = asc.LocalTensor(asc.float32, asc.TPosition.A1, 0, 128)
    a2 = asc.LocalTensor(asc.float32, asc.TPosition.A2, 0, 128)
    b2 = asc.LocalTensor(asc.float32, asc.TPosition.B2, 0, 128)
    co1 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, 256)
    asc.set_hf32_mode(hf32)
    asc.data_copy(a1, a_gm, asc.Nd2NzParams(1, 16, 8, 0, 8, 16, 1, 0))
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.load_data(a2, a1, asc.LoadData2DParams(start_index=0, repeat_times=1, src_stride=1))
    asc.load_data(b2, a1, asc.LoadData2DParams(start_index=0, repeat_times=1, src_stride=1))
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.mmad(co1, a2, b2, asc.MmadParams(16, 16, 8, unit_flag=0, cmatrix_source=False,
                                         cmatrix_init_val=True))
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.fixpipe(c_gm, co1, asc.FixpipeParamsV220(16, 16, 16, 16))


def test_an_f32_mmad_with_hf32_on_is_not_simulated():
    # HF32.md: with SetHF32Mode(true) the cube rounds f32 inputs to HF32, a width the 910B's
    # docs do not give; the simulator multiplied exactly, as if the mode were off.
    a = np.arange(128, dtype=np.float32) / 7
    c = np.zeros(256, np.float32)
    _f32_mmad_kernel[1](a, c, False)
    assert np.abs(c).sum() > 0
    with pytest.raises(NotSimulatedError, match=r"HF32 mode on \(SetHF32Mode\(true\) at "
                                                r".*test_cube_audit.py:\d+") as e:
        _f32_mmad_kernel[1](a, np.zeros(256, np.float32), True)
    assert "test_cube_audit.py" in str(e.value)
