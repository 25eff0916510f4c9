"""Types of the merge-sort and transpose families, spelled as pyasc spells them.

- `!ascendc.mrg_sort_src_list<f32>`: AscendC::MrgSortSrcList<T>, the four sorted lists
  MrgSort merges (pyasc builds it with `ascendc.construct` from 2 to 4 LocalTensors);
- `!ascendc.mrg_sort4_info`: AscendC::MrgSort4Info (elementLengths[4] as a `memref<4xui16>`,
  ifExhaustedSuspension, validBit, repeatTimes);
- `!ascendc.transpose_type`: the enum class AscendC::TransposeType (uint8_t), which pyasc
  names only as a cast type inside the TransposeParamsExt construct.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import IntEnum

from xdsl.ir import Attribute, ParametrizedAttribute, TypeAttribute
from xdsl.irdl import irdl_attr_definition
from xdsl.parser import AttrParser
from xdsl.printer import Printer

# Lists MrgSort merges at most (MRG_SORT_ELEMENT_LEN in the headers).
MRG_SORT_LISTS = 4


@irdl_attr_definition
class MrgSortSrcListType(ParametrizedAttribute, TypeAttribute):
    """AscendC::MrgSortSrcList<T>: four LocalTensors of sorted (score, index) regions."""

    name = "ascendc.mrg_sort_src_list"
    element_type: Attribute

    def __init__(self, element_type: Attribute):
        super().__init__(element_type)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> list[Attribute]:
        with parser.in_angle_brackets():
            return [parser.parse_type()]

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string("<")
        printer.print_attribute(self.element_type)
        printer.print_string(">")

    def cpp_spelling(self, scalar: Callable[[Attribute], str | None]) -> str | None:
        elem = scalar(self.element_type)
        return None if elem is None else f"AscendC::MrgSortSrcList<{elem}>"


@irdl_attr_definition
class MrgSort4InfoType(ParametrizedAttribute, TypeAttribute):
    """AscendC::MrgSort4Info: the four list lengths (regions), whether to stop when a list
    runs out, which lists are valid (a bit each) and the repeat count."""

    name = "ascendc.mrg_sort4_info"

    def cpp_name(self) -> str:
        return "AscendC::MrgSort4Info"


@irdl_attr_definition
class TransposeTypeType(ParametrizedAttribute, TypeAttribute):
    """AscendC::TransposeType, an enum class of uint8_t (TRANSPOSE_NCHW2NHWC = 11, ...)."""

    name = "ascendc.transpose_type"

    def cpp_name(self) -> str:
        return "AscendC::TransposeType"


class TransposeType(IntEnum):
    """AscendC::TransposeType's enumerators (kernel_struct_transpose.h), in order."""

    TRANSPOSE_TYPE_NONE = 0
    TRANSPOSE_NZ2ND_0213 = 1
    TRANSPOSE_NZ2NZ_0213 = 2
    TRANSPOSE_NZ2NZ_012_WITH_N = 3
    TRANSPOSE_NZ2ND_012_WITH_N = 4
    TRANSPOSE_NZ2ND_012_WITHOUT_N = 5
    TRANSPOSE_NZ2NZ_012_WITHOUT_N = 6
    TRANSPOSE_ND2ND_ONLY = 7
    TRANSPOSE_ND_UB_GM = 8
    TRANSPOSE_GRAD_ND_UB_GM = 9
    TRANSPOSE_ND2ND_B16 = 10
    TRANSPOSE_NCHW2NHWC = 11
    TRANSPOSE_NHWC2NCHW = 12


SORT_TYPES: list[type[Attribute]] = [MrgSortSrcListType, MrgSort4InfoType, TransposeTypeType]

__all__ = ["MrgSortSrcListType", "MrgSort4InfoType", "TransposeTypeType", "TransposeType",
           "MRG_SORT_LISTS", "SORT_TYPES"]
