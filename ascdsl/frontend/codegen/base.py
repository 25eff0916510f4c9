"""The code generator's core: scopes, the statement/expression driver, errors and locations.

`CodegenBase` walks a function's AST: `stmt` and `expr` dispatch on the AST node class to the
`stmt_<Node>` / `expr_<Node>` methods its subclasses define (control_flow.py, expressions.py,
calls.py), and turn any failure into a CompilationError at the node. It also holds what those
share: name lookup, child regions, and merging the values two branches give one variable.
"""

from __future__ import annotations

import ast
import builtins
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from xdsl.dialects import func
from xdsl.ir import Attribute, Block

from ..dtypes import DataType
from ..errors import CompilationError, KernelLanguageError
from ..function import BUILTINS, FunctionSource, closure_vars
from ..values import (
    REAL,
    ConstExpr,
    IRValue,
    PlainValue,
    describe,
    materialize,
    promote,
    python_dtype,
    to_bool,
)
from .session import Session, check_signature

if TYPE_CHECKING:
    from ..kernel import JITFunction


# --- scopes ------------------------------------------------------------------------------------


class Undefined:
    """A name that exists but cannot be used here; `reason` says why (located)."""

    __slots__ = ("reason",)

    def __init__(self, reason: str):
        self.reason = reason


_MISSING = object()


class Scope:
    """Variables of one region; lookups fall back to the enclosing region's scope."""

    __slots__ = ("vars", "parent")

    def __init__(self, parent: Scope | None = None):
        self.vars: dict[str, Any] = {}
        self.parent = parent

    def lookup(self, name: str) -> Any:
        """The innermost binding of `name`, or the _MISSING marker."""
        s: Scope | None = self
        while s is not None:
            v = s.vars.get(name, _MISSING)
            if v is not _MISSING:
                return v
            s = s.parent
        return _MISSING


def assigned_names(stmts: Sequence[ast.stmt]) -> list[str]:
    """Names a statement list may (re)bind, in source order (loop targets of nested loops
    excepted: they do not survive their loop)."""
    out: dict[str, None] = {}

    def _target(t: ast.expr) -> None:
        if isinstance(t, ast.Name):
            out[t.id] = None
        elif isinstance(t, (ast.Tuple, ast.List)):
            for e in t.elts:
                _target(e)

    def _walk(body: Sequence[ast.stmt]) -> None:
        for s in body:
            if isinstance(s, ast.Assign):
                for t in s.targets:
                    _target(t)
            elif isinstance(s, (ast.AugAssign, ast.AnnAssign)):
                if not (isinstance(s, ast.AnnAssign) and s.value is None):
                    _target(s.target)
            elif isinstance(s, ast.With):
                for item in s.items:
                    if item.optional_vars is not None:
                        _target(item.optional_vars)
                _walk(s.body)
            elif isinstance(s, (ast.If, ast.While)):
                _walk(s.body)
                _walk(s.orelse)
            elif isinstance(s, ast.For):
                _walk(s.body)

    _walk(stmts)
    return list(out)


# Statements and expressions pyasc rejects, with the message to give.
_REJECTED: dict[type, str] = {
    ast.Break: "'break' is not supported in a JIT function",
    ast.Continue: "'continue' is not supported in a JIT function",
    ast.Try: "'try' is not supported in a JIT function",
    ast.Raise: "'raise' is not supported in a JIT function",
    ast.Global: "'global' is not supported in a JIT function",
    ast.Nonlocal: "'nonlocal' is not supported in a JIT function",
    ast.Import: "'import' is not supported in a JIT function; import at module level",
    ast.ImportFrom: "'import' is not supported in a JIT function; import at module level",
    ast.Delete: "'del' is not supported in a JIT function",
    ast.FunctionDef: "Nested functions are not supported",
    ast.AsyncFunctionDef: "Nested functions are not supported",
    ast.ClassDef: "class definitions are not supported in a JIT function",
    ast.AsyncFor: "'async for' is not supported in a JIT function",
    ast.AsyncWith: "'async with' is not supported in a JIT function",
    ast.Lambda: "'lambda' is not supported in a JIT function",
    ast.Yield: "'yield' is not supported in a JIT function",
    ast.YieldFrom: "'yield from' is not supported in a JIT function",
    ast.Await: "'await' is not supported in a JIT function",
    ast.NamedExpr: "assignment expressions (':=') are not supported in a JIT function",
    ast.ListComp: "comprehensions are not supported in a JIT function",
    ast.SetComp: "comprehensions are not supported in a JIT function",
    ast.DictComp: "comprehensions are not supported in a JIT function",
    ast.GeneratorExp: "generator expressions are not supported in a JIT function",
}
for _name in ("TryStar", "Match"):
    if hasattr(ast, _name):
        _REJECTED[getattr(ast, _name)] = (
            f"'{'try' if _name == 'TryStar' else 'match'}' is not supported in a JIT function"
        )


class _Return(Exception):
    """Unwinds the statement walk after a top-level `return` (the rest is unreachable)."""


class CodegenBase:
    """Generates the body of one `func.func` from one Python function (see the module doc)."""

    def __init__(self, session: Session, jitfn: JITFunction, is_kernel: bool):
        self.session = session
        self.builder = session.builder
        self.jitfn = jitfn
        self.source: FunctionSource = jitfn.source
        self.globals = jitfn.fn.__globals__
        self.closure = closure_vars(jitfn.fn)
        self.is_kernel = is_kernel
        self.scope = Scope()
        self.depth = 0  # > 0 inside a runtime region or an unrolled loop
        self.returns: list[IRValue] | None = None
        self.func_op: func.FuncOp | None = None
        self._locs: dict[tuple[int, int], Attribute] = {}
        # f-strings format runtime values as a description (a failing assert's message)
        self.describing_runtime_values = False

    # AST node class -> the method that generates it (`stmt_If`, `expr_Call`, ...).
    _handlers: dict[type, Callable[..., Any]] = {}

    @classmethod
    def _register_handlers(cls) -> None:
        for name in dir(cls):
            for prefix in ("stmt_", "expr_"):
                if name.startswith(prefix):
                    node_cls = getattr(ast, name[len(prefix):], None)
                    if isinstance(node_cls, type):
                        cls._handlers[node_cls] = getattr(cls, name)

    # -- errors and locations -----------------------------------------------------------------

    def error(self, node: ast.AST, message: str) -> CompilationError:
        """A CompilationError at `node`."""
        return CompilationError.at(self.source.loc(node), message)

    def _set_loc(self, node: ast.AST) -> None:
        key = (getattr(node, "lineno", 0), getattr(node, "col_offset", 0))
        loc = self._locs.get(key)
        if loc is None:
            src = self.source.loc(node)
            loc = self._locs[key] = self.builder.location(src.file, src.line, src.col)
        self.builder.loc = loc

    def check_signature(self) -> None:
        """pyasc's parameter rules for this function."""
        check_signature(self.source, allow_defaults=not self.is_kernel)

    # -- driver --------------------------------------------------------------------------------

    def run(self, fop: func.FuncOp, entry: Block, params: dict[str, Any]) -> None:
        """Generate the function's body into `entry` with `params` bound."""
        self.func_op = fop
        b = self.builder
        self.scope.vars.update(params)
        with b.in_function(fop, entry):
            self._set_loc(self.source.node)
            try:
                self.statements(self.source.node.body)
            except _Return:
                pass
            if self.returns is None:
                self._set_loc(self.source.node)
                b.insert(func.ReturnOp())
                self.returns = []

    def statements(self, stmts: Sequence[ast.stmt]) -> None:
        """Generate a statement list in the current scope."""
        for s in stmts:
            self.stmt(s)

    def stmt(self, node: ast.stmt) -> None:
        """Generate one statement; any failure becomes a CompilationError at it."""
        self._set_loc(node)
        method = self._handler(node)
        try:
            method(self, node)
        except (CompilationError, _Return):
            raise
        except Exception as e:  # noqa: BLE001 - every failure becomes a located error
            raise self._wrap(node, e) from None

    def expr(self, node: ast.expr) -> Any:
        """Evaluate an expression: a Python value or a runtime value (emitting its IR)."""
        saved = self.builder.loc
        self._set_loc(node)
        method = self._handler(node)
        try:
            return method(self, node)
        except CompilationError:
            raise
        except Exception as e:  # noqa: BLE001
            raise self._wrap(node, e) from None
        finally:
            self.builder.loc = saved

    def _handler(self, node: ast.AST) -> Callable[..., Any]:
        """The `stmt_`/`expr_` method for `node`; a construct pyasc rejects is a located error."""
        method = self._handlers.get(type(node))
        if method is None:
            raise self.error(node, _REJECTED.get(
                type(node), f"{type(node).__name__} syntax is not supported in JIT function"
            ))
        return method

    def _wrap(self, node: ast.AST, e: Exception) -> CompilationError:
        if isinstance(e, KernelLanguageError):
            message = str(e)
        elif isinstance(e, RecursionError):
            message = "the kernel is nested too deeply to compile"
        else:
            message = f"{type(e).__name__}: {e}"
        err = self.error(node, message)
        err.__cause_internal__ = e  # type: ignore[attr-defined]
        return err

    # -- name resolution -----------------------------------------------------------------------

    def lookup(self, name: str, node: ast.AST) -> Any:
        """A name in the kernel: local scopes, closure, module globals, allowed builtins."""
        v = self.scope.lookup(name)
        if v is _MISSING:
            v = self.closure.get(name, _MISSING)
        if v is _MISSING:
            v = self.globals.get(name, _MISSING)
        if v is _MISSING:
            v = BUILTINS.get(name, _MISSING)
        if v is _MISSING:
            if name == "print" or getattr(builtins, name, None) is print:
                raise self.error(node, "NameError: print is not defined (print() is not supported "
                                       "in a JIT function; use asc.printf)")
            if hasattr(builtins, name):
                raise self.error(node, f"the builtin '{name}' is not supported in a JIT function")
            raise self.error(node, f"name '{name}' is not defined")
        if isinstance(v, Undefined):
            raise self.error(node, v.reason)
        return ConstExpr.unwrap(v)

    # -- shared by statements and expressions ---------------------------------------------------

    def condition(self, node: ast.expr) -> PlainValue | bool:
        """The truth of a condition: a Python bool, or an i1 runtime value."""
        value = self.expr(node)
        if isinstance(value, IRValue) and not isinstance(value, PlainValue):
            raise self.error(node, f"a condition must be a scalar, but {self.what(node, value)}")
        return to_bool(value)

    # -- messages in the user's terms -----------------------------------------------------------

    def what(self, node: ast.expr, value: Any) -> str:
        """`n is a runtime int32 value`: what the user wrote at `node`, and what it is."""
        text = ast.unparse(node)
        return f"{text if len(text) <= 40 else text[:37] + '...'} is a {describe(value)}"

    def check_subscript(self, node: ast.Subscript, base: Any, key: Any, store: bool = False):
        """Reject `base[key]` in the user's terms where Python would name a value class."""
        from ..kernel import CompiledKernel, JITFunction

        if isinstance(base, (JITFunction, CompiledKernel)):
            raise self.launch_error(node, ast.unparse(node.value))
        if isinstance(base, IRValue) and not hasattr(base, "__setitem__" if store else
                                                     "__getitem__"):
            what = "its elements cannot be assigned" if store else "it cannot be subscripted"
            raise self.error(node, f"{self.what(node.value, base)}; {what}")
        parts = (key.start, key.stop, key.step) if isinstance(key, slice) else (
            key if isinstance(key, tuple) else (key,))
        if isinstance(base, (list, tuple, dict, str, range)) and any(
                isinstance(ConstExpr.unwrap(k), IRValue) for k in parts):
            raise self.error(node, f"{self.what(node.slice, key)}; a Python "
                                   f"{type(base).__name__} can only be indexed with a value known "
                                   "at compile time")

    def launch_error(self, node: ast.AST, fn: str) -> CompilationError:
        """`kernel[core_num](...)` inside a kernel: only the host launches kernels."""
        return self.error(node, f"{ast.unparse(node)} launches a kernel, which only the host can "
                                f"do; call a JIT function from a kernel as {fn}(...)")

    @contextmanager
    def region(self, block: Block, bind: dict[str, Any] | None = None) -> Iterator[Scope]:
        """Generate into `block` with a fresh child scope."""
        saved_scope = self.scope
        self.scope = Scope(saved_scope)
        if bind:
            self.scope.vars.update(bind)
        self.depth += 1
        try:
            with self.builder.at_end_of(block):
                yield self.scope
        finally:
            self.depth -= 1
            self.scope = saved_scope

    def _unify(
        self, node: ast.AST, name: str, t: Any, e: Any, then_block: Block, else_block: Block
    ) -> tuple[IRValue, IRValue]:
        """The two branch values of `name` as IR values of one type (materialized in place)."""
        if _is_scalarish(t) and _is_scalarish(e):
            dtype = _joint_dtype(t, e)
            if dtype is None:
                raise self.error(
                    node,
                    f"'{name}' is {_kind_text(t)} in the then-branch but {_kind_text(e)} in the "
                    "else-branch of the runtime if",
                )
            with self.builder.at_end_of(then_block):
                tv = materialize(t, dtype)
            with self.builder.at_end_of(else_block):
                ev = materialize(e, dtype)
            return tv, ev
        self._same_kind(node, name, e, t, "re-assigned")  # else: the value before
        return t, e

    def _same_kind(self, node: ast.AST, name: str, a: Any, b: Any, verb: str) -> None:
        if not isinstance(a, IRValue) or not isinstance(b, IRValue) or type(a) is not type(b):
            raise self.error(
                node,
                f"'{name}' was {verb} to an object with different type: initial type is "
                f"{describe(a)}, new type is {describe(b)}",
            )
        if a.to_ir().type != b.to_ir().type:
            raise self.error(
                node,
                f"'{name}' was {verb} to a value of another type: {a.to_ir().type} and "
                f"{b.to_ir().type}",
            )


# --- helpers -----------------------------------------------------------------------------------


def _is_number(v: Any) -> bool:
    return isinstance(v, REAL) and not isinstance(v, IRValue)


def _is_scalarish(v: Any) -> bool:
    return isinstance(v, PlainValue) or _is_number(v)


def _same_constant(a: Any, b: Any) -> bool:
    if a is b:
        return True
    if isinstance(a, IRValue) or isinstance(b, IRValue) or type(a) is not type(b):
        return False
    try:
        return bool(a == b)
    except Exception:  # noqa: BLE001 - exotic __eq__
        return False


def _joint_dtype(a: Any, b: Any) -> DataType | None:
    """The type two branch values (runtime scalars or numbers) are yielded as; None if they
    cannot share one without changing a runtime value's type."""
    if isinstance(a, PlainValue) and isinstance(b, PlainValue):
        return a.dtype if a.dtype == b.dtype else None
    if isinstance(a, PlainValue) or isinstance(b, PlainValue):
        pv, other = (a, b) if isinstance(a, PlainValue) else (b, a)
        if isinstance(other, float) and not isinstance(other, bool) and not pv.dtype.is_float():
            return None
        return pv.dtype
    return promote(python_dtype(a), python_dtype(b))


def _kind_text(v: Any) -> str:
    if isinstance(v, PlainValue):
        return f"a {v.dtype.name} value"
    return describe(v)
