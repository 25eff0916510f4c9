"""MulCast on the simulator (910B): half * half rounded to half, then RINT to int8/uint8 with
saturation (asc_mul_cast_half2int8.md; sim/lower/deq.py). References are plain Python."""

from __future__ import annotations

import numpy as np
import pytest

import ascdsl as asc
from ascdsl.sim import NotSimulatedError
from sim_kernels import ub_frame


def _frame(compute, dst_dtype, n=512):
    return ub_frame(compute, asc.float16, dst_dtype, n)


def _ref(x, y, lo, hi):
    """Python reference: the half product (exact in float64, rounded once to half), then round
    half to even (Python's round) and clamp."""
    out = []
    for a, b in zip(x.tolist(), y.tolist()):
        p = float(np.float16(float(a) * float(b)))
        out.append(hi if p == np.inf else lo if p == -np.inf else min(hi, max(lo, round(p))))
    return np.array(out)


def _run(compute, dtype, x, y, fill=7):
    z = np.full(x.size, fill, dtype)
    _frame(compute, asc.int8 if dtype == np.int8 else asc.uint8, x.size)[1](x, y, z)
    return z


@asc.jit
def _count_512(lz, lx, ly):
    asc.mul_cast(lz, lx, ly, 512)


def test_the_page_example_and_random_products_int8():
    rng = np.random.default_rng(3)
    x = rng.integers(-12, 12, 512).astype(np.float16)
    y = rng.integers(-12, 12, 512).astype(np.float16)
    # MulCast.md: src0 [1 -2 3 ... -6], src1 [1 3 -4 ... 5] -> dst [1 -6 -12 ... -30]
    x[:3], y[:3], x[-1], y[-1] = [1, -2, 3], [1, 3, -4], -6, 5
    z = _run(_count_512, np.int8, x, y)
    assert z[:3].tolist() == [1, -6, -12] and z[-1] == -30
    np.testing.assert_array_equal(z, _ref(x, y, -128, 127))


def test_ties_round_to_even_and_both_ends_saturate():
    x = np.ones(512, np.float16)
    y = np.zeros(512, np.float16)
    x[:8] = [2.5, 3.5, -2.5, 0.5, 100, -100, 60000, -60000]
    y[:8] = [1, 1, 1, 1, 100, 100, 60000, 60000]  # the last two overflow half: +-inf
    z = _run(_count_512, np.int8, x, y)
    assert z[:8].tolist() == [2, 4, -2, 0, 127, -128, 127, -128]
    zu = _run(_count_512, np.uint8, x, y)
    assert zu[:8].tolist() == [2, 4, 0, 0, 255, 0, 255, 0]


def _double_rounding_pair():
    """Halves a, b whose exact product lies just above k + 0.5 but rounds to k + 0.5 in half,
    k even: RINT of the half product gives k, of the exact product k + 1."""
    for i in range(1024, 2048):
        a = np.float16(i / 1024)
        for j in range(2048, 4096, 7):
            b = np.float16(j / 1024)
            p = float(a) * float(b)
            h = float(np.float16(p))
            if h != p and h % 1 == 0.5 and int(h) % 2 == 0 and p > h:
                return a, b, int(h)
    raise AssertionError("no pair found")


def test_the_product_is_rounded_to_half_before_the_integer_conversion():
    a, b, k = _double_rounding_pair()
    x = np.ones(512, np.float16)
    y = np.zeros(512, np.float16)
    x[0], y[0] = a, b
    z = _run(_count_512, np.int8, x, y)
    assert z[0] == k  # not k + 1, which rounding the exact product would give


@asc.jit
def _l0_count_mask(lz, lx, ly):
    # MulCast.md's high-dimension example: 128 a repeat, dstRepStride 4, srcRepStride 8
    asc.mul_cast(lz, lx, ly, 100, 4, asc.BinaryRepeatParams(1, 1, 1, 4, 8, 8))


@asc.jit
def _l1_bits_strided(lz, lx, ly):
    # every other element, two repeats; dst blocks 2 apart, the second repeat 8 blocks on
    asc.mul_cast(lz, lx, ly, [0x5555555555555555, 0x5555555555555555], 2,
                 asc.BinaryRepeatParams(2, 1, 1, 8, 8, 8))


def _strided_ref(x, y, fill, dtype, elems, rt, dblk, drep):
    z = np.full(x.size, fill, dtype)
    for r in range(rt):
        for e in elems:
            di = r * drep * 32 + (e // 32) * dblk * 32 + e % 32
            si = r * 128 + e
            z[di] = _ref(x[si:si + 1], y[si:si + 1], -128, 127)[0]
    return z


def test_l0_count_mask_and_l1_bit_mask_with_strides():
    rng = np.random.default_rng(5)
    x = rng.integers(-20, 20, 512).astype(np.float16) / np.float16(2)
    y = rng.integers(-20, 20, 512).astype(np.float16)
    z = _run(_l0_count_mask, np.int8, x, y)
    np.testing.assert_array_equal(z, _strided_ref(x, y, 7, np.int8, range(100), 4, 1, 4))
    z = _run(_l1_bits_strided, np.int8, x, y)
    np.testing.assert_array_equal(z, _strided_ref(x, y, 7, np.int8, range(0, 128, 2), 2, 2, 8))


@asc.jit
def _float_dst(lz, lx, ly):
    asc.mul_cast(lz, lx, ly, 64)


def test_a_dst_other_than_int8_or_uint8_is_a_located_error():
    with pytest.raises(NotSimulatedError) as info:
        _frame(_float_dst, asc.float16, 64)[1](np.zeros(64, np.float16), np.zeros(64, np.float16),
                                                np.zeros(64, np.float16))
    text = str(info.value)
    assert "MulCast takes half sources and an int8 or uint8 dst" in text
    assert "test_mul_cast.py:" in text
