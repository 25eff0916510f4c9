"""Masked regions: `asc2.mask(count=...)` / `asc2.mask(bits=...)` around elementwise ops.

Inside a `count_mask` region, every tile an elementwise op makes holds the op's value in its
first `count` elements and `other` (0 when not given) in the rest. `bitwise_mask` selects by
bit: element `e` is computed when bit `e % R` of the 128-bit word `(high << 64) | low` is set,
R being the elements of one 256-byte vector repeat (64 for 32-bit, 128 for 16-bit elements),
which is how Ascend C applies a bit mask to every repeat.
"""

from __future__ import annotations

from xdsl.dialects.builtin import i64
from xdsl.ir import Block, Region, SSAValue
from xdsl.irdl import (
    AttrSizedOperandSegments,
    operand_def,
    opt_operand_def,
    region_def,
    traits_def,
)
from xdsl.traits import HasParent, IsTerminator, NoTerminator
from xdsl.utils.exceptions import VerifyException

from .base import AscTileOp, tile_op
from .types import is_numeric


class _MaskRegionOp(AscTileOp):
    def verify_facts(self) -> None:
        other = getattr(self, "other")
        if other is not None and not is_numeric(other.type):
            raise VerifyException(f"'other' must be a numeric scalar, got {other.type}")
        block = self.body.block
        last = block.last_op
        if last is None or not isinstance(last, YieldOp):
            raise VerifyException("the region must end with asc.yield")


@tile_op()
class CountMaskOp(_MaskRegionOp):
    """Elementwise ops in the region compute their first `count` elements only."""

    name = "asc.count_mask"
    count = operand_def(i64)
    other = opt_operand_def()
    body = region_def("single_block")
    irdl_options = (AttrSizedOperandSegments(as_property=True),)
    assembly_format = "$count (`other` $other^ `:` type($other))? $body attr-dict"

    def __init__(self, count: SSAValue, other: SSAValue | None = None, body: Region | None = None):
        super().__init__(
            operands=[count, [other] if other is not None else []],
            regions=[body if body is not None else Region(Block())],
        )


@tile_op()
class BitwiseMaskOp(_MaskRegionOp):
    """Elementwise ops in the region compute the elements the 128-bit mask selects."""

    name = "asc.bitwise_mask"
    high = operand_def(i64)
    low = operand_def(i64)
    other = opt_operand_def()
    body = region_def("single_block")
    irdl_options = (AttrSizedOperandSegments(as_property=True),)
    assembly_format = "$high `,` $low (`other` $other^ `:` type($other))? $body attr-dict"

    def __init__(self, high: SSAValue, low: SSAValue, other: SSAValue | None = None,
                 body: Region | None = None):
        super().__init__(
            operands=[high, low, [other] if other is not None else []],
            regions=[body if body is not None else Region(Block())],
        )


@tile_op()
class YieldOp(AscTileOp):
    """The end of a mask region."""

    name = "asc.yield"
    traits = traits_def(IsTerminator(), HasParent(CountMaskOp, BitwiseMaskOp))
    assembly_format = "attr-dict"

    def __init__(self):
        super().__init__()


MASK_OPS = [CountMaskOp, BitwiseMaskOp, YieldOp]
