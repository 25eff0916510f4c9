"""The math, reduction, shape and cube functions of the tile language (asc2's names).

One `def` per function, many also `Tile` methods (`x.exp()`, `x.sum(1)`, `x.reshape(...)`),
bound by `@method`; see `ops.py` for the rest of the language.
"""

from __future__ import annotations

import math
from typing import Any


import ascdsl.dialects.asc as T
from ascdsl.dialects.asc import ReduceKind, TileLocation, TileType
from ascdsl.frontend import dtypes as dt

from ..errors import KernelLanguageError
from ..language._util import dtype_arg
from ..values import INTEGRAL, ConstExpr, IRValue, PlainValue, describe
from . import semantic as S
from .core import Tile
from .ops import method

# --- unary -------------------------------------------------------------------------------------


@method()
def exp(input: Any) -> Any:
    """Elementwise e ** x (of a float tile; of a scalar too)."""
    return S.unary("exp", input, T.ExpOp, math.exp)


@method()
def exp2(input: Any) -> Tile:
    """Elementwise 2 ** x."""
    return S.unary("exp2", input, T.Exp2Op, lambda x: 2.0**x)


@method()
def log(input: Any) -> Tile:
    """Elementwise natural logarithm."""
    return S.unary("log", input, T.LogOp, math.log)


@method()
def log2(input: Any) -> Tile:
    """Elementwise base-2 logarithm."""
    return S.unary("log2", input, T.Log2Op, math.log2)


@method()
def sqrt(input: Any) -> Any:
    """Elementwise square root (of a float tile; of a scalar too)."""
    return S.unary("sqrt", input, T.SqrtOp, math.sqrt)


@method()
def rsqrt(input: Any) -> Tile:
    """Elementwise 1 / sqrt(x)."""
    return S.unary("rsqrt", input, T.RsqrtOp, lambda x: 1.0 / math.sqrt(x))


@method()
def erf(input: Any) -> Any:
    """Elementwise error function (of a float tile; of a scalar too)."""
    return S.unary("erf", input, T.ErfOp, math.erf)


@method()
def tanh(input: Any) -> Tile:
    """Elementwise hyperbolic tangent."""
    return S.unary("tanh", input, T.TanhOp, math.tanh)


@method()
def sin(input: Any) -> Tile:
    """Elementwise sine."""
    return S.unary("sin", input, T.SinOp, math.sin)


@method()
def cos(input: Any) -> Tile:
    """Elementwise cosine."""
    return S.unary("cos", input, T.CosOp, math.cos)


@method()
def tan(input: Any) -> Tile:
    """Elementwise tangent."""
    return S.unary("tan", input, T.TanOp, math.tan)


@method()
def sinh(input: Any) -> Tile:
    """Elementwise hyperbolic sine."""
    return S.unary("sinh", input, T.SinhOp, math.sinh)


@method()
def cosh(input: Any) -> Tile:
    """Elementwise hyperbolic cosine."""
    return S.unary("cosh", input, T.CoshOp, math.cosh)


@method()
def floor(input: Any) -> Tile:
    """Elementwise rounding down."""
    return S.unary("floor", input, T.FloorOp, math.floor)


@method()
def ceil(input: Any) -> Tile:
    """Elementwise rounding up."""
    return S.unary("ceil", input, T.CeilOp, math.ceil)


@method("abs", "__abs__")  # builtin abs(tile) too, as docs/tile.md promises
def abs(input: Any) -> Tile:  # noqa: A001 - asc2's name
    """Elementwise absolute value."""
    return S.unary("abs", input, T.AbsOp, None)


@method()
def relu(input: Any) -> Tile:
    """Elementwise max(x, 0)."""
    return S.unary("relu", input, T.ReluOp, None)


@method("__neg__")
def negative(input: Any) -> Tile:
    """Elementwise -x."""
    return S.unary("negative", input, T.NegOp, None)


Tile.__pos__ = lambda self: self  # type: ignore[attr-defined]


@method()
def softmax(input: Any) -> Tile:
    """Softmax along the last dimension of a 1-d or 2-d float tile (each row on its own)."""
    t = S.check_tile(input, "softmax", "input")
    if t.dtype.name not in ("float16", "float32") or t.ndim > 2:
        raise KernelLanguageError(f"softmax(): takes 1-d or 2-d float16/float32 tiles, got "
                                  f"{t.describe()}")
    return S.tile_result(T.SoftmaxOp(t.value))


def rms_norm(input: Any, gamma: Any, epsilon: Any) -> Tile:
    """`x / sqrt(mean(x ** 2, last axis) + epsilon) * gamma` (gamma: one value per column)."""
    t = S.check_tile(input, "rms_norm", "input")
    g = S.check_tile(gamma, "rms_norm", "gamma")
    if t.dtype.name not in ("float16", "float32") or t.ndim > 2:
        raise KernelLanguageError(f"rms_norm(): takes 1-d or 2-d float16/float32 tiles, got "
                                  f"{t.describe()}")
    eps = S.scalar(epsilon, t.dtype)
    g = S.cast(g, t.dtype)
    return S.tile_result(T.RmsNormOp(t.value, g.value, eps.value))


# --- reductions --------------------------------------------------------------------------------


def _reduce(api: str, kind: ReduceKind, input: Any, dims: tuple, keep_dims: Any,
            to_scalar: bool) -> Any:
    t = S.check_tile(input, api, "input")
    dims = S.dims_arg(dims, api) if dims else ()
    keep = bool(ConstExpr.unwrap(keep_dims))
    if not dims:
        if not to_scalar:
            raise KernelLanguageError(f"{api}(): give the dimensions to reduce")
        op = S.insert(T.ReduceAs1dOp(kind, t.value))
        return PlainValue(op.results[0], t.dtype)
    norm = []
    for d in dims:
        if isinstance(d, IRValue) or not isinstance(d, INTEGRAL):
            raise KernelLanguageError(f"{api}(): dimensions are integers known at compile time, "
                                      f"got {describe(d)}")
        k = int(d) + t.ndim if int(d) < 0 else int(d)
        if not 0 <= k < t.ndim:
            raise KernelLanguageError(f"{api}(): dimension {d} is out of range for a rank-"
                                      f"{t.ndim} tile")
        norm.append(k)
    shape = T.reduced_shape(t.shape, norm, keep)
    if not shape:
        shape = [1]
        keep = True
        shape = T.reduced_shape(t.shape, norm, keep)
    ty = t.value.type
    assert isinstance(ty, TileType)
    return S.tile_result(T.ReduceOp(kind, t.value, sorted(set(norm)), ty.with_shape(shape)))


@method("sum")
def reduce_sum(input: Any, *dims: Any, keep_dims: Any = False) -> Any:
    """The sum over `dims` (dropped, or kept as 1 with keep_dims); over everything, as a
    scalar, without dims."""
    return _reduce("reduce_sum", ReduceKind.SUM, input, dims, keep_dims, True)


@method("max")
def reduce_max(input: Any, *dims: Any, keep_dims: Any = False) -> Any:
    """The maximum over `dims`, or of the whole tile as a scalar."""
    return _reduce("reduce_max", ReduceKind.MAX, input, dims, keep_dims, True)


@method("min")
def reduce_min(input: Any, *dims: Any, keep_dims: Any = False) -> Any:
    """The minimum over `dims`, or of the whole tile as a scalar."""
    return _reduce("reduce_min", ReduceKind.MIN, input, dims, keep_dims, True)


@method("prod")
def reduce_prod(input: Any, *dims: Any, keep_dims: Any = False) -> Tile:
    """The product over `dims` (asc2 has no product of a whole tile)."""
    return _reduce("reduce_prod", ReduceKind.PROD, input, dims, keep_dims, False)


# --- shapes ------------------------------------------------------------------------------------


@method()
def reshape(input: Any, *shape: Any) -> Tile:
    """The same elements (row-major) in another shape of the same size."""
    t = S.check_tile(input, "reshape", "input")
    shape = S.shape_arg(S.dims_arg(shape, "reshape"), "reshape")
    if math.prod(shape) != t.size:
        raise KernelLanguageError(f"reshape(): {list(t.shape)} has {t.size} elements, "
                                  f"{list(shape)} has {math.prod(shape)}")
    return S.reshape(t, shape)


@method()
def ravel(input: Any) -> Tile:
    """The tile as one dimension."""
    t = S.check_tile(input, "ravel", "input")
    return S.reshape(t, (t.size,))


@method()
def expand_dims(input: Any, *axis: Any) -> Tile:
    """The tile with size-1 dimensions inserted at `axis`."""
    t = S.check_tile(input, "expand_dims", "input")
    shape = list(t.shape)
    for ax in sorted(set(S.dims_arg(axis, "expand_dims"))):
        shape.insert(int(ax), 1)
    return S.reshape(t, tuple(shape))


@method()
def squeeze(input: Any, *axis: Any) -> Tile:
    """The tile without its size-1 dimensions (or only those in `axis`)."""
    t = S.check_tile(input, "squeeze", "input")
    if axis:
        axes = set(S.dims_arg(axis, "squeeze"))
    else:
        axes = {i for i, d in enumerate(t.shape) if d == 1}
    shape = []
    for i, d in enumerate(t.shape):
        if i not in axes:
            shape.append(d)
        elif d != 1:
            raise KernelLanguageError(f"squeeze(): dimension {i} has length {d}, not 1")
    return S.reshape(t, tuple(shape) or (1,))


@method()
def broadcast_to(input: Any, *shape: Any) -> Tile:
    """The tile repeated along its size-1 (and new leading) dimensions to `shape`."""
    t = S.check_tile(input, "broadcast_to", "input")
    shape = S.shape_arg(S.dims_arg(shape, "broadcast_to"), "broadcast_to")
    if not T.broadcastable(t.shape, shape):
        raise KernelLanguageError(f"broadcast_to(): cannot broadcast {list(t.shape)} to "
                                  f"{list(shape)}")
    return S.broadcast(t, shape)


@method()
def to(input: Any, dtype: Any) -> Tile:
    """The tile converted to `dtype` (floats to integers round toward zero)."""
    t = S.check_tile(input, "to", "input")
    return S.cast(t, S.tile_dtype(dtype_arg(dtype, "to"), "to"))


# --- cube --------------------------------------------------------------------------------------


def _matmul_operands(api: str, input: Any, other: Any) -> tuple[Tile, Tile]:
    a, b = S.check_tile(input, api, "input"), S.check_tile(other, api, "other")
    for t in (a, b):
        if t.ndim != 2 or t.dtype.name not in ("float16", "bfloat16", "float32"):
            raise KernelLanguageError(f"{api}(): takes 2-d float tiles, got {t.describe()}")
    if a.dtype != b.dtype:
        raise KernelLanguageError(f"{api}(): the tiles hold {a.dtype.name} and {b.dtype.name}")
    if a.shape[1] != b.shape[0]:
        raise KernelLanguageError(f"{api}(): shapes {list(a.shape)} and {list(b.shape)} do not "
                                  "multiply")
    return a, b


@method("__matmul__")
def matmul(input: Any, other: Any) -> Tile:
    """`input @ other` in float32, into a new L0C tile."""
    a, b = _matmul_operands("matmul", input, other)
    ty = TileType((a.shape[0], b.shape[1]), dt.float32.ir, TileLocation.L0C)
    return S.tile_result(T.MatmulOp(a.value, b.value, ty))


def matmul_acc(input: Any, other: Any, acc: Any) -> None:
    """`acc += input @ other` (acc: a float32 L0C tile from zeros_acc)."""
    a, b = _matmul_operands("matmul_acc", input, other)
    c = S.check_tile(acc, "matmul_acc", "acc")
    if c.shape != (a.shape[0], b.shape[1]) or c.dtype != dt.float32:
        raise KernelLanguageError(f"matmul_acc(): 'acc' must be a {a.shape[0]}x{b.shape[1]} "
                                  f"float32 tile, got {c.describe()}")
    S.insert(T.MatmulAccOp(a.value, b.value, c.value))
