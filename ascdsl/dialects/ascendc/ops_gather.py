"""Gather, Gatherb, Scatter and Brcb: vector ops that move elements by UB byte offsets.

- `gather_l0/l1/l2`: dst[i] = the element at byte `srcBase + srcOffset[i]` from src's start
  (`srcOffset` a uint32 tensor); L0/L1 run repeats of E elements (E = 256 bytes / element
  size) with a mask, repeat r writing dst from `r * dstRepStride` blocks and taking offsets
  `r * E + e`; L2 the first `count` elements.
- `gatherb_l0`: 32-byte blocks: block b of repeat r comes from byte `offset[r * 8 + b]` of
  src0 and goes to dst block `r * dstRepStride + b * dstBlkStride` (GatherRepeatParams).
- `scatter_l0/l1/l2`: the converse of gather: src element i goes to byte `dstBase +
  dstOffset[i]` of dst (L0/L1: src repeat r from `r * srcRepStride` blocks).
- `brcb_l0`: repeat r reads src0[8r .. 8r+7] and fills dst block `r * dstRepStride + b *
  dstBlkStride` with element 8r+b (BrcbRepeatParams).

Operands carry pyasc's keyword names. Ascend C takes the offsets as `LocalTensor<uint32_t>`;
pyasc's verifier takes any local tensor there (its own lit tests pass f32 and i32 ones), and
so does ascdsl's: the simulator reads the stored bits as uint32 (a tensor of another element
size is a located error there), and the real-header check rejects the C++.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.irdl import operand_def, var_operand_def
from xdsl.utils.exceptions import VerifyException

from .base import AscendCOp, Cpp, asc_op, element_type
from .constraints import INT, LOCAL, MASK, Is
from .types_vec import BrcbRepeatParamsType, GatherRepeatParamsType
from .vector_base import VectorOp, mask_operand

GATHER_PARAMS = Is((GatherRepeatParamsType,), "!ascendc.gather_repeat_params")
BRCB_PARAMS = Is((BrcbRepeatParamsType,), "!ascendc.brcb_repeat_params")


class OffsetOp(VectorOp):
    """A gather/scatter op: `OFFSETS` names its byte-offset tensor (uint32 bits)."""

    OFFSETS: ClassVar[str] = ""
    SAME_ELEMENT: ClassVar = ("dst",)

    def verify_facts(self) -> None:
        super().verify_facts()
        names = ("dst", "src0" if getattr(self, "src0", None) is not None else "src")
        a, b = (element_type(getattr(self, n)) for n in names)
        if a != b:
            raise VerifyException(f"element type mismatch: dst is {a} but {names[1]} is {b}")


# --- gather ----------------------------------------------------------------------------------


class GatherBase(OffsetOp):
    dst = operand_def(LOCAL)
    src = operand_def(LOCAL)
    src_offset = operand_def(LOCAL)
    src_base = operand_def(INT)
    READS: ClassVar = ("src", "src_offset")
    OFFSETS: ClassVar = "src_offset"


class GatherMaskedBase(GatherBase):
    mask = operand_def(INT)
    repeat_times = operand_def(INT)
    dst_rep_stride = operand_def(INT)
    LEVEL: ClassVar = "l0"

    def __init__(self, dst, src, src_offset, src_base, mask, repeat_times, dst_rep_stride):
        super().__init__(operands=[dst, src, src_offset, src_base, mask_operand(mask),
                                   repeat_times, dst_rep_stride])


@asc_op(cpp=Cpp("Gather"))
class GatherL0Op(GatherMaskedBase):
    name = "ascendc.gather_l0"


@asc_op(cpp=Cpp("Gather"))
class GatherL1Op(GatherMaskedBase):
    name = "ascendc.gather_l1"
    mask = var_operand_def(MASK)
    LEVEL: ClassVar = "l1"


@asc_op(cpp=Cpp("Gather"))
class GatherL2Op(GatherBase):
    name = "ascendc.gather_l2"
    count = operand_def(INT)
    LEVEL: ClassVar = "l2"

    def __init__(self, dst, src, src_offset, src_base, count):
        super().__init__(operands=[dst, src, src_offset, src_base, count])


@asc_op(cpp=Cpp("Gatherb"))
class GatherbL0Op(OffsetOp):
    """`Gatherb(dst, src0, offset, repeatTimes, GatherRepeatParams)`: 32-byte blocks."""

    name = "ascendc.gatherb_l0"
    dst = operand_def(LOCAL)
    src0 = operand_def(LOCAL)
    offset = operand_def(LOCAL)
    repeat_times = operand_def(INT)
    repeat_params = operand_def(GATHER_PARAMS)
    READS: ClassVar = ("src0", "offset")
    OFFSETS: ClassVar = "offset"
    LEVEL: ClassVar = "l0"

    def __init__(self, dst, src0, offset, repeat_times, repeat_params):
        super().__init__(operands=[dst, src0, offset, repeat_times, repeat_params])


# --- scatter ---------------------------------------------------------------------------------


class ScatterBase(OffsetOp):
    dst = operand_def(LOCAL)
    src = operand_def(LOCAL)
    dst_offset = operand_def(LOCAL)
    dst_base = operand_def(INT)
    READS: ClassVar = ("src", "dst_offset")
    OFFSETS: ClassVar = "dst_offset"


class ScatterMaskedBase(ScatterBase):
    mask = operand_def(INT)
    repeat_times = operand_def(INT)
    src_rep_stride = operand_def(INT)
    LEVEL: ClassVar = "l0"

    def __init__(self, dst, src, dst_offset, dst_base, mask, repeat_times, src_rep_stride):
        super().__init__(operands=[dst, src, dst_offset, dst_base, mask_operand(mask),
                                   repeat_times, src_rep_stride])


@asc_op(cpp=Cpp("Scatter"))
class ScatterL0Op(ScatterMaskedBase):
    name = "ascendc.scatter_l0"


@asc_op(cpp=Cpp("Scatter"))
class ScatterL1Op(ScatterMaskedBase):
    name = "ascendc.scatter_l1"
    mask = var_operand_def(MASK)
    LEVEL: ClassVar = "l1"


@asc_op(cpp=Cpp("Scatter"))
class ScatterL2Op(ScatterBase):
    name = "ascendc.scatter_l2"
    count = operand_def(INT)
    LEVEL: ClassVar = "l2"

    def __init__(self, dst, src, dst_offset, dst_base, count):
        super().__init__(operands=[dst, src, dst_offset, dst_base, count])


# --- brcb ------------------------------------------------------------------------------------


@asc_op(cpp=Cpp("Brcb"))
class BrcbL0Op(OffsetOp):
    """`Brcb(dst, src0, repeatTimes, BrcbRepeatParams)`: each of 8 elements fills a block."""

    name = "ascendc.brcb_l0"
    dst = operand_def(LOCAL)
    src0 = operand_def(LOCAL)
    repeat_times = operand_def(INT)
    repeat_params = operand_def(BRCB_PARAMS)
    READS: ClassVar = ("src0",)
    LEVEL: ClassVar = "l0"

    def __init__(self, dst, src0, repeat_times, repeat_params):
        super().__init__(operands=[dst, src0, repeat_times, repeat_params])


GATHER_OPS: list[type[AscendCOp]] = [
    GatherL0Op, GatherL1Op, GatherL2Op, GatherbL0Op, ScatterL0Op, ScatterL1Op, ScatterL2Op,
    BrcbL0Op,
]
