"""Float literals as MLIR prints them: LLVM's `APFloat::toString` and MLIR's printFloatValue.

MLIR prints a float attribute in scientific form with 6 digits after the point
(`2.500000e+00`) when that text reads back to the same value *in the attribute's format*,
else APFloat's shortest round-tripping form (`0.899999976`), else the bits in hex
(`0x7FC00000`, also for inf and NaN). xDSL's printer rounds with Python's formatting, which
differs from APFloat in two ways that pyasc's dumps show:

- APFloat rounds half up on decimal digits (f16 3.140625 -> `3.140630e+00`, Python's
  half-even gives `3.140620e+00`);
- before rounding, APFloat drops the decimal digits it deems surplus by *truncation*
  (AdjustToPrecision on the binary significand), so f32 0.9 (0.89999997615...) becomes
  `8.999990e-01`, which does not read back, and MLIR prints `0.899999976` instead of
  `9.000000e-01`.

Values are exact throughout (Python integers and Fractions), as APFloat's are.
"""

from __future__ import annotations

import math
from fractions import Fraction

# significand bits (with the implicit one) and minimum exponent of each IEEE format, by
# the name of its MLIR type
FORMATS: dict[str, tuple[int, int]] = {
    "f16": (11, -14),
    "bf16": (8, -126),
    "f32": (24, -126),
    "f64": (53, -1022),
    "f80": (64, -16382),
    "f128": (113, -16382),
}


def held_value(value: float, kind: str) -> Fraction:
    """`value` rounded to format `kind` (to nearest, ties to even), exactly; what an
    APFloat of that format holds. Overflow is left to the caller (MLIR's parser makes it
    infinity)."""
    return _round(Fraction(value), *FORMATS[kind])


def _round(q: Fraction, precision: int, emin: int) -> Fraction:
    if q == 0:
        return q
    a = abs(q)
    e = a.numerator.bit_length() - a.denominator.bit_length()
    if Fraction(2) ** e > a:
        e -= 1
    ulp = Fraction(2) ** (max(e, emin) - precision + 1)
    n, rest = divmod(a, ulp)
    if rest * 2 > ulp or (rest * 2 == ulp and n % 2):
        n += 1
    return n * ulp if q > 0 else -n * ulp


def _adjust_significand(sig: int, exp: int, precision: int) -> tuple[int, int]:
    """APFloat's AdjustToPrecision(APInt&): drop (by truncation) the decimal digits that
    `precision` digits cannot need, judged from the bit length."""
    bits = sig.bit_length()
    required = (precision * 196 + 58) // 59
    if bits <= required:
        return sig, exp
    removable = (bits - required) * 59 // 196
    if not removable:
        return sig, exp
    return sig // 10 ** removable, exp + removable


def _adjust_digits(digits: str, exp: int, precision: int) -> tuple[str, int]:
    """APFloat's AdjustToPrecision(buffer&): round the decimal digits (most significant
    first) to `precision`, half up, dropping trailing zeros."""
    n = len(digits)
    if n <= precision:
        return digits, exp
    keep, dropped = digits[:precision], n - precision
    if digits[precision] < "5":
        stripped = keep.rstrip("0")
        return stripped, exp + dropped + len(keep) - len(stripped)
    bumped = str(int(keep) + 1)
    if len(bumped) > len(keep):  # carried through: one digit of precision
        return "1", exp + n
    stripped = bumped.rstrip("0")
    return stripped, exp + dropped + len(bumped) - len(stripped)


def to_string(held: Fraction, kind: str, format_precision: int = 0, max_padding: int = 3,
              truncate_zero: bool = True) -> str:
    """`APFloat::toString(str, format_precision, max_padding, truncate_zero)` of the finite
    value `held` (already in format `kind`)."""
    precision_bits = FORMATS[kind][0]
    sign = "-" if held < 0 else ""
    if held == 0:
        # A Fraction has no negative zero: callers pass the sign of -0.0 through `sign`.
        if not max_padding:
            if truncate_zero:
                return "0.0E+0"
            return "0.0" + "0" * max(format_precision - 1, 0) + "e+00"
        return "0"
    if not format_precision:
        format_precision = 2 + precision_bits * 59 // 196
    a = abs(held)
    num, den = a.numerator, a.denominator
    if den == 1:  # an integer: APFloat shifts the significand back left (exp 0)
        sig, exp = num, 0
    else:
        texp = den.bit_length() - 1  # den is a power of two
        sig, exp = num * 5 ** texp, -texp
    sig, exp = _adjust_significand(sig, exp, format_precision)
    text = str(sig)
    stripped = text.rstrip("0")
    exp += len(text) - len(stripped)
    digits, exp = _adjust_digits(stripped, exp, format_precision)
    n = len(digits)
    if not max_padding:
        scientific = True
    elif exp >= 0:
        scientific = exp > max_padding or n + exp > format_precision
    else:
        msd = exp + n - 1
        scientific = msd < 0 and -msd > max_padding
    if scientific:
        exp += n - 1
        out = digits[0] + "."
        out += "0" if n == 1 and truncate_zero else digits[1:]
        if not truncate_zero and format_precision > n - 1:
            out += "0" * (format_precision - n + 1)
        e = str(abs(exp))
        if not truncate_zero and len(e) < 2:
            e = "0" + e
        return f"{sign}{out}{'E' if truncate_zero else 'e'}{'+' if exp >= 0 else '-'}{e}"
    if exp >= 0:
        return sign + digits + "0" * exp
    whole = exp + n
    if whole > 0:
        return f"{sign}{digits[:whole]}.{digits[whole:]}"
    return f"{sign}0.{'0' * -whole}{digits}"


def hex_bits(value: float, kind: str) -> str | None:
    """The bits of `value` in format `kind` as MLIR writes them (`0x7FC00000`), or None for a
    format numpy cannot pack (MLIR's APInt::toString, radix 16, C literal)."""
    import numpy as np

    dtype = {"f16": np.float16, "f32": np.float32, "f64": np.float64}.get(kind)
    if dtype is not None:
        bits = int(np.array(value, dtype).view(f"u{np.dtype(dtype).itemsize}"))
    elif kind == "bf16":
        bits = int(np.array(value, np.float32).view(np.uint32)) >> 16
    else:
        return None
    return f"0x{bits:X}"


def mlir_float(value: float, kind: str) -> str | None:
    """MLIR's printFloatValue of `value` held in format `kind` (an attribute's literal), or
    None for a format this module does not know."""
    if kind not in FORMATS:
        return None
    if math.isfinite(value):
        held = held_value(value, kind)
        neg_zero = held == 0 and math.copysign(1, value) < 0
        sign = "-" if neg_zero else ""
        text = sign + to_string(held, kind, 6, 0, False)
        if _round(Fraction(text), *FORMATS[kind]) == held and _fits(held, kind):
            return text
        text = sign + to_string(held, kind)
        if "." in text:
            return text
    return hex_bits(value, kind)


def _fits(held: Fraction, kind: str) -> bool:
    """Whether `held` is finite in format `kind` (a literal past the largest value would be
    infinity, which MLIR prints in hex)."""
    precision, emin = FORMATS[kind]
    emax = -emin + 1
    return abs(held) < Fraction(2) ** (emax + 1)
