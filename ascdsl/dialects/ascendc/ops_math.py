"""Ascend C math library: unary functions the vector unit has no single instruction for.

`AscendC::Erf(dst, src, calCount)` and its siblings (adv_api/math, included by
kernel_operator.h) compute `calCount` elements with a polynomial or table method of several
vector instructions; the API takes its scratch space from the pipe. Added for the tile
language's transcendental functions. pyasc's ops of the same names also take an optional
`sharedTmpBuffer` and `isReuseSource`; these take the three operands of the overload without
them.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.ir import SSAValue
from xdsl.irdl import ParsePropInAttrDict, operand_def
from xdsl.utils.exceptions import VerifyException

from .base import AscendCOp, Cpp, asc_op, element_type
from .constraints import Is, IntLike
from .enums import Pipe
from .types import LocalTensorType

LOCAL = Is((LocalTensorType,), "a local tensor (!ascendc.local_tensor)")


class UnaryMathOp(AscendCOp):
    """dst[i] = f(src[i]) for i < calCount, float16 / float32 only."""

    dst = operand_def(LOCAL)
    src = operand_def(LOCAL)
    calCount = operand_def(IntLike())
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "operands attr-dict `:` type(operands)"
    LEVEL: ClassVar[str] = "l2"

    def __init__(self, dst: SSAValue, src: SSAValue, count: SSAValue):
        super().__init__(operands=[dst, src, count])

    def verify_facts(self) -> None:
        d, s = element_type(self.dst), element_type(self.src)
        if d != s:
            raise VerifyException(f"element type mismatch: dst is {d} but src is {s}")
        if str(d) not in ("f16", "f32"):
            raise VerifyException(f"AscendC::{self.CPP.api} computes half or float, not {d}")


_MATH = dict(pipe=Pipe.PIPE_V, writes=("dst",), reads=("src",))


@asc_op(cpp=Cpp("Erf", template=("elem:dst",)), formula="erf(a)", **_MATH)
class ErfOp(UnaryMathOp):
    name = "ascendc.erf"


@asc_op(cpp=Cpp("Tanh", template=("elem:dst",)), formula="tanh(a)", **_MATH)
class TanhOp(UnaryMathOp):
    name = "ascendc.tanh"


@asc_op(cpp=Cpp("Sin", template=("elem:dst",)), formula="sin(a)", **_MATH)
class SinOp(UnaryMathOp):
    name = "ascendc.sin"


@asc_op(cpp=Cpp("Cos", template=("elem:dst",)), formula="cos(a)", **_MATH)
class CosOp(UnaryMathOp):
    name = "ascendc.cos"


@asc_op(cpp=Cpp("Tan", template=("elem:dst",)), formula="tan(a)", **_MATH)
class TanOp(UnaryMathOp):
    name = "ascendc.tan"


@asc_op(cpp=Cpp("Sinh", template=("elem:dst",)), formula="sinh(a)", **_MATH)
class SinhOp(UnaryMathOp):
    name = "ascendc.sinh"


@asc_op(cpp=Cpp("Cosh", template=("elem:dst",)), formula="cosh(a)", **_MATH)
class CoshOp(UnaryMathOp):
    name = "ascendc.cosh"


@asc_op(cpp=Cpp("Floor", template=("elem:dst",)), formula="floor(a)", **_MATH)
class FloorOp(UnaryMathOp):
    name = "ascendc.floor"


@asc_op(cpp=Cpp("Ceil", template=("elem:dst",)), formula="ceil(a)", **_MATH)
class CeilOp(UnaryMathOp):
    name = "ascendc.ceil"


MATH_OPS = [ErfOp, TanhOp, SinOp, CosOp, TanOp, SinhOp, CoshOp, FloorOp, CeilOp]
