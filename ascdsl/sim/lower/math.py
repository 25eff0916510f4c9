"""The Ascend C math library (Acos ... Trunc, Power, Xor, Axpy, ClampMax/Min, Exp).

Numerics: each op's `FORMULA` is evaluated exactly (float64 for float elements, the integer
itself for integers) and rounded to the element type, which the library matches to a few ulp
(it computes half in float). `Exp` with a Taylor level k > 0 is the library's own algorithm
in float32 (exp(floor(x)) times the k-term series of the fraction), so its truncation error is
the hardware's. The element types an API accepts are checked here (pyasc's verifier accepts
any).

Scratch space (`scratch.py`): the library needs `scratch` bytes per element of a chunk and at
least one repeat's worth; `sharedTmpBuffer` must hold that and must not overlap the source or
the destination; without it the library takes the UB the TPipe has not handed out. The
sanitizer sees the API read its sources and write the destination and the whole scratch
tensor on PIPE_V, in the steps `scratch.record` describes. Cost: `CostModel.library` (the instruction sequence of the SoC's library
table, per chunk).
"""

from __future__ import annotations

import math

import numpy as np

import ascdsl.dialects.ascendc as A

from ..compiler import Lowering, lowers, not_simulated
from ..dtypes import SimDType
from ..errors import InvalidArgumentError
from ..sanitizer import V
from .common import check_align, dtype_of, local_span
from .scratch import Scratch, count_reader, record, staged


def _digamma(x: np.ndarray) -> np.ndarray:
    """psi(x) in float64: reflection below 0.5, recurrence up to 6, asymptotic series."""
    x = np.asarray(x, dtype=np.float64)
    out = np.empty_like(x)
    neg = x < 0.5
    with np.errstate(all="ignore"):
        xr = np.where(neg, 1.0 - x, x)
        acc = np.zeros_like(xr)
        while True:
            small = xr < 6.0
            if not small.any():
                break
            acc = np.where(small, acc - 1.0 / xr, acc)
            xr = np.where(small, xr + 1.0, xr)
        inv = 1.0 / xr
        inv2 = inv * inv
        series = (np.log(xr) - 0.5 * inv - inv2 * (1 / 12 - inv2 * (1 / 120 - inv2 * (
            1 / 252 - inv2 * (1 / 240 - inv2 * (1 / 132))))))
        val = acc + series
        refl = val - np.pi / np.tan(np.pi * x)
        out[...] = np.where(neg, refl, val)
        pole = (x <= 0) & (x == np.floor(x))
        out[pole] = np.nan
    return out


def _vectorized(fn):
    def apply(a):
        flat = np.asarray(a, dtype=np.float64).ravel()
        res = np.empty_like(flat)
        for i, v in enumerate(flat.tolist()):
            try:
                res[i] = fn(v)
            except (ValueError, OverflowError):
                res[i] = math.inf if fn is math.lgamma else math.nan
        return res.reshape(np.shape(a))

    return apply


def _int_power(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Integer x^y as Ascend C's Power computes it: negative exponents give 1/x^|y| truncated
    toward zero (0 unless |x| is 1); results wrap to 32 bits."""
    a64, b64 = a.astype(np.int64), b.astype(np.int64)
    pos = np.where(b64 >= 0, b64, 0)
    with np.errstate(over="ignore"):
        res = np.ones_like(a64)
        base = a64.copy()
        e = pos.copy()
        while (e > 0).any():
            odd = (e & 1) == 1
            res = np.where(odd, (res * base) & 0xFFFFFFFF, res)
            base = (base * base) & 0xFFFFFFFF
            e >>= 1
    res = ((res + (1 << 31)) & 0xFFFFFFFF) - (1 << 31)
    negative = b64 < 0
    inv = np.where(a64 == 1, 1, np.where(a64 == -1, np.where(b64 % 2 == 0, 1, -1), 0))
    return np.where(negative, inv, res)


NAMESPACE: dict = {name: getattr(np, name) for name in dir(np) if not name.startswith("_")}
NAMESPACE.update(
    erf=_vectorized(math.erf),
    erfc=_vectorized(math.erfc),
    lgamma=_vectorized(math.lgamma),
    digamma=_digamma,
    __builtins__={},
)


def formula_function(formula: str):
    """`"arccos(a)"` -> a function of numpy arrays a (src or src0), b (src1 / old dst), s."""
    return eval(f"lambda a=None, b=None, s=None: ({formula})", NAMESPACE)  # noqa: S307


def _check_elements(op, cx: Lowering, dt: SimDType, allowed: tuple[str, ...]) -> None:
    if dt.name not in allowed:
        raise InvalidArgumentError(
            f"AscendC::{type(op).CPP.api} computes {', '.join(allowed)} elements, not "
            f"{dt.name}", cx.site(op))


def _taylor_exp(x: np.ndarray, level: int) -> np.ndarray:
    """The library's Exp at Taylor level k > 0, step by step in float32."""
    f32 = np.float32
    x = np.asarray(x, dtype=f32)
    whole = np.floor(x).astype(f32)
    frac = (x - whole).astype(f32)
    with np.errstate(all="ignore"):
        scale = np.exp(whole).astype(f32)
        power = frac.copy()
        res = (frac + f32(1)).astype(f32)
        for i in range(2, level + 1):
            power = (frac * power).astype(f32)
            power = (power * (f32(1.0) / f32(i))).astype(f32)
            res = (res + power).astype(f32)
        return (res * scale).astype(f32)


@lowers(A.MathLibraryOp)
def lower_math(op, cx: Lowering):
    """Every math-library op but CumSum and Exp: dst = FORMULA(sources[, s])."""
    pre = cx.take_pre()
    site = cx.site(op)
    cls = type(op)
    api = cls.CPP.api
    dt = dtype_of(op, cx, op.dst)
    names = cls.SOURCES
    src_dt = dtype_of(op, cx, getattr(op, names[0]))
    axpy = isinstance(op, A.AxpyOp)
    if axpy:
        if (dt.name, src_dt.name) not in (("f16", "f16"), ("f32", "f32"), ("f32", "f16")):
            raise InvalidArgumentError(
                f"AscendC::Axpy takes (dst, src) elements (half, half), (float, float) or "
                f"(float, half), got ({dt.name}, {src_dt.name})", site)
        key = "f16>f32" if dt.name != src_dt.name else dt.name
    else:
        _check_elements(op, cx, dt, cls.ELEMENTS)
        key = dt.name
    fn = formula_function(cls.FORMULA)
    integer = dt.kind in ("int", "uint")
    if isinstance(op, A.PowerOp) and integer:
        fn = _int_power  # noqa: F811 - numpy's power refuses negative integer exponents
    scalar_slot = cx.slot(op.scalar) if hasattr(op, "scalar") else None
    width = dt.size if integer else 4
    srcs = [cx.slot(getattr(op, n)) for n in names]
    sd = cx.slot(op.dst)
    count = count_reader(op, cx, op.count(), srcs[0])
    scratch = Scratch(op, cx, api, key, dt.size)
    several = staged(cx, api, key)

    def f(R):
        c = R[0]
        c.t += pre
        d = R[sd]
        tensors = [R[s] for s in srcs]
        n = count(R)
        dlo, dhi = local_span(c, d, 0, n, site, "writes")
        spans = [local_span(c, t, 0, n, site, "reads") for t in tensors]
        if c.checking:
            check_align(c, d, site, "writes")
            for t in tensors:
                check_align(c, t, site, "reads")
        tmp_bytes = scratch.check(c, R, [(d, dlo, dhi)] + [
            (t, lo, hi) for t, (lo, hi) in zip(tensors, spans)])
        with np.errstate(all="ignore"):
            args = [t.dt.load(t.mem.bytes[lo:hi].view(t.dt.np)) for t, (lo, hi) in
                    zip(tensors, spans)]
            dview = d.mem.bytes[dlo:dhi].view(dt.np)
            if axpy:  # Muls then Add, each rounded to float
                prod = np.asarray(args[0], np.float32) * np.float32(R[scalar_slot])
                res = np.asarray(dt.load(dview), np.float32) + prod.astype(np.float32)
            elif integer:
                kw = {"s": R[scalar_slot]} if scalar_slot is not None else {}
                res = fn(*[a.astype(np.int64) for a in args], **kw)
            else:
                kw = {"s": float(R[scalar_slot])} if scalar_slot is not None else {}
                res = fn(*[np.asarray(a, np.float64) for a in args], **kw)
            dt.store(dview, np.asarray(res).astype(dt.np) if integer else res)
        san = c.san
        if san is not None:
            reads = [(t.mem, lo, hi) for t, (lo, hi) in zip(tensors, spans)]
            if axpy:
                reads.append((d.mem, dlo, dhi))
            record(san, site, reads, [scratch.span(R)], [(d.mem, dlo, dhi)], several)
        c.run(V, c.cost.library(api, key, n, width, tmp_bytes), c.cost.vector_latency, site)

    return f


@lowers(A.ExpOp)
def lower_exp(op, cx: Lowering):
    """`Exp<T, taylorExpandLevel>`: the Exp instruction at level 0, else the Taylor form."""
    pre = cx.take_pre()
    site = cx.site(op)
    dt = dtype_of(op, cx, op.dst)
    _check_elements(op, cx, dt, A.ExpOp.ELEMENTS)
    sd, ss, sl = cx.slot(op.dst), cx.slot(op.src), cx.slot(op.taylorExpandLevel)
    count = count_reader(op, cx, op.calCount, ss)
    scratch = Scratch(op, cx, "Exp", dt.name, dt.size)

    def f(R):
        c = R[0]
        c.t += pre
        d, s, n, level = R[sd], R[ss], count(R), int(R[sl])
        dlo, dhi = local_span(c, d, 0, n, site, "writes")
        slo, shi = local_span(c, s, 0, n, site, "reads")
        if c.checking:
            check_align(c, d, site, "writes")
            check_align(c, s, site, "reads")
        tmp_bytes = scratch.check(c, R, [(d, dlo, dhi), (s, slo, shi)]) if level else None
        src = np.asarray(s.dt.load(s.mem.bytes[slo:shi].view(s.dt.np)), np.float64)
        with np.errstate(all="ignore"):
            res = np.exp(src) if level == 0 else _taylor_exp(src, level)
            dt.store(d.mem.bytes[dlo:dhi].view(dt.np), res)
        san = c.san
        if san is not None:
            record(san, site, [(s.mem, slo, shi)], [scratch.span(R)] if level else [],
                   [(d.mem, dlo, dhi)], level > 0)
        if level == 0:
            cyc = c.cost.vector("Exp", c.cost.repeats(n * dt.size))
        else:
            cyc = c.cost.library("Exp", dt.name, n, 4, tmp_bytes,
                                 {"Mul": level - 1, "Muls": level - 1, "Add": level - 1})
        c.run(V, cyc, c.cost.vector_latency, site)

    return f


not_simulated(
    A.CumSumOp,
    "pyasc's ascendc.cumsum carries CumSumConfig's flags (lastAxis, reuseSource, "
    "outputLastRow) where Ascend C's CumSum needs CumSumInfo{outter, inner}: the shape of the "
    "sum is not in the IR",
)
