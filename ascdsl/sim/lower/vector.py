"""Parameter structs and the vector families (the copies are in copy.py).

The elementwise families (binary, unary, vector-scalar, duplicate, cast) share one lowering,
driven by each op's declared facts: `WRITES`/`READS` name the tensor operands, `FORMULA` is the
numpy expression of one element (compiled once per op class into a numpy callable; a formula
that is a single ufunc call writes straight into the destination), `LEVEL` says how the op
addresses elements:

- L2: `count` contiguous elements; L3: the whole destination tensor;
- L0/L1: `repeat_times` repeats of 256 bytes with block/repeat strides and a mask (see
  ascdsl.sim.repeat). `isSetMask` writes the core's mask register; without it the op uses the
  mask left by an earlier op (L2 ops leave a full mask, as Ascend C's count-mode APIs do).
"""

from __future__ import annotations

import ast
from collections.abc import Callable

import numpy as np
from xdsl.ir import SSAValue

import ascdsl.dialects.ascendc as A
from ascdsl.dialects.ascendc.enums import RoundMode
from ascdsl.dialects.ascendc.types import ParamStructType

from ..casts import make_cast
from ..compiler import Lowering, lowers
from ..core import FULL_MASK
from ..cost import contiguous_operand
from ..dtypes import SimDType, f32_to_bf16, int_wrapper, scalar_converter
from ..errors import InvalidArgumentError
from ..repeat import (count_mask_problem, counter_count, elements_per_repeat, mask_operand, plan,
                      repeat_bits)
from ..sanitizer import V
from .common import check_align, dtype_of, local_span, sets_mask
from .reduce_repeat import count_sum

# --- formulas --------------------------------------------------------------------------------

_NS: dict = {name: getattr(np, name) for name in dir(np) if not name.startswith("_")}
_NS["__builtins__"] = {}
_BINOP_UFUNC = {ast.Add: np.add, ast.Sub: np.subtract, ast.Mult: np.multiply, ast.Div: np.divide}


def compile_formula(formula: str) -> Callable:
    """`"a + b"` -> `lambda a, b=None, s=None: a + b` over numpy arrays."""
    return eval(f"lambda a=None, b=None, s=None: ({formula})", _NS)  # noqa: S307 - our own table


def ufunc_form(formula: str) -> tuple[np.ufunc, tuple[str, ...]] | None:
    """(ufunc, argument names) when the formula is one ufunc applied to a, b, s."""
    try:
        node = ast.parse(formula, mode="eval").body
    except SyntaxError:
        return None
    if isinstance(node, ast.BinOp) and type(node.op) in _BINOP_UFUNC:
        args = (node.left, node.right)
        uf = _BINOP_UFUNC[type(node.op)]
    elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and not node.keywords:
        uf = getattr(np, node.func.id, None)
        args = tuple(node.args)
        if not isinstance(uf, np.ufunc) or uf.nin != len(args) or uf.nout != 1:
            return None
    else:
        return None
    if not all(isinstance(a, ast.Name) and a.id in ("a", "b", "s") for a in args):
        return None
    return uf, tuple(a.id for a in args)


def _sample(dt: SimDType) -> np.ndarray:
    return np.array([1, 2, 3, 4], dtype=dt.compute)


def _check_formula(op, cx: Lowering, calc, src_dts, sdt) -> None:
    """Run the formula once on tiny arrays, so an op undefined for its dtype fails at compile."""
    args = [_sample(d) for d in src_dts]
    s = sdt.np_scalar(1) if sdt is not None else None
    try:
        with np.errstate(all="ignore"):
            calc(*args, s=s) if s is not None else calc(*args)
    except (TypeError, ValueError) as e:
        names = ", ".join(d.name for d in src_dts) or (sdt.name if sdt else "?")
        raise cx.error(op, f"is not defined for {names} elements (numpy: {e})") from None


def _fast_ufunc(formula: str, dst: SimDType, src_dts, sdt) -> tuple | None:
    """The ufunc fast path, when it computes exactly what the formula does for these dtypes."""
    if formula is None or dst.is_bf16 or any(d.is_bf16 for d in src_dts):
        return None
    form = ufunc_form(formula)
    if form is None:
        return None
    uf, names = form
    try:
        samples = {"a": _sample(src_dts[0]) if src_dts else None,
                   "b": _sample(src_dts[1]) if len(src_dts) > 1 else None,
                   "s": sdt.np_scalar(1) if sdt is not None else None}
        out = np.empty(4, dtype=dst.np)
        with np.errstate(all="ignore"):
            uf(*(samples[n] for n in names), out=out)
            given = {k: v for k, v in samples.items() if v is not None}
            ref = np.asarray(compile_formula(formula)(**given))
        if ref.dtype != dst.np:
            return None
    except (TypeError, ValueError):
        return None
    return form


# --- parameter structs -----------------------------------------------------------------------

_CPP_FIELD = {
    "uint8_t": int_wrapper(8, False),
    "uint16_t": int_wrapper(16, False),
    "uint32_t": int_wrapper(32, False),
    "uint64_t": int_wrapper(64, False),
    "int8_t": int_wrapper(8, True),
    "int16_t": int_wrapper(16, True),
    "int32_t": int_wrapper(32, True),
    "int64_t": int_wrapper(64, True),
    "bool": lambda x: 1 if x else 0,
    # float members keep their fraction (int() here truncated AippDataTypeConvParams' half
    # dtcVar/dtcMin and the tiling structs' float members)
    "half": lambda x: float(np.float16(x)),
    "float": lambda x: float(np.float32(x)),
}


# Objects other modules model, by the constructed type's class (the Matmul object).
CONSTRUCT_LOWERINGS: dict[type, object] = {}


@lowers(A.ConstructOp)
def lower_construct(op, cx: Lowering):
    """A parameter struct is a tuple of its fields (defaults filled in, each value converted
    to the field's C++ type, as the constructor call would)."""
    t = op.result.type
    special = CONSTRUCT_LOWERINGS.get(type(t))
    if special is not None:
        return special(op, cx)  # type: ignore[operator]
    pre = cx.take_pre()
    if not isinstance(t, ParamStructType):
        raise cx.error(op, f"builds a {t}, which the simulator has no model of (parameter "
                           "structs only)")
    defaults = t.ctor_defaults(len(op.args))
    # The constructor this call takes (MmadParams' six-value one types unitFlag as uint8_t
    # where the eight-value one has isBias, a bool, at that place).
    field_types = t.ctor_cpp_types(len(op.args))
    # A field typed by a template parameter (None) keeps the value's own type.
    convs = [None if ft is None else _CPP_FIELD.get(ft, int) for ft in field_types
             ] or [int] * len(defaults)
    casts = []
    if op.types is not None:
        casts = [scalar_converter(ty) for ty in op.types.data]
    args = cx.slots(op.args)
    n = len(defaults)
    o = cx.slot(op.result)
    if len(args) > n:
        raise cx.error(op, f"builds a {t} from {len(args)} values; its constructors take at "
                           f"most {n}")
    # Each argument's conversion, composed once: a kernel builds its parameter structs in
    # its inner loops (LoadData2DParams per load, MmadParams per Mmad).
    steps = []
    for i, s in enumerate(args):
        cast = casts[i] if i < len(casts) else None
        conv = convs[i] if i < len(convs) else None
        if cast is None or getattr(conv, "wrap_bits", 65) <= getattr(cast, "wrap_bits", 0):
            steps.append((s, conv))
        elif conv is None:
            steps.append((s, cast))
        else:
            steps.append((s, lambda v, cast=cast, conv=conv: conv(cast(v))))
    rest = tuple(defaults[len(args):n])

    def f(R):
        R[0].t += pre
        R[o] = tuple([R[s] if fn is None else fn(R[s]) for s, fn in steps]) + rest

    return f


# --- elementwise families --------------------------------------------------------------------


def _stride_reader(op, cx: Lowering, names: list[str]):
    """R -> (block strides, repeat strides) of the named tensor operands, in that order."""
    params = getattr(op, "repeat_params", None)
    if params is not None:
        # CopyRepeatParams names the same strides dstStride, dstRepeatSize, ...
        aliases = getattr(params.type, "STRIDE_ALIASES", {})
        fields = [aliases.get(f, f) for f in params.type.field_names()]
        try:
            bi = [fields.index(f"{n}BlkStride") for n in names]
            ri = [fields.index(f"{n}RepStride") for n in names]
        except ValueError:
            raise cx.error(op, f"has repeat parameters {fields} that do not name its operands "
                               f"{names}") from None
        sp = cx.slot(params)

        def from_struct(R):
            p = R[sp]
            return tuple(p[i] for i in bi), tuple(p[i] for i in ri)

        return from_struct
    bs, rs = [], []
    for n in names:
        b = getattr(op, f"{n}_blk_stride", None) or getattr(op, f"{n}_block_stride", None)
        r = getattr(op, f"{n}_rep_stride", None) or getattr(op, f"{n}_repeat_stride", None)
        if b is None or r is None:
            raise cx.error(op, f"has no block/repeat stride operands for {n}")
        bs.append(cx.slot(b))
        rs.append(cx.slot(r))

    def from_operands(R):
        return tuple(R[x] for x in bs), tuple(R[x] for x in rs)

    return from_operands


def _views(c, tensors, counts, site):
    """Typed views of the first `counts[k]` elements of each tensor (checked)."""
    out = []
    for t, n, role in zip(tensors, counts, ("writes",) + ("reads",) * (len(tensors) - 1)):
        if n <= t.n:
            out.append(t.view[:n])
        else:
            lo, hi = local_span(c, t, 0, n, site, role)
            out.append(t.mem.bytes[lo:hi].view(t.dt.np))
    return out


def _compute_fn(calc, fast, ddt: SimDType, src_dts: list[SimDType]):
    """compute(dview, a, b, s): write the result over source views a, b (None when absent)."""
    if fast is not None:
        uf, names = fast
        call = ", ".join(names)
        return eval(f"lambda dv, a, b, s: uf({call}, out=dv)", {"uf": uf})  # noqa: S307
    store = ddt.store
    la = src_dts[0].load if src_dts else None
    lb = src_dts[1].load if len(src_dts) > 1 else None
    if lb is not None:
        return lambda dv, a, b, s: store(dv, calc(la(a), lb(b), s=s))
    if la is not None:
        return lambda dv, a, b, s: store(dv, calc(la(a), s=s))
    return lambda dv, a, b, s: store(dv, calc(s=s))


def _elementwise_contiguous(op, cx, pre, site, api, calc, fast, ddt, src_dts, sdt, sd, s_srcs,
                            ss, widest):
    """L2 (count elements) and L3 (the whole destination) forms."""
    compute = _compute_fn(calc, fast, ddt, src_dts)
    sn = cx.slot(op.count) if type(op).LEVEL == "l2" else None
    cost = cx.soc.cost
    issue = cost["vector_issue"]
    per_repeat = cx.soc.vector_cycles.get(api, cx.soc.vector_cycles.get("default", 1.0))
    lat = cost["vector_latency"]
    dsize = ddt.size
    sizes = [d.size for d in src_dts]
    sa = s_srcs[0] if s_srcs else None
    sb = s_srcs[1] if len(s_srcs) > 1 else None
    conv_s = sdt.np_scalar if sdt is not None else None
    size_a = sizes[0] if sizes else 0
    size_b = sizes[1] if len(sizes) > 1 else 0
    conflicts: dict[int, float] = {}  # UB bank conflicts by operand addresses and repeats

    def bank_conflicts(c, d, a, b, repeats: int) -> float:
        srcs = tuple(contiguous_operand(t.off, z, widest)
                     for t, z in ((a, size_a), (b, size_b)) if t is not None)
        return c.cost.ub_conflicts(contiguous_operand(d.off, dsize, widest), srcs, repeats)

    def slow(c, d, ts, n):
        if n < 0:
            raise InvalidArgumentError(f"processes {n} elements", site, core=c.block_idx)
        views = _views(c, [d, *ts], [n] * (1 + len(ts)), site)
        return views + [None] * (3 - len(views))

    def f(R):
        c = R[0]
        c.t += pre
        d = R[sd]
        a = R[sa] if sa is not None else None
        b = R[sb] if sb is not None else None
        n = R[sn] if sn is not None else d.n
        s = conv_s(R[ss]) if ss is not None else None
        if 0 <= n <= d.n and (a is None or n <= a.n) and (b is None or n <= b.n):
            # A whole tensor (the usual tile) is its cached view, no slice of it.
            dv = d.view if n == d.n else d.view[:n]
            av = (a.view if n == a.n else a.view[:n]) if a is not None else None
            bv = (b.view if n == b.n else b.view[:n]) if b is not None else None
        else:
            dv, av, bv = slow(c, d, [t for t in (a, b) if t is not None], n)
        if c.checking:
            if d.off & d.mem.align_mask:
                check_align(c, d, site, "writes")
            for t in (a, b):
                if t is not None and t.off & t.mem.align_mask:
                    check_align(c, t, site, "reads")
        compute(dv, av, bv, s)
        # the count API: counter mode, then normal mode with a full mask (the headers' L2)
        c.mask = FULL_MASK
        c.counter = False
        san = c.san
        if san is not None:
            k = san.begin(V)
            if a is not None:
                san.access(a.mem, a.off, a.off + n * sizes[0], False, V, k, site)
            if b is not None:
                san.access(b.mem, b.off, b.off + n * sizes[1], False, V, k, site)
            san.access(d.mem, d.off, d.off + n * dsize, True, V, k, site)
        repeats = (n * widest + 255) >> 8
        cyc = issue + repeats * per_repeat
        if a is not None:
            # UB addresses are < 2**18: one integer keys the operands and the repeats.
            key = (((d.off << 18 | a.off) << 18 | (b.off if b is not None else 0)) << 16
                   | repeats)
            extra = conflicts.get(key)
            if extra is None:
                extra = conflicts[key] = bank_conflicts(c, d, a, b, repeats)
            cyc += extra
        c.run(V, cyc, lat, site)

    return f


_ALL = (slice(None),)


def _repeat_parts(pl, rt, mask, per_repeat, d, ts, sizes, blk, rep):
    """Slices of the plan's indices to compute in turn: all at once, or repeat by repeat when
    a source shares bytes with dst but not element for element, or in place when repeats
    revisit elements. The hardware runs repeats in order, and the overlap rules
    (通用说明和约束.md) let Add/Sub/Mul/Max/Min/AddRelu/SubRelu read in a later repeat what an
    earlier one wrote to src1 (dstRepStride or src1RepStride 0: an accumulation)."""
    if rt < 2 and mask[0] != "counter":
        return _ALL
    dlo, dhi = d.off + pl.lo[0] * sizes[0], d.off + pl.hi[0] * sizes[0]
    revisits = pl.count > pl.hi[0] - pl.lo[0]
    for k, t in enumerate(ts, 1):
        if t.mem is not d.mem or t.off + pl.lo[k] * sizes[k] >= dhi:
            continue
        if t.off + pl.hi[k] * sizes[k] <= dlo:
            continue
        if revisits or (t.off, sizes[k], blk[k], rep[k]) != (d.off, sizes[0], blk[0], rep[0]):
            step = per_repeat if mask[0] == "counter" else pl.count // rt
            return [slice(i, i + step) for i in range(0, pl.count, step)]
    return _ALL


@lowers(A.BinaryOp, A.UnaryOp, A.VecScalarOp, A.DuplicateOp, A.CastOp)
def lower_elementwise(op, cx: Lowering, calc: Callable | None = None):
    """`calc` replaces the op's formula: the conversions whose element function is not a
    numpy expression (deq.py: the deq-scale register, MulCast's saturating cast)."""
    cls = type(op)
    if calc is None and isinstance(op, A.CastOp):
        pair = op.cast_pair()
        if pair is not None and pair.deq:  # vconv_deq: int32 -> half by the register
            from .deq import lower_deq_cast  # deq.py builds on this lowering

            return lower_deq_cast(op, cx)
    pre = cx.take_pre()
    site = cx.site(op)
    level = cls.LEVEL
    api = cls.CPP.api if cls.CPP is not None else cls.name
    src_names = list(cls.READS)
    srcs = [getattr(op, n) for n in src_names]
    ddt = dtype_of(op, cx, op.dst)
    src_dts = [dtype_of(op, cx, v) for v in srcs]
    scalar = getattr(op, "scalar", None)
    sdt = (src_dts[0] if src_dts else ddt) if scalar is not None else None
    if calc is not None:
        fast = None
    elif isinstance(op, A.CastOp):
        mode = RoundMode(op.enum_value("roundMode"))
        conv = make_cast(src_dts[0], ddt, mode)
        calc = lambda a, s=None: conv(a)  # noqa: E731
        fast = None
    else:
        if cls.FORMULA is None:
            raise cx.error(op, "has no FORMULA fact to compute with")
        calc = compile_formula(cls.FORMULA)
        _check_formula(op, cx, calc, src_dts, sdt)
        fast = _fast_ufunc(cls.FORMULA, ddt, src_dts, sdt) if level in ("l2", "l3") else None
    sizes = (ddt.size, *(d.size for d in src_dts))
    widest = max(sizes)
    sd = cx.slot(op.dst)
    s_srcs = cx.slots(srcs)
    ss = cx.slot(scalar) if scalar is not None else None
    store = ddt.store
    loads = [d.load for d in src_dts]

    if level in ("l2", "l3"):
        return _elementwise_contiguous(
            op, cx, pre, site, api, calc, fast, ddt, src_dts, sdt, sd, s_srcs, ss, widest
        )

    # L0 / L1: repeats, strides and a mask.
    per_repeat = elements_per_repeat(sizes)
    bits_mask = getattr(cls, "BITS_MASK", level == "l1")  # Copy's levels are the other way
    if bits_mask and per_repeat > 128:
        # dav_c220's headers give these instructions no 8-bit form (Duplicate, Copy, the
        # binary and unary ops: 16- and 32-bit types), so no 910B kernel has one to run
        raise cx.error(op, f"on 8-bit elements only has no form on {cx.soc.name}: its "
                           "instructions take 16- and 32-bit elements (the headers' type "
                           "checks), and a 128-bit mask would select half of a 256-element "
                           "repeat")
    strides = _stride_reader(op, cx, ["dst", *src_names])
    s_rt = cx.slot(op.repeat_times)
    m_rt = repeat_bits(op.repeat_times)
    s_mask = cx.slots(op.mask) if bits_mask else cx.slot(op.mask)
    set_mask = sets_mask(op)
    if isinstance(getattr(op, "isSetMask", None), SSAValue):  # Copy: a template constant
        set_mask = A.const_int(op.isSetMask) != 0

    def g(R):
        c = R[0]
        c.t += pre
        d = R[sd]
        ts = [R[x] for x in s_srcs]
        s = sdt.np_scalar(R[ss]) if ss is not None else None
        rt = R[s_rt] & m_rt
        blk, rep = strides(R)
        if set_mask:
            c.mask = mask = mask_operand(R, s_mask, bits_mask)
        else:
            mask = c.mask
        if c.counter:
            n = counter_count(mask, per_repeat)
            if n > d.mem.size:  # more elements than the memory has bytes
                why = ("this op's isSetMask wrote a normal-mode bit mask there; in counter mode "
                       "set the count with SetVectorMask<T, MaskMode::COUNTER>(n) and call the "
                       "op with isSetMask = false (MASK_PLACEHOLDER)" if set_mask else
                       f"more elements than the {d.mem.size}-byte {d.mem.name} holds")
                raise InvalidArgumentError(
                    f"runs in counter mode with {n} elements (the mask register's low word): "
                    f"{why}", site, core=c.block_idx)
            mask = ("counter", n)
            rt = -(-n // per_repeat)  # the hardware's repeats; repeatTimes is not used
        if min(blk + rep) < 0:
            raise InvalidArgumentError(
                f"has negative block/repeat strides {blk}/{rep}", site, core=c.block_idx
            )
        if c.checking:
            bad = []
            if not 0 <= rt <= 255 and mask[0] != "counter":
                bad.append(f"repeatTimes={rt} (0..255)")
            if problem := count_mask_problem(mask, per_repeat, f" for {widest}-byte elements"):
                bad.append(problem)
            if bad:
                c.finding(InvalidArgumentError("has " + ", ".join(bad), site))
            check_align(c, d, site, "writes")
            for t in ts:
                check_align(c, t, site, "reads")
        if rt > 0:
            pl = plan(sizes, blk, rep, max(rt, 0), mask)
            if pl.count:
                tensors = [d, *ts]
                views = []
                roles = ("writes",) + ("reads",) * len(ts)
                for t, lo, hi, role in zip(tensors, pl.lo, pl.hi, roles):
                    if hi <= t.n:
                        views.append(t.view)
                    else:
                        local_span(c, t, lo, hi - lo, site, role)
                        views.append(t.mem.typed(t.off, t.dt, hi))
                for part in _repeat_parts(pl, rt, mask, per_repeat, d, ts, sizes, blk, rep):
                    idx = [i[part] for i in pl.idx]
                    vals = calc(*(ld(v[i]) for ld, v, i in zip(loads, views[1:], idx[1:])), s=s)
                    if ddt.is_bf16:
                        vals = np.broadcast_to(np.asarray(vals, np.float32), idx[0].shape)
                        vals = f32_to_bf16(vals)
                    views[0][idx[0]] = vals
                san = c.san
                if san is not None:
                    k = san.begin(V)
                    for t, lo, hi in zip(ts, pl.lo[1:], pl.hi[1:]):
                        sz = t.dt.size
                        san.access(t.mem, t.off + lo * sz, t.off + hi * sz, False, V, k, site)
                    san.access(d.mem, d.off + pl.lo[0] * ddt.size, d.off + pl.hi[0] * ddt.size,
                               True, V, k, site)
        cost = c.cost
        extra = 0.0
        if rt > 0 and ts:
            nbs = [max(1, 8 * z // widest) for z in sizes]
            extra = cost.ub_conflicts(
                (d.off, nbs[0], rep[0], blk[0]),
                tuple((t.off, nb, rp, bk) for t, nb, rp, bk in zip(ts, nbs[1:], rep[1:], blk[1:])),
                rt)
        c.run(V, cost.vector(api, max(rt, 0), extra), cost.vector_latency, site)

    return g


# --- reductions ------------------------------------------------------------------------------


@lowers(A.ReduceL2Base)
def lower_reduce(op, cx: Lowering):
    """dst[0] = reduce(src[:count]); ReduceMax/Min with calIndex put the position of the
    (first) extremum in dst[1], as the bits of an unsigned integer of the element's size."""
    cls = type(op)
    pre = cx.take_pre()
    site = cx.site(op)
    api = cls.CPP.api if cls.CPP is not None else cls.name
    if cls.FORMULA is None:
        raise cx.error(op, "has no FORMULA fact to compute with")
    calc = compile_formula(cls.FORMULA)
    ddt = dtype_of(op, cx, op.dst)
    sdt = dtype_of(op, cx, op.src)
    _check_formula(op, cx, calc, [sdt], None)
    if isinstance(op, A.ReduceSumL2Op) and sdt.np in (np.float16, np.float32):
        calc = count_sum  # the hardware's order of additions, not numpy's pairwise sum
    index_dtype = {2: np.uint16, 4: np.uint32, 8: np.uint64}.get(ddt.size)
    sd, ss = cx.slot(op.dst), cx.slot(op.src)
    st, sn = cx.slot(op.shared_tmp_buffer), cx.slot(op.count)
    sci = cx.slot(op.cal_index) if getattr(op, "cal_index", None) is not None else None
    if sci is not None and index_dtype is None:
        raise cx.error(op, f"with calIndex on {ddt.name} elements is not simulated")

    def f(R):
        c = R[0]
        c.t += pre
        d, s, tmp, n = R[sd], R[ss], R[st], R[sn]
        if n <= 0:
            if c.checking:
                c.finding(InvalidArgumentError(f"reduces {n} elements (count must be > 0)", site))
            c.run(V, c.cost.vector_issue, c.cost.vector_latency, site)
            return
        with_index = sci is not None and bool(R[sci])
        slo, shi = local_span(c, s, 0, n, site, "reads")
        dlo, dhi = local_span(c, d, 0, 2 if with_index else 1, site, "writes")
        if c.checking:
            check_align(c, d, site, "writes")
            check_align(c, s, site, "reads")
            check_align(c, tmp, site, "uses as scratch")
        vals = sdt.load(s.mem.bytes[slo:shi].view(sdt.np))
        res = calc(vals)
        ddt.store(d.mem.bytes[dlo:dlo + ddt.size].view(ddt.np), res)
        if with_index:
            hits = np.flatnonzero(vals == res)
            pos = int(hits[0]) if hits.size else 0
            d.mem.bytes[dlo + ddt.size:dlo + 2 * ddt.size].view(index_dtype)[0] = pos
        # The API may use the scratch buffer for one partial result per repeat.
        scratch = min(-(-(c.cost.repeats(n * sdt.size) * sdt.size) // 32) * 32, tmp.n * tmp.dt.size)
        san = c.san
        if san is not None:
            k = san.begin(V)
            san.access(s.mem, slo, shi, False, V, k, site)
            san.access(tmp.mem, tmp.off, tmp.off + scratch, True, V, k, site)
            san.access(d.mem, dlo, dhi, True, V, k, site)
        c.mask = FULL_MASK
        c.run(V, c.cost.reduce(api, n, sdt.size), c.cost.vector_latency, site)

    return f
