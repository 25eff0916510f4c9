"""`materialize-tensor` (pyasc: `ascendc-materialize-tensor`): give auto tensors real buffers.

Each `local_tensor_auto` becomes, in place:

- a temporary (no `input`/`output` flag): `ascendc.pipe`, `tbuf<veccalc>`,
  `pipe.init_buffer(pipe, buf, bytes)`, `tbuf.get_tensor`;
- an input or output: `ascendc.pipe`, `queue<vecin|vecout, 1>` (output wins when both flags
  are set), `pipe.init_queue(pipe, queue, 1, bytes)`, `que_bind.alloc_tensor`, and a
  `que_bind.free_tensor` before the terminator of the block holding the alloc.

  When every use of the tensor sits in one loop body (nested in the tensor's block), the
  alloc goes to the start of the innermost such body and the free before its terminator
  (pyasc keeps both at the tensor's block). The queue has one buffer, so each iteration gets
  the same memory back, and the FreeTensor/AllocTensor pair is the edge that keeps the next
  iteration's producer from overwriting a buffer the previous consumer still reads: without
  it, insert-que-sync's EnQue/DeQue only order producer before consumer, and the write of
  iteration i+1 races with the read of iteration i.

The byte length of a static shape is one i64 constant (elements × element bits / 8, rounded
up). A dynamic shape multiplies the i64 size operands with `arith.muli`: size operands that
are constants are folded into the constant factor, and the static dimensions of a partly
dynamic shape count too (pyasc multiplies only the size operands). Each tensor gets its own
pipe, as in pyasc; `unify-pipe` merges them.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import DYNAMIC_INDEX, IntegerAttr, IntegerType, ModuleOp, i32, i64
from xdsl.ir import Block, Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import (
    PatternRewriter,
    PatternRewriteWalker,
    RewritePattern,
    op_type_rewrite_pattern,
)
from xdsl.rewriter import InsertPoint
from xdsl.traits import IsTerminator

from ascdsl.diagnostics import PassError
from ascdsl.dialects.ascendc import (
    AllocTensorOp,
    FreeTensorOp,
    GetTensorOp,
    InitBufferOp,
    InitQueueOp,
    LocalTensorAutoOp,
    LocalTensorType,
    PipeOp,
    QueueOp,
    TBufOp,
    TPosition,
    const_int,
)

from .analysis import function_bodies, terminator
from .greedy_constants import GreedyConstants


def constant(value: int, type_: IntegerType = i64) -> arith.ConstantOp:
    """An integer `arith.constant` named like MLIR names constants (`%c256_i64`)."""
    attr, name = _constant_attr(value, type_)
    op = arith.ConstantOp(attr)
    op.result.name_hint = name
    return op


@functools.lru_cache(maxsize=4096)  # building an IntegerAttr costs tens of microseconds
def _constant_attr(value: int, type_: IntegerType) -> tuple[IntegerAttr, str]:
    return IntegerAttr(value, type_), f"c{value}_i{type_.width.data}".replace("-", "m")


def byte_length(op: LocalTensorAutoOp) -> tuple[list[Operation], SSAValue]:
    """Ops computing the tensor's size in bytes (to insert before `op`), and the i64 value."""
    t = op.result.type
    assert isinstance(t, LocalTensorType)
    bits = getattr(t.element_type, "bitwidth", None)
    if not isinstance(bits, int) or bits <= 0:
        raise PassError(op, f"cannot compute the byte size of a tensor of {t.element_type}")
    factor = bits  # in bits until the end
    unknown: list[SSAValue] = []
    shape = t.shape
    if shape is None and not op.dynamic_shape:
        raise PassError(op, f"the size of the unranked tensor {t} is not given (no size operands)")
    if shape is not None:
        for d in shape:
            if d != DYNAMIC_INDEX:
                factor *= d
    if shape is None or any(d == DYNAMIC_INDEX for d in shape):
        for dim in op.dynamic_sizes():
            known = const_int(dim)
            if known is None:
                unknown.append(dim)
            else:
                factor *= known
    if not unknown:
        total = (factor + 7) // 8
        if total <= 0:
            raise PassError(op, f"the tensor {t} has no elements to allocate")
        c = constant(_fits_i64(op, total))
        return [c], c.result
    ops: list[Operation] = []
    whole_bytes = factor % 8 == 0
    c = constant(_fits_i64(op, factor // 8 if whole_bytes else factor))
    ops.append(c)
    length: SSAValue = c.result
    for dim in unknown:
        mul = arith.MuliOp(length, dim)
        ops.append(mul)
        length = mul.result
    if not whole_bytes:
        eight = constant(8)
        div = arith.CeilDivUIOp(length, eight.result)
        ops += [eight, div]
        length = div.result
    return ops, length


def _fits_i64(op: LocalTensorAutoOp, size: int) -> int:
    """`size` (of the tensor of `op`, in bytes or bits) if an i64 holds it, else a PassError
    at the op, not xDSL's unlocated VerifyException from building the constant."""
    if size >= 1 << 63:
        raise PassError(op, f"the tensor {op.result.type} is too large to allocate: its "
                        "byte length does not fit i64")
    return size


class MaterializeLocalTensorAuto(RewritePattern):
    """Replace one `local_tensor_auto` by a TBuf or a depth-1 queue and its buffer."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: LocalTensorAutoOp, rewriter: PatternRewriter) -> None:
        tensor_type = op.result.type
        assert isinstance(tensor_type, LocalTensorType)
        setup, length = byte_length(op)
        pipe = PipeOp()
        setup.append(pipe)
        is_output, is_input = op.has_flag("output"), op.has_flag("input")
        if not (is_input or is_output):
            buf = TBufOp(TPosition.VECCALC)
            setup += [buf, InitBufferOp(pipe.pipe, buf.result, length)]
            made: Operation = GetTensorOp(buf.result, tensor_type)
        else:
            queue = QueueOp(TPosition.VECOUT if is_output else TPosition.VECIN, 1)
            one = constant(1, i32)
            setup += [queue, one, InitQueueOp(pipe.pipe, queue.result, one.result, length)]
            made = AllocTensorOp(queue.result, tensor_type)
        for new in (*setup, made):
            new.location = op.location
        block = op.parent
        assert block is not None
        rewriter.insert(setup, InsertPoint.before(op))
        if isinstance(made, AllocTensorOp):
            body = _loop_body_of_all_uses(op)
            if body is not None:
                rewriter.insert(made, InsertPoint.at_start(body))
                rewriter.replace_all_uses_with(op.result, made.tensor)
                rewriter.erase(op)
                block = body
            else:
                rewriter.replace(op, made)
            end = terminator(block)
            free = FreeTensorOp(made.queue, made.tensor)
            free.location = op.location
            rewriter.insert(free, InsertPoint.before(end) if end else InsertPoint.at_end(block))
        else:
            rewriter.replace(op, made)


_LOOPS = (scf.ForOp, scf.WhileOp)


def _loop_body_of_all_uses(op: LocalTensorAutoOp) -> Block | None:
    """The innermost loop body (below `op`'s block) holding every use of the tensor, if any.

    Only a tensor that never leaves the loop qualifies: no use may be a terminator (a yield
    carries the value out of its region). Cost: O(uses x nesting depth).
    """
    users = [use.operation for use in op.result.uses]
    if not users or any(u.has_trait(IsTerminator) for u in users):
        return None
    block = op.parent
    assert block is not None
    found: Block | None = None
    while True:
        ancestors = {block.find_ancestor_op_in_block(u) for u in users}
        if len(ancestors) != 1:
            return found
        (loop,) = ancestors
        if loop is None or not isinstance(loop, _LOOPS) or loop in users:
            return found
        bodies = {loop.body.block} if isinstance(loop, scf.ForOp) else set()
        if isinstance(loop, scf.WhileOp):
            bodies = {r.block for r in (loop.before_region, loop.after_region)}
            holding = {b for b in bodies if any(b.find_ancestor_op_in_block(u) for u in users)}
            if len(holding) != 1:
                return found
            bodies = holding
        (block,) = bodies
        found = block


@dataclass(frozen=True)
class MaterializeTensorPass(ModulePass):
    """Turn local_tensor_auto into TBuf temporaries or depth-1 vecin/vecout queue buffers."""

    name = "materialize-tensor"

    # pyasc's constants (greedy_constants.py): equal constants merged and moved to the
    # function's entry, and the size constants of the replaced tensors erased once unused, as
    # MLIR's greedy driver leaves them. Off by default: ascdsl's own pipeline canonicalizes and
    # CSEs after this pass anyway, and keeps the constants beside their users.
    fold_constants: bool = False

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        # Last tensor first: each free lands before the terminator, so frees come out in
        # reverse allocation order, as pyasc emits them.
        walker = PatternRewriteWalker(
            MaterializeLocalTensorAuto(), apply_recursively=False, walk_reverse=True
        )
        for func in function_bodies(op):
            if not self.fold_constants:
                walker.rewrite_region(func.body)
                continue
            folder = GreedyConstants()
            folder.fold(func)
            sizes = {v.owner for t in func.walk() if isinstance(t, LocalTensorAutoOp)
                     for v in t.operands if isinstance(v.owner, arith.ConstantOp)}
            walker.rewrite_region(func.body)
            for c in sizes:
                if not c.result.uses:
                    c.detach()
                    c.erase()
            folder.fold(func)
