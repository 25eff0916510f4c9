"""Repeat-parameter structs of the gather, gather-mask and broadcast families (Ascend C's
kernel_struct_gather.h / kernel_struct_brcb.h constructors), and VdeqInfo."""

from __future__ import annotations

from typing import ClassVar

from xdsl.ir import Attribute, ParametrizedAttribute, TypeAttribute
from xdsl.irdl import irdl_attr_definition

from .types import ParamStructType


@irdl_attr_definition
class GatherRepeatParamsType(ParamStructType):
    """AscendC::GatherRepeatParams (dstBlkStride, dstRepStride) of Gatherb."""

    name = "ascendc.gather_repeat_params"
    CPP = "AscendC::GatherRepeatParams"
    FIELDS = (("dstBlkStride", 1), ("dstRepStride", 8))
    FIELD_CPP = ("uint8_t", "uint8_t")


@irdl_attr_definition
class BrcbRepeatParamsType(ParamStructType):
    """AscendC::BrcbRepeatParams (dstBlkStride, dstRepStride) of Brcb."""

    name = "ascendc.brcb_repeat_params"
    CPP = "AscendC::BrcbRepeatParams"
    FIELDS = (("dstBlkStride", 1), ("dstRepStride", 8))
    FIELD_CPP = ("uint16_t", "uint16_t")


@irdl_attr_definition
class GatherMaskParamsType(ParamStructType):
    """AscendC::GatherMaskParams (src0BlockStride, repeatTimes, src0RepeatStride,
    src1RepeatStride) of GatherMask."""

    name = "ascendc.gather_mask_params"
    CPP = "AscendC::GatherMaskParams"
    FIELDS = (("src0BlockStride", 1), ("repeatTimes", 0), ("src0RepeatStride", 8),
              ("src1RepeatStride", 8))
    FIELD_CPP = ("uint8_t", "uint16_t", "uint16_t", "uint8_t")


@irdl_attr_definition
class TransposeParamsExtType(ParamStructType):
    """AscendC::TransposeParamsExt (nSize, cSize, hSize, wSize, transposeType) of the
    extended Transpose; transposeType is an AscendC::TransposeType enumerator (types_sort.py),
    TRANSPOSE_ND2ND_B16 = 10 by default."""

    name = "ascendc.transpose_params_ext"
    CPP = "AscendC::TransposeParamsExt"
    FIELDS = (("nSize", 0), ("cSize", 0), ("hSize", 0), ("wSize", 0), ("transposeType", 10))
    FIELD_CPP = ("uint16_t", "uint16_t", "uint16_t", "uint16_t", "AscendC::TransposeType")
    CONSTEXPR_CTOR: ClassVar[bool] = True


@irdl_attr_definition
class VdeqInfoType(ParametrizedAttribute, TypeAttribute):
    """AscendC::VdeqInfo: 16 (scale, offset, signMode) triples for SetDeqScale's tensor form.

    Not a parameter struct of scalar fields: its constructor takes three C arrays (pyasc builds
    them with `emitasc` arrays), so the kernel language has no class for it yet.
    """

    name = "ascendc.vdeq_info"

    def cpp_name(self) -> str:
        return "AscendC::VdeqInfo"


VEC_PARAM_TYPES: list[type[ParamStructType]] = [
    GatherRepeatParamsType, BrcbRepeatParamsType, GatherMaskParamsType, TransposeParamsExtType,
]
# Types of the vector families that are not parameter structs.
VEC_TYPES: list[type[Attribute]] = [VdeqInfoType]
