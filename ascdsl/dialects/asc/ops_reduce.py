"""Reductions and the fused row operations: reduce (per axis), reduce_as_1d (to a scalar),
softmax and rms_norm (both along the last dimension)."""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import DenseArrayBase, IntegerAttr, i64
from xdsl.ir import SSAValue
from xdsl.irdl import ParsePropInAttrDict, operand_def, prop_def, result_def, traits_def
from xdsl.irdl.declarative_assembly_format import (
    AttributeVariable,
    CustomDirective,
    ParsingState,
    PrintingState,
    irdl_custom_directive,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from ascdsl.dialects.ascendc.base import EnumKeyword
from ascdsl.dialects.ascendc.constraints import Is

from .base import AscTileOp, enum_prop, float_elements, numeric_elements, on_ub, tile_of, tile_op
from .types import ReduceKind, TileType

TILE = Is((TileType,), "a tile (!asc.tile)")


@irdl_custom_directive
class DimList(CustomDirective):
    """`[0, 1]`: the reduced dimensions, stored as `array<i64: ...>`."""

    dims: AttributeVariable

    def parse(self, parser: Parser, state: ParsingState) -> bool:
        values = parser.parse_comma_separated_list(
            parser.Delimiter.SQUARE, lambda: parser.parse_integer(allow_boolean=False)
        )
        self.dims.set(state, DenseArrayBase.from_list(i64, values))
        return True

    def print(self, printer: Printer, state: PrintingState, op) -> None:
        state.print_whitespace(printer)
        attr = self.dims.get(op)
        values = attr.get_values() if isinstance(attr, DenseArrayBase) else []
        printer.print_string("[" + ", ".join(str(v) for v in values) + "]")


def reduced_shape(shape: Sequence[int], dims: Sequence[int], keep_dims: bool) -> list[int]:
    """The shape after reducing `dims` (kept as 1 with `keep_dims`, else dropped)."""
    out = []
    for i, d in enumerate(shape):
        if i not in dims:
            out.append(d)
        elif keep_dims:
            out.append(1)
    return out


@tile_op(enums={"kind": ReduceKind})
class ReduceOp(AscTileOp):
    """Reduce `dims` of a tile; the result drops them, or keeps them as size 1."""

    name = "asc.reduce"
    operand = operand_def(TILE)
    kind = prop_def(IntegerAttr)
    dims = prop_def(DenseArrayBase)
    result = result_def(TILE)
    traits = traits_def(Pure())
    custom_directives = (EnumKeyword, DimList)
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = (
        "custom<EnumKeyword>($kind) $operand custom<DimList>($dims) attr-dict `:` "
        "type($operand) `->` type($result)"
    )

    def __init__(self, kind: ReduceKind, operand: SSAValue, dims: Sequence[int],
                 result_type: TileType):
        super().__init__(
            operands=[operand],
            properties={"kind": enum_prop(kind), "dims": DenseArrayBase.from_list(i64, list(dims))},
            result_types=[result_type],
        )

    def reduced_dims(self) -> list[int]:
        return [int(d) for d in self.dims.get_values()]

    def keeps_dims(self) -> bool:
        src = self.operand.type
        dst = self.result.type
        assert isinstance(src, TileType) and isinstance(dst, TileType)
        return dst.rank == src.rank

    def verify_facts(self) -> None:
        src = tile_of(self.operand, "the operand")
        dst = tile_of(self.result, "the result")
        on_ub(src, "the operand", self.name)
        numeric_elements(src, "the operand")
        dims = self.reduced_dims()
        if not dims:
            raise VerifyException(
                "no dimension to reduce (asc.reduce_as_1d reduces the whole tile)"
            )
        if len(set(dims)) != len(dims) or any(not 0 <= d < src.rank for d in dims):
            raise VerifyException(
                f"dimensions {dims} must be distinct and within 0..{src.rank - 1}"
            )
        if dst.element_type != src.element_type or dst.location != src.location:
            raise VerifyException(f"a reduction keeps element type and location: {src} to {dst}")
        allowed = [reduced_shape(src.shape, dims, keep) for keep in (False, True)]
        if list(dst.shape) not in allowed:
            raise VerifyException(
                f"reducing {dims} of {list(src.shape)} gives {allowed[1]} (or {allowed[0]}), "
                f"not {list(dst.shape)}"
            )


@tile_op(enums={"kind": ReduceKind})
class ReduceAs1dOp(AscTileOp):
    """The whole tile reduced to one scalar (`asc2.reduce_sum(tile)` with no dims)."""

    name = "asc.reduce_as_1d"
    operand = operand_def(TILE)
    kind = prop_def(IntegerAttr)
    result = result_def()
    traits = traits_def(Pure())
    custom_directives = (EnumKeyword,)
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = (
        "custom<EnumKeyword>($kind) $operand attr-dict `:` type($operand) `->` type($result)"
    )

    def __init__(self, kind: ReduceKind, operand: SSAValue):
        t = operand.type
        assert isinstance(t, TileType)
        super().__init__(
            operands=[operand], properties={"kind": enum_prop(kind)},
            result_types=[t.element_type],
        )

    def verify_facts(self) -> None:
        src = tile_of(self.operand, "the operand")
        on_ub(src, "the operand", self.name)
        numeric_elements(src, "the operand")
        if self.result.type != src.element_type:
            raise VerifyException(
                f"the result is {self.result.type} but the tile holds {src.element_type}"
            )
        if self.enum_value("kind") is ReduceKind.PROD:
            raise VerifyException("a product reduction to a scalar is not defined (asc2 has none)")


@tile_op(float_only=True)
class SoftmaxOp(AscTileOp):
    """Softmax of each row (along the last dimension) of a 1-d or 2-d tile."""

    name = "asc.softmax"
    operand = operand_def(TILE)
    result = result_def(TILE)
    traits = traits_def(Pure())
    assembly_format = "$operand attr-dict `:` type($operand) `->` type($result)"

    def __init__(self, operand: SSAValue):
        super().__init__(operands=[operand], result_types=[operand.type])

    def verify_facts(self) -> None:
        t = tile_of(self.operand, "the operand")
        if self.result.type != t:
            raise VerifyException(f"the result must have the operand's type {t}")
        on_ub(t, "the operand", self.name)
        float_elements(t, "the operand", self.name)
        if t.rank > 2:
            raise VerifyException(f"softmax takes 1-d or 2-d tiles, got rank {t.rank}")


@tile_op(float_only=True)
class RmsNormOp(AscTileOp):
    """`x / sqrt(mean(x ** 2) + epsilon) * gamma` along the last dimension."""

    name = "asc.rms_norm"
    operand = operand_def(TILE)
    gamma = operand_def(TILE)
    epsilon = operand_def()
    result = result_def(TILE)
    traits = traits_def(Pure())
    assembly_format = (
        "$operand `,` $gamma `,` $epsilon attr-dict `:` type($operand) `,` type($gamma) `,` "
        "type($epsilon) `->` type($result)"
    )

    def __init__(self, operand: SSAValue, gamma: SSAValue, epsilon: SSAValue):
        super().__init__(operands=[operand, gamma, epsilon], result_types=[operand.type])

    def verify_facts(self) -> None:
        t = tile_of(self.operand, "the operand")
        g = tile_of(self.gamma, "gamma")
        if self.result.type != t:
            raise VerifyException(f"the result must have the operand's type {t}")
        on_ub(t, "the operand", self.name)
        on_ub(g, "gamma", self.name)
        float_elements(t, "the operand", self.name)
        if t.rank > 2:
            raise VerifyException(f"rms_norm takes 1-d or 2-d tiles, got rank {t.rank}")
        cols = t.shape[-1]
        if g.element_type != t.element_type or g.shape[-1] != cols or g.num_elements != cols:
            raise VerifyException(
                f"gamma must hold {t.shape[-1]} {t.element_type} elements (one per column), got {g}"
            )
        if self.epsilon.type != t.element_type:
            raise VerifyException(
                f"epsilon is {self.epsilon.type} but the tile holds {t.element_type}"
            )


REDUCE_OPS = [ReduceOp, ReduceAs1dOp, SoftmaxOp, RmsNormOp]
