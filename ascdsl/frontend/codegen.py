"""Python AST -> IR: a kernel and the jit functions it calls become `func.func`s.

The code generator walks the kernel's AST once. Values known while compiling (numbers,
dtypes, enums, ConstExpr parameters) are evaluated in Python; everything else is a runtime
value (`values.IRValue`) and produces IR:

- `if` on a compile-time condition keeps one branch; on a runtime condition it is an
  `scf.if` whose results are the variables the branches assign;
- `for i in range(...)` / `asc.range` is an `scf.for` carrying the variables its body
  reassigns; `asc.static_range` is unrolled;
- `while` is an `scf.while` carrying the variables its body reassigns;
- a call of another `@jit` function is a `func.call` of a private `func.func` specialized on
  the argument types and ConstExpr values (inlined later by the pass pipeline).

Everything outside pyasc's supported syntax is a `CompilationError` at the offending line.
"""

from __future__ import annotations

import ast
import builtins
import operator
import types as pytypes
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Any

from xdsl.dialects import func, scf
from xdsl.dialects.builtin import FunctionType, ModuleOp, UnitAttr
from xdsl.ir import Attribute, Block, Region

from ascdsl.diagnostics import Loc
from ascdsl.dialects.gm import gm_pointer_type

from . import dtypes as dt
from .builder import Builder, activate
from .dtypes import DataType
from .errors import CompilationError, KernelLanguageError
from .function import BUILTINS, FunctionSource, closure_vars
from .language.core import range as asc_range
from .language.core import STATIC_RANGE_LIMIT, static_range
from .language.tensor import GlobalTensor
from .values import (
    REAL,
    ConstExpr,
    GlobalAddress,
    IRValue,
    PlainValue,
    describe,
    is_int_like,
    logical,
    materialize,
    promote,
    python_dtype,
    to_bool,
)

if TYPE_CHECKING:
    from .kernel import JITFunction


# --- argument kinds (the specialization of a kernel) -------------------------------------------


@dataclass(frozen=True)
class ArgKind:
    """How a runtime kernel argument is passed: a GM pointer to `dtype`, or a `dtype` scalar."""

    pointer: bool
    dtype: DataType

    def ir_type(self) -> Attribute:
        """The kernel argument's IR type."""
        return gm_pointer_type(self.dtype.ir) if self.pointer else self.dtype.ir

    def __str__(self) -> str:
        return f"{self.dtype.name}*" if self.pointer else self.dtype.name


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


# --- compilation session -----------------------------------------------------------------------


@dataclass
class _Instance:
    name: str
    returns: list[IRValue] | None


@dataclass
class Session:
    """State of one kernel compilation: the module, the builder, the generated sub-functions."""

    module: ModuleOp
    builder: Builder
    instances: dict[tuple, _Instance] = field(default_factory=dict)
    symbols: set[str] = field(default_factory=set)
    stack: list[Any] = field(default_factory=list)
    unrolled: int = 0  # static_range iterations unrolled so far (see STATIC_RANGE_LIMIT)

    def unique_symbol(self, name: str) -> str:
        """`name`, or `name_N` if a function of that name exists already."""
        candidate, n = name, 0
        while candidate in self.symbols:
            n += 1
            candidate = f"{name}_{n}"
        self.symbols.add(candidate)
        return candidate


def compile_kernel(
    jitfn: JITFunction, kinds: Sequence[ArgKind], constexprs: dict[str, Any]
) -> tuple[ModuleOp, bool]:
    """Generate the IR of a kernel for one specialization.

    Returns the verified module and whether it uses LocalTensorAuto. Raises CompilationError.
    """
    module = ModuleOp([])
    builder = Builder(module)
    session = Session(module, builder)
    source = jitfn.source
    session.symbols.add(source.name)
    runtime_names = [n for n in jitfn.param_names if n not in constexprs]
    with activate(builder):
        gen = FunctionCodegen(session, jitfn, is_kernel=True)
        gen.check_signature()
        types = [k.ir_type() for k in kinds]
        entry = Block(arg_types=types)
        fop = func.FuncOp(source.name, (types, []), Region(entry))
        fop.attributes["ascendc.global"] = UnitAttr()
        fop.location = builder.location(*_loc_tuple(source.def_loc))
        module.body.block.add_op(fop)
        params: dict[str, Any] = dict(constexprs)
        for arg, name, kind in zip(entry.args, runtime_names, kinds):
            arg.name_hint = name
            params[name] = (
                GlobalAddress(arg, kind.dtype) if kind.pointer else PlainValue(arg, kind.dtype)
            )
        session.stack.append(jitfn)
        gen.run(fop, entry, params)
        session.stack.pop()
    verify(module)
    return module, builder.uses_auto_tensors


def _loc_tuple(loc: Loc) -> tuple[str, int, int]:
    return (loc.file, loc.line, loc.col)


def verify(module: ModuleOp) -> None:
    """Run every op's verifier and the dominance / scope rules (a value made inside a runtime
    `if` or loop body is only visible there); report failures at the kernel lines of the ops
    (CompilationError)."""
    from ascdsl.diagnostics import verify_diagnostics

    found = verify_diagnostics(module)
    if found:
        raise CompilationError(found)


def check_signature(source: FunctionSource) -> None:
    """pyasc's rules for jit function parameters (CompilationError at the parameter)."""
    args = source.node.args

    def _error(node: ast.AST, message: str) -> CompilationError:
        return CompilationError.at(source.loc(node), message)

    if isinstance(source.node, ast.AsyncFunctionDef):
        raise _error(source.node, "async functions are not supported")
    if args.defaults:
        first = args.args[len(args.args) - len(args.defaults)]
        raise _error(first, "Default values for function arguments are not supported")
    if args.posonlyargs:
        raise _error(args.posonlyargs[0], "Positional-only arguments are not supported")
    if args.kwonlyargs:
        raise _error(args.kwonlyargs[0], "Keyword-only arguments are not supported")
    if args.vararg or args.kwarg:
        raise _error(args.vararg or args.kwarg,  # type: ignore[arg-type]
                    "*args and **kwargs are not supported in a JIT function")


# --- the code generator ------------------------------------------------------------------------

_BINOPS: dict[type, Callable[[Any, Any], Any]] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.Div: operator.truediv,
    ast.FloorDiv: operator.floordiv,
    ast.Mod: operator.mod,
    ast.Pow: operator.pow,
    ast.LShift: operator.lshift,
    ast.RShift: operator.rshift,
    ast.BitAnd: operator.and_,
    ast.BitOr: operator.or_,
    ast.BitXor: operator.xor,
}
_CMPOPS: dict[type, Callable[[Any, Any], Any]] = {
    ast.Eq: operator.eq,
    ast.NotEq: operator.ne,
    ast.Lt: operator.lt,
    ast.LtE: operator.le,
    ast.Gt: operator.gt,
    ast.GtE: operator.ge,
}

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


class FunctionCodegen:
    """Generates the body of one `func.func` from one Python function."""

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
        check_signature(self.source)

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
        method = self._handlers.get(type(node))
        if method is None:
            raise self.error(node, _REJECTED.get(
                type(node), f"{type(node).__name__} syntax is not supported in JIT function"
            ))
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
        method = self._handlers.get(type(node))
        if method is None:
            raise self.error(node, _REJECTED.get(
                type(node), f"{type(node).__name__} syntax is not supported in JIT function"
            ))
        try:
            return method(self, node)
        except CompilationError:
            raise
        except Exception as e:  # noqa: BLE001
            raise self._wrap(node, e) from None
        finally:
            self.builder.loc = saved

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
                raise self.error(node, "print() is not supported in a JIT function; use asc.printf")
            if hasattr(builtins, name):
                raise self.error(node, f"the builtin '{name}' is not supported in a JIT function")
            raise self.error(node, f"name '{name}' is not defined")
        if isinstance(v, Undefined):
            raise self.error(node, v.reason)
        return ConstExpr.unwrap(v)

    # -- statements ----------------------------------------------------------------------------

    def stmt_Expr(self, node: ast.Expr) -> None:
        self.expr(node.value)

    def stmt_Pass(self, node: ast.Pass) -> None:
        pass

    def stmt_Assign(self, node: ast.Assign) -> None:
        if len(node.targets) != 1:
            raise self.error(node, "Assignment operator must have exactly one target")
        value = self.expr(node.value)
        self.assign(node.targets[0], value)

    def stmt_AnnAssign(self, node: ast.AnnAssign) -> None:
        if node.value is None:
            return
        self.assign(node.target, self.expr(node.value))

    def stmt_AugAssign(self, node: ast.AugAssign) -> None:
        t = node.target
        rhs = self.expr(node.value)
        fn = _BINOPS.get(type(node.op))
        if fn is None:
            raise self.error(node, f"operator {type(node.op).__name__} is not supported")
        if isinstance(t, ast.Name):
            cur = self.lookup(t.id, t)
            self.scope.vars[t.id] = self._binop(fn, cur, rhs, node)
        elif isinstance(t, ast.Subscript):
            obj, key = self.expr(t.value), self.expr(t.slice)
            obj[key] = self._binop(fn, obj[key], rhs, node)
        elif isinstance(t, ast.Attribute):
            obj = self.expr(t.value)
            self._setattr(obj, t.attr, self._binop(fn, getattr(obj, t.attr), rhs, node), t)
        else:
            raise self.error(node, f"{type(t).__name__} is not supported as left operand of AugAssign")

    def assign(self, target: ast.expr, value: Any) -> None:
        """Bind an assignment target (name, tuple, subscript or attribute) to `value`."""
        if isinstance(target, ast.Name):
            self.scope.vars[target.id] = value
        elif isinstance(target, (ast.Tuple, ast.List)):
            if any(isinstance(e, ast.Starred) for e in target.elts):
                raise self.error(target, "starred assignment targets are not supported")
            if isinstance(value, IRValue):
                raise self.error(target, f"cannot unpack a {describe(value)}")
            try:
                values = list(value)
            except TypeError:
                raise self.error(target, f"cannot unpack {describe(value)}") from None
            if len(values) != len(target.elts):
                raise self.error(
                    target,
                    "Assignment operator must have equal number of names and values, got "
                    f"{len(target.elts)} names and {len(values)} values",
                )
            for t, v in zip(target.elts, values):
                self.assign(t, v)
        elif isinstance(target, ast.Subscript):
            obj, key = self.expr(target.value), self.expr(target.slice)
            try:
                obj[key] = value
            except TypeError as e:
                raise self.error(target, f"TypeError: {e}") from None
        elif isinstance(target, ast.Attribute):
            self._setattr(self.expr(target.value), target.attr, value, target)
        else:
            raise self.error(target, "Assignment target must be name or tuple of names")

    def _setattr(self, obj: Any, attr: str, value: Any, node: ast.AST) -> None:
        if isinstance(obj, IRValue):
            raise self.error(node, f"cannot set attribute '{attr}' of a {describe(obj)}")
        setattr(obj, attr, value)

    def stmt_Return(self, node: ast.Return) -> None:
        if self.depth:
            raise self.error(node, "Return statement is not allowed in nested blocks")
        value = self.expr(node.value) if node.value is not None else None
        if self.is_kernel and value is not None:
            raise self.error(node, "JIT kernel function cannot return objects")
        values = [] if value is None else list(value) if isinstance(value, tuple) else [value]
        out: list[IRValue] = []
        for v in values:
            v = ConstExpr.unwrap(v)
            if isinstance(v, GlobalTensor):
                v.to_ir()
            if isinstance(v, IRValue):
                out.append(v)
            elif isinstance(v, REAL):
                out.append(materialize(v))
            else:
                raise self.error(node, f"a JIT function can only return runtime values or numbers, "
                                       f"got {describe(v)}")
        self.builder.insert(func.ReturnOp(*[v.to_ir() for v in out]))
        self.returns = out
        raise _Return()

    def stmt_Assert(self, node: ast.Assert) -> None:
        test = self.expr(node.test)
        if isinstance(test, IRValue):
            raise self.error(node, "assert needs a condition known at compile time "
                                   "(runtime checks are not supported)")
        if not test:
            msg = self.expr(node.msg) if node.msg is not None else None
            raise self.error(node, f"AssertionError: {msg}" if msg is not None else "AssertionError")

    def stmt_With(self, node: ast.With) -> None:
        if len(node.items) != 1:
            raise self.error(node, "Only one item in with-statement is supported")
        item = node.items[0]
        ctx = self.expr(item.context_expr)
        if not hasattr(ctx, "__enter__"):
            raise self.error(item.context_expr, f"{describe(ctx)} is not a context manager")
        entered = ctx.__enter__()
        if item.optional_vars is not None:
            self.assign(item.optional_vars, entered)
        self.statements(node.body)
        ctx.__exit__(None, None, None)

    # -- control flow --------------------------------------------------------------------------

    def condition(self, node: ast.expr) -> PlainValue | bool:
        """The truth of a condition: a Python bool, or an i1 runtime value."""
        value = self.expr(node)
        if isinstance(value, IRValue) and not isinstance(value, PlainValue):
            raise self.error(
                node,
                f"Condition expression must be evaluated as PlainValue, got {describe(value)}",
            )
        return to_bool(value)

    def stmt_If(self, node: ast.If) -> None:
        cond = self.condition(node.test)
        if not isinstance(cond, PlainValue):
            self.statements(node.body if cond else node.orelse)
            return
        self._set_loc(node)
        self.runtime_if(node, cond)

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

    def runtime_if(self, node: ast.If, cond: PlainValue) -> None:
        """`scf.if` whose results are the variables the branches (re)assign."""
        line = node.lineno + self.source.first_line - 1
        then_block, else_block = Block(), Block()
        with self.region(then_block) as then_scope:
            self.statements(node.body)
        with self.region(else_block) as else_scope:
            self.statements(node.orelse)
        outer = self.scope
        merged: list[tuple[str, Any, Any]] = []
        for name in dict.fromkeys([*then_scope.vars, *else_scope.vars]):
            t = then_scope.vars.get(name, _MISSING)
            e = else_scope.vars.get(name, _MISSING)
            t = outer.lookup(name) if t is _MISSING else t
            e = outer.lookup(name) if e is _MISSING else e
            if t is _MISSING or e is _MISSING or isinstance(t, Undefined) or isinstance(e, Undefined):
                outer.vars[name] = Undefined(
                    f"'{name}' is assigned in only one branch of the runtime if at line {line}; "
                    "assign it before the if or in both branches to use it after the if"
                )
                continue
            merged.append((name, ConstExpr.unwrap(t), ConstExpr.unwrap(e)))
        yields: list[tuple[str, IRValue, IRValue]] = []
        for name, t, e in merged:
            if not isinstance(t, IRValue) and not isinstance(e, IRValue):
                if _same_constant(t, e):
                    outer.vars[name] = t
                    continue
                if not (_is_number(t) and _is_number(e)):
                    outer.vars[name] = Undefined(
                        f"'{name}' gets different compile-time values in the branches of the "
                        f"runtime if at line {line}, so its value after the if is unknown"
                    )
                    continue
            tv, ev = self._unify(node, name, t, e, then_block, else_block)
            yields.append((name, tv, ev))
        loc = self.builder.loc
        then_yield = scf.YieldOp(*[tv.to_ir() for _, tv, _ in yields])
        else_yield = scf.YieldOp(*[ev.to_ir() for _, _, ev in yields])
        then_yield.location = else_yield.location = loc
        then_block.add_op(then_yield)
        else_block.add_op(else_yield)
        types = [tv.to_ir().type for _, tv, _ in yields]
        if_op = self.builder.insert(scf.IfOp(cond.value, types, Region(then_block), Region(else_block)))
        for (name, tv, _), res in zip(yields, if_op.results):
            outer.vars[name] = tv.rebind(res)

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
        self._same_kind(node, name, t, e, "re-assigned")
        return t, e

    def _same_kind(self, node: ast.AST, name: str, a: Any, b: Any, verb: str) -> None:
        if not isinstance(a, IRValue) or not isinstance(b, IRValue) or type(a) is not type(b):
            raise self.error(
                node,
                f"'{name}' was {verb} to an object with different type: initial type is "
                f"{type(a).__name__}, new type is {type(b).__name__}",
            )
        if a.to_ir().type != b.to_ir().type:
            raise self.error(
                node,
                f"'{name}' was {verb} to a value of another type: {a.to_ir().type} and "
                f"{b.to_ir().type}",
            )

    def stmt_For(self, node: ast.For) -> None:
        if node.orelse:
            raise self.error(node, "else statement is not allowed after for-loop")
        if not isinstance(node.target, ast.Name):
            raise self.error(node.target, "For-loop target must be an identifier")
        it = node.iter
        fn = self.expr(it.func) if isinstance(it, ast.Call) else None
        if fn is None or not (fn is builtins.range or fn is asc_range or fn is static_range):
            raise self.error(
                it,
                "Only for-loops with range or asc.range or asc.static_range are supported",
            )
        if any(isinstance(a, ast.Starred) for a in it.args) or it.keywords:
            raise self.error(it, "range arguments must be given positionally")
        bounds = [self.expr(a) for a in it.args]
        self._set_loc(node)
        try:
            rng = (static_range if fn is static_range else asc_range)(*bounds)
        except KernelLanguageError as e:
            raise self.error(it, str(e)) from None
        if fn is static_range:
            trips = len(builtins.range(rng.start, rng.stop, rng.step))
            self.session.unrolled += trips
            if self.session.unrolled > STATIC_RANGE_LIMIT:
                raise self.error(
                    it,
                    f"asc.static_range would unroll {trips:,} iterations here "
                    f"({self.session.unrolled:,} in this kernel); at most "
                    f"{STATIC_RANGE_LIMIT:,} are unrolled per kernel. Use range() or asc.range() "
                    "for a loop that runs on the device",
                )
            self.depth += 1
            try:
                for i in builtins.range(rng.start, rng.stop, rng.step):
                    self.scope.vars[node.target.id] = i
                    self.statements(node.body)
            finally:
                self.depth -= 1
            return
        self.runtime_for(node, rng.start, rng.stop, rng.step)

    def _carried(self, node: ast.AST, stmts: Sequence[ast.stmt], exclude: str | None) -> list[tuple[str, IRValue]]:
        """Variables a loop body reassigns that exist before the loop, with their initial IR values."""
        carried = []
        for name in assigned_names(stmts):
            if name == exclude:
                continue
            v = self.scope.lookup(name)
            if v is _MISSING or isinstance(v, Undefined):
                continue
            v = ConstExpr.unwrap(v)
            if isinstance(v, GlobalTensor) and v.value is None:
                continue
            if isinstance(v, IRValue):
                carried.append((name, v))
            elif _is_number(v):
                carried.append((name, materialize(v)))
        return carried

    def _loop_exit(self, node: ast.AST, outer: Scope, body_scope: Scope,
                   carried: list[tuple[str, IRValue]], kind: str,
                   target: str | None = None) -> list[IRValue]:
        """The values a loop body yields for its carried variables (materialized at the end of
        the body); names the body defines are marked unusable after the loop in `outer`."""
        line = getattr(node, "lineno", 0) + self.source.first_line - 1
        carried_names = {n for n, _ in carried}
        if target is not None:
            carried_names.add(target)
        yields = []
        for name, init in carried:
            v = ConstExpr.unwrap(body_scope.vars.get(name, init))
            if isinstance(v, Undefined):
                raise self.error(node, v.reason)
            if isinstance(init, PlainValue) and _is_scalarish(v):
                if isinstance(v, PlainValue) and v.dtype != init.dtype:
                    raise self.error(
                        node,
                        f"'{name}' is {init.dtype.name} before the {kind} but {v.dtype.name} at "
                        "the end of its body; a loop-carried variable keeps its type",
                    )
                if not isinstance(v, PlainValue) and isinstance(v, float) and not init.dtype.is_float():
                    raise self.error(
                        node, f"'{name}' is {init.dtype.name} before the {kind} but gets a float in it"
                    )
                yields.append(materialize(v, init.dtype))
            else:
                self._same_kind(node, name, init, v, "re-assigned in the loop")
                yields.append(v)
        for name, v in body_scope.vars.items():
            if name in carried_names:
                continue
            before = outer.lookup(name)
            if before is _MISSING or isinstance(before, Undefined):
                outer.vars[name] = Undefined(
                    f"'{name}' is only defined inside the {kind} body at line {line}; define it "
                    "before the loop to use it after the loop"
                )
            elif not _same_constant(ConstExpr.unwrap(before), ConstExpr.unwrap(v)):
                if isinstance(v, IRValue) or isinstance(before, IRValue):
                    raise self.error(node, f"'{name}' cannot be carried through the {kind}")
                raise self.error(
                    node,
                    f"'{name}' is re-assigned inside the runtime {kind} to a different "
                    f"compile-time value ({describe(v)}); it cannot change from one iteration to "
                    "the next",
                )
        return yields

    def runtime_for(self, node: ast.For, start: Any, stop: Any, step: Any) -> None:
        """`scf.for` carrying the variables its body reassigns."""
        for what, v in (("start", start), ("stop", stop), ("step", step)):
            if not is_int_like(v):
                raise self.error(node.iter, f"range {what} must be an integer, got {describe(v)}")
        if not isinstance(step, IRValue) and int(step) <= 0:
            raise self.error(
                node.iter,
                f"range step must be positive in a runtime loop, got {step} "
                "(use asc.static_range to unroll other ranges)",
            )
        ivs = [v for v in (start, stop, step) if isinstance(v, PlainValue)]
        idt = ivs[0].dtype if ivs and all(v.dtype == ivs[0].dtype for v in ivs) else dt.int32
        if idt.kind not in ("int", "index"):
            idt = dt.int32
        lb, ub, st = (materialize(v, idt) for v in (start, stop, step))
        target = node.target.id  # type: ignore[attr-defined]
        carried = self._carried(node, node.body, exclude=target)
        body = Block(arg_types=[idt.ir, *[v.to_ir().type for _, v in carried]])
        body.args[0].name_hint = target
        bind: dict[str, Any] = {target: PlainValue(body.args[0], idt)}
        for (name, v), arg in zip(carried, body.args[1:]):
            bind[name] = v.rebind(arg)
        outer = self.scope
        with self.region(body, bind) as body_scope:
            self.statements(node.body)
            self._set_loc(node)
            yields = self._loop_exit(node, outer, body_scope, carried, "for-loop", target)
            self.builder.insert(scf.YieldOp(*[v.to_ir() for v in yields]))
        self._set_loc(node)
        for_op = self.builder.insert(
            scf.ForOp(lb.value, ub.value, st.value, [v.to_ir() for _, v in carried], body)
        )
        for (name, v), res in zip(carried, for_op.results):
            self.scope.vars[name] = v.rebind(res)
        line = node.lineno + self.source.first_line - 1
        if self.scope.lookup(target) is _MISSING:
            self.scope.vars[target] = Undefined(
                f"'{target}' is the variable of the for-loop at line {line} and is not defined "
                "after the loop"
            )

    def stmt_While(self, node: ast.While) -> None:
        if node.orelse:
            raise self.error(node, "else statement is not allowed after while-loop")
        carried = self._carried(node, node.body, exclude=None)
        types = [v.to_ir().type for _, v in carried]
        before, after = Block(arg_types=types), Block(arg_types=types)
        with self.region(before, {n: v.rebind(a) for (n, v), a in zip(carried, before.args)}):
            cond = self.condition(node.test)
            if isinstance(cond, PlainValue):
                self._set_loc(node)
                self.builder.insert(scf.ConditionOp(cond.value, *before.args))
        if not isinstance(cond, PlainValue):
            if not cond:
                return
            raise self.error(
                node.test,
                "the while condition is always true and 'break' is not supported, so the loop "
                "would never end",
            )
        outer = self.scope
        bind = {n: v.rebind(a) for (n, v), a in zip(carried, after.args)}
        with self.region(after, bind) as body_scope:
            self.statements(node.body)
            self._set_loc(node)
            yields = self._loop_exit(node, outer, body_scope, carried, "while-loop")
            self.builder.insert(scf.YieldOp(*[v.to_ir() for v in yields]))
        self._set_loc(node)
        op = self.builder.insert(
            scf.WhileOp([v.to_ir() for _, v in carried], types, Region(before), Region(after))
        )
        for (name, v), res in zip(carried, op.results):
            self.scope.vars[name] = v.rebind(res)

    # -- expressions ---------------------------------------------------------------------------

    def expr_Constant(self, node: ast.Constant) -> Any:
        return node.value

    def expr_Name(self, node: ast.Name) -> Any:
        return self.lookup(node.id, node)

    def expr_Attribute(self, node: ast.Attribute) -> Any:
        base = self.expr(node.value)
        if isinstance(base, IRValue) and node.attr.startswith("_"):
            raise self.error(node, f"'{type(base).__name__}' object has no attribute '{node.attr}'")
        try:
            return ConstExpr.unwrap(getattr(base, node.attr))
        except AttributeError:
            if isinstance(base, pytypes.ModuleType):
                what = f"module '{base.__name__}'"
            else:
                what = f"'{type(base).__name__}' object"
            raise self.error(node, f"{what} has no attribute '{node.attr}'") from None

    def expr_Tuple(self, node: ast.Tuple) -> tuple:
        return tuple(self._elements(node.elts))

    def expr_List(self, node: ast.List) -> list:
        return self._elements(node.elts)

    def _elements(self, elts: Sequence[ast.expr]) -> list:
        out: list = []
        for e in elts:
            if isinstance(e, ast.Starred):
                v = self.expr(e.value)
                if isinstance(v, IRValue):
                    raise self.error(e, f"cannot unpack a {describe(v)}")
                out.extend(v)
            else:
                out.append(self.expr(e))
        return out

    def expr_Dict(self, node: ast.Dict) -> dict:
        out = {}
        for k, v in zip(node.keys, node.values):
            if k is None:
                out.update(self.expr(v))
            else:
                out[self.expr(k)] = self.expr(v)
        return out

    def expr_Slice(self, node: ast.Slice) -> slice:
        return slice(
            self.expr(node.lower) if node.lower else None,
            self.expr(node.upper) if node.upper else None,
            self.expr(node.step) if node.step else None,
        )

    def expr_Subscript(self, node: ast.Subscript) -> Any:
        base = self.expr(node.value)
        key = self.expr(node.slice)
        return ConstExpr.unwrap(base[key])

    def expr_JoinedStr(self, node: ast.JoinedStr) -> str:
        return "".join(str(self.expr(v)) if not isinstance(v, ast.Constant) else v.value for v in node.values)

    def expr_FormattedValue(self, node: ast.FormattedValue) -> str:
        value = self.expr(node.value)
        if isinstance(value, IRValue):
            raise self.error(node, "f-strings can only format compile-time values; use asc.printf "
                                   "for runtime values")
        spec = self.expr(node.format_spec) if node.format_spec is not None else ""
        conv = {115: str, 114: repr, 97: ascii}.get(node.conversion)
        return format(conv(value) if conv else value, spec)

    def _binop(self, fn: Callable[[Any, Any], Any], lhs: Any, rhs: Any, node: ast.AST) -> Any:
        lhs, rhs = ConstExpr.unwrap(lhs), ConstExpr.unwrap(rhs)
        if fn is operator.pow and (isinstance(lhs, IRValue) or isinstance(rhs, IRValue)):
            raise self.error(node, "'**' is not supported on runtime values")
        result = fn(lhs, rhs)
        if result is NotImplemented:
            raise self.error(node, f"unsupported operands {describe(lhs)} and {describe(rhs)}")
        return result

    def expr_BinOp(self, node: ast.BinOp) -> Any:
        fn = _BINOPS.get(type(node.op))
        if fn is None:
            raise self.error(node, f"operator {type(node.op).__name__} is not supported")
        lhs = self.expr(node.left)
        rhs = self.expr(node.right)
        return self._binop(fn, lhs, rhs, node)

    def expr_UnaryOp(self, node: ast.UnaryOp) -> Any:
        v = self.expr(node.operand)
        if isinstance(node.op, ast.Not):
            if isinstance(v, PlainValue):
                return v.logical_not()
            if isinstance(v, IRValue):
                raise self.error(node, f"'not' needs a scalar, got a {describe(v)}")
            return not v
        if isinstance(node.op, ast.USub):
            return -v
        if isinstance(node.op, ast.UAdd):
            return +v
        return ~v

    def expr_BoolOp(self, node: ast.BoolOp) -> Any:
        if len(node.values) != 2:
            raise self.error(node, "Chained boolean operators are not supported, group pairs "
                                   "with parentheses")
        is_and = isinstance(node.op, ast.And)
        lhs = self.expr(node.values[0])
        if not isinstance(lhs, IRValue):
            if bool(lhs) != is_and:  # short-circuit, as Python
                return lhs
            return self.expr(node.values[1])
        rhs = self.expr(node.values[1])
        if isinstance(rhs, IRValue) and not isinstance(rhs, PlainValue):
            raise self.error(node, f"'{'and' if is_and else 'or'}' needs scalars, got {describe(rhs)}")
        if not isinstance(lhs, PlainValue):
            raise self.error(node, f"'{'and' if is_and else 'or'}' needs scalars, got {describe(lhs)}")
        return logical("and" if is_and else "or", lhs, rhs)

    def expr_Compare(self, node: ast.Compare) -> Any:
        if len(node.ops) != 1 or len(node.comparators) != 1:
            raise self.error(node, "Only simple comparison is supported (one operation, one "
                                   "comparator)")
        lhs = self.expr(node.left)
        rhs = self.expr(node.comparators[0])
        op = node.ops[0]
        if isinstance(op, ast.Is):
            return lhs is rhs
        if isinstance(op, ast.IsNot):
            return lhs is not rhs
        if isinstance(op, (ast.In, ast.NotIn)):
            if isinstance(lhs, IRValue) or isinstance(rhs, IRValue):
                raise self.error(node, "'in' needs values known at compile time")
            return (lhs in rhs) if isinstance(op, ast.In) else (lhs not in rhs)
        fn = _CMPOPS[type(op)]
        result = fn(lhs, rhs)
        if result is NotImplemented:
            raise self.error(node, f"cannot compare {describe(lhs)} and {describe(rhs)}")
        return result

    def expr_IfExp(self, node: ast.IfExp) -> Any:
        cond = self.condition(node.test)
        if not isinstance(cond, PlainValue):
            return self.expr(node.body if cond else node.orelse)
        then_block, else_block = Block(), Block()
        with self.region(then_block):
            t = self.expr(node.body)
        with self.region(else_block):
            e = self.expr(node.orelse)
        if not (_is_scalarish(t) and _is_scalarish(e)) and not (
            isinstance(t, IRValue) and isinstance(e, IRValue)
        ):
            raise self.error(node, "Conditional operator must have numeric or runtime results")
        tv, ev = self._unify(node, "the conditional expression", t, e, then_block, else_block)
        for block, v in ((then_block, tv), (else_block, ev)):
            y = scf.YieldOp(v.to_ir())
            y.location = self.builder.loc
            block.add_op(y)
        op = self.builder.insert(
            scf.IfOp(cond.value, [tv.to_ir().type], Region(then_block), Region(else_block))
        )
        return tv.rebind(op.results[0])

    def expr_Call(self, node: ast.Call) -> Any:
        fn = self.expr(node.func)
        args = self._elements(node.args)
        kwargs: dict[str, Any] = {}
        for kw in node.keywords:
            if kw.arg is None:
                kwargs.update(self.expr(kw.value))
            else:
                kwargs[kw.arg] = self.expr(kw.value)
        from .kernel import JITFunction

        if isinstance(fn, JITFunction):
            return self.call_jit(fn, args, kwargs, node)
        if fn is print:
            raise self.error(node, "print() is not supported in a JIT function; use asc.printf")
        if not callable(fn):
            raise self.error(node, f"{type(fn).__name__} instance is not callable")
        return ConstExpr.unwrap(fn(*args, **kwargs))

    # -- calls of other jit functions ----------------------------------------------------------

    def call_jit(self, callee: JITFunction, args: list, kwargs: dict, node: ast.Call) -> Any:
        """A `func.call` of the callee's specialization for these arguments."""
        session = self.session
        if callee in session.stack:
            raise self.error(node, f"recursive call of JIT function '{callee.__name__}' is not "
                                   "supported")
        try:
            bound = callee.signature.bind(*args, **kwargs)
        except TypeError as e:
            raise self.error(node, f"{callee.__name__}(): {e}") from None
        runtime: list[tuple[str, IRValue]] = []
        consts: dict[str, Any] = {}
        for name, value in bound.arguments.items():
            raw = value
            value = ConstExpr.unwrap(value)
            if name in callee.constexpr_params or isinstance(raw, ConstExpr):
                if isinstance(value, IRValue):
                    raise self.error(
                        node,
                        f"{callee.__name__}(): '{name}' is a ConstExpr parameter but got a "
                        f"{describe(value)}",
                    )
                callee.check_constexpr(name, value)
                consts[name] = value
            elif isinstance(value, GlobalTensor) and value.value is None:
                raise self.error(node, f"{callee.__name__}(): '{name}' is a GlobalTensor used "
                                       "before set_global_buffer()")
            elif isinstance(value, IRValue):
                runtime.append((name, value))
            elif isinstance(value, REAL) and not isinstance(value, Enum):
                runtime.append((name, materialize(value)))
            else:
                consts[name] = value  # Python objects (dtypes, enums, ...) specialize the callee
        key = (
            id(callee),
            tuple((n, type(v).__name__, str(v.to_ir().type)) for n, v in runtime),
            tuple((n, _const_key(v)) for n, v in consts.items()),
        )
        inst = session.instances.get(key)
        if inst is None:
            inst = self._instantiate(callee, runtime, consts, key, node)
        call = self.builder.insert(
            func.CallOp(inst.name, [v.to_ir() for _, v in runtime],
                        [r.to_ir().type for r in inst.returns or []])
        )
        results = [tmpl.rebind(res) for tmpl, res in zip(inst.returns or [], call.results)]
        if not results:
            return None
        return results[0] if len(results) == 1 else tuple(results)

    def _instantiate(self, callee: JITFunction, runtime: list[tuple[str, IRValue]],
                     consts: dict[str, Any], key: tuple, node: ast.Call) -> _Instance:
        session = self.session
        try:
            source = callee.source
        except Exception as e:  # noqa: BLE001 - unreadable source
            raise self.error(node, str(e)) from None
        name = session.unique_symbol(source.name)
        types = [v.to_ir().type for _, v in runtime]
        entry = Block(arg_types=types)
        fop = func.FuncOp(name, (types, []), Region(entry), visibility="private")
        fop.location = self.builder.location(*_loc_tuple(source.def_loc))
        session.module.body.block.add_op(fop)
        params: dict[str, Any] = dict(consts)
        for (pname, v), arg in zip(runtime, entry.args):
            arg.name_hint = pname
            params[pname] = v.rebind(arg)
        inst = _Instance(name, None)
        session.instances[key] = inst
        gen = FunctionCodegen(session, callee, is_kernel=False)
        gen.check_signature()
        session.stack.append(callee)
        try:
            gen.run(fop, entry, params)
        finally:
            session.stack.pop()
        inst.returns = gen.returns or []
        fop.properties["function_type"] = FunctionType.from_lists(
            types, [r.to_ir().type for r in inst.returns]
        )
        return inst


FunctionCodegen._register_handlers()


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


def _const_key(value: Any) -> Any:
    try:
        hash(value)
        return (type(value).__name__, value)
    except TypeError:
        return (type(value).__name__, repr(value))

