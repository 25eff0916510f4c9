"""`lower-asc-parallel`: spread the parallel loops of a kernel over the cores of its launch.

A tile kernel that never asks for its block index or the number of blocks (`block_idx()`,
`block_num()`) does the same work on every core it runs on. In such a kernel, each outermost
`scf.for` marked `asc.parallel` (`range(..., parallel=True)`: independent iterations) is
split cyclically over the cores:

    for i in range(lb, ub, step)  ->  for i in range(lb + block_idx * step, ub, step * block_num)

so that each iteration runs once in the whole launch. A kernel that reads its block index
distributes its work itself and is left alone (asc2 kernels do: `range(block_idx(), n,
block_num(), parallel=True)`). The pass is idempotent: the loops it rewrites read the block
index.

A loop whose body accumulates into a tile made outside it (`matmul_acc` into a `zeros_acc`)
is a reduction, whatever its hint says: its iterations add into one accumulator, so it stays
on one core.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import IndexType, ModuleOp, i32
from xdsl.ir import Operation, SSAValue
from xdsl.passes import ModulePass

import ascdsl.dialects.asc as T
import ascdsl.dialects.ascendc as A

from .analysis import function_bodies
from .tile_memory import PARALLEL_ATTR


@dataclass(frozen=True)
class LowerAscParallelPass(ModulePass):
    """Distribute the iterations of parallel loops over the cores (kernels without block ids)."""

    name = "lower-asc-parallel"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for func in function_bodies(op):
            if "ascendc.global" not in func.attributes:
                continue
            if any(isinstance(o, A.GetBlockIdxOp | A.GetBlockNumOp) for o in func.walk()):
                continue
            for loop in _outermost_parallel(func):
                _distribute(loop)


def _outermost_parallel(func) -> list[scf.ForOp]:
    out = []

    def visit(op: Operation, inside: bool) -> None:
        here = (isinstance(op, scf.ForOp) and PARALLEL_ATTR in op.attributes
                and not _accumulates(op))
        if here and not inside:
            out.append(op)
        for region in op.regions:
            for block in region.blocks:
                for inner in block.ops:
                    visit(inner, inside or here)

    for inner in func.body.blocks.first.ops:
        visit(inner, False)
    return out


def _accumulates(loop: scf.ForOp) -> bool:
    """Whether a matmul_acc in the loop adds into an accumulator made outside it."""
    for op in loop.walk():
        if not isinstance(op, T.MatmulAccOp):
            continue
        owner = op.acc.owner
        if not (isinstance(owner, Operation) and loop.is_ancestor(owner)):
            return True
    return False


def _as(value: SSAValue, t, before: Operation) -> SSAValue:
    if value.type == t:
        return value
    cast = arith.IndexCastOp(value, t)
    _insert(cast, before)
    return cast.result


def _insert(op: Operation, before: Operation) -> None:
    op.location = before.location
    block = before.parent_block()
    assert block is not None
    block.insert_op_before(op, before)


def _distribute(loop: scf.ForOp) -> None:
    t = loop.lb.type
    idx, num = A.GetBlockIdxOp(i32), A.GetBlockNumOp(i32)
    _insert(idx, loop)
    _insert(num, loop)
    bid = _as(idx.value, t if isinstance(t, IndexType) else t, loop)
    bnum = _as(num.value, t if isinstance(t, IndexType) else t, loop)
    offset = arith.MuliOp(bid, loop.step)
    lb = arith.AddiOp(loop.lb, offset.result)
    step = arith.MuliOp(loop.step, bnum)
    for new in (offset, lb, step):
        _insert(new, loop)
    loop.operands = [lb.result, loop.ub, step.result, *loop.iter_args]
