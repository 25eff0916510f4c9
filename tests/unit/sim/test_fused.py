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


def _frame3(compute):
    """x, y, z (256 f16 each) in; z out (the fused forms read and write dst)."""

    @asc.jit
    def kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress):
        gx = asc.GlobalTensor()
        gx.set_global_buffer(x)
        gy = asc.GlobalTensor()
        gy.set_global_buffer(y)
        gz = asc.GlobalTensor()
        gz.set_global_buffer(z)
        lx = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 256)
        ly = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 512, 256)
        lz = asc.LocalTensor(asc.float16, asc.TPosition.VECOUT, 1024, 256)
        asc.data_copy(lx, gx, 256)
        asc.data_copy(ly, gy, 256)
        asc.data_copy(lz, gz, 256)
        asc.set_flag(asc.HardEvent.MTE2_V, 0)
        asc.wait_flag(asc.HardEvent.MTE2_V, 0)
        compute(lx, ly, lz)
        asc.set_flag(asc.HardEvent.V_MTE3, 0)
        asc.wait_flag(asc.HardEvent.V_MTE3, 0)
        asc.data_copy(gz, lz, 256)

    return kernel


def _three():
    rng = np.random.default_rng(2)
    return tuple(rng.standard_normal(256).astype(np.float16) for _ in range(3))


def _fma16(a, b, c):
    """One rounding: the exact a * b + c, rounded to half."""
    return (a.astype(np.float64) * b.astype(np.float64) + c.astype(np.float64)).astype(
        np.float16)


@asc.jit
def _fused_l2(lx, ly, lz):
    asc.fused_mul_add(lz, lx, ly, 200)


def test_fused_mul_add_l2_rounds_once():
    x, y, z0 = _three()
    z = z0.copy()
    _frame3(_fused_l2)[1](x, y, z)
    expect = z0.copy()
    expect[:200] = _fma16(x[:200], z0[:200], y[:200])
    np.testing.assert_array_equal(z, expect)
    # One rounding differs from rounding the product first for some elements.
    two = (x[:200] * z0[:200]) + y[:200]
    assert (two != expect[:200]).any()


@asc.jit
def _fused_relu_l0(lx, ly, lz):
    params = asc.BinaryRepeatParams(1, 1, 1, 8, 8, 8)
    asc.fused_mul_add_relu(lz, lx, ly, 64, 2, params)


def test_fused_mul_add_relu_l0_mask():
    x, y, z0 = _three()
    z = z0.copy()
    _frame3(_fused_relu_l0)[1](x, y, z)
    on = np.zeros(256, bool)
    on[0:64] = on[128:192] = True
    expect = z0.copy()
    expect[on] = np.maximum(_fma16(x[on], z0[on], y[on]), np.float16(0))
    np.testing.assert_array_equal(z, expect)


@asc.jit
def _mul_add_dst_l1(lx, ly, lz):
    params = asc.BinaryRepeatParams(1, 1, 1, 8, 8, 8)
    asc.mul_add_dst(lz, lx, ly, [U64, U64], 2, params)


def test_mul_add_dst_l1():
    x, y, z0 = _three()
    z = z0.copy()
    _frame3(_mul_add_dst_l1)[1](x, y, z)
    np.testing.assert_array_equal(z, _fma16(x, y, z0))


@asc.jit
def _mul_add_dst_mixed(lx, lz):
    asc.mul_add_dst(lz, lx, lx, 256)


def test_mul_add_dst_half_sources_into_float():
    x, z0 = _inputs(np.float32)
    z = z0.copy()
    _frame(_mul_add_dst_mixed, asc.float32)[1](x, z)
    xd = x.astype(np.float64)
    np.testing.assert_array_equal(z, (xd * xd + z0.astype(np.float64)).astype(np.float32))
