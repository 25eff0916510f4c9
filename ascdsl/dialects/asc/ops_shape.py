"""Shape ops: reshape (also expand_dims, squeeze, ravel in the language), broadcast, concat."""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.ir import SSAValue
from xdsl.irdl import operand_def, result_def, traits_def, var_operand_def
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from ascdsl.dialects.ascendc.constraints import Is

from .base import AscTileOp, numeric_elements, on_ub, tile_of, tile_op
from .types import TileType

TILE = Is((TileType,), "a tile (!asc.tile)")


def broadcastable(src: Sequence[int], dst: Sequence[int]) -> bool:
    """numpy's rule: aligned from the last dimension, each source dimension is 1 or equal."""
    if len(src) > len(dst):
        return False
    return all(s in (1, d) for s, d in zip(reversed(src), reversed(dst)))


@tile_op()
class ReshapeOp(AscTileOp):
    """The same elements, in row-major order, under another shape."""

    name = "asc.reshape"
    operand = operand_def(TILE)
    result = result_def(TILE)
    traits = traits_def(Pure())
    assembly_format = "$operand attr-dict `:` type($operand) `->` type($result)"

    def __init__(self, operand: SSAValue, result_type: TileType):
        super().__init__(operands=[operand], result_types=[result_type])

    def verify_facts(self) -> None:
        src = tile_of(self.operand, "the operand")
        dst = tile_of(self.result, "the result")
        if src.element_type != dst.element_type or src.location != dst.location:
            raise VerifyException(
                f"a reshape keeps element type and location: {src} to {dst}"
            )
        if src.num_elements != dst.num_elements:
            raise VerifyException(
                f"a reshape keeps the element count: {list(src.shape)} has {src.num_elements} "
                f"elements, {list(dst.shape)} has {dst.num_elements}"
            )


@tile_op()
class BroadcastOp(AscTileOp):
    """Repeat a tile along its size-1 (or missing leading) dimensions, as numpy broadcasts."""

    name = "asc.broadcast"
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
        if src.element_type != dst.element_type or src.location != dst.location:
            raise VerifyException(f"a broadcast keeps element type and location: {src} to {dst}")
        if not broadcastable(src.shape, dst.shape):
            raise VerifyException(
                f"cannot broadcast shape {list(src.shape)} to {list(dst.shape)} (each source "
                "dimension, from the last, must be 1 or equal)"
            )


@tile_op()
class ConcatOp(AscTileOp):
    """Tiles stacked along the first dimension."""

    name = "asc.concat"
    inputs = var_operand_def(TILE)
    result = result_def(TILE)
    traits = traits_def(Pure())
    assembly_format = "$inputs attr-dict `:` type($inputs) `->` type($result)"

    def __init__(self, inputs: Sequence[SSAValue], result_type: TileType):
        super().__init__(operands=[list(inputs)], result_types=[result_type])

    def verify_facts(self) -> None:
        if not self.inputs:
            raise VerifyException("concat needs at least one tile")
        dst = tile_of(self.result, "the result")
        on_ub(dst, "the result", self.name)
        numeric_elements(dst, "the result")
        rows = 0
        for i, v in enumerate(self.inputs):
            t = tile_of(v, f"input {i}")
            if t.element_type != dst.element_type or t.location != dst.location:
                raise VerifyException(f"input {i} is {t}; every input must hold "
                                      f"{dst.element_type} in {dst.location.keyword}")
            if t.shape[1:] != dst.shape[1:]:
                raise VerifyException(
                    f"input {i} has shape {list(t.shape)}; all inputs must agree with the result "
                    f"{list(dst.shape)} past the first dimension"
                )
            rows += t.shape[0]
        if rows != dst.shape[0]:
            raise VerifyException(
                f"the inputs have {rows} rows in all but the result has {dst.shape[0]}"
            )


SHAPE_OPS = [ReshapeOp, BroadcastOp, ConcatOp]
