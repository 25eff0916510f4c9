"""Scalar code: arith, math, scf, func, memref (local arrays), casts and GM pointer arithmetic.

Integers are Python ints in their type's range (iN signed, uiN unsigned, i1 0/1), wrapped after
every op; floats are Python floats rounded to their type after every op. Each op class maps to
a Python function in a table, so one lowering serves a whole group of ops.
"""

from __future__ import annotations

import math
import operator
import struct

import numpy as np
from xdsl.dialects import arith, func, memref, scf
from xdsl.dialects import math as xmath
from xdsl.dialects.builtin import (
    FloatAttr,
    IntegerAttr,
    MemRefType,
    UnrealizedConversionCastOp,
)
from xdsl.ir import Operation

from ascdsl.dialects.emitasc import PtrOffsetOp
from ascdsl.dialects.gm import is_gm_pointer

from ..compiler import Lowering, lowers, not_simulated
from ascdsl.dialects.scalar_types import is_float_type, is_unsigned, sim_int_width

from ..dtypes import int_wrapper, scalar_converter
from ..errors import InvalidArgumentError
from ..memory import GPtr

# --- helpers ---------------------------------------------------------------------------------


def _conv(cx: Lowering, op: Operation, t):
    c = scalar_converter(t)
    if c is None:
        raise cx.error(op, f"has a value of type {t}, which the simulator has no scalar for")
    return c


def _as_signed(t):
    """Reinterpret a value of integer type `t` as signed (None: already signed)."""
    w = sim_int_width(t)
    if w is None or (not is_unsigned(t) and w != 1):
        return None
    return int_wrapper(w, True)


def _as_unsigned(t):
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
    wrap = _conv(cx, op, t)
    if mode == "signed":
        ca = cb = _as_signed(lhs.type)
    elif mode == "unsigned":
        ca = cb = _as_unsigned(lhs.type)
    elif mode == "unsigned_rhs":
        ca, cb = None, _as_unsigned(rhs.type)
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
    conv = _as_signed(t) if kind == "s" else _as_unsigned(t) if kind == "u" else None
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


def _fdiv(x: float, y: float) -> float:
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
    arith.DivfOp: _fdiv,
    arith.MaximumfOp: _maximum,
    arith.MinimumfOp: _minimum,
    arith.MaxnumfOp: _maxnum,
    arith.MinnumfOp: _minnum,
}


def _np_binary(ufunc):
    def f(x, y):
        return float(ufunc(np.float64(x), np.float64(y)))

    return f


FLOAT_BINARY.update(
    {
        xmath.PowFOp: _np_binary(np.power),
        xmath.Atan2Op: _np_binary(np.arctan2),
        xmath.CopySignOp: _np_binary(np.copysign),
        xmath.FPowIOp: _np_binary(np.power),
    }
)


@lowers(*FLOAT_BINARY)
def lower_float_binary(op: Operation, cx: Lowering):
    fn = FLOAT_BINARY[type(op)]
    lhs, rhs = op.operands
    rnd = _conv(cx, op, op.results[0].type)
    a, b, o = cx.slot(lhs), cx.slot(rhs), cx.slot(op.results[0])
    if rnd is float:
        def f(R):
            R[o] = fn(R[a], R[b])

        return f

    def g(R):
        R[o] = rnd(fn(R[a], R[b]))

    return g


def _np_unary(ufunc):
    def f(x):
        return float(ufunc(np.float64(x)))

    return f


def _round_half_away(x: float) -> float:
    if math.isnan(x) or math.isinf(x):
        return x
    return math.copysign(math.floor(abs(x) + 0.5), x)


FLOAT_UNARY: dict[type, object] = {
    arith.NegfOp: operator.neg,
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
    xmath.RsqrtOp: lambda x: _fdiv(1.0, float(np.sqrt(np.float64(x)))),
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


@lowers(*FLOAT_UNARY)
def lower_float_unary(op: Operation, cx: Lowering):
    fn = FLOAT_UNARY[type(op)]
    rnd = _conv(cx, op, op.results[0].type)
    a, o = cx.slot(op.operands[0]), cx.slot(op.results[0])

    def f(R):
        R[o] = rnd(fn(R[a]))

    return f


@lowers(xmath.FmaOp)
def lower_fma(op: xmath.FmaOp, cx: Lowering):
    rnd = _conv(cx, op, op.result.type)
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
    wrap = _conv(cx, op, t)
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
    wrap = _conv(cx, op, op.result.type)
    a, b, o = cx.slot(op.lhs), cx.slot(op.rhs), cx.slot(op.result)

    def f(R):
        R[o] = wrap(_ipow(R[a], R[b]))

    return f


# --- casts -----------------------------------------------------------------------------------


def _int_reader(t, signed: bool):
    """Read a value of integer type `t` as a signed or unsigned number."""
    conv = _as_signed(t) if signed else _as_unsigned(t)
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


def _cast_fn(op: Operation, cx: Lowering):
    t_in = op.operands[0].type
    t_out = op.results[0].type
    out = _conv(cx, op, t_out)
    if isinstance(op, (arith.ExtSIOp, arith.IndexCastOp)):
        rd = _int_reader(t_in, True)
        return lambda x: out(rd(x))
    if isinstance(op, arith.ExtUIOp):
        rd = _int_reader(t_in, False)
        return lambda x: out(rd(x))
    if isinstance(op, arith.TruncIOp):
        return out
    if isinstance(op, arith.SIToFPOp):
        rd = _int_reader(t_in, True)
        return lambda x: out(float(rd(x)))
    if isinstance(op, arith.UIToFPOp):
        rd = _int_reader(t_in, False)
        return lambda x: out(float(rd(x)))
    if isinstance(op, arith.FPToSIOp):
        return _float_to_int(t_out, False)
    if isinstance(op, arith.FPToUIOp):
        return _float_to_int(t_out, True)
    if isinstance(op, arith.BitcastOp):
        return _bitcast(t_in, t_out)
    return out  # extf / truncf: round to the result type


CASTS = (
    arith.ExtSIOp, arith.ExtUIOp, arith.TruncIOp, arith.IndexCastOp,
    arith.SIToFPOp, arith.UIToFPOp, arith.FPToSIOp, arith.FPToUIOp, arith.ExtFOp,
    arith.TruncFOp, arith.BitcastOp,
)


@lowers(*CASTS)
def lower_cast(op: Operation, cx: Lowering):
    fn = _cast_fn(op, cx)
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
            rd = _int_reader(v.type, not is_unsigned(v.type))
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
        conv = _conv(cx, op, t)
        cx.set_const(op.result, conv(attr.value.data))
    elif isinstance(attr, FloatAttr):
        conv = _conv(cx, op, t)
        cx.set_const(op.result, conv(attr.value.data))
    else:
        raise cx.error(op, f"with a {type(attr).__name__} value is not simulated (scalars only)")
    return None


# --- GM pointers -----------------------------------------------------------------------------


@lowers(PtrOffsetOp)
def lower_ptr_offset(op: PtrOffsetOp, cx: Lowering):
    b, k, o = cx.slot(op.base), cx.slot(op.offset), cx.slot(op.result)

    def f(R):
        p = R[b]
        R[o] = GPtr(p.buf, p.off + R[k])

    return f


# --- scf -------------------------------------------------------------------------------------


def _copy(dst: list[int], src: list[int]):
    """A closure copying slots src -> dst (all read before any is written)."""
    if not dst:
        return None
    if len(dst) == 1:
        (d,), (s,) = dst, src

        def one(R):
            R[d] = R[s]

        return one

    pairs = tuple(zip(dst, src))

    def many(R):
        vals = [R[s] for _, s in pairs]
        for (d, _), v in zip(pairs, vals):
            R[d] = v

    return many


@lowers(scf.YieldOp)
def lower_yield(op: scf.YieldOp, cx: Lowering):
    if not cx.yield_targets:
        raise cx.error(op, "outside a region the simulator runs")
    return _copy(cx.yield_targets[-1], cx.slots(op.arguments))


@lowers(scf.ForOp)
def lower_for(op: scf.ForOp, cx: Lowering):
    pre = cx.take_pre()
    site = cx.site(op)
    block = cx.region_block(op.body)
    iv, *args = block.args
    s_iv, s_args = cx.slot(iv), cx.slots(args)
    lb, ub, st = cx.slot(op.lb), cx.slot(op.ub), cx.slot(op.step)
    init = _copy(s_args, cx.slots(op.iter_args))
    out = _copy(cx.slots(op.res), s_args)
    body = cx.block(block, yield_to=s_args, loop=True)

    def f(R):
        c = R[0]
        c.t += pre
        if init is not None:
            init(R)
        step = R[st]
        if step <= 0:
            raise InvalidArgumentError(
                f"has a step of {step}; scf.for needs a positive step", site, core=c.block_idx
            )
        for i in range(R[lb], R[ub], step):
            R[s_iv] = i
            body(R)
        if out is not None:
            out(R)

    return f


@lowers(scf.IfOp)
def lower_if(op: scf.IfOp, cx: Lowering):
    pre = cx.take_pre()
    res = cx.slots(op.output)
    then = cx.block(cx.region_block(op.true_region), yield_to=res)
    other = None
    if op.false_region.blocks:
        other = cx.block(cx.region_block(op.false_region), yield_to=res)
    c_ = cx.slot(op.cond)

    def f(R):
        R[0].t += pre
        if R[c_]:
            then(R)
        elif other is not None:
            other(R)

    return f


@lowers(scf.WhileOp)
def lower_while(op: scf.WhileOp, cx: Lowering):
    pre = cx.take_pre()
    before = cx.region_block(op.before_region)
    after = cx.region_block(op.after_region)
    cond = before.last_op
    if not isinstance(cond, scf.ConditionOp):
        raise cx.error(op, "has a 'before' region that does not end in scf.condition")
    s_before = cx.slots(before.args)
    s_after = cx.slots(after.args)
    init = _copy(s_before, cx.slots(op.arguments))
    run_before = cx.block(before)
    s_cond = cx.slot(cond.condition)
    pass_after = _copy(s_after, cx.slots(cond.args))
    pass_out = _copy(cx.slots(op.res), cx.slots(cond.args))
    run_after = cx.block(after, yield_to=s_before, loop=True)

    def f(R):
        R[0].t += pre
        if init is not None:
            init(R)
        while True:
            run_before(R)
            if not R[s_cond]:
                break
            if pass_after is not None:
                pass_after(R)
            run_after(R)
        if pass_out is not None:
            pass_out(R)

    return f


@lowers(scf.ConditionOp)
def lower_condition(op: scf.ConditionOp, cx: Lowering):
    return None  # read by the enclosing scf.while


@lowers(scf.IndexSwitchOp)
def lower_index_switch(op: scf.IndexSwitchOp, cx: Lowering):
    pre = cx.take_pre()
    res = cx.slots(op.output)
    cases = {}
    for value, region in zip(op.cases.get_values(), op.case_regions):
        cases[value] = cx.block(cx.region_block(region), yield_to=res)
    default = cx.block(cx.region_block(op.default_region), yield_to=res)
    a = cx.slot(op.arg)

    def f(R):
        R[0].t += pre
        cases.get(R[a], default)(R)

    return f


# --- func ------------------------------------------------------------------------------------


@lowers(func.ReturnOp)
def lower_return(op: func.ReturnOp, cx: Lowering):
    if not op.arguments:
        return None
    if not cx.return_slots:
        cx.return_slots.extend(cx.fresh_slot() for _ in op.arguments)
    return _copy(cx.return_slots, cx.slots(op.arguments))


@lowers(func.CallOp)
def lower_call(op: func.CallOp, cx: Lowering):
    pre = cx.take_pre()
    callee = cx.program.function(op.callee.string_value(), op)
    if len(callee.arg_slots) != len(op.arguments):
        raise cx.error(op, f"passes {len(op.arguments)} arguments to @{callee.name}, which takes "
                           f"{len(callee.arg_slots)}")
    args = tuple(zip(callee.arg_slots, cx.slots(op.arguments)))
    rets = tuple(zip(cx.slots(op.res), callee.ret_slots))
    template = callee.template
    body = callee.body

    def f(R):
        c = R[0]
        c.t += pre
        F = template.copy()
        F[0] = c
        for d, s in args:
            F[d] = R[s]
        body(F)
        for d, s in rets:
            R[d] = F[s]

    return f


not_simulated(func.FuncOp, "a function inside a function body")


# --- memref: small local arrays --------------------------------------------------------------


def _memref_shape(op: Operation, cx: Lowering, t: MemRefType) -> tuple[list[int], int]:
    shape = list(t.get_shape())
    if any(d < 0 for d in shape):
        raise cx.error(op, "with dynamic sizes is not simulated (local arrays have static shapes)")
    n = 1
    for d in shape:
        n *= d
    return shape, n


@lowers(memref.AllocaOp, memref.AllocOp)
def lower_alloca(op: Operation, cx: Lowering):
    t = op.results[0].type
    if not isinstance(t, MemRefType) or is_gm_pointer(t):
        raise cx.error(op, f"of {t} is not simulated (local scalar arrays only)")
    _, n = _memref_shape(op, cx, t)
    zero = 0.0 if is_float_type(t.element_type) else 0
    if scalar_converter(t.element_type) is None:
        raise cx.error(op, f"with elements of {t.element_type} is not simulated")
    o = cx.slot(op.results[0])

    def f(R):
        R[o] = [zero] * n

    return f


def _linear_index(op: Operation, cx: Lowering, mref, indices):
    t = mref.type
    if not isinstance(t, MemRefType) or is_gm_pointer(t):
        raise cx.error(op, f"on {t} is not simulated (local arrays only; read GM through a "
                           "GlobalTensor)")
    shape, n = _memref_shape(op, cx, t)
    strides = []
    acc = 1
    for d in reversed(shape):
        strides.append(acc)
        acc *= d
    strides.reverse()
    idx = cx.slots(indices)
    site = cx.site(op)

    def index(R) -> int:
        k = 0
        for s, dim, st in zip(idx, shape, strides):
            i = R[s]
            if not 0 <= i < dim:
                raise InvalidArgumentError(
                    f"indexes a local array of shape {shape} with {[R[x] for x in idx]}",
                    site,
                    core=R[0].block_idx,
                )
            k += i * st
        return k

    return index, t


@lowers(memref.LoadOp)
def lower_load(op: memref.LoadOp, cx: Lowering):
    index, _ = _linear_index(op, cx, op.memref, op.indices)
    m, o = cx.slot(op.memref), cx.slot(op.res)

    def f(R):
        R[o] = R[m][index(R)]

    return f


@lowers(memref.StoreOp)
def lower_store(op: memref.StoreOp, cx: Lowering):
    index, t = _linear_index(op, cx, op.memref, op.indices)
    conv = _conv(cx, op, t.element_type)
    m, v = cx.slot(op.memref), cx.slot(op.value)

    def f(R):
        R[m][index(R)] = conv(R[v])

    return f


@lowers(memref.DeallocOp)
def lower_dealloc(op: Operation, cx: Lowering):
    return None
