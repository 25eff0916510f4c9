"""The tiling and configuration structs of the advanced APIs, spelled as pyasc spells them.

`!ascendc.softmax_tiling` (`SoftMaxTiling`), `!ascendc.softmax_shape_info`
(`AscendC::SoftMaxShapeInfo`), `!ascendc.rmsnorm_tiling` (`RmsNormTiling`),
`!ascendc.ascend_quant_config` (`AscendC::AscendQuantConfig`) and the structs of the advanced
APIs pyasc does not have (`LogSoftMaxTiling`, `LayerNormTiling`, `AscendC::DequantParams`).
The tiling structs are the ones CANN's tiling generator writes into
`kernel_tiling/kernel_tiling.h` (global namespace, every field a `uint32_t` with a default of 0
unless noted): a kernel builds one with `ascendc.construct` (field values in declaration order)
or receives it from the host.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.irdl import irdl_attr_definition

from .types import ParamStructType


def _u32(*names: str) -> tuple[tuple[tuple[str, int], ...], tuple[str, ...]]:
    return tuple((n, 0) for n in names), ("uint32_t",) * len(names)


class AdvStructType(ParamStructType):
    """A struct of the advanced APIs. `CONSTEXPR_CTOR`: it has a constexpr constructor, so a
    kernel may declare it `static constexpr` (a template argument of the API)."""

    CONSTEXPR_CTOR: ClassVar[bool] = False


@irdl_attr_definition
class SoftMaxTilingType(AdvStructType):
    """`SoftMaxTiling`: how SoftMax/SimpleSoftMax split a [srcM, srcK] tile into row blocks
    (splitM rows of splitK per pass, reduceM x reduceK for the row max and sum)."""

    name = "ascendc.softmax_tiling"
    CPP = "SoftMaxTiling"
    FIELDS, FIELD_CPP = _u32(
        "srcM", "srcK", "srcSize", "outMaxM", "outMaxK", "outMaxSize", "splitM", "splitK",
        "splitSize", "reduceM", "reduceK", "reduceSize", "rangeM", "tailM", "tailSplitSize",
        "tailReduceSize",
    )


@irdl_attr_definition
class LogSoftMaxTilingType(AdvStructType):
    """`LogSoftMaxTiling`: LogSoftMax's split of a [srcM, srcK] tile (SoftMaxTiling's
    fields). Not in pyasc."""

    name = "ascendc.log_softmax_tiling"
    CPP = "LogSoftMaxTiling"
    FIELDS, FIELD_CPP = SoftMaxTilingType.FIELDS, SoftMaxTilingType.FIELD_CPP


@irdl_attr_definition
class SoftMaxShapeInfoType(AdvStructType):
    """`AscendC::SoftMaxShapeInfo`: the [srcM, srcK] shape SoftMax works on and the original
    [oriSrcM, oriSrcK] before padding; all zero means "read the source tensor's ShapeInfo"."""

    name = "ascendc.softmax_shape_info"
    CPP = "AscendC::SoftMaxShapeInfo"
    FIELDS, FIELD_CPP = _u32("srcM", "srcK", "oriSrcM", "oriSrcK")


@irdl_attr_definition
class RmsNormTilingType(AdvStructType):
    """`RmsNormTiling`: the [bLength, sLength, hLength] shape RmsNorm normalizes over its last
    axis, 1 / originalHLength, and how the rows are split into passes."""

    name = "ascendc.rmsnorm_tiling"
    CPP = "RmsNormTiling"
    FIELDS = (
        ("bLength", 0), ("sLength", 0), ("hLength", 0), ("originalHLength", 0),
        ("reciprocalOfHLength", 0), ("mainBshLength", 0), ("mainBsLength", 0),
        ("mainBsLengthAlign", 0), ("loopRound", 0), ("inputTailPos", 0), ("tailBshLength", 0),
        ("tailBsLength", 0),
    )
    FIELD_CPP = ("uint32_t",) * 4 + ("float",) + ("uint32_t",) * 7


@irdl_attr_definition
class AscendQuantConfigType(AdvStructType):
    """`AscendC::AscendQuantConfig` (calcCount, offsetCount, scaleCount, workLocalSize): a
    compile-time configuration of AscendQuant, passed as a template argument."""

    name = "ascendc.ascend_quant_config"
    CPP = "AscendC::AscendQuantConfig"
    CONSTEXPR_CTOR = True
    FIELDS, FIELD_CPP = _u32("calcCount", "offsetCount", "scaleCount", "workLocalSize")


@irdl_attr_definition
class LayerNormTilingType(AdvStructType):
    """`LayerNormTiling` (kernel_tiling.h, namespace AscendC::tiling): the [bLength, sLength,
    hLength] shape LayerNorm normalizes over its last axis and its passes. ascdsl reads
    bLength, sLength, hLength and originalHLength; the rest only splits the work."""

    name = "ascendc.layernorm_tiling"
    CPP = "LayerNormTiling"
    FIELDS = (
        ("bLength", 0), ("sLength", 0), ("hLength", 0), ("originalHLength", 0),
        ("inputXSize", 0), ("meanVarSize", 0), ("numberOfTmpBuf", 0), ("meanTmpTensorPos", 0),
        ("meanTmpTensorSize", 0), ("varianceTmpTensorPos", 0), ("varianceTmpTensorSize", 0),
        ("tmpBufSize", 0), ("oneTmpSize", 0), ("firstTmpStartPos", 0),
        ("secondTmpStartPos", 0), ("thirdTmpStartPos", 0), ("loopRound", 0),
        ("inputRoundSize", 0), ("inputTailSize", 0), ("inputTailPos", 0),
        ("meanVarRoundSize", 0), ("meanVarTailSize", 0), ("meanVarTailPos", 0),
        ("bshCurLength", 0), ("bsCurLength", 0), ("lastDimValueBack", 0),
    )
    FIELD_CPP = ("uint32_t",) * 25 + ("float",)


@irdl_attr_definition
class DequantParamsType(AdvStructType):
    """`AscendC::DequantParams` (m, n, calCount): AscendDequant's source is m rows of n int32
    elements (n a multiple of 8), and the first calCount of each row are scaled. An aggregate
    (no constructor): a kernel builds it from runtime values. Not in pyasc."""

    name = "ascendc.dequant_params"
    CPP = "AscendC::DequantParams"
    FIELDS, FIELD_CPP = _u32("m", "n", "calCount")


ADV_TYPES: list[type[AdvStructType]] = [
    SoftMaxTilingType,
    LogSoftMaxTilingType,
    SoftMaxShapeInfoType,
    RmsNormTilingType,
    AscendQuantConfigType,
    LayerNormTilingType,
    DequantParamsType,
]
