"""`Copy`: the vector unit's masked copy between LocalTensors with CopyRepeatParams strides,
in pyasc's syntax (its Basic/OpCopy.td).

pyasc names the levels the other way round from the arithmetic families: `copy_l0` takes the
mask as ui64 words (a bit per element), `copy_l1` as one count; `BITS_MASK` says which, so
the printer (a `uint64_t mask[]` array) and the simulator (the element selection) follow the
fact rather than the level's name. `isSetMask` is an integer operand, a C++ template
argument: `Copy<T, isSetMask>(dst, src, mask, repeatTime, params)`.

CopyRepeatParams(dstStride, srcStride, dstRepeatSize, srcRepeatSize) are the block and repeat
strides of the unary families under other names (`STRIDE_ALIASES`).
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.ir import SSAValue
from xdsl.irdl import irdl_attr_definition, operand_def, var_operand_def

from .base import Cpp, asc_op
from .constraints import INT, MASK, Is
from .ops_unary import UnaryOp
from .types import ParamStructType


@irdl_attr_definition
class CopyRepeatParamsType(ParamStructType):
    """AscendC::CopyRepeatParams (dstStride, srcStride, dstRepeatSize, srcRepeatSize), in
    32-byte blocks."""

    name = "ascendc.copy_repeat_params"
    CPP = "AscendC::CopyRepeatParams"
    FIELDS = (("dstStride", 1), ("srcStride", 1), ("dstRepeatSize", 8), ("srcRepeatSize", 8))
    FIELD_CPP = ("uint16_t", "uint16_t", "uint16_t", "uint16_t")
    STRIDE_ALIASES: ClassVar = {"dstStride": "dstBlkStride", "srcStride": "srcBlkStride",
                                "dstRepeatSize": "dstRepStride", "srcRepeatSize": "srcRepStride"}


COPY_PARAMS = Is((CopyRepeatParamsType,), "!ascendc.copy_repeat_params")
_CPP = Cpp("Copy", template=("elem:dst", "value:isSetMask"),
           args=("dst", "src", "mask", "repeat_times", "repeat_params"))


class _CopyBase(UnaryOp):
    SAME_ELEMENT: ClassVar = ("dst", "src")
    mask = operand_def(INT)  # each level redefines it, in this place
    repeat_times = operand_def(INT)
    repeat_params = operand_def(COPY_PARAMS)
    isSetMask = operand_def(INT)


@asc_op(cpp=_CPP, formula="a")
class CopyL0Op(_CopyBase):
    """`Copy<T, isSetMask>(dst, src, mask[], repeatTime, CopyRepeatParams)`: bit mask."""

    name = "ascendc.copy_l0"
    LEVEL: ClassVar = "l0"
    BITS_MASK: ClassVar = True
    mask = var_operand_def(MASK)

    def __init__(self, dst: SSAValue, src: SSAValue, mask, repeat_times: SSAValue,
                 params: SSAValue, is_set_mask: SSAValue):
        super().__init__(operands=[dst, src, list(mask), repeat_times, params, is_set_mask])


@asc_op(cpp=_CPP, formula="a")
class CopyL1Op(_CopyBase):
    """`Copy<T, isSetMask>(dst, src, mask, repeatTime, CopyRepeatParams)`: count mask."""

    name = "ascendc.copy_l1"
    LEVEL: ClassVar = "l1"
    BITS_MASK: ClassVar = False
    mask = operand_def(INT)

    def __init__(self, dst: SSAValue, src: SSAValue, mask: SSAValue, repeat_times: SSAValue,
                 params: SSAValue, is_set_mask: SSAValue):
        super().__init__(operands=[dst, src, mask, repeat_times, params, is_set_mask])


COPY_VEC_OPS = [CopyL0Op, CopyL1Op]
