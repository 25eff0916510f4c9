"""Advanced APIs beyond the math library: activation (SoftMax, SimpleSoftMax, LogSoftMax),
normalization (RmsNorm, LayerNorm), quantization (AscendQuant, AscendDequant), the sort helpers
(Concat, Extract) and BroadCast.

pyasc's ops and syntax (LogSoftMax, LayerNorm, AscendDequant and BroadCast, which pyasc lacks,
in the same style). SoftMax's `sharedTmpBuffer` and `softmaxShapeInfo` and AscendQuant's
`sharedTmpBuffer` and `config` are optional, recorded by `operandSegmentSizes` in the
attribute dictionary; the template flags (`reuseSource`, `basicBlock`, `dataFormatNZ`,
`isReuseSource`) are unit attributes printed as 0 or 1:

    ascendc.softmax %dst, %sum, %max, %src, %tiling {operandSegmentSizes = array<i32: 1, 1, 1,
        1, 0, 1, 0>} : ...   ->   AscendC::SoftMax<half, 0, 0, 0>(v2, v3, v4, v5, v6);

Scratch space is `sharedTmpBuffer` when given, else the UB the TPipe has not handed out.
docs/adv.md gives each API's numerics, shape rules and cost in the simulator.
"""

from __future__ import annotations

from xdsl.dialects.builtin import DenseArrayBase, IntegerAttr, UnitAttr, i32
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import (
    ParsePropInAttrDict,
    operand_def,
    opt_operand_def,
    opt_prop_def,
    prop_def,
    var_operand_def,
)
from xdsl.utils.exceptions import VerifyException

from .base import AscendCOp, Cpp, CppStyle, asc_op, element_type, enum_attr
from .constraints import INT, LOCAL, Is
from .enums import AscEnum, Pipe
from .segments import SEGMENTED, SEGMENTS, SegmentedFormat, segment_sizes
from .types_adv import (
    AscendQuantConfigType,
    DequantParamsType,
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
DEQUANT_PARAMS = Is((DequantParamsType,), "!ascendc.dequant_params")


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


class DeQuantMode(AscEnum):
    """How AscendDequant reads DequantParams {1, n, calCount} (`AscendC::DeQuantMode`):
    SINGLE_ROW takes it as {n / calCount, calCount, calCount} when calCount is a multiple of
    32 / sizeof(dstT) that divides n; MULTI_ROW keeps one row of n."""

    DEQUANT_WITH_SINGLE_ROW = 0
    DEQUANT_WITH_MULTI_ROW = 1


# (dst, deqScale) element types of AscendDequant with a scale vector on dav-c220: the
# static_assert of IsTemplateValid in ascend_dequant_common_impl.h. A uint64 scale holds a
# float in its low word (the high word is for other APIs).
DEQUANT_TYPES: tuple[tuple[str, str], ...] = (
    ("f32", "f32"), ("f32", "bf16"), ("bf16", "bf16"), ("bf16", "f32"), ("f16", "ui64"))


@asc_op(
    cpp=Cpp("AscendDequant", template=("elem:dst", "elem:deqScale", "enum:mode"),
            args=("dst", "src", "deqScale", "sharedTmpBuffer", "params")),
    pipe=Pipe.PIPE_V, writes=("dst", "sharedTmpBuffer"), reads=("src", "deqScale"),
    enums={"mode": DeQuantMode},
)
class AscendDequantOp(AdvOp):
    """`AscendC::AscendDequant<dstT, scaleT, mode>(dst, src, deqScale[, sharedTmpBuffer],
    params)` with a scale vector: the source is params.m rows of params.n int32 elements and
    dst[i][j] = float(src[i][j]) * deqScale[j] for j < calCount (the rest of the row converted
    unscaled), in rows of n rounded up to 32 bytes of dstT. ascdsl's op (pyasc has none)."""

    name = "ascendc.ascend_dequant"
    dst = operand_def(LOCAL)
    src = operand_def(LOCAL)
    deqScale = operand_def(LOCAL)
    sharedTmpBuffer = opt_operand_def(LOCAL)
    params = operand_def(DEQUANT_PARAMS)
    mode = prop_def(IntegerAttr)
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "operands attr-dict `:` type(operands)"

    def __init__(self, dst: SSAValue, src: SSAValue, deq_scale: SSAValue, params: SSAValue,
                 tmp: SSAValue | None = None,
                 mode: DeQuantMode = DeQuantMode.DEQUANT_WITH_SINGLE_ROW):
        super().__init__(operands=[dst, src, deq_scale, _opt(tmp), params],
                         properties={"mode": enum_attr(mode)})

    def header_refusal(self) -> str | None:
        src = str(element_type(self.src))
        if src != "i32":
            return f"AscendDequant takes a LocalTensor<int32_t> source, not {src} elements"
        pair = (str(element_type(self.dst)), str(element_type(self.deqScale)))
        if pair not in DEQUANT_TYPES:
            takes = ", ".join(f"({d}, {s})" for d, s in DEQUANT_TYPES)
            return (f"AscendDequant with a scale vector takes (dst, deqScale) elements {takes} "
                    f"(the static_assert of IsTemplateValid), not ({pair[0]}, {pair[1]})")
        return None


# --- pad --------------------------------------------------------------------------------------


@asc_op(cpp=Cpp("BroadCast", CppStyle.SPECIAL), pipe=Pipe.PIPE_V,
        writes=("dst", "sharedTmpBuffer"), reads=("src",))
class BroadCastOp(SegmentedFormat, AdvOp):
    """`AscendC::BroadCast<T, dim, axis>(dst, src, dstShape, srcShape[, sharedTmpBuffer])`:
    src (shape srcShape) repeated along `axis` to dstShape, both dense; each shape is `dim`
    integers, printed as a `const uint32_t` array (the API takes `const uint32_t
    dstShape[dim]`). ascdsl's op (pyasc has none); text may leave `operandSegmentSizes` out,
    `dim` then says how many integers each shape has."""

    name = "ascendc.broadcast"
    dst = operand_def(LOCAL)
    src = operand_def(LOCAL)
    dstShape = var_operand_def(INT)
    srcShape = var_operand_def(INT)
    sharedTmpBuffer = opt_operand_def(LOCAL)
    dim = prop_def(IntegerAttr)
    axis = prop_def(IntegerAttr)
    irdl_options = SEGMENTED

    def __init__(self, dst: SSAValue, src: SSAValue, dst_shape: list[SSAValue],
                 src_shape: list[SSAValue], axis: int, tmp: SSAValue | None = None):
        sizes = [1, 1, len(dst_shape), len(src_shape), int(tmp is not None)]
        super().__init__(
            operands=[dst, src, list(dst_shape), list(src_shape), _opt(tmp)],
            properties={SEGMENTS: DenseArrayBase.from_list(i32, sizes),
                        "dim": IntegerAttr(len(dst_shape), i32), "axis": IntegerAttr(axis, i32)})

    @classmethod
    def default_segments(cls, types: list[Attribute],
                         props: dict[str, Attribute]) -> list[int] | str:
        dim = props.get("dim")
        if not isinstance(dim, IntegerAttr):
            return "give `dim` (how many integers each shape has) or operandSegmentSizes"
        d = dim.value.data
        rest = len(types) - 2 - 2 * d
        if d < 1 or rest not in (0, 1):
            return (f"takes dst, src, {d} + {d} shape integers and an optional scratch "
                    f"tensor, got {len(types)} operands")
        return [1, 1, d, d, rest]

    def verify_facts(self) -> None:
        dim, axis = self.dim.value.data, self.axis.value.data
        if dim not in (1, 2):
            raise VerifyException(f"'dim' is {dim}; BroadCast broadcasts 1-D or 2-D shapes")
        if axis not in (0, 1) or axis >= dim:
            raise VerifyException(f"'axis' is {axis}; a {dim}-D BroadCast broadcasts axis "
                                  f"{'0' if dim == 1 else '0 or 1'}")
        for what, vals in (("dstShape", self.dstShape), ("srcShape", self.srcShape)):
            if len(vals) != dim:
                raise VerifyException(f"{what} has {len(vals)} integers; 'dim' is {dim}")

    def header_refusal(self) -> str | None:
        d, s = element_type(self.dst), element_type(self.src)
        if d != s:
            return f"BroadCast<T, dim, axis> takes dst and src of one element type, not {d} and {s}"
        return None


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
    LayerNormOp, AscendDequantOp, BroadCastOp,
]
