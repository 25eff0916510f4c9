"""LLVM's `APFloat::toString`, which pyasc's translator uses to name float constants and to
print their literals, re-created for the formats Ascend C has (f16, bf16, f32, f64).

`toString(str, FormatPrecision=0, FormatMaxPadding, TruncateZero)`: the value's exact
decimal expansion rounded to the format's "natural" number of significant digits
(`2 + mantissa_bits * 59 / 196`: 5 for half, 4 for bfloat16, 9 for float, 17 for double),
trailing zeros dropped, then written plainly (`2.5`, `1000`, `0.00765`) or in scientific form
(`1.0E-5`) by LLVM's padding rule. pyasc names a constant with the default form
(`c0_899999976_f32`) and prints its literal with no padding and no truncation
(`(float)8.999999760e-01`).
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

import numpy as np

# significand bits (with the implicit one) of each format
MANTISSA_BITS = {"f16": 11, "bf16": 8, "f32": 24, "f64": 53}


def _digits(value: float, precision: int) -> tuple[str, int]:
    """(digits, exp) with |value| ~= int(digits) * 10**exp: `precision` significant digits,
    rounded half up, trailing zeros dropped."""
    d = Decimal(value).copy_abs()  # exact: every binary float has a finite decimal expansion
    d = d.quantize(Decimal(1).scaleb(d.adjusted() + 1 - precision), rounding=ROUND_HALF_UP)
    _, digit_tuple, exp = d.as_tuple()
    text = "".join(map(str, digit_tuple)).lstrip("0") or "0"
    stripped = text.rstrip("0")
    return stripped, int(exp) + len(text) - len(stripped)


def to_string(value: float, kind: str, max_padding: int = 3, truncate_zero: bool = True) -> str:
    """`APFloat::toString(str, 0, max_padding, truncate_zero)` of a finite `value` held in
    format `kind`."""
    precision = 2 + MANTISSA_BITS[kind] * 59 // 196
    neg = value < 0 or (value == 0 and str(value).startswith("-"))
    sign = "-" if neg else ""
    if value == 0:
        if not max_padding:
            return sign + ("0.0E+0" if truncate_zero else "0.0e+00")
        return sign + "0"
    digits, exp = _digits(value, precision)
    n = len(digits)
    if not max_padding:
        scientific = True
    elif exp >= 0:
        scientific = exp > max_padding or n + exp > precision
    else:
        msd = exp + n - 1
        scientific = msd < 0 and -msd > max_padding
    if scientific:
        out = digits[0] + "."
        if n == 1 and truncate_zero:
            out += "0"
        else:
            out += digits[1:]
        if not truncate_zero and precision > n - 1:
            out += "0" * (precision - n + 1)
        e = exp + n - 1
        out += ("E" if truncate_zero else "e") + ("+" if e >= 0 else "-")
        e_text = str(abs(e))
        if not truncate_zero and len(e_text) < 2:
            e_text = "0" + e_text
        return sign + out + e_text
    if exp >= 0:
        return sign + digits + "0" * exp
    point = n + exp
    if point > 0:
        return sign + digits[:point] + "." + digits[point:]
    return sign + "0." + "0" * -point + digits


def held_value(value: float, kind: str) -> float:
    """`value` rounded to what format `kind` holds (to nearest, ties to even)."""
    if kind == "f64":
        return value
    if kind == "f16":
        return float(np.float16(value))
    single = np.float32(value)
    if kind == "f32":
        return float(single)
    bits = int(single.view(np.uint32))  # bfloat16: the upper half of the float's bits
    bits = (bits + 0x7FFF + ((bits >> 16) & 1)) & 0xFFFF0000
    return float(np.uint32(bits).view(np.float32))
