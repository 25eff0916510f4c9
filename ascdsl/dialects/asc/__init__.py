"""The `asc` dialect: value-semantic tiles and GM tensors, the level above `ascendc`.

    from ascdsl.dialects.asc import Asc, TileType, TensorType, AddOp, LoadOp

A tile kernel (`ascdsl.tile`) says what happens to tiles; the `lower-asc-*` passes decide
buffers, queues, repeat parameters and synchronization, and produce `ascendc` IR.
The reference simulator runs `asc` IR directly (`ascdsl.sim.lower.asc`).
"""

from __future__ import annotations

from xdsl.ir import Dialect

from .base import AscTileOp, enum_prop, mask_type, tile_op
from .ops_cube import CUBE_OPS, MatmulAccOp, MatmulOp, ZerosAccOp
from .ops_elementwise import (
    BINARY_OPS,
    ELEMENTWISE_OPS,
    SCALAR_OPS,
    UNARY_OPS,
    AbsOp,
    AddOp,
    AddSOp,
    BinaryTileOp,
    CastOp,
    CeilOp,
    CmpOp,
    CmpSOp,
    CoshOp,
    CosOp,
    DivOp,
    DivSOp,
    ErfOp,
    Exp2Op,
    ExpOp,
    FloorOp,
    Log2Op,
    LogOp,
    MaximumOp,
    MaxSOp,
    MinimumOp,
    MinSOp,
    MulOp,
    MulSOp,
    NegOp,
    ReluOp,
    RsqrtOp,
    ScalarTileOp,
    SelectOp,
    ShLSOp,
    ShRSOp,
    SinhOp,
    SinOp,
    SplatOp,
    SqrtOp,
    SubOp,
    SubSOp,
    TanhOp,
    TanOp,
    UnaryTileOp,
)
from .ops_mask import MASK_OPS, BitwiseMaskOp, CountMaskOp, YieldOp
from .ops_memory import (
    MEMORY_OPS,
    AtomicRMWOp,
    CopyOp,
    DimOp,
    GetValueOp,
    LoadOp,
    SetValueOp,
    StoreOp,
    TensorOp,
)
from .ops_reduce import REDUCE_OPS, ReduceAs1dOp, ReduceOp, RmsNormOp, SoftmaxOp, reduced_shape
from .ops_shape import SHAPE_OPS, BroadcastOp, ConcatOp, ReshapeOp, broadcastable
from .types import (
    ALL_TYPES,
    TILE_ENUMS,
    AtomicKind,
    CompareMode,
    ReduceKind,
    TensorType,
    TileLocation,
    TileType,
)

# The table of contents: every op of the dialect, by group.
ALL_OPS: list[type[AscTileOp]] = [
    *MEMORY_OPS,  # tensor, dim, load, store, get/set_value, copy, atomic_rmw
    *ELEMENTWISE_OPS,  # tile-tile, tile-scalar, unary, cmp, cmps, select, cast, splat
    *SHAPE_OPS,  # reshape, broadcast, concat
    *REDUCE_OPS,  # reduce, reduce_as_1d, softmax, rms_norm
    *CUBE_OPS,  # zeros_acc, matmul, matmul_acc
    *MASK_OPS,  # count_mask, bitwise_mask, yield
]

Asc = Dialect("asc", ALL_OPS, ALL_TYPES)

__all__ = [
    "Asc",
    "ALL_OPS",
    "ALL_TYPES",
    "TILE_ENUMS",
    "AscTileOp",
    "tile_op",
    "enum_prop",
    "mask_type",
    "reduced_shape",
    "broadcastable",
    "TileType",
    "TensorType",
    "TileLocation",
    "CompareMode",
    "ReduceKind",
    "AtomicKind",
    "BinaryTileOp",
    "ScalarTileOp",
    "UnaryTileOp",
    "BINARY_OPS",
    "SCALAR_OPS",
    "UNARY_OPS",
    *[c.__name__ for c in ALL_OPS],
]
