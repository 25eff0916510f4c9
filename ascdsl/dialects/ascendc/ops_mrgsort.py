"""The merge-sort and region-proposal ops in pyasc's syntax (its Basic/OpProposal.td):
MrgSort (array and MrgSort4Info forms), MrgSort4, GetMrgSortResult, RpSort16,
ProposalConcat and ProposalExtract.

A sorted list is a run of 8-byte regions (score, uint32 index) as Sort32 writes them on the
910B (ops_sort.py). MrgSort merges up to four descending lists (the ones `validBit` marks:
0b0011, 0b0111 or 0b1111) into one descending list in `dst`; with `repeatTime` > 1 it merges
the next four lists, which follow the previous ones in every source and in dst. With
`isExhaustedSuspension` it stops as soon as one list runs out; GetMrgSortResult then reads
how many regions of each list were merged (the VMS4_SR register).

MrgSort4, RpSort16, ProposalConcat and ProposalExtract work on the older 16-byte region
proposal (8 elements: x1, y1, x2, y2, score, ...) of the Atlas 300I/910 vector units; the
910B headers declare them but report them as unsupported (ASCENDC_REPORT_NOT_SUPPORT), so
they print as pyasc prints them and the simulator refuses them with that reason.

The merge ops read tensors through a MrgSortSrcList value; `read_operands()` follows the
list to the `ascendc.construct` that built it, so the sync passes see the four tensors.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import IntegerType, Signedness, UnitAttr
from xdsl.ir import SSAValue
from xdsl.irdl import (
    ParsePropInAttrDict,
    operand_def,
    opt_prop_def,
    result_def,
    var_operand_def,
)
from xdsl.utils.exceptions import VerifyException

from .base import AscendCOp, Cpp, CppStyle, asc_op, element_type
from .constraints import INT, LOCAL, Is
from .enums import Pipe
from .ops_params import ConstructOp
from .segments import SEGMENTED, SegmentedFormat
from .types_sort import MRG_SORT_LISTS, MrgSort4InfoType, MrgSortSrcListType
from .vector_base import DEFAULT_FORMAT

ui16 = IntegerType(16, Signedness.UNSIGNED)
SRC_LIST = Is((MrgSortSrcListType,), "!ascendc.mrg_sort_src_list<T>")
INFO = Is((MrgSort4InfoType,), "!ascendc.mrg_sort4_info")
_OPERANDS = "operands attr-dict `:` type(operands)"


def list_sources(value: SSAValue) -> list[SSAValue]:
    """The LocalTensors a MrgSortSrcList value was built from (empty if not a construct)."""
    owner = value.owner
    if isinstance(owner, ConstructOp):
        return list(owner.args)
    return []


class _MergeBase(AscendCOp):
    """dst and a MrgSortSrcList of the same element type (half or float)."""

    PIPE: ClassVar = Pipe.PIPE_V

    def read_operands(self) -> list[SSAValue]:
        return list_sources(self.sortList)  # type: ignore[attr-defined]

    def verify_facts(self) -> None:
        elem = element_type(self.dst)  # type: ignore[attr-defined]
        listed = self.sortList.type.element_type  # type: ignore[attr-defined]
        if elem != listed:
            raise VerifyException(
                f"dst holds {elem} but the sort list holds {listed}: MrgSort<T> takes one T"
            )


@asc_op(cpp=Cpp("MrgSort", CppStyle.SPECIAL), pipe=Pipe.PIPE_V, writes=("dst",),
        reads=("sortList",))
class MrgSortOp(SegmentedFormat, _MergeBase):
    """`MrgSort<T, isExhaustedSuspension>(dst, sortList, elementCountList[4], sortedNum[4],
    validBit, repeatTime)`: the counts and sorted numbers as four values each, printed as
    arrays (`<dst>_element_count_list_<N>`, `<dst>_sorted_num_<N>`)."""

    name = "ascendc.mrg_sort"
    irdl_options = SEGMENTED
    dst = operand_def(LOCAL)
    sortList = operand_def(SRC_LIST)
    elementCountList = var_operand_def(INT)
    sortedNum = var_operand_def(INT)
    validBit = operand_def(INT)
    repeatTime = operand_def(INT)
    isExhaustedSuspension = opt_prop_def(UnitAttr)

    def __init__(self, dst, sort_list, counts, sorted_num, valid_bit, repeat_time,
                 exhausted_suspension: bool = False):
        props = {"isExhaustedSuspension": UnitAttr()} if exhausted_suspension else {}
        super().__init__(operands=[dst, sort_list, list(counts), list(sorted_num), valid_bit,
                                   repeat_time], properties=props)

    def verify_facts(self) -> None:
        super().verify_facts()
        for what, vals in (("elementCountList", self.elementCountList),
                           ("sortedNum", self.sortedNum)):
            if len(vals) != MRG_SORT_LISTS:
                raise VerifyException(
                    f"{what} holds one value per list ({MRG_SORT_LISTS}), got {len(vals)}"
                )


@asc_op(cpp=Cpp("MrgSort"), pipe=Pipe.PIPE_V, writes=("dst",), reads=("sortList",))
class MrgSortWithInfoOp(_MergeBase):
    """`MrgSort(dst, sortList, MrgSort4Info)`."""

    name = "ascendc.mrg_sort_with_info"
    dst = operand_def(LOCAL)
    sortList = operand_def(SRC_LIST)
    params = operand_def(INFO)
    assembly_format = _OPERANDS

    def __init__(self, dst, sort_list, params):
        super().__init__(operands=[dst, sort_list, params])


@asc_op(cpp=Cpp("MrgSort4"), pipe=Pipe.PIPE_V, writes=("dst",), reads=("src",))
class MrgSort4Op(_MergeBase):
    """`MrgSort4(dst, src, MrgSort4Info)`: the 16-byte region-proposal merge (not on the
    910B)."""

    name = "ascendc.mrg_sort4"
    dst = operand_def(LOCAL)
    src = operand_def(SRC_LIST)
    params = operand_def(INFO)
    assembly_format = _OPERANDS

    def __init__(self, dst, src, params):
        super().__init__(operands=[dst, src, params])

    @property
    def sortList(self) -> SSAValue:
        return self.src


@asc_op(cpp=Cpp("GetMrgSortResult", CppStyle.SPECIAL), pipe=Pipe.PIPE_S)
class GetMrgSortResultOp(AscendCOp):
    """`GetMrgSortResult(l1, l2, l3, l4)`: regions of each list the last MrgSort merged."""

    name = "ascendc.get_mrg_sort_result"
    mrgSortList1 = result_def(ui16)
    mrgSortList2 = result_def(ui16)
    mrgSortList3 = result_def(ui16)
    mrgSortList4 = result_def(ui16)
    assembly_format = "attr-dict `:` type($mrgSortList1) `,` type($mrgSortList2) `,` " \
                      "type($mrgSortList3) `,` type($mrgSortList4)"

    def __init__(self):
        super().__init__(result_types=[ui16] * 4)


class _ProposalBase(AscendCOp):
    PIPE: ClassVar = Pipe.PIPE_V
    assembly_format = DEFAULT_FORMAT
    irdl_options = (ParsePropInAttrDict(),)

    def verify_facts(self) -> None:
        a, b = element_type(self.dst), element_type(self.src)  # type: ignore[attr-defined]
        if a != b:
            raise VerifyException(f"element type mismatch: dst is {a} but src is {b}")


@asc_op(cpp=Cpp("RpSort16"), pipe=Pipe.PIPE_V, writes=("dst",), reads=("src",))
class RpSort16Op(_ProposalBase):
    """`RpSort16(dst, src, repeatTime)`: each group of 16 region proposals sorted by score."""

    name = "ascendc.rp_sort16"
    dst = operand_def(LOCAL)
    src = operand_def(LOCAL)
    repeatTime = operand_def(INT)

    def __init__(self, dst, src, repeat_time):
        super().__init__(operands=[dst, src, repeat_time])


@asc_op(cpp=Cpp("ProposalConcat"), pipe=Pipe.PIPE_V, writes=("dst",), reads=("src",))
class ProposalConcatOp(_ProposalBase):
    """`ProposalConcat(dst, src, repeatTime, modeNumber)`: 16 values per repeat written into
    field `modeNumber` of 16 region proposals."""

    name = "ascendc.proposal_concat"
    dst = operand_def(LOCAL)
    src = operand_def(LOCAL)
    repeatTime = operand_def(INT)
    modeNumber = operand_def(INT)

    def __init__(self, dst, src, repeat_time, mode_number):
        super().__init__(operands=[dst, src, repeat_time, mode_number])


@asc_op(cpp=Cpp("ProposalExtract"), pipe=Pipe.PIPE_V, writes=("dst",), reads=("src",))
class ProposalExtractOp(_ProposalBase):
    """`ProposalExtract(dst, src, repeatTime, modeNumber)`: field `modeNumber` of 16 region
    proposals per repeat, gathered into 16 values."""

    name = "ascendc.proposal_extract"
    dst = operand_def(LOCAL)
    src = operand_def(LOCAL)
    repeatTime = operand_def(INT)
    modeNumber = operand_def(INT)

    def __init__(self, dst, src, repeat_time, mode_number):
        super().__init__(operands=[dst, src, repeat_time, mode_number])


# Ops the 910B headers declare but report as unsupported, with the API name they report.
NOT_ON_910B: tuple[type[AscendCOp], ...] = (MrgSort4Op, RpSort16Op, ProposalConcatOp,
                                            ProposalExtractOp)

MRGSORT_OPS: list[type[AscendCOp]] = [
    MrgSortOp, MrgSortWithInfoOp, MrgSort4Op, GetMrgSortResultOp, RpSort16Op, ProposalConcatOp,
    ProposalExtractOp,
]

__all__ = [
    "MrgSortOp", "MrgSortWithInfoOp", "MrgSort4Op", "GetMrgSortResultOp", "RpSort16Op",
    "ProposalConcatOp", "ProposalExtractOp", "MRGSORT_OPS", "NOT_ON_910B", "list_sources",
]
