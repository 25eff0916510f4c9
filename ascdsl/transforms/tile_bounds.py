"""Keeping the whole-tile copies of `lower-asc-vector` and `lower-asc-cube` inside the tensor.

The lowered kernel copies whole tiles (the reference simulator pads loads and clips stores).
A box past the first dimension leaves the GlobalTensor: the simulator reports an
`OutOfBoundsError` at the load or store. A box past any other dimension stays inside it and
wraps into the neighbouring rows, which nothing would notice, in the simulator or on the NPU.
So, per dimension of a copy:

- a box that the offset's and the size's ranges show to fit needs nothing; the ranges come
  from constants, loop bounds, core indices and the integer arithmetic between them
  (`value_range`), so `t * bk` in `for t in range(k // bk)` needs no check;
- one known not to fit (constant offset and size, or a size smaller than the tile) is a
  located error while compiling;
- otherwise, for dimensions after the first, a runtime guard before the copy: a compare (an
  add and two when the size is a runtime value) and a branch, whose taken side prints why
  (`AscendC::printf`, naming the kernel's file and line) and stops the kernel
  (`AscendC::Trap()`), as `ascendc_assert` does. The simulator's TrapError carries the
  printed reason and is located at the load or store.

The first dimension is not guarded: the simulator reports it already, and guarding it would put
a compare and a branch before nearly every copy (tiled loops offset the first dimension by a
runtime index, within a runtime size), where hand-written Ascend C has none.
"""

from __future__ import annotations

from pathlib import PurePath

from xdsl.dialects import arith, scf
from xdsl.ir import BlockArgument, Operation, OpResult, SSAValue

import ascdsl.dialects.ascendc as A
from ascdsl.diagnostics import PassError, location_of
from ascdsl.dialects.ascendc import const_int
from ascdsl.dialects.ascendc.soc import MAX_CORE_NUM

from .vector_repeats import Emit

Range = tuple[int | None, int | None]  # inclusive bounds, None: unbounded
_I32 = (-(1 << 31), (1 << 31) - 1)
_UNKNOWN: Range = (None, None)


def _static(v: int | SSAValue) -> int | None:
    return v if isinstance(v, int) else const_int(v)


def check_inside(op: Operation, dims: list[int | SSAValue], shape: tuple[int, ...],
                 offsets) -> None:
    """Refuse a box that is known while compiling to reach past the tensor."""
    for k, (d, off) in enumerate(zip(dims, offsets)):
        size, c = _static(d), const_int(off)
        if size is None:
            continue
        if shape[k] > size:
            raise PassError(op, f"moves a {list(shape)} box along dimension {k}, where the "
                                f"tensor has {size} elements: no offset fits, and the lowered "
                                "kernel copies whole tiles; tile the data so that tiles fit "
                                "(the reference simulator, run_passes=False, pads and clips)")
        if c is not None and not 0 <= c <= size - shape[k]:
            raise PassError(op, f"moves a {list(shape)} box at offset {c} of dimension {k}, "
                                f"where the tensor has {size} elements: the lowered kernel copies "
                                "whole tiles (a box past the last dimension would wrap into the "
                                "next rows); tile the data so that tiles fit (the reference "
                                "simulator, run_passes=False, pads and clips)")


def keep_inside(em: Emit, op: Operation, dims: list[int | SSAValue], shape: tuple[int, ...],
                offsets) -> None:
    """`check_inside`, then a runtime guard (before the copy `em` is about to emit) for each
    dimension after the first where the ranges do not show the box to fit."""
    check_inside(op, dims, shape, offsets)
    seen: dict[SSAValue, Range] = {}
    for k in range(1, len(shape)):
        d, off, s = dims[k], offsets[k], shape[k]
        size = _static(d)
        lo, hi = value_range(off, seen)
        d_lo = size if size is not None else value_range(d, seen)[0]
        before = lo is None or lo < 0
        past = hi is None or d_lo is None or hi + s > d_lo
        if not (before or past):
            continue
        if size is not None:
            # size >= s (check_inside): unsigned, a negative offset reads as a huge one.
            pred = "ugt" if before and past else "sgt" if past else "slt"
            bad = em.value(arith.CmpiOp(off, em.i32(size - s if past else 0), pred))
        else:
            assert isinstance(d, SSAValue)
            checks = []
            if past:
                c = const_int(off)
                end = em.i32(c + s) if c is not None else em.value(arith.AddiOp(off, em.i32(s)))
                checks.append(em.value(arith.CmpiOp(end, d, "sgt")))
            if before:
                checks.append(em.value(arith.CmpiOp(off, em.i32(0), "slt")))
            bad = checks[0] if len(checks) == 1 else em.value(arith.OrIOp(*checks))
        em.add(scf.IfOp(bad, [], _stop(em, op, shape, k, off, d, size)))


def _stop(em: Emit, op: Operation, shape: tuple[int, ...], k: int, off: SSAValue,
          d: int | SSAValue, size: int | None) -> list[Operation]:
    """The guard's taken side: say which edge the box crosses, then Trap (cold code: the
    compare telling the two edges apart costs nothing on the common path)."""
    loc = location_of(op)
    # printf formats: a '%' in a file name would read as a conversion.
    where = (f"{PurePath(loc.file).name}:{loc.line}: ".replace("%", "%%")
             if loc is not None else "")
    head = f"{where}{op.name}: the {list(shape)} box at offset %d"
    sized = f"of size {size}" if size is not None else "of size %d"
    values = [off] if size is not None else [off, d]
    verb = "read" if op.name == "asc.load" else "write"
    tail = f"; the lowered kernel copies whole tiles (it would {verb} other rows' elements)\n"
    neg = arith.CmpiOp(off, em.i32(0), "slt")
    which = scf.IfOp(neg, [], [
        A.PrintfOp(f"{head} starts before dimension {k} {sized}{tail}", values),
        A.TrapOp(), scf.YieldOp(),
    ], [
        A.PrintfOp(f"{head} reaches past dimension {k} {sized}{tail}", values),
        A.TrapOp(), scf.YieldOp(),
    ])
    ops: list[Operation] = [neg, which, scf.YieldOp()]
    for o in ops:
        for inner in o.walk():
            inner.location = op.location
    return ops


# --- value ranges ------------------------------------------------------------------------------


def value_range(v: SSAValue, seen: dict[SSAValue, Range] | None = None) -> Range:
    """Inclusive bounds of an i32 value (None: unbounded), from what the IR shows: constants,
    scf.for induction variables, core indices and counts, and the arithmetic between them.
    A bound that could leave i32 (where the arithmetic would wrap) is dropped."""
    seen = {} if seen is None else seen
    got = seen.get(v)
    if got is None:
        got = seen[v] = _range(v, seen)
    return got


def _range(v: SSAValue, seen: dict[SSAValue, Range]) -> Range:
    c = const_int(v)
    if c is not None:
        return c, c
    if isinstance(v, BlockArgument):
        loop = v.block.parent_op()
        if isinstance(loop, scf.ForOp) and v.index == 0:
            return _induction(loop, seen)
        return _UNKNOWN
    if not isinstance(v, OpResult):
        return _UNKNOWN
    op = v.op
    if isinstance(op, A.GetBlockIdxOp):
        return 0, MAX_CORE_NUM - 1
    if isinstance(op, A.GetBlockNumOp):
        return 1, MAX_CORE_NUM
    if isinstance(op, arith.ExtSIOp | arith.IndexCastOp):
        return value_range(op.operands[0], seen)
    if len(op.operands) != 2:
        return _UNKNOWN
    a, b = (value_range(x, seen) for x in op.operands)
    return _clip(_binary(op, a, b))


def _induction(loop: scf.ForOp, seen: dict[SSAValue, Range]) -> Range:
    """lb <= iv < ub while the step is positive; with constant lb and step, iv is also the
    last lb + j * step below ub."""
    lb, ub, step = (value_range(x, seen) for x in (loop.lb, loop.ub, loop.step))
    if step[0] is None or step[0] < 1:
        return _UNKNOWN
    lo, hi = lb[0], None if ub[1] is None else ub[1] - 1
    if hi is not None and lo is not None and lb[0] == lb[1] and step[0] == step[1]:
        hi = lo + (hi - lo) // step[0] * step[0]
    return lo, hi


def _of_known(f, *xs: int | None) -> int | None:
    known = [x for x in xs if x is not None]
    return f(known) if known else None


def _of_all(f, *xs: int | None) -> int | None:
    return None if None in xs else f(xs)


def _binary(op: Operation, a: Range, b: Range) -> Range:
    # max(x, y) is at least each operand's lower bound, min(x, y) at most each upper bound.
    if isinstance(op, arith.MaxSIOp):
        return _of_known(max, a[0], b[0]), _of_all(max, a[1], b[1])
    if isinstance(op, arith.MinSIOp):
        return _of_all(min, a[0], b[0]), _of_known(min, a[1], b[1])
    c = b[0] if b[0] is not None and b[0] == b[1] else None
    if c is not None and c > 0 and a[0] is not None and a[0] >= 0:
        # Division and remainder of a non-negative value by a positive constant: no wrap.
        if isinstance(op, arith.DivSIOp | arith.FloorDivSIOp | arith.DivUIOp):
            return a[0] // c, None if a[1] is None else a[1] // c
        if isinstance(op, arith.CeilDivSIOp | arith.CeilDivUIOp):
            return -(-a[0] // c), None if a[1] is None else -(-a[1] // c)
        if isinstance(op, arith.RemSIOp | arith.RemUIOp):
            return 0, c - 1 if a[1] is None else min(c - 1, a[1])
    if None in (*a, *b):
        return _UNKNOWN  # an unbounded operand may have wrapped: its other bound says nothing
    a0, a1, b0, b1 = a[0], a[1], b[0], b[1]
    assert a0 is not None and a1 is not None and b0 is not None and b1 is not None
    if isinstance(op, arith.AddiOp):
        return a0 + b0, a1 + b1
    if isinstance(op, arith.SubiOp):
        return a0 - b1, a1 - b0
    if isinstance(op, arith.MuliOp):
        products = [x * y for x in (a0, a1) for y in (b0, b1)]
        return min(products), max(products)
    return _UNKNOWN


def _clip(r: Range) -> Range:
    lo, hi = r
    if (lo is not None and not _I32[0] <= lo <= _I32[1]) or \
            (hi is not None and not _I32[0] <= hi <= _I32[1]):
        return _UNKNOWN  # i32 arithmetic would wrap: nothing is known
    return r
