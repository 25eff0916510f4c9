"""The vector mask register in pyasc's syntax (its Basic/Common.td): ResetMask, SetMaskCount,
SetMaskNorm and SetVectorMask<T, mode> (a count, or the high and low ui64 words of a bit mask).

The mask register is what an L0/L1 vector op built with isSetMask = false uses. In normal mode
(MaskMode::NORMAL) it selects elements of every repeat; SetMaskCount switches to counter
mode, where it counts elements over all repeats (the repeat count is then ignored).
"""

from __future__ import annotations

from xdsl.dialects.builtin import IntegerAttr
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import ParsePropInAttrDict, operand_def, prop_def

from .base import AscendCOp, Cpp, asc_op, enum_attr
from .constraints import INT
from .enums import AscEnum, Pipe


class MaskMode(AscEnum):
    """AscendC::MaskMode."""

    NORMAL = 0
    COUNTER = 1


class _NoOperandOp(AscendCOp):
    assembly_format = "attr-dict"

    def __init__(self):
        super().__init__()


@asc_op(cpp=Cpp("ResetMask"), pipe=Pipe.PIPE_V)
class ResetMaskOp(_NoOperandOp):
    """`ResetMask()`: the mask register selects every element again."""

    name = "ascendc.reset_mask"


@asc_op(cpp=Cpp("SetMaskCount"), pipe=Pipe.PIPE_V)
class SetMaskCountOp(_NoOperandOp):
    """`SetMaskCount()`: counter mode (the mask counts elements over all repeats)."""

    name = "ascendc.set_mask_count"


@asc_op(cpp=Cpp("SetMaskNorm"), pipe=Pipe.PIPE_V)
class SetMaskNormOp(_NoOperandOp):
    """`SetMaskNorm()`: normal mode (the mask selects elements of each repeat)."""

    name = "ascendc.set_mask_norm"


class _SetVectorMaskBase(AscendCOp):
    dtype = prop_def(Attribute)
    mode = prop_def(IntegerAttr)
    assembly_format = "operands attr-dict `:` type(operands)"
    irdl_options = (ParsePropInAttrDict(),)  # pyasc writes `{dtype = f16, mode = 1 : i32}`


_CPP = Cpp("SetVectorMask", template=("type:dtype", "enum:mode"))


@asc_op(cpp=_CPP, pipe=Pipe.PIPE_V, enums={"mode": MaskMode})
class SetVectorMaskL0Op(_SetVectorMaskBase):
    """`SetVectorMask<T, mode>(len)`: the first `len` elements (of a repeat, or in all)."""

    name = "ascendc.set_vector_mask_l0"
    len = operand_def(INT)

    def __init__(self, length: SSAValue, dtype: Attribute, mode: MaskMode):
        super().__init__(operands=[length],
                         properties={"dtype": dtype, "mode": enum_attr(mode)})


@asc_op(cpp=_CPP, pipe=Pipe.PIPE_V, enums={"mode": MaskMode})
class SetVectorMaskL1Op(_SetVectorMaskBase):
    """`SetVectorMask<T, mode>(maskHigh, maskLow)`: a bit per element of a repeat."""

    name = "ascendc.set_vector_mask_l1"
    maskHigh = operand_def(INT)
    maskLow = operand_def(INT)

    def __init__(self, high: SSAValue, low: SSAValue, dtype: Attribute, mode: MaskMode):
        super().__init__(operands=[high, low],
                         properties={"dtype": dtype, "mode": enum_attr(mode)})


MASK_OPS: list[type[AscendCOp]] = [
    ResetMaskOp, SetMaskCountOp, SetMaskNormOp, SetVectorMaskL0Op, SetVectorMaskL1Op,
]
