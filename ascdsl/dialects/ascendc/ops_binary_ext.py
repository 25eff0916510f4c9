"""The rest of pyasc's binary family: MulCast, FusedAbsSub, FusedExpSub, Prelu (count form
only, as pyasc declares them) and BilinearInterpolation.

- `MulCast` (`mul_cast_l0/l1/l2`): dst = cast(src0 * src1), half sources into an int8/uint8
  dst. pyasc gives it no isSetMask and prints no template arguments (the C++ deduces them).
- `FusedAbsSub` (`|src0 - src1|`), `FusedExpSub` (`exp(src0 - src1)`, half sources computed
  in float), `Prelu` (`src0 >= 0 ? src0 : src0 * src1`): the formulas the Ascend C headers
  document.
- `BilinearInterpolation` (`bilinearInterpolation_l0/l1`, pyasc's spelling): 8 blocks of src0
  per repeat picked by byte offsets in `src0Offset` and scaled by src1; the hRepeat repeats
  of each of the vRepeat rows are summed and written to dst (rows `vROffset` apart).
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.irdl import operand_def, var_operand_def

from .base import AscendCOp, Cpp, asc_op
from .constraints import BIN_PARAMS, INT, LOCAL, MASK
from .ops_binary import BinaryL2Base, BinaryOp
from .vector_base import VectorOp, mask_operand


class MulCastOp(BinaryOp):
    """dst = cast(src0 * src1); dst has its own element type."""

    SAME_ELEMENT: ClassVar = ("src0", "src1")


class MulCastMaskedBase(MulCastOp):
    """`MulCast(dst, src0, src1, mask, repeatTimes, BinaryRepeatParams)` (no isSetMask)."""

    mask = operand_def(INT)
    repeat_times = operand_def(INT)
    repeat_params = operand_def(BIN_PARAMS)

    def __init__(self, dst, src0, src1, mask, repeat_times, repeat_params):
        super().__init__(operands=[dst, src0, src1, mask_operand(mask), repeat_times,
                                   repeat_params])


_MUL = "a * b"


@asc_op(cpp=Cpp("MulCast"), formula=_MUL)
class MulCastL0Op(MulCastMaskedBase):
    name = "ascendc.mul_cast_l0"
    LEVEL: ClassVar = "l0"


@asc_op(cpp=Cpp("MulCast"), formula=_MUL)
class MulCastL1Op(MulCastMaskedBase):
    name = "ascendc.mul_cast_l1"
    mask = var_operand_def(MASK)
    LEVEL: ClassVar = "l1"


@asc_op(cpp=Cpp("MulCast"), formula=_MUL)
class MulCastL2Op(MulCastOp, BinaryL2Base):
    name = "ascendc.mul_cast_l2"


@asc_op(cpp=Cpp("FusedAbsSub"), formula="absolute(a - b)")
class FusedAbsSubL2Op(BinaryL2Base):
    name = "ascendc.fused_abs_sub_l2"


class FusedExpSubOp:
    """FusedExpSub<T, U>: a float dst over half sources too."""

    SAME_ELEMENT: ClassVar = ("src0", "src1")


@asc_op(cpp=Cpp("FusedExpSub"), formula="exp(float32(a) - float32(b))")
class FusedExpSubL2Op(FusedExpSubOp, BinaryL2Base):
    name = "ascendc.fused_exp_sub_l2"


@asc_op(cpp=Cpp("Prelu"), formula="where(a >= 0, a, a * b)")
class PreluL2Op(BinaryL2Base):
    name = "ascendc.prelu_l2"


class BilinearInterpolationOp(VectorOp):
    """dst row i = sum over its hRepeat repeats of src0 blocks (picked by src0Offset) * src1."""

    dst = operand_def(LOCAL)
    src0 = operand_def(LOCAL)
    src0_offset = operand_def(LOCAL)
    src1 = operand_def(LOCAL)
    mask = operand_def(INT)
    h_repeat = operand_def(INT)
    repeat_mode = operand_def(INT)
    dst_blk_stride = operand_def(INT)
    v_r_offset = operand_def(INT)
    v_repeat = operand_def(INT)
    shared_tmp_buffer = operand_def(LOCAL)
    READS: ClassVar = ("src0", "src0_offset", "src1")
    WRITES: ClassVar = ("dst", "shared_tmp_buffer")
    SAME_ELEMENT: ClassVar = ("dst", "src0", "src1")

    def __init__(self, dst, src0, src0_offset, src1, mask, h_repeat, repeat_mode,
                 dst_blk_stride, v_r_offset, v_repeat, shared_tmp_buffer):
        super().__init__(operands=[dst, src0, src0_offset, src1, mask_operand(mask), h_repeat,
                                   repeat_mode, dst_blk_stride, v_r_offset, v_repeat,
                                   shared_tmp_buffer])


@asc_op(cpp=Cpp("BilinearInterpolation"))
class BilinearInterpolationL0Op(BilinearInterpolationOp):
    name = "ascendc.bilinearInterpolation_l0"
    LEVEL: ClassVar = "l0"


@asc_op(cpp=Cpp("BilinearInterpolation"))
class BilinearInterpolationL1Op(BilinearInterpolationOp):
    name = "ascendc.bilinearInterpolation_l1"
    mask = var_operand_def(MASK)
    LEVEL: ClassVar = "l1"


BINARY_EXT_OPS: list[type[AscendCOp]] = [
    MulCastL0Op, MulCastL1Op, MulCastL2Op,
    FusedAbsSubL2Op, FusedExpSubL2Op, PreluL2Op,
    BilinearInterpolationL0Op, BilinearInterpolationL1Op,
]
