"""MLIR's `arith` dialect: xDSL's, reading `arith.select` in both of MLIR's forms.

MLIR writes `arith.select %c, %a, %b : i32` and also reads (and pyasc's tests write) the form
that names the condition's type, `arith.select %c, %a, %b : i1, i32`; xDSL reads the first
only. xDSL 0.74 declares `arith.extsi` without `Pure` (MLIR's, like every integer cast of
arith, is `Pure`), so its CSE keeps two equal sign extensions apart and canonicalize keeps an
unused one: ascdsl's `extsi` is `Pure`. Everything else is xDSL's `arith`.
"""

from __future__ import annotations

from xdsl.dialects import arith as xarith
from xdsl.dialects.builtin import i1
from xdsl.ir import Dialect
from xdsl.irdl import traits_def
from xdsl.parser import Parser
from xdsl.traits import Pure


class SelectOp(xarith.SelectOp):
    """`arith.select %cond, %a, %b : T` (or `: i1, T`): `cond ? a : b`."""

    @classmethod
    def parse(cls, parser: Parser) -> SelectOp:
        cond = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        lhs = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        rhs = parser.parse_unresolved_operand()
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        types = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_type)
        if len(types) > 2:
            parser.raise_error("expected the result type, or the condition's and the result's")
        cond_type = types[0] if len(types) == 2 else i1
        t = types[-1]
        op = cls.create(
            operands=[parser.resolve_operand(cond, cond_type), parser.resolve_operand(lhs, t),
                      parser.resolve_operand(rhs, t)],
            result_types=[t],
        )
        op.attributes.update(attrs)
        return op


class ExtSIOp(xarith.ExtSIOp):
    """`arith.extsi %x : i32 to i64`: sign extension, Pure as MLIR declares it (pyasc's CSE
    merges the two `extsi` of one kernel argument that two queue sizes start from)."""

    traits = traits_def(Pure())


_OURS = {xarith.SelectOp: SelectOp, xarith.ExtSIOp: ExtSIOp}

Arith = Dialect(
    "arith",
    [_OURS.get(op, op) for op in xarith.Arith.operations],
    list(xarith.Arith.attributes),
)
