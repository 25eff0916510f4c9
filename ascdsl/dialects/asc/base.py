"""The op base of the `asc` dialect: facts on the class, checks with clear messages.

An `asc` op declares, next to its IR shape:

- `FORMULA`: for elementwise ops, the numpy expression of one element over `a` (the first
  tile), `b` (the second tile) and `s` (the scalar), as the `ascendc` families do. The
  reference simulator (`ascdsl.sim.lower.asc`) computes with it; the lowering passes never
  read it, they map ops onto Ascend C by class;
- `ENUMS`: integer properties that hold an enum (`CompareMode`, `ReduceKind`, ...), printed
  as keywords (`asc.cmp ge %x, %y`);
- `FLOAT_ONLY`: the op is defined on floating-point tiles only (exp, log, softmax, ...).

`verify_facts()` holds an op's rules; helpers below phrase the common ones, so every message
names what was expected and what was found.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import IntegerAttr, IntegerType, i1
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import IRDLOperation, irdl_op_definition
from xdsl.irdl.declarative_assembly_format import (
    CustomDirective,
    ParsingState,
    PrintingState,
    TypeDirective,
    irdl_custom_directive,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from ascdsl.dialects.ascendc.base import EnumKeyword
from ascdsl.dialects.ascendc.enums import AscEnum

from .types import TensorType, TileLocation, TileType, is_bool, is_float, is_numeric


class AscTileOp(IRDLOperation):
    """Base of every `asc` op; `tile_op` sets the facts."""

    FORMULA: ClassVar[str | None] = None
    ENUMS: ClassVar[dict[str, type[AscEnum]]] = {}
    FLOAT_ONLY: ClassVar[bool] = False
    SCALAR_MATH: ClassVar[type | None] = None

    def enum_value(self, prop: str) -> AscEnum:
        attr = self.properties[prop]
        assert isinstance(attr, IntegerAttr)
        return self.ENUMS[prop](attr.value.data)

    def verify_(self) -> None:
        for prop, enum in self.ENUMS.items():
            attr = self.properties.get(prop)
            if attr is None:
                continue
            if not isinstance(attr, IntegerAttr) or attr.value.data not in enum._value2member_map_:
                raise VerifyException(
                    f"'{prop}' must be a {enum.__name__} ({enum.describe()}), got {attr}"
                )
        self.verify_facts()

    def verify_facts(self) -> None:
        """Op-specific rules; overridden by subclasses."""


def tile_op(
    *,
    formula: str | None = None,
    enums: dict[str, type[AscEnum]] | None = None,
    float_only: bool | None = None,
    scalar_math: type | None = None,
):
    """Define an `asc` op (like `irdl_op_definition`) and attach its facts. `scalar_math` is
    the `math` op that computes the same function of one runtime scalar (asc2.exp(s))."""

    def wrap(cls: type[AscTileOp]) -> type[AscTileOp]:
        defined = irdl_op_definition(cls)
        facts = {"FORMULA": formula, "ENUMS": enums, "FLOAT_ONLY": float_only,
                 "SCALAR_MATH": scalar_math}
        for key, value in facts.items():
            if value is None:
                continue  # keep what a base class declared
            setattr(defined, key, value)
            defined.__annotations__[key] = ClassVar
        return defined

    return wrap


def enum_prop(value: AscEnum) -> IntegerAttr:
    """The i32 attribute that stores an enum value."""
    return IntegerAttr(int(value), IntegerType(32))


# --- rules, phrased once -------------------------------------------------------------------


def tile_of(value: SSAValue, role: str) -> TileType:
    t = value.type
    if not isinstance(t, TileType):
        raise VerifyException(f"{role} must be a tile (!asc.tile), got {t}")
    return t


def tensor_of(value: SSAValue, role: str) -> TensorType:
    t = value.type
    if not isinstance(t, TensorType):
        raise VerifyException(f"{role} must be a GM tensor (!asc.tensor), got {t}")
    return t


def same_type(pairs: list[tuple[str, Attribute]]) -> None:
    """All the named types are equal."""
    (first_name, first), *rest = pairs
    for name, t in rest:
        if t != first:
            raise VerifyException(
                f"{first_name} and {name} must have the same type, got {first} and {t}"
            )


def on_ub(t: TileType, role: str, what: str) -> None:
    if t.location is not TileLocation.UB:
        raise VerifyException(
            f"{role} is a tile in {t.location.keyword}; {what} runs on the vector unit, on UB "
            "tiles (asc.copy moves a tile to UB)"
        )


def numeric_elements(t: TileType, role: str) -> None:
    if not is_numeric(t.element_type):
        raise VerifyException(f"{role} must have numeric elements, got {t.element_type}")


def float_elements(t: TileType, role: str, what: str) -> None:
    if not is_float(t.element_type):
        raise VerifyException(
            f"{what} is defined on f16, bf16 and f32 tiles; {role} has {t.element_type} elements"
        )


def mask_type(t: TileType) -> TileType:
    """The i1 tile of the same shape and location: what a comparison of `t` gives."""
    return t.with_element(i1)


def scalar_matches(scalar: SSAValue, t: TileType, role: str) -> None:
    if scalar.type != t.element_type:
        raise VerifyException(
            f"{role} is {scalar.type} but the tile holds {t.element_type} elements "
            "(convert the scalar first)"
        )


def offsets_match(offsets, rank: int, what: str) -> None:
    n = len(offsets)
    if n != rank:
        raise VerifyException(f"{what} takes one offset per dimension: {rank} expected, got {n}")


def is_mask(t: Attribute) -> bool:
    return isinstance(t, TileType) and is_bool(t.element_type)


# --- custom directives: one tile type written once for several operands --------------------


def _parse_tile(parser: Parser) -> TileType:
    pos = parser._current_token.span
    t = parser.parse_type()
    if not isinstance(t, TileType):
        parser.raise_error(f"expected a tile type (!asc.tile<...>), got {t}", pos)
    return t


def _print_first(printer: Printer, state: PrintingState, ty: TypeDirective, op) -> None:
    state.print_whitespace(printer)
    (t,) = ty.get(op)
    printer.print_attribute(t)


@irdl_custom_directive
class SameType2(CustomDirective):
    """`: T` for two values of one type (operand and result)."""

    a: TypeDirective
    b: TypeDirective

    def parse(self, parser: Parser, state: ParsingState) -> bool:
        t = _parse_tile(parser)
        for d in (self.a, self.b):
            d.set(state, (t,))
        return True

    def print(self, printer: Printer, state: PrintingState, op) -> None:
        _print_first(printer, state, self.a, op)


@irdl_custom_directive
class SameType3(CustomDirective):
    """`: T` for three values of one type (two operands and the result)."""

    a: TypeDirective
    b: TypeDirective
    c: TypeDirective

    def parse(self, parser: Parser, state: ParsingState) -> bool:
        t = _parse_tile(parser)
        for d in (self.a, self.b, self.c):
            d.set(state, (t,))
        return True

    def print(self, printer: Printer, state: PrintingState, op) -> None:
        _print_first(printer, state, self.a, op)


@irdl_custom_directive
class CompareTypes(CustomDirective):
    """`: T` for a comparison of two T tiles giving the i1 tile of T's shape."""

    lhs: TypeDirective
    rhs: TypeDirective
    result: TypeDirective

    def parse(self, parser: Parser, state: ParsingState) -> bool:
        t = _parse_tile(parser)
        self.lhs.set(state, (t,))
        self.rhs.set(state, (t,))
        self.result.set(state, (mask_type(t),))
        return True

    def print(self, printer: Printer, state: PrintingState, op) -> None:
        _print_first(printer, state, self.lhs, op)


@irdl_custom_directive
class MaskOf(CustomDirective):
    """`: T` for a T operand and the i1 tile result of T's shape."""

    src: TypeDirective
    result: TypeDirective

    def parse(self, parser: Parser, state: ParsingState) -> bool:
        t = _parse_tile(parser)
        self.src.set(state, (t,))
        self.result.set(state, (mask_type(t),))
        return True

    def print(self, printer: Printer, state: PrintingState, op) -> None:
        _print_first(printer, state, self.src, op)


@irdl_custom_directive
class SelectTypes(CustomDirective):
    """`: T` for select: an i1 mask of T's shape, two T operands, a T result."""

    mask: TypeDirective
    a: TypeDirective
    b: TypeDirective
    result: TypeDirective

    def parse(self, parser: Parser, state: ParsingState) -> bool:
        t = _parse_tile(parser)
        self.mask.set(state, (mask_type(t),))
        for d in (self.a, self.b, self.result):
            d.set(state, (t,))
        return True

    def print(self, printer: Printer, state: PrintingState, op) -> None:
        _print_first(printer, state, self.a, op)


CUSTOM_DIRECTIVES = (EnumKeyword, SameType2, SameType3, CompareTypes, MaskOf, SelectTypes)
