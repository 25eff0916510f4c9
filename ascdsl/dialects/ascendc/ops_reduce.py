"""Reductions over a whole source tensor: `ReduceSum`, `ReduceMax`, `ReduceMin` (level 2).

The formula is a numpy expression over the whole source `a` (e.g. `sum(a)`).
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.irdl import operand_def

from .base import AscendCOp, Cpp, asc_op
from .constraints import INT, LOCAL
from .vector_base import VectorOp


class ReduceL2Base(VectorOp):
    """dst[0] = reduce(src[:count]); `shared_tmp_buffer` is scratch space the API may clobber."""

    dst = operand_def(LOCAL)
    src = operand_def(LOCAL)
    shared_tmp_buffer = operand_def(LOCAL)
    count = operand_def(INT)
    WRITES: ClassVar[tuple[str, ...]] = ("dst", "shared_tmp_buffer")
    READS: ClassVar[tuple[str, ...]] = ("src",)
    SAME_ELEMENT: ClassVar = ("dst", "src", "shared_tmp_buffer")
    LEVEL: ClassVar = "l2"


class ReduceSumL2Base(ReduceL2Base):
    """`ReduceSum(dst, src, sharedTmpBuffer, count)`."""

    def __init__(self, dst, src, shared_tmp_buffer, count):
        super().__init__(operands=[dst, src, shared_tmp_buffer, count])


class ReduceIndexL2Base(ReduceL2Base):
    """ReduceMax/ReduceMin: with `cal_index` true, dst[1] holds the index of the extremum."""

    cal_index = operand_def()

    def __init__(self, dst, src, shared_tmp_buffer, count, cal_index):
        super().__init__(operands=[dst, src, shared_tmp_buffer, count, cal_index])


@asc_op(cpp=Cpp("ReduceSum"), formula="sum(a)")
class ReduceSumL2Op(ReduceSumL2Base):
    name = "ascendc.reduce_sum_l2"


@asc_op(cpp=Cpp("ReduceMax"), formula="max(a)")
class ReduceMaxL2Op(ReduceIndexL2Base):
    name = "ascendc.reduce_max_l2"


@asc_op(cpp=Cpp("ReduceMin"), formula="min(a)")
class ReduceMinL2Op(ReduceIndexL2Base):
    name = "ascendc.reduce_min_l2"


REDUCE_OPS: list[type[AscendCOp]] = [ReduceSumL2Op, ReduceMaxL2Op, ReduceMinL2Op]
