"""MLIR's `math` dialect on scalars (`math.exp`, `math.fma`, `math.ctlz`, ...).

The lowerings and value conventions are arith's (arith.py). The Ascend C math APIs on tensors
are ascendc ops and lower elsewhere.
"""

from __future__ import annotations

import math

import numpy as np
from xdsl.dialects import math as xmath
from xdsl.ir import Operation

from ascdsl.dialects.scalar_types import sim_int_width

from ..compiler import Lowering, lowers
from .arith import fdiv, float_binary, float_unary, scalar_conv

def _np_binary(ufunc):
    def f(x, y):
        return float(ufunc(np.float64(x), np.float64(y)))

    return f



FLOAT_BINARY: dict[type, object] = {
    xmath.PowFOp: _np_binary(np.power),
    xmath.Atan2Op: _np_binary(np.arctan2),
    xmath.CopySignOp: _np_binary(np.copysign),
    xmath.FPowIOp: _np_binary(np.power),
}
lowers(*FLOAT_BINARY)(float_binary(FLOAT_BINARY))


def _np_unary(ufunc):
    def f(x):
        return float(ufunc(np.float64(x)))

    return f


def _round_half_away(x: float) -> float:
    if math.isnan(x) or math.isinf(x):
        return x
    return math.copysign(math.floor(abs(x) + 0.5), x)

FLOAT_UNARY: dict[type, object] = {
    xmath.AbsFOp: abs,
    xmath.CeilOp: _np_unary(np.ceil),
    xmath.FloorOp: _np_unary(np.floor),
    xmath.TruncOp: _np_unary(np.trunc),
    xmath.RoundOp: _round_half_away,
    xmath.RoundEvenOp: _np_unary(np.rint),
    xmath.ExpOp: _np_unary(np.exp),
    xmath.Exp2Op: _np_unary(np.exp2),
    xmath.ExpM1Op: _np_unary(np.expm1),
    xmath.LogOp: _np_unary(np.log),
    xmath.Log2Op: _np_unary(np.log2),
    xmath.Log10Op: _np_unary(np.log10),
    xmath.Log1pOp: _np_unary(np.log1p),
    xmath.SqrtOp: _np_unary(np.sqrt),
    xmath.RsqrtOp: lambda x: fdiv(1.0, float(np.sqrt(np.float64(x)))),
    xmath.CbrtOp: _np_unary(np.cbrt),
    xmath.SinOp: _np_unary(np.sin),
    xmath.CosOp: _np_unary(np.cos),
    xmath.TanOp: _np_unary(np.tan),
    xmath.SinhOp: _np_unary(np.sinh),
    xmath.CoshOp: _np_unary(np.cosh),
    xmath.TanhOp: _np_unary(np.tanh),
    xmath.AsinOp: _np_unary(np.arcsin),
    xmath.AcosOp: _np_unary(np.arccos),
    xmath.AtanOp: _np_unary(np.arctan),
    xmath.AsinhOp: _np_unary(np.arcsinh),
    xmath.AcoshOp: _np_unary(np.arccosh),
    xmath.AtanhOp: _np_unary(np.arctanh),
    xmath.ErfOp: math.erf,
}

lowers(*FLOAT_UNARY)(float_unary(FLOAT_UNARY))


@lowers(xmath.FmaOp)
def lower_fma(op: xmath.FmaOp, cx: Lowering):
    rnd = scalar_conv(cx, op, op.result.type)
    a, b, c, o = cx.slot(op.a), cx.slot(op.b), cx.slot(op.c), cx.slot(op.result)

    def f(R):
        R[o] = rnd(R[a] * R[b] + R[c])

    return f


def _ctlz(w):
    return lambda x: w - (x & ((1 << w) - 1)).bit_length()


def _cttz(w):
    def f(x):
        x &= (1 << w) - 1
        return w if x == 0 else (x & -x).bit_length() - 1

    return f


def _ctpop(w):
    return lambda x: bin(x & ((1 << w) - 1)).count("1")


INT_UNARY = {
    xmath.AbsIOp: lambda w: abs,
    xmath.CountLeadingZerosOp: _ctlz,
    xmath.CountTrailingZerosOp: _cttz,
    xmath.CtPopOp: _ctpop,
}


@lowers(*INT_UNARY)
def lower_int_unary(op: Operation, cx: Lowering):
    t = op.results[0].type
    w = sim_int_width(t)
    if w is None:
        raise cx.error(op, f"on {t} is not an integer operation the simulator knows")
    fn = INT_UNARY[type(op)](w)
    wrap = scalar_conv(cx, op, t)
    a, o = cx.slot(op.operands[0]), cx.slot(op.results[0])

    def f(R):
        R[o] = wrap(fn(R[a]))

    return f


def _ipow(x: int, y: int) -> int:
    """Integer power; a negative exponent truncates toward zero (only +-1 survive)."""
    if y >= 0:
        return x**y
    if x == 1:
        return 1
    if x == -1:
        return -1 if y % 2 else 1
    return 0


@lowers(xmath.IPowIOp)
def lower_ipowi(op: xmath.IPowIOp, cx: Lowering):
    wrap = scalar_conv(cx, op, op.result.type)
    a, b, o = cx.slot(op.lhs), cx.slot(op.rhs), cx.slot(op.result)

    def f(R):
        R[o] = wrap(_ipow(R[a], R[b]))

    return f

