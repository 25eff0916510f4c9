"""SSA names as MLIR's printer gives them (`%0`, `%arg0`, `%c5_i32`, `%0:2` / `%0#1`).

MLIR never keeps the names of a parsed file: it numbers values, names entry-block arguments
`%argN`, and lets an op suggest names for its results (OpAsmOpInterface::getAsmResultNames:
`arith.constant` -> `%c5_i32`, `%c0`, `%cst`, `%true`; `memref.alloca` -> `%alloca`). pyasc's
dumps and the CHECK lines of its lit suite are written in those names, so `ascdsl-opt` prints
them by default (xDSL's printer keeps the parsed names instead: `ascdsl-opt --keep-names`).

The numbering follows MLIR's SSANameState: a region's values are numbered first, then each
nested region continues from where its parent region's numbering ended. So sibling regions
reuse the same numbers (two `scf.for` in one function both have `%arg1`), each function starts
at `%0` / `%arg0`, and a suggested name that is taken gets `_N` from one counter per scope chain.

Where an op's names come from, first match wins: a class constant `ASM_RESULT_NAMES` (a tuple,
one name per result, for an ascdsl op whose Python field names are not pyasc's); the table of
upstream ops that name their results by hand; else, for an op declaring several results, the
names of its declarations, as mlir-tblgen generates them for ODS ops.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from xdsl.dialects.builtin import IndexType, IntegerAttr, IntegerType
from xdsl.ir import Block, OpResult, Operation, Region, SSAValue
from xdsl.irdl import IRDLOperation


def _constant_names(op: Operation) -> dict[int, str]:
    value, t = op.properties.get("value"), op.results[0].type
    if not isinstance(value, IntegerAttr):
        return {0: "cst"}
    if isinstance(t, IntegerType) and t.width.data == 1:
        return {0: "true" if value.value.data else "false"}
    if isinstance(t, IndexType):
        return {0: f"c{value.value.data}"}
    # MLIR prints the APInt signed, whatever the type's signedness (`%c-1_i32`, `%c-1_ui8`).
    v = value.value.data
    if isinstance(t, IntegerType):
        w = t.width.data
        v = v - (1 << w) if v >= 1 << (w - 1) else v
    return {0: f"c{v}_{t}"}


def _one(name: str) -> Callable[[Operation], dict[int, str]]:
    return lambda op: {0: name}


# Upstream ops whose C++ class writes getAsmResultNames by hand (MemRefOps.cpp, ArithOps.cpp),
# by op name (ascdsl replaces some of xDSL's classes, memref.cast among them). Ops with several
# named results that rely on ODS's generated method (arith.mului_extended: `%low, %high`) need
# no entry: `_ods_names` gives them the same names.
UPSTREAM_RESULT_NAMES: dict[str, Callable[[Operation], dict[int, str]]] = {
    "arith.constant": _constant_names,
    "memref.alloca": _one("alloca"),
    "memref.alloc": _one("alloc"),
    "memref.cast": _one("cast"),
    "memref.subview": _one("subview"),
    "memref.reinterpret_cast": _one("reinterpret_cast"),
    "memref.memory_space_cast": _one("memspacecast"),
    "memref.collapse_shape": _one("collapse_shape"),
    "memref.expand_shape": _one("expand_shape"),
    "memref.dim": _one("dim"),
    "memref.extract_aligned_pointer_as_index": _one("intptr"),
    "memref.assume_alignment": _one("assume_align"),
}


def _ods_names(op: Operation) -> dict[int, str]:
    """What mlir-tblgen generates for an op declaring more than one result (OpEmitter::
    genOpAsmInterface): each declared result, or the first value of a variadic one, is named
    after its declaration. pyasc's ops get their names this way (`%mrgSortList1, ...`), and so
    do ascdsl's, whose result declarations carry pyasc's names."""
    if not isinstance(op, IRDLOperation):
        return {}
    defs = type(op).get_irdl_definition().results
    if len(defs) < 2:
        return {}
    names: dict[int, str] = {}
    for field, _ in defs:
        value = getattr(op, field, None)
        if isinstance(value, OpResult):
            names[value.index] = field
        elif isinstance(value, Sequence) and value:
            names[value[0].index] = field
    return names


def suggested_names(op: Operation) -> dict[int, str]:
    """Result number -> the name the op suggests for it (MLIR's OpAsmOpInterface)."""
    explicit = getattr(type(op), "ASM_RESULT_NAMES", None)
    if explicit is not None:
        return {i: n for i, n in enumerate(explicit) if n}
    fn = UPSTREAM_RESULT_NAMES.get(op.name)
    return fn(op) if fn is not None else _ods_names(op)


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
    """The MLIR name of every value under `top`, and how each op's results are printed.

    `values` maps a value to its name as a use prints it (`c5_i32`, `0`, `0#1`, `sizes#1`);
    `groups` maps an op whose results do not print one by one to its result list
    (`0:2`, `base_buffer, %offset, %sizes:2, %strides:2`). With `generic`, ops suggest no
    names, as MLIR's printer does for `--mlir-print-op-generic` (everything is numbered).
    """

    def __init__(self, top: Operation, generic: bool = False) -> None:
        self.values: dict[SSAValue, str] = {}
        self.groups: dict[Operation, str] = {}
        self._generic = generic
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
        # MLIR's SSANameState::numberValuesInOp: named results first (in result order, one
        # conflict counter), then the first result gets a number if it has no name. Each
        # named result other than the first starts a result group; a result outside the
        # head of its group prints as `%head#k`.
        suggested = {} if self._generic else suggested_names(op)
        heads: dict[int, str] = {i: self._unique(suggested[i])
                                 for i in sorted(suggested) if 0 <= i < len(results)}
        if 0 not in heads:
            heads[0] = self._number()
        starts = sorted(heads)
        ends = starts[1:] + [len(results)]
        listed: list[str] = []
        for start, end in zip(starts, ends):
            head = heads[start]
            if end - start == 1:
                self.values[results[start]] = head
                listed.append(head)
            else:
                for k in range(start, end):
                    self.values[results[k]] = f"{head}#{k - start}"
                listed.append(f"{head}:{end - start}")
        if len(listed) != len(results):
            self.groups[op] = ", %".join(listed)
