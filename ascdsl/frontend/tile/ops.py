"""The functions of the tile language, with asc2's names, signatures and semantics: tensors,
memory, creation, arithmetic, comparisons, where and mask (math, reductions, shapes and the
cube are in `ops_math.py`).

Each is a plain `def` with a docstring; many are also `Tile` methods or operators
(`x.exp()`, `x + y`, `x.sum(1)`), bound by `@method`. They check their arguments, then build
`asc` ops through `semantic`.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import contextmanager
from typing import Any, TypeVar

from xdsl.ir import Block

import ascdsl.dialects.asc as T
from ascdsl.dialects.asc import CompareMode, TensorType, TileLocation, TileType
from ascdsl.frontend import dtypes as dt

from ..builder import current
from ..errors import KernelLanguageError
from ..language._util import dtype_arg
from ..language import get_block_idx, get_block_num
from ..values import INTEGRAL, ConstExpr, GlobalAddress, IRValue, PlainValue, describe
from . import semantic as S
from .core import Tensor, Tile

F = TypeVar("F", bound=Callable)


def method(*names: str, operator: bool = False) -> Callable[[F], F]:
    """Also make the function a `Tile` method (or operator) under `names` (default: its own).

    An operator returns NotImplemented for operands it does not take, so Python tries the
    reflected one.
    """

    def bind(fn: F) -> F:
        def as_operator(self, other):
            try:
                return fn(self, other)
            except KernelLanguageError as e:
                if "unsupported operand" in str(e):
                    return NotImplemented
                raise

        for name in names or (fn.__name__,):
            setattr(Tile, name, as_operator if operator else fn)
        return fn

    return bind


def _reflected(fn: Callable) -> Callable:
    def r(self, other):
        try:
            return fn(other, self)
        except KernelLanguageError as e:
            if "unsupported operand" in str(e):
                return NotImplemented
            raise

    return r


# --- tensors and programming model -------------------------------------------------------------


def tensor(base: Any, shape: Any) -> Tensor:
    """A GM array seen as an N-d row-major tensor.

    `base` is a GM pointer argument (`asc.GlobalAddress`); `shape` holds integers known at
    compile time (static dimensions) and runtime integers (dynamic ones).
    """
    base = ConstExpr.unwrap(base)
    if not isinstance(base, GlobalAddress):
        raise KernelLanguageError(f"tensor(): 'base' must be a GM pointer argument, got "
                                  f"{describe(base)}")
    shape = ConstExpr.unwrap(shape)
    if isinstance(shape, IRValue) or not hasattr(shape, "__iter__"):
        raise KernelLanguageError(f"tensor(): 'shape' must be a sequence, got {describe(shape)}")
    static: list[int] = []
    sizes = []
    for d in shape:
        d = ConstExpr.unwrap(d)
        if isinstance(d, PlainValue) and d.dtype.is_int():
            static.append(-1)
            sizes.append(d.cast(dt.int32).value)
        elif isinstance(d, INTEGRAL) and not isinstance(d, IRValue) and not isinstance(d, bool):
            if d < 0:
                raise KernelLanguageError(f"tensor(): dimensions must be >= 0, got {d}")
            static.append(int(d))
        else:
            raise KernelLanguageError(f"tensor(): dimensions must be integers, got {describe(d)}")
    if not static:
        raise KernelLanguageError("tensor(): 'shape' must have at least one dimension")
    S.tile_dtype(base.dtype, "tensor")
    op = S.insert(T.TensorOp(base.value, sizes, TensorType(static, base.dtype.ir)))
    return Tensor(op.results[0])


def block_idx() -> PlainValue:
    """The index of the core running this block, 0 .. block_num() - 1 (int32)."""
    return get_block_idx()


def block_num() -> PlainValue:
    """The number of cores the kernel was launched on (int32)."""
    return get_block_num()


def num_tiles(tensor: Any, axis: Any, shape: Any) -> Any:
    """How many tiles of `shape` cover the tensor along `axis` (the last one may be partial)."""
    t = S.check_tensor(tensor, "num_tiles", "tensor")
    shape = S.shape_arg(shape, "num_tiles")
    axis = ConstExpr.unwrap(axis)
    if len(shape) != t.ndim:
        raise KernelLanguageError("num_tiles(): the rank of 'shape' must match the tensor's")
    if isinstance(axis, IRValue) or not isinstance(axis, INTEGRAL) or not 0 <= axis < len(shape):
        raise KernelLanguageError(f"num_tiles(): axis {axis!r} is not a dimension of the tensor")
    dim = t.shape[int(axis)]
    return (dim + shape[int(axis)] - 1) // shape[int(axis)]


# --- memory ------------------------------------------------------------------------------------


def load(tensor: Any, shape: Any = None, *, tile_id: Any = None, offsets: Any = None,
         location: Any = TileLocation.UB, pad_value: Any = 0) -> Any:
    """A tile of `shape` read from the tensor, or one element when `shape` is not given.

    The tile starts at `offsets` (element coordinates) or at `tile_id` times `shape`.
    Elements outside the tensor are `pad_value` (0 by default). The last dimension of a
    multi-dimensional tile must be a multiple of 32 bytes.
    """
    t = S.check_tensor(tensor, "load", "tensor")
    if shape is None:
        if tile_id is not None or offsets is None:
            raise KernelLanguageError("load(): a scalar load takes 'offsets' (and no 'tile_id')")
        offs = S.offsets_for(t.ndim, (1,) * t.ndim, None, offsets, "load")
        op = S.insert(T.GetValueOp(t.value, [o.value for o in offs]))
        return PlainValue(op.results[0], t.dtype)
    shape = S.shape_arg(shape, "load")
    S.check_alignment(shape, t.dtype, "load")
    loc = S.location_arg(location, "load")
    if len(shape) != t.ndim:
        raise KernelLanguageError(
            f"load(): a rank-{len(shape)} tile from a rank-{t.ndim} tensor; the ranks must agree"
        )
    offs = S.offsets_for(t.ndim, shape, tile_id, offsets, "load")
    pad_value = ConstExpr.unwrap(pad_value)
    pad = None
    if isinstance(pad_value, PlainValue) or (pad_value is not None and pad_value != 0):
        pad = S.scalar(pad_value, t.dtype).value
    return S.tile_result(
        T.LoadOp(t.value, [o.value for o in offs], TileType(shape, t.dtype.ir, loc), pad)
    )


def store(value: Any, tensor: Any, *, tile_id: Any = None, offsets: Any = None) -> None:
    """Write a tile (or one scalar, with `offsets`) to the tensor.

    Elements of the tile that fall outside the tensor are not written.
    """
    t = S.check_tensor(tensor, "store", "tensor")
    value = ConstExpr.unwrap(value)
    if S.is_scalar(value):
        if tile_id is not None or offsets is None:
            raise KernelLanguageError("store(): a scalar store takes 'offsets' (and no 'tile_id')")
        offs = S.offsets_for(t.ndim, (1,) * t.ndim, None, offsets, "store")
        S.insert(T.SetValueOp(S.scalar(value, t.dtype).value, t.value, [o.value for o in offs]))
        return None
    v = S.check_tile(value, "store", "value")
    if v.ndim != t.ndim:
        raise KernelLanguageError(
            f"store(): a rank-{v.ndim} tile into a rank-{t.ndim} tensor; the ranks must agree"
        )
    S.check_alignment(v.shape, v.dtype, "store")
    offs = S.offsets_for(t.ndim, v.shape, tile_id, offsets, "store")
    if v.dtype != t.dtype and v.location is not TileLocation.UB:
        # the conversion is a vector instruction: the 'asc.cast' verifier named an op the user
        # never wrote
        raise KernelLanguageError(
            f"store(): a {v.describe()} into a {t.dtype.name} tensor; only UB tiles convert on "
            f"the way: store it into a {v.dtype.name} tensor"
        )
    v = S.cast(v, t.dtype)
    S.insert(T.StoreOp(v.value, t.value, [o.value for o in offs]))
    return None


def copy(tile: Any, shape: Any = None, *, offsets: Any = None,
         location: Any = TileLocation.UB) -> Tile:
    """A copy of the tile, or of its `shape` box at `offsets`, at `location`."""
    src = S.check_tile(tile, "copy", "tile")
    shape = src.shape if shape is None else S.shape_arg(shape, "copy")
    loc = S.location_arg(location, "copy")
    S.check_alignment(shape, src.dtype, "copy")
    if offsets is None:
        offsets = (0,) * src.ndim
    offs = S.int32_values(offsets, "copy", "offsets")
    if len(offs) != src.ndim or len(shape) != src.ndim:
        raise KernelLanguageError(f"copy(): a rank-{src.ndim} tile takes {src.ndim} offsets and "
                                  f"a rank-{src.ndim} shape")
    # A box past the tile's edge read other buffers' UB bytes (a simulator warning, garbage
    # results): refuse it when the offsets are known now.
    known = [ConstExpr.unwrap(o) for o in ConstExpr.unwrap(offsets)]
    for d, o in enumerate(known):
        if isinstance(o, INTEGRAL) and not 0 <= o <= src.shape[d] - shape[d]:
            raise KernelLanguageError(
                f"copy(): the box {list(shape)} at offset {o} of dimension {d} reaches past the "
                f"tile {src.describe()}")
    return S.tile_result(T.CopyOp(src.value, [o.value for o in offs],
                                  TileType(shape, src.dtype.ir, loc)))


def _atomic(api: str, kind: T.AtomicKind, tile: Any, tensor: Any, offsets: Any) -> None:
    v = S.check_tile(tile, api, "tile")
    t = S.check_tensor(tensor, api, "tensor")
    offs = S.offsets_for(t.ndim, v.shape, None, offsets, api)
    S.insert(T.AtomicRMWOp(kind, S.cast(v, t.dtype).value, t.value, [o.value for o in offs]))


def atomic_add(tile: Any, tensor: Any, offsets: Any) -> None:
    """tensor[box] += tile, atomically with respect to the other cores."""
    _atomic("atomic_add", T.AtomicKind.ADD, tile, tensor, offsets)


def atomic_max(tile: Any, tensor: Any, offsets: Any) -> None:
    """tensor[box] = maximum(tensor[box], tile), atomically."""
    _atomic("atomic_max", T.AtomicKind.MAX, tile, tensor, offsets)


def atomic_min(tile: Any, tensor: Any, offsets: Any) -> None:
    """tensor[box] = minimum(tensor[box], tile), atomically."""
    _atomic("atomic_min", T.AtomicKind.MIN, tile, tensor, offsets)


# --- creation ----------------------------------------------------------------------------------


def full(shape: Any, value: Any, dtype: Any = None, location: Any = TileLocation.UB) -> Tile:
    """A tile of `shape` with every element `value` (dtype: int32 for an int, float32 for a
    float, a runtime value's own type, unless given)."""
    shape = S.shape_arg(shape, "full")
    value = ConstExpr.unwrap(value)
    if not S.is_scalar(value):
        raise KernelLanguageError(f"full(): 'value' must be a scalar, got {describe(value)}")
    d = S.dtype_of(value) if dtype is None else dtype_arg(dtype, "full")
    return S.splat(value, shape, S.tile_dtype(d, "full"), S.location_arg(location, "full"))


def full_like(input: Any, value: Any, location: Any = TileLocation.UB) -> Tile:
    """A tile of `input`'s shape and type with every element `value`."""
    t = S.check_tile(input, "full_like", "input")
    return full(t.shape, value, t.dtype, location)


def zeros(shape: Any, dtype: Any = dt.int32, location: Any = TileLocation.UB) -> Tile:
    """A tile of zeros (int32 unless `dtype` says otherwise, as in asc2)."""
    return full(shape, 0, dtype, location)


def zeros_like(input: Any, location: Any = TileLocation.UB) -> Tile:
    """A tile of zeros of `input`'s shape and type."""
    t = S.check_tile(input, "zeros_like", "input")
    return full(t.shape, 0, t.dtype, location)


def zeros_acc(shape: Any, dtype: Any) -> Tile:
    """A zero matmul accumulator in L0C (for `matmul_acc`)."""
    shape = S.shape_arg(shape, "zeros_acc")
    d = dtype_arg(dtype, "zeros_acc")
    return S.tile_result(T.ZerosAccOp(TileType(shape, d.ir, TileLocation.L0C)))


def concat(*inputs: Any) -> Tile:
    """The tiles stacked along their first dimension."""
    tiles = [S.check_tile(x, "concat", f"input {i}") for i, x in enumerate(inputs)]
    if not tiles:
        raise KernelLanguageError("concat(): give at least one tile")
    first = tiles[0]
    for i, t in enumerate(tiles):
        if t.shape[1:] != first.shape[1:] or t.dtype != first.dtype:
            raise KernelLanguageError(
                f"concat(): input {i} is {t.describe()}; all tiles must have the same type and "
                "the same shape past the first dimension"
            )
    shape = (sum(t.shape[0] for t in tiles), *first.shape[1:])
    return S.tile_result(T.ConcatOp([t.value for t in tiles],
                                    TileType(shape, first.dtype.ir, first.location)))


# --- binary --------------------------------------------------------------------------------------


@method("__add__", operator=True)
def add(input: Any, other: Any) -> Tile:
    """Elementwise sum (tile or scalar on either side)."""
    return S.binary("add", input, other, T.AddOp, T.AddSOp, commutative=True)


@method("__sub__", operator=True)
def sub(input: Any, other: Any) -> Tile:
    """Elementwise difference."""
    return S.binary("sub", input, other, T.SubOp, T.SubSOp, commutative=False)


@method("__mul__", operator=True)
def mul(input: Any, other: Any) -> Tile:
    """Elementwise product."""
    return S.binary("mul", input, other, T.MulOp, T.MulSOp, commutative=True)


@method("__truediv__", "__floordiv__", operator=True)
def div(input: Any, other: Any) -> Tile:
    """Elementwise quotient (integer tiles divide toward zero)."""
    return S.binary("div", input, other, T.DivOp, T.DivSOp, commutative=False)


def maximum(input: Any, other: Any) -> Tile:
    """Elementwise maximum."""
    return S.binary("maximum", input, other, T.MaximumOp, T.MaxSOp, commutative=True)


def minimum(input: Any, other: Any) -> Tile:
    """Elementwise minimum."""
    return S.binary("minimum", input, other, T.MinimumOp, T.MinSOp, commutative=True)


def _shift(api: str, input: Any, other: Any, op: type) -> Tile:
    t = S.check_tile(input, api, "input")
    other = ConstExpr.unwrap(other)
    if not t.dtype.is_int():
        raise KernelLanguageError(f"{api}(): shifts integer tiles, got {t.describe()}")
    ok = (isinstance(other, PlainValue) and other.dtype.is_int()) or (
        isinstance(other, INTEGRAL) and not isinstance(other, IRValue) and other >= 0
    )
    if not ok:
        raise KernelLanguageError(f"{api}(): unsupported operand {describe(other)} (a "
                                  "non-negative integer shift count)")
    return S.tile_result(op(t.value, S.scalar(other, t.dtype).value))


@method("__lshift__", operator=True)
def left_shift(input: Any, other: Any) -> Tile:
    """Elementwise `input << other` on integer tiles (a scalar shift count)."""
    return _shift("left_shift", input, other, T.ShLSOp)


@method("__rshift__", operator=True)
def right_shift(input: Any, other: Any) -> Tile:
    """Elementwise arithmetic `input >> other` on integer tiles (a scalar shift count)."""
    return _shift("right_shift", input, other, T.ShRSOp)


Tile.__radd__ = _reflected(add)  # type: ignore[attr-defined]
Tile.__rsub__ = _reflected(sub)  # type: ignore[attr-defined]
Tile.__rmul__ = _reflected(mul)  # type: ignore[attr-defined]
Tile.__rtruediv__ = _reflected(div)  # type: ignore[attr-defined]


@method("__eq__", operator=True)
def equal(input: Any, other: Any) -> Tile:
    """An i1 mask: input == other."""
    return S.compare("equal", input, other, CompareMode.EQ)


@method("__ne__", operator=True)
def not_equal(input: Any, other: Any) -> Tile:
    """An i1 mask: input != other."""
    return S.compare("not_equal", input, other, CompareMode.NE)


@method("__gt__", operator=True)
def greater(input: Any, other: Any) -> Tile:
    """An i1 mask: input > other."""
    return S.compare("greater", input, other, CompareMode.GT)


@method("__ge__", operator=True)
def greater_equal(input: Any, other: Any) -> Tile:
    """An i1 mask: input >= other."""
    return S.compare("greater_equal", input, other, CompareMode.GE)


@method("__lt__", operator=True)
def less(input: Any, other: Any) -> Tile:
    """An i1 mask: input < other."""
    return S.compare("less", input, other, CompareMode.LT)


@method("__le__", operator=True)
def less_equal(input: Any, other: Any) -> Tile:
    """An i1 mask: input <= other."""
    return S.compare("less_equal", input, other, CompareMode.LE)


Tile.__hash__ = IRValue.__hash__  # defining __eq__ would drop it


def where(mask: Any, src0: Any, src1: Any) -> Tile:
    """src0 where the mask is set, src1 elsewhere (tiles or scalars; the three broadcast as
    numpy's where does)."""
    m = S.check_tile(mask, "where", "mask")
    if not m.dtype.is_bool():
        raise KernelLanguageError(f"where(): 'mask' must be a comparison's i1 tile, got "
                                  f"{m.describe()}")
    src0, src1 = ConstExpr.unwrap(src0), ConstExpr.unwrap(src1)
    d = S.common_dtype(src0, src1, "where")
    S.tile_dtype(d, "where")
    # The result has the shape all three broadcast to, not the mask's: a [1, C] mask selects
    # between [R, C] tiles (broadcasting the values to the mask refused them).
    shape = m.shape
    for v in (src0, src1):
        if isinstance(v, Tile):
            shape = S.broadcast_shapes(shape, v.shape, "where")
    a, b = S.as_tile(src0, d, shape), S.as_tile(src1, d, shape)
    return S.tile_result(T.SelectOp(S.broadcast(m, shape).value, a.value, b.value))


@contextmanager
def mask(*, count: Any = None, bits: Any = None, other: Any = None):
    """`with asc2.mask(count=n):` elementwise ops inside compute their first `n` elements;
    `bits=(high, low)` selects by a 128-bit mask applied to every 256-byte vector repeat.
    The other elements are `other` (0 without one). Tiles made inside are used inside.
    """
    b = current()
    other_v = None
    if other is not None:
        other_v = S.scalar(other, S.dtype_of(ConstExpr.unwrap(other))).value
    if (count is None) == (bits is None):
        raise KernelLanguageError("mask(): give exactly one of 'count' or 'bits'")
    if count is not None:
        op = T.CountMaskOp(S.scalar(count, dt.int64).value, other_v)
    else:
        words = list(ConstExpr.unwrap(bits))
        if len(words) != 2:
            raise KernelLanguageError(f"mask(): 'bits' takes two integers (high, low), got "
                                      f"{len(words)}")
        op = T.BitwiseMaskOp(S.scalar(words[0], dt.int64).value,
                             S.scalar(words[1], dt.int64).value, other_v)
    S.insert(op)
    block: Block = op.body.block
    with b.at_end_of(block):
        yield
        b.insert(T.YieldOp())
