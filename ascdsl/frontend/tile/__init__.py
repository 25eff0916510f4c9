"""The tile language (asc2's names and semantics): `from ascdsl import tile as asc2`.

    import ascdsl as asc
    from ascdsl import tile as asc2

    @asc2.jit
    def vadd(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, n: int,
             tile: asc.ConstExpr[int]):
        xt, yt, zt = asc2.tensor(x, [n]), asc2.tensor(y, [n]), asc2.tensor(z, [n])
        for i in range(asc2.block_idx() * tile, n, asc2.block_num() * tile, parallel=True):
            asc2.store(asc2.load(xt, [tile], offsets=[i]) + asc2.load(yt, [tile], offsets=[i]),
                       zt, offsets=[i])

A kernel says what happens to tiles; the compiler (`ascdsl.transforms.lower_asc_*`) chooses
buffers, queues, multi-buffering, vector repeat parameters and synchronization. See
docs/tile.md.
"""

from __future__ import annotations

from ascdsl.dialects.asc import TileLocation

from .core import Tensor, Tile, range
from .jit import TileJITFunction, jit
from .ops import (
    add,
    atomic_add,
    atomic_max,
    atomic_min,
    block_idx,
    block_num,
    concat,
    copy,
    div,
    equal,
    full,
    full_like,
    greater,
    greater_equal,
    left_shift,
    less,
    less_equal,
    load,
    mask,
    maximum,
    minimum,
    mul,
    not_equal,
    num_tiles,
    right_shift,
    store,
    sub,
    tensor,
    where,
    zeros,
    zeros_acc,
    zeros_like,
)
from .ops_math import (
    abs,
    broadcast_to,
    ceil,
    cos,
    cosh,
    erf,
    exp,
    exp2,
    expand_dims,
    floor,
    log,
    log2,
    matmul,
    matmul_acc,
    negative,
    ravel,
    reduce_max,
    reduce_min,
    reduce_prod,
    reduce_sum,
    relu,
    reshape,
    rms_norm,
    rsqrt,
    sin,
    sinh,
    softmax,
    sqrt,
    squeeze,
    tan,
    tanh,
)

__all__ = [
    "jit", "TileJITFunction", "Tile", "Tensor", "TileLocation", "range",
    "tensor", "load", "store", "copy", "block_idx", "block_num", "num_tiles",
    "atomic_add", "atomic_max", "atomic_min",
    "add", "sub", "mul", "div", "maximum", "minimum", "left_shift", "right_shift",
    "equal", "not_equal", "greater", "greater_equal", "less", "less_equal",
    "matmul", "matmul_acc",
    "full", "full_like", "zeros", "zeros_like", "zeros_acc", "concat",
    "broadcast_to", "expand_dims", "ravel", "reshape", "squeeze",
    "abs", "ceil", "cos", "cosh", "erf", "exp", "exp2", "floor", "log", "log2", "negative",
    "relu", "rms_norm", "rsqrt", "sin", "sinh", "softmax", "sqrt", "tan", "tanh",
    "mask", "where",
    "reduce_sum", "reduce_max", "reduce_min", "reduce_prod",
]
