"""MLIR's `arith` dialect: xDSL's, reading `arith.select` in both of MLIR's forms.

MLIR writes `arith.select %c, %a, %b : i32` and also reads (and pyasc's tests write) the form
that names the condition's type, `arith.select %c, %a, %b : i1, i32`; xDSL reads the first
only. Everything else is xDSL's `arith`, with one trait MLIR has and xDSL 0.74 lacks:
`arith.extsi` is `Pure` in MLIR (as every integer cast of arith), so MLIR's CSE merges two equal
sign extensions and canonicalize drops an unused one (pyasc's test_quant_dynamic computes both
queue sizes from one `extsi`). `install_mlir_arith_traits` adds it to xDSL's class itself:
passes, the simulator and the printer dispatch on that class, so a subclass would not do.
"""

from __future__ import annotations

from xdsl.dialects import arith as xarith
from xdsl.dialects.builtin import i1
from xdsl.ir import Dialect
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


Arith = Dialect(
    "arith",
    [SelectOp if op is xarith.SelectOp else op for op in xarith.Arith.operations],
    list(xarith.Arith.attributes),
)


def install_mlir_arith_traits() -> None:
    """Give xDSL's `arith.extsi` MLIR's `Pure` (idempotent)."""
    if not xarith.ExtSIOp.has_trait(Pure):
        xarith.ExtSIOp.traits.add_trait(Pure())
