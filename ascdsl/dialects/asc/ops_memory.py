"""GM tensors and moving data: tensor, dim, load, store, get/set value, copy, atomics.

Offsets are element coordinates, one i32 per dimension. A load or store covers the tile's
shape from there; elements of a load that lie outside the tensor are the `pad` value (0
without one), and a store writes only the elements inside the tensor (asc2's semantics).
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import DYNAMIC_INDEX, I32, IntegerAttr, i32
from xdsl.ir import SSAValue
from xdsl.irdl import (
    AttrSizedOperandSegments,
    ParsePropInAttrDict,
    operand_def,
    opt_operand_def,
    prop_def,
    result_def,
    traits_def,
    var_operand_def,
)
from xdsl.traits import NoMemoryEffect, Pure
from xdsl.utils.exceptions import VerifyException

from ascdsl.dialects.ascendc.constraints import Is
from ascdsl.dialects.gm import is_gm_pointer

from .base import (
    CUSTOM_DIRECTIVES,
    AscTileOp,
    enum_prop,
    numeric_elements,
    offsets_match,
    tensor_of,
    tile_of,
    tile_op,
)
from .types import AtomicKind, TensorType, TileLocation, TileType

TILE = Is((TileType,), "a tile (!asc.tile)")
TENSOR = Is((TensorType,), "a GM tensor (!asc.tensor)")


@tile_op()
class TensorOp(AscTileOp):
    """`asc2.tensor(ptr, shape)`: a GM pointer seen as an N-d tensor.

    One i32 size operand per dynamic (`?`) dimension, in order.
    """

    name = "asc.tensor"
    base = operand_def()
    sizes = var_operand_def(i32)
    result = result_def(TENSOR)
    traits = traits_def(Pure())
    assembly_format = "$base `(` $sizes `)` attr-dict `:` type($base) `->` type($result)"

    def __init__(self, base: SSAValue, sizes: Sequence[SSAValue], result_type: TensorType):
        super().__init__(operands=[base, list(sizes)], result_types=[result_type])

    def verify_facts(self) -> None:
        t = tensor_of(self.result, "the result")
        if not is_gm_pointer(self.base.type):
            raise VerifyException(
                f"the base must be a GM pointer (memref<?xT, 22>), got {self.base.type}"
            )
        elem = self.base.type.element_type  # type: ignore[attr-defined]
        if elem != t.element_type:
            raise VerifyException(
                f"the pointer holds {elem} elements but the tensor {t.element_type} elements"
            )
        wanted = t.dynamic_dims()
        if wanted != len(self.sizes):
            raise VerifyException(
                f"the tensor has {wanted} dynamic dimension(s) but {len(self.sizes)} size "
                "operand(s) were given"
            )

    def dims(self) -> list[int | SSAValue]:
        """Each dimension: its static size or the size operand that gives it."""
        out: list[int | SSAValue] = []
        sizes = iter(self.sizes)
        t = self.result.type
        assert isinstance(t, TensorType)
        for d in t.shape:
            out.append(next(sizes) if d == DYNAMIC_INDEX else d)
        return out


@tile_op()
class DimOp(AscTileOp):
    """A dimension of a GM tensor as an i32 (`tensor.shape[i]` in asc2)."""

    name = "asc.dim"
    base = operand_def(TENSOR)
    index = prop_def(IntegerAttr[I32])
    result = result_def(i32)
    traits = traits_def(Pure())
    assembly_format = "$base `,` $index attr-dict `:` type($base)"

    def __init__(self, base: SSAValue, index: int):
        super().__init__(
            operands=[base], properties={"index": IntegerAttr(index, i32)}, result_types=[i32]
        )

    def verify_facts(self) -> None:
        t = tensor_of(self.base, "the base")
        i = self.index.value.data
        if not 0 <= i < t.rank:
            raise VerifyException(f"dimension {i} is out of range for a rank-{t.rank} tensor")


def _load_store_rules(tile: TileType, tensor: TensorType, offsets, what: str) -> None:
    if tile.rank != tensor.rank:
        raise VerifyException(
            f"{what} moves a rank-{tile.rank} tile to or from a rank-{tensor.rank} tensor; the "
            "ranks must agree (reshape the tile)"
        )
    offsets_match(offsets, tensor.rank, what)
    if tile.element_type != tensor.element_type:
        raise VerifyException(
            f"the tile holds {tile.element_type} elements but the tensor {tensor.element_type} "
            "(asc.cast the tile first)"
        )


@tile_op()
class LoadOp(AscTileOp):
    """A tile read from a GM tensor at `offsets`; elements past the tensor's end are `pad`."""

    name = "asc.load"
    base = operand_def(TENSOR)
    offsets = var_operand_def(i32)
    pad = opt_operand_def()
    result = result_def(TILE)
    irdl_options = (AttrSizedOperandSegments(as_property=True),)
    assembly_format = (
        "$base `[` $offsets `]` (`pad` `(` $pad^ `:` type($pad) `)`)? attr-dict `:` type($base) "
        "`->` type($result)"
    )

    def __init__(self, base: SSAValue, offsets: Sequence[SSAValue], result_type: TileType,
                 pad: SSAValue | None = None):
        super().__init__(
            operands=[base, list(offsets), [pad] if pad is not None else []],
            result_types=[result_type],
        )

    def verify_facts(self) -> None:
        tile = tile_of(self.result, "the result")
        tensor = tensor_of(self.base, "the base")
        _load_store_rules(tile, tensor, self.offsets, "asc.load")
        if tile.location not in (TileLocation.UB, TileLocation.L1):
            raise VerifyException(
                f"a load fills a UB or L1 tile, not {tile.location.keyword} (load to L1, then "
                "asc.copy to L0A/L0B)"
            )
        if self.pad is not None and self.pad.type != tile.element_type:
            raise VerifyException(
                f"the pad value is {self.pad.type} but the tile holds {tile.element_type}"
            )


@tile_op()
class StoreOp(AscTileOp):
    """Write a tile to a GM tensor at `offsets` (elements past the tensor's end are dropped)."""

    name = "asc.store"
    value = operand_def(TILE)
    base = operand_def(TENSOR)
    offsets = var_operand_def(i32)
    assembly_format = (
        "$value `,` $base `[` $offsets `]` attr-dict `:` type($value) `,` type($base)"
    )

    def __init__(self, value: SSAValue, base: SSAValue, offsets: Sequence[SSAValue]):
        super().__init__(operands=[value, base, list(offsets)])

    def verify_facts(self) -> None:
        tile = tile_of(self.value, "the value")
        tensor = tensor_of(self.base, "the base")
        _load_store_rules(tile, tensor, self.offsets, "asc.store")
        if tile.location not in (TileLocation.UB, TileLocation.L0C):
            raise VerifyException(
                f"a store writes a UB (or L0C) tile to GM, not a {tile.location.keyword} tile"
            )


@tile_op()
class GetValueOp(AscTileOp):
    """One element of a GM tensor as a scalar (`asc2.load(t, offsets=[...])`)."""

    name = "asc.get_value"
    base = operand_def(TENSOR)
    offsets = var_operand_def(i32)
    result = result_def()
    assembly_format = "$base `[` $offsets `]` attr-dict `:` type($base) `->` type($result)"

    def __init__(self, base: SSAValue, offsets: Sequence[SSAValue]):
        t = base.type
        assert isinstance(t, TensorType)
        super().__init__(operands=[base, list(offsets)], result_types=[t.element_type])

    def verify_facts(self) -> None:
        tensor = tensor_of(self.base, "the base")
        offsets_match(self.offsets, tensor.rank, "asc.get_value")
        if self.result.type != tensor.element_type:
            raise VerifyException(
                f"the result is {self.result.type} but the tensor holds {tensor.element_type}"
            )


@tile_op()
class SetValueOp(AscTileOp):
    """Write one scalar into a GM tensor (`asc2.store(scalar, t, offsets=[...])`)."""

    name = "asc.set_value"
    value = operand_def()
    base = operand_def(TENSOR)
    offsets = var_operand_def(i32)
    assembly_format = (
        "$value `,` $base `[` $offsets `]` attr-dict `:` type($value) `,` type($base)"
    )

    def __init__(self, value: SSAValue, base: SSAValue, offsets: Sequence[SSAValue]):
        super().__init__(operands=[value, base, list(offsets)])

    def verify_facts(self) -> None:
        tensor = tensor_of(self.base, "the base")
        offsets_match(self.offsets, tensor.rank, "asc.set_value")
        if self.value.type != tensor.element_type:
            raise VerifyException(
                f"the value is {self.value.type} but the tensor holds {tensor.element_type}"
            )


_COPY_PATHS = {
    (TileLocation.L1, TileLocation.L0A),
    (TileLocation.L1, TileLocation.L0B),
    (TileLocation.L1, TileLocation.UB),
    (TileLocation.UB, TileLocation.UB),
    (TileLocation.UB, TileLocation.L1),
    (TileLocation.L0C, TileLocation.UB),
    (TileLocation.L0C, TileLocation.L1),
    (TileLocation.L1, TileLocation.L1),
}


@tile_op()
class CopyOp(AscTileOp):
    """A sub-tile (or the whole tile) copied from `offsets`, possibly to another location."""

    name = "asc.copy"
    base = operand_def(TILE)
    offsets = var_operand_def(i32)
    result = result_def(TILE)
    traits = traits_def(NoMemoryEffect())
    assembly_format = "$base `[` $offsets `]` attr-dict `:` type($base) `->` type($result)"

    def __init__(self, base: SSAValue, offsets: Sequence[SSAValue], result_type: TileType):
        super().__init__(operands=[base, list(offsets)], result_types=[result_type])

    def verify_facts(self) -> None:
        src = tile_of(self.base, "the source")
        dst = tile_of(self.result, "the result")
        offsets_match(self.offsets, src.rank, "asc.copy")
        if src.rank != dst.rank:
            raise VerifyException(
                f"a copy keeps the rank: the source is rank {src.rank}, the result rank {dst.rank}"
            )
        if src.element_type != dst.element_type:
            raise VerifyException(
                f"a copy keeps the element type: {src.element_type} to {dst.element_type} "
                "(asc.cast converts)"
            )
        for i, (s, d) in enumerate(zip(src.shape, dst.shape)):
            if d > s:
                raise VerifyException(
                    f"the result's dimension {i} ({d}) is larger than the source's ({s})"
                )
        if (src.location, dst.location) not in _COPY_PATHS:
            raise VerifyException(
                f"there is no data path from {src.location.keyword} to {dst.location.keyword}"
            )


@tile_op(enums={"kind": AtomicKind})
class AtomicRMWOp(AscTileOp):
    """Combine a UB tile into a GM tensor atomically (add, max or min)."""

    name = "asc.atomic_rmw"
    value = operand_def(TILE)
    base = operand_def(TENSOR)
    offsets = var_operand_def(i32)
    kind = prop_def(IntegerAttr)
    custom_directives = CUSTOM_DIRECTIVES
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = (
        "custom<EnumKeyword>($kind) $value `,` $base `[` $offsets `]` attr-dict `:` "
        "type($value) `,` type($base)"
    )

    def __init__(self, kind: AtomicKind, value: SSAValue, base: SSAValue,
                 offsets: Sequence[SSAValue]):
        super().__init__(operands=[value, base, list(offsets)],
                         properties={"kind": enum_prop(kind)})

    def verify_facts(self) -> None:
        tile = tile_of(self.value, "the value")
        tensor = tensor_of(self.base, "the base")
        _load_store_rules(tile, tensor, self.offsets, "asc.atomic_rmw")
        numeric_elements(tile, "the value")
        if tile.location is not TileLocation.UB:
            raise VerifyException(f"atomics store UB tiles, not {tile.location.keyword} tiles")


MEMORY_OPS = [TensorOp, DimOp, LoadOp, StoreOp, GetValueOp, SetValueOp, CopyOp, AtomicRMWOp]
