"""The root of the vector-unit op families: `VectorOp` and what its families share.

Every vector API comes in levels (pyasc's names): `L0` takes a mask, a repeat count and
repeat parameters; `L1` the same with the mask given as ui64 words; `L2` an element count;
`L3` is the C++ operator form (`dst = a + b`). A family base (`BinaryL2Base`, `CastOp`,
`ReduceL2Base`, ...) holds the operands, the syntax and the facts its ops share; an op adds
its IR name, its C++ name and its formula.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import UnitAttr
from xdsl.irdl import ParsePropInAttrDict
from xdsl.utils.exceptions import VerifyException

from .base import AscendCOp, element_type
from .enums import Pipe

# The assembly format of data copies and of every vector family: `operands : types`.
DEFAULT_FORMAT = "operands attr-dict `:` type(operands)"

# Template arguments of the masked (L0/L1) forms: `Api<T, isSetMask>(...)`.
MASKED_TEMPLATE = ("elem:dst", "flag:isSetMask")


class VectorOp(AscendCOp):
    """An op of the vector unit (pipe V). `SAME_ELEMENT` operands share the element type."""

    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = DEFAULT_FORMAT
    PIPE: ClassVar[Pipe | None] = Pipe.PIPE_V
    WRITES: ClassVar[tuple[str, ...]] = ("dst",)
    SAME_ELEMENT: ClassVar[tuple[str, ...]] = ()
    LEVEL: ClassVar[str] = ""

    def verify_facts(self) -> None:
        names = type(self).SAME_ELEMENT
        if not names:
            return
        first = element_type(getattr(self, names[0]))
        for n in names[1:]:
            et = element_type(getattr(self, n))
            if et != first:
                raise VerifyException(
                    f"element type mismatch: {names[0]} is {first} but {n} is {et} "
                    f"(AscendC::{self.CPP.api if self.CPP else '?'} takes LocalTensor<T> for all of them)"
                )


def flag(on: bool) -> UnitAttr | None:
    """A unit property that is set when `on` (e.g. `isSetMask`)."""
    return UnitAttr() if on else None


def mask_operand(mask):
    """An L0 mask is one value, an L1 mask a sequence of ui64 words."""
    return list(mask) if isinstance(mask, (list, tuple)) else mask
