"""The compute lowerings of `lower-asc-vector`: elementwise ops, compare / select, casts and
splats, shapes, reductions, softmax and rms_norm (see that pass's docstring for the
decisions). Each registers for its asc op class with `@lowers`; the pass loads this module.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from xdsl.dialects import arith
from xdsl.dialects import math as xmath
from xdsl.dialects.builtin import BFloat16Type, Float16Type, Float32Type, IntegerType, f16, f32, i1
from xdsl.ir import Attribute, Operation, SSAValue

import ascdsl.dialects.asc as T
import ascdsl.dialects.ascendc as A
from ascdsl.diagnostics import PassError
from ascdsl.dialects.asc import TileType
from ascdsl.dialects.ascendc.types import BinaryRepeatParamsType, UnaryRepeatParamsType

from .lower_asc_vector import (
    NATIVE,
    TileLowering,
    element_count,
    element_name,
    lowers,
    new_buffer,
    padded,
    require_ub,
    tile_type,
)
from .vector_repeats import (
    BLOCK_BYTES,
    MASK_REPEATS,
    Emit,
    Strides,
    elem_bytes,
    per_repeat,
    whole_repeats,
)


# --- elementwise ---------------------------------------------------------------------------


def _native(op: Operation, t: Attribute, family: str) -> None:
    if element_name(t) not in NATIVE[family]:
        raise PassError(op, f"computes on {t} elements, which the 910B vector unit does not "
                            f"support for this operation ({', '.join(NATIVE[family])})")


def _bf16(t: Attribute) -> bool:
    return isinstance(t, BFloat16Type)


def _widen(em: Emit, buf: SSAValue, n: int) -> SSAValue:
    """A bf16 buffer cast to a new f32 buffer (exact)."""
    wide = em.buffer(n, f32)
    em.cast(wide, buf, A.RoundMode.CAST_NONE, n, 4, 2)
    return wide


def _narrow(em: Emit, dst: SSAValue, wide: SSAValue, n: int) -> None:
    em.cast(dst, wide, A.RoundMode.CAST_RINT, n, 2, 4)


def _scalar_as(em: Emit, s: SSAValue, t: Attribute) -> SSAValue:
    if s.type == t:
        return s
    if isinstance(s.type, BFloat16Type | Float16Type) and isinstance(t, Float32Type):
        return em.value(arith.ExtFOp(s, t))
    raise AssertionError(f"no conversion of {s.type} to {t}")


_BINARY: dict[type, tuple[type, str]] = {
    T.AddOp: (A.AddL0Op, "arith"),
    T.SubOp: (A.SubL0Op, "arith"),
    T.MulOp: (A.MulL0Op, "arith"),
    T.DivOp: (A.DivL0Op, "float"),
    T.MaximumOp: (A.MaxL0Op, "arith"),
    T.MinimumOp: (A.MinL0Op, "arith"),
}


@lowers(T.BinaryTileOp)
def _binary(lw: TileLowering, op: T.BinaryTileOp, em: Emit) -> None:
    cls, family = _BINARY[type(op)]
    require_ub(op, op.result)
    t, n = tile_type(op.result), element_count(op.result)
    dst = new_buffer(em, op.result)
    a, b = lw.buf(op.lhs), lw.buf(op.rhs)
    if _bf16(t.element_type):
        wa, wb = _widen(em, a, n), _widen(em, b, n)
        em.binary(cls, wa, wa, wb, n, 4)
        _narrow(em, dst, wa, n)
    else:
        _native(op, t.element_type, family)
        em.binary(cls, dst, a, b, n, elem_bytes(t.element_type))
    lw.set(op.result, dst)


def _negated(em: Emit, s: SSAValue) -> SSAValue:
    if isinstance(s.type, IntegerType):
        return em.value(arith.SubiOp(em.const(0, s.type), s))
    return em.value(arith.NegfOp(s))


def _reciprocal(op: Operation, em: Emit, s: SSAValue) -> SSAValue:
    if isinstance(s.type, IntegerType):
        raise PassError(op, "divides an integer tile by a scalar; the vector unit has no "
                            "integer division (divide as floats)")
    return em.value(arith.DivfOp(em.const(1.0, s.type), s))


# asc op -> (ascendc vector-scalar op, family, how the scalar is prepared)
_SCALAR: dict[type, tuple[type, str, Callable | None]] = {
    T.AddSOp: (A.AddsL0Op, "arith", None),
    T.SubSOp: (A.AddsL0Op, "arith", lambda op, em, s: _negated(em, s)),
    T.MulSOp: (A.MulsL0Op, "arith", None),
    T.DivSOp: (A.MulsL0Op, "arith", _reciprocal),
    T.MaxSOp: (A.MaxsL0Op, "arith", None),
    T.MinSOp: (A.MinsL0Op, "arith", None),
    T.ShLSOp: (A.ShiftLeftL0Op, "shift", None),
    T.ShRSOp: (A.ShiftRightL0Op, "shift", None),
}


@lowers(T.ScalarTileOp)
def _scalar_op(lw: TileLowering, op: T.ScalarTileOp, em: Emit) -> None:
    cls, family, prepare = _SCALAR[type(op)]
    require_ub(op, op.result)
    t, n = tile_type(op.result), element_count(op.result)
    dst = new_buffer(em, op.result)
    src = lw.buf(op.base)
    if _bf16(t.element_type):
        s = _scalar_as(em, op.value, f32)
        s = prepare(op, em, s) if prepare else s
        w = _widen(em, src, n)
        em.scalar(cls, w, w, s, n, 4)
        _narrow(em, dst, w, n)
    else:
        _native(op, t.element_type, family)
        s = prepare(op, em, op.value) if prepare else op.value
        em.scalar(cls, dst, src, s, n, elem_bytes(t.element_type))
    lw.set(op.result, dst)


# asc unary op -> steps on (dst, src): ("unary", cls) | ("muls", factor) | ("adds", c) |
# ("math", cls). Each step writes dst (the first reads src, later ones dst).
_UNARY: dict[type, list[tuple[str, object]]] = {
    T.ExpOp: [("unary", A.ExpL0Op)],
    T.LogOp: [("unary", A.LnL0Op)],
    T.SqrtOp: [("unary", A.SqrtL0Op)],
    T.RsqrtOp: [("unary", A.RsqrtL0Op)],
    T.AbsOp: [("unary", A.AbsL0Op)],
    T.ReluOp: [("unary", A.ReluL0Op)],
    T.NegOp: [("muls", -1)],
    T.Exp2Op: [("muls", math.log(2.0)), ("unary", A.ExpL0Op)],
    T.Log2Op: [("unary", A.LnL0Op), ("muls", 1.0 / math.log(2.0))],
    T.ErfOp: [("math", A.ErfOp)],
    T.TanhOp: [("math", A.TanhOp)],
    T.SinOp: [("math", A.SinOp)],
    T.CosOp: [("math", A.CosOp)],
    T.TanOp: [("math", A.TanOp)],
    T.SinhOp: [("math", A.SinhOp)],
    T.CoshOp: [("math", A.CoshOp)],
    T.FloorOp: [("math", A.FloorOp)],
    T.CeilOp: [("math", A.CeilOp)],
}


@lowers(T.UnaryTileOp)
def _unary(lw: TileLowering, op: T.UnaryTileOp, em: Emit) -> None:
    steps = _UNARY[type(op)]
    require_ub(op, op.result)
    t, n = tile_type(op.result), element_count(op.result)
    dst = new_buffer(em, op.result)
    src = lw.buf(op.operand)
    elem = t.element_type
    work_dst, work_src = dst, src
    if _bf16(elem):
        work_src = _widen(em, src, n)
        work_dst = work_src
        elem = f32
    family = "arith" if type(op) in (T.NegOp,) else "float"
    _native(op, elem, family)
    size = elem_bytes(elem)
    cur = work_src
    for kind, what in steps:
        if kind == "unary":
            em.unary(what, work_dst, cur, n, size)  # type: ignore[arg-type]
        elif kind == "muls":
            factor = em.const(what, elem)  # type: ignore[arg-type]
            em.scalar(A.MulsL0Op, work_dst, cur, factor, n, size)
        elif kind == "math":
            em.add(what(work_dst, cur, em.i32(n), em.const(0, i1)))  # type: ignore[operator]
        cur = work_dst
    if work_dst is not dst:
        _narrow(em, dst, work_dst, n)
    lw.set(op.result, dst)


# --- compare, select, cast, splat ------------------------------------------------------------


def _compare_sources(lw: TileLowering, em: Emit, op: Operation, src: SSAValue, n: int):
    """(buffer, element type) a comparison reads: bf16 widened to f32."""
    t = tile_type(src)
    buf = lw.buf(src)
    if _bf16(t.element_type):
        return _widen(em, buf, n), f32
    _native(op, t.element_type, "compare")
    return buf, t.element_type


@lowers(T.CmpOp)
def _cmp(lw: TileLowering, op: T.CmpOp, em: Emit) -> None:
    require_ub(op, op.lhs)
    n = element_count(op.lhs)
    a, elem = _compare_sources(lw, em, op, op.lhs, n)
    b, _ = _compare_sources(lw, em, op, op.rhs, n)
    dst = new_buffer(em, op.result)
    mode = op.enum_value("mode").cmp_mode
    p = em.state.params(BinaryRepeatParamsType, [Strides()] * 3)
    elems = per_repeat(elem_bytes(elem))
    em.repeated(whole_repeats(n, elems), elems, lambda f, m, r: A.CompareL0Op(
        em.at(dst, f // 8), em.at(a, f), em.at(b, f), mode, m, r, p), MASK_REPEATS)
    lw.set(op.result, dst)


@lowers(T.CmpSOp)
def _cmps(lw: TileLowering, op: T.CmpSOp, em: Emit) -> None:
    require_ub(op, op.base)
    n = element_count(op.base)
    a, elem = _compare_sources(lw, em, op, op.base, n)
    s = _scalar_as(em, op.value, elem)
    dst = new_buffer(em, op.result)
    mode = op.enum_value("mode").cmp_mode
    p = em.state.params(UnaryRepeatParamsType, [Strides()] * 2)
    elems = per_repeat(elem_bytes(elem))
    em.repeated(whole_repeats(n, elems), elems, lambda f, m, r: A.CompareScalarL0Op(
        em.at(dst, f // 8), em.at(a, f), s, mode, m, r, p), MASK_REPEATS)
    lw.set(op.result, dst)


@lowers(T.SelectOp)
def _select(lw: TileLowering, op: T.SelectOp, em: Emit) -> None:
    require_ub(op, op.result)
    t, n = tile_type(op.result), element_count(op.result)
    dst = new_buffer(em, op.result)
    a, b, mask = lw.buf(op.a), lw.buf(op.b), lw.buf(op.mask)
    elem = t.element_type
    if _bf16(elem):  # a selection copies bits: select the bf16 bits as f16
        dst_v, a, b = (em.reinterpret(t, f16) for t in (dst, a, b))
        elem = f16
    else:
        dst_v = dst
    _native(op, elem, "compare")
    p = em.state.params(BinaryRepeatParamsType, [Strides()] * 3)
    elems = per_repeat(elem_bytes(elem))
    em.repeated(whole_repeats(n, elems), elems, lambda f, m, r: A.SelectL0Op(
        em.at(dst_v, f), em.at(mask, f // 8), em.at(a, f), em.at(b, f), m, r, p), MASK_REPEATS)
    lw.set(op.result, dst)


_CAST_TYPES: dict[str, Attribute] = {
    "f16": f16, "f32": f32, "bf16": BFloat16Type(), "i8": IntegerType(8), "i16": IntegerType(16),
    "i32": IntegerType(32),
}


def _step_mode(a: str, b: str) -> A.RoundMode | None:
    """The round mode of a one-instruction a -> b cast with the tile language's meaning; None
    where the 910B has no such conversion (A.CastOp.PAIRS) or it is int32 -> half, whose
    vconv_deq scales by the SetDeqScale register."""
    pair = A.CastOp.PAIRS.get((a, b))
    if a == b or pair is None or pair.deq:
        return None
    if isinstance(_CAST_TYPES[b], IntegerType) and not isinstance(_CAST_TYPES[a], IntegerType):
        return A.RoundMode.CAST_TRUNC  # float to integer truncates (asc2)
    # The exact conversions (int8 -> half, int16 -> float ...) take CAST_NONE only; where the
    # result can be inexact, CAST_RINT says the nearest without leaning on CAST_NONE's meaning.
    return A.RoundMode.CAST_RINT if A.RoundMode.CAST_RINT in pair.modes else A.RoundMode.CAST_NONE


_CASTS: dict[tuple[str, str], A.RoundMode] = {
    (a, b): mode for a in _CAST_TYPES for b in _CAST_TYPES
    if (mode := _step_mode(a, b)) is not None
}
# Every other pair goes through these types, one _CASTS step each; the steps are exact for the
# values the result type holds (a float becomes an integer in its first integer step, which
# truncates; int8-range integers are exact in f16).
_CAST_VIA: dict[tuple[str, str], tuple[str, ...]] = {
    ("f16", "bf16"): ("f32",), ("bf16", "f16"): ("f32",), ("bf16", "i16"): ("f32",),
    ("bf16", "i8"): ("f32", "f16"), ("f32", "i8"): ("i16", "f16"), ("i8", "f32"): ("f16",),
    ("i8", "bf16"): ("f16", "f32"), ("i8", "i16"): ("f16",), ("i8", "i32"): ("f16",),
    ("i16", "bf16"): ("f32",), ("i16", "i32"): ("f32",), ("i16", "i8"): ("f16",),
    ("i32", "f16"): ("f32",), ("i32", "bf16"): ("f32",), ("i32", "i8"): ("i16", "f16"),
}


@lowers(T.CastOp)
def _cast(lw: TileLowering, op: T.CastOp, em: Emit) -> None:
    require_ub(op, op.operand)
    src_t, dst_t = tile_type(op.operand), tile_type(op.result)
    if i1 in (src_t.element_type, dst_t.element_type):
        raise PassError(op, "converts an i1 mask tile; masks feed asc.select (where) only")
    n = src_t.num_elements
    dst = new_buffer(em, op.result)
    pair = (element_name(src_t.element_type), element_name(dst_t.element_type))
    if pair not in _CASTS and pair not in _CAST_VIA:
        raise PassError(op, f"converts {pair[0]} to {pair[1]}, which the 910B vector unit "
                            "cannot do")
    names = (pair[0], *_CAST_VIA.get(pair, ()), pair[1])
    src = lw.buf(op.operand)
    for a, b in zip(names, names[1:]):
        step = dst if b == pair[1] else em.buffer(n, _CAST_TYPES[b])
        em.cast(step, src, _CASTS[a, b], n, elem_bytes(_CAST_TYPES[b]), elem_bytes(_CAST_TYPES[a]))
        src = step
    lw.set(op.result, dst)


@lowers(T.SplatOp)
def _splat(lw: TileLowering, op: T.SplatOp, em: Emit) -> None:
    require_ub(op, op.result)
    t, n = tile_type(op.result), element_count(op.result)
    dst = new_buffer(em, op.result)
    if _bf16(t.element_type):
        wide = em.buffer(n, f32)
        em.duplicate(wide, _scalar_as(em, op.value, f32), n, 4)
        _narrow(em, dst, wide, n)
    else:
        _native(op, t.element_type, "arith")
        em.duplicate(dst, op.value, n, elem_bytes(t.element_type))
    lw.set(op.result, dst)


# --- shapes ----------------------------------------------------------------------------------


@lowers(T.ReshapeOp)
def _reshape(lw: TileLowering, op: T.ReshapeOp, em: Emit) -> None:
    lw.set(op.result, lw.buf(op.operand))


@lowers(T.BroadcastOp)
def _broadcast(lw: TileLowering, op: T.BroadcastOp, em: Emit) -> None:
    require_ub(op, op.result)
    src_t, dst_t = tile_type(op.operand), tile_type(op.result)
    shape, dshape = src_t.shape, dst_t.shape
    elem = dst_t.element_type
    if elem == i1:  # masks are bits, 8 to a byte: no instruction copies them row by row
        raise PassError(op, f"broadcasts an i1 mask of shape {list(shape)} to {list(dshape)}; "
                            "compare tiles of the result's shape instead (broadcast the "
                            "compared tiles)")
    dst = new_buffer(em, op.result)
    src = lw.buf(op.operand)
    if src_t.num_elements == 1:
        value = em.value(A.LocalGetValueOp(src, em.i32(0)))
        _fill(op, em, dst, value, dst_t.num_elements, elem)
    elif len(dshape) == 2 and len(shape) == 2 and shape == (1, dshape[1]):
        _rows_from_row(op, em, dst, src, dshape, elem)
    elif len(dshape) == 2 and len(shape) == 2 and shape == (dshape[0], 1):
        cols = dshape[1]
        for r in range(dshape[0]):
            value = em.value(A.LocalGetValueOp(src, em.i32(r)))
            _fill(op, em, em.at(dst, r * cols), value, cols, elem)
    else:
        raise PassError(op, f"broadcasts {list(shape)} to {list(dshape)}; lowered are a single "
                            "value, a [1, C] row and an [R, 1] column to 2-d tiles")
    lw.set(op.result, dst)


def _fill(op: Operation, em: Emit, dst: SSAValue, value: SSAValue, n: int, elem: Attribute) -> None:
    if _bf16(elem):
        raise PassError(op, "broadcasts a bf16 value; compute the tile in f32 first")
    _native(op, elem, "arith")
    em.duplicate(dst, value, n, elem_bytes(elem))


def _rows_from_row(op: Operation, em: Emit, dst: SSAValue, row: SSAValue,
                   shape: tuple[int, ...], elem: Attribute) -> None:
    """Every row of dst = row: per repeat of the row, one Muls(x, 1) whose source repeat stride
    is 0 and destination repeat stride one row."""
    if _bf16(elem):
        raise PassError(op, "broadcasts a bf16 row; compute the tile in f32 first")
    _native(op, elem, "arith")
    rows, cols = shape
    size = elem_bytes(elem)
    row_blocks = cols * size // BLOCK_BYTES
    if row_blocks > 255:
        raise PassError(op, f"broadcasts rows of {cols * size} bytes; a repeat stride holds at "
                            "most 255 blocks (8160 bytes)")
    one = em.const(1, elem)
    elems = per_repeat(size)
    for first in range(0, cols, elems):
        mask = min(elems, cols - first)
        em.strided_scalar(A.MulsL0Op, em.at(dst, first), em.at(row, first), one, mask, rows,
                          Strides(1, row_blocks), Strides(1, 0))


@lowers(T.ConcatOp)
def _concat(lw: TileLowering, op: T.ConcatOp, em: Emit) -> None:
    require_ub(op, op.result)
    dst = new_buffer(em, op.result)
    first = 0
    for v in op.inputs:
        t = tile_type(v)
        if (t.nbytes % BLOCK_BYTES) or (first * elem_bytes(t.element_type)) % BLOCK_BYTES:
            raise PassError(op, f"concatenates a {t} whose bytes do not start and end on 32-byte "
                                "boundaries of the result")
        em.add(A.DataCopyL2Op(em.at(dst, first), lw.buf(v), em.i32(t.num_elements)))
        first += t.num_elements
    lw.set(op.result, dst)


# --- reductions ------------------------------------------------------------------------------

_REDUCE_ALL: dict[T.ReduceKind, type] = {
    T.ReduceKind.SUM: A.ReduceSumL2Op,
    T.ReduceKind.MAX: A.ReduceMaxL2Op,
    T.ReduceKind.MIN: A.ReduceMinL2Op,
}
_FOLD: dict[T.ReduceKind, type] = {
    T.ReduceKind.SUM: A.AddL0Op,
    T.ReduceKind.MAX: A.MaxL0Op,
    T.ReduceKind.MIN: A.MinL0Op,
    T.ReduceKind.PROD: A.MulL0Op,
}


@dataclass
class _Scratch:
    """The result and work buffers of ReduceSum/Max/Min, made once for a row loop."""

    out: SSAValue
    work: SSAValue


def _scratch(em: Emit, n: int, elem: Attribute) -> _Scratch:
    """One partial result per repeat of the source fits the work buffer."""
    repeats = -(-n // per_repeat(elem_bytes(elem)))
    return _Scratch(em.buffer(1, elem), em.buffer(max(repeats, 1), elem))


def _reduce_to_scalar(op: Operation, em: Emit, kind: T.ReduceKind, src: SSAValue, n: int,
                      elem: Attribute, scratch: _Scratch | None = None) -> SSAValue:
    """ReduceSum/Max/Min of n elements, then GetValue: the result as a scalar."""
    _native(op, elem, "float")
    cls = _REDUCE_ALL.get(kind)
    if cls is None:
        raise PassError(op, f"reduces with {kind.keyword} along the last axis, which has no "
                            "Ascend C reduction (the reference simulator runs it)")
    s = scratch or _scratch(em, n, elem)
    if cls is A.ReduceSumL2Op:
        em.add(cls(s.out, src, s.work, em.i32(n)))
    else:
        em.add(cls(s.out, src, s.work, em.i32(n), em.const(0, i1)))
    return em.value(A.LocalGetValueOp(s.out, em.i32(0)))


@lowers(T.ReduceAs1dOp)
def _reduce_as_1d(lw: TileLowering, op: T.ReduceAs1dOp, em: Emit) -> None:
    require_ub(op, op.operand)
    t = tile_type(op.operand)
    n, src, elem = t.num_elements, lw.buf(op.operand), t.element_type
    if _bf16(elem):
        src, elem = _widen(em, src, n), f32
    value = _reduce_to_scalar(op, em, op.enum_value("kind"), src, n, elem)
    if value.type != op.result.type:
        value = em.value(arith.TruncFOp(value, op.result.type))
    lw.values[op.result] = value


@lowers(T.ReduceOp)
def _reduce(lw: TileLowering, op: T.ReduceOp, em: Emit) -> None:
    require_ub(op, op.operand)
    t = tile_type(op.operand)
    kind = op.enum_value("kind")
    dims = op.reduced_dims()
    elem, size = t.element_type, elem_bytes(t.element_type)
    if _bf16(elem):
        raise PassError(op, "reduces a bf16 tile; cast it to f32 first (asc2: tile.to(float32))")
    src = lw.buf(op.operand)
    dst = new_buffer(em, op.result)
    shape = t.shape
    if len(shape) > 2:
        raise PassError(op, f"reduces a rank-{len(shape)} tile; 1-d and 2-d tiles are lowered")
    rows, cols = (1, shape[0]) if len(shape) == 1 else shape
    if len(shape) == 1 or sorted(dims) == [0, 1]:
        value = _reduce_to_scalar(op, em, kind, src, t.num_elements, elem)
        em.add(A.LocalSetValueOp(dst, em.i32(0), value))
    elif dims == [1]:
        scratch = _scratch(em, cols, elem)
        for r in range(rows):
            value = _reduce_to_scalar(op, em, kind, em.at(src, r * cols), cols, elem, scratch)
            em.add(A.LocalSetValueOp(dst, em.i32(r), value))
    else:  # dims == [0]: fold the rows with binary instructions
        _native(op, elem, "arith")
        if rows == 1:
            em.add(A.DataCopyL2Op(dst, src, em.i32(padded(tile_type(op.result)))))
        else:
            em.binary(_FOLD[kind], dst, src, em.at(src, cols), cols, size)
            for r in range(2, rows):
                em.binary(_FOLD[kind], dst, dst, em.at(src, r * cols), cols, size)
    lw.set(op.result, dst)


def _rows_of(t: TileType) -> tuple[int, int]:
    return (1, t.shape[0]) if t.rank == 1 else (t.shape[0], t.shape[1])


@lowers(T.SoftmaxOp)
def _softmax(lw: TileLowering, op: T.SoftmaxOp, em: Emit) -> None:
    """Per row: m = max(x); e = exp(x - m) in a scratch row; y = e * (1 / sum(e))."""
    require_ub(op, op.operand)
    t = tile_type(op.operand)
    elem = t.element_type
    _native(op, elem, "float")
    size = elem_bytes(elem)
    rows, cols = _rows_of(t)
    src, dst = lw.buf(op.operand), new_buffer(em, op.result)
    e = em.buffer(cols, elem)
    scratch = _scratch(em, cols, elem)
    for r in range(rows):
        x, y = em.at(src, r * cols), em.at(dst, r * cols)
        m = _reduce_to_scalar(op, em, T.ReduceKind.MAX, x, cols, elem, scratch)
        em.scalar(A.AddsL0Op, e, x, em.value(arith.NegfOp(m)), cols, size)
        em.unary(A.ExpL0Op, e, e, cols, size)
        s = _reduce_to_scalar(op, em, T.ReduceKind.SUM, e, cols, elem, scratch)
        inv = em.value(arith.DivfOp(em.const(1.0, elem), s))
        em.scalar(A.MulsL0Op, y, e, inv, cols, size)
    lw.set(op.result, dst)


@lowers(T.RmsNormOp)
def _rms_norm(lw: TileLowering, op: T.RmsNormOp, em: Emit) -> None:
    """Per row: r = 1 / sqrt(sum(x * x) / C + eps); y = x * r * gamma."""
    require_ub(op, op.operand, op.gamma)
    t = tile_type(op.operand)
    elem = t.element_type
    _native(op, elem, "float")
    size = elem_bytes(elem)
    rows, cols = _rows_of(t)
    src, dst, gamma = lw.buf(op.operand), new_buffer(em, op.result), lw.buf(op.gamma)
    square = em.buffer(cols, elem)
    scratch = _scratch(em, cols, elem)
    inv_cols = em.const(1.0 / cols, elem)
    for r in range(rows):
        x, y = em.at(src, r * cols), em.at(dst, r * cols)
        em.binary(A.MulL0Op, square, x, x, cols, size)
        s = _reduce_to_scalar(op, em, T.ReduceKind.SUM, square, cols, elem, scratch)
        mean = em.value(arith.MulfOp(s, inv_cols))
        root = em.value(xmath.SqrtOp(em.value(arith.AddfOp(mean, op.epsilon))))
        inv = em.value(arith.DivfOp(em.const(1.0, elem), root))
        em.scalar(A.MulsL0Op, y, x, inv, cols, size)
        em.binary(A.MulL0Op, y, y, gamma, cols, size)
    lw.set(op.result, dst)
