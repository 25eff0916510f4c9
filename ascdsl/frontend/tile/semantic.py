"""Typing rules of the tile language and the IR they build (the language functions in
`ops.py` normalise their arguments and call these).

Rules (asc2's, with numpy broadcasting added):
- an operation on a tile and a scalar has the tile's element type: the scalar converts;
- two tiles of different element types meet in the wider one (the float one at equal width);
- two tiles of different shapes broadcast as numpy does (`asc.broadcast`); asc2 refuses them;
- a Python number next to a tile becomes a constant of the tile's type.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from xdsl.ir import Operation

import ascdsl.dialects.asc as T
from ascdsl.dialects.asc import TileLocation, TileType
from ascdsl.frontend import dtypes as dt

from ..builder import current
from ..dtypes import DataType
from ..errors import KernelLanguageError
from ..values import INTEGRAL, REAL, ConstExpr, IRValue, PlainValue, describe, materialize
from .core import Tensor, Tile

# Element types a tile may hold (asc2's), besides i1 masks.
TILE_DTYPES = ("float16", "bfloat16", "float32", "int8", "int16", "int32")
BLOCK_BYTES = 32


def insert(op: Operation) -> Operation:
    """Append `op` at the kernel's current line."""
    return current().insert(op)


def tile_result(op: Operation) -> Tile:
    return Tile(insert(op).results[0])


def is_scalar(v: Any) -> bool:
    """A number known now or a runtime scalar."""
    return isinstance(v, PlainValue) or (isinstance(v, REAL) and not isinstance(v, IRValue))


def check_tile(v: Any, api: str, arg: str) -> Tile:
    v = ConstExpr.unwrap(v)
    if not isinstance(v, Tile):
        raise KernelLanguageError(f"{api}(): '{arg}' must be a tile, got {describe(v)}")
    return v


def check_tensor(v: Any, api: str, arg: str) -> Tensor:
    v = ConstExpr.unwrap(v)
    if not isinstance(v, Tensor):
        raise KernelLanguageError(
            f"{api}(): '{arg}' must be a tensor made by asc2.tensor(ptr, shape), got {describe(v)}"
        )
    return v


def tile_dtype(d: DataType, api: str) -> DataType:
    if d.name not in TILE_DTYPES:
        raise KernelLanguageError(
            f"{api}(): tiles hold {', '.join(TILE_DTYPES)}; {d.name} is not one of them"
        )
    return d


def shape_arg(shape: Any, api: str, arg: str = "shape") -> tuple[int, ...]:
    """A tile shape: positive integers known at compile time."""
    shape = ConstExpr.unwrap(shape)
    if isinstance(shape, IRValue) or not hasattr(shape, "__iter__"):
        raise KernelLanguageError(f"{api}(): '{arg}' must be a sequence of integers, got "
                                  f"{describe(shape)}")
    out = []
    for d in shape:
        d = ConstExpr.unwrap(d)
        if isinstance(d, IRValue) or not isinstance(d, INTEGRAL) or isinstance(d, bool):
            raise KernelLanguageError(
                f"{api}(): tile shapes are known at compile time; '{arg}' holds {describe(d)}"
            )
        if d <= 0:
            raise KernelLanguageError(f"{api}(): all values in '{arg}' must be positive, got "
                                      f"{list(shape)}")
        out.append(int(d))
    if not out:
        raise KernelLanguageError(f"{api}(): '{arg}' must have at least one value")
    if math.prod(out) > _MAX_TILE_ELEMENTS:  # the lowering's i32 counts would overflow
        raise KernelLanguageError(f"{api}(): a tile of shape {out} has {math.prod(out)} "
                                  f"elements, more than {_MAX_TILE_ELEMENTS} (a tile lives in UB)")
    return tuple(out)


_MAX_TILE_ELEMENTS = (1 << 31) - 1


def dims_arg(dims: tuple, api: str) -> tuple[int, ...]:
    """`f(x, 1, 2)` and `f(x, [1, 2])` both give (1, 2)."""
    if len(dims) == 1 and not isinstance(ConstExpr.unwrap(dims[0]), INTEGRAL):
        dims = tuple(ConstExpr.unwrap(dims[0]))
    return tuple(ConstExpr.unwrap(d) for d in dims)


def check_alignment(shape: tuple[int, ...], dtype: DataType, api: str) -> None:
    """asc2's rule: the last dimension of a multi-dimensional tile fills whole 32-byte blocks."""
    size = dtype.sizeof()
    if len(shape) > 1 and (shape[-1] * size) % BLOCK_BYTES:
        raise KernelLanguageError(
            f"{api}(): the last dimension of a tile must be a multiple of 32 bytes, got "
            f"{shape[-1]} x {size} bytes"
        )


def location_arg(loc: Any, api: str) -> TileLocation:
    loc = ConstExpr.unwrap(loc)
    if isinstance(loc, TileLocation):
        return loc
    raise KernelLanguageError(f"{api}(): 'location' must be an asc2.TileLocation, got "
                              f"{describe(loc)}")


def int32_values(values: Any, api: str, arg: str) -> list[PlainValue]:
    values = ConstExpr.unwrap(values)
    if isinstance(values, IRValue) or not hasattr(values, "__iter__"):
        raise KernelLanguageError(f"{api}(): '{arg}' must be a sequence of integers, got "
                                  f"{describe(values)}")
    out = []
    for v in values:
        v = ConstExpr.unwrap(v)
        if isinstance(v, PlainValue) and v.dtype.is_int():
            out.append(v.cast(dt.int32))
        elif isinstance(v, INTEGRAL) and not isinstance(v, IRValue):
            out.append(materialize(int(v), dt.int32))
        else:
            raise KernelLanguageError(f"{api}(): '{arg}' must hold integers, got {describe(v)}")
    return out


# --- element types ---------------------------------------------------------------------------


def dtype_of(v: Any) -> DataType:
    if isinstance(v, Tile | PlainValue):
        return v.dtype
    if isinstance(v, bool):
        return dt.int1
    if isinstance(v, INTEGRAL):
        return dt.int32
    return dt.float32


def common_dtype(a: Any, b: Any, api: str) -> DataType:
    """The element type an operation on `a` and `b` computes in (asc2's infer_common_dtype)."""
    da, db = dtype_of(a), dtype_of(b)
    if da == db:
        return da
    if da.is_unsigned() or db.is_unsigned():
        raise KernelLanguageError(f"{api}(): unsigned operands are not supported, got {da.name} "
                                  f"and {db.name}")
    a_tile, b_tile = isinstance(a, Tile), isinstance(b, Tile)
    if a_tile != b_tile:
        return a.dtype if a_tile else b.dtype
    if da.is_float() == db.is_float():
        return da if da.bitwidth >= db.bitwidth else db
    if da.bitwidth == db.bitwidth:
        return da if da.is_float() else db
    raise KernelLanguageError(f"{api}(): no common element type for {da.name} and {db.name}")


def broadcast_shapes(a: tuple[int, ...], b: tuple[int, ...], api: str) -> tuple[int, ...]:
    n = max(len(a), len(b))
    pa, pb = (1,) * (n - len(a)) + a, (1,) * (n - len(b)) + b
    out = []
    for x, y in zip(pa, pb):
        if x != y and 1 not in (x, y):
            raise KernelLanguageError(f"{api}(): shapes {list(a)} and {list(b)} do not broadcast")
        out.append(max(x, y))
    return tuple(out)


# --- building tiles and scalars --------------------------------------------------------------


def scalar(v: Any, dtype: DataType) -> PlainValue:
    """A runtime scalar of `dtype` (a Python number becomes a constant)."""
    v = ConstExpr.unwrap(v)
    if isinstance(v, PlainValue):
        return v if v.dtype == dtype else v.cast(dtype)
    if dtype.is_int() and isinstance(v, float):
        v = int(v)  # asc2: the tile's type wins; a float next to an int tile truncates
    return materialize(v, dtype)


def cast(t: Tile, dtype: DataType) -> Tile:
    if t.dtype == dtype:
        return t
    if not dtype.is_bool():
        tile_dtype(dtype, "to")
    ty = t.value.type
    assert isinstance(ty, TileType)
    return tile_result(T.CastOp(t.value, ty.with_element(dtype.ir)))


def broadcast(t: Tile, shape: tuple[int, ...]) -> Tile:
    if t.shape == shape:
        return t
    ty = t.value.type
    assert isinstance(ty, TileType)
    if len(t.shape) < len(shape):
        t = reshape(t, (1,) * (len(shape) - len(t.shape)) + t.shape)
        ty = t.value.type
        if t.shape == shape:  # [C] to [1, C] is the reshape alone (no copy of the row)
            return t
    return tile_result(T.BroadcastOp(t.value, ty.with_shape(shape)))


def reshape(t: Tile, shape: tuple[int, ...]) -> Tile:
    if t.shape == shape:
        return t
    ty = t.value.type
    assert isinstance(ty, TileType)
    return tile_result(T.ReshapeOp(t.value, ty.with_shape(shape)))


def splat(v: Any, shape: tuple[int, ...], dtype: DataType,
          location: TileLocation = TileLocation.UB) -> Tile:
    s = scalar(v, dtype)
    return tile_result(T.SplatOp(s.value, TileType(shape, dtype.ir, location)))


def as_tile(v: Any, dtype: DataType, shape: tuple[int, ...]) -> Tile:
    """A tile of `dtype` and `shape` from a tile (cast, broadcast) or a scalar (splat)."""
    if isinstance(v, Tile):
        return broadcast(cast(v, dtype), shape)
    return splat(v, shape, dtype)


def binary(api: str, a: Any, b: Any, tile_op: type, scalar_op: type | None,
           commutative: bool) -> Tile:
    """`a <op> b` where at least one side is a tile."""
    a, b = ConstExpr.unwrap(a), ConstExpr.unwrap(b)
    for side in (a, b):
        if not (isinstance(side, Tile) or is_scalar(side)):
            raise KernelLanguageError(f"{api}(): unsupported operand {describe(side)}")
    if not isinstance(a, Tile) and not isinstance(b, Tile):
        raise KernelLanguageError(f"{api}(): at least one operand must be a tile, got "
                                  f"{describe(a)} and {describe(b)}")
    dtype = common_dtype(a, b, api)
    if scalar_op is not None:
        if isinstance(a, Tile) and not isinstance(b, Tile):
            return tile_result(scalar_op(cast(a, dtype).value, scalar(b, dtype).value))
        if commutative and isinstance(b, Tile) and not isinstance(a, Tile):
            return tile_result(scalar_op(cast(b, dtype).value, scalar(a, dtype).value))
    shape = broadcast_shapes(
        a.shape if isinstance(a, Tile) else (), b.shape if isinstance(b, Tile) else (), api
    )
    return tile_result(tile_op(as_tile(a, dtype, shape).value, as_tile(b, dtype, shape).value))


def compare(api: str, a: Any, b: Any, mode: T.CompareMode) -> Tile:
    a, b = ConstExpr.unwrap(a), ConstExpr.unwrap(b)
    if not isinstance(a, Tile) and not isinstance(b, Tile):
        raise KernelLanguageError(f"{api}(): at least one operand must be a tile")
    for side in (a, b):
        if not (isinstance(side, Tile) or is_scalar(side)):
            raise KernelLanguageError(f"{api}(): unsupported operand {describe(side)}")
    dtype = common_dtype(a, b, api)
    if not isinstance(b, Tile):
        return tile_result(T.CmpSOp(mode, cast(a, dtype).value, scalar(b, dtype).value))
    if not isinstance(a, Tile):
        return tile_result(T.CmpSOp(_SWAPPED[mode], cast(b, dtype).value, scalar(a, dtype).value))
    shape = broadcast_shapes(a.shape, b.shape, api)
    lhs, rhs = as_tile(a, dtype, shape), as_tile(b, dtype, shape)
    return tile_result(T.CmpOp(mode, lhs.value, rhs.value))


_SWAPPED = {
    T.CompareMode.LT: T.CompareMode.GT,
    T.CompareMode.GT: T.CompareMode.LT,
    T.CompareMode.LE: T.CompareMode.GE,
    T.CompareMode.GE: T.CompareMode.LE,
    T.CompareMode.EQ: T.CompareMode.EQ,
    T.CompareMode.NE: T.CompareMode.NE,
}


def unary(api: str, x: Any, tile_op: type, fold) -> Any:
    """A unary function of a tile (asc op), a runtime scalar (the op's SCALAR_MATH) or a
    number (folded)."""
    scalar_op = tile_op.SCALAR_MATH
    x = ConstExpr.unwrap(x)
    if isinstance(x, Tile):
        if tile_op.FLOAT_ONLY and not x.dtype.is_float():
            raise KernelLanguageError(f"{api}(): defined on float tiles, got {x.describe()}")
        return tile_result(tile_op(x.value))
    if scalar_op is not None and isinstance(x, PlainValue):
        v = x if x.dtype.is_float() else x.cast(dt.float32)
        return PlainValue(insert(scalar_op(v.value)).results[0], v.dtype)
    if fold is not None and isinstance(x, REAL) and not isinstance(x, IRValue):
        return fold(float(x))
    raise KernelLanguageError(f"{api}(): expected a tile, got {describe(x)}")


def offsets_for(tensor_rank: int, shape: Sequence[int], tile_id: Any, offsets: Any,
                api: str) -> list[PlainValue]:
    """Element offsets from `offsets`, or from `tile_id` (offset = tile_id * shape)."""
    if (tile_id is None) == (offsets is None):
        raise KernelLanguageError(f"{api}(): exactly one of 'tile_id' or 'offsets' must be given")
    if tile_id is not None:
        ids = int32_values(tile_id, api, "tile_id")
        if len(ids) != len(shape):
            raise KernelLanguageError(
                f"{api}(): 'tile_id' needs {len(shape)} values, got {len(ids)}"
            )
        values = [i * n for i, n in zip(ids, shape)]
    else:
        values = int32_values(offsets, api, "offsets")
    if len(values) != tensor_rank:
        raise KernelLanguageError(
            f"{api}(): the tensor has rank {tensor_rank} but {len(values)} offsets were given"
        )
    return values
