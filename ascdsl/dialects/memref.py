"""MLIR's `memref` dialect: xDSL's, with `memref.cast` in MLIR's syntax
(`memref.cast %m : memref<2xi32> to memref<?xi32>`; xDSL has only the generic form)."""

from __future__ import annotations

from xdsl.dialects import memref as xmemref
from xdsl.ir import Dialect
from xdsl.parser import Parser
from xdsl.printer import Printer


class CastOp(xmemref.CastOp):
    """`memref.cast`: the same memory seen with a more or less static shape."""

    @classmethod
    def parse(cls, parser: Parser) -> CastOp:
        source = parser.parse_unresolved_operand()
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        source_type = parser.parse_type()
        parser.parse_keyword("to")
        dest_type = parser.parse_type()
        op = cls.create(operands=[parser.resolve_operand(source, source_type)],
                        result_types=[dest_type])
        op.attributes.update(attrs)
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.source)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.source.type)
        printer.print_string(" to ")
        printer.print_attribute(self.dest.type)


MemRef = Dialect(
    "memref",
    [CastOp if op is xmemref.CastOp else op for op in xmemref.MemRef.operations],
    list(xmemref.MemRef.attributes),
)
