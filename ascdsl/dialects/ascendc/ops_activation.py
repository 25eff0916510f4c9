"""Elementwise activation APIs of the Ascend C library that pyasc does not have: Gelu,
FasterGelu, Silu, Sigmoid, Swish, SwiGLU.

ascdsl's own ops, in the style of pyasc's math library: `operands attr-dict : type(operands)`,
the element count `calCount`, an optional uint8 `sharedTmpBuffer` where the API has an
overload taking one, and the template flags as unit attributes printed as 0/1:

    ascendc.gelu %dst, %src, %tmp, %n {highPrecision} : ...
    ->  AscendC::Gelu<half, 1, 0>(v1, v2, v3, v4);

Each is a math-library op (`MathLibraryOp`): the simulator computes its `FORMULA` exactly and
rounds to the element type, with the library's scratch rules and cost (docs/adv.md).
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import UnitAttr
from xdsl.ir import SSAValue
from xdsl.irdl import ParsePropInAttrDict, operand_def, opt_operand_def, opt_prop_def

from .base import AscendCOp, Cpp, asc_op
from .constraints import INT, LOCAL
from .enums import Pipe
from .ops_math import MathLibraryOp


def _flag(on: bool) -> UnitAttr | None:
    return UnitAttr() if on else None


class ActivationOp(MathLibraryOp):
    """dst = f(src) over `calCount` elements; `sharedTmpBuffer` where the API takes one."""

    dst = operand_def(LOCAL)
    src = operand_def(LOCAL)
    sharedTmpBuffer = opt_operand_def(LOCAL)
    calCount = operand_def(INT)
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "operands attr-dict `:` type(operands)"


class GeluBase(ActivationOp):
    highPrecision = opt_prop_def(UnitAttr)
    highPerformance = opt_prop_def(UnitAttr)

    def __init__(self, dst: SSAValue, src: SSAValue, count: SSAValue, tmp: SSAValue | None = None,
                 high_precision: bool = False, high_performance: bool = False):
        super().__init__(operands=[dst, src, [tmp] if tmp is not None else [], count],
                         properties={"highPrecision": _flag(high_precision),
                                     "highPerformance": _flag(high_performance)})


_GELU = dict(template=("elem:dst", "flag:highPrecision", "flag:highPerformance"),
             args=("dst", "src", "sharedTmpBuffer", "calCount"))
_FACTS = dict(pipe=Pipe.PIPE_V, writes=("dst", "sharedTmpBuffer"), reads=("src",))


@asc_op(cpp=Cpp("Gelu", **_GELU),
        formula="a / (1 + exp(-1.59576912 * (a + 0.044715 * a ** 3)))", **_FACTS)
class GeluOp(GeluBase):
    """`AscendC::Gelu`: the tanh form of GELU, x / (1 + e^(-1.59576912 (x + 0.044715 x^3)))."""

    name = "ascendc.gelu"


@asc_op(cpp=Cpp("FasterGelu", **_GELU), formula="a / (1 + exp(-1.702 * a))", **_FACTS)
class FasterGeluOp(GeluBase):
    """`AscendC::FasterGelu`: x / (1 + e^(-1.702 x))."""

    name = "ascendc.faster_gelu"


class ReuseSourceActivation(ActivationOp):
    isReuseSource = opt_prop_def(UnitAttr)

    def __init__(self, dst: SSAValue, src: SSAValue, count: SSAValue, tmp: SSAValue | None = None,
                 reuse_source: bool = False):
        super().__init__(operands=[dst, src, [tmp] if tmp is not None else [], count],
                         properties={"isReuseSource": _flag(reuse_source)})


@asc_op(cpp=Cpp("Sigmoid", template=("elem:dst", "flag:isReuseSource"),
                args=("dst", "src", "sharedTmpBuffer", "calCount")),
        formula="1 / (1 + exp(-a))", **_FACTS)
class SigmoidOp(ReuseSourceActivation):
    """`AscendC::Sigmoid`: 1 / (1 + e^-x)."""

    name = "ascendc.sigmoid"


@asc_op(cpp=Cpp("Silu", template=("elem:dst", "flag:isReuseSource")),
        formula="a / (1 + exp(-a))", pipe=Pipe.PIPE_V, writes=("dst",), reads=("src",))
class SiluOp(MathLibraryOp):
    """`AscendC::Silu(dst, src, dataSize)`: x / (1 + e^-x). No scratch tensor."""

    name = "ascendc.silu"
    TAKES_TMP: ClassVar[bool] = False
    dst = operand_def(LOCAL)
    src = operand_def(LOCAL)
    calCount = operand_def(INT)
    isReuseSource = opt_prop_def(UnitAttr)
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "operands attr-dict `:` type(operands)"

    def __init__(self, dst: SSAValue, src: SSAValue, count: SSAValue, reuse_source: bool = False):
        super().__init__(operands=[dst, src, count],
                         properties={"isReuseSource": _flag(reuse_source)})


@asc_op(cpp=Cpp("Swish", template=("elem:dst", "flag:isReuseSource")),
        formula="a / (1 + exp(-s * a))", pipe=Pipe.PIPE_V, writes=("dst",), reads=("src",))
class SwishOp(MathLibraryOp):
    """`AscendC::Swish(dst, src, dataSize, beta)`: x / (1 + e^(-beta x)). No scratch tensor."""

    name = "ascendc.swish"
    TAKES_TMP: ClassVar[bool] = False
    dst = operand_def(LOCAL)
    src = operand_def(LOCAL)
    calCount = operand_def(INT)
    scalar = operand_def()
    isReuseSource = opt_prop_def(UnitAttr)
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "operands attr-dict `:` type(operands)"

    def __init__(self, dst: SSAValue, src: SSAValue, count: SSAValue, beta: SSAValue,
                 reuse_source: bool = False):
        super().__init__(operands=[dst, src, count, beta],
                         properties={"isReuseSource": _flag(reuse_source)})


@asc_op(cpp=Cpp("SwiGLU", template=("elem:dst", "flag:isReuseSource"),
                args=("dst", "src0", "src1", "scalar", "sharedTmpBuffer", "calCount")),
        formula="a * b / (1 + exp(-s * b))", pipe=Pipe.PIPE_V,
        writes=("dst", "sharedTmpBuffer"), reads=("src0", "src1"))
class SwiGLUOp(MathLibraryOp):
    """`AscendC::SwiGLU(dst, src0, src1, beta[, sharedTmpBuffer], calCount)`:
    src0 * swish(src1) = src0 * src1 / (1 + e^(-beta src1))."""

    name = "ascendc.swiglu"
    SOURCES: ClassVar[tuple[str, ...]] = ("src0", "src1")
    dst = operand_def(LOCAL)
    src0 = operand_def(LOCAL)
    src1 = operand_def(LOCAL)
    scalar = operand_def()
    sharedTmpBuffer = opt_operand_def(LOCAL)
    calCount = operand_def(INT)
    isReuseSource = opt_prop_def(UnitAttr)
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "operands attr-dict `:` type(operands)"

    def __init__(self, dst: SSAValue, src0: SSAValue, src1: SSAValue, beta: SSAValue,
                 count: SSAValue, tmp: SSAValue | None = None, reuse_source: bool = False):
        super().__init__(operands=[dst, src0, src1, beta, [tmp] if tmp is not None else [],
                                   count],
                         properties={"isReuseSource": _flag(reuse_source)})


ACTIVATION_OPS: list[type[AscendCOp]] = [
    GeluOp, FasterGeluOp, SigmoidOp, SiluOp, SwishOp, SwiGLUOp,
]
