"""GatherMask: keep the elements of src0 a bit pattern selects, packed into dst
(`AscendC::GatherMask`), and `GetGatherMaskRemainCount`.

The pattern (`src1Pattern`) is a tensor of bits (uint16/uint32 elements, one bit per src0
element) or a built-in pattern number 1..7 (pyasc passes it as an int8 value). `reduceMode`
picks the normal (repeats, GatherMaskParams) or counter mode (`mask` elements); the op
returns how many elements it kept (`rsvdCnt`, printed as the out-parameter Ascend C takes).
pyasc's syntax:

    %n = ascendc.gather_mask %dst, %src0, %pattern, %reduceMode, %mask, %params, default
        : !ascendc.local_tensor<..>, !ascendc.local_tensor<..>, <pattern type>, i1, ui32,
          !ascendc.gather_mask_params -> ui64
"""

from __future__ import annotations

from xdsl.dialects.builtin import IntegerAttr
from xdsl.irdl import operand_def, prop_def, result_def
from xdsl.utils.exceptions import VerifyException

from .base import AscendCOp, Cpp, CppStyle, EnumKeyword, asc_op, element_type, enum_attr
from .constraints import LOCAL, Is
from .enums import AscEnum, Pipe
from .types import LocalTensorType
from .types_vec import GatherMaskParamsType

GATHER_MASK_PARAMS = Is((GatherMaskParamsType,), "!ascendc.gather_mask_params")


class GatherMaskMode(AscEnum):
    """AscendC::GatherMaskMode (pyasc's only case, `default`: `defaultGatherMaskMode`)."""

    DEFAULT = 0

    @property
    def cpp(self) -> str:
        return "AscendC::defaultGatherMaskMode"


@asc_op(cpp=Cpp("GatherMask", CppStyle.SPECIAL), pipe=Pipe.PIPE_V, writes=("dst",),
        reads=("src0", "src1Pattern"), enums={"gatherMaskMode": GatherMaskMode})
class GatherMaskOp(AscendCOp):
    """`GatherMask<T, [U,] mode>(dst, src0, src1Pattern, reduceMode, mask, params, rsvdCnt)`."""

    name = "ascendc.gather_mask"
    dst = operand_def(LOCAL)
    src0 = operand_def(LOCAL)
    src1Pattern = operand_def()
    reduceMode = operand_def()
    mask = operand_def()
    params = operand_def(GATHER_MASK_PARAMS)
    gatherMaskMode = prop_def(IntegerAttr)
    rsvdCnt = result_def()
    custom_directives = (EnumKeyword,)
    assembly_format = (
        "$dst `,` $src0 `,` $src1Pattern `,` $reduceMode `,` $mask `,` $params `,` "
        "custom<EnumKeyword>($gatherMaskMode) attr-dict `:` type($dst) `,` type($src0) `,` "
        "type($src1Pattern) `,` type($reduceMode) `,` type($mask) `,` type($params) `->` "
        "type($rsvdCnt)"
    )

    def __init__(self, dst, src0, pattern, reduce_mode, mask, params, result_type,
                 mode: GatherMaskMode = GatherMaskMode.DEFAULT):
        super().__init__(operands=[dst, src0, pattern, reduce_mode, mask, params],
                         result_types=[result_type],
                         properties={"gatherMaskMode": enum_attr(mode)})

    def read_operands(self):
        # A built-in pattern number is a scalar, not a tensor the op reads.
        reads = [self.src0]
        if isinstance(self.src1Pattern.type, LocalTensorType):
            reads.append(self.src1Pattern)
        return reads

    def verify_facts(self) -> None:
        a, b = element_type(self.dst), element_type(self.src0)
        if a != b:
            raise VerifyException(f"element type mismatch: dst is {a} but src0 is {b}")


@asc_op(cpp=Cpp("GetGatherMaskRemainCount"), pipe=Pipe.PIPE_S)
class GetGatherMaskRemainCountOp(AscendCOp):
    """`GetGatherMaskRemainCount()`: the element count the last GatherMask kept."""

    name = "ascendc.get_gather_mask_remain_count"
    result = result_def()
    assembly_format = "attr-dict `:` type($result)"

    def __init__(self, result_type):
        super().__init__(result_types=[result_type])


GATHER_MASK_OPS: list[type[AscendCOp]] = [GatherMaskOp, GetGatherMaskRemainCountOp]
