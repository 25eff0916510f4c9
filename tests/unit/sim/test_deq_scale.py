"""The deq-scale register on the simulator (910B): SetDeqScale's three forms, CastDeq (int16 ->
int8/uint8 with scale, offset and signMode; int32 -> half), Cast int32 -> half, AddDeqRelu, and
the located refusals (sim/lower/deq.py says where each fact comes from). The references here
are plain Python on the documented formulas, not the simulator's functions."""

from __future__ import annotations

import struct

import numpy as np
import pytest

import ascdsl as asc
from ascdsl.sim import NotSimulatedError, OutOfBoundsError
from sim_kernels import run, ub_frame, ub_kernel


def _frame(compute, src_dtype, dst_dtype, n=256, m=None):
    # AddDeqRelu leaves its scratch values in the sources: the kernel copies them back too
    return ub_frame(compute, src_dtype, dst_dtype, n, m, keep_sources=True)


# --- the reference of int16 -> int8/uint8 -------------------------------------------------------


def _kept_scale(scale: float) -> float:
    """The register keeps 1 sign, 8 exponent and 10 mantissa bits of the float scale."""
    bits = struct.unpack("<I", struct.pack("<f", scale))[0] & 0xFFFFE000
    return struct.unpack("<f", struct.pack("<I", bits))[0]


def _deq(x: int, scale: float, offset: int, sign: bool) -> int:
    """One element: the float32 product, round half to even into int16, clamp to s9, add the
    offset, saturate to int8 (signMode) or uint8; returned as the stored byte."""
    p = float(np.float32(np.float32(x) * np.float32(_kept_scale(scale))))
    t = min(32767, max(-32768, round(p)))
    v = min(255, max(-256, t)) + offset
    v = min(127, max(-128, v)) if sign else min(255, max(0, v))
    return v & 0xFF


def _deq_bytes(x, scale, offset, sign, half, fill=7, params=None):
    """The 2 * n dst bytes of the count form: source block b -> one half of dst block b."""
    out = np.full(2 * x.size, fill, np.uint8)
    for i, v in enumerate(x.tolist()):
        s, o, m = params[i % 16] if params else (scale, offset, sign)
        out[(i // 16) * 32 + (16 if half else 0) + i % 16] = _deq(v, s, o, m)
    return out


def _run_deq(compute, x, dst=asc.uint8, fill=7):
    z = np.full(2 * x.size, fill, np.uint8)
    _frame(compute, asc.int16, dst, x.size, 2 * x.size)[1](x, np.zeros_like(x), z)
    return z


# CastDeq.md's example input (the first 32 of its 256 values) and output (halfBlock = true,
# dst zeroed first: each 32-byte block holds 16 zeros, then the 16 converted values).
_PAGE_IN = [20, 53, 26, 12, 36, 6, 20, 93, 66, 30, 56, 99, 59, 92, 7, 37,
            22, 47, 98, 10, 85, 29, 14, 46, 17, 34, 45, 17, 25, 45, 82, 17]


@asc.jit
def _page_scalar(lz, lx, ly):
    asc.set_deq_scale(1.0, 0, False)
    asc.cast_deq(lz, lx, 256, is_vec_deq=False, half_block=True)


def test_the_page_example_scalar_form():
    x = np.random.default_rng(0).integers(0, 100, 256).astype(np.int16)
    x[:32] = _PAGE_IN
    z = _run_deq(_page_scalar, x, fill=0)
    assert z[:64].tolist() == [0] * 16 + _PAGE_IN[:16] + [0] * 16 + _PAGE_IN[16:]
    np.testing.assert_array_equal(z, _deq_bytes(x, 1.0, 0, False, True, fill=0))


@asc.jit
def _scalar_low_half(lz, lx, ly):
    asc.set_deq_scale(0.5 * (1 + 2.0 ** -12), 3, True)
    asc.cast_deq(lz, lx, 256, is_vec_deq=False, half_block=False)


def test_rounding_offset_and_saturation_signed_low_half():
    x = np.random.default_rng(1).integers(-700, 700, 256).astype(np.int16)
    # 5 * 0.5 = 2.5 ties to 2 (the scale's bits below the 10th mantissa bit are dropped, so
    # 2.5006 is not what is rounded); 7 * 0.5 = 3.5 -> 4; 1000 -> 255 (s9) + 3 -> 127;
    # -1000 -> -256 + 3 -> -128
    x[:4] = [5, 7, 1000, -1000]
    z = _run_deq(_scalar_low_half, x)
    assert z[:4].view(np.int8).tolist() == [5, 7, 127, -128]
    assert (z[16:32] == 7).all()  # the other half of each block keeps its bytes
    np.testing.assert_array_equal(z, _deq_bytes(x, 0.5 * (1 + 2.0 ** -12), 3, True, False))


@asc.jit
def _unsigned_offset(lz, lx, ly):
    asc.set_deq_scale(1.0, 200, False)
    asc.cast_deq(lz, lx, 256, is_vec_deq=False, half_block=True)


def test_unsigned_saturation_and_the_offset_added_after_the_s9_clamp():
    x = np.random.default_rng(2).integers(-400, 400, 256).astype(np.int16)
    # -300 clamps to -256 before the offset: -56 -> 0 unsigned; 100 + 200 = 300 -> 255;
    # -150 + 200 = 50
    x[:3] = [-300, 100, -150]
    z = _run_deq(_unsigned_offset, x)
    assert z[16:19].tolist() == [0, 255, 50]
    np.testing.assert_array_equal(z, _deq_bytes(x, 1.0, 200, False, True))


@asc.jit
def _signed_offset_clamp(lz, lx, ly):
    asc.set_deq_scale(1.0, 200, True)
    asc.cast_deq(lz, lx, 256, is_vec_deq=False, half_block=False)


def test_clamp_then_offset_signed():
    x = np.zeros(256, np.int16)
    x[:2] = [-300, -380]  # -256 + 200 = -56 (offset first would give -100 and -128)
    z = _run_deq(_signed_offset_clamp, x)
    assert z[:2].view(np.int8).tolist() == [-56, -56]


@asc.jit
def _l0_strided(lz, lx, ly):
    asc.set_deq_scale(0.25, 1, True)
    # 100 of 128 elements, 2 repeats; dst blocks 2 apart, repeats 16 blocks apart
    asc.cast_deq(lz, lx, 100, 2, asc.UnaryRepeatParams(2, 1, 16, 8), True, False, True)


def test_l0_count_mask_with_strides():
    x = np.random.default_rng(4).integers(-2000, 2000, 256).astype(np.int16)
    z = np.full(1024, 7, np.int8)
    _frame(_l0_strided, asc.int16, asc.int8, 256, 1024)[1](x, np.zeros_like(x), z)
    z = z.view(np.uint8)
    expect = np.full(1024, 7, np.uint8)
    for r in range(2):
        for e in range(100):
            expect[r * 16 * 32 + (e // 16) * 2 * 32 + 16 + e % 16] = \
                _deq(int(x[r * 128 + e]), 0.25, 1, True)
    np.testing.assert_array_equal(z, expect)


# --- the vector form: 16 packed words in UB -----------------------------------------------------


def _word(scale, offset, sign):
    bits = struct.unpack("<I", struct.pack("<f", scale))[0]
    return (int(sign) << 46) | ((offset & 0x1FF) << 37) | bits


_PARAMS = [(0.5 + 0.25 * i, i * 5, i % 3 != 0) for i in range(16)]


def _vec_kernel(half: bool, n: int = 256) -> str:
    """IR: VdeqInfo from three local arrays, SetDeqScale(vdeq, info), CastDeq isVecDeq."""
    lines = ["  %sa = memref.alloca() : memref<16xf32>",
             "  %oa = memref.alloca() : memref<16xi16>",
             "  %ma = memref.alloca() : memref<16xi1>"]
    for i, (s, o, m) in enumerate(_PARAMS):
        lines += [f"  %i{i} = arith.constant {i} : index",
                  f"  %s{i} = arith.constant {s!r} : f32",
                  f"  %o{i} = arith.constant {o} : i16",
                  f"  %m{i} = arith.constant {'true' if m else 'false'}",
                  f"  memref.store %s{i}, %sa[%i{i}] : memref<16xf32>",
                  f"  memref.store %o{i}, %oa[%i{i}] : memref<16xi16>",
                  f"  memref.store %m{i}, %ma[%i{i}] : memref<16xi1>"]
    lines += [
        "  ascendc.pipe_barrier pipe_all",  # the scalar stores below overwrite %yl's copy
        "  %c16 = arith.constant 16 : i32",
        "  %vq = ascendc.tbuf.get_with_offset %buf, %c16, %oy : !ascendc.tbuf<veccalc>, i32, i32,"
        " !ascendc.local_tensor<16xui64>",
        "  %info = ascendc.construct !ascendc.vdeq_info(%sa, %oa, %ma) : memref<16xf32>, "
        "memref<16xi16>, memref<16xi1>",
        "  ascendc.set_deq_scale_l4 %vq, %info : !ascendc.local_tensor<16xui64>, "
        "!ascendc.vdeq_info",
        "  ascendc.pipe_barrier pipe_all",
        f"  ascendc.cast_deq_l2 %zl, %xl, %n {{isVecDeq{', halfBlock' if half else ''}}}"
        " : TZ, TX, i32",
    ]
    return ub_kernel("\n".join(lines), "i16", "ui8", n=n)


def test_vector_form_uses_word_e_mod_16_for_element_e():
    n = 128
    x = np.random.default_rng(6).integers(-300, 300, 2 * n).astype(np.int16)
    z = np.full(2 * n, 7, np.uint8)
    # ub_kernel's dst tensor has n uint8 elements: n int16 in, 2n bytes out, so give it 2n
    text = _vec_kernel(True, 2 * n).replace("%n {isVecDeq", "%half {isVecDeq")
    text = text.replace("  %c16 = arith", f"  %half = arith.constant {n} : i32\n  %c16 = arith")
    run(text, [x, np.zeros_like(x), z])
    np.testing.assert_array_equal(z, _deq_bytes(x[:n], 0, 0, 0, True, params=_PARAMS))


# --- int32 -> half through a half scale -------------------------------------------------------


def _s322f16(v: int, scale) -> np.float16:
    """The dav_c220 steps: float, * 2^-17, * float(half scale), * 2^17, to half (inf past it)."""
    f = np.float32(v) * np.float32(2.0 ** -17)
    f = np.float32(f * np.float32(np.float16(scale)))
    with np.errstate(over="ignore"):
        return np.float16(np.float32(f * np.float32(2.0 ** 17)))


@asc.jit
def _cast_s322f16(lz, lx, ly):
    asc.set_deq_scale(0.1)
    asc.cast(lz, lx, asc.RoundMode.CAST_FLOOR, 256)  # the round mode is ignored


@asc.jit
def _cast_deq_s322f16(lz, lx, ly):
    asc.set_deq_scale(0.1)
    asc.cast_deq(lz, lx, 64, 4, asc.UnaryRepeatParams(1, 1, 4, 8), True, False, False)


@pytest.mark.parametrize("compute", [_cast_s322f16, _cast_deq_s322f16])
def test_int32_to_half_scales_by_the_half_register(compute):
    x = np.random.default_rng(7).integers(-10**6, 10**6, 256).astype(np.int32)
    x[:3] = [89, 7, -2**31]
    z = np.zeros(256, np.float16)
    _frame(compute, asc.int32, asc.float16)[1](x, np.zeros_like(x), z)
    expect = np.array([_s322f16(v, 0.1) for v in x.tolist()], np.float16)
    np.testing.assert_array_equal(z, expect)
    assert z[0] == np.float16(8.8984375)  # 89 * half(0.1) = 8.8978 in half


# --- AddDeqRelu ---------------------------------------------------------------------------------


@asc.jit
def _add_deq_relu_page(lz, lx, ly):
    asc.set_deq_scale(0.1)
    asc.add_deq_relu(lz, lx, ly, 256)


def test_add_deq_relu_page_example_and_the_scratch_it_leaves():
    a = np.random.default_rng(8).integers(-100, 100, 256).astype(np.int32)
    b = np.random.default_rng(9).integers(-100, 100, 256).astype(np.int32)
    a[:9] = [70, 36, 43, 54, 28, 49, 27, 82, 95]
    b[:9] = [19, 33, 34, 50, 42, 2, 97, 93, 99]
    a0, b0 = a.copy(), b.copy()
    z = np.full(256, 7, np.float16)
    _frame(_add_deq_relu_page, asc.int32, asc.float16)[1](a, b, z)
    # AddDeqRelu.md: [8.9 6.9 7.7 10.4 7.0 5.1 12.4 17.5 19.4 ...]
    np.testing.assert_allclose(z[:9], [8.9, 6.9, 7.7, 10.4, 7.0, 5.1, 12.4, 17.5, 19.4],
                               atol=0.05)
    h = np.array([_s322f16(int(u) + int(v), 0.1) for u, v in zip(a0, b0)], np.float16)
    np.testing.assert_array_equal(z, np.where(h > 0, h, np.float16(0)))
    # the implementation's scratch: src0 holds the float values, src1's first bytes the halves
    np.testing.assert_array_equal(b.view(np.float16)[:256], h)
    assert a.view(np.float32)[0] == np.float32(89) * np.float32(np.float16(0.1))


@asc.jit
def _add_deq_relu_l0(lz, lx, ly):
    asc.set_deq_scale(0.5)
    asc.add_deq_relu(lz, lx, ly, 40, 2, asc.BinaryRepeatParams(1, 1, 1, 8, 8, 8))


def test_add_deq_relu_l0_mask_and_dst_strides():
    a = np.random.default_rng(10).integers(-50, 50, 256).astype(np.int32)
    b = np.random.default_rng(11).integers(-50, 50, 256).astype(np.int32)
    a0, b0 = a.copy(), b.copy()
    z = np.full(256, 7, np.float16)
    _frame(_add_deq_relu_l0, asc.int32, asc.float16)[1](a, b, z)
    expect = np.full(256, 7, np.float16)
    for r in range(2):
        for e in range(40):
            h = _s322f16(int(a0[r * 64 + e]) + int(b0[r * 64 + e]), 0.5)
            expect[r * 128 + e] = h if h > 0 else np.float16(0)
    np.testing.assert_array_equal(z, expect)


# --- refusals ------------------------------------------------------------------------------------


@asc.jit
def _never_set(lz, lx, ly):
    asc.cast_deq(lz, lx, 256, is_vec_deq=False, half_block=True)


@asc.jit
def _half_then_word(lz, lx, ly):
    asc.set_deq_scale(0.5)
    asc.cast_deq(lz, lx, 256, is_vec_deq=False, half_block=True)


@asc.jit
def _word_then_vec(lz, lx, ly):
    asc.set_deq_scale(1.0, 0, True)
    asc.cast_deq(lz, lx, 256, is_vec_deq=True, half_block=True)


@asc.jit
def _negative_offset(lz, lx, ly):
    asc.set_deq_scale(1.0, -3, True)
    asc.cast_deq(lz, lx, 256, is_vec_deq=False, half_block=True)


@asc.jit
def _inf_scale(lz, lx, ly):
    asc.set_deq_scale(float("inf"), 0, True)
    asc.cast_deq(lz, lx, 256, is_vec_deq=False, half_block=True)


@asc.jit
def _word_then_s322f16(lz, lx, ly):
    asc.set_deq_scale(1.0, 0, True)
    asc.cast(lz, lx, asc.RoundMode.CAST_NONE, 256)


@asc.jit
def _add_deq_relu_upper_lanes(lz, lx, ly):
    asc.set_deq_scale(0.1)
    # AddDeqRelu.md's bit-mode example: both mask words all ones on int32 sources
    asc.add_deq_relu(lz, lx, ly, [2**64 - 1, 2**64 - 1], 4,
                     asc.BinaryRepeatParams(1, 1, 1, 4, 8, 8))


@asc.jit
def _add_deq_relu_counter(lz, lx, ly):
    asc.set_deq_scale(0.1)
    asc.set_mask_count()
    asc.set_vector_mask(0, 100, dtype=asc.int32, mode=asc.MaskMode.COUNTER)
    asc.add_deq_relu(lz, lx, ly, 64, 1, asc.BinaryRepeatParams(1, 1, 1, 4, 8, 8), False)
    asc.set_mask_norm()


@pytest.mark.parametrize("compute, src, dst, why", [
    (_never_set, asc.int16, asc.int8, "before any SetDeqScale on this core"),
    (_half_then_word, asc.int16, asc.int8,
     "reads a packed (scale, offset, signMode) word from SetDeqScale(float, int16_t, bool), but "
     "the deq-scale register holds a half scale"),
    (_word_then_vec, asc.int16, asc.int8, "reads a tensor address from SetDeqScale(vdeq"),
    (_negative_offset, asc.int16, asc.int8, "9-bit offset 0x1fd (top bit set)"),
    (_inf_scale, asc.int16, asc.int8, "inf or NaN deq scale"),
    (_word_then_s322f16, asc.int32, asc.float16,
     "converting int32 to half (vconv_deq) reads a half scale"),
    (_add_deq_relu_upper_lanes, asc.int32, asc.float16, "has mask lanes 64..127 set"),
    (_add_deq_relu_counter, asc.int32, asc.float16, "runs in counter mode"),
])
def test_refusals_are_located_and_say_what_is_missing(compute, src, dst, why):
    npt = {asc.int16: np.int16, asc.int8: np.int8, asc.float16: np.float16, asc.int32: np.int32}
    x = np.zeros(256, npt[src])
    with pytest.raises(NotSimulatedError) as info:
        _frame(compute, src, dst, 256, 512)[1](x, x.copy(), np.zeros(512, npt[dst]))
    text = str(info.value)
    assert why in text
    assert "test_deq_scale.py:" in text


@asc.jit
def _cast_deq_huge_count(lz, lx, ly):
    asc.set_deq_scale(1.0, 0, False)
    asc.cast_deq(lz, lx, 2 ** 31 - 1, is_vec_deq=False, half_block=False)


@asc.jit
def _add_deq_relu_huge_count(lz, lx, ly):
    asc.set_deq_scale(0.5)
    asc.add_deq_relu(lz, lx, ly, 2 ** 31 - 1)


@pytest.mark.parametrize("compute, src, dst", [
    (_cast_deq_huge_count, asc.int16, asc.int8),
    (_add_deq_relu_huge_count, asc.int32, asc.float16),
])
def test_a_count_past_ub_is_a_located_error_not_a_memory_error(compute, src, dst):
    # checked before the count-long index arrays, which would need gigabytes
    npt = {asc.int16: np.int16, asc.int8: np.int8, asc.float16: np.float16, asc.int32: np.int32}
    x = np.zeros(256, npt[src])
    with pytest.raises(OutOfBoundsError, match=r"reads elements \[0, 2147483647\) of a "):
        _frame(compute, src, dst, 256, 512)[1](x, x.copy(), np.zeros(512, npt[dst]))
