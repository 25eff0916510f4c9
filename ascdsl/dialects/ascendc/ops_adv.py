"""Advanced APIs beyond the math library: activation (SoftMax, SimpleSoftMax, LogSoftMax),
normalization (RmsNorm, LayerNorm), quantization (AscendQuant) and the sort helpers (Concat,
Extract).

pyasc's ops and syntax (LogSoftMax and LayerNorm, which pyasc lacks, in the same style). SoftMax's `sharedTmpBuffer` and `softmaxShapeInfo` and AscendQuant's
`sharedTmpBuffer` and `config` are optional, recorded by `operandSegmentSizes` in the
attribute dictionary; the template flags (`reuseSource`, `basicBlock`, `dataFormatNZ`,
`isReuseSource`) are unit attributes printed as 0 or 1:

    ascendc.softmax %dst, %sum, %max, %src, %tiling {operandSegmentSizes = array<i32: 1, 1, 1,
        1, 0, 1, 0>} : ...   ->   AscendC::SoftMax<half, 0, 0, 0>(v2, v3, v4, v5, v6);

Scratch space is `sharedTmpBuffer` when given, else the UB the TPipe has not handed out.
docs/adv.md gives each API's numerics, shape rules and cost in the simulator.
"""

from __future__ import annotations

from xdsl.dialects.builtin import UnitAttr
from xdsl.ir import SSAValue
from xdsl.irdl import ParsePropInAttrDict, operand_def, opt_operand_def, opt_prop_def

from .base import AscendCOp, Cpp, asc_op
from .constraints import INT, LOCAL, Is
from .enums import Pipe
from .segments import SEGMENTED, SegmentedFormat, segment_sizes
from .types_adv import (
    AscendQuantConfigType,
    LayerNormTilingType,
    LogSoftMaxTilingType,
    RmsNormTilingType,
    SoftMaxShapeInfoType,
    SoftMaxTilingType,
)

SOFTMAX_TILING = Is((SoftMaxTilingType,), "!ascendc.softmax_tiling")
SHAPE_INFO = Is((SoftMaxShapeInfoType,), "!ascendc.softmax_shape_info")
RMSNORM_TILING = Is((RmsNormTilingType,), "!ascendc.rmsnorm_tiling")
LOG_SOFTMAX_TILING = Is((LogSoftMaxTilingType,), "!ascendc.log_softmax_tiling")
LAYERNORM_TILING = Is((LayerNormTilingType,), "!ascendc.layernorm_tiling")
QUANT_CONFIG = Is((AscendQuantConfigType,), "!ascendc.ascend_quant_config")


def _flag(on: bool) -> UnitAttr | None:
    return UnitAttr() if on else None


def _opt(v: SSAValue | None) -> list[SSAValue]:
    return [v] if v is not None else []


class AdvOp(AscendCOp):
    """An advanced API call on PIPE_V (its cost: the SoC's library table, keyed by the C++
    API name); `tmp_buffer()` is its scratch tensor (None: stack space)."""

    def tmp_buffer(self) -> SSAValue | None:
        return getattr(self, "sharedTmpBuffer", None)


# --- activation ---------------------------------------------------------------------------


class SoftMaxBase(SegmentedFormat, AdvOp):
    """Row softmax over a [m, k] source; sumTensor and maxTensor hold one value per row,
    repeated over a 32-byte block ([m, 32 / sizeof(T2)])."""

    reuseSource = opt_prop_def(UnitAttr)
    basicBlock = opt_prop_def(UnitAttr)
    dataFormatNZ = opt_prop_def(UnitAttr)
    dst = operand_def(LOCAL)
    sumTensor = operand_def(LOCAL)
    maxTensor = operand_def(LOCAL)
    src = operand_def(LOCAL)
    sharedTmpBuffer = opt_operand_def(LOCAL)
    tiling = operand_def(SOFTMAX_TILING)
    softmaxShapeInfo = opt_operand_def(SHAPE_INFO)
    irdl_options = SEGMENTED

    def __init__(self, dst: SSAValue, sum_: SSAValue, max_: SSAValue, src: SSAValue,
                 tiling: SSAValue, tmp: SSAValue | None = None,
                 shape_info: SSAValue | None = None, reuse_source: bool = False,
                 basic_block: bool = False, data_format_nz: bool = False):
        super().__init__(
            operands=[dst, sum_, max_, src, _opt(tmp), tiling, _opt(shape_info)],
            properties={
                "operandSegmentSizes": segment_sizes(type(self), {
                    "sharedTmpBuffer": tmp is not None, "softmaxShapeInfo": shape_info is not None}),
                "reuseSource": _flag(reuse_source),
                "basicBlock": _flag(basic_block),
                "dataFormatNZ": _flag(data_format_nz),
            },
        )


_SOFTMAX_CPP = dict(
    template=("elem:dst", "flag:reuseSource", "flag:basicBlock", "flag:dataFormatNZ"),
    args=("dst", "sumTensor", "maxTensor", "src", "sharedTmpBuffer", "tiling",
          "softmaxShapeInfo"),
)


@asc_op(cpp=Cpp("SoftMax", **_SOFTMAX_CPP), pipe=Pipe.PIPE_V,
        writes=("dst", "sumTensor", "maxTensor", "sharedTmpBuffer"), reads=("src",))
class SoftMaxOp(SoftMaxBase):
    """`AscendC::SoftMax`: max = rowmax(src), sum = rowsum(exp(src - max)),
    dst = exp(src - max) / sum."""

    name = "ascendc.softmax"


@asc_op(cpp=Cpp("SimpleSoftMax", **_SOFTMAX_CPP), pipe=Pipe.PIPE_V,
        writes=("dst", "sharedTmpBuffer"), reads=("sumTensor", "maxTensor", "src"))
class SimpleSoftMaxOp(SoftMaxBase):
    """`AscendC::SimpleSoftMax`: dst = exp(src - max) / sum with max and sum given (as
    SoftMax wrote them)."""

    name = "ascendc.simple_softmax"


@asc_op(
    cpp=Cpp("LogSoftMax", template=("elem:dst", "flag:reuseSource", "flag:dataFormatNZ"),
            args=("dst", "sumTensor", "maxTensor", "src", "sharedTmpBuffer", "tiling",
                  "softmaxShapeInfo")),
    pipe=Pipe.PIPE_V, writes=("dst", "sumTensor", "maxTensor", "sharedTmpBuffer"),
    reads=("src",),
)
class LogSoftMaxOp(AdvOp):
    """`AscendC::LogSoftMax`: max = rowmax(src), sum = rowsum(exp(src - max)),
    dst = log(exp(src - max) / sum). ascdsl's op (pyasc has none); the API always takes a
    scratch tensor and a `LogSoftMaxTiling`."""

    name = "ascendc.log_softmax"
    reuseSource = opt_prop_def(UnitAttr)
    dataFormatNZ = opt_prop_def(UnitAttr)
    dst = operand_def(LOCAL)
    sumTensor = operand_def(LOCAL)
    maxTensor = operand_def(LOCAL)
    src = operand_def(LOCAL)
    sharedTmpBuffer = operand_def(LOCAL)
    tiling = operand_def(LOG_SOFTMAX_TILING)
    softmaxShapeInfo = opt_operand_def(SHAPE_INFO)
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "operands attr-dict `:` type(operands)"

    def __init__(self, dst: SSAValue, sum_: SSAValue, max_: SSAValue, src: SSAValue,
                 tmp: SSAValue, tiling: SSAValue, shape_info: SSAValue | None = None,
                 reuse_source: bool = False, data_format_nz: bool = False):
        super().__init__(operands=[dst, sum_, max_, src, tmp, tiling, _opt(shape_info)],
                         properties={"reuseSource": _flag(reuse_source),
                                     "dataFormatNZ": _flag(data_format_nz)})


# --- normalization --------------------------------------------------------------------------


@asc_op(
    cpp=Cpp("LayerNorm", template=("elem:dst", "flag:isReuseSource"),
            args=("dst", "outputMean", "outputVariance", "src", "gamma", "beta",
                  "sharedTmpBuffer", "epsilon", "tiling")),
    pipe=Pipe.PIPE_V, writes=("dst", "outputMean", "outputVariance", "sharedTmpBuffer"),
    reads=("src", "gamma", "beta"),
)
class LayerNormOp(AdvOp):
    """`AscendC::LayerNorm`: over the last axis H of [B, S, H], mean and variance per row
    (written as B*S values) and dst = (x - mean) / sqrt(variance + epsilon) * gamma + beta.
    ascdsl's op (pyasc has none)."""

    name = "ascendc.layernorm"
    isReuseSource = opt_prop_def(UnitAttr)
    dst = operand_def(LOCAL)
    outputMean = operand_def(LOCAL)
    outputVariance = operand_def(LOCAL)
    src = operand_def(LOCAL)
    gamma = operand_def(LOCAL)
    beta = operand_def(LOCAL)
    sharedTmpBuffer = opt_operand_def(LOCAL)
    epsilon = operand_def()
    tiling = operand_def(LAYERNORM_TILING)
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "operands attr-dict `:` type(operands)"

    def __init__(self, dst: SSAValue, mean: SSAValue, variance: SSAValue, src: SSAValue,
                 gamma: SSAValue, beta: SSAValue, epsilon: SSAValue, tiling: SSAValue,
                 tmp: SSAValue | None = None, reuse_source: bool = False):
        super().__init__(operands=[dst, mean, variance, src, gamma, beta, _opt(tmp), epsilon,
                                   tiling],
                         properties={"isReuseSource": _flag(reuse_source)})



@asc_op(
    cpp=Cpp("RmsNorm", template=("elem:dst", "flag:basicBlock"),
            args=("dst", "src", "gamma", "sharedTmpBuffer", "epsilon", "tiling")),
    pipe=Pipe.PIPE_V, writes=("dst", "sharedTmpBuffer"), reads=("src", "gamma"),
)
class RmsNormOp(AdvOp):
    """`AscendC::RmsNorm`: over the last axis H of [B, S, H],
    dst = src / sqrt(mean(src^2) + epsilon) * gamma."""

    name = "ascendc.rmsnorm"
    basicBlock = opt_prop_def(UnitAttr)
    dst = operand_def(LOCAL)
    src = operand_def(LOCAL)
    gamma = operand_def(LOCAL)
    epsilon = operand_def()
    tiling = operand_def(RMSNORM_TILING)
    sharedTmpBuffer = opt_operand_def(LOCAL)
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "operands attr-dict `:` type(operands)"

    def __init__(self, dst: SSAValue, src: SSAValue, gamma: SSAValue, epsilon: SSAValue,
                 tiling: SSAValue, tmp: SSAValue | None = None, basic_block: bool = False):
        super().__init__(operands=[dst, src, gamma, epsilon, tiling, _opt(tmp)],
                         properties={"basicBlock": _flag(basic_block)})


# --- quantization ---------------------------------------------------------------------------


@asc_op(
    cpp=Cpp("AscendQuant", template=("elem:srcTensor", "flag:isReuseSource", "config"),
            args=("dst", "srcTensor", "sharedTmpBuffer", "scale", "offset", "calCount")),
    pipe=Pipe.PIPE_V, writes=("dst", "sharedTmpBuffer"), reads=("srcTensor",),
)
class QuantOp(SegmentedFormat, AdvOp):
    """`AscendC::AscendQuant` per tensor: dst (int8) = saturate(round(src * scale + offset)),
    rounding half to even; `config` (a static constexpr AscendQuantConfig) is a template
    argument."""

    name = "ascendc.quant"
    isReuseSource = opt_prop_def(UnitAttr)
    dst = operand_def(LOCAL)
    srcTensor = operand_def(LOCAL)
    scale = operand_def()
    offset = operand_def()
    calCount = operand_def(INT)
    sharedTmpBuffer = opt_operand_def(LOCAL)
    config = opt_operand_def(QUANT_CONFIG)
    irdl_options = SEGMENTED

    def __init__(self, dst: SSAValue, src: SSAValue, scale: SSAValue, offset: SSAValue,
                 count: SSAValue, tmp: SSAValue | None = None, config: SSAValue | None = None,
                 reuse_source: bool = False):
        super().__init__(
            operands=[dst, src, scale, offset, count, _opt(tmp), _opt(config)],
            properties={
                "operandSegmentSizes": segment_sizes(type(self), {
                    "sharedTmpBuffer": tmp is not None, "config": config is not None}),
                "isReuseSource": _flag(reuse_source),
            },
        )


# --- sort -----------------------------------------------------------------------------------


@asc_op(cpp=Cpp("Concat"), pipe=Pipe.PIPE_V, writes=("dst",), reads=("src",))
class ConcatOp(AdvOp):
    """`AscendC::Concat(concat, src, tmp, repeatTime)`: prepares `src` for Sort. On Ascend
    910B (dav-c220) Sort takes the scores as they are: Concat makes `concat` a view of `src`
    (`concat = src;`) and moves no data; `tmp` is unused."""

    name = "ascendc.concat"
    dst = operand_def(LOCAL)
    src = operand_def(LOCAL)
    tmp = operand_def(LOCAL)
    repeatTime = operand_def(INT)
    assembly_format = "operands attr-dict `:` type(operands)"


@asc_op(cpp=Cpp("Extract"), pipe=Pipe.PIPE_V, writes=("dstValue", "dstIndex"), reads=("src",))
class ExtractOp(AdvOp):
    """`AscendC::Extract(dstValue, dstIndex, sorted, repeatTime)`: splits Sort's output (8
    bytes per element: the score, then its uint32 index) into 32 * repeatTime scores and
    indices (two GatherMask instructions on dav-c220)."""

    name = "ascendc.extract"
    dstValue = operand_def(LOCAL)
    dstIndex = operand_def(LOCAL)
    src = operand_def(LOCAL)
    repeatTime = operand_def(INT)
    assembly_format = "operands attr-dict `:` type(operands)"


ADV_OPS: list[type[AscendCOp]] = [
    SimpleSoftMaxOp, SoftMaxOp, RmsNormOp, QuantOp, ConcatOp, ExtractOp, LogSoftMaxOp,
    LayerNormOp,
]
