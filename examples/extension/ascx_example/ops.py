"""The ops of the `ascx` dialect, each declared once with all its facts."""

from __future__ import annotations

from typing import ClassVar

from xdsl.irdl import operand_def
from xdsl.utils.exceptions import VerifyException

from ascdsl.extension import (
    INT,
    LOCAL,
    Cpp,
    Dialect,
    Pipe,
    VecScalarL2Base,
    VectorOp,
    asc_op,
)


# The vector-scalar family gives the operands (dst, src, scalar, count), the syntax, the
# verifier, pipe V, writes dst / reads src, and the simulator's elementwise lowering, which
# computes the formula; the C++ is ascx's own function (include/ascx/scaled_relu.h), two
# vector instructions per 256-byte repeat.
@asc_op(cpp=Cpp("ScaledRelu", namespace="ascx::", header="ascx/scaled_relu.h"),
        formula="maximum(a, 0) * s", cost=2.0)
class ScaledReluL2Op(VecScalarL2Base):
    """`ascx::ScaledRelu(dst, src, scalar, count)`: dst = max(src, 0) * scalar."""

    name = "ascx.scaled_relu_l2"


@asc_op(pipe=Pipe.PIPE_V, writes=("dst",), reads=("src",))
class ClampOp(VectorOp):
    """dst = min(max(src, lo), hi) over count elements. A research op: no C++ and no
    simulator lowering of its own; `lower-ascx` turns it into Maxs and Mins."""

    name = "ascx.clamp"
    dst = operand_def(LOCAL)
    src = operand_def(LOCAL)
    lo = operand_def()
    hi = operand_def()
    count = operand_def(INT)
    SAME_ELEMENT: ClassVar = ("dst", "src")

    def __init__(self, dst, src, lo, hi, count):
        super().__init__(operands=[dst, src, lo, hi, count])

    def verify_facts(self) -> None:
        super().verify_facts()
        element = self.dst.type.element_type
        for bound in ("lo", "hi"):
            t = getattr(self, bound).type
            if t != element:
                raise VerifyException(f"'{bound}' is {t}, but the tensors hold {element} "
                                      "(Maxs/Mins take a scalar of the element type)")


Ascx = Dialect("ascx", [ScaledReluL2Op, ClampOp])
