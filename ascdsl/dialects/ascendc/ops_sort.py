"""The sort family's first members in pyasc's syntax (its Basic/OpProposal.td): GetSortLen,
GetSortOffset, Sort32 and Sort.

On the 910B (C220) a sorted element is a region of 8 bytes, its score and its uint32 index:
for float the score's 4 bytes then the index (GetSortLen<float>(n) = 2n floats), for half
the score's 2 bytes, 2 bytes of padding, then the index (GetSortLen<half>(n) = 4n halves).
Sort32 sorts each group of 32 scores (src0) with their indices (src1) in descending order;
Sort without isFullSort is the same per group, with isFullSort it sorts all `repeatTime * 32`
elements (Ascend C merges the groups through `tmp`).

pyasc spells GetSortLen and GetSortOffset with a fixed `<float>` (its API names are
`GetSortLen<float>`); ascdsl prints the same and computes for float.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import IntegerType, Signedness, UnitAttr
from xdsl.ir import SSAValue
from xdsl.irdl import ParsePropInAttrDict, operand_def, opt_prop_def, result_def
from xdsl.utils.exceptions import VerifyException

from .base import AscendCOp, Cpp, asc_op, element_type
from .constraints import INT, LOCAL
from .enums import Pipe
from .vector_base import DEFAULT_FORMAT

ui32 = IntegerType(32, Signedness.UNSIGNED)
# Elements of one sorted region per score, by score size (GetSortLen / GetSortOffset).
REGION_ELEMENTS = {4: 2, 2: 4}


class _SortQueryOp(AscendCOp):
    value = operand_def(ui32)
    result = result_def(ui32)
    assembly_format = "$value attr-dict `:` type($result)"

    def __init__(self, value: SSAValue):
        super().__init__(operands=[value], result_types=[ui32])


@asc_op(cpp=Cpp("GetSortLen<float>"), pipe=Pipe.PIPE_S)
class GetSortLenOp(_SortQueryOp):
    """`GetSortLen<float>(elemCount)`: how many floats `elemCount` sorted regions take."""

    name = "ascendc.get_sort_len"


@asc_op(cpp=Cpp("GetSortOffset<float>"), pipe=Pipe.PIPE_S)
class GetSortOffsetOp(_SortQueryOp):
    """`GetSortOffset<float>(elemOffset)`: the float offset of sorted region `elemOffset`."""

    name = "ascendc.get_sort_offset"


class _SortBase(AscendCOp):
    PIPE: ClassVar = Pipe.PIPE_V
    assembly_format = DEFAULT_FORMAT
    irdl_options = (ParsePropInAttrDict(),)

    def verify_facts(self) -> None:
        score = element_type(self.dst)
        if score != element_type(self.scores):
            raise VerifyException(
                f"dst and the scores must have one element type, got {score} and "
                f"{element_type(self.scores)}"
            )
        if element_type(self.indices) != ui32:
            raise VerifyException(
                f"the indices are a LocalTensor<uint32_t>, got {self.indices.type}"
            )


@asc_op(cpp=Cpp("Sort32"), pipe=Pipe.PIPE_V, writes=("dst",), reads=("src0", "src1"))
class Sort32Op(_SortBase):
    """`Sort32(dst, src0, src1, repeatTime)`: each group of 32 scores of src0 with its
    indices src1, sorted descending into (score, index) regions of dst."""

    name = "ascendc.sort32"
    dst = operand_def(LOCAL)
    src0 = operand_def(LOCAL)
    src1 = operand_def(LOCAL)
    repeatTime = operand_def(INT)

    def __init__(self, dst, src0, src1, repeat_time):
        super().__init__(operands=[dst, src0, src1, repeat_time])

    @property
    def scores(self) -> SSAValue:
        return self.src0

    @property
    def indices(self) -> SSAValue:
        return self.src1


@asc_op(cpp=Cpp("Sort", template=("elem:dst", "flag:isFullSort"),
                args=("dst", "concat", "index", "tmp", "repeatTime")),
        pipe=Pipe.PIPE_V, writes=("dst", "tmp"), reads=("concat", "index"))
class SortOp(_SortBase):
    """`Sort<T, isFullSort>(dst, concat, index, tmp, repeatTime)`: descending sort of
    `repeatTime` groups of 32 (each group alone, or all of them with isFullSort)."""

    name = "ascendc.sort"
    dst = operand_def(LOCAL)
    concat = operand_def(LOCAL)
    index = operand_def(LOCAL)
    tmp = operand_def(LOCAL)
    repeatTime = operand_def(INT)
    isFullSort = opt_prop_def(UnitAttr)

    def __init__(self, dst, concat, index, tmp, repeat_time, full: bool = False):
        super().__init__(operands=[dst, concat, index, tmp, repeat_time],
                         properties={"isFullSort": UnitAttr()} if full else {})

    @property
    def scores(self) -> SSAValue:
        return self.concat

    @property
    def indices(self) -> SSAValue:
        return self.index


SORT_OPS: list[type[AscendCOp]] = [GetSortLenOp, GetSortOffsetOp, Sort32Op, SortOp]
