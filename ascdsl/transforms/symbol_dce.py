"""`symbol-dce`: drop private functions nothing refers to.

A private `func.func` is live when a live op refers to it by symbol (`func.call`, or any
attribute holding a symbol reference); everything that is not a private function is live.
Dead private functions (and private declarations) are erased, transitively: a helper used
only by a dead helper goes too. Works on the module's top level and nested modules alike.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ArrayAttr, DictionaryAttr, ModuleOp, SymbolRefAttr
from xdsl.dialects.func import FuncOp
from xdsl.ir import Attribute, Operation
from xdsl.passes import ModulePass


def symbol_refs(attr: Attribute) -> Iterator[str]:
    """The root names of the symbol references inside an attribute."""
    if isinstance(attr, SymbolRefAttr):
        yield attr.root_reference.data
    elif isinstance(attr, ArrayAttr):
        for a in attr.data:
            yield from symbol_refs(a)
    elif isinstance(attr, DictionaryAttr):
        for a in attr.data.values():
            yield from symbol_refs(a)


def referenced_symbols(op: Operation) -> Iterator[str]:
    """Every symbol referred to by `op` and the ops nested in it."""
    for inner in op.walk():
        for attr in (*inner.properties.values(), *inner.attributes.values()):
            yield from symbol_refs(attr)


def _is_private(op: Operation) -> bool:
    return (
        isinstance(op, FuncOp)
        and op.sym_visibility is not None
        and op.sym_visibility.data == "private"
    )


@dataclass(frozen=True)
class SymbolDcePass(ModulePass):
    """Erase private functions that no live op refers to."""

    name = "symbol-dce"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for module in [m for m in op.walk() if isinstance(m, ModuleOp)]:
            _symbol_dce(module)


def _symbol_dce(module: ModuleOp) -> None:
    private: dict[str, FuncOp] = {}
    roots: list[Operation] = []
    for top in module.ops:
        if _is_private(top):
            assert isinstance(top, FuncOp)
            private[top.sym_name.data] = top
        else:  # nested modules too: their references keep outer helpers alive
            roots.append(top)
    live: set[str] = set()
    work = [name for r in roots for name in referenced_symbols(r)]
    while work:
        name = work.pop()
        if name in live or name not in private:
            continue
        live.add(name)
        work.extend(referenced_symbols(private[name]))
    for name, func in private.items():
        if name not in live:
            module.body.block.erase_op(func)
