"""Elementwise ops on UB tiles: tile-tile, tile-scalar, unary, compare, select, cast, splat.

Every family base holds the operands, the syntax and the rules; a leaf is its IR name and
its formula (the numpy expression of one element over `a`, `b` and the scalar `s`).
Comparisons give i1 tiles (masks) of their operands' shape; `asc.select` picks between two
tiles by a mask.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects import math as xmath
from xdsl.dialects.builtin import IntegerAttr
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import ParsePropInAttrDict, operand_def, prop_def, result_def, traits_def
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from ascdsl.dialects.ascendc.constraints import Is

from .base import (
    CUSTOM_DIRECTIVES,
    AscTileOp,
    enum_prop,
    float_elements,
    is_mask,
    mask_type,
    numeric_elements,
    on_ub,
    same_type,
    scalar_matches,
    tile_of,
    tile_op,
)
from .types import CompareMode, TileType, is_int, is_numeric

TILE = Is((TileType,), "a tile (!asc.tile)")


def _elementwise_rules(op: AscTileOp, t: TileType, role: str) -> None:
    on_ub(t, role, op.name)
    numeric_elements(t, role)
    if type(op).FLOAT_ONLY:
        float_elements(t, role, op.name)


# --- tile op tile ------------------------------------------------------------------------


class BinaryTileOp(AscTileOp):
    """result = f(lhs, rhs) elementwise; both operands and the result share one tile type."""

    lhs = operand_def(TILE)
    rhs = operand_def(TILE)
    result = result_def(TILE)
    traits = traits_def(Pure())
    custom_directives = CUSTOM_DIRECTIVES
    assembly_format = (
        "$lhs `,` $rhs attr-dict `:` custom<SameType3>(type($lhs), type($rhs), type($result))"
    )

    def __init__(self, lhs: SSAValue, rhs: SSAValue):
        super().__init__(operands=[lhs, rhs], result_types=[lhs.type])

    def verify_facts(self) -> None:
        t = tile_of(self.lhs, "lhs")
        tile_of(self.rhs, "rhs")
        same_type([("lhs", self.lhs.type), ("rhs", self.rhs.type),
                   ("the result", self.result.type)])
        _elementwise_rules(self, t, "lhs")


@tile_op(formula="a + b")
class AddOp(BinaryTileOp):
    name = "asc.add"


@tile_op(formula="a - b")
class SubOp(BinaryTileOp):
    name = "asc.sub"


@tile_op(formula="a * b")
class MulOp(BinaryTileOp):
    name = "asc.mul"


@tile_op(formula="a / b")
class DivOp(BinaryTileOp):
    """Integer tiles divide toward zero, as Ascend C does."""

    name = "asc.div"


@tile_op(formula="maximum(a, b)")
class MaximumOp(BinaryTileOp):
    name = "asc.maximum"


@tile_op(formula="minimum(a, b)")
class MinimumOp(BinaryTileOp):
    name = "asc.minimum"


# --- tile op scalar ----------------------------------------------------------------------


class ScalarTileOp(AscTileOp):
    """result = f(base, value) elementwise with a scalar of the tile's element type."""

    base = operand_def(TILE)
    value = operand_def()
    result = result_def(TILE)
    traits = traits_def(Pure())
    custom_directives = CUSTOM_DIRECTIVES
    assembly_format = (
        "$base `,` $value attr-dict `:` custom<SameType2>(type($base), type($result)) `,` "
        "type($value)"
    )
    INT_ONLY: ClassVar[bool] = False

    def __init__(self, base: SSAValue, value: SSAValue):
        super().__init__(operands=[base, value], result_types=[base.type])

    def verify_facts(self) -> None:
        t = tile_of(self.base, "the base")
        same_type([("the base", self.base.type), ("the result", self.result.type)])
        _elementwise_rules(self, t, "the base")
        scalar_matches(self.value, t, "the scalar")
        if type(self).INT_ONLY and not is_int(t.element_type):
            raise VerifyException(f"{self.name} shifts integer tiles, not {t.element_type}")


@tile_op(formula="a + s")
class AddSOp(ScalarTileOp):
    name = "asc.adds"


@tile_op(formula="a - s")
class SubSOp(ScalarTileOp):
    name = "asc.subs"


@tile_op(formula="a * s")
class MulSOp(ScalarTileOp):
    name = "asc.muls"


@tile_op(formula="a / s")
class DivSOp(ScalarTileOp):
    name = "asc.divs"


@tile_op(formula="maximum(a, s)")
class MaxSOp(ScalarTileOp):
    name = "asc.maxs"


@tile_op(formula="minimum(a, s)")
class MinSOp(ScalarTileOp):
    name = "asc.mins"


@tile_op(formula="left_shift(a, s)")
class ShLSOp(ScalarTileOp):
    name = "asc.shls"
    INT_ONLY: ClassVar[bool] = True


@tile_op(formula="right_shift(a, s)")
class ShRSOp(ScalarTileOp):
    """Arithmetic shift (asc2's `>>` on signed integers)."""

    name = "asc.shrs"
    INT_ONLY: ClassVar[bool] = True


# --- unary -------------------------------------------------------------------------------


class UnaryTileOp(AscTileOp):
    """result = f(operand) elementwise; the result has the operand's type."""

    operand = operand_def(TILE)
    result = result_def(TILE)
    traits = traits_def(Pure())
    custom_directives = CUSTOM_DIRECTIVES
    assembly_format = "$operand attr-dict `:` custom<SameType2>(type($operand), type($result))"
    FLOAT_ONLY: ClassVar[bool] = True

    def __init__(self, operand: SSAValue):
        super().__init__(operands=[operand], result_types=[operand.type])

    def verify_facts(self) -> None:
        t = tile_of(self.operand, "the operand")
        same_type([("the operand", self.operand.type), ("the result", self.result.type)])
        _elementwise_rules(self, t, "the operand")


@tile_op(formula="exp(a)", scalar_math=xmath.ExpOp)
class ExpOp(UnaryTileOp):
    name = "asc.exp"


@tile_op(formula="exp2(a)", scalar_math=xmath.Exp2Op)
class Exp2Op(UnaryTileOp):
    name = "asc.exp2"


@tile_op(formula="log(a)", scalar_math=xmath.LogOp)
class LogOp(UnaryTileOp):
    name = "asc.log"


@tile_op(formula="log2(a)", scalar_math=xmath.Log2Op)
class Log2Op(UnaryTileOp):
    name = "asc.log2"


@tile_op(formula="sqrt(a)", scalar_math=xmath.SqrtOp)
class SqrtOp(UnaryTileOp):
    name = "asc.sqrt"


@tile_op(formula="1 / sqrt(a)", scalar_math=xmath.RsqrtOp)
class RsqrtOp(UnaryTileOp):
    name = "asc.rsqrt"


@tile_op(formula="erf(a)", scalar_math=xmath.ErfOp)
class ErfOp(UnaryTileOp):
    name = "asc.erf"


@tile_op(formula="tanh(a)", scalar_math=xmath.TanhOp)
class TanhOp(UnaryTileOp):
    name = "asc.tanh"


@tile_op(formula="sin(a)", scalar_math=xmath.SinOp)
class SinOp(UnaryTileOp):
    name = "asc.sin"


@tile_op(formula="cos(a)", scalar_math=xmath.CosOp)
class CosOp(UnaryTileOp):
    name = "asc.cos"


@tile_op(formula="tan(a)", scalar_math=xmath.TanOp)
class TanOp(UnaryTileOp):
    name = "asc.tan"


@tile_op(formula="sinh(a)", scalar_math=xmath.SinhOp)
class SinhOp(UnaryTileOp):
    name = "asc.sinh"


@tile_op(formula="cosh(a)", scalar_math=xmath.CoshOp)
class CoshOp(UnaryTileOp):
    name = "asc.cosh"


@tile_op(formula="floor(a)", scalar_math=xmath.FloorOp)
class FloorOp(UnaryTileOp):
    name = "asc.floor"


@tile_op(formula="ceil(a)", scalar_math=xmath.CeilOp)
class CeilOp(UnaryTileOp):
    name = "asc.ceil"


@tile_op(formula="absolute(a)", float_only=False)
class AbsOp(UnaryTileOp):
    name = "asc.abs"


@tile_op(formula="negative(a)", float_only=False)
class NegOp(UnaryTileOp):
    name = "asc.neg"


@tile_op(formula="maximum(a, 0)", float_only=False)
class ReluOp(UnaryTileOp):
    name = "asc.relu"


# --- compare and select ------------------------------------------------------------------


@tile_op(enums={"mode": CompareMode})
class CmpOp(AscTileOp):
    """An i1 tile: `lhs <mode> rhs` elementwise."""

    name = "asc.cmp"
    lhs = operand_def(TILE)
    rhs = operand_def(TILE)
    mode = prop_def(IntegerAttr)
    result = result_def(TILE)
    traits = traits_def(Pure())
    custom_directives = CUSTOM_DIRECTIVES
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = (
        "custom<EnumKeyword>($mode) $lhs `,` $rhs attr-dict `:` "
        "custom<CompareTypes>(type($lhs), type($rhs), type($result))"
    )

    def __init__(self, mode: CompareMode, lhs: SSAValue, rhs: SSAValue):
        t = lhs.type
        assert isinstance(t, TileType)
        super().__init__(
            operands=[lhs, rhs], properties={"mode": enum_prop(mode)},
            result_types=[mask_type(t)],
        )

    def verify_facts(self) -> None:
        t = tile_of(self.lhs, "lhs")
        tile_of(self.rhs, "rhs")
        same_type([("lhs", self.lhs.type), ("rhs", self.rhs.type)])
        _elementwise_rules(self, t, "lhs")
        _mask_result(self.result.type, t)


@tile_op(enums={"mode": CompareMode})
class CmpSOp(AscTileOp):
    """An i1 tile: `base <mode> value` elementwise, with a scalar `value`."""

    name = "asc.cmps"
    base = operand_def(TILE)
    value = operand_def()
    mode = prop_def(IntegerAttr)
    result = result_def(TILE)
    traits = traits_def(Pure())
    custom_directives = CUSTOM_DIRECTIVES
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = (
        "custom<EnumKeyword>($mode) $base `,` $value attr-dict `:` "
        "custom<MaskOf>(type($base), type($result)) `,` type($value)"
    )

    def __init__(self, mode: CompareMode, base: SSAValue, value: SSAValue):
        t = base.type
        assert isinstance(t, TileType)
        super().__init__(
            operands=[base, value], properties={"mode": enum_prop(mode)},
            result_types=[mask_type(t)],
        )

    def verify_facts(self) -> None:
        t = tile_of(self.base, "the base")
        _elementwise_rules(self, t, "the base")
        scalar_matches(self.value, t, "the scalar")
        _mask_result(self.result.type, t)


def _mask_result(result: Attribute, t: TileType) -> None:
    if result != mask_type(t):
        raise VerifyException(f"the result must be {mask_type(t)}, got {result}")


@tile_op()
class SelectOp(AscTileOp):
    """`where(mask, a, b)`: a where the mask is set, b elsewhere."""

    name = "asc.select"
    mask = operand_def(TILE)
    a = operand_def(TILE)
    b = operand_def(TILE)
    result = result_def(TILE)
    traits = traits_def(Pure())
    custom_directives = CUSTOM_DIRECTIVES
    assembly_format = (
        "$mask `,` $a `,` $b attr-dict `:` "
        "custom<SelectTypes>(type($mask), type($a), type($b), type($result))"
    )

    def __init__(self, mask: SSAValue, a: SSAValue, b: SSAValue):
        super().__init__(operands=[mask, a, b], result_types=[a.type])

    def verify_facts(self) -> None:
        t = tile_of(self.a, "a")
        tile_of(self.b, "b")
        m = tile_of(self.mask, "the mask")
        same_type([("a", self.a.type), ("b", self.b.type), ("the result", self.result.type)])
        _elementwise_rules(self, t, "a")
        if not is_mask(m) or m.shape != t.shape:
            raise VerifyException(f"the mask must be {mask_type(t)}, got {m}")


# --- cast and splat ----------------------------------------------------------------------


@tile_op()
class CastOp(AscTileOp):
    """Convert elements to another type (float to integer rounds toward zero, as asc2's
    lowering does with CAST_TRUNC; float to float rounds to nearest)."""

    name = "asc.cast"
    operand = operand_def(TILE)
    result = result_def(TILE)
    traits = traits_def(Pure())
    assembly_format = "$operand attr-dict `:` type($operand) `->` type($result)"

    def __init__(self, operand: SSAValue, result_type: TileType):
        super().__init__(operands=[operand], result_types=[result_type])

    def verify_facts(self) -> None:
        src = tile_of(self.operand, "the operand")
        dst = tile_of(self.result, "the result")
        on_ub(src, "the operand", self.name)
        if src.shape != dst.shape or src.location != dst.location:
            raise VerifyException(
                f"a cast keeps shape and location: {src} to {dst} (asc.reshape / asc.copy)"
            )
        for role, t in (("the operand", src), ("the result", dst)):
            if not (is_numeric(t.element_type) or is_mask(t)):
                raise VerifyException(f"{role} has {t.element_type} elements, which do not convert")
        if src.element_type == dst.element_type:
            raise VerifyException(f"a cast from {src.element_type} to itself")


@tile_op()
class SplatOp(AscTileOp):
    """A tile with every element equal to a scalar (`asc2.full`)."""

    name = "asc.splat"
    value = operand_def()
    result = result_def(TILE)
    traits = traits_def(Pure())
    assembly_format = "$value attr-dict `:` type($value) `->` type($result)"

    def __init__(self, value: SSAValue, result_type: TileType):
        super().__init__(operands=[value], result_types=[result_type])

    def verify_facts(self) -> None:
        t = tile_of(self.result, "the result")
        numeric_elements(t, "the result")
        scalar_matches(self.value, t, "the value")


BINARY_OPS = [AddOp, SubOp, MulOp, DivOp, MaximumOp, MinimumOp]
SCALAR_OPS = [AddSOp, SubSOp, MulSOp, DivSOp, MaxSOp, MinSOp, ShLSOp, ShRSOp]
UNARY_OPS = [
    ExpOp, Exp2Op, LogOp, Log2Op, SqrtOp, RsqrtOp, ErfOp, TanhOp, SinOp, CosOp, TanOp, SinhOp,
    CoshOp, FloorOp, CeilOp, AbsOp, NegOp, ReluOp,
]
ELEMENTWISE_OPS = [*BINARY_OPS, *SCALAR_OPS, *UNARY_OPS, CmpOp, CmpSOp, SelectOp, CastOp, SplatOp]
