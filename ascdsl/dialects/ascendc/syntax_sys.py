"""Hand-written syntax for system ops whose pyasc forms a declarative format cannot read.

pyasc's lit files and its dumps spell these ops two ways, and both must read:

- no operands and no results: `ascendc.set_atomic_add {dtype = f16} : () -> ()` in the lit
  files, `ascendc.set_atomic_add  {dtype = f16} : ` (nothing after the colon) in the IR
  pyasc's tools print. ascdsl prints the second, blanks and all: it is what MLIR's printer
  generates for pyasc's format `operands attr-dict : type(operands)` with no operands (a
  blank for the empty operand list, one before the colon, one for the empty type list), so
  ascdsl-opt's output equals pyasc's dumps byte for byte.
- a result of one fixed type: `%0 = ascendc.get_icache_preload_status : i64`, or
  `%0 = ascendc.get_icache_preload_status  : ` with the type left out, as pyasc's tools
  print it (and ascdsl, for the default type);
- the workspaces of NotifyNextBlock / WaitPreBlock, qualified or not (`WorkspaceTypes`).
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.ir import Attribute
from xdsl.irdl import IRDLOperation
from xdsl.irdl.declarative_assembly_format import (
    CustomDirective,
    ParsingState,
    PrintingState,
    TypeDirective,
    irdl_custom_directive,
)
from xdsl.parser import Parser
from xdsl.printer import Printer

from .types import GlobalTensorType, LocalTensorType


def _split(cls: type[IRDLOperation], attrs: dict[str, Attribute]):
    defn = cls.get_irdl_definition()
    props = {k: attrs.pop(k) for k in list(attrs) if k in defn.properties}
    return props, attrs


def _print_dict(op: IRDLOperation, printer: Printer) -> None:
    entries = {**op.properties, **op.attributes}
    if entries:
        printer.print_string(" ")
        printer.print_attr_dict(dict(sorted(entries.items())))


class UnitFunctionSyntax(IRDLOperation):
    """Mixin (listed first): `attr-dict : () -> ()`, the `() -> ()` optional when read."""

    @classmethod
    def parse(cls, parser: Parser):
        attrs = dict(parser.parse_optional_attr_dict())
        parser.parse_punctuation(":")
        if parser.parse_optional_punctuation("(") is not None:
            parser.parse_punctuation(")")
            parser.parse_punctuation("->")
            parser.parse_punctuation("(")
            parser.parse_punctuation(")")
        props, attrs = _split(cls, attrs)
        return cls.create(properties=props, attributes=attrs)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")  # the empty operand list
        _print_dict(self, printer)
        printer.print_string(" : ")  # and the empty list of its types


class DefaultResultSyntax(IRDLOperation):
    """Mixin (listed first): `attr-dict : type`, the type DEFAULT_RESULT when left out."""

    DEFAULT_RESULT: ClassVar[Attribute]

    @classmethod
    def parse(cls, parser: Parser):
        attrs = dict(parser.parse_optional_attr_dict())
        parser.parse_punctuation(":")
        t = parser.parse_optional_type()
        props, attrs = _split(cls, attrs)
        return cls.create(properties=props, attributes=attrs,
                          result_types=[t if t is not None else cls.DEFAULT_RESULT])

    def print(self, printer: Printer) -> None:
        t = self.results[0].type
        if t == self.DEFAULT_RESULT:
            # pyasc's text (`%0 = ascendc.get_icache_preload_status  : `): MLIR's generated
            # printer for `operands attr-dict : type(operands)`, the result type implied.
            printer.print_string(" ")
            _print_dict(self, printer)
            printer.print_string(" : ")
            return
        _print_dict(self, printer)
        printer.print_string(" : ")
        printer.print_attribute(t)


@irdl_custom_directive
class WorkspaceTypes(CustomDirective):
    """`!ascendc.global_tensor<*xi32>, !ascendc.local_tensor<*xi32>` (the lit files), or the
    unqualified `<*xi32>, <*xi32>` pyasc's frontend prints for NotifyNextBlock and
    WaitPreBlock, whose operands have one type class each. Prints the unqualified form, as
    MLIR's generated printer does for an operand constrained to one type class."""

    gm: TypeDirective
    ub: TypeDirective

    def parse(self, parser: Parser, state: ParsingState) -> bool:
        for directive, cls in ((self.gm, GlobalTensorType), (self.ub, LocalTensorType)):
            if directive is self.ub:
                parser.parse_punctuation(",")
            t = parser.parse_optional_type()
            if t is None:
                t = cls.new(cls.parse_parameters(parser))
            directive.set(state, (t,))
        return True

    def print(self, printer: Printer, state: PrintingState, op: IRDLOperation) -> None:
        state.print_whitespace(printer)
        (g,) = self.gm.get(op)
        (u,) = self.ub.get(op)
        g.print_parameters(printer)  # type: ignore[attr-defined]
        printer.print_string(", ")
        u.print_parameters(printer)  # type: ignore[attr-defined]
