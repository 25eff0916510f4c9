"""Repeat-parameter structs of the gather and broadcast families (Ascend C's
kernel_struct_gather.h / kernel_struct_brcb.h constructors)."""

from __future__ import annotations

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


VEC_PARAM_TYPES: list[type[ParamStructType]] = [GatherRepeatParamsType, BrcbRepeatParamsType]
