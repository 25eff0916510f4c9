"""Compare / CompareScalar / Select on the simulator: every form and mode against numpy.

The kernels are written in the kernel language as pyasc's tests write them (LocalTensors at
fixed UB addresses, explicit flags): x and y (256 f16 or 128 f32 elements) come in, `z` (the
selection, primed by the caller) and `m` (64 bytes of mask bits, primed too) go out.
"""

from __future__ import annotations

import numpy as np
import pytest

import ascdsl as asc
from ascdsl.frontend.errors import CompilationError

U64 = 2**64 - 1
N16 = 256  # f16 elements: two repeats of 128


def _bits(m: np.ndarray, n: int) -> np.ndarray:
    return np.unpackbits(m, bitorder="little")[:n].astype(bool)


def _inputs(dtype=np.float16, n=N16, seed=0):
    rng = np.random.default_rng(seed)
    x = rng.standard_normal(n).astype(dtype)
    y = rng.standard_normal(n).astype(dtype)
    y[::7] = x[::7]  # some equal pairs, so EQ/LE/GE/NE differ from LT/GT
    return x, y


def _frame(compute):
    """A kernel: copy x, y, z, m in; `compute(lx, ly, lz, bits)`; copy z and m out."""

    @asc.jit
    def kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress,
               m: asc.GlobalAddress):
        gx = asc.GlobalTensor()
        gx.set_global_buffer(x)
        gy = asc.GlobalTensor()
        gy.set_global_buffer(y)
        gz = asc.GlobalTensor()
        gz.set_global_buffer(z)
        gm = asc.GlobalTensor()
        gm.set_global_buffer(m)
        lx = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 256)
        ly = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 512, 256)
        lz = asc.LocalTensor(asc.float16, asc.TPosition.VECOUT, 1024, 256)
        bits = asc.LocalTensor(asc.uint8, asc.TPosition.VECOUT, 1536, 64)
        asc.data_copy(lx, gx, 256)
        asc.data_copy(ly, gy, 256)
        asc.data_copy(lz, gz, 256)
        asc.data_copy(bits, gm, 64)
        asc.set_flag(asc.HardEvent.MTE2_V, 0)
        asc.wait_flag(asc.HardEvent.MTE2_V, 0)
        compute(lx, ly, lz, bits)
        asc.set_flag(asc.HardEvent.V_MTE3, 0)
        asc.wait_flag(asc.HardEvent.V_MTE3, 0)
        asc.data_copy(gz, lz, 256)
        asc.data_copy(gm, bits, 64)

    return kernel


def _run(compute, x, y, z=None, m=None):
    z = np.full(N16, 7, np.float16) if z is None else z
    m = np.zeros(64, np.uint8) if m is None else m
    _frame(compute)[1](x, y, z, m)
    return z, m


# --- compare -------------------------------------------------------------------------------

MODES = {
    asc.CMPMODE.LT: np.less, asc.CMPMODE.GT: np.greater, asc.CMPMODE.EQ: np.equal,
    asc.CMPMODE.LE: np.less_equal, asc.CMPMODE.GE: np.greater_equal,
    asc.CMPMODE.NE: np.not_equal,
}


def _compare_l2(mode):
    @asc.jit
    def compute(lx, ly, lz, bits):
        asc.compare(bits, lx, ly, cmp_mode=mode, count=256)

    return compute


@pytest.mark.parametrize("mode", list(MODES), ids=lambda m: m.name)
def test_compare_l2_writes_one_bit_per_element(mode):
    x, y = _inputs()
    _, m = _run(_compare_l2(mode), x, y)
    np.testing.assert_array_equal(_bits(m, N16), MODES[mode](x, y))


@asc.jit
def _compare_l0_half_mask(lx, ly, lz, bits):
    params = asc.BinaryRepeatParams(1, 1, 1, 8, 8, 8)
    asc.compare(bits, lx, ly, cmp_mode=asc.CMPMODE.GT, mask=64, repeat_times=2,
                repeat_params=params)


def test_compare_l0_mask_is_reserved_on_a2():
    # 2 repeats of 128 f16 elements, mask 64: on the A2 the mask is a reserved parameter
    # (Compare.md; dav_c220's VcmpvImpl drops it), so all 256 bits are written.
    x, y = _inputs()
    _, m = _run(_compare_l0_half_mask, x, y, m=np.full(64, 0xFF, np.uint8))
    np.testing.assert_array_equal(_bits(m, N16), x > y)


@asc.jit
def _compare_l1_strided(lx, ly, lz, bits):
    params = asc.BinaryRepeatParams(1, 2, 1, 8, 8, 8)
    asc.compare(bits, lx, ly, cmp_mode=asc.CMPMODE.LE, mask=[0x00FF00FF00FF00FF, U64],
                repeat_times=1, repeat_params=params)


def test_compare_l1_block_stride_ignores_the_mask_words():
    # src0 block stride 2: element e of the repeat comes from x[(e // 16) * 32 + e % 16].
    x, y = _inputs()
    _, m = _run(_compare_l1_strided, x, y)
    e = np.arange(128)
    xa = x[(e // 16) * 32 + e % 16]
    # the mask words select nothing on the A2: every element of the repeat is compared
    np.testing.assert_array_equal(_bits(m, 128), xa <= y[:128])


@asc.jit
def _compare_scalar_forms(lx, ly, lz, bits):
    params = asc.UnaryRepeatParams(1, 1, 8, 8)
    asc.compare_scalar(bits, lx, 0.25, cmp_mode=asc.CMPMODE.GE, count=128)
    asc.compare_scalar(bits[32:], lx[128:], 0.25, cmp_mode=asc.CMPMODE.NE, mask=128,
                       repeat_times=1, repeat_params=params)


def test_compare_scalar_l2_and_l0():
    x, y = _inputs()
    _, m = _run(_compare_scalar_forms, x, y)
    got = _bits(m, 2 * N16)  # the L0 form's bits start at byte 32 (UB is 32-byte aligned)
    np.testing.assert_array_equal(got[:128], x[:128] >= np.float16(0.25))
    assert not got[128:256].any()
    np.testing.assert_array_equal(got[256:384], x[128:] != np.float16(0.25))


@asc.jit
def _compare_register(lx, ly, lz, bits):
    params = asc.BinaryRepeatParams(1, 1, 1, 8, 8, 8)
    asc.compare(lx, ly, cmp_mode=asc.CMPMODE.LT, mask=128, repeat_params=params)
    asc.get_cmp_mask(bits)


def test_register_compare_goes_through_cmpmask():
    x, y = _inputs()
    _, m = _run(_compare_register, x, y)
    np.testing.assert_array_equal(_bits(m, 128), x[:128] < y[:128])
    assert not m[16:].any()  # GetCmpMask writes the 16 bytes of the register only


# --- select ---------------------------------------------------------------------------------


@asc.jit
def _select_tensor_tensor_l0(lx, ly, lz, bits):
    params = asc.BinaryRepeatParams(1, 1, 1, 8, 8, 8)
    asc.select(lz, bits, lx, ly, sel_mode=asc.SelMode.VSEL_TENSOR_TENSOR_MODE, mask=128,
               repeat_times=2, repeat_params=params)


def test_select_tensor_tensor_mode_consumes_bits_across_repeats():
    x, y = _inputs()
    m = np.random.default_rng(3).integers(0, 256, 64, dtype=np.uint8)
    z, _ = _run(_select_tensor_tensor_l0, x, y, m=m.copy())
    np.testing.assert_array_equal(z, np.where(_bits(m, N16), x, y))


@asc.jit
def _select_cmpmask_l0(lx, ly, lz, bits):
    params = asc.BinaryRepeatParams(1, 1, 1, 8, 8, 8)
    asc.select(lz, bits, lx, ly, sel_mode=asc.SelMode.VSEL_CMPMASK_SPR, mask=128,
               repeat_times=2, repeat_params=params)


def test_select_cmpmask_mode_reuses_the_first_128_bits_every_repeat():
    x, y = _inputs()
    m = np.random.default_rng(4).integers(0, 256, 64, dtype=np.uint8)
    z, _ = _run(_select_cmpmask_l0, x, y, m=m.copy())
    pattern = np.tile(_bits(m, 128), 2)
    np.testing.assert_array_equal(z, np.where(pattern, x, y))


@asc.jit
def _select_scalar_l1(lx, ly, lz, bits):
    params = asc.BinaryRepeatParams(1, 1, 1, 8, 8, 8)
    asc.select(lz, bits, lx, 0.5, sel_mode=asc.SelMode.VSEL_TENSOR_SCALAR_MODE,
               mask=[U64, 1], repeat_times=2, repeat_params=params)


def test_select_scalar_l1_with_bit_mask():
    # Bits run on across repeats; the mask words select elements 0..64 of each repeat, the
    # others keep the primed 7.
    x, y = _inputs()
    m = np.random.default_rng(5).integers(0, 256, 64, dtype=np.uint8)
    z, _ = _run(_select_scalar_l1, x, y, m=m.copy())
    on = np.zeros(N16, bool)
    on[0:65] = on[128:193] = True
    expect = np.where(_bits(m, N16), x, np.float16(0.5))
    expect[~on] = 7
    np.testing.assert_array_equal(z, expect)


@asc.jit
def _compare_then_select_l2(lx, ly, lz, bits):
    asc.compare(bits, lx, ly, cmp_mode=asc.CMPMODE.GT, count=256)
    asc.pipe_barrier(asc.PipeID.PIPE_V)
    asc.select(lz, bits, lx, ly, sel_mode=asc.SelMode.VSEL_TENSOR_TENSOR_MODE, count=256)


def test_compare_then_select_is_elementwise_max():
    x, y = _inputs()
    z, _ = _run(_compare_then_select_l2, x, y)
    np.testing.assert_array_equal(z, np.maximum(x, y))


@asc.jit
def _select_scalar_l2(lx, ly, lz, bits):
    asc.select(lz, bits, lx, -1.0, sel_mode=asc.SelMode.VSEL_TENSOR_SCALAR_MODE, count=200)


def test_select_scalar_l2_counts_elements():
    x, y = _inputs()
    m = np.random.default_rng(6).integers(0, 256, 64, dtype=np.uint8)
    z, _ = _run(_select_scalar_l2, x, y, m=m.copy())
    expect = np.where(_bits(m, N16), x, np.float16(-1))
    expect[200:] = 7
    np.testing.assert_array_equal(z, expect)


@asc.jit
def _select_register_forms(lx, ly, lz, bits):
    params = asc.BinaryRepeatParams(1, 1, 1, 8, 8, 8)
    asc.compare(lx, ly, cmp_mode=asc.CMPMODE.LT, mask=128, repeat_params=params)
    asc.select(lz, lx, ly, repeat_times=1, repeat_params=params,
               sel_mode=asc.SelMode.VSEL_CMPMASK_SPR)
    # The scalar form takes its scalar from CMPMASK: load it from y[128] (and y[129..]).
    asc.pipe_barrier(asc.PipeID.PIPE_V)
    asc.set_cmp_mask(ly[128:])
    asc.select(lz[128:], bits, lx[128:], repeat_times=1, repeat_params=params)


def test_select_register_forms():
    x, y = _inputs()
    m = np.random.default_rng(7).integers(0, 256, 64, dtype=np.uint8)
    z, _ = _run(_select_register_forms, x, y, m=m.copy())
    np.testing.assert_array_equal(z[:128], np.minimum(x[:128], y[:128]))
    np.testing.assert_array_equal(z[128:], np.where(_bits(m, 128), x[128:], y[128]))


# --- errors ---------------------------------------------------------------------------------


@asc.jit
def _select_bad_mode(lx, ly, lz, bits):
    asc.select(lz, bits, lx, 0.5, sel_mode=asc.SelMode.VSEL_CMPMASK_SPR, count=256)


def test_scalar_select_in_a_tensor_mode_is_a_located_error():
    x, y = _inputs()
    with pytest.raises(Exception) as info:
        _run(_select_bad_mode, x, y)
    text = str(info.value)
    assert "select_scalar_l2" in text and "VSEL_TENSOR_SCALAR_MODE" in text
    assert "test_cmpsel.py:" in text


@asc.jit
def _compare_bad_call(lx, ly, lz, bits):
    asc.compare(bits, lx, ly, asc.CMPMODE.LT, 1.5)


def test_compare_without_a_matching_form_lists_the_candidates():
    x, y = _inputs()
    with pytest.raises(CompilationError) as info:
        _run(_compare_bad_call, x, y)
    text = str(info.value)
    assert "No viable candidates were found to dispatch compare()" in text
    assert "cmp_mode: CmpMode, count: int" in text
    assert "test_cmpsel.py:" in text
