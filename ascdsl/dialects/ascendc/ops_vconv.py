"""The conversion forms beside Cast: dequantizing casts, fused add/sub + relu + cast, and the
deq-scale register (pyasc's OpVecVconv.td, and AddDeqRelu of its binary family).

- `CastDeq` (`cast_deq_l0/l1/l2`): int16 -> int8/uint8 through the deq-scale register
  (`isVecDeq`: one scale per lane from a tensor `SetDeqScale` loaded; `halfBlock`: which half
  of each 32-byte destination block is written). L0/L1 take a UnaryRepeatParams.
- `AddReluCast` / `SubReluCast` (`dst = cast(max(src0 ± src1, 0))`): binary-family operands
  (BinaryRepeatParams at L0/L1); dst has its own element type.
- `AddDeqRelu` (`dst = relu(deq(src0 + src1))`): int32 sources into a half dst, scaled by the
  deq-scale register.
- `SetDeqScale`: the register itself, from a half scale, a (float scale, int16 offset, sign
  mode) triple, or (`set_deq_scale_l4`) a tensor of 16 packed configurations built from a
  `VdeqInfo`.

pyasc's verifier lets these ops take any element types (its lit tests write f32 everywhere);
ascdsl does the same, and the Ascend C headers' check and the simulator say which pairs are
real.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import UnitAttr
from xdsl.irdl import (
    AttrSizedOperandSegments,
    operand_def,
    opt_operand_def,
    opt_prop_def,
    var_operand_def,
)
from xdsl.utils.exceptions import VerifyException

from .base import AscendCOp, Cpp, asc_op
from .constraints import INT, LOCAL, MASK, UN_PARAMS, Is
from .enums import Pipe
from .ops_binary import BinaryL0Base, BinaryL1Base, BinaryL2Base
from .types_vec import VdeqInfoType
from .vector_base import DEFAULT_FORMAT, VectorOp, flag, mask_operand

# --- CastDeq -----------------------------------------------------------------------------------


class CastDeqOp(VectorOp):
    """dst = deq(src): int16 -> int8/uint8 through the deq-scale register."""

    dst = operand_def(LOCAL)
    src = operand_def(LOCAL)
    isVecDeq = opt_prop_def(UnitAttr)
    halfBlock = opt_prop_def(UnitAttr)
    READS: ClassVar[tuple[str, ...]] = ("src",)


class CastDeqMaskedBase(CastDeqOp):
    """L0 / L1: mask, repeat times and a UnaryRepeatParams."""

    mask = operand_def(INT)
    repeat_times = operand_def(INT)
    repeat_params = operand_def(UN_PARAMS)
    isSetMask = opt_prop_def(UnitAttr)

    def __init__(self, dst, src, mask, repeat_times, repeat_params, is_set_mask=True,
                 is_vec_deq=True, half_block=True):
        super().__init__(
            operands=[dst, src, mask_operand(mask), repeat_times, repeat_params],
            # In MLIR's (sorted) order, so the IR prints as pyasc's does.
            properties={"halfBlock": flag(half_block), "isSetMask": flag(is_set_mask),
                        "isVecDeq": flag(is_vec_deq)},
        )


_CAST_DEQ_MASKED = Cpp(
    "CastDeq",
    template=("elem:dst", "elem:src", "flag:isSetMask", "flag:isVecDeq", "flag:halfBlock"),
)


@asc_op(cpp=_CAST_DEQ_MASKED)
class CastDeqL0Op(CastDeqMaskedBase):
    """`CastDeq<T, U, isSetMask, isVecDeq, halfBlock>(dst, src, mask, repeatTimes, params)`."""

    name = "ascendc.cast_deq_l0"
    LEVEL: ClassVar = "l0"


@asc_op(cpp=_CAST_DEQ_MASKED)
class CastDeqL1Op(CastDeqMaskedBase):
    """`CastDeq<T, U, isSetMask, isVecDeq, halfBlock>(dst, src, mask[], repeatTimes, params)`."""

    name = "ascendc.cast_deq_l1"
    mask = var_operand_def(MASK)
    LEVEL: ClassVar = "l1"


@asc_op(cpp=Cpp("CastDeq", template=("elem:dst", "elem:src", "flag:isVecDeq", "flag:halfBlock")))
class CastDeqL2Op(CastDeqOp):
    """`CastDeq<T, U, isVecDeq, halfBlock>(dst, src, count)`."""

    name = "ascendc.cast_deq_l2"
    count = operand_def(INT)
    LEVEL: ClassVar = "l2"

    def __init__(self, dst, src, count, is_vec_deq=True, half_block=True):
        super().__init__(
            operands=[dst, src, count],
            properties={"halfBlock": flag(half_block), "isVecDeq": flag(is_vec_deq)},
        )


# --- binary forms with a conversion --------------------------------------------------------


class BinaryCastOp:
    """A binary-family op whose dst has its own element type (`Api<T, U, isSetMask>`)."""

    SAME_ELEMENT: ClassVar = ("src0", "src1")


class AddReluCastOp(BinaryCastOp):
    """dst = cast(max(src0 + src1, 0))."""


class SubReluCastOp(BinaryCastOp):
    """dst = cast(max(src0 - src1, 0))."""


class AddDeqReluOp(BinaryCastOp):
    """dst = relu(deq(src0 + src1)): int32 sources, half dst, the deq-scale register."""


_CAST_MASKED = ("elem:dst", "elem:src0", "flag:isSetMask")
_ADD_RELU = "maximum(a + b, 0)"
_SUB_RELU = "maximum(a - b, 0)"


@asc_op(cpp=Cpp("AddReluCast", template=_CAST_MASKED), formula=_ADD_RELU)
class AddReluCastL0Op(AddReluCastOp, BinaryL0Base):
    name = "ascendc.add_relu_cast_l0"


@asc_op(cpp=Cpp("AddReluCast", template=_CAST_MASKED), formula=_ADD_RELU)
class AddReluCastL1Op(AddReluCastOp, BinaryL1Base):
    name = "ascendc.add_relu_cast_l1"


@asc_op(cpp=Cpp("AddReluCast"), formula=_ADD_RELU)
class AddReluCastL2Op(AddReluCastOp, BinaryL2Base):
    name = "ascendc.add_relu_cast_l2"


@asc_op(cpp=Cpp("SubReluCast", template=_CAST_MASKED), formula=_SUB_RELU)
class SubReluCastL0Op(SubReluCastOp, BinaryL0Base):
    name = "ascendc.sub_relu_cast_l0"


@asc_op(cpp=Cpp("SubReluCast", template=_CAST_MASKED), formula=_SUB_RELU)
class SubReluCastL1Op(SubReluCastOp, BinaryL1Base):
    name = "ascendc.sub_relu_cast_l1"


@asc_op(cpp=Cpp("SubReluCast"), formula=_SUB_RELU)
class SubReluCastL2Op(SubReluCastOp, BinaryL2Base):
    name = "ascendc.sub_relu_cast_l2"


@asc_op(cpp=Cpp("AddDeqRelu", template=_CAST_MASKED))
class AddDeqReluL0Op(AddDeqReluOp, BinaryL0Base):
    name = "ascendc.add_deq_relu_l0"


@asc_op(cpp=Cpp("AddDeqRelu", template=_CAST_MASKED))
class AddDeqReluL1Op(AddDeqReluOp, BinaryL1Base):
    name = "ascendc.add_deq_relu_l1"


@asc_op(cpp=Cpp("AddDeqRelu"))
class AddDeqReluL2Op(AddDeqReluOp, BinaryL2Base):
    name = "ascendc.add_deq_relu_l2"


# --- the deq-scale register --------------------------------------------------------------


@asc_op(cpp=Cpp("SetDeqScale"), pipe=Pipe.PIPE_S)
class SetDeqScaleOp(AscendCOp):
    """`SetDeqScale(half scale)` or `SetDeqScale(float scale, int16_t offset, bool signMode)`."""

    name = "ascendc.set_deq_scale"
    scale = operand_def()
    offset = opt_operand_def(INT)
    signMode = opt_operand_def()
    irdl_options = (AttrSizedOperandSegments(as_property=True),)
    assembly_format = (
        "$scale attr-dict (`,` $offset^)? (`,` $signMode^)? `:` type($scale) "
        "(`,` type($offset)^)? (`,` type($signMode)^)?"
    )

    def __init__(self, scale, offset=None, sign_mode=None):
        super().__init__(operands=[scale, offset, sign_mode])

    def verify_facts(self) -> None:
        # The C++ overloads are (half) and (float, int16_t, bool); one of the two trailing
        # operands alone also prints as text that reads back with signMode taken for offset.
        if (self.offset is None) != (self.signMode is None):
            raise VerifyException("SetDeqScale takes a scale alone, or a scale, an offset and "
                                  "a sign mode")


# Not a VectorOp: pyasc's `_l4` is not a level of the vector APIs, and the op runs on the
# scalar unit.
@asc_op(cpp=Cpp("SetDeqScale"), pipe=Pipe.PIPE_S, writes=("vdeq",))
class SetDeqScaleL4Op(AscendCOp):
    """`SetDeqScale(vdeq, vdeqInfo)`: 16 packed (scale, offset, signMode) words into `vdeq`
    (scalar stores), whose address then goes to the register (CastDeq with isVecDeq)."""

    name = "ascendc.set_deq_scale_l4"
    vdeq = operand_def(LOCAL)
    vdeqInfo = operand_def(Is((VdeqInfoType,), "!ascendc.vdeq_info"))
    assembly_format = DEFAULT_FORMAT

    def __init__(self, vdeq, vdeq_info):
        super().__init__(operands=[vdeq, vdeq_info])


VCONV_OPS: list[type[AscendCOp]] = [
    CastDeqL0Op, CastDeqL1Op, CastDeqL2Op,
    AddReluCastL0Op, AddReluCastL1Op, AddReluCastL2Op,
    SubReluCastL0Op, SubReluCastL1Op, SubReluCastL2Op,
    AddDeqReluL0Op, AddDeqReluL1Op, AddDeqReluL2Op,
    SetDeqScaleOp, SetDeqScaleL4Op,
]
