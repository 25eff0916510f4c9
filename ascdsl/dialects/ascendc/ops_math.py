"""The Ascend C math library (advanced API): Acos ... Trunc, Power, Xor, Axpy, Clamp, CumSum, Exp.

Each function computes `calCount` elements (the whole source tensor when the count is left
out) with a sequence of vector instructions over chunks of the elements: the library's scratch
space is `sharedTmpBuffer` when given, else the UB the TPipe has not handed out
(PopStackBuffer). pyasc's ops and syntax: `isReuseSource` is an i1 operand printed as a
template argument; `sharedTmpBuffer` and `calCount` are optional
(`operandSegmentSizes = array<i32: 1, 1, 0, 1, 1>` says which are given).

    ascendc.acos %dst, %src, %tmp, %n, %false {operandSegmentSizes = ...} : ...
    ->  AscendC::Acos<half, c0_i1>(v5, v4, v6, c512_i32);

`FORMULA` is the function of one element (numpy names plus `erf`, `erfc`, `lgamma`,
`digamma`, which the simulator provides); the simulator computes it exactly and rounds to the
element type; its cost comes from the SoC's library table, keyed by the C++ API name (the
instruction mix and scratch-space factor of the library's implementation). `ELEMENTS` lists
the element types the API accepts.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import i1
from xdsl.ir import SSAValue
from xdsl.irdl import (
    EqAttrConstraint,
    ParsePropInAttrDict,
    operand_def,
    opt_operand_def,
)
from xdsl.utils.exceptions import VerifyException

from .base import AscendCOp, Cpp, asc_op, element_type
from .constraints import INT, LOCAL
from .enums import Pipe
from .segments import SEGMENTED, SegmentedFormat, segment_sizes

BOOL = EqAttrConstraint(i1)
FLOATS = ("f16", "f32")


class MathLibraryOp(AscendCOp):
    """An Ascend C math library call: dst = f(src...) over `calCount` elements on PIPE_V.

    The simulator, the tile lowering and the kernel language reach every operand through
    the accessors below, whatever the op's operand order.

    `tmp_buffer()` is the scratch tensor (None: the library takes stack space), `count()` the
    element count operand (None: the source tensor's size).
    """

    ELEMENTS: ClassVar[tuple[str, ...]] = FLOATS
    SOURCES: ClassVar[tuple[str, ...]] = ("src",)
    # Whether the API has overloads with a sharedTmpBuffer (pyasc's op always allows one).
    TAKES_TMP: ClassVar[bool] = True

    def tmp_buffer(self) -> SSAValue | None:
        return getattr(self, "sharedTmpBuffer", None)

    def count(self) -> SSAValue | None:
        return getattr(self, "calCount", None)

    def verify_facts(self) -> None:
        # Element types the API accepts (`ELEMENTS`) and the uint8 scratch tensor are checked
        # where kernels are written and run (kernel language, simulator, --check): pyasc's
        # verifier accepts any, and its own IR tests rely on that.
        d = element_type(self.dst)
        for name in self.SOURCES:
            s = element_type(getattr(self, name))
            if s != d:
                raise VerifyException(f"element type mismatch: dst is {d} but {name} is {s}")


def _with_scratch(op_cls, head: list[SSAValue], tmp: SSAValue | None, count: SSAValue | None,
                  reuse: SSAValue) -> dict:
    """Operands and segment sizes of a unary or binary math op: `head`, then the optional
    scratch tensor and count, then isReuseSource."""
    opt = [[tmp] if tmp is not None else [], [count] if count is not None else []]
    sizes = segment_sizes(op_cls, {"sharedTmpBuffer": tmp is not None,
                                   "calCount": count is not None})
    return dict(operands=[*head, *opt, reuse], properties={"operandSegmentSizes": sizes})


class UnaryMathOp(SegmentedFormat, MathLibraryOp):
    """`AscendC::<F><T, isReuseSource>(dst, src[, sharedTmpBuffer][, calCount])`."""

    dst = operand_def(LOCAL)
    src = operand_def(LOCAL)
    sharedTmpBuffer = opt_operand_def(LOCAL)
    calCount = opt_operand_def(INT)
    isReuseSource = operand_def(BOOL)
    irdl_options = SEGMENTED

    def __init__(self, dst: SSAValue, src: SSAValue, count: SSAValue | None,
                 reuse: SSAValue, tmp: SSAValue | None = None):
        super().__init__(**_with_scratch(type(self), [dst, src], tmp, count, reuse))


def _unary(api: str, formula: str):
    return asc_op(
        cpp=Cpp(api, template=("elem:dst", "isReuseSource"),
                args=("dst", "src", "sharedTmpBuffer", "calCount")),
        pipe=Pipe.PIPE_V, writes=("dst", "sharedTmpBuffer"), reads=("src",), formula=formula,
    )


@_unary("Acosh", "arccosh(a)")
class AcoshOp(UnaryMathOp):
    name = "ascendc.acosh"


@_unary("Acos", "arccos(a)")
class AcosOp(UnaryMathOp):
    name = "ascendc.acos"


@_unary("Asinh", "arcsinh(a)")
class AsinhOp(UnaryMathOp):
    name = "ascendc.asinh"


@_unary("Asin", "arcsin(a)")
class AsinOp(UnaryMathOp):
    name = "ascendc.asin"


@_unary("Atanh", "arctanh(a)")
class AtanhOp(UnaryMathOp):
    name = "ascendc.atanh"


@_unary("Atan", "arctan(a)")
class AtanOp(UnaryMathOp):
    name = "ascendc.atan"


@_unary("Ceil", "ceil(a)")
class CeilOp(UnaryMathOp):
    name = "ascendc.ceil"


@_unary("Cosh", "cosh(a)")
class CoshOp(UnaryMathOp):
    name = "ascendc.cosh"


@_unary("Cos", "cos(a)")
class CosOp(UnaryMathOp):
    name = "ascendc.cos"


@_unary("Digamma", "digamma(a)")
class DigammaOp(UnaryMathOp):
    name = "ascendc.digamma"


@_unary("Erfc", "erfc(a)")
class ErfcOp(UnaryMathOp):
    name = "ascendc.erfc"


@_unary("Erf", "erf(a)")
class ErfOp(UnaryMathOp):
    name = "ascendc.erf"


@_unary("Floor", "floor(a)")
class FloorOp(UnaryMathOp):
    name = "ascendc.floor"


@_unary("Frac", "a - trunc(a)")
class FracOp(UnaryMathOp):
    name = "ascendc.frac"


@_unary("Lgamma", "lgamma(a)")
class LgammaOp(UnaryMathOp):
    name = "ascendc.lgamma"


@_unary("Log", "log(a)")
class LogOp(UnaryMathOp):
    """One Ln instruction: Ascend C's Log takes no sharedTmpBuffer."""

    name = "ascendc.log"
    TAKES_TMP: ClassVar[bool] = False


# CAST_RINT: halves round to even (round_v220_impl.h).
@_unary("Round", "rint(a)")
class RoundOp(UnaryMathOp):
    name = "ascendc.round"


# NaN gives 0 (Sign.md: [-inf, -2, -0, 0, nan, -nan, 2, inf] -> [-1, -1, 0, 0, 0, 0, 1, 1])
@_unary("Sign", "where(isnan(a), 0, sign(a))")
class SignOp(UnaryMathOp):
    name = "ascendc.sign"


@_unary("Sinh", "sinh(a)")
class SinhOp(UnaryMathOp):
    name = "ascendc.sinh"


@_unary("Sin", "sin(a)")
class SinOp(UnaryMathOp):
    name = "ascendc.sin"


@_unary("Tanh", "tanh(a)")
class TanhOp(UnaryMathOp):
    name = "ascendc.tanh"


@_unary("Tan", "tan(a)")
class TanOp(UnaryMathOp):
    name = "ascendc.tan"


@_unary("Trunc", "trunc(a)")
class TruncOp(UnaryMathOp):
    name = "ascendc.trunc"


class BinaryMathOp(SegmentedFormat, MathLibraryOp):
    """`AscendC::<F><T, isReuseSource>(dst, src0, src1[, sharedTmpBuffer][, calCount])`."""

    dst = operand_def(LOCAL)
    src0 = operand_def(LOCAL)
    src1 = operand_def(LOCAL)
    sharedTmpBuffer = opt_operand_def(LOCAL)
    calCount = opt_operand_def(INT)
    isReuseSource = operand_def(BOOL)
    irdl_options = SEGMENTED
    SOURCES: ClassVar[tuple[str, ...]] = ("src0", "src1")

    def __init__(self, dst: SSAValue, src0: SSAValue, src1: SSAValue, count: SSAValue | None,
                 reuse: SSAValue, tmp: SSAValue | None = None):
        super().__init__(**_with_scratch(type(self), [dst, src0, src1], tmp, count, reuse))


def _binary(api: str, formula: str):
    return asc_op(
        cpp=Cpp(api, template=("elem:dst", "isReuseSource"),
                args=("dst", "src0", "src1", "sharedTmpBuffer", "calCount")),
        pipe=Pipe.PIPE_V, writes=("dst", "sharedTmpBuffer"), reads=("src0", "src1"),
        formula=formula,
    )


@_binary("Power", "power(a, b)")
class PowerOp(BinaryMathOp):
    name = "ascendc.power"
    ELEMENTS: ClassVar[tuple[str, ...]] = ("f16", "f32", "i32")


@_binary("Xor", "bitwise_xor(a, b)")
class XorOp(BinaryMathOp):
    name = "ascendc.xor"
    ELEMENTS: ClassVar[tuple[str, ...]] = ("i16", "ui16")


@asc_op(
    cpp=Cpp("Axpy", template=("elem:dst", "elem:src", "isReuseSource"),
            args=("dst", "src", "scalar", "sharedTmpBuffer", "calCount")),
    pipe=Pipe.PIPE_V, writes=("dst", "sharedTmpBuffer"), reads=("dst", "src"),
    formula="b + a * s",
)
class AxpyOp(MathLibraryOp):
    """`AscendC::Axpy<T, U, isReuseSource>(dst, src, scalar[, sharedTmpBuffer], calCount)`:
    dst += src * scalar (Muls then Add: more precise than the basic Axpy instruction). `a` is
    src, `b` the old dst. T = U (half or float) or T float with U half."""

    name = "ascendc.axpy"
    dst = operand_def(LOCAL)
    src = operand_def(LOCAL)
    scalar = operand_def()
    sharedTmpBuffer = opt_operand_def(LOCAL)
    calCount = operand_def(INT)
    isReuseSource = operand_def(BOOL)
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "operands attr-dict `:` type(operands)"

    def __init__(self, dst: SSAValue, src: SSAValue, scalar: SSAValue, count: SSAValue,
                 reuse: SSAValue, tmp: SSAValue | None = None):
        super().__init__(operands=[dst, src, scalar, [tmp] if tmp is not None else [], count,
                                   reuse])

    def verify_facts(self) -> None:
        d, s = str(element_type(self.dst)), str(element_type(self.src))
        if (d, s) not in (("f16", "f16"), ("f32", "f32"), ("f32", "f16")):
            raise VerifyException(
                f"AscendC::Axpy takes (dst, src) elements (half, half), (float, float) or "
                f"(float, half), got ({d}, {s})"
            )


class ClampOp(MathLibraryOp):
    """`AscendC::Clamp{Max,Min}<T, isReuseSource>(dst, src[, sharedTmpBuffer], scalar,
    calCount)`."""

    dst = operand_def(LOCAL)
    src = operand_def(LOCAL)
    sharedTmpBuffer = opt_operand_def(LOCAL)
    scalar = operand_def()
    calCount = operand_def(INT)
    isReuseSource = operand_def(BOOL)
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "operands attr-dict `:` type(operands)"

    def __init__(self, dst: SSAValue, src: SSAValue, scalar: SSAValue, count: SSAValue,
                 reuse: SSAValue, tmp: SSAValue | None = None):
        super().__init__(operands=[dst, src, [tmp] if tmp is not None else [], scalar, count,
                                   reuse])


_CLAMP = dict(pipe=Pipe.PIPE_V, writes=("dst", "sharedTmpBuffer"), reads=("src",))


@asc_op(cpp=Cpp("ClampMax", template=("elem:dst", "isReuseSource"),
                args=("dst", "src", "sharedTmpBuffer", "scalar", "calCount")),
        formula="minimum(a, s)", **_CLAMP)
class ClampMaxOp(ClampOp):
    """Elements above `scalar` become `scalar`."""

    name = "ascendc.clamp_max"


@asc_op(cpp=Cpp("ClampMin", template=("elem:dst", "isReuseSource"),
                args=("dst", "src", "sharedTmpBuffer", "scalar", "calCount")),
        formula="maximum(a, s)", **_CLAMP)
class ClampMinOp(ClampOp):
    """Elements below `scalar` become `scalar`."""

    name = "ascendc.clamp_min"


@asc_op(cpp=Cpp("CumSum"), pipe=Pipe.PIPE_V,
        writes=("dst", "lastRow", "sharedTmpBuffer"), reads=("src",))
class CumSumOp(MathLibraryOp):
    """pyasc's `ascendc.cumsum`: `CumSum(dst, lastRow, src[, sharedTmpBuffer],
    CumSumInfo(lastAxis, reuseSource, outputLastRow))`, printed as pyasc prints it.

    Ascend C's CumSum takes `CumSumInfo{outter, inner}` (the shape) and a `CumSumConfig`
    template argument holding isLastAxis / isReuseSource / outputLastRow; pyasc's op carries
    the three flags and no shape, so its C++ does not compile against the real headers and
    the simulator cannot run it (docs/adv.md).
    """

    name = "ascendc.cumsum"
    dst = operand_def(LOCAL)
    lastRow = operand_def(LOCAL)
    src = operand_def(LOCAL)
    sharedTmpBuffer = opt_operand_def(LOCAL)
    lastAxis = operand_def(INT)
    reuseSource = operand_def(INT)
    outputLastRow = operand_def(INT)
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "operands attr-dict `:` type(operands)"


@asc_op(
    cpp=Cpp("Exp", template=("elem:dst", "taylorExpandLevel", "isReuseSource"),
            args=("dst", "src", "sharedTmpBuffer", "calCount")),
    pipe=Pipe.PIPE_V, writes=("dst", "sharedTmpBuffer"), reads=("src",), formula="exp(a)",
)
class ExpOp(MathLibraryOp):
    """`AscendC::Exp<T, taylorExpandLevel, isReuseSource>(dst, src[, sharedTmpBuffer],
    calCount)`: level 0 is the vector Exp instruction; level k > 0 computes
    exp(floor(x)) * (1 + f + f^2/2! + ... + f^k/k!) with f = x - floor(x), in float."""

    name = "ascendc.exp"
    dst = operand_def(LOCAL)
    src = operand_def(LOCAL)
    calCount = operand_def(INT)
    taylorExpandLevel = operand_def(INT)
    sharedTmpBuffer = opt_operand_def(LOCAL)
    isReuseSource = operand_def(BOOL)
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "operands attr-dict `:` type(operands)"

    def __init__(self, dst: SSAValue, src: SSAValue, count: SSAValue, level: SSAValue,
                 reuse: SSAValue, tmp: SSAValue | None = None):
        super().__init__(operands=[dst, src, count, level, [tmp] if tmp is not None else [],
                                   reuse])


MATH_OPS: list[type[AscendCOp]] = [
    AcoshOp, AcosOp, AsinhOp, AsinOp, AtanhOp, AtanOp, CeilOp, CoshOp, CosOp, DigammaOp,
    ErfcOp, ErfOp, FloorOp, FracOp, LgammaOp, LogOp, RoundOp, SignOp, SinhOp, SinOp, TanhOp,
    TanOp, TruncOp, PowerOp, XorOp, AxpyOp, ClampMaxOp, ClampMinOp, CumSumOp, ExpOp,
]
