"""Types and enums of the `asc` tile dialect.

- `!asc.tile<1x1024xf32, UB>`: a tile, a value of static shape held in one on-chip memory
  (`UB`, `L1`, `L0A`, `L0B`, `L0C`). Tiles have value semantics: an op makes a new tile, it
  never changes one (`matmul_acc` is the one op that accumulates into its `acc` operand).
- `!asc.tensor<?x1024xf32>`: an N-d array in global memory (GM), row-major, whose
  dimensions may be dynamic (`?`: given by the `asc.tensor` op's size operands).

Element types are those of asc2: f16, bf16, f32, i8, i16, i32; i1 tiles are the masks that
comparisons produce. Parameters are checked while parsing (a located error) and in `verify()`
for types built from Python.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    ArrayAttr,
    BFloat16Type,
    Float16Type,
    Float32Type,
    IntAttr,
    IntegerType,
    Signedness,
)
from xdsl.ir import Attribute, ParametrizedAttribute, TypeAttribute
from xdsl.irdl import irdl_attr_definition
from xdsl.parser import AttrParser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from ascdsl.dialects.ascendc.enums import AscEnum, CmpMode, Hardware, TPosition


class TileLocation(AscEnum):
    """The on-chip memory a tile lives in (asc2's `TileLocation`, values as asctile's)."""

    L0A = 23
    L0B = 24
    L0C = 25
    UB = 26
    L1 = 27

    @property
    def keyword(self) -> str:
        return self.name  # asctile spells locations in capitals: `!asctile.tile<..., UB>`

    @classmethod
    def _aliases(cls) -> dict[str, AscEnum]:
        return {m.name.lower(): m for m in cls}

    @property
    def hardware(self) -> Hardware:
        return Hardware[self.name]

    @property
    def position(self) -> TPosition:
        """The Ascend C position of buffers for tiles at this location."""
        return _POSITION[self]


_POSITION = {
    TileLocation.UB: TPosition.VECCALC,
    TileLocation.L1: TPosition.A1,
    TileLocation.L0A: TPosition.A2,
    TileLocation.L0B: TPosition.B2,
    TileLocation.L0C: TPosition.CO1,
}


class CompareMode(AscEnum):
    """Element comparisons (asc2's `CompareMode`; the same values as Ascend C's CMPMODE)."""

    LT = 0
    GT = 1
    EQ = 2
    LE = 3
    GE = 4
    NE = 5

    @property
    def cmp_mode(self) -> CmpMode:
        return CmpMode(int(self))

    @property
    def formula(self) -> str:
        return _CMP_FORMULA[self]


_CMP_FORMULA = {
    CompareMode.LT: "less(a, b)",
    CompareMode.GT: "greater(a, b)",
    CompareMode.EQ: "equal(a, b)",
    CompareMode.LE: "less_equal(a, b)",
    CompareMode.GE: "greater_equal(a, b)",
    CompareMode.NE: "not_equal(a, b)",
}


class ReduceKind(AscEnum):
    """What a reduction computes (asc2's `ReduceKind`, the subset asc2's language offers)."""

    SUM = 0
    MAX = 1
    MIN = 2
    PROD = 3

    @property
    def numpy(self) -> str:
        """The numpy reduction (`sum`, `max`, ...) over an axis tuple."""
        return _REDUCE_NUMPY[self]


_REDUCE_NUMPY = {
    ReduceKind.SUM: "sum",
    ReduceKind.MAX: "max",
    ReduceKind.MIN: "min",
    ReduceKind.PROD: "prod",
}


class AtomicKind(AscEnum):
    """How an atomic store combines with GM (asc2's `AtomicKind`)."""

    ADD = 0
    MAX = 1
    MIN = 2

    @property
    def formula(self) -> str:
        return _ATOMIC_FORMULA[self]


_ATOMIC_FORMULA = {
    AtomicKind.ADD: "a + b",
    AtomicKind.MAX: "maximum(a, b)",
    AtomicKind.MIN: "minimum(a, b)",
}

TILE_ENUMS: tuple[type[AscEnum], ...] = (TileLocation, CompareMode, ReduceKind, AtomicKind)


# --- element types -------------------------------------------------------------------------


def is_float(t: Attribute) -> bool:
    return isinstance(t, Float16Type | BFloat16Type | Float32Type)


def is_int(t: Attribute) -> bool:
    """A signless integer of 8, 16 or 32 bits (asc2's integer element types)."""
    return (
        isinstance(t, IntegerType)
        and t.signedness.data == Signedness.SIGNLESS
        and t.width.data in (8, 16, 32)
    )


def is_bool(t: Attribute) -> bool:
    return isinstance(t, IntegerType) and t.width.data == 1


def is_numeric(t: Attribute) -> bool:
    return is_float(t) or is_int(t)


def byte_size(t: Attribute) -> int:
    """Bytes per element of a tile (i1 masks are packed: 1/8 byte; callers handle them)."""
    width = getattr(t, "bitwidth", None)
    if isinstance(t, IntegerType):
        width = t.width.data
    if not isinstance(width, int):
        raise ValueError(f"{t} has no byte size")
    return max(1, width // 8)


_ELEMENT_HELP = "f16, bf16, f32, i8, i16, i32 (i1 for masks)"


def _check_element(t: Attribute, what: str) -> None:
    if not (is_numeric(t) or is_bool(t)):
        raise VerifyException(f"{what} element type must be one of {_ELEMENT_HELP}, got {t}")


def _shape_text(shape: Sequence[int]) -> str:
    return "".join(("?" if d == DYNAMIC_INDEX else str(d)) + "x" for d in shape)


# --- types ---------------------------------------------------------------------------------


@irdl_attr_definition
class TileType(ParametrizedAttribute, TypeAttribute):
    """A tile: static shape (rank >= 1), element type, location."""

    name = "asc.tile"
    shape_attr: ArrayAttr[IntAttr]
    element_type: Attribute
    location_attr: IntAttr

    def __init__(
        self,
        shape: Sequence[int],
        element_type: Attribute,
        location: TileLocation = TileLocation.UB,
    ):
        super().__init__(
            ArrayAttr(IntAttr(int(d)) for d in shape), element_type, IntAttr(int(location))
        )

    @property
    def shape(self) -> tuple[int, ...]:
        return tuple(d.data for d in self.shape_attr.data)

    @property
    def location(self) -> TileLocation:
        return TileLocation(self.location_attr.data)

    @property
    def rank(self) -> int:
        return len(self.shape_attr.data)

    @property
    def num_elements(self) -> int:
        return math.prod(self.shape)

    @property
    def nbytes(self) -> int:
        """Bytes the tile's data occupies (i1 masks: one bit per element)."""
        if is_bool(self.element_type):
            return (self.num_elements + 7) // 8
        return self.num_elements * byte_size(self.element_type)

    def with_shape(self, shape: Sequence[int]) -> TileType:
        return TileType(shape, self.element_type, self.location)

    def with_element(self, element_type: Attribute) -> TileType:
        return TileType(self.shape, element_type, self.location)

    def with_location(self, location: TileLocation) -> TileType:
        return TileType(self.shape, self.element_type, location)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> list[Attribute]:
        with parser.in_angle_brackets():
            pos = parser._current_token.span
            dims, elt = parser.parse_shape()
            if dims is None or not dims:
                parser.raise_error("a tile has a ranked shape of at least one dimension", pos)
            if any(d <= 0 for d in dims):
                parser.raise_error(
                    f"tile dimensions must be static and positive, got {_shape_text(dims)}", pos
                )
            if not (is_numeric(elt) or is_bool(elt)):
                parser.raise_error(
                    f"tile element type must be one of {_ELEMENT_HELP}, got {elt}", pos
                )
            parser.parse_punctuation(",")
            pos = parser._current_token.span
            word = parser.parse_optional_identifier()
            loc = TileLocation.from_keyword(word) if word is not None else None
            if loc is None:
                parser.raise_error(f"expected a tile location ({TileLocation.describe()})", pos)
        return [ArrayAttr(IntAttr(d) for d in dims), elt, IntAttr(int(loc))]

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string(f"<{_shape_text(self.shape)}")
        printer.print_attribute(self.element_type)
        printer.print_string(f", {self.location.keyword}>")

    def verify(self) -> None:
        if not self.shape:
            raise VerifyException("a tile has a ranked shape of at least one dimension")
        if any(d <= 0 for d in self.shape):
            raise VerifyException(
                f"tile dimensions must be static and positive, got {list(self.shape)}"
            )
        _check_element(self.element_type, "tile")
        if self.location_attr.data not in TileLocation._value2member_map_:
            raise VerifyException(f"{self.location_attr.data} is not a tile location")


@irdl_attr_definition
class TensorType(ParametrizedAttribute, TypeAttribute):
    """A GM tensor: row-major, rank >= 1, dimensions static or dynamic (`?`)."""

    name = "asc.tensor"
    shape_attr: ArrayAttr[IntAttr]
    element_type: Attribute

    def __init__(self, shape: Sequence[int], element_type: Attribute):
        """A dimension of -1 (or DYNAMIC_INDEX) is dynamic (`?`)."""
        dims = (DYNAMIC_INDEX if d == -1 else int(d) for d in shape)
        super().__init__(ArrayAttr(IntAttr(d) for d in dims), element_type)

    @property
    def shape(self) -> tuple[int, ...]:
        return tuple(d.data for d in self.shape_attr.data)

    @property
    def rank(self) -> int:
        return len(self.shape_attr.data)

    def dynamic_dims(self) -> int:
        return sum(1 for d in self.shape if d == DYNAMIC_INDEX)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> list[Attribute]:
        with parser.in_angle_brackets():
            pos = parser._current_token.span
            dims, elt = parser.parse_shape()
            if dims is None or not dims:
                parser.raise_error("a tensor has a ranked shape of at least one dimension", pos)
            if any(d < 0 and d != DYNAMIC_INDEX for d in dims):
                parser.raise_error("tensor dimensions must be >= 0 or '?'", pos)
            if not is_numeric(elt):
                parser.raise_error(
                    f"tensor element type must be one of f16, bf16, f32, i8, i16, i32, got {elt}",
                    pos,
                )
        return [ArrayAttr(IntAttr(d) for d in dims), elt]

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string(f"<{_shape_text(self.shape)}")
        printer.print_attribute(self.element_type)
        printer.print_string(">")

    def verify(self) -> None:
        if not self.shape:
            raise VerifyException("a tensor has a ranked shape of at least one dimension")
        if any(d < 0 and d != DYNAMIC_INDEX for d in self.shape):
            raise VerifyException(f"tensor dimensions must be >= 0 or '?', got {list(self.shape)}")
        if not is_numeric(self.element_type):
            raise VerifyException(
                f"tensor element type must be one of f16, bf16, f32, i8, i16, i32, got "
                f"{self.element_type}"
            )


ALL_TYPES = [TileType, TensorType]
