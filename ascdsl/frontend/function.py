"""The Python source of a jit function: its AST, where it is in its file, what it refers to."""

from __future__ import annotations

import ast
import builtins
import inspect
import linecache
import textwrap
import types
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

import numpy as np

from ascdsl.diagnostics import SOURCES, Loc

from .dtypes import DataType
from .values import ConstExpr


@dataclass
class FunctionSource:
    """A function's source: the dedented text, its `def` node and the file position of line 1."""

    name: str
    filename: str
    first_line: int
    indent: int
    lines: list[str]
    text: str
    node: ast.FunctionDef
    def_loc: Loc = field(init=False)

    def __post_init__(self) -> None:
        self.def_loc = self.loc(self.node)

    def loc(self, node: ast.AST) -> Loc:
        """The file:line:col (1-based column) of an AST node of this function."""
        lineno = getattr(node, "lineno", self.node.lineno)
        col = getattr(node, "col_offset", 0)
        text = self.lines[lineno - 1] if 0 < lineno <= len(self.lines) else ""
        chars = len(text.encode("utf-8")[:col].decode("utf-8", errors="ignore"))
        return Loc(self.filename, self.first_line + lineno - 1, self.indent + chars + 1)


class SourceUnavailable(Exception):
    """The source of a function cannot be read (defined interactively, or compiled code only)."""


def read_source(fn: Callable) -> FunctionSource:
    """Parse `fn`'s source; decorators are kept so line numbers match the file.

    A file is parsed once (its `def` nodes indexed by line); only code that has no file
    (exec'd text) goes through `inspect`, one function at a time.
    """
    code = fn.__code__
    found = _from_file(code.co_filename, code.co_firstlineno, fn.__name__)
    if found is not None:
        return found
    return _from_inspect(fn)


# filename -> (the linecache list it was parsed from, {first line: def node})
_FILE_DEFS: dict[str, tuple[list[str], dict[int, ast.AST]]] = {}


def _from_file(filename: str, first_line: int, name: str) -> FunctionSource | None:
    linecache.checkcache(filename)
    lines = linecache.getlines(filename)
    if not lines:
        return None
    cached = _FILE_DEFS.get(filename)
    if cached is None or cached[0] is not lines:
        try:
            tree = ast.parse("".join(lines), filename)
        except (SyntaxError, ValueError):
            return None
        defs: dict[int, ast.AST] = {}
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                start = node.decorator_list[0].lineno if node.decorator_list else node.lineno
                defs[start] = node
                defs.setdefault(node.lineno, node)
        cached = _FILE_DEFS[filename] = (lines, defs)
    node = cached[1].get(first_line)
    if node is None or node.name != name:  # type: ignore[attr-defined]
        return None
    start = node.decorator_list[0].lineno if node.decorator_list else node.lineno  # type: ignore[attr-defined]
    end = node.end_lineno or node.lineno  # type: ignore[attr-defined]
    return FunctionSource(
        name=name,
        filename=filename,
        first_line=1,
        indent=0,
        lines=[ln.rstrip("\n") for ln in lines],
        text="".join(lines[start - 1 : end]),
        node=node,  # type: ignore[arg-type]
    )


def _from_inspect(fn: Callable) -> FunctionSource:
    try:
        raw_lines, first_line = inspect.getsourcelines(fn)
    except (OSError, TypeError) as e:
        raise SourceUnavailable(
            f"cannot read the source of '{getattr(fn, '__qualname__', fn)}': {e}"
        ) from None
    raw = "".join(raw_lines)
    text = textwrap.dedent(raw)
    first = raw_lines[0] if raw_lines else ""
    dedented_first = text.splitlines()[0] if text else ""
    indent = len(first.rstrip("\n")) - len(dedented_first)
    tree = ast.parse(text)
    if len(tree.body) != 1 or not isinstance(tree.body[0], (ast.FunctionDef, ast.AsyncFunctionDef)):
        raise SourceUnavailable(f"'{fn.__qualname__}' is not a plain function definition")
    filename = fn.__code__.co_filename
    if not linecache.getline(filename, first_line):
        # Not a readable file (exec'd code): make the text available to diagnostics.
        SOURCES.register(filename, "\n" * (first_line - 1) + raw)
    return FunctionSource(
        name=fn.__name__,
        filename=filename,
        first_line=first_line,
        indent=max(indent, 0),
        lines=text.splitlines(),
        text=text,
        node=tree.body[0],  # type: ignore[arg-type]
    )


def closure_vars(fn: Callable) -> dict[str, Any]:
    """The values of the function's free variables (a kernel defined inside a function)."""
    code = fn.__code__
    if not fn.__closure__:
        return {}
    out = {}
    for name, cell in zip(code.co_freevars, fn.__closure__):
        try:
            out[name] = cell.cell_contents
        except ValueError:  # not bound yet
            pass
    return out


def is_simple_constant(value: Any) -> bool:
    """A value whose repr identifies it across processes (part of the cache key)."""
    if value is None or isinstance(value, (bool, int, float, str, bytes, DataType, Enum)):
        return True
    if isinstance(value, ConstExpr):
        return is_simple_constant(value.value)
    if isinstance(value, (tuple, frozenset)):
        return all(is_simple_constant(v) for v in value)
    return False


def constant_key(value: Any) -> str | None:
    """Text that identifies a constant a kernel reads by its value (part of the cache key), or
    None when the value has none. Lists and dicts count: a kernel made by a factory reads them
    from its closure, and two such kernels must not share a compiled entry."""
    if is_simple_constant(value):
        return f"{type(value).__name__}:{value!r}"
    if isinstance(value, (list, tuple)):
        parts = [constant_key(v) for v in value]
        if None in parts:
            return None
        return f"{type(value).__name__}[" + ", ".join(parts) + "]"  # type: ignore[arg-type]
    if isinstance(value, dict):
        items = [(constant_key(k), constant_key(v)) for k, v in value.items()]
        if any(k is None or v is None for k, v in items):
            return None
        return "dict{" + ", ".join(sorted(f"{k}: {v}" for k, v in items)) + "}"
    if isinstance(value, np.generic):
        return f"numpy.{type(value).__name__}:{value.item()!r}"
    return None


class Snapshot:
    """A container constant's key when compiled: a list changed in place is a new value."""

    __slots__ = ("key",)

    def __init__(self, key: str):
        self.key = key


def watched(value: Any) -> tuple[Any, str] | None:
    """What a kernel's dependency list keeps of a constant it read, and its key (None: not a
    constant): an immutable one itself (checked by identity first, for dispatch speed), a
    container its `Snapshot`."""
    key = constant_key(value)
    if key is None:
        return None
    return (value if is_simple_constant(value) else Snapshot(key)), key


def unchanged(kept: Any, current: Any) -> bool:
    """Whether a global a kernel read still holds what `watched` (or the object) kept."""
    if current is kept:
        return True
    if isinstance(kept, Snapshot):
        return constant_key(current) == kept.key
    return type(current) is type(kept) and is_simple_constant(kept) and current == kept


def is_code(value: Any) -> bool:
    """A module, class or callable: what a kernel calls, not data it reads at compile time."""
    return isinstance(value, (types.ModuleType, type)) or callable(value)


@dataclass
class Reference:
    """A global or closure name a function reads: where it was found and what it held."""

    name: str
    namespace: dict[str, Any] | None  # the globals dict (None: a closure cell value)
    value: Any


def references(source: FunctionSource, globals_: dict[str, Any], closure: dict[str, Any]) -> list[Reference]:
    """Names the function reads from its globals or closure (locals and builtins excluded),
    plus `module.attr` reads of modules, e.g. `helpers.copy_in`."""
    node = source.node
    local_names = {a.arg for a in node.args.args + node.args.posonlyargs + node.args.kwonlyargs}
    loads: list[ast.AST] = []
    for sub in ast.walk(node):
        if isinstance(sub, ast.Name):
            if isinstance(sub.ctx, ast.Store):
                local_names.add(sub.id)
            else:
                loads.append(sub)
        elif isinstance(sub, ast.Attribute) and isinstance(sub.value, ast.Name):
            loads.append(sub)
    seen: dict[str, Reference] = {}
    for sub in loads:
        if isinstance(sub, ast.Name):
            name = sub.id
            if name in local_names or name in seen:
                continue
            if name in closure:
                seen[name] = Reference(name, None, closure[name])
            elif name in globals_:
                seen[name] = Reference(name, globals_, globals_[name])
        else:
            base_name = sub.value.id  # type: ignore[attr-defined]
            base = closure.get(base_name, globals_.get(base_name))
            if isinstance(base, types.ModuleType) and not base.__name__.startswith("ascdsl"):
                key = f"{base_name}.{sub.attr}"  # type: ignore[attr-defined]
                if key not in seen and hasattr(base, sub.attr):  # type: ignore[attr-defined]
                    seen[key] = Reference(sub.attr, vars(base), getattr(base, sub.attr))  # type: ignore[attr-defined]
    return list(seen.values())


BUILTINS: dict[str, Any] = {
    name: getattr(builtins, name)
    for name in (
        "abs", "all", "any", "bool", "dict", "divmod", "enumerate", "float", "getattr",
        "hasattr", "int", "isinstance", "issubclass", "len", "list", "max", "min", "range",
        "repr", "reversed", "round", "sorted", "str", "sum", "tuple", "type", "zip",
    )
}
