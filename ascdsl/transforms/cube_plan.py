"""What `lower-asc-cube` decides before it emits anything: accumulate flags and cube memory.

1. **Accumulate flags.** The cube has no "zero L0C" instruction: an accumulator starts as the
   result of its first Mmad, which writes (`isBias = false`) instead of adding. So
   `zeros_acc` is only a buffer, and each `matmul_acc` needs to know, when it runs, whether an
   earlier Mmad wrote its accumulator. `thread_flags` computes that as an i1 SSA value per
   `matmul_acc`: `false` at `zeros_acc`, `true` after a `matmul_acc`, and through every
   `scf.for` between the accumulator and its uses an extra i1 iter_arg (the loop's result is
   the flag after it). Unrolled loops, remainder loops that may run zero times and nested
   loops all come out right, and a flag known at compile time is a constant (canonicalize
   folds the rest). A `matmul_acc` under an `scf.if` or `scf.while` is refused: the flag
   would have to leave a branch.
2. **Memory.** Every cube tile gets bytes in its memory (L1, L0A, L0B, L0C), rounded up to a
   512-byte fractal (which meets every alignment of those memories). Live ranges come from one
   pre-order numbering (as for UB, `tile_memory`): from the op that makes the tile to the end
   of its last use, a use inside a loop counting as the whole loop. A tile made inside a loop
   marked `asc.parallel` lives to the end of that loop's body: the copies of an unrolled body
   then get different bytes, so that copy 2 loads its L0A/L0B operands while copy 1's Mmad
   still reads its own (ping-pong buffers). Tiles are packed first fit over their live
   ranges (`tile_memory.pack`). When the ping-pong buffers do not fit a memory, its tiles
   are packed again on their own live ranges (the copies then share bytes, and the sync
   orders them one after the other); a memory whose peak still exceeds the SoC's capacity is
   an error naming the tiles live at the peak, largest first, at their kernel lines.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import IntegerAttr, i1
from xdsl.ir import Block, Operation, SSAValue

import ascdsl.dialects.asc as T
from ascdsl.diagnostics import PassError
from ascdsl.dialects.asc import TileLocation, TileType
from ascdsl.dialects.ascendc import Hardware, TPosition
from ascdsl.dialects.ascendc import soc as soc_table

from .analysis import OpOrder
from .tile_memory import PARALLEL_ATTR, pack
from .vector_repeats import elem_bytes

FRACTAL_BYTES = 512

# Where each cube location lives, and the position of its static tensors / TBuf.
MEMORY: dict[TileLocation, tuple[Hardware, TPosition]] = {
    TileLocation.L1: (Hardware.L1, TPosition.A1),
    TileLocation.L0A: (Hardware.L0A, TPosition.A2),
    TileLocation.L0B: (Hardware.L0B, TPosition.B2),
    TileLocation.L0C: (Hardware.L0C, TPosition.CO1),
}


def is_cube_tile(v: SSAValue) -> bool:
    return isinstance(v.type, TileType) and v.type.location in MEMORY


# --- 1. accumulate flags -----------------------------------------------------------------------


def _const_i1(value: bool, before: Operation) -> SSAValue:
    c = arith.ConstantOp(IntegerAttr(int(value), i1))
    c.location = before.location
    block = before.parent_block()
    assert block is not None
    block.insert_op_before(c, before)
    return c.result


def thread_flags(accumulators: list[SSAValue]) -> dict[Operation, SSAValue]:
    """For each `asc.matmul_acc` and each `asc.store` of an accumulator: the i1 that says
    whether an Mmad has written the accumulator before it (see the module docstring)."""
    flags: dict[Operation, SSAValue] = {}
    for acc in accumulators:
        users = [u.operation for u in acc.uses if isinstance(u.operation, T.MatmulAccOp)
                 and u.operation.acc is acc]
        if not users:
            continue
        owner = acc.owner
        assert isinstance(owner, Operation)
        home = owner.parent_block()
        assert home is not None
        enclosing: set[Operation] = set()
        for user in users:
            x: Operation | None = user
            while x is not None and x.parent_block() is not home:
                x = x.parent_op()
                if x is not None:
                    enclosing.add(x)
        start = owner.next_op
        assert start is not None
        written = isinstance(owner, T.MatmulOp)
        _Threader(acc, set(users), enclosing, flags).block(home, _const_i1(written, start), owner)
    return flags


@dataclass
class _Threader:
    acc: SSAValue
    users: set[Operation]
    enclosing: set[Operation]
    flags: dict[Operation, SSAValue]

    def block(self, block: Block, flag: SSAValue, after: Operation | None = None) -> SSAValue:
        ops = list(block.ops)
        if after is not None:
            ops = ops[ops.index(after) + 1:]
        for op in ops:
            if op in self.users:
                self.flags[op] = flag
                flag = _const_i1(True, op.next_op or op)
            elif isinstance(op, T.StoreOp) and op.value is self.acc:
                self.flags[op] = flag
            elif op in self.enclosing:
                if not isinstance(op, scf.ForOp):
                    raise PassError(op, "holds a matmul_acc whose accumulator is made outside "
                                        f"it; accumulating under {op.name} is not lowered (the "
                                        "first Mmad must know at compile time or from an "
                                        "scf.for whether it writes or adds)")
                flag = self.loop(op, flag)
        return flag

    def loop(self, loop: scf.ForOp, flag: SSAValue) -> SSAValue:
        body = loop.body.block
        arg = body.insert_arg(i1, len(body.args))
        old_yield = body.last_op
        assert isinstance(old_yield, scf.YieldOp)
        out = self.block(body, arg)
        new_yield = scf.YieldOp(*old_yield.operands, out)
        new_yield.location = old_yield.location
        body.insert_op_before(new_yield, old_yield)
        old_yield.detach()
        old_yield.erase()
        region = loop.detach_region(loop.body)
        new_loop = scf.ForOp(loop.lb, loop.ub, loop.step, [*loop.iter_args, flag], region)
        new_loop.attributes.update(loop.attributes)
        new_loop.location = loop.location
        parent = loop.parent_block()
        assert parent is not None
        parent.insert_op_before(new_loop, loop)
        for old, new in zip(loop.results, new_loop.results):
            old.replace_all_uses_with(new)
        if loop in self.enclosing:
            self.enclosing.discard(loop)
            self.enclosing.add(new_loop)
        loop.detach()
        loop.erase()
        return new_loop.results[-1]


# --- 2. memory -----------------------------------------------------------------------------------


@dataclass
class CubeBuffer:
    """One cube tile's bytes: what `tile_memory.pack` reads and writes (start, end, nbytes,
    offset), and the op that makes the tile."""

    op: Operation
    tile: SSAValue
    nbytes: int
    start: int
    end: int
    own_end: int  # the end of its last use (`end` may reach further: ping-pong)
    offset: int = 0


@dataclass
class CubePlan:
    buffers: dict[SSAValue, CubeBuffer]
    sizes: dict[TileLocation, int]  # bytes of each memory's TBuf


def tile_bytes(t: TileType) -> int:
    n = t.num_elements * elem_bytes(t.element_type)
    return -(-n // FRACTAL_BYTES) * FRACTAL_BYTES


def plan_memory(func, tiles: list[SSAValue], soc: soc_table.SoC) -> CubePlan:
    order = OpOrder(func)
    per_memory: dict[TileLocation, list[CubeBuffer]] = {}
    buffers: dict[SSAValue, CubeBuffer] = {}
    for tile in tiles:
        op = tile.owner
        assert isinstance(op, Operation)
        block = op.parent_block()
        assert block is not None
        end = order.key(op)
        for use in tile.uses:
            anchor = order.ancestor_in_block(use.operation, block)
            if anchor is not None:
                end = max(end, order.last(anchor))
        loop = _parallel_loop(op)
        pingpong = max(end, order.last(loop)) if loop is not None else end
        t = tile.type
        assert isinstance(t, TileType)
        b = CubeBuffer(op, tile, tile_bytes(t), order.key(op), pingpong, end)
        buffers[tile] = b
        per_memory.setdefault(t.location, []).append(b)
    sizes: dict[TileLocation, int] = {}
    for location, bufs in per_memory.items():
        capacity = soc.capacity(MEMORY[location][0]) or 0
        top, peak = pack(bufs)
        if top > capacity:  # no room for ping-pong buffers: each tile only as long as it lives
            for b in bufs:
                b.end = b.own_end
            top, peak = pack(bufs)
        if top > capacity:
            live = sorted(peak, key=lambda b: -b.nbytes)
            notes = [(b.op, f"{b.nbytes} bytes: {b.tile.type}") for b in live[:12]]
            raise PassError(
                live[0].op,
                f"the kernel needs {top} bytes of {location.keyword} but {soc.name} has "
                f"{capacity}: the tiles below are live at the same time (largest first); use "
                "smaller tiles or fewer tiles at once",
                notes=notes,
            )
        sizes[location] = top
    return CubePlan(buffers, sizes)


def _parallel_loop(op: Operation) -> Operation | None:
    parent = op.parent_op()
    while parent is not None:
        if isinstance(parent, scf.ForOp | scf.WhileOp):
            return parent if PARALLEL_ATTR in parent.attributes else None
        parent = parent.parent_op()
    return None
