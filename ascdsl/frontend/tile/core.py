"""The values of the tile language: `Tile` (on-chip, value semantics) and `Tensor` (GM).

A `Tile` wraps an SSA value of type `!asc.tile<shape x dtype, location>`; its Python operators
build `asc` ops through `ascdsl.frontend.tile.ops` (`x + y`, `x * 2.0`, `x >= 0`, `-x`,
`x @ y`). A `Tensor` wraps `!asc.tensor<...>`: a GM pointer seen as a row-major N-d array
whose dimensions may be runtime values.
"""

from __future__ import annotations

import builtins
import math
from typing import Any

from xdsl.dialects.builtin import DYNAMIC_INDEX
from xdsl.ir import SSAValue

from ascdsl.dialects.asc import DimOp, TensorType, TileLocation, TileType
from ascdsl.frontend import dtypes as dt

from ..builder import current
from ..dtypes import DataType
from ..errors import KernelLanguageError
from ..language._util import const_bool_arg, const_int_arg
from ..language.core import _RangeBase
from ..values import INTEGRAL, IRValue, PlainValue

__all__ = ["Tile", "Tensor", "TileLocation", "range"]


class Tile(IRValue):
    """A tile: a value of static `shape`, element type `dtype`, held at `location`.

    Tiles are made by `load`, `full`, `zeros`, ... and by operations on tiles; no operation
    changes a tile (`matmul_acc` accumulates into its `acc` argument, as in asc2).
    """

    __slots__ = ("dtype", "shape", "location")

    def __init__(self, value: SSAValue):
        super().__init__(value)
        t = value.type
        assert isinstance(t, TileType), t
        self.dtype: DataType = dt.from_ir(t.element_type)
        self.shape: tuple[int, ...] = t.shape
        self.location: TileLocation = t.location

    @property
    def size(self) -> int:
        """The number of elements."""
        return math.prod(self.shape)

    @property
    def ndim(self) -> int:
        return len(self.shape)

    def describe(self) -> str:
        dims = "x".join(str(d) for d in self.shape)
        return f"Tile({dims} {self.dtype.name}, {self.location.name})"

    def __repr__(self) -> str:
        return self.describe()

    # Operators: the functions of `ops` bind themselves here (`_bind_operators`).
    __hash__ = IRValue.__hash__


class RuntimeShape:
    """A tensor's shape: each entry an int (static) or an int32 runtime value (`asc.dim`)."""

    __slots__ = ("tensor", "dims")

    def __init__(self, tensor: Tensor, dims: tuple[int, ...]):
        self.tensor = tensor
        self.dims = dims

    def _index(self, i: Any) -> int:
        if isinstance(i, IRValue) or not isinstance(i, INTEGRAL):
            raise KernelLanguageError("a tensor's shape is indexed by an integer known at compile "
                                      f"time, got {i!r}")
        n = len(self.dims)
        k = int(i) + n if int(i) < 0 else int(i)
        if not 0 <= k < n:
            raise KernelLanguageError(f"shape index {i} is out of range for a rank-{n} tensor")
        return k

    def __getitem__(self, i: Any) -> Any:
        k = self._index(i)
        d = self.dims[k]
        if d != DYNAMIC_INDEX:
            return d
        op = current().insert(DimOp(self.tensor.value, k))
        return PlainValue(op.results[0], dt.int32)

    def __len__(self) -> int:
        return len(self.dims)

    def __iter__(self):
        return (self[i] for i in builtins.range(len(self.dims)))

    def is_static(self) -> bool:
        return all(d != DYNAMIC_INDEX for d in self.dims)

    def __repr__(self) -> str:
        return "(" + ", ".join("?" if d == DYNAMIC_INDEX else str(d) for d in self.dims) + ")"


class Tensor(IRValue):
    """An N-d array in GM (`asc2.tensor(ptr, shape)`): `dtype` and `shape` (ints and runtime
    int32 values)."""

    __slots__ = ("dtype",)

    def __init__(self, value: SSAValue):
        super().__init__(value)
        t = value.type
        assert isinstance(t, TensorType), t
        self.dtype: DataType = dt.from_ir(t.element_type)

    @property
    def shape(self) -> RuntimeShape:
        t = self.value.type
        assert isinstance(t, TensorType)
        return RuntimeShape(self, t.shape)

    @property
    def ndim(self) -> int:
        return len(self.value.type.shape)  # type: ignore[attr-defined]

    def describe(self) -> str:
        return f"Tensor({self.shape} {self.dtype.name})"

    def __repr__(self) -> str:
        return self.describe()


class range(_RangeBase):  # noqa: A001 - asc2's name
    """`for i in range(start, stop, step, unroll_factor=1, parallel=False)` in a tile kernel.

    In an `@ascdsl.tile.jit` kernel the builtin `range` is this one. `unroll_factor` asks the
    `lower-asc-unroll` pass to unroll the loop by that factor; `parallel=True` says the
    iterations are independent: their loads and stores may overlap (multi-buffering), and a
    parallel loop in a kernel that never asks for its block index is spread over the cores.
    """

    __slots__ = ("unroll_factor", "parallel")

    def __init__(self, *args: Any, unroll_factor: Any = 1, parallel: Any = False):
        super().__init__(*args)
        self.unroll_factor = const_int_arg(unroll_factor, "range", "unroll_factor")
        if self.unroll_factor < 1:
            raise KernelLanguageError(
                f"range(): the unroll factor must be 1 or greater, got {self.unroll_factor}"
            )
        self.parallel = const_bool_arg(parallel, "range", "parallel")
