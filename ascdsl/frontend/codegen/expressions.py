"""Expressions: names, attributes, literals, subscripts, operators, comparisons, `a if c else b`.

A value known while compiling is computed in Python; an operator on a runtime value emits IR
through the value classes (`values.py`), so this module knows no op. Calls are in calls.py.
"""

from __future__ import annotations

import ast
import operator
import types as pytypes
from collections.abc import Callable, Sequence
from typing import Any

from xdsl.dialects import scf
from xdsl.ir import Block, Region

from ..dtypes import DataType
from ..values import ConstExpr, IRValue, PlainValue, describe, logical
from .base import CodegenBase, _is_scalarish

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
    # `a @ b` on tiles (asc2's matmul operator); numbers and scalars have no __matmul__
    ast.MatMult: operator.matmul,
}
_CMPOPS: dict[type, Callable[[Any, Any], Any]] = {
    ast.Eq: operator.eq,
    ast.NotEq: operator.ne,
    ast.Lt: operator.lt,
    ast.LtE: operator.le,
    ast.Gt: operator.gt,
    ast.GtE: operator.ge,
}


class Expressions(CodegenBase):
    """The `expr_*` handlers (but `expr_Call`)."""

    def expr_Constant(self, node: ast.Constant) -> Any:
        return node.value

    def expr_Name(self, node: ast.Name) -> Any:
        return self.lookup(node.id, node)

    def expr_Attribute(self, node: ast.Attribute) -> Any:
        base = self.expr(node.value)
        try:
            if isinstance(base, IRValue) and node.attr.startswith("_"):
                raise AttributeError(node.attr)
            return ConstExpr.unwrap(getattr(base, node.attr))
        except AttributeError:
            if isinstance(base, (IRValue, DataType)):
                raise self.error(node, f"{self.what(node.value, base)}; it has no attribute "
                                       f"'{node.attr}'") from None
            if isinstance(base, pytypes.ModuleType):
                what = f"module '{base.__name__}'"
            elif isinstance(base, type):
                what = f"'{base.__name__}'"
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
        self.check_subscript(node, base, key)
        return ConstExpr.unwrap(base[key])

    def expr_JoinedStr(self, node: ast.JoinedStr) -> str:
        return "".join(str(self.expr(v)) if not isinstance(v, ast.Constant) else v.value for v in node.values)

    def expr_FormattedValue(self, node: ast.FormattedValue) -> str:
        value = self.expr(node.value)
        if isinstance(value, IRValue) and self.describing_runtime_values:
            return f"<runtime {value.describe()}>"
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
        return self._apply(fn, lhs, rhs, node, f"unsupported operands {describe(lhs)} and "
                                               f"{describe(rhs)}{_symbol(node)}")

    def _apply(self, fn: Callable[[Any, Any], Any], lhs: Any, rhs: Any, node: ast.AST,
               refusal: str) -> Any:
        """`fn(lhs, rhs)`, or the located `refusal` where the operands do not support it (the
        TypeError Python would raise names the frontend's value classes)."""
        try:
            result = fn(lhs, rhs)
        except TypeError as e:
            if not _python_operand_error(e, lhs, rhs):
                raise
            result = NotImplemented
        if result is NotImplemented:
            raise self.error(node, refusal)
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
        fn = {ast.USub: operator.neg, ast.UAdd: operator.pos}.get(type(node.op), operator.invert)
        try:
            return fn(v)
        except TypeError as e:
            if not _python_operand_error(e, v):
                raise
            sym = {ast.USub: "-", ast.UAdd: "+"}.get(type(node.op), "~")
            raise self.error(node, f"unary '{sym}' is not supported: "
                                   f"{self.what(node.operand, v)}") from None

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
        return self._apply(_CMPOPS[type(op)], lhs, rhs, node,
                           f"cannot compare {describe(lhs)} and {describe(rhs)}")

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


_SYMBOLS = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.FloorDiv: "//",
            ast.Mod: "%", ast.Pow: "**", ast.LShift: "<<", ast.RShift: ">>", ast.BitAnd: "&",
            ast.BitOr: "|", ast.BitXor: "^", ast.MatMult: "@"}


def _symbol(node: ast.AST) -> str:
    """` for '+'`: the operator of a BinOp / AugAssign node, for messages."""
    sym = _SYMBOLS.get(type(getattr(node, "op", None)))
    return f" for '{sym}'" if sym else ""


def _python_operand_error(e: TypeError, *operands: Any) -> bool:
    """Python's own 'unsupported operand' TypeError on a runtime value (it names the class)."""
    text = str(e)
    return any(isinstance(v, IRValue) for v in operands) and (
        text.startswith(("unsupported operand type", "bad operand type"))
        or "not supported between instances of" in text)
