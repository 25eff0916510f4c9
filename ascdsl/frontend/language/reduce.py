"""Reductions of the kernel language, with pyasc's signatures and keyword names.

`reduce_sum/max/min(dst, src, shared_tmp_buffer, ...)` take a `count` (L2) or `mask,
repeat_time, src_rep_stride` (L0 with an int mask, L1 with mask words); the others work on the
vector unit's repeats (`ascdsl/dialects/ascendc/ops_reduce_repeat.py` says what each writes).
`help(asc.whole_reduce_max)` lists a function's forms.
"""

from __future__ import annotations

from ascdsl.dialects.ascendc import (
    BlockReduceMaxL0Op, BlockReduceMaxL1Op,
    BlockReduceMinL0Op, BlockReduceMinL1Op,
    BlockReduceSumL0Op, BlockReduceSumL1Op,
    PairReduceSumL0Op, PairReduceSumL1Op,
    ReduceMaxL0Op, ReduceMaxL1Op, ReduceMaxL2Op,
    ReduceMinL0Op, ReduceMinL1Op, ReduceMinL2Op,
    ReduceOrder,
    ReduceSumL0Op, ReduceSumL1Op, ReduceSumL2Op,
    RepeatReduceSumL0Op,
    WholeReduceMaxL0Op, WholeReduceMaxL1Op,
    WholeReduceMinL0Op, WholeReduceMinL1Op,
    WholeReduceSumL0Op, WholeReduceSumL1Op,
)

from .. import dtypes as dt
from .dispatch import dispatch, levels
from .tensor import LocalTensor

# pyasc's reduce_sum/max/min give their integers the C++ parameters' types; the block, pair,
# repeat and whole reductions pass every integer as an i32 (the default).
_REDUCE_TYPES = {"mask": dt.uint64, "repeat_time": dt.uint8, "src_rep_stride": dt.uint8,
                 "count": dt.uint32, "cal_index": dt.int8}


@levels(ReduceSumL0Op, ReduceSumL1Op, ReduceSumL2Op, types=_REDUCE_TYPES)
def reduce_sum(dst: LocalTensor, src: LocalTensor, shared_tmp_buffer: LocalTensor,
               *args, **kwargs) -> None:
    """`AscendC::ReduceSum`: dst[0] = the sum of src's elements (`count` of them, or the
    masked elements of `repeat_time` repeats); `shared_tmp_buffer` is scratch."""
    dispatch(reduce_sum, dst, src, shared_tmp_buffer, *args, **kwargs)


@levels(ReduceMaxL0Op, ReduceMaxL1Op, ReduceMaxL2Op, types=_REDUCE_TYPES)
def reduce_max(dst: LocalTensor, src: LocalTensor, shared_tmp_buffer: LocalTensor,
               *args, **kwargs) -> None:
    """`AscendC::ReduceMax`: dst[0] = the maximum (dst[1] its index when `cal_index`)."""
    dispatch(reduce_max, dst, src, shared_tmp_buffer, *args, **kwargs)


@levels(ReduceMinL0Op, ReduceMinL1Op, ReduceMinL2Op, types=_REDUCE_TYPES)
def reduce_min(dst: LocalTensor, src: LocalTensor, shared_tmp_buffer: LocalTensor,
               *args, **kwargs) -> None:
    """`AscendC::ReduceMin`: dst[0] = the minimum (dst[1] its index when `cal_index`)."""
    dispatch(reduce_min, dst, src, shared_tmp_buffer, *args, **kwargs)


@levels(BlockReduceSumL0Op, BlockReduceSumL1Op)
def block_reduce_sum(dst: LocalTensor, src: LocalTensor, *args, **kwargs) -> None:
    """`AscendC::BlockReduceSum`: the sum of each 32-byte block, 8 values per repeat."""
    dispatch(block_reduce_sum, dst, src, *args, **kwargs)


@levels(BlockReduceMaxL0Op, BlockReduceMaxL1Op)
def block_reduce_max(dst: LocalTensor, src: LocalTensor, *args, **kwargs) -> None:
    """`AscendC::BlockReduceMax`: the maximum of each 32-byte block, 8 values per repeat."""
    dispatch(block_reduce_max, dst, src, *args, **kwargs)


@levels(BlockReduceMinL0Op, BlockReduceMinL1Op)
def block_reduce_min(dst: LocalTensor, src: LocalTensor, *args, **kwargs) -> None:
    """`AscendC::BlockReduceMin`: the minimum of each 32-byte block, 8 values per repeat."""
    dispatch(block_reduce_min, dst, src, *args, **kwargs)


@levels(PairReduceSumL0Op, PairReduceSumL1Op)
def pair_reduce_sum(dst: LocalTensor, src: LocalTensor, *args, **kwargs) -> None:
    """`AscendC::PairReduceSum`: the sum of each pair of neighbours (a0+a1, a2+a3, ...)."""
    dispatch(pair_reduce_sum, dst, src, *args, **kwargs)


@levels(RepeatReduceSumL0Op)
def repeat_reduce_sum(dst: LocalTensor, src: LocalTensor, *args, **kwargs) -> None:
    """`AscendC::RepeatReduceSum`: the sum of each repeat (count mask only)."""
    dispatch(repeat_reduce_sum, dst, src, *args, **kwargs)


@levels(WholeReduceSumL0Op, WholeReduceSumL1Op)
def whole_reduce_sum(dst: LocalTensor, src: LocalTensor, *args, **kwargs) -> None:
    """`AscendC::WholeReduceSum`: the sum of each repeat, one value per repeat."""
    dispatch(whole_reduce_sum, dst, src, *args, **kwargs)


@levels(WholeReduceMaxL0Op, WholeReduceMaxL1Op)
def whole_reduce_max(dst: LocalTensor, src: LocalTensor, *args, **kwargs) -> None:
    """`AscendC::WholeReduceMax`: each repeat's maximum and its index in the repeat, laid out
    by `order` (asc.ReduceOrder)."""
    dispatch(whole_reduce_max, dst, src, *args, **kwargs)


@levels(WholeReduceMinL0Op, WholeReduceMinL1Op)
def whole_reduce_min(dst: LocalTensor, src: LocalTensor, *args, **kwargs) -> None:
    """`AscendC::WholeReduceMin`: each repeat's minimum and its index in the repeat, laid out
    by `order` (asc.ReduceOrder)."""
    dispatch(whole_reduce_min, dst, src, *args, **kwargs)


__all__ = [
    "reduce_sum", "reduce_max", "reduce_min", "block_reduce_sum", "block_reduce_max",
    "block_reduce_min", "pair_reduce_sum", "repeat_reduce_sum", "whole_reduce_sum",
    "whole_reduce_max", "whole_reduce_min", "ReduceOrder",
]
