"""Axpy on the simulator: dst = src * scalar + dst, every level, half into float too."""

from __future__ import annotations

import numpy as np

import ascdsl as asc

U64 = 2**64 - 1


def _frame(compute, dst_dtype):
    @asc.jit
    def kernel(x: asc.GlobalAddress, z: asc.GlobalAddress):
        gx = asc.GlobalTensor()
        gx.set_global_buffer(x)
        gz = asc.GlobalTensor()
        gz.set_global_buffer(z)
        lx = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 256)
        lz = asc.LocalTensor(dst_dtype, asc.TPosition.VECOUT, 1024, 256)
        asc.data_copy(lx, gx, 256)
        asc.data_copy(lz, gz, 256)
        asc.set_flag(asc.HardEvent.MTE2_V, 0)
        asc.wait_flag(asc.HardEvent.MTE2_V, 0)
        compute(lx, lz)
        asc.set_flag(asc.HardEvent.V_MTE3, 0)
        asc.wait_flag(asc.HardEvent.V_MTE3, 0)
        asc.data_copy(gz, lz, 256)

    return kernel


def _inputs(dst_dtype):
    rng = np.random.default_rng(0)
    return (rng.standard_normal(256).astype(np.float16),
            rng.standard_normal(256).astype(dst_dtype))


@asc.jit
def _axpy_l2(lx, lz):
    asc.axpy(lz, lx, 1.5, count=200)


def test_axpy_l2_half():
    x, z0 = _inputs(np.float16)
    z = z0.copy()
    _frame(_axpy_l2, asc.float16)[1](x, z)
    # In the element type: the product rounds to half, then the sum does.
    expect = z0.copy()
    expect[:200] = (x[:200] * np.float16(1.5)) + z0[:200]
    np.testing.assert_array_equal(z, expect)


@asc.jit
def _axpy_l0_mixed(lx, lz):
    params = asc.UnaryRepeatParams(1, 1, 8, 4)
    asc.axpy(lz, lx, 2.0, mask=64, repeat_times=4, repeat_params=params)


def test_axpy_l0_half_into_float():
    # 64 elements a repeat (the float destination's 256 bytes; the first 4 blocks of the half
    # source); source repeat stride 4 blocks = 64 halves: the repeats cover x[0:256] in order.
    x, z0 = _inputs(np.float32)
    z = z0.copy()
    _frame(_axpy_l0_mixed, asc.float32)[1](x, z)
    expect = (x.astype(np.float32) * np.float32(2.0)) + z0
    np.testing.assert_array_equal(z, expect)


@asc.jit
def _axpy_l1(lx, lz):
    params = asc.UnaryRepeatParams(1, 1, 8, 8)
    asc.axpy(lz, lx, -1.0, mask=[0x5555555555555555, 0], repeat_times=2, repeat_params=params)


def test_axpy_l1_bit_mask():
    x, z0 = _inputs(np.float16)
    z = z0.copy()
    _frame(_axpy_l1, asc.float16)[1](x, z)
    on = np.zeros(256, bool)
    on[0:64:2] = on[128:192:2] = True
    expect = z0.copy()
    expect[on] = (x[on] * np.float16(-1.0)) + z0[on]
    np.testing.assert_array_equal(z, expect)
