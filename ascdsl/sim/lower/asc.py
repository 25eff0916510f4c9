"""The reference simulator of the `asc` tile dialect: tile kernels run as numpy programs.

`asc` IR runs on the same compiled-closure machinery as `ascendc` IR (func/scf/arith come
from the other lowering modules), with these meanings:

- a tile is a numpy array of its shape, holding values of its element type in the type's
  compute dtype (f16 in float16, bf16 in float32 rounded to bf16, i1 as bool); tiles are
  values: no op changes an array it did not make, except `matmul_acc` on its accumulator;
- a GM tensor is a pointer (the `GPtr` of a kernel argument) and its dimensions; `load` reads
  the tile's box at the offsets, elements outside the tensor are the pad value; `store`
  writes the elements inside the tensor; accesses past the GM argument itself are errors;
- elementwise ops compute their declared `FORMULA`, then round to the element type;
- inside a `count_mask` / `bitwise_mask` region, each tile an elementwise op makes keeps the
  computed value where the mask selects and `other` (0 without one) elsewhere.

The reference run is untimed: only scalar issue is counted. It is what the lowering passes
are checked against (same kernel, same inputs, both paths), and what runs ops that have no
lowering yet (matmul).
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np

import ascdsl.dialects.asc as T
from ascdsl.dialects.ascendc.enums import RoundMode
from ascdsl.dialects.asc.types import TileType, is_float

from ..casts import make_cast
from ..compiler import Lowering, lowers
from ..dtypes import SimDType, bf16_to_f32, f32_to_bf16, scalar_converter, sim_dtype
from ..errors import InvalidArgumentError, OutOfBoundsError

# --- values ----------------------------------------------------------------------------------


class TensorRef:
    """A GM tensor: the pointer it starts at, its dimensions and row-major strides."""

    __slots__ = ("ptr", "dims", "strides", "dt")

    def __init__(self, ptr, dims: list[int], dt: SimDType):
        self.ptr = ptr
        self.dims = dims
        self.dt = dt
        strides = [1] * len(dims)
        for k in range(len(dims) - 2, -1, -1):
            strides[k] = strides[k + 1] * dims[k + 1]
        self.strides = strides

    def box(self, offsets: list[int], shape: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray]:
        """(linear element index, inside-the-tensor mask) of each element of a tile's box."""
        lin = np.zeros(shape, dtype=np.int64)
        inside = np.ones(shape, dtype=bool)
        for k, (o, n) in enumerate(zip(offsets, shape)):
            idx = o + np.arange(n, dtype=np.int64)
            view = [1] * len(shape)
            view[k] = n
            idx = idx.reshape(view)
            lin = lin + idx * self.strides[k]
            inside = inside & (idx >= 0) & (idx < self.dims[k])
        return lin, inside


def _dtype(op, cx: Lowering, t) -> SimDType:
    elem = t.element_type if isinstance(t, TileType | T.TensorType) else t
    dt = sim_dtype(elem)
    if dt is None:
        raise cx.error(op, f"has elements of type {elem}, which the simulator cannot hold")
    return dt


def rounder(dt: SimDType) -> Callable[[np.ndarray], np.ndarray]:
    """Values (any numeric array) rounded to `dt`, as an array of its compute dtype."""
    if dt.is_bf16:
        return lambda v: bf16_to_f32(f32_to_bf16(np.asarray(v, dtype=np.float32)))
    if dt.kind == "bool":
        return lambda v: np.asarray(v, dtype=bool)
    npdt = dt.np
    return lambda v: np.asarray(v).astype(npdt, copy=False)


# Formulas are numpy expressions; numpy has no erf.
_NS: dict = {name: getattr(np, name) for name in dir(np) if not name.startswith("_")}
_NS["erf"] = np.vectorize(math.erf, otypes=[np.float64])
_NS["__builtins__"] = {}


def formula_fn(formula: str) -> Callable:
    """`"a + b"` -> a function of the arrays/scalar a, b, s."""
    return eval(f"lambda a=None, b=None, s=None: ({formula})", _NS)  # noqa: S307 - our facts


# --- masks -----------------------------------------------------------------------------------


def _mask_ctx(cx: Lowering):
    """The enclosing mask region: (make_selection(R, n, elem_size), other slot) or None."""
    return getattr(cx, "_asc_mask", None)


def _masked(op, cx: Lowering, compute: Callable, result_dt: SimDType, elem_size: int):
    """`compute(R)` with the enclosing region's mask applied to the tile it returns."""
    ctx = _mask_ctx(cx)
    if ctx is None:
        return compute
    select, s_other = ctx
    rnd = rounder(result_dt)

    def masked(R):
        v = compute(R)
        sel = select(R, v.size, elem_size).reshape(v.shape)
        other = R[s_other] if s_other is not None else 0
        return rnd(np.where(sel, v, other))

    return masked


@lowers(T.CountMaskOp, T.BitwiseMaskOp)
def lower_mask_region(op, cx: Lowering):
    if isinstance(op, T.CountMaskOp):
        sc = cx.slot(op.count)

        def select(R, n, size):
            return np.arange(n) < R[sc]
    else:
        sh, sl = cx.slot(op.high), cx.slot(op.low)

        def select(R, n, size):
            word = ((R[sh] & (2**64 - 1)) << 64) | (R[sl] & (2**64 - 1))
            per_repeat = 256 // size
            bits = np.array([(word >> e) & 1 for e in range(per_repeat)], dtype=bool)
            return bits[np.arange(n) % per_repeat]

    s_other = cx.slot(op.other) if op.other is not None else None
    saved = _mask_ctx(cx)
    cx._asc_mask = (select, s_other)  # type: ignore[attr-defined]
    try:
        body = cx.block(op.body.block)
    finally:
        cx._asc_mask = saved  # type: ignore[attr-defined]
    return body


@lowers(T.YieldOp)
def lower_yield(op, cx: Lowering):
    return None


# --- tensors, loads, stores ------------------------------------------------------------------


@lowers(T.TensorOp)
def lower_tensor(op, cx: Lowering):
    dt = _dtype(op, cx, op.result.type)
    sp = cx.slot(op.base)
    parts = [(None, cx.slot(d)) if not isinstance(d, int) else (d, None) for d in op.dims()]
    o = cx.slot(op.result)
    site = cx.site(op)

    def f(R):
        dims = [d if s is None else R[s] for d, s in parts]
        if any(d < 0 for d in dims):
            raise InvalidArgumentError(f"makes a tensor of negative shape {dims}", site,
                                       core=R[0].block_idx)
        R[o] = TensorRef(R[sp], dims, dt)

    return f


@lowers(T.DimOp)
def lower_dim(op, cx: Lowering):
    st, o, k = cx.slot(op.base), cx.slot(op.result), op.index.value.data

    def f(R):
        R[o] = R[st].dims[k]

    return f


def _gm_positions(c, t: TensorRef, lin: np.ndarray, site, role: str) -> np.ndarray:
    """Storage positions of linear tensor indices, checked against the GM argument."""
    buf = t.ptr.buf
    pos = t.ptr.off + lin
    if pos.size and (pos.min() < 0 or pos.max() >= buf.n):
        bad = int(pos.max() if pos.max() >= buf.n else pos.min())
        raise OutOfBoundsError(
            f"{role} element {bad} of GM argument '{buf.name}', which has {buf.n} elements: the "
            f"tensor's shape {t.dims} reaches past the array it was made from",
            site,
            core=c.block_idx,
        )
    return pos


@lowers(T.LoadOp)
def lower_load(op, cx: Lowering):
    tt = op.result.type
    shape = tt.shape
    dt = _dtype(op, cx, tt)
    st, so = cx.slot(op.base), cx.slots(op.offsets)
    sp = cx.slot(op.pad) if op.pad is not None else None
    o = cx.slot(op.result)
    site = cx.site(op)
    rnd = rounder(dt)

    def f(R):
        t = R[st]
        lin, inside = t.box([R[s] for s in so], shape)
        pos = _gm_positions(R[0], t, lin[inside], site, "reads")
        pad = R[sp] if sp is not None else 0
        out = np.full(shape, pad, dtype=dt.compute)
        out[inside] = dt.load(t.ptr.buf.arr[pos])
        R[o] = rnd(out)

    return f


@lowers(T.StoreOp, T.AtomicRMWOp)
def lower_store(op, cx: Lowering):
    dt = _dtype(op, cx, op.value.type)
    shape = op.value.type.shape
    sv, st, so = cx.slot(op.value), cx.slot(op.base), cx.slots(op.offsets)
    combine = None
    if isinstance(op, T.AtomicRMWOp):
        combine = formula_fn(op.enum_value("kind").formula)
    site = cx.site(op)

    def f(R):
        t = R[st]
        lin, inside = t.box([R[s] for s in so], shape)
        pos = _gm_positions(R[0], t, lin[inside], site, "writes")
        values = R[sv][inside]
        arr = t.ptr.buf.arr
        if combine is not None:
            values = combine(dt.load(arr[pos]), values)
        dt.store(_Scatter(arr, pos), values)

    return f


class _Scatter:
    """A write target for `SimDType.store` that scatters into positions of an array."""

    __slots__ = ("arr", "pos")

    def __init__(self, arr, pos):
        self.arr = arr
        self.pos = pos

    def __setitem__(self, key, values) -> None:
        self.arr[self.pos] = values


@lowers(T.GetValueOp)
def lower_get_value(op, cx: Lowering):
    dt = _dtype(op, cx, op.base.type)
    conv = scalar_converter(op.result.type)
    st, so, o = cx.slot(op.base), cx.slots(op.offsets), cx.slot(op.result)
    site = cx.site(op)

    def f(R):
        t = R[st]
        lin, inside = t.box([R[s] for s in so], (1,) * len(so))
        if not inside.all():
            raise OutOfBoundsError(f"reads element {[R[s] for s in so]} of a tensor of shape "
                                   f"{t.dims}", site, core=R[0].block_idx)
        pos = _gm_positions(R[0], t, lin.reshape(-1), site, "reads")
        R[o] = conv(dt.load(t.ptr.buf.arr[pos])[0].item())

    return f


@lowers(T.SetValueOp)
def lower_set_value(op, cx: Lowering):
    dt = _dtype(op, cx, op.base.type)
    sv, st, so = cx.slot(op.value), cx.slot(op.base), cx.slots(op.offsets)
    site = cx.site(op)

    def f(R):
        t = R[st]
        lin, inside = t.box([R[s] for s in so], (1,) * len(so))
        if not inside.all():
            raise OutOfBoundsError(f"writes element {[R[s] for s in so]} of a tensor of shape "
                                   f"{t.dims}", site, core=R[0].block_idx)
        pos = _gm_positions(R[0], t, lin.reshape(-1), site, "writes")
        dt.store(_Scatter(t.ptr.buf.arr, pos), np.array([R[sv]]))

    return f


@lowers(T.CopyOp)
def lower_copy(op, cx: Lowering):
    shape = op.result.type.shape
    src_shape = op.base.type.shape
    sb, so, o = cx.slot(op.base), cx.slots(op.offsets), cx.slot(op.result)
    site = cx.site(op)

    def f(R):
        offs = [R[s] for s in so]
        if any(x < 0 or x + n > m for x, n, m in zip(offs, shape, src_shape)):
            raise OutOfBoundsError(
                f"copies a {list(shape)} box at {offs} out of a {list(src_shape)} tile", site,
                core=R[0].block_idx,
            )
        R[o] = R[sb][tuple(slice(x, x + n) for x, n in zip(offs, shape))].copy()

    return f


# --- elementwise -----------------------------------------------------------------------------


@lowers(T.BinaryTileOp, T.ScalarTileOp, T.UnaryTileOp)
def lower_elementwise(op, cx: Lowering):
    cls = type(op)
    dt = _dtype(op, cx, op.result.type)
    calc = formula_fn(cls.FORMULA)
    rnd = rounder(dt)
    o = cx.slot(op.result)
    if isinstance(op, T.BinaryTileOp):
        sa, sb = cx.slot(op.lhs), cx.slot(op.rhs)
        compute = lambda R: rnd(calc(R[sa], R[sb]))  # noqa: E731
    elif isinstance(op, T.ScalarTileOp):
        sa, ss = cx.slot(op.base), cx.slot(op.value)
        to_np = dt.compute.type
        compute = lambda R: rnd(calc(R[sa], s=to_np(R[ss])))  # noqa: E731
    else:
        sa = cx.slot(op.operand)
        compute = lambda R: rnd(calc(R[sa]))  # noqa: E731
    if isinstance(op, T.DivOp | T.DivSOp) and not is_float(op.result.type.element_type):
        # Integer division truncates toward zero (numpy's `/` gives floats).
        compute = _int_division(op, sa, sb if isinstance(op, T.DivOp) else ss, dt)
    run = _masked(op, cx, compute, dt, dt.size)

    def f(R):
        with np.errstate(all="ignore"):
            R[o] = run(R)

    return f


def _int_division(op, sa: int, sb: int, dt: SimDType) -> Callable:
    def compute(R):
        a = np.asarray(R[sa], dtype=np.int64)
        b = np.asarray(R[sb], dtype=np.int64)
        q = np.where(b == 0, 0, np.abs(a) // np.where(b == 0, 1, np.abs(b)))
        return (q * np.sign(a) * np.sign(b)).astype(dt.np)

    return compute


@lowers(T.CmpOp, T.CmpSOp)
def lower_compare(op, cx: Lowering):
    calc = formula_fn(op.enum_value("mode").formula)
    o = cx.slot(op.result)
    src_t = (op.lhs if isinstance(op, T.CmpOp) else op.base).type
    src_dt = _dtype(op, cx, src_t)
    if isinstance(op, T.CmpOp):
        sa, sb = cx.slot(op.lhs), cx.slot(op.rhs)
        compute = lambda R: calc(R[sa], R[sb])  # noqa: E731
    else:
        sa, ss = cx.slot(op.base), cx.slot(op.value)
        to_np = src_dt.compute.type
        compute = lambda R: calc(R[sa], to_np(R[ss]))  # noqa: E731
    run = _masked(op, cx, compute, sim_dtype(op.result.type.element_type), src_dt.size)

    def f(R):
        R[o] = run(R)

    return f


@lowers(T.SelectOp)
def lower_select(op, cx: Lowering):
    dt = _dtype(op, cx, op.result.type)
    sm, sa, sb, o = cx.slot(op.mask), cx.slot(op.a), cx.slot(op.b), cx.slot(op.result)
    run = _masked(op, cx, lambda R: np.where(R[sm], R[sa], R[sb]), dt, dt.size)

    def f(R):
        R[o] = run(R)

    return f


# Float -> int casts truncate toward zero; float -> narrower float rounds to nearest.
def _cast_mode(src: SimDType, dst: SimDType) -> RoundMode:
    if src.kind == "float" and dst.kind != "float":
        return RoundMode.CAST_TRUNC
    if src.name == dst.name:
        return RoundMode.CAST_NONE  # a tile cast to its own type keeps the value
    return RoundMode.CAST_RINT


@lowers(T.CastOp)
def lower_cast(op, cx: Lowering):
    src, dst = _dtype(op, cx, op.operand.type), _dtype(op, cx, op.result.type)
    si, o = cx.slot(op.operand), cx.slot(op.result)
    if src.kind == "bool" or dst.kind == "bool":
        rnd = rounder(dst)
        if dst.kind == "bool":
            compute = lambda R: rnd(R[si] != 0)  # noqa: E731
        else:
            compute = lambda R: rnd(R[si].astype(dst.compute))  # noqa: E731
    else:
        conv = make_cast(src, dst, _cast_mode(src, dst))
        store_rnd = rounder(dst)

        def compute(R):
            # make_cast gives values (a bf16 result already on the bf16 grid, as f32), not
            # bit patterns: reading them as bits turned every cast to bf16 into garbage
            return store_rnd(conv(R[si]))

    run = _masked(op, cx, compute, dst, max(src.size, dst.size))

    def f(R):
        with np.errstate(all="ignore"):
            R[o] = run(R)

    return f


@lowers(T.SplatOp)
def lower_splat(op, cx: Lowering):
    t = op.result.type
    dt = _dtype(op, cx, t)
    rnd = rounder(dt)
    sv, o = cx.slot(op.value), cx.slot(op.result)
    shape = t.shape

    def f(R):
        R[o] = rnd(np.full(shape, R[sv], dtype=dt.compute))

    return f


# --- shapes ----------------------------------------------------------------------------------


@lowers(T.ReshapeOp)
def lower_reshape(op, cx: Lowering):
    si, o, shape = cx.slot(op.operand), cx.slot(op.result), op.result.type.shape

    def f(R):
        R[o] = R[si].reshape(shape)

    return f


@lowers(T.BroadcastOp)
def lower_broadcast(op, cx: Lowering):
    si, o, shape = cx.slot(op.operand), cx.slot(op.result), op.result.type.shape

    def f(R):
        R[o] = np.broadcast_to(R[si], shape).copy()

    return f


@lowers(T.ConcatOp)
def lower_concat(op, cx: Lowering):
    ins, o = cx.slots(op.inputs), cx.slot(op.result)

    def f(R):
        R[o] = np.concatenate([R[s] for s in ins], axis=0)

    return f


# --- reductions ------------------------------------------------------------------------------


@lowers(T.ReduceOp)
def lower_reduce(op, cx: Lowering):
    dt = _dtype(op, cx, op.result.type)
    fn = getattr(np, op.enum_value("kind").numpy)
    dims = tuple(op.reduced_dims())
    keep = op.keeps_dims()
    rnd = rounder(dt)
    si, o = cx.slot(op.operand), cx.slot(op.result)

    def f(R):
        with np.errstate(all="ignore"):
            R[o] = rnd(fn(R[si], axis=dims, keepdims=keep))

    return f


@lowers(T.ReduceAs1dOp)
def lower_reduce_as_1d(op, cx: Lowering):
    fn = getattr(np, op.enum_value("kind").numpy)
    conv = scalar_converter(op.result.type)
    si, o = cx.slot(op.operand), cx.slot(op.result)

    def f(R):
        with np.errstate(all="ignore"):
            R[o] = conv(fn(R[si]).item())

    return f


@lowers(T.SoftmaxOp)
def lower_softmax(op, cx: Lowering):
    dt = _dtype(op, cx, op.result.type)
    rnd = rounder(dt)
    si, o = cx.slot(op.operand), cx.slot(op.result)

    def f(R):
        x = R[si].astype(np.float32)
        e = np.exp(x - x.max(axis=-1, keepdims=True))
        R[o] = rnd(e / e.sum(axis=-1, keepdims=True))

    return f


@lowers(T.RmsNormOp)
def lower_rms_norm(op, cx: Lowering):
    dt = _dtype(op, cx, op.result.type)
    rnd = rounder(dt)
    si, sg, se, o = cx.slot(op.operand), cx.slot(op.gamma), cx.slot(op.epsilon), cx.slot(op.result)
    cols = op.operand.type.shape[-1]

    def f(R):
        x = R[si].astype(np.float32)
        ms = (x * x).mean(axis=-1, keepdims=True)
        g = R[sg].astype(np.float32).reshape(cols)
        R[o] = rnd(x / np.sqrt(ms + np.float32(R[se])) * g)

    return f


# --- cube ------------------------------------------------------------------------------------


@lowers(T.ZerosAccOp)
def lower_zeros_acc(op, cx: Lowering):
    t = op.result.type
    dt = _dtype(op, cx, t)
    o, shape = cx.slot(op.result), t.shape

    def f(R):
        R[o] = np.zeros(shape, dtype=dt.compute)

    return f


@lowers(T.MatmulOp)
def lower_matmul(op, cx: Lowering):
    sa, sb, o = cx.slot(op.a), cx.slot(op.b), cx.slot(op.result)

    def f(R):
        R[o] = R[sa].astype(np.float32) @ R[sb].astype(np.float32)

    return f


@lowers(T.MatmulAccOp)
def lower_matmul_acc(op, cx: Lowering):
    sa, sb, sc = cx.slot(op.a), cx.slot(op.b), cx.slot(op.acc)

    def f(R):
        acc = R[sc]
        acc += R[sa].astype(np.float32) @ R[sb].astype(np.float32)

    return f
