"""The types of the Matmul API, spelled as pyasc spells them.

`!ascendc.matmul<...>` is a `matmul::Matmul<A, B, C, Bias, CFG>` object: for each of A, B and
C its source position, `CubeFormat`, element type, transpose flag and `LayoutMode`; for the
bias its position, format and element type; then the MatmulConfig attribute:

    !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, false, 0 : i32,
                    gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, ...>>

pyasc's translator declares such an object with its configuration in front, in one line:
`constexpr static MatmulConfig CFG{...};matmul::Matmul<..., CFG> v1;`; `cpp_spelling` returns
that text, so a construct, a kernel parameter and a local all print as pyasc prints them.

`!ascendc.kfc_server` (`AscendC::KfcServer`, the cube side of a mixed kernel's client/server
Matmul), `!ascendc.matrix_offset` (`MatrixOffset`, GetOffsetC's result) and
`!ascendc.matmul_api_static_tiling` (`MatmulApiStaticTiling`) have no parameters.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import IntEnum

from xdsl.dialects.builtin import IntAttr
from xdsl.ir import Attribute, ParametrizedAttribute, TypeAttribute
from xdsl.irdl import irdl_attr_definition
from xdsl.parser import AttrParser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from .enums import TPosition
from .types_cube import CubeEnumType, CubeFormat
from .types_matmul import MatmulConfigAttr


class LayoutMode(IntEnum):
    """`LayoutMode` of a matmul operand (batch matmul layouts)."""

    NONE = 0
    NORMAL = 1
    BSNGD = 2
    SBNGD = 3
    BNGS1S2 = 4


# The operands of a Matmul object, in the type's order; the bias has no transpose / layout.
MATMUL_OPERANDS = ("a", "b", "c", "bias")


def _parse_position(parser: AttrParser) -> int:
    pos = parser._current_token.span
    word = parser.parse_optional_identifier()
    member = TPosition.from_keyword(word) if word is not None else None
    if member is None:
        parser.raise_error(f"expected a TPosition ({TPosition.describe()})", pos)
    return int(member)  # type: ignore[arg-type]


def _parse_enum(parser: AttrParser, enum: type[IntEnum]) -> int:
    pos = parser._current_token.span
    value = parser.parse_integer(allow_boolean=False)
    parser.parse_punctuation(":")
    parser.parse_type()
    if value not in enum._value2member_map_:
        parser.raise_error(f"{value} is not a {enum.__name__} "
                           f"({', '.join(f'{m.value}: {m.name}' for m in enum)})", pos)
    return value


@irdl_attr_definition
class MatmulType(ParametrizedAttribute, TypeAttribute):
    """`matmul::Matmul<MatmulType<A>, MatmulType<B>, MatmulType<C>, MatmulType<Bias>, CFG>`.

    `flags` holds, per operand a, b, c: (position, format, isTrans, layout) and for bias
    (position, format); `dtypes` the four element types."""

    name = "ascendc.matmul"
    flags: IntAttr
    dtype_a: Attribute
    dtype_b: Attribute
    dtype_c: Attribute
    dtype_bias: Attribute
    config: MatmulConfigAttr

    def __init__(self, a: tuple[int, int, Attribute, bool, int],
                 b: tuple[int, int, Attribute, bool, int],
                 c: tuple[int, int, Attribute, bool, int],
                 bias: tuple[int, int, Attribute], config: MatmulConfigAttr | None = None):
        packed = 0
        # Positions < 16, formats < 8, layouts < 8: 12 small fields in one integer keep the
        # type's parameters few and hashable.
        for pos, fmt, _, trans, layout in (a, b, c):
            packed = (packed << 12) | (int(pos) << 8) | (int(fmt) << 4) | (int(trans) << 3) | int(layout)
        packed = (packed << 8) | (int(bias[0]) << 4) | int(bias[1])
        super().__init__(IntAttr(packed), a[2], b[2], c[2], bias[2],
                         config if config is not None else MatmulConfigAttr())

    def operand(self, which: str) -> tuple[TPosition, CubeFormat, Attribute, bool, LayoutMode]:
        """(position, format, element type, isTrans, layout) of 'a', 'b', 'c' or 'bias'
        (the bias: isTrans False, layout NONE)."""
        packed = self.flags.data  # type: ignore[attr-defined]
        if which == "bias":
            return (TPosition((packed >> 4) & 0xF), CubeFormat(packed & 0xF), self.dtype_bias,
                    False, LayoutMode.NONE)
        shift = 8 + 12 * (2 - "abc".index(which))
        field = (packed >> shift) & 0xFFF
        dtype = {"a": self.dtype_a, "b": self.dtype_b, "c": self.dtype_c}[which]
        return (TPosition(field >> 8), CubeFormat((field >> 4) & 0xF), dtype,
                bool((field >> 3) & 1), LayoutMode(field & 0x7))

    def verify(self) -> None:
        try:
            for which in MATMUL_OPERANDS:
                self.operand(which)
        except ValueError as e:
            raise VerifyException(f"!ascendc.matmul: {e}") from None

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> list[Attribute]:
        ops = []
        with parser.in_angle_brackets():
            for i in range(3):
                pos = _parse_position(parser)
                parser.parse_punctuation(",")
                fmt = _parse_enum(parser, CubeFormat)
                parser.parse_punctuation(",")
                dtype = parser.parse_type()
                parser.parse_punctuation(",")
                trans = parser.parse_boolean()
                parser.parse_punctuation(",")
                layout = _parse_enum(parser, LayoutMode)
                parser.parse_punctuation(",")
                ops.append((pos, fmt, dtype, trans, layout))
            pos = _parse_position(parser)
            parser.parse_punctuation(",")
            fmt = _parse_enum(parser, CubeFormat)
            parser.parse_punctuation(",")
            dtype = parser.parse_type()
            parser.parse_punctuation(",")
            config = MatmulConfigAttr.parse_body(parser)
        t = cls(*ops, (pos, fmt, dtype), config)
        return list(t.parameters)

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string("<")
        for which in MATMUL_OPERANDS:
            pos, fmt, dtype, trans, layout = self.operand(which)
            printer.print_string(f"{pos.keyword}, {int(fmt)} : i32, ")
            printer.print_attribute(dtype)
            if which != "bias":
                printer.print_string(f", {'true' if trans else 'false'}, {int(layout)} : i32")
            printer.print_string(", ")
        self.config.print_body(printer)
        printer.print_string(">")

    # --- C++ -------------------------------------------------------------------------------

    def cpp_operand(self, which: str, scalar: Callable[[Attribute], str | None],
                    full: bool = True, position: TPosition | None = None) -> str | None:
        """`matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false,
        LayoutMode::NONE>` (the bias, or `full=False`, without the last two)."""
        pos, fmt, dtype, trans, layout = self.operand(which)
        elem = scalar(dtype)
        if elem is None:
            return None
        pos = position if position is not None else pos
        text = f"matmul::MatmulType<AscendC::TPosition::{pos.name}, CubeFormat::{fmt.name}, {elem}"
        if full and which != "bias":
            text += f", {'true' if trans else 'false'}, LayoutMode::{layout.name}"
        return text + ">"

    def cpp_spelling(self, scalar: Callable[[Attribute], str | None]) -> str | None:
        parts = [self.cpp_operand(w, scalar) for w in MATMUL_OPERANDS]
        if any(p is None for p in parts):
            return None
        return f"{self.config.cpp_cfg()}matmul::Matmul<{', '.join(parts)}, CFG>"  # type: ignore[arg-type]


@irdl_attr_definition
class KfcServerType(ParametrizedAttribute, TypeAttribute):
    """`AscendC::KfcServer`: the cube core's loop serving the vector cores' Matmul calls."""

    name = "ascendc.kfc_server"

    def cpp_name(self) -> str:
        return "AscendC::KfcServer"


@irdl_attr_definition
class MatrixOffsetType(ParametrizedAttribute, TypeAttribute):
    """`MatrixOffset` (offset, row, col, height, width): where GetOffsetC's block lies in C."""

    name = "ascendc.matrix_offset"

    def cpp_name(self) -> str:
        return "MatrixOffset"


@irdl_attr_definition
class MatmulApiStaticTilingType(ParametrizedAttribute, TypeAttribute):
    """`MatmulApiStaticTiling`: a tiling GetMatmulApiTiling computes at compile time."""

    name = "ascendc.matmul_api_static_tiling"

    def cpp_name(self) -> str:
        return "MatmulApiStaticTiling"


class BatchMode(IntEnum):
    NONE = 0
    BATCH_LESS_THAN_L1 = 1
    BATCH_LARGE_THAN_L1 = 2
    SINGLE_LARGE_THAN_L1 = 3


class IterateOrder(IntEnum):
    ORDER_M = 0
    ORDER_N = 1
    UNDEF = 2


class ScheduleType(IntEnum):
    INNER_PRODUCT = 0
    OUTER_PRODUCT = 1


class BatchOutMode(IntEnum):
    SINGLE_BATCH = 0
    MULTI_BATCH = 1
    DYNAMIC = 2


# The C++ enums of MatmulConfig's fields, as cast types of pyasc's `ascendc.construct
# !ascendc.matmul_config(...) [i1, ..., !ascendc.batch_mode, ...]`.
@irdl_attr_definition
class BatchModeType(CubeEnumType):
    name = "ascendc.batch_mode"
    CPP = "BatchMode"
    ENUM = BatchMode


@irdl_attr_definition
class IterateOrderType(CubeEnumType):
    name = "ascendc.iterate_order"
    CPP = "IterateOrder"
    ENUM = IterateOrder


@irdl_attr_definition
class ScheduleTypeType(CubeEnumType):
    name = "ascendc.schedule_type"
    CPP = "ScheduleType"
    ENUM = ScheduleType


@irdl_attr_definition
class BatchOutModeType(CubeEnumType):
    name = "ascendc.batch_out_mode"
    CPP = "BatchOutMode"
    ENUM = BatchOutMode


MATMUL_API_TYPES = [MatmulType, KfcServerType, MatrixOffsetType, MatmulApiStaticTilingType,
                    BatchModeType, IterateOrderType, ScheduleTypeType, BatchOutModeType]
