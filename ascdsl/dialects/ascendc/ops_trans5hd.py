"""TransDataTo5HD (the vnchwconv instruction): NCHW -> NC1HWC0 in 16 x 16 blocks, in pyasc's
three forms (its Basic/OpDataConversion.td): the 16 destination and 16 source addresses as
two LocalTensor<uint64_t> (`trans_data_to_5hd`), as two lists of LocalTensors
(`trans_data_to_5hd_tensor_list`) or as two lists of uint64_t addresses
(`trans_data_to_5hd_uint_list`), with a TransDataTo5HDParams.

One repeat reads 16 source rows of 32 bytes (one per source address) and writes 16
destination rows of 32 bytes; for 2-byte elements, destination row j holds element j of
every source row (a 16 x 16 transpose). Each repeat moves every address on by the repeat
strides (in 32-byte blocks). The element type is not an operand of the address forms:
pyasc's translator takes it from the tensor whose GetPhyAddr produced the addresses, and so
does ascdsl's.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import IntegerType, Signedness
from xdsl.ir import SSAValue
from xdsl.irdl import irdl_attr_definition, operand_def, var_operand_def
from xdsl.utils.exceptions import VerifyException

from .base import AscendCOp, Cpp, CppStyle, asc_op
from .constraints import LOCAL, Is
from .enums import Pipe
from .segments import SEGMENTED, SegmentedFormat
from .types import ParamStructType

ROWS = 16  # addresses per side


@irdl_attr_definition
class TransDataTo5HDParamsType(ParamStructType):
    """AscendC::TransDataTo5HDParams (dstHighHalf, srcHighHalf, repeatTimes, dstRepStride,
    srcRepStride)."""

    name = "ascendc.trans_data_to_5hd_params"
    CPP = "AscendC::TransDataTo5HDParams"
    FIELDS = (("dstHighHalf", 0), ("srcHighHalf", 0), ("repeatTimes", 1), ("dstRepStride", 0),
              ("srcRepStride", 0))
    FIELD_CPP = ("bool", "bool", "uint8_t", "uint16_t", "uint16_t")


PARAMS = Is((TransDataTo5HDParamsType,), "!ascendc.trans_data_to_5hd_params")
_U64 = IntegerType(64, Signedness.UNSIGNED)


class _TransDataTo5HDBase(AscendCOp):
    PIPE: ClassVar = Pipe.PIPE_V


@asc_op(cpp=Cpp("TransDataTo5HD", CppStyle.SPECIAL), pipe=Pipe.PIPE_V, writes=("dst",),
        reads=("src",))
class TransDataTo5HDOp(_TransDataTo5HDBase):
    """`TransDataTo5HD<T>(dstAddrs, srcAddrs, params)`: the addresses in two
    LocalTensor<uint64_t> of at least 16 elements."""

    name = "ascendc.trans_data_to_5hd"
    dst = operand_def(LOCAL)
    src = operand_def(LOCAL)
    params = operand_def(PARAMS)
    assembly_format = "operands attr-dict `:` type(operands)"

    def __init__(self, dst: SSAValue, src: SSAValue, params: SSAValue):
        super().__init__(operands=[dst, src, params])

    def verify_facts(self) -> None:
        for name in ("dst", "src"):
            t = getattr(self, name).type
            if t.element_type != _U64:
                raise VerifyException(
                    f"{name} holds the 16 addresses and must be a LocalTensor<uint64_t>, got {t}"
                )


class _ListBase(SegmentedFormat, _TransDataTo5HDBase):
    irdl_options = SEGMENTED

    def verify_facts(self) -> None:
        n, m = len(self.dst_list), len(self.src_list)
        if n != ROWS or m != ROWS:
            raise VerifyException(
                f"TransDataTo5HD takes {ROWS} destination and {ROWS} source addresses, got "
                f"{n} and {m}"
            )


@asc_op(cpp=Cpp("TransDataTo5HD", CppStyle.SPECIAL), pipe=Pipe.PIPE_V, writes=("dst_list",),
        reads=("src_list",))
class TransDataTo5HDTensorListOp(_ListBase):
    """`TransDataTo5HD<T>(dstList, srcList, params)` with two arrays of 16 LocalTensors."""

    name = "ascendc.trans_data_to_5hd_tensor_list"
    dst_list = var_operand_def(LOCAL)
    src_list = var_operand_def(LOCAL)
    params = operand_def(PARAMS)

    def __init__(self, dst_list, src_list, params: SSAValue):
        super().__init__(operands=[list(dst_list), list(src_list), params])

    def verify_facts(self) -> None:
        super().verify_facts()
        elems = {v.type.element_type for v in (*self.dst_list, *self.src_list)}
        if len(elems) != 1:
            raise VerifyException(
                f"the tensors of both lists must have one element type, got "
                f"{', '.join(sorted(str(e) for e in elems))}"
            )


@asc_op(cpp=Cpp("TransDataTo5HD", CppStyle.SPECIAL), pipe=Pipe.PIPE_V)
class TransDataTo5HDUintListOp(_ListBase):
    """`TransDataTo5HD<T>(dstAddrs, srcAddrs, params)` with two arrays of 16 uint64_t."""

    name = "ascendc.trans_data_to_5hd_uint_list"
    dst_list = var_operand_def(Is((IntegerType,), "a ui64 address"))
    src_list = var_operand_def(Is((IntegerType,), "a ui64 address"))
    params = operand_def(PARAMS)

    def __init__(self, dst_list, src_list, params: SSAValue):
        super().__init__(operands=[list(dst_list), list(src_list), params])


TRANS5HD_OPS: list[type[AscendCOp]] = [
    TransDataTo5HDOp, TransDataTo5HDTensorListOp, TransDataTo5HDUintListOp,
]


def _addr_source_type(value: SSAValue):
    """The element type of the tensor whose GetPhyAddr made `value` (through casts)."""
    from xdsl.dialects import arith
    from xdsl.dialects.builtin import UnrealizedConversionCastOp

    from ascdsl.dialects import emitc

    from .ops_tensor_ext import LocalGetPhyAddrOp

    for _ in range(8):
        owner = value.owner
        if isinstance(owner, LocalGetPhyAddrOp):
            return owner.tensor.type.element_type
        if isinstance(owner, arith.IndexCastOp | arith.ExtUIOp | arith.ExtSIOp | arith.TruncIOp
                      | arith.BitcastOp | UnrealizedConversionCastOp | emitc.CastOp) and owner.operands:
            value = owner.operands[0]
            continue
        return None
    return None


def data_element_type(op: AscendCOp):
    """The element type TransDataTo5HD<T> moves, as pyasc's translator infers it; None if
    nothing says (a located error in the printer and the simulator)."""
    from .ops_tensor import LocalSetValueOp

    if isinstance(op, TransDataTo5HDTensorListOp):
        return op.dst_list[0].type.element_type if op.dst_list else None
    if isinstance(op, TransDataTo5HDUintListOp):
        for v in (*op.dst_list[:1], *op.src_list[:1]):
            t = _addr_source_type(v)
            if t is not None:
                return t
        return None
    assert isinstance(op, TransDataTo5HDOp)
    for addrs in (op.dst, op.src):
        for use in addrs.uses:
            user = use.operation
            if isinstance(user, LocalSetValueOp) and user.tensor is addrs:
                t = _addr_source_type(user.value)
                if t is not None:
                    return t
    return None
