"""SSA names as MLIR's printer gives them (`%0`, `%arg0`, `%c5_i32`, `%0:2` / `%0#1`).

MLIR never keeps the names of a parsed file: it numbers values, names entry-block arguments
`%argN`, and lets an op suggest names for its results (OpAsmOpInterface::getAsmResultNames:
`arith.constant` -> `%c5_i32`, `%c0`, `%cst`, `%true`; `memref.alloca` -> `%alloca`). pyasc's
dumps and the CHECK lines of its lit suite are written in those names, so `ascdsl-opt
--mlir-names` prints them (xDSL's printer keeps the parsed names instead).

The numbering follows MLIR's SSANameState: a region's values are numbered first, then each
nested region continues from where its parent region's numbering ended. So sibling regions
reuse the same numbers (two `scf.for` in one function both have `%arg1`), each function starts
at `%0` / `%arg0`, and a suggested name that is taken gets `_N` from one counter per scope chain.

An op suggests names by a class constant `ASM_RESULT_NAMES` (a tuple of names, one per
result; ascendc ops declare it beside their results); upstream ops by the table below.
"""

from __future__ import annotations

from collections.abc import Callable

from xdsl.dialects import arith, memref
from xdsl.dialects.builtin import IndexType, IntegerAttr, IntegerType
from xdsl.ir import Block, Operation, Region, SSAValue


def _constant_names(op: Operation) -> tuple[str | None, ...]:
    assert isinstance(op, arith.ConstantOp)
    value, t = op.value, op.result.type
    if not isinstance(value, IntegerAttr):
        return ("cst",)
    if isinstance(t, IntegerType) and t.width.data == 1:
        return ("true" if value.value.data else "false",)
    if isinstance(t, IndexType):
        return (f"c{value.value.data}",)
    # MLIR prints the APInt signed, whatever the type's signedness (`%c-1_i32`, `%c-1_ui8`).
    v = value.value.data
    if isinstance(t, IntegerType):
        w = t.width.data
        v = v - (1 << w) if v >= 1 << (w - 1) else v
    return (f"c{v}_{t}",)


# Upstream ops' suggested result names (MLIR's getAsmResultNames).
UPSTREAM_RESULT_NAMES: dict[type[Operation], Callable[[Operation], tuple[str | None, ...]]] = {
    arith.ConstantOp: _constant_names,
    memref.AllocaOp: lambda op: ("alloca",),
    memref.AllocOp: lambda op: ("alloc",),
    arith.MulUIExtendedOp: lambda op: ("low", "high"),
    arith.MulSIExtendedOp: lambda op: ("low", "high"),
}


def suggested_names(op: Operation) -> tuple[str | None, ...]:
    names = getattr(type(op), "ASM_RESULT_NAMES", None)
    if names is not None:
        return tuple(names)
    fn = UPSTREAM_RESULT_NAMES.get(type(op))
    return fn(op) if fn is not None else ()


class _Scope:
    """Names taken in a region and the regions around it (MLIR's scoped `usedNames`)."""

    __slots__ = ("names", "parent")

    def __init__(self, parent: _Scope | None) -> None:
        self.names: set[str] = set()
        self.parent = parent

    def __contains__(self, name: str) -> bool:
        s: _Scope | None = self
        while s is not None:
            if name in s.names:
                return True
            s = s.parent
        return False


class MlirNames:
    """The MLIR name of every value under `top`, and the ops printed as one result group."""

    def __init__(self, top: Operation) -> None:
        self.values: dict[SSAValue, str] = {}
        self.groups: dict[Operation, str] = {}  # op -> `0:2`, its results `0#0`, `0#1`
        self._next_value = 0
        self._next_arg = 0
        self._next_conflict = 0
        self._scope = _Scope(None)
        root_scope = self._scope
        stack: list[tuple[Region, int, int, int, _Scope]] = [
            (r, 0, 0, 0, root_scope) for r in reversed(top.regions)]
        while stack:
            region, self._next_value, self._next_arg, self._next_conflict, parent = stack.pop()
            self._scope = _Scope(parent)
            self._number_region(region)
            nested = [(r, self._next_value, self._next_arg, self._next_conflict, self._scope)
                      for block in region.blocks for op in block.ops for r in op.regions]
            # Popped in program order (the counters travel with each region, so the order only
            # decides which sibling is named first; MLIR walks them in program order too).
            stack.extend(reversed(nested))

    def _unique(self, name: str) -> str:
        if name in self._scope:
            while True:
                probe = f"{name}_{self._next_conflict}"
                self._next_conflict += 1
                if probe not in self._scope:
                    name = probe
                    break
        self._scope.names.add(name)
        return name

    def _number(self) -> str:
        self._next_value += 1
        return str(self._next_value - 1)

    def _number_region(self, region: Region) -> None:
        for i, block in enumerate(region.blocks):
            self._number_block(block, entry=i == 0)

    def _number_block(self, block: Block, entry: bool) -> None:
        for arg in block.args:
            if entry:
                self.values[arg] = self._unique(f"arg{self._next_arg}")
                self._next_arg += 1
            else:
                self.values[arg] = self._number()
        for op in block.ops:
            self._number_op(op)

    def _number_op(self, op: Operation) -> None:
        results = op.results
        if not results:
            return
        suggested = suggested_names(op)
        if len(results) > 1 and not any(suggested):
            base = self._number()
            self.groups[op] = f"{base}:{len(results)}"
            for i, r in enumerate(results):
                self.values[r] = f"{base}#{i}"
            return
        for i, r in enumerate(results):
            name = suggested[i] if i < len(suggested) else None
            self.values[r] = self._unique(name) if name else self._number()
