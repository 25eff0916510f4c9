"""The Ascend C math library in the kernel language: `asc.adv.acos(dst, src, count=None,
temp_buffer=None, is_reuse_source=False)` and its siblings, `power`, `xor`, `axpy`, `exp`,
and (beyond pyasc) `clamp_max` / `clamp_min`.

Each builds the `ascendc` op of the same name. `count` is the number of elements (all of
`src` when left out); `temp_buffer` a LocalTensor of uint8 scratch bytes (the library takes
free UB when left out); `is_reuse_source` a compile-time flag.
"""

from __future__ import annotations

from typing import Any

from ascdsl.dialects.ascendc import (
    AcoshOp, AcosOp, AsinhOp, AsinOp, AtanhOp, AtanOp, AxpyOp, CeilOp, ClampMaxOp, ClampMinOp,
    CoshOp, CosOp, DigammaOp, ErfcOp, ErfOp, ExpOp, FloorOp, FracOp, LgammaOp, LogOp, PowerOp,
    RoundOp, SignOp, SinhOp, SinOp, TanhOp, TanOp, TruncOp, XorOp,
)

from ... import dtypes as dt
from ...builder import current
from ...errors import KernelLanguageError
from ...values import ConstExpr, IRValue, describe, materialize
from . import _common as C

__all__ = [
    "acos", "acosh", "asin", "asinh", "atan", "atanh", "ceil", "cos", "cosh", "digamma", "erf",
    "erfc", "exp", "floor", "frac", "lgamma", "log", "round", "sign", "sin", "sinh", "tan",
    "tanh", "trunc", "power", "xor", "axpy", "clamp_max", "clamp_min",
]


def _unary(cls, api: str, dst: Any, src: Any, count: Any, temp_buffer: Any,
           is_reuse_source: Any) -> None:
    cpp = cls.CPP.api
    d, s = C.local(dst, api, "dst"), C.local(src, api, "src")
    C.same_dtype(api, ("dst", d), ("src", s))
    C.elements(d, api, "dst", cls.ELEMENTS, cpp)
    tmp = C.scratch(temp_buffer, api, cpp, cls.TAKES_TMP)
    n = C.count(count, api)
    reuse = C.bool_operand(is_reuse_source, api, "is_reuse_source")
    current().insert(cls(d.to_ir(), s.to_ir(), n, reuse, tmp))


def _binary(cls, api: str, dst: Any, src0: Any, src1: Any, count: Any, temp_buffer: Any,
            is_reuse_source: Any) -> None:
    cpp = cls.CPP.api
    d, a, b = C.local(dst, api, "dst"), C.local(src0, api, "src0"), C.local(src1, api, "src1")
    C.same_dtype(api, ("dst", d), ("src0", a), ("src1", b))
    C.elements(d, api, "dst", cls.ELEMENTS, cpp)
    tmp = C.scratch(temp_buffer, api, cpp)
    n = C.count(count, api)
    reuse = C.bool_operand(is_reuse_source, api, "is_reuse_source")
    current().insert(cls(d.to_ir(), a.to_ir(), b.to_ir(), n, reuse, tmp))


def acos(dst, src, count=None, temp_buffer=None, is_reuse_source=False) -> None:
    """`AscendC::Acos`: dst = arccos(src), elementwise (half, float)."""
    _unary(AcosOp, "acos", dst, src, count, temp_buffer, is_reuse_source)


def acosh(dst, src, count=None, temp_buffer=None, is_reuse_source=False) -> None:
    """`AscendC::Acosh`: dst = arccosh(src), elementwise (half, float)."""
    _unary(AcoshOp, "acosh", dst, src, count, temp_buffer, is_reuse_source)


def asin(dst, src, count=None, temp_buffer=None, is_reuse_source=False) -> None:
    """`AscendC::Asin`: dst = arcsin(src), elementwise (half, float)."""
    _unary(AsinOp, "asin", dst, src, count, temp_buffer, is_reuse_source)


def asinh(dst, src, count=None, temp_buffer=None, is_reuse_source=False) -> None:
    """`AscendC::Asinh`: dst = arcsinh(src), elementwise (half, float)."""
    _unary(AsinhOp, "asinh", dst, src, count, temp_buffer, is_reuse_source)


def atan(dst, src, count=None, temp_buffer=None, is_reuse_source=False) -> None:
    """`AscendC::Atan`: dst = arctan(src), elementwise (half, float)."""
    _unary(AtanOp, "atan", dst, src, count, temp_buffer, is_reuse_source)


def atanh(dst, src, count=None, temp_buffer=None, is_reuse_source=False) -> None:
    """`AscendC::Atanh`: dst = arctanh(src), elementwise (half, float)."""
    _unary(AtanhOp, "atanh", dst, src, count, temp_buffer, is_reuse_source)


def ceil(dst, src, count=None, temp_buffer=None, is_reuse_source=False) -> None:
    """`AscendC::Ceil`: dst = the least integer >= src, elementwise (half, float)."""
    _unary(CeilOp, "ceil", dst, src, count, temp_buffer, is_reuse_source)


def cos(dst, src, count=None, temp_buffer=None, is_reuse_source=False) -> None:
    """`AscendC::Cos`: dst = cos(src), elementwise (half, float)."""
    _unary(CosOp, "cos", dst, src, count, temp_buffer, is_reuse_source)


def cosh(dst, src, count=None, temp_buffer=None, is_reuse_source=False) -> None:
    """`AscendC::Cosh`: dst = cosh(src), elementwise (half, float)."""
    _unary(CoshOp, "cosh", dst, src, count, temp_buffer, is_reuse_source)


def digamma(dst, src, count=None, temp_buffer=None, is_reuse_source=False) -> None:
    """`AscendC::Digamma`: dst = d/dx ln(gamma(src)), elementwise (half, float)."""
    _unary(DigammaOp, "digamma", dst, src, count, temp_buffer, is_reuse_source)


def erf(dst, src, count=None, temp_buffer=None, is_reuse_source=False) -> None:
    """`AscendC::Erf`: dst = erf(src), the Gauss error function (half, float)."""
    _unary(ErfOp, "erf", dst, src, count, temp_buffer, is_reuse_source)


def erfc(dst, src, count=None, temp_buffer=None, is_reuse_source=False) -> None:
    """`AscendC::Erfc`: dst = 1 - erf(src) (half, float)."""
    _unary(ErfcOp, "erfc", dst, src, count, temp_buffer, is_reuse_source)


def floor(dst, src, count=None, temp_buffer=None, is_reuse_source=False) -> None:
    """`AscendC::Floor`: dst = the greatest integer <= src, elementwise (half, float)."""
    _unary(FloorOp, "floor", dst, src, count, temp_buffer, is_reuse_source)


def frac(dst, src, count=None, temp_buffer=None, is_reuse_source=False) -> None:
    """`AscendC::Frac`: dst = src - trunc(src), elementwise (half, float)."""
    _unary(FracOp, "frac", dst, src, count, temp_buffer, is_reuse_source)


def lgamma(dst, src, count=None, temp_buffer=None, is_reuse_source=False) -> None:
    """`AscendC::Lgamma`: dst = ln|gamma(src)|, elementwise (half, float)."""
    _unary(LgammaOp, "lgamma", dst, src, count, temp_buffer, is_reuse_source)


def log(dst, src, count=None, temp_buffer=None, is_reuse_source=False) -> None:
    """`AscendC::Log`: dst = ln(src), elementwise (half, float; no temp_buffer)."""
    _unary(LogOp, "log", dst, src, count, temp_buffer, is_reuse_source)


def round(dst, src, count=None, temp_buffer=None, is_reuse_source=False) -> None:  # noqa: A001
    """`AscendC::Round`: dst = src rounded to the nearest integer, ties to even."""
    _unary(RoundOp, "round", dst, src, count, temp_buffer, is_reuse_source)


def sign(dst, src, count=None, temp_buffer=None, is_reuse_source=False) -> None:
    """`AscendC::Sign`: dst = -1, 0 or 1 by the sign of src (half, float)."""
    _unary(SignOp, "sign", dst, src, count, temp_buffer, is_reuse_source)


def sin(dst, src, count=None, temp_buffer=None, is_reuse_source=False) -> None:
    """`AscendC::Sin`: dst = sin(src), elementwise (half, float)."""
    _unary(SinOp, "sin", dst, src, count, temp_buffer, is_reuse_source)


def sinh(dst, src, count=None, temp_buffer=None, is_reuse_source=False) -> None:
    """`AscendC::Sinh`: dst = sinh(src), elementwise (half, float)."""
    _unary(SinhOp, "sinh", dst, src, count, temp_buffer, is_reuse_source)


def tan(dst, src, count=None, temp_buffer=None, is_reuse_source=False) -> None:
    """`AscendC::Tan`: dst = tan(src), elementwise (half, float)."""
    _unary(TanOp, "tan", dst, src, count, temp_buffer, is_reuse_source)


def tanh(dst, src, count=None, temp_buffer=None, is_reuse_source=False) -> None:
    """`AscendC::Tanh`: dst = tanh(src), elementwise (half, float)."""
    _unary(TanhOp, "tanh", dst, src, count, temp_buffer, is_reuse_source)


def trunc(dst, src, count=None, temp_buffer=None, is_reuse_source=False) -> None:
    """`AscendC::Trunc`: dst = src rounded toward zero, elementwise (half, float)."""
    _unary(TruncOp, "trunc", dst, src, count, temp_buffer, is_reuse_source)


def power(dst, src0, src1, count=None, temp_buffer=None, is_reuse_source=False) -> None:
    """`AscendC::Power`: dst = src0 ** src1, elementwise (half, float, int32)."""
    _binary(PowerOp, "power", dst, src0, src1, count, temp_buffer, is_reuse_source)


def xor(dst, src0, src1, count=None, temp_buffer=None, is_reuse_source=False) -> None:
    """`AscendC::Xor`: dst = src0 ^ src1, bitwise (int16, uint16)."""
    _binary(XorOp, "xor", dst, src0, src1, count, temp_buffer, is_reuse_source)


def axpy(dst, src, scalar, count=None, temp_buffer=None, is_reuse_source=False) -> None:
    """`AscendC::Axpy`: dst += src * scalar (Muls then Add, in float): (half, half),
    (float, float) or a float dst with a half src. `count` is required by Ascend C."""
    api = "axpy"
    d, s = C.local(dst, api, "dst"), C.local(src, api, "src")
    pair = (str(d.dtype.ir), str(s.dtype.ir))
    if pair not in (("f16", "f16"), ("f32", "f32"), ("f32", "f16")):
        raise KernelLanguageError(
            f"{api}(): AscendC::Axpy takes (dst, src) of (float16, float16), (float32, float32) "
            f"or (float32, float16), got ({d.dtype}, {s.dtype})")
    if ConstExpr.unwrap(count) is None:
        raise KernelLanguageError(f"{api}(): AscendC::Axpy needs 'count'")
    value = C.scalar(scalar, api, "scalar", s.dtype)
    current().insert(AxpyOp(d.to_ir(), s.to_ir(), value, C.count(count, api),
                            C.bool_operand(is_reuse_source, api, "is_reuse_source"),
                            C.scratch(temp_buffer, api, "Axpy")))


def _clamp(cls, api: str, dst, src, scalar, count, temp_buffer, is_reuse_source) -> None:
    d, s = C.local(dst, api, "dst"), C.local(src, api, "src")
    C.same_dtype(api, ("dst", d), ("src", s))
    C.elements(d, api, "dst", cls.ELEMENTS, cls.CPP.api)
    if ConstExpr.unwrap(count) is None:
        raise KernelLanguageError(f"{api}(): AscendC::{cls.CPP.api} needs 'count'")
    current().insert(cls(d.to_ir(), s.to_ir(), C.scalar(scalar, api, "scalar", d.dtype),
                         C.count(count, api),
                         C.bool_operand(is_reuse_source, api, "is_reuse_source"),
                         C.scratch(temp_buffer, api, cls.CPP.api)))


def clamp_max(dst, src, scalar, count, temp_buffer=None, is_reuse_source=False) -> None:
    """`AscendC::ClampMax`: dst = min(src, scalar) (half, float). Not in pyasc's Python API."""
    _clamp(ClampMaxOp, "clamp_max", dst, src, scalar, count, temp_buffer, is_reuse_source)


def clamp_min(dst, src, scalar, count, temp_buffer=None, is_reuse_source=False) -> None:
    """`AscendC::ClampMin`: dst = max(src, scalar) (half, float). Not in pyasc's Python API."""
    _clamp(ClampMinOp, "clamp_min", dst, src, scalar, count, temp_buffer, is_reuse_source)


def exp(dst, src, count, taylor_expand_level, temp_buffer=None, is_reuse_source=False) -> None:
    """`AscendC::Exp<T, taylorExpandLevel>`: dst = e ** src. Level 0 is the vector Exp
    instruction; level k > 0 multiplies exp(floor(x)) by k terms of the series of the
    fraction (more terms: more precise and slower)."""
    api = "exp"
    d, s = C.local(dst, api, "dst"), C.local(src, api, "src")
    C.same_dtype(api, ("dst", d), ("src", s))
    C.elements(d, api, "dst", ExpOp.ELEMENTS, "Exp")
    level = ConstExpr.unwrap(taylor_expand_level)
    if isinstance(level, IRValue) or not isinstance(level, int) or not 0 <= level <= 255:
        raise KernelLanguageError(
            f"{api}(): 'taylor_expand_level' is a C++ template argument: an integer from 0 to "
            f"255 known at compile time, got {describe(level)}")
    n = C.count(count, api, dt.uint32)
    if n is None:
        raise KernelLanguageError(f"{api}(): AscendC::Exp needs 'count'")
    # pyasc materializes the flag before the level: the constants' order is the IR's
    reuse = C.bool_operand(is_reuse_source, api, "is_reuse_source")
    lvl = materialize(level, dt.uint8).value
    current().insert(ExpOp(d.to_ir(), s.to_ir(), n, lvl, reuse,
                           C.scratch(temp_buffer, api, "Exp")))
