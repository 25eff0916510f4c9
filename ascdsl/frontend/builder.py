"""The insertion point the code generator and the kernel-language functions build IR at.

While a kernel compiles, one `Builder` is active (per thread). The code generator moves its
block as it enters and leaves regions and sets its location to the kernel line it visits;
`asc.add(...)` and the other API functions append their op there, stamped with that line.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from xdsl.dialects.builtin import FileLineColLoc, IntAttr, ModuleOp, StringAttr
from xdsl.ir import Attribute, Block, Operation, SSAValue

from .errors import KernelLanguageError

if TYPE_CHECKING:
    from xdsl.dialects.func import FuncOp


class Builder:
    """Per-compilation IR building state."""

    def __init__(self, module: ModuleOp):
        self.module = module
        # The insertion block and the blocks enclosing it, outermost first (one function).
        self.blocks: list[Block] = []
        self.func: FuncOp | None = None
        self.loc: Attribute | None = None
        self._files: dict[str, StringAttr] = {}
        self._locs: dict[tuple[str, int, int], FileLineColLoc] = {}
        # The kernel's TPipe: (value, function it lives in); one per kernel.
        self.pipe: tuple[SSAValue, Operation] | None = None
        # Set when LocalTensorAuto is used (insert_sync=None turns synchronization on).
        self.uses_auto_tensors = False
        # GlobalTensor declarations: (block, anchor op) -> the last declaration put there, so
        # tensors declared at one place keep their source order.
        self.decl_tails: dict[tuple[int, int], Operation] = {}

    @property
    def block(self) -> Block | None:
        """The insertion block."""
        return self.blocks[-1] if self.blocks else None

    def insert(self, op: Operation) -> Operation:
        """Append `op` at the insertion point, located at the current kernel line."""
        if self.loc is not None:
            op.location = self.loc
        if len(op.properties) > 1:
            # MLIR holds an op's attributes in a dictionary sorted by name and prints them in
            # that order (pyasc's `{isSetMask, roundMode = 4 : i32}`); xDSL prints them in
            # the order they were set, so the frontend sets them sorted.
            op.properties = dict(sorted(op.properties.items()))
        assert self.block is not None, "no insertion block"
        self.block.add_op(op)
        return op

    def insert_after(self, anchor: Operation | None, block: Block, op: Operation) -> Operation:
        """Insert `op` in `block` right after `anchor` (at the block start when None)."""
        if self.loc is not None:
            op.location = self.loc
        if anchor is None:
            first = block.first_op
            if first is None:
                block.add_op(op)
            else:
                block.insert_op_before(op, first)
        else:
            block.insert_op_after(op, anchor)
        return op

    def location(self, filename: str, line: int, col: int) -> FileLineColLoc:
        """The (shared) location attribute of `filename:line:col`."""
        key = (filename, line, col)
        loc = self._locs.get(key)
        if loc is None:
            f = self._files.get(filename)
            if f is None:
                f = self._files[filename] = StringAttr(filename)
            loc = self._locs[key] = FileLineColLoc(f, IntAttr(line), IntAttr(col))
        return loc

    @contextmanager
    def at_end_of(self, block: Block) -> Iterator[None]:
        """Build into `block`, a block nested in the current one, for the `with`."""
        self.blocks.append(block)
        try:
            yield
        finally:
            self.blocks.pop()

    @contextmanager
    def in_function(self, func: FuncOp, entry: Block) -> Iterator[None]:
        """Build the body of another function (its own chain of blocks)."""
        saved = (self.blocks, self.func, self.loc)
        self.blocks, self.func = [entry], func
        try:
            yield
        finally:
            self.blocks, self.func, self.loc = saved


_ACTIVE = threading.local()


def current() -> Builder:
    """The active builder; kernel-language functions fail outside a `@jit` kernel."""
    b = getattr(_ACTIVE, "builder", None)
    if b is None:
        raise KernelLanguageError(
            "the ascdsl kernel language can only be used inside a @ascdsl.jit function "
            "while it compiles"
        )
    return b


def active() -> Builder | None:
    """The active builder, or None outside a compilation."""
    return getattr(_ACTIVE, "builder", None)


@contextmanager
def activate(builder: Builder) -> Iterator[Builder]:
    """Make `builder` the active one (this thread) for the `with`."""
    saved = getattr(_ACTIVE, "builder", None)
    _ACTIVE.builder = builder
    try:
        yield builder
    finally:
        _ACTIVE.builder = saved
