"""The cube unit's tile ops: matmul, matmul_acc and the L0C accumulator (zeros_acc).

Run by the reference simulator; `lower-asc-cube` lowers them (and the L1 / L0 tiles they take)
onto the `ascendc` cube ops: LoadData, Mmad, Fixpipe.
"""

from __future__ import annotations

from xdsl.ir import SSAValue
from xdsl.irdl import operand_def, result_def, traits_def
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from ascdsl.dialects.ascendc.constraints import Is

from .base import AscTileOp, tile_of, tile_op
from .types import TileLocation, TileType, is_float

TILE = Is((TileType,), "a tile (!asc.tile)")


def _matmul_rules(a: TileType, b: TileType) -> None:
    for role, t in (("the left operand", a), ("the right operand", b)):
        if t.rank != 2:
            raise VerifyException(f"{role} must be a 2-d tile, got rank {t.rank}")
        if not is_float(t.element_type):
            raise VerifyException(f"{role} must hold f16, bf16 or f32, got {t.element_type}")
        if t.location is TileLocation.L0C:
            raise VerifyException(f"{role} is in L0C, which only holds results")
    if a.element_type != b.element_type:
        raise VerifyException(
            f"the operands hold {a.element_type} and {b.element_type}; they must agree"
        )
    if a.shape[1] != b.shape[0]:
        raise VerifyException(
            f"inner dimensions differ: {a.shape[0]}x{a.shape[1]} times {b.shape[0]}x{b.shape[1]}"
        )


def _acc_rules(acc: TileType, a: TileType, b: TileType, role: str) -> None:
    want = (a.shape[0], b.shape[1])
    if acc.shape != want or str(acc.element_type) != "f32" or acc.location is not TileLocation.L0C:
        raise VerifyException(
            f"{role} must be a {want[0]}x{want[1]} f32 tile in L0C, got {acc}"
        )


@tile_op()
class ZerosAccOp(AscTileOp):
    """A zero tile in L0C to accumulate matmul results into (`asc2.zeros_acc`)."""

    name = "asc.zeros_acc"
    result = result_def(TILE)
    assembly_format = "attr-dict `:` type($result)"

    def __init__(self, result_type: TileType):
        super().__init__(result_types=[result_type])

    def verify_facts(self) -> None:
        t = tile_of(self.result, "the result")
        if t.location is not TileLocation.L0C:
            raise VerifyException(f"an accumulator lives in L0C, not {t.location.keyword}")


@tile_op()
class MatmulOp(AscTileOp):
    """`a @ b` computed in f32 into a new L0C tile."""

    name = "asc.matmul"
    a = operand_def(TILE)
    b = operand_def(TILE)
    result = result_def(TILE)
    traits = traits_def(Pure())
    assembly_format = "$a `,` $b attr-dict `:` type($a) `,` type($b) `->` type($result)"

    def __init__(self, a: SSAValue, b: SSAValue, result_type: TileType):
        super().__init__(operands=[a, b], result_types=[result_type])

    def verify_facts(self) -> None:
        a, b = tile_of(self.a, "the left operand"), tile_of(self.b, "the right operand")
        _matmul_rules(a, b)
        _acc_rules(tile_of(self.result, "the result"), a, b, "the result")


@tile_op()
class MatmulAccOp(AscTileOp):
    """`acc += a @ b` in place: the one tile op that changes a tile (asc2's matmul_acc)."""

    name = "asc.matmul_acc"
    a = operand_def(TILE)
    b = operand_def(TILE)
    acc = operand_def(TILE)
    assembly_format = "$a `,` $b `,` $acc attr-dict `:` type($a) `,` type($b) `,` type($acc)"

    def __init__(self, a: SSAValue, b: SSAValue, acc: SSAValue):
        super().__init__(operands=[a, b, acc])

    def verify_facts(self) -> None:
        a, b = tile_of(self.a, "the left operand"), tile_of(self.b, "the right operand")
        _matmul_rules(a, b)
        _acc_rules(tile_of(self.acc, "the accumulator"), a, b, "the accumulator")


CUBE_OPS = [ZerosAccOp, MatmulOp, MatmulAccOp]
