"""Reductions of the vector unit's repeats (pyasc's `vec_reduce` family beyond the L2 forms).

Each runs `repeat` repeats of 256 source bytes (block and repeat strides, a count or bit mask,
as every L0/L1 vector op) and reduces:

- `block_reduce_{sum,max,min}`: each 32-byte block of a repeat to one value (8 per repeat);
  repeat r's 8 values go to `dst + r * dstRepStride * 8` elements;
- `pair_reduce_sum`: each pair of neighbours (E/2 values per repeat, at `r * dstRepStride *
  E/2`);
- `whole_reduce_sum`, `repeat_reduce_sum`: the whole repeat to one value (at `r *
  dstRepStride`); `whole_reduce_{max,min}`: to its extremum and the extremum's index within the
  repeat, laid out by `order` (ReduceOrder) in units of that layout's length;
- `reduce_{sum,max,min}_l0/l1` (Ascend C's "high-dimensional" ReduceSum/Max/Min): every
  repeat's masked elements to one value in dst[0] (dst[1]: the index, `calIndex`), with
  `sharedTmpBuffer` as scratch; their formula (`sum(a)`, ...) is the L2 forms'.

Operands carry pyasc's keyword names (`repeat` for the block forms, `repeat_time` elsewhere),
which the kernel language's dispatch reads. Sums add in a binary tree in the element type, as
the hardware does (`sim/lower/reduce_repeat.py`).
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import IntegerAttr, UnitAttr
from xdsl.irdl import operand_def, opt_prop_def, prop_def, var_operand_def

from .base import AscendCOp, Cpp, asc_op, enum_attr
from .constraints import INT, LOCAL, MASK
from .enums import AscEnum
from .vector_base import VectorOp, flag, mask_operand


class ReduceOrder(AscEnum):
    """How WholeReduceMax/Min lay out value and index (AscendC::ReduceOrder)."""

    ORDER_VALUE_INDEX = 0
    ORDER_INDEX_VALUE = 1
    ORDER_ONLY_VALUE = 2
    ORDER_ONLY_INDEX = 3

    @classmethod
    def cpp_prefix(cls) -> str:
        return "AscendC::ReduceOrder::"


class RepeatReduceOp(VectorOp):
    """A reduction over repeats: dst, src and the repeat addressing. `KIND` is the reduction
    (sum, max, min), `GROUP` what one result covers (block, pair, repeat, all)."""

    dst = operand_def(LOCAL)
    src = operand_def(LOCAL)
    READS: ClassVar = ("src",)
    SAME_ELEMENT: ClassVar = ("dst", "src")
    KIND: ClassVar[str] = ""
    GROUP: ClassVar[str] = ""


# --- block / pair reductions: (dst, src, repeat, mask, dstRepStride, srcBlkStride, srcRepStride)


class BlockReduceBase(RepeatReduceOp):
    repeat = operand_def(INT)
    mask = operand_def(INT)
    dst_rep_stride = operand_def(INT)
    src_blk_stride = operand_def(INT)
    src_rep_stride = operand_def(INT)
    GROUP: ClassVar = "block"
    LEVEL: ClassVar = "l0"

    def __init__(self, dst, src, repeat, mask, dst_rep_stride, src_blk_stride, src_rep_stride):
        super().__init__(operands=[dst, src, repeat, mask_operand(mask), dst_rep_stride,
                                   src_blk_stride, src_rep_stride])


@asc_op(cpp=Cpp("BlockReduceSum"))
class BlockReduceSumL0Op(BlockReduceBase):
    name = "ascendc.block_reduce_sum_l0"
    KIND: ClassVar = "sum"


@asc_op(cpp=Cpp("BlockReduceSum"))
class BlockReduceSumL1Op(BlockReduceBase):
    name = "ascendc.block_reduce_sum_l1"
    mask = var_operand_def(MASK)
    KIND: ClassVar = "sum"
    LEVEL: ClassVar = "l1"


@asc_op(cpp=Cpp("BlockReduceMax"))
class BlockReduceMaxL0Op(BlockReduceBase):
    name = "ascendc.block_reduce_max_l0"
    KIND: ClassVar = "max"


@asc_op(cpp=Cpp("BlockReduceMax"))
class BlockReduceMaxL1Op(BlockReduceBase):
    name = "ascendc.block_reduce_max_l1"
    mask = var_operand_def(MASK)
    KIND: ClassVar = "max"
    LEVEL: ClassVar = "l1"


@asc_op(cpp=Cpp("BlockReduceMin"))
class BlockReduceMinL0Op(BlockReduceBase):
    name = "ascendc.block_reduce_min_l0"
    KIND: ClassVar = "min"


@asc_op(cpp=Cpp("BlockReduceMin"))
class BlockReduceMinL1Op(BlockReduceBase):
    name = "ascendc.block_reduce_min_l1"
    mask = var_operand_def(MASK)
    KIND: ClassVar = "min"
    LEVEL: ClassVar = "l1"


class PairReduceBase(RepeatReduceOp):
    repeat_time = operand_def(INT)
    mask = operand_def(INT)
    dst_rep_stride = operand_def(INT)
    src_blk_stride = operand_def(INT)
    src_rep_stride = operand_def(INT)
    isSetMask = opt_prop_def(UnitAttr)
    GROUP: ClassVar = "pair"
    KIND: ClassVar = "sum"
    LEVEL: ClassVar = "l0"

    def __init__(self, dst, src, repeat_time, mask, dst_rep_stride, src_blk_stride,
                 src_rep_stride, is_set_mask: bool = True):
        super().__init__(operands=[dst, src, repeat_time, mask_operand(mask), dst_rep_stride,
                                   src_blk_stride, src_rep_stride],
                         properties={"isSetMask": flag(is_set_mask)})


_PAIR = Cpp("PairReduceSum", pyasc_template=(), template=("elem:dst", "flag:isSetMask"))


@asc_op(cpp=_PAIR)
class PairReduceSumL0Op(PairReduceBase):
    name = "ascendc.pair_reduce_sum_l0"


@asc_op(cpp=_PAIR)
class PairReduceSumL1Op(PairReduceBase):
    name = "ascendc.pair_reduce_sum_l1"
    mask = var_operand_def(MASK)
    LEVEL: ClassVar = "l1"


@asc_op(cpp=Cpp("RepeatReduceSum", pyasc_template=(), template=("elem:dst", "flag:isSetMask")))
class RepeatReduceSumL0Op(RepeatReduceOp):
    """`RepeatReduceSum(dst, src, repeatTime, mask, dstBlkStride (unused), srcBlkStride,
    dstRepStride, srcRepStride)`: WholeReduceSum with a count mask."""

    name = "ascendc.repeat_reduce_sum_l0"
    repeat_time = operand_def(INT)
    mask = operand_def(INT)
    dst_blk_stride = operand_def(INT)
    src_blk_stride = operand_def(INT)
    dst_rep_stride = operand_def(INT)
    src_rep_stride = operand_def(INT)
    isSetMask = opt_prop_def(UnitAttr)
    KIND: ClassVar = "sum"
    GROUP: ClassVar = "repeat"
    LEVEL: ClassVar = "l0"

    def __init__(self, dst, src, repeat_time, mask, dst_blk_stride, src_blk_stride,
                 dst_rep_stride, src_rep_stride, is_set_mask: bool = True):
        super().__init__(operands=[dst, src, repeat_time, mask, dst_blk_stride, src_blk_stride,
                                   dst_rep_stride, src_rep_stride],
                         properties={"isSetMask": flag(is_set_mask)})


# --- whole-repeat reductions: (dst, src, mask, repeatTime, dstRepStride, srcBlkStride, ...) --


class WholeReduceBase(RepeatReduceOp):
    mask = operand_def(INT)
    repeat_time = operand_def(INT)
    dst_rep_stride = operand_def(INT)
    src_blk_stride = operand_def(INT)
    src_rep_stride = operand_def(INT)
    isSetMask = opt_prop_def(UnitAttr)
    GROUP: ClassVar = "repeat"
    LEVEL: ClassVar = "l0"

    def __init__(self, dst, src, mask, repeat_time, dst_rep_stride, src_blk_stride,
                 src_rep_stride, is_set_mask: bool = True, **props):
        super().__init__(operands=[dst, src, mask_operand(mask), repeat_time, dst_rep_stride,
                                   src_blk_stride, src_rep_stride],
                         properties={"isSetMask": flag(is_set_mask), **props})


class WholeReduceIndexBase(WholeReduceBase):
    """WholeReduceMax/Min: value and index within the repeat, laid out by `order`."""

    order = prop_def(IntegerAttr)
    ENUMS: ClassVar = {"order": ReduceOrder}

    def __init__(self, dst, src, mask, repeat_time, dst_rep_stride, src_blk_stride,
                 src_rep_stride, order: ReduceOrder = ReduceOrder.ORDER_VALUE_INDEX,
                 is_set_mask: bool = True):
        super().__init__(dst, src, mask, repeat_time, dst_rep_stride, src_blk_stride,
                         src_rep_stride, is_set_mask, order=enum_attr(order))


_WHOLE_ARGS = ("dst", "src", "mask", "repeat_time", "dst_rep_stride", "src_blk_stride",
               "src_rep_stride")
_MASKED = ("elem:dst", "flag:isSetMask")


@asc_op(cpp=Cpp("WholeReduceSum", pyasc_template=(), template=_MASKED))
class WholeReduceSumL0Op(WholeReduceBase):
    name = "ascendc.whole_reduce_sum_l0"
    KIND: ClassVar = "sum"


@asc_op(cpp=Cpp("WholeReduceSum", pyasc_template=(), template=_MASKED))
class WholeReduceSumL1Op(WholeReduceBase):
    name = "ascendc.whole_reduce_sum_l1"
    mask = var_operand_def(MASK)
    KIND: ClassVar = "sum"
    LEVEL: ClassVar = "l1"


_MAX = Cpp("WholeReduceMax", pyasc_template=(), template=_MASKED, args=(*_WHOLE_ARGS, "enum:order"))
_MIN = Cpp("WholeReduceMin", pyasc_template=(), template=_MASKED, args=(*_WHOLE_ARGS, "enum:order"))


@asc_op(cpp=_MAX)
class WholeReduceMaxL0Op(WholeReduceIndexBase):
    name = "ascendc.whole_reduce_max_l0"
    KIND: ClassVar = "max"


@asc_op(cpp=_MAX)
class WholeReduceMaxL1Op(WholeReduceIndexBase):
    name = "ascendc.whole_reduce_max_l1"
    mask = var_operand_def(MASK)
    KIND: ClassVar = "max"
    LEVEL: ClassVar = "l1"


@asc_op(cpp=_MIN)
class WholeReduceMinL0Op(WholeReduceIndexBase):
    name = "ascendc.whole_reduce_min_l0"
    KIND: ClassVar = "min"


@asc_op(cpp=_MIN)
class WholeReduceMinL1Op(WholeReduceIndexBase):
    name = "ascendc.whole_reduce_min_l1"
    mask = var_operand_def(MASK)
    KIND: ClassVar = "min"
    LEVEL: ClassVar = "l1"


# --- ReduceSum/Max/Min over repeats: (dst, src, sharedTmpBuffer, mask, repeatTime, srcRepStride)


class ReduceRepeatsBase(RepeatReduceOp):
    shared_tmp_buffer = operand_def(LOCAL)
    mask = operand_def(INT)
    repeat_time = operand_def(INT)
    src_rep_stride = operand_def(INT)
    WRITES: ClassVar = ("dst", "shared_tmp_buffer")
    SAME_ELEMENT: ClassVar = ("dst", "src", "shared_tmp_buffer")
    GROUP: ClassVar = "all"
    LEVEL: ClassVar = "l0"

    def __init__(self, dst, src, shared_tmp_buffer, mask, repeat_time, src_rep_stride,
                 *cal_index):
        super().__init__(operands=[dst, src, shared_tmp_buffer, mask_operand(mask), repeat_time,
                                   src_rep_stride, *cal_index])


class ReduceRepeatsIndexBase(ReduceRepeatsBase):
    cal_index = operand_def()


@asc_op(cpp=Cpp("ReduceSum"), formula="sum(a)")
class ReduceSumL0Op(ReduceRepeatsBase):
    name = "ascendc.reduce_sum_l0"
    KIND: ClassVar = "sum"


@asc_op(cpp=Cpp("ReduceSum"), formula="sum(a)")
class ReduceSumL1Op(ReduceRepeatsBase):
    name = "ascendc.reduce_sum_l1"
    mask = var_operand_def(INT)
    KIND: ClassVar = "sum"
    LEVEL: ClassVar = "l1"


@asc_op(cpp=Cpp("ReduceMax"), formula="max(a)")
class ReduceMaxL0Op(ReduceRepeatsIndexBase):
    name = "ascendc.reduce_max_l0"
    KIND: ClassVar = "max"


@asc_op(cpp=Cpp("ReduceMax"), formula="max(a)")
class ReduceMaxL1Op(ReduceRepeatsIndexBase):
    name = "ascendc.reduce_max_l1"
    mask = var_operand_def(INT)
    KIND: ClassVar = "max"
    LEVEL: ClassVar = "l1"


@asc_op(cpp=Cpp("ReduceMin"), formula="min(a)")
class ReduceMinL0Op(ReduceRepeatsIndexBase):
    name = "ascendc.reduce_min_l0"
    KIND: ClassVar = "min"


@asc_op(cpp=Cpp("ReduceMin"), formula="min(a)")
class ReduceMinL1Op(ReduceRepeatsIndexBase):
    name = "ascendc.reduce_min_l1"
    mask = var_operand_def(INT)
    KIND: ClassVar = "min"
    LEVEL: ClassVar = "l1"


REDUCE_REPEAT_OPS: list[type[AscendCOp]] = [
    BlockReduceSumL0Op, BlockReduceSumL1Op, BlockReduceMaxL0Op, BlockReduceMaxL1Op,
    BlockReduceMinL0Op, BlockReduceMinL1Op,
    PairReduceSumL0Op, PairReduceSumL1Op, RepeatReduceSumL0Op,
    WholeReduceSumL0Op, WholeReduceSumL1Op, WholeReduceMaxL0Op, WholeReduceMaxL1Op,
    WholeReduceMinL0Op, WholeReduceMinL1Op,
    ReduceSumL0Op, ReduceSumL1Op, ReduceMaxL0Op, ReduceMaxL1Op, ReduceMinL0Op, ReduceMinL1Op,
]
