"""`lower-asc-scalar-math`: exp, log, sin, ... of a runtime scalar, computed by the vector unit.

    %e = math.exp %m : f32        ->   %t = asc.splat %m : f32 -> !asc.tile<[8], f32, ub>
                                       %u = asc.exp %t
                                       %e = asc.reduce_as_1d max %u

The AI core's scalar unit has no transcendental functions and Ascend C has them for
LocalTensors only (AscendC::Exp, Ln, Sin, ...), so a tile kernel's `asc2.exp(s)` of a runtime
scalar (a row maximum, a loaded value) has no Ascend C form as it stands. It is computed on
one 32-byte block instead: the scalar is broadcast into the block (Duplicate takes it from a
scalar register, so no scalar-to-vector sync is needed), the tile op runs on the block, and a
max reduction reads one value back. Every element of the block holds the same result, so
the maximum is that result exactly; insert-que-sync synchronizes its GetValue as it does for
any reduction to a scalar. The scalar functions the target prints itself (`sqrt`, `Rsqrt`,
`Floor`, `Ceil` in targets/ascendc/math_rules.py) are left alone.

Which math op goes with which tile op is the tile op's `SCALAR_MATH` fact (dialects/asc).
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import math as xmath
from xdsl.dialects.builtin import ModuleOp, f16, f32
from xdsl.ir import Operation
from xdsl.passes import ModulePass

import ascdsl.dialects.asc as T
from ascdsl.dialects.asc.types import byte_size

from .analysis import function_bodies

# The scalar unit computes these itself (math_rules prints them as scalar code).
_SCALAR_UNIT = (xmath.SqrtOp, xmath.RsqrtOp, xmath.FloorOp, xmath.CeilOp)
# The math op of one scalar -> the tile op that computes it on a block.
_VECTOR_FORM: dict[type[Operation], type[T.UnaryTileOp]] = {
    op.SCALAR_MATH: op for op in T.UNARY_OPS
    if op.SCALAR_MATH is not None and op.SCALAR_MATH not in _SCALAR_UNIT
}
_BLOCK_BYTES = 32


@dataclass(frozen=True)
class LowerAscScalarMathPass(ModulePass):
    """Compute transcendental functions of runtime scalars on one vector block."""

    name = "lower-asc-scalar-math"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for func in function_bodies(op):
            todo = [o for o in func.walk() if type(o) in _VECTOR_FORM
                    and o.results[0].type in (f16, f32)]
            for math_op in todo:
                _on_a_block(math_op)


def _on_a_block(op: Operation) -> None:
    elem = op.results[0].type
    block = T.TileType([_BLOCK_BYTES // byte_size(elem)], elem)
    splat = T.SplatOp(op.operands[0], block)
    fn = _VECTOR_FORM[type(op)](splat.result)
    back = T.ReduceAs1dOp(T.ReduceKind.MAX, fn.result)
    new = [splat, fn, back]
    for o in new:
        o.location = op.location
    parent = op.parent_block()
    assert parent is not None
    parent.insert_ops_before(new, op)
    op.results[0].replace_all_uses_with(back.result)
    op.detach()
    op.erase()
