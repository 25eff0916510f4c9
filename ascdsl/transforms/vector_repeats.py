"""Emitting `ascendc` level-0 vector instructions for `lower-asc-vector`.

A vector instruction processes `repeat_times` repeats of 256 bytes; within a repeat, a count
mask selects the first `mask` elements. An operation over n contiguous elements of E per
repeat becomes:

    full = n // E repeats, in chunks of at most MAX_REPEATS repeats (mask = E),
    then, when n % E != 0, one repeat with mask = n % E (the tail),

each instruction on a view (`local_tensor.subindex`) at its first element. Instructions that
read or write a bit mask (compare, select) use chunks of MASK_REPEATS repeats, so that every
chunk's mask bytes start on a 32-byte boundary.

`Emit` builds ops before an anchor op with the anchor's location (the kernel line);
constants and repeat-parameter structs are made once per function at its start.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from xdsl.dialects import arith
from xdsl.dialects.builtin import FloatAttr, IntegerAttr, IntegerType, i32, i64
from xdsl.ir import Attribute, Block, Operation, SSAValue

import ascdsl.dialects.ascendc as A
from ascdsl.dialects.ascendc.types import (
    BinaryRepeatParamsType,
    LocalTensorType,
    UnaryRepeatParamsType,
)

REPEAT_BYTES = 256
BLOCK_BYTES = 32
MAX_REPEATS = 255
# A multiple of 8 below 255: a chunk of r repeats moves r * E / 8 mask bytes, a multiple of 32
# for every element size (E = 64, 128 or 256 elements per repeat).
MASK_REPEATS = 248


def per_repeat(elem_bytes: int) -> int:
    """Elements of one 256-byte repeat."""
    return REPEAT_BYTES // elem_bytes


def repeat_chunks(n: int, elems: int, max_repeats: int = MAX_REPEATS) -> list[tuple[int, int, int]]:
    """(first element, mask, repeats) of the instructions covering n contiguous elements."""
    out: list[tuple[int, int, int]] = []
    full, tail = divmod(n, elems)
    first = 0
    while full > 0:
        r = min(full, max_repeats)
        out.append((first, elems, r))
        first += r * elems
        full -= r
    if tail:
        out.append((first, tail, 1))
    return out


def elem_bytes(t: Attribute) -> int:
    width = getattr(t, "bitwidth", None)
    if isinstance(t, IntegerType):
        width = t.width.data
    assert isinstance(width, int), t
    return max(1, width // 8)


def buffer_elements(n: int, elem: Attribute) -> int:
    """Elements of a buffer holding n elements, rounded up to whole 256-byte repeats: an
    instruction may then process the last repeat whole (compare and select do)."""
    elems = per_repeat(elem_bytes(elem))
    return -(-n // elems) * elems


def whole_repeats(n: int, elems: int) -> int:
    """n rounded up to whole repeats of `elems` elements."""
    return -(-n // elems) * elems


def mask_bytes(n: int) -> int:
    """Bytes of the bit mask of n elements, for any source type (up to 256 bits a repeat)."""
    return whole_repeats(n, 256) // 8


@dataclass(frozen=True)
class Strides:
    """Block and repeat strides (in 32-byte blocks) of one operand of an instruction."""

    block: int = 1
    repeat: int = 8


CONTIGUOUS = Strides()


class FunctionState:
    """What `Emit`s of one function share: the function's constants and parameter structs."""

    def __init__(self, entry: Block):
        self.entry = entry
        self._consts: dict[tuple, SSAValue] = {}
        self._params: dict[tuple, SSAValue] = {}
        self._anchor: Operation | None = None

    def _at_entry(self, op: Operation) -> SSAValue:
        """Put `op` at the start of the entry block (after those already there)."""
        if self._anchor is None:
            first = self.entry.first_op
            if first is None:
                self.entry.add_op(op)
            else:
                self.entry.insert_op_before(op, first)
        else:
            self.entry.insert_op_after(op, self._anchor)
        self._anchor = op
        return op.results[0]

    def const(self, value: int | float, t: Attribute) -> SSAValue:
        key = (value, t, type(value))
        hit = self._consts.get(key)
        if hit is None:
            if isinstance(value, float):
                attr: FloatAttr | IntegerAttr = FloatAttr(value, t)  # type: ignore[arg-type]
            else:
                attr = IntegerAttr(int(value), t)
            op = arith.ConstantOp(attr)  # type: ignore[arg-type]
            if isinstance(value, int):
                op.result.name_hint = f"c{value}_{t}".replace("-", "m")
            hit = self._consts[key] = self._at_entry(op)
        return hit

    def params(self, kind: type, strides: Sequence[Strides]) -> SSAValue:
        """A BinaryRepeatParams / UnaryRepeatParams struct with these operand strides."""
        key = (kind, tuple(strides))
        hit = self._params.get(key)
        if hit is None:
            if all(s == CONTIGUOUS for s in strides):
                args: list[SSAValue] = []  # the struct's defaults: blocks 1, repeats 8
            else:
                values = [s.block for s in strides] + [s.repeat for s in strides]
                args = [self.const(v, i32) for v in values]
            hit = self._params[key] = self._at_entry(A.ConstructOp(kind(), args))
        return hit


class Emit:
    """Builds ops before `anchor`, located at the anchor's line."""

    def __init__(self, state: FunctionState, anchor: Operation):
        self.state = state
        self.anchor = anchor

    def add(self, op: Operation) -> Operation:
        op.location = self.anchor.location
        block = self.anchor.parent_block()
        assert block is not None
        block.insert_op_before(op, self.anchor)
        return op

    def value(self, op: Operation) -> SSAValue:
        return self.add(op).results[0]

    # -- constants and scalars ------------------------------------------------------------------

    def i32(self, v: int) -> SSAValue:
        return self.state.const(int(v), i32)

    def i64(self, v: int) -> SSAValue:
        return self.state.const(int(v), i64)

    def const(self, v: int | float, t: Attribute) -> SSAValue:
        return self.state.const(float(v) if _is_float(t) else int(v), t)

    # -- buffers and views ----------------------------------------------------------------------

    def buffer(self, n: int, elem: Attribute) -> SSAValue:
        """A compiler-managed UB buffer of n elements (rounded up to whole repeats)."""
        t = LocalTensorType(elem, [buffer_elements(n, elem)])
        return self.value(A.LocalTensorAutoOp(t))

    def at(self, t: SSAValue, first: int | SSAValue) -> SSAValue:
        """The view of `t` from element `first` on."""
        if isinstance(first, int):
            if first == 0:
                return t
            first = self.i32(first)
        return self.value(A.LocalSubIndexOp(t, first))

    def reinterpret(self, t: SSAValue, elem: Attribute) -> SSAValue:
        tt = t.type
        assert isinstance(tt, LocalTensorType) and tt.shape is not None
        n = tt.shape[0] * elem_bytes(tt.element_type) // elem_bytes(elem)
        return self.value(A.ReinterpretCastOp(t, LocalTensorType(elem, [n])))

    # -- instructions ---------------------------------------------------------------------------

    def repeated(self, n: int, elems: int, make: Callable[[int, SSAValue, SSAValue], Operation],
                 max_repeats: int = MAX_REPEATS) -> None:
        """Cover n contiguous elements: `make(first, mask, repeats)` builds one instruction."""
        for first, mask, repeats in repeat_chunks(n, elems, max_repeats):
            self.add(make(first, self.i64(mask), self.i32(repeats)))

    def binary(self, cls: type, dst: SSAValue, a: SSAValue, b: SSAValue, n: int, size: int) -> None:
        p = self.state.params(BinaryRepeatParamsType, [CONTIGUOUS] * 3)
        self.repeated(n, per_repeat(size), lambda f, m, r: cls(
            self.at(dst, f), self.at(a, f), self.at(b, f), m, r, p))

    def unary(self, cls: type, dst: SSAValue, src: SSAValue, n: int, size: int) -> None:
        p = self.state.params(UnaryRepeatParamsType, [CONTIGUOUS] * 2)
        self.repeated(n, per_repeat(size), lambda f, m, r: cls(
            self.at(dst, f), self.at(src, f), m, r, p))

    def scalar(self, cls: type, dst: SSAValue, src: SSAValue, s: SSAValue, n: int,
               size: int) -> None:
        p = self.state.params(UnaryRepeatParamsType, [CONTIGUOUS] * 2)
        self.repeated(n, per_repeat(size), lambda f, m, r: cls(
            self.at(dst, f), self.at(src, f), s, m, r, p))

    def duplicate(self, dst: SSAValue, s: SSAValue, n: int, size: int) -> None:
        one, eight = self.i32(1), self.i32(8)
        self.repeated(n, per_repeat(size), lambda f, m, r: A.DuplicateL0Op(
            self.at(dst, f), s, m, r, one, eight))

    def cast(self, dst: SSAValue, src: SSAValue, mode: A.RoundMode, n: int, dsize: int,
             ssize: int) -> None:
        elems = per_repeat(max(dsize, ssize))
        strides = [Strides(1, elems * z // BLOCK_BYTES) for z in (dsize, ssize)]
        p = self.state.params(UnaryRepeatParamsType, strides)
        self.repeated(n, elems, lambda f, m, r: A.CastL0Op(
            self.at(dst, f), self.at(src, f), mode, m, r, p))

    def strided_scalar(self, cls: type, dst: SSAValue, src: SSAValue, s: SSAValue, mask: int,
                       repeats: int, dst_strides: Strides, src_strides: Strides) -> None:
        """One vector-scalar instruction per MAX_REPEATS repeats, with explicit strides."""
        p = self.state.params(UnaryRepeatParamsType, [dst_strides, src_strides])
        done = 0
        while done < repeats:
            r = min(MAX_REPEATS, repeats - done)
            step = done * dst_strides.repeat * BLOCK_BYTES // elem_bytes(_elem(dst))
            sstep = done * src_strides.repeat * BLOCK_BYTES // elem_bytes(_elem(src))
            views = self.at(dst, step), self.at(src, sstep)
            self.add(cls(*views, s, self.i64(mask), self.i32(r), p))
            done += r

    def strided_binary(self, cls: type, dst: SSAValue, a: SSAValue, b: SSAValue, mask: int,
                       repeats: int, strides: Sequence[Strides]) -> None:
        """One binary instruction per MAX_REPEATS repeats, with explicit strides."""
        p = self.state.params(BinaryRepeatParamsType, list(strides))
        size = elem_bytes(_elem(dst))
        done = 0
        while done < repeats:
            r = min(MAX_REPEATS, repeats - done)
            views = [self.at(t, done * s.repeat * BLOCK_BYTES // size)
                     for t, s in zip((dst, a, b), strides)]
            self.add(cls(*views, self.i64(mask), self.i32(r), p))
            done += r


def _elem(t: SSAValue) -> Attribute:
    tt = t.type
    assert isinstance(tt, LocalTensorType)
    return tt.element_type


def _is_float(t: Attribute) -> bool:
    return not isinstance(t, IntegerType) and hasattr(t, "bitwidth")
