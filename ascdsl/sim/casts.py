"""AscendC::Cast: element conversions with a rounding mode.

- float -> int: round by the mode (RINT ties to even, ROUND ties away from zero, FLOOR, CEIL,
  TRUNC), then saturate to the integer range; NaN becomes 0.
- to a narrower float (f32 -> f16/bf16, int -> float): the nearest value for RINT/NONE (ties
  to even); FLOOR/CEIL/TRUNC pick the neighbour below/above/toward zero, ROUND the nearest with
  ties away from zero, ODD ("round to odd": the neighbour with an odd last bit when inexact).
- int -> int: saturate to the target range (exact when the value fits).
- float -> float of the same type with RINT/FLOOR/CEIL/ROUND/TRUNC: an integral value.

Each conversion is built once per (source, target, mode) and maps a numpy array of the source's
compute values to values ready for `SimDType.store`.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from ascdsl.dialects.ascendc.enums import RoundMode

from .dtypes import SimDType, bf16_to_f32, f32_to_bf16

Convert = Callable[[np.ndarray], np.ndarray]


def _round_float_to_int(mode: RoundMode) -> Convert:
    if mode == RoundMode.CAST_FLOOR:
        return np.floor
    if mode == RoundMode.CAST_CEIL:
        return np.ceil
    if mode == RoundMode.CAST_TRUNC:
        return np.trunc
    if mode == RoundMode.CAST_ROUND:
        return lambda x: np.copysign(np.floor(np.abs(x) + 0.5), x)
    return np.rint


def _saturate(dst: SimDType) -> Convert:
    info = np.iinfo(dst.np)
    lo, hi = float(info.min), float(info.max)

    top = float(info.max) + 1.0  # 2**63 for int64, where float(info.max) is not below it

    def f(x: np.ndarray) -> np.ndarray:
        x = np.where(np.isnan(x), 0.0, x)
        # float(int64 max) rounds up to 2**63, which astype would wrap to the minimum
        big = x >= top
        out = np.clip(np.where(big, 0.0, x), lo, hi).astype(dst.np)
        return np.where(big, info.max, out).astype(dst.np)

    return f


def _toward_zero_and_away(
    x: np.ndarray, dst: SimDType
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For float64 values x: (t, a, inexact) with t the target value toward zero, a the next
    value away from zero (t where exact), as float64."""
    if dst.is_bf16:
        f = x.astype(np.float32)
        bits = f.view(np.uint32)
        tb = bits & np.uint32(0xFFFF0000)
        inexact = (bits & np.uint32(0xFFFF)) != 0
        finite = np.isfinite(f)
        ab = np.where(inexact & finite, tb + np.uint32(0x10000), tb)
        t = tb.view(np.float32).astype(np.float64)
        a = ab.view(np.float32).astype(np.float64)
        t = np.where(np.isnan(f), np.nan, t)
        return t, a, inexact & finite
    tdt = dst.np
    y0 = x.astype(tdt)
    y0d = y0.astype(np.float64)
    over = np.abs(y0d) > np.abs(x)
    t = np.where(over, np.nextafter(y0, np.zeros_like(y0)), y0)
    inexact = t.astype(np.float64) != x
    inexact &= ~np.isnan(x)
    away = np.nextafter(t, np.where(x < 0, -np.inf, np.inf).astype(tdt))
    a = np.where(inexact, away, t)
    return t.astype(np.float64), a.astype(np.float64), inexact


def _odd(v: np.ndarray, dst: SimDType) -> np.ndarray:
    if dst.is_bf16:
        return (f32_to_bf16(v.astype(np.float32)) & 1).astype(bool)
    ints = {2: np.uint16, 4: np.uint32, 8: np.uint64}[dst.size]
    return (v.astype(dst.np).view(ints) & 1).astype(bool)


_BEYOND = {16: 2.0 ** 16, 32: 2.0 ** 128, 64: np.inf}  # 2**(emax + 1); bf16 shares f32's


def _to_float(dst: SimDType, mode: RoundMode) -> Convert:
    def nearest(x: np.ndarray) -> np.ndarray:
        if dst.is_bf16:
            return bf16_to_f32(f32_to_bf16(x.astype(np.float32)))
        return x.astype(dst.np)

    if mode in (RoundMode.CAST_NONE, RoundMode.CAST_RINT):
        return lambda x: nearest(np.asarray(x, dtype=np.float64))

    def directed(x: np.ndarray) -> np.ndarray:
        x = np.asarray(x, dtype=np.float64)
        t, a, inexact = _toward_zero_and_away(x, dst)
        if mode == RoundMode.CAST_TRUNC:
            r = t
        elif mode == RoundMode.CAST_FLOOR:
            r = np.where(inexact & (x < 0), a, t)
        elif mode == RoundMode.CAST_CEIL:
            r = np.where(inexact & (x > 0), a, t)
        elif mode == RoundMode.CAST_ROUND:
            # past the largest finite value the carry overflows as RINT's does (a half-way
            # 65520 carries into the exponent): compare with the power of two beyond it
            beyond = _BEYOND[32 if dst.is_bf16 else dst.bits]
            edge = np.where(np.isinf(a) & np.isfinite(t), np.copysign(beyond, x), a)
            r = np.where(np.abs(x - t) >= np.abs(edge - x), a, t)
        else:  # CAST_ODD
            r = np.where(inexact & ~_odd(t, dst), a, t)
        return r if dst.is_bf16 else r.astype(dst.np)

    return directed


# Significand bits (the hidden one included) of each float type.
_PRECISION = {"f16": 11, "bf16": 8, "f32": 24, "f64": 53}
_U1 = np.uint64(1)


def _bit_length(v: np.ndarray) -> np.ndarray:
    n = np.zeros(v.shape, np.int64)
    for s in (32, 16, 8, 4, 2, 1):
        big = v >= (_U1 << np.uint64(s))
        n += np.where(big, s, 0)
        v = np.where(big, v >> np.uint64(s), v)
    return n + (v > 0)


def _wide_int_to_float(dst: SimDType, mode: RoundMode) -> Convert:
    """A 64-bit integer rounded once to dst's precision, in integer arithmetic: float64 holds
    53 bits, so going through it rounds twice above 2**53 (2**60 + 2**36 + 1 became the tie
    2**60 + 2**36 in float64, then 2**60 in f32, not 2**60 + 2**37)."""
    p = _PRECISION[dst.name]
    finish = _to_float(dst, mode)  # exact on the rounded values, but for f16's overflow

    def f(x: np.ndarray) -> np.ndarray:
        x = np.asarray(x)
        neg = x < 0
        bits = x.astype(np.uint64)  # two's complement: -x is ~bits + 1, 2**63 for the minimum
        mag = np.where(neg, ~bits + _U1, bits)
        shift = np.maximum(_bit_length(mag) - p, 0).astype(np.uint64)
        unit = _U1 << shift
        low = mag & (unit - _U1)
        t = mag - low  # toward zero
        half = unit >> _U1
        inexact = low != 0
        odd = ((t >> shift) & _U1) == _U1
        if mode in (RoundMode.CAST_NONE, RoundMode.CAST_RINT):
            up = (low > half) | (inexact & (low == half) & odd)
        elif mode == RoundMode.CAST_ROUND:
            up = inexact & (low >= half)
        elif mode == RoundMode.CAST_FLOOR:
            up = inexact & neg
        elif mode == RoundMode.CAST_CEIL:
            up = inexact & ~neg
        elif mode == RoundMode.CAST_ODD:
            up = inexact & ~odd
        else:  # CAST_TRUNC
            up = np.zeros(mag.shape, bool)
        r = np.where(up, t + unit, t).astype(np.float64)  # at most p bits: exact
        return finish(np.where(neg, -r, r))

    return f


_TO_INTEGRAL = (RoundMode.CAST_RINT, RoundMode.CAST_FLOOR, RoundMode.CAST_CEIL,
                RoundMode.CAST_ROUND, RoundMode.CAST_TRUNC)


def make_cast(src: SimDType, dst: SimDType, mode: RoundMode) -> Convert:
    """The conversion of Cast<dst, src>(..., mode) over arrays of src compute values."""
    if dst.kind == "float":
        if src.kind in ("int", "uint") and src.bits > 53:
            return _wide_int_to_float(dst, mode)
        conv = _to_float(dst, mode)
        if src.name == dst.name and mode in _TO_INTEGRAL:
            # float -> float rounds to an integral value (precision_conversion.md: 0.5 gives
            # 0.0 in RINT, FLOOR and TRUNC, 1.0 in CEIL and ROUND)
            rnd = _round_float_to_int(mode)
            return lambda x: rnd(np.asarray(x, dtype=np.float64)).astype(dst.np)
        if src.kind == "float" and src.bits <= dst.bits and not dst.is_bf16:
            return lambda x: np.asarray(x).astype(dst.np)  # widening is exact
        return conv
    if src.kind == "float":
        rnd = _round_float_to_int(mode)
        sat = _saturate(dst)
        return lambda x: sat(rnd(np.asarray(x, dtype=np.float64)))
    info = np.iinfo(dst.np)
    lo = max(int(info.min), -(1 << 63))
    hi = min(int(info.max), (1 << 63) - 1)
    return lambda x: np.clip(np.asarray(x).astype(np.int64), lo, hi).astype(dst.np)
