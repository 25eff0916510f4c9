"""`declare-py-struct` (pyasc: `ascendc-declare-py-struct`): declare the structs a kernel uses.

Every `!emitasc.py_struct` that appears in the type of a value (a block argument or an op
result, nested in other types too, e.g. `memref<?x!emitasc.py_struct<...>, 22>`) gets an
`emitasc.declare_py_struct` at the top of the module, inner structs before the structs that
hold them, each once, in the order they are first met (pyasc's order). Unlike pyasc's pass it
does not declare a struct twice when the module already declares it, so it can run again;
new declarations go after the module's own (before one that nests a new struct).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ArrayAttr, ModuleOp
from xdsl.ir import Attribute, ParametrizedAttribute
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter

from ascdsl.dialects.emitasc import DeclarePyStructOp, PyStructType


def py_structs(t: Attribute) -> Iterator[PyStructType]:
    """The py_structs inside a type, inner ones first (MLIR's post-order type walk)."""
    if isinstance(t, ArrayAttr):
        for a in t.data:
            yield from py_structs(a)
        return
    if isinstance(t, ParametrizedAttribute):
        for p in t.parameters:
            yield from py_structs(p)
    if isinstance(t, PyStructType):
        yield t


@dataclass(frozen=True)
class DeclarePyStructPass(ModulePass):
    """Insert `emitasc.declare_py_struct` for every py_struct type the module uses."""

    name = "declare-py-struct"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        declared = {d.pystruct for d in op.body.block.ops if isinstance(d, DeclarePyStructOp)}
        found: dict[PyStructType, None] = {}
        seen_types: set[Attribute] = set()

        def collect(t: Attribute) -> None:
            if t in seen_types:
                return  # kernels repeat a few types on every op: walk each once
            seen_types.add(t)
            for s in py_structs(t):
                if s not in declared:
                    found.setdefault(s, None)

        for inner in op.walk():
            for region in inner.regions:
                for block in region.blocks:
                    for arg in block.args:
                        collect(arg.type)
            for result in inner.results:
                collect(result.type)
        if not found:
            return
        block = op.body.block
        where = _insertion_point(block, found)
        for struct in found:
            decl = DeclarePyStructOp(struct)
            decl.location = op.location
            Rewriter.insert_op(decl, where)


def _insertion_point(block, new: dict[PyStructType, None]) -> InsertPoint:
    """After the module's own declarations, unless one of them nests a new struct: then
    before that one (C++ needs a struct declared before a struct holding it)."""
    last = None
    for op in block.ops:
        if not isinstance(op, DeclarePyStructOp):
            continue
        if any(s in new for s in py_structs(op.pystruct)):
            return InsertPoint.before(op)
        last = op
    if last is not None:
        return InsertPoint.after(last)
    return InsertPoint.at_start(block)
