"""The conversion family beside Cast on the simulator: AddReluCast / SubReluCast (float ->
half, half -> int8, int16 -> int8), FusedAbsSub, FusedExpSub, Prelu (the deq-scale register
and MulCast: test_deq_scale.py, test_mul_cast.py)."""

from __future__ import annotations

import numpy as np
import pytest

import ascdsl as asc
from ascdsl.sim import NotSimulatedError
from sim_kernels import run, ub_frame, ub_kernel

U64 = 2**64 - 1


def _frame(compute, src_dtype, dst_dtype, n=256):
    return ub_frame(compute, src_dtype, dst_dtype, n)


def _inputs(dtype, n=256, seed=0):
    rng = np.random.default_rng(seed)
    return (rng.standard_normal(n).astype(dtype), rng.standard_normal(n).astype(dtype))


@asc.jit
def _add_relu_cast_l2(lz, lx, ly):
    asc.add_relu_cast(lz, lx, ly, count=200)


def test_add_relu_cast_float_to_half_rounds_once():
    x, y = _inputs(np.float32)
    # A sum whose float value lies between two halves: computed in float, rounded once.
    x[0], y[0] = np.float32(1.0), np.float32(2.0 ** -11 + 2.0 ** -20)
    z = np.full(256, 7, np.float16)
    _frame(_add_relu_cast_l2, asc.float32, asc.float16)[1](x, y, z)
    expect = np.full(256, 7, np.float16)
    expect[:200] = np.maximum(x[:200] + y[:200], np.float32(0)).astype(np.float16)
    np.testing.assert_array_equal(z, expect)
    assert z[0] == np.float16(1.0 + 2.0 ** -10)  # above the halfway point: rounds up
    assert (z[:200] >= 0).all() and (z[:200] == 0).any()


@asc.jit
def _sub_relu_cast_l0(lz, lx, ly):
    # 64 elements a repeat (the float sources' 256 bytes); the half dst advances 4 blocks.
    params = asc.BinaryRepeatParams(1, 1, 1, 4, 8, 8)
    asc.sub_relu_cast(lz, lx, ly, mask=64, repeat_times=3, repeat_params=params)


def test_sub_relu_cast_l0_repeats_with_the_half_destination_stride():
    x, y = _inputs(np.float32)
    z = np.full(256, -1, np.float16)
    _frame(_sub_relu_cast_l0, asc.float32, asc.float16)[1](x, y, z)
    expect = np.full(256, -1, np.float16)
    expect[:192] = np.maximum(x[:192] - y[:192], np.float32(0)).astype(np.float16)
    np.testing.assert_array_equal(z, expect)


@asc.jit
def _add_relu_cast_l1(lz, lx, ly):
    params = asc.BinaryRepeatParams(1, 1, 1, 4, 8, 8)
    asc.add_relu_cast(lz, lx, ly, mask=[0x00000000FFFFFFFF, 0], repeat_times=1,
                      repeat_params=params)


def test_add_relu_cast_l1_bit_mask():
    x, y = _inputs(np.float32)
    z = np.zeros(256, np.float16)
    _frame(_add_relu_cast_l1, asc.float32, asc.float16)[1](x, y, z)
    expect = np.zeros(256, np.float16)
    expect[:32] = np.maximum(x[:32] + y[:32], np.float32(0)).astype(np.float16)
    np.testing.assert_array_equal(z, expect)


@pytest.mark.parametrize("name, formula", [
    ("FusedAbsSubL2Op", lambda a, b: np.abs(a - b)),
    ("PreluL2Op", lambda a, b: np.where(a >= 0, a, a * b)),
])
def test_count_forms_without_a_kernel_language_name_compute_their_formula(name, formula):
    ir = _l2_kernel(f"ascendc.{_mnemonic(name)}", "f32", "f32")
    x, y = _inputs(np.float32, 64)
    z = np.zeros(64, np.float32)
    run(ir, [x, y, z])
    np.testing.assert_array_equal(z, formula(x, y))


def test_fused_exp_sub_half_sources_into_float():
    ir = _l2_kernel("ascendc.fused_exp_sub_l2", "f16", "f32")
    x, y = _inputs(np.float16, 64)
    z = np.zeros(64, np.float32)
    run(ir, [x, y, z])
    np.testing.assert_array_equal(z, np.exp(x.astype(np.float32) - y.astype(np.float32)))


def _mnemonic(cls_name: str) -> str:
    import ascdsl.dialects.ascendc as A

    return getattr(A, cls_name).name.removeprefix("ascendc.")


def _l2_kernel(op: str, src: str, dst: str) -> str:
    return ub_kernel(f"  {op} %zl, %xl, %yl, %n : TZ, TX, TX, i32", src, dst, n=64)


@asc.jit
def _add_relu_cast_64(lz, lx, ly):
    asc.add_relu_cast(lz, lx, ly, count=64)


@asc.jit
def _sub_relu_cast_64(lz, lx, ly):
    asc.sub_relu_cast(lz, lx, ly, count=64)


def _int8_ref(v):
    """Relu, then round to nearest even and saturate into int8, written out on float64."""
    r = np.maximum(np.asarray(v, np.float64), 0.0)
    return np.clip(np.rint(r), -128, 127).astype(np.int8)


def test_add_relu_cast_half_to_int8_sums_in_half_rounds_to_even_and_saturates():
    x = np.zeros(64, np.float16)
    y = np.zeros(64, np.float16)
    # the page's example (1 + 0, 1 + 0.5, 3 - 4 -> 1, 2, 0), ties both ways, saturation, and a
    # sum half rounds: 64.03 + 0.5 is 64.5 in half (64.53 exactly), so 64, not 65
    cases = [(1, 0), (1, 0.5), (3, -4), (0.25, 0.25), (0.5, 1.0), (2.0, 0.5), (3.0, 0.5),
             (100, 100), (-5, 2), (64.03125, 0.5), (-0.75, 0.5)]
    for i, (a, b) in enumerate(cases):
        x[i], y[i] = a, b
    z = np.full(64, 9, np.int8)
    _frame(_add_relu_cast_64, asc.float16, asc.int8, n=64)[1](x, y, z)
    np.testing.assert_array_equal(z, _int8_ref(x + y))  # x + y in float16: numpy rounds
    assert list(z[:11]) == [1, 2, 0, 0, 2, 2, 4, 127, 0, 64, 0]


def test_sub_relu_cast_half_to_int8():
    x, y = _inputs(np.float16, 64, seed=3)
    x *= np.float16(40)
    z = np.zeros(64, np.int8)
    _frame(_sub_relu_cast_64, asc.float16, asc.int8, n=64)[1](x, y, z)
    np.testing.assert_array_equal(z, _int8_ref(x - y))
    assert (z == 0).any() and (z > 0).any()


def test_add_relu_cast_int16_to_int8_clamps_and_wraps_in_int16():
    x = np.arange(-32, 32, dtype=np.int16) * np.int16(5)
    y = np.full(64, 3, np.int16)
    x[0], y[0] = 30000, 30000  # wraps in int16 (as the int16 Add does): negative, so 0
    x[1], y[1] = 100, 27       # 127 exactly
    x[2], y[2] = 100, 28       # saturates
    z = np.full(64, 9, np.int8)
    _frame(_add_relu_cast_64, asc.int16, asc.int8, n=64)[1](x, y, z)
    with np.errstate(over="ignore"):
        s = (x + y).astype(np.int64)
    np.testing.assert_array_equal(z, np.clip(np.maximum(s, 0), 0, 127).astype(np.int8))
    assert list(z[:3]) == [0, 127, 127]


def test_a_pair_the_headers_do_not_take_is_a_located_error():
    ir = _l2_kernel("ascendc.add_relu_cast_l2", "f32", "i8")
    with pytest.raises(NotSimulatedError) as info:
        run(ir, [np.zeros(64, np.float32), np.zeros(64, np.float32), np.zeros(64, np.int8)])
    text = str(info.value)
    assert "converts f32 into i8; Ascend C's AddReluCast takes (int8 <- half)" in text
    assert "kernel.mlir:" in text
