"""The `arith` dialect on scalars, `builtin.unrealized_conversion_cast` included.

Integers are Python ints in their type's range (iN signed, uiN unsigned, i1 0/1), wrapped after
every op; floats are Python floats rounded to their type after every op. Each op class maps to
a Python function in a table, so one lowering serves a whole group of ops. The helpers that
convert and reinterpret scalars (`scalar_conv`, `as_signed`, `int_reader`, ...) serve the `math`
dialect's lowerings too (scalar_math.py).
"""

from __future__ import annotations

import math
import operator
import struct
from collections.abc import Callable

from xdsl.dialects import arith
from xdsl.dialects.builtin import FloatAttr, IntegerAttr, UnrealizedConversionCastOp
from xdsl.ir import Operation

from ascdsl.dialects.scalar_types import is_float_type, is_unsigned, sim_int_width

from ..compiler import Lowering, lowers
from ..dtypes import int_wrapper, scalar_converter
from ..errors import InvalidArgumentError

# --- helpers ---------------------------------------------------------------------------------


def scalar_conv(cx: Lowering, op: Operation, t):
    c = scalar_converter(t)
    if c is None:
        raise cx.error(op, f"has a value of type {t}, which the simulator has no scalar for")
    return c


def as_signed(t):
    """Reinterpret a value of integer type `t` as signed (None: already signed)."""
    w = sim_int_width(t)
    if w is None or (not is_unsigned(t) and w != 1):
        return None
    return int_wrapper(w, True)


def as_unsigned(t):
    """Reinterpret a value of integer type `t` as unsigned (None: already unsigned)."""
    w = sim_int_width(t)
    if w is None or is_unsigned(t) or w == 1:
        return None
    return int_wrapper(w, False)


def _c_div(a: int, b: int) -> int:
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


def _c_rem(a: int, b: int) -> int:
    return a - _c_div(a, b) * b


def _ceil_div(a: int, b: int) -> int:
    return -((-a) // b)


def _shl(a: int, b: int) -> int:
    return a << b if 0 <= b < 128 else 0


def _shr(a: int, b: int) -> int:
    return a >> b if 0 <= b < 128 else (0 if a >= 0 else -1)


# (python function, how operands are read: "raw", "signed" or "unsigned", divides)
INT_BINARY: dict[type, tuple] = {
    arith.AddiOp: (operator.add, "raw", False),
    arith.SubiOp: (operator.sub, "raw", False),
    arith.MuliOp: (operator.mul, "raw", False),
    arith.AndIOp: (operator.and_, "raw", False),
    arith.OrIOp: (operator.or_, "raw", False),
    arith.XOrIOp: (operator.xor, "raw", False),
    arith.ShLIOp: (_shl, "unsigned_rhs", False),
    arith.ShRSIOp: (_shr, "signed", False),
    arith.ShRUIOp: (_shr, "unsigned", False),
    arith.DivSIOp: (_c_div, "signed", True),
    arith.RemSIOp: (_c_rem, "signed", True),
    arith.FloorDivSIOp: (operator.floordiv, "signed", True),
    arith.CeilDivSIOp: (_ceil_div, "signed", True),
    arith.DivUIOp: (operator.floordiv, "unsigned", True),
    arith.RemUIOp: (operator.mod, "unsigned", True),
    arith.CeilDivUIOp: (_ceil_div, "unsigned", True),
    arith.MaxSIOp: (max, "signed", False),
    arith.MinSIOp: (min, "signed", False),
    arith.MaxUIOp: (max, "unsigned", False),
    arith.MinUIOp: (min, "unsigned", False),
}


@lowers(*INT_BINARY)
def lower_int_binary(op: Operation, cx: Lowering):
    fn, mode, divides = INT_BINARY[type(op)]
    lhs, rhs = op.operands
    t = op.results[0].type
    if sim_int_width(t) is None:
        raise cx.error(op, f"on {t} is not an integer operation the simulator knows")
    wrap = scalar_conv(cx, op, t)
    if mode == "signed":
        ca = cb = as_signed(lhs.type)
    elif mode == "unsigned":
        ca = cb = as_unsigned(lhs.type)
    elif mode == "unsigned_rhs":
        ca, cb = None, as_unsigned(rhs.type)
    else:
        ca = cb = None
    a, b, o = cx.slot(lhs), cx.slot(rhs), cx.slot(op.results[0])
    site = cx.site(op)
    if divides:
        def f(R):
            x, y = R[a], R[b]
            if ca is not None:
                x, y = ca(x), cb(y)
            if y == 0:
                raise InvalidArgumentError("divides by zero", site, core=R[0].block_idx)
            R[o] = wrap(fn(x, y))

        return f
    if ca is None and cb is None:
        def f(R):
            R[o] = wrap(fn(R[a], R[b]))

        return f
    ca = ca or (lambda x: x)
    cb = cb or (lambda x: x)

    def g(R):
        R[o] = wrap(fn(ca(R[a]), cb(R[b])))

    return g


_CMPI = [
    (operator.eq, None), (operator.ne, None),
    (operator.lt, "s"), (operator.le, "s"), (operator.gt, "s"), (operator.ge, "s"),
    (operator.lt, "u"), (operator.le, "u"), (operator.gt, "u"), (operator.ge, "u"),
]


@lowers(arith.CmpiOp)
def lower_cmpi(op: arith.CmpiOp, cx: Lowering):
    fn, kind = _CMPI[op.predicate.value.data]
    t = op.lhs.type
    conv = as_signed(t) if kind == "s" else as_unsigned(t) if kind == "u" else None
    a, b, o = cx.slot(op.lhs), cx.slot(op.rhs), cx.slot(op.result)
    if conv is None:
        def f(R):
            R[o] = fn(R[a], R[b])

        return f

    def g(R):
        R[o] = fn(conv(R[a]), conv(R[b]))

    return g


def _ordered(fn):
    return lambda x, y: not (math.isnan(x) or math.isnan(y)) and fn(x, y)


def _unordered(fn):
    return lambda x, y: math.isnan(x) or math.isnan(y) or fn(x, y)


_CMPF = [
    lambda x, y: False,
    _ordered(operator.eq), _ordered(operator.gt), _ordered(operator.ge), _ordered(operator.lt),
    _ordered(operator.le), _ordered(operator.ne),
    lambda x, y: not (math.isnan(x) or math.isnan(y)),
    _unordered(operator.eq), _unordered(operator.gt), _unordered(operator.ge),
    _unordered(operator.lt), _unordered(operator.le), _unordered(operator.ne),
    lambda x, y: math.isnan(x) or math.isnan(y),
    lambda x, y: True,
]


@lowers(arith.CmpfOp)
def lower_cmpf(op: arith.CmpfOp, cx: Lowering):
    fn = _CMPF[op.predicate.value.data]
    a, b, o = cx.slot(op.lhs), cx.slot(op.rhs), cx.slot(op.result)

    def f(R):
        R[o] = fn(R[a], R[b])

    return f


@lowers(arith.SelectOp)
def lower_select(op: arith.SelectOp, cx: Lowering):
    c, a, b, o = cx.slot(op.cond), cx.slot(op.lhs), cx.slot(op.rhs), cx.slot(op.result)

    def f(R):
        R[o] = R[a] if R[c] else R[b]

    return f


def fdiv(x: float, y: float) -> float:
    try:
        return x / y
    except ZeroDivisionError:
        if x == 0 or math.isnan(x):
            return math.nan
        return math.copysign(math.inf, x) * math.copysign(1.0, y)


def _maximum(x, y):
    return math.nan if math.isnan(x) or math.isnan(y) else max(x, y)


def _minimum(x, y):
    return math.nan if math.isnan(x) or math.isnan(y) else min(x, y)


def _maxnum(x, y):
    return y if math.isnan(x) else x if math.isnan(y) else max(x, y)


def _minnum(x, y):
    return y if math.isnan(x) else x if math.isnan(y) else min(x, y)




FLOAT_BINARY: dict[type, object] = {
    arith.AddfOp: operator.add,
    arith.SubfOp: operator.sub,
    arith.MulfOp: operator.mul,
    arith.DivfOp: fdiv,
    arith.MaximumfOp: _maximum,
    arith.MinimumfOp: _minimum,
    arith.MaxnumfOp: _maxnum,
    arith.MinnumfOp: _minnum,
}



def float_binary(table: dict[type, Callable]):
    """A lowering for ops whose result is `table[type(op)](lhs, rhs)`, rounded to its type."""

    def lower_float_binary(op: Operation, cx: Lowering):
        fn = table[type(op)]
        lhs, rhs = op.operands
        rnd = scalar_conv(cx, op, op.results[0].type)
        a, b, o = cx.slot(lhs), cx.slot(rhs), cx.slot(op.results[0])
        if rnd is float:
            def f(R):
                R[o] = fn(R[a], R[b])

            return f

        def g(R):
            R[o] = rnd(fn(R[a], R[b]))

        return g


    return lower_float_binary


lowers(*FLOAT_BINARY)(float_binary(FLOAT_BINARY))

# arith's one float unary op; the `math` dialect has the others (scalar_math.py).
FLOAT_UNARY: dict[type, object] = {
    arith.NegfOp: operator.neg,
}


def float_unary(table: dict[type, Callable]):
    """A lowering for ops whose result is `table[type(op)](operand)`, rounded to its type."""

    def lower_float_unary(op: Operation, cx: Lowering):
        fn = table[type(op)]
        rnd = scalar_conv(cx, op, op.results[0].type)
        a, o = cx.slot(op.operands[0]), cx.slot(op.results[0])

        def f(R):
            R[o] = rnd(fn(R[a]))

        return f


    return lower_float_unary


lowers(*FLOAT_UNARY)(float_unary(FLOAT_UNARY))


# --- casts -----------------------------------------------------------------------------------


def int_reader(t, signed: bool):
    """Read a value of integer type `t` as a signed or unsigned number."""
    conv = as_signed(t) if signed else as_unsigned(t)
    return conv or (lambda x: x)


def _float_to_int(t_out, unsigned: bool):
    w = sim_int_width(t_out)
    lo, hi = (0, (1 << w) - 1) if unsigned else (-(1 << (w - 1)), (1 << (w - 1)) - 1)
    wrap = scalar_converter(t_out)

    def f(x: float) -> int:
        if math.isnan(x):
            return 0
        if math.isinf(x):
            return wrap(hi if x > 0 else lo)
        return wrap(min(max(math.trunc(x), lo), hi))

    return f


_PACK = {16: "e", 32: "f", 64: "d"}
_IPACK = {16: "H", 32: "I", 64: "Q"}


def _bitcast(t_in, t_out):
    if is_float_type(t_in) and not is_float_type(t_out):
        w = sim_int_width(t_out)
        pk, upk = _PACK.get(w), _IPACK.get(w)
        wrap = scalar_converter(t_out)
        if str(t_in) == "bf16":
            return lambda x: wrap(struct.unpack("I", struct.pack("f", x))[0] >> 16)
        return lambda x: wrap(struct.unpack(upk, struct.pack(pk, x))[0])
    if not is_float_type(t_in) and is_float_type(t_out):
        w = sim_int_width(t_in)
        pk, ipk = _PACK.get(w), _IPACK.get(w)
        if str(t_out) == "bf16":
            return lambda x: struct.unpack("f", struct.pack("I", (x & 0xFFFF) << 16))[0]
        return lambda x: struct.unpack(pk, struct.pack(ipk, x & ((1 << w) - 1)))[0]
    return scalar_converter(t_out)


# Each takes (operand type, result type, converter to the result type) and returns the cast.


def _from_signed(t_in, t_out, out):
    rd = int_reader(t_in, True)
    return lambda x: out(rd(x))


def _from_unsigned(t_in, t_out, out):
    rd = int_reader(t_in, False)
    return lambda x: out(rd(x))


def _signed_to_float(t_in, t_out, out):
    rd = int_reader(t_in, True)
    return lambda x: out(float(rd(x)))


def _unsigned_to_float(t_in, t_out, out):
    rd = int_reader(t_in, False)
    return lambda x: out(float(rd(x)))


def _float_to_signed(t_in, t_out, out):
    return _float_to_int(t_out, False)


def _float_to_unsigned(t_in, t_out, out):
    return _float_to_int(t_out, True)


def _bits(t_in, t_out, out):
    return _bitcast(t_in, t_out)


def _to_result_type(t_in, t_out, out):
    return out  # truncate or round to the result type


CASTS: dict[type, Callable] = {
    arith.ExtSIOp: _from_signed,
    arith.IndexCastOp: _from_signed,
    arith.ExtUIOp: _from_unsigned,
    arith.TruncIOp: _to_result_type,
    arith.SIToFPOp: _signed_to_float,
    arith.UIToFPOp: _unsigned_to_float,
    arith.FPToSIOp: _float_to_signed,
    arith.FPToUIOp: _float_to_unsigned,
    arith.ExtFOp: _to_result_type,
    arith.TruncFOp: _to_result_type,
    arith.BitcastOp: _bits,
}


def c_cast(cx: Lowering, op: Operation, t_in, t_out) -> Callable:
    """C's `(T) x` between scalar types: integers wrap, read with their own signedness;
    floats to integers truncate toward zero."""
    out = scalar_conv(cx, op, t_out)
    scalar_conv(cx, op, t_in)
    if is_float_type(t_in):
        if is_float_type(t_out):
            return _to_result_type(t_in, t_out, out)
        return _float_to_int(t_out, is_unsigned(t_out))
    unsigned = is_unsigned(t_in)
    if is_float_type(t_out):
        return (_unsigned_to_float if unsigned else _signed_to_float)(t_in, t_out, out)
    return (_from_unsigned if unsigned else _from_signed)(t_in, t_out, out)


@lowers(*CASTS)
def lower_cast(op: Operation, cx: Lowering):
    t_in, t_out = op.operands[0].type, op.results[0].type
    fn = CASTS[type(op)](t_in, t_out, scalar_conv(cx, op, t_out))
    a, o = cx.slot(op.operands[0]), cx.slot(op.results[0])

    def f(R):
        R[o] = fn(R[a])

    return f


@lowers(UnrealizedConversionCastOp)
def lower_unrealized_cast(op: UnrealizedConversionCastOp, cx: Lowering):
    """Scalar to scalar: reinterpret in the result type (how signless ints become ui32);
    anything else passes through unchanged."""
    if len(op.inputs) != len(op.outputs):
        raise cx.error(op, "with different numbers of inputs and outputs is not simulated")
    pairs = []
    for v, r in zip(op.inputs, op.outputs):
        conv = scalar_converter(r.type) if scalar_converter(v.type) is not None else None
        if conv is not None and is_unsigned(v.type) != is_unsigned(r.type):
            rd = int_reader(v.type, not is_unsigned(v.type))
            conv = (lambda c, rd: lambda x: c(rd(x)))(conv, rd)
        pairs.append((cx.slot(v), cx.slot(r), conv))
    if len(pairs) == 1:
        a, o, conv = pairs[0]
        if conv is None:
            def f(R):
                R[o] = R[a]

            return f

        def g(R):
            R[o] = conv(R[a])

        return g

    def h(R):
        for a, o, conv in pairs:
            R[o] = R[a] if conv is None else conv(R[a])

    return h


@lowers(arith.ConstantOp)
def lower_constant(op: arith.ConstantOp, cx: Lowering):
    attr = op.value
    t = op.result.type
    if isinstance(attr, IntegerAttr):
        conv = scalar_conv(cx, op, t)
        cx.set_const(op.result, conv(attr.value.data))
    elif isinstance(attr, FloatAttr):
        conv = scalar_conv(cx, op, t)
        cx.set_const(op.result, conv(attr.value.data))
    else:
        raise cx.error(op, f"with a {type(attr).__name__} value is not simulated (scalars only)")
    return None



@lowers(arith.MulUIExtendedOp, arith.MulSIExtendedOp)
def lower_mul_extended(op: Operation, cx: Lowering):
    # The full 2N-bit product, split into its low and high N bits (each wrapped to the type).
    t = op.results[0].type
    width = sim_int_width(t)
    if width is None or width == 1:
        raise cx.error(op, f"on {t} is not an integer operation the simulator knows")
    wrap = scalar_conv(cx, op, t)
    read = as_unsigned(t) if isinstance(op, arith.MulUIExtendedOp) else as_signed(t)
    read = read or (lambda x: x)
    a, b = cx.slot(op.operands[0]), cx.slot(op.operands[1])
    lo, hi = cx.slot(op.results[0]), cx.slot(op.results[1])

    def f(R):
        p = read(R[a]) * read(R[b])
        R[lo] = wrap(p)
        R[hi] = wrap(p >> width)

    return f
