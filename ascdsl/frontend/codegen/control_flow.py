"""Statements: assignment, return, assert, with, and control flow (`if`, `for`, `while`).

A compile-time condition keeps one branch; a runtime one is an `scf.if` whose results are the
variables the branches assign. `range` / `asc.range` loops are `scf.for`, `while` is
`scf.while`, each carrying the variables its body reassigns; `asc.static_range` is unrolled.
"""

from __future__ import annotations

import ast
import builtins
from collections.abc import Sequence
from typing import Any

from xdsl.dialects import func, scf
from xdsl.ir import Block, Region

from .. import dtypes as dt
from ..errors import KernelLanguageError
from ..language.core import range as asc_range
from ..language.core import STATIC_RANGE_LIMIT, static_range
from ..language.tensor import GlobalTensor
from ..values import REAL, ConstExpr, IRValue, PlainValue, describe, is_int_like, materialize
from .base import (
    _MISSING,
    CodegenBase,
    Scope,
    Undefined,
    _is_number,
    _is_scalarish,
    _Return,
    _same_constant,
    assigned_names,
)
from .expressions import _BINOPS


class ControlFlow(CodegenBase):
    """The `stmt_*` handlers."""

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
            self.check_subscript(t, obj, key)
            self.check_subscript(t, obj, key, store=True)
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
            self.check_subscript(target, obj, key, store=True)
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
            setter = getattr(type(obj), "set_member", None)
            if setter is None:
                raise self.error(node, f"cannot set attribute '{attr}' of a {describe(obj)}")
            setter(obj, attr, value)  # a struct value: its field (emitasc.set_member)
            return
        setattr(obj, attr, value)

    def stmt_Return(self, node: ast.Return) -> None:
        if self.depth:
            raise self.error(node, "Return statement is not allowed in nested blocks")
        value = self.expr(node.value) if node.value is not None else None
        if self.is_kernel and value is not None:
            raise self.error(node, "JIT kernel function cannot return objects")
        # pyasc returns a list as it returns a tuple: one result per element.
        values = [] if value is None else list(value) if isinstance(value, (tuple, list)) else [value]
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
            # The message of an assert that fails at compile time may format runtime values
            # (`f"... {n}"`): they print as what they are, since there is no value to show.
            self.describing_runtime_values = True
            try:
                msg = self.expr(node.msg) if node.msg is not None else None
            finally:
                self.describing_runtime_values = False
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

    def stmt_If(self, node: ast.If) -> None:
        cond = self.condition(node.test)
        if not isinstance(cond, PlainValue):
            self.statements(node.body if cond else node.orelse)
            return
        self._set_loc(node)
        self.runtime_if(node, cond)

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
            # len(range) is an OverflowError past sys.maxsize; this is its count for any size
            trips = max(0, -((rng.start - rng.stop) // rng.step))
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
