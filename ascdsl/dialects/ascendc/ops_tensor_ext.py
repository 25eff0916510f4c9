"""The remaining LocalTensor / GlobalTensor members: addresses, sizes, position, user tag,
the call operator `t(i)` and ShapeInfo.

Queries run on the scalar unit and read no element data (a tensor's address and length are
registers of the scalar unit), so they declare no tensor effects; `SetBufferLen`, `SetSize`
and `SetAddrWithOffset` change which bytes later ops of the tensor touch.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import IntegerType, Signedness, i32
from xdsl.ir import Attribute, SSAValue
from xdsl.utils.exceptions import VerifyException
from xdsl.irdl import irdl_attr_definition, operand_def, opt_operand_def, result_def

from .base import AscendCOp, Cpp, CppStyle, asc_op
from .constraints import GLOBAL, INT, LOCAL, MEMREF, Is
from .enums import Pipe
from .ops_tensor import _SubIndexOp
from .types import ParamStructType

ui64 = IntegerType(64, Signedness.UNSIGNED)


@irdl_attr_definition
class ShapeInfoType(ParamStructType):
    """AscendC::ShapeInfo: the shape a tensor carries for the APIs that read one (DumpTensor,
    the advanced APIs). Built empty (`ShapeInfo()`), from a shape (`{dims, shape}`, `{dims,
    shape, format}`) or a shape and an original shape (`{dims, shape, dims, original, format}`);
    the shapes are `uint32_t[]` arrays."""

    name = "ascendc.shape_info"
    CPP = "AscendC::ShapeInfo"
    FIELDS = (("shapeDim", 0), ("shape", 0), ("originalShapeDim", 0), ("originalShape", 0),
              ("dataFormat", 0))
    FIELD_CPP = ("uint8_t", "uint32_t*", "uint8_t", "uint32_t*", "AscendC::DataFormat")
    CTOR_ARITIES: ClassVar[tuple[int, ...]] = (2, 3, 5)


SHAPE_INFO = Is((ShapeInfoType,), "!ascendc.shape_info")


# --- the call operator ---------------------------------------------------------------------


# pyasc prints `t(i)`, but in the headers `operator()` returns the element (`PrimType&`), so
# `LocalTensor<T> v = t(i);` does not compile; pyasc's frontend means the view `t[i]`, which is
# what the compiled source prints (pyasc's spelling keeps `t(i)`).
@asc_op(cpp=Cpp("[]", CppStyle.SUBSCRIPT, pyasc_api="()"))
class LocalBracketOp(_SubIndexOp):
    """pyasc's `t(i)`: the same view as `t[i]` (the LocalTensor from element `i` on)."""

    name = "ascendc.local_tensor.bracket"
    tensor = operand_def(LOCAL)
    result = result_def(LOCAL)
    assembly_format = (
        "$tensor `(` $index `)` attr-dict `:` type($tensor) `,` type($index) `,` type($result)"
    )


@asc_op(cpp=Cpp("[]", CppStyle.SUBSCRIPT, pyasc_api="()"))
class GlobalBracketOp(_SubIndexOp):
    """pyasc's `g(i)`: the same view as `g[i]` (the GlobalTensor from element `i` on)."""

    name = "ascendc.global_tensor.bracket"
    tensor = operand_def(GLOBAL)
    result = result_def(GLOBAL)
    assembly_format = (
        "$tensor `(` $index `)` attr-dict `:` type($tensor) `,` type($index) `,` type($result)"
    )


# --- queries -------------------------------------------------------------------------------


class _LocalQueryOp(AscendCOp):
    """`T v = t.Api();`"""

    tensor = operand_def(LOCAL)
    result = result_def(INT)
    assembly_format = "$tensor attr-dict `:` type($tensor) `,` type($result)"

    def __init__(self, tensor: SSAValue, result_type: Attribute = i32):
        super().__init__(operands=[tensor], result_types=[result_type])


@asc_op(cpp=Cpp("GetLength", CppStyle.MEMBER), pipe=Pipe.PIPE_S)
class LocalGetLengthOp(_LocalQueryOp):
    """`t.GetLength()`: the tensor's length in bytes."""

    name = "ascendc.local_tensor.get_length"


@asc_op(cpp=Cpp("GetSize", CppStyle.MEMBER), pipe=Pipe.PIPE_S)
class LocalGetSizeOp(_LocalQueryOp):
    """`t.GetSize()`: the tensor's number of elements."""

    name = "ascendc.local_tensor.get_size"


@asc_op(cpp=Cpp("GetPosition", CppStyle.MEMBER), pipe=Pipe.PIPE_S)
class LocalGetPositionOp(_LocalQueryOp):
    """`t.GetPosition()`: the TPosition the tensor lives in (its integer value)."""

    name = "ascendc.local_tensor.get_position"


@asc_op(cpp=Cpp("GetUserTag", CppStyle.MEMBER), pipe=Pipe.PIPE_S)
class LocalGetUserTagOp(_LocalQueryOp):
    """`t.GetUserTag()`: the tag SetUserTag stored (0 before)."""

    name = "ascendc.local_tensor.get_user_tag"


# On the NPU the headers return uint64_t, in their CPU-debug build `T*`: the integer result is
# printed through reinterpret_cast, which both accept.
@asc_op(cpp=Cpp("GetPhyAddr", CppStyle.SPECIAL), pipe=Pipe.PIPE_S)
class LocalGetPhyAddrOp(AscendCOp):
    """`t.GetPhyAddr([offset])`: the byte address in its on-chip memory of element `offset`."""

    name = "ascendc.local_tensor.get_phy_addr"
    tensor = operand_def(LOCAL)
    offset = opt_operand_def(INT)
    result = result_def(INT)
    assembly_format = (
        "$tensor (`,` $offset^)? attr-dict `:` type($tensor) `,` type($result) "
        "(`,` type($offset)^)?"
    )

    def __init__(self, tensor: SSAValue, offset: SSAValue | None = None,
                 result_type: Attribute = ui64):
        super().__init__(operands=[tensor, [offset] if offset is not None else []],
                         result_types=[result_type])

    def verify_facts(self) -> None:
        t = self.result.type
        if not isinstance(t, IntegerType) or t.width.data != 64:
            raise VerifyException(f"an address is a 64-bit integer, not {t}")


# `GetPhyAddr()` without an offset returns `const __gm__ T*`: printed through const_cast.
@asc_op(cpp=Cpp("GetPhyAddr", CppStyle.SPECIAL), pipe=Pipe.PIPE_S)
class GlobalGetPhyAddrOp(AscendCOp):
    """`g.GetPhyAddr([offset])`: the GM address of element `offset`."""

    name = "ascendc.global_tensor.get_phy_addr"
    tensor = operand_def(GLOBAL)
    offset = opt_operand_def(INT)
    result = result_def(MEMREF)
    assembly_format = (
        "$tensor (`,` $offset^)? attr-dict `:` type($tensor) `,` type($result) "
        "(`,` type($offset)^)?"
    )

    def __init__(self, tensor: SSAValue, result_type: Attribute,
                 offset: SSAValue | None = None):
        super().__init__(operands=[tensor, [offset] if offset is not None else []],
                         result_types=[result_type])


@asc_op(cpp=Cpp("GetSize", CppStyle.MEMBER), pipe=Pipe.PIPE_S)
class GlobalGetSizeOp(AscendCOp):
    """`g.GetSize()`: the number of elements SetGlobalBuffer gave the tensor (uint64)."""

    name = "ascendc.global_tensor.get_size"
    tensor = operand_def(GLOBAL)
    result = result_def(ui64)
    assembly_format = "$tensor attr-dict `:` type($tensor)"

    def __init__(self, tensor: SSAValue):
        super().__init__(operands=[tensor], result_types=[ui64])


@asc_op(cpp=Cpp("GetShapeInfo", CppStyle.MEMBER), pipe=Pipe.PIPE_S)
class LocalGetShapeInfoOp(AscendCOp):
    """`t.GetShapeInfo()`."""

    name = "ascendc.local_tensor.get_shape_info"
    tensor = operand_def(LOCAL)
    result = result_def(SHAPE_INFO)
    assembly_format = "$tensor attr-dict `:` type($tensor) `,` type($result)"

    def __init__(self, tensor: SSAValue):
        super().__init__(operands=[tensor], result_types=[ShapeInfoType()])


@asc_op(cpp=Cpp("GetShapeInfo", CppStyle.MEMBER), pipe=Pipe.PIPE_S)
class GlobalGetShapeInfoOp(AscendCOp):
    """`g.GetShapeInfo()`."""

    name = "ascendc.global_tensor.get_shape_info"
    tensor = operand_def(GLOBAL)
    result = result_def(SHAPE_INFO)
    assembly_format = "$tensor attr-dict `:` type($tensor) `,` type($result)"

    def __init__(self, tensor: SSAValue):
        super().__init__(operands=[tensor], result_types=[ShapeInfoType()])


# --- setters -------------------------------------------------------------------------------


class _LocalSetOp(AscendCOp):
    """`t.Api(v);`"""

    tensor = operand_def(LOCAL)
    value = operand_def(INT)
    assembly_format = "$tensor `,` $value attr-dict `:` type($tensor) `,` type($value)"

    def __init__(self, tensor: SSAValue, value: SSAValue):
        super().__init__(operands=[tensor, value])


@asc_op(cpp=Cpp("SetBufferLen", CppStyle.MEMBER), pipe=Pipe.PIPE_S)
class LocalSetBufferLenOp(_LocalSetOp):
    """`t.SetBufferLen(bytes)`: later ops see a tensor of that many bytes."""

    name = "ascendc.local_tensor.set_buffer_len"


@asc_op(cpp=Cpp("SetSize", CppStyle.MEMBER), pipe=Pipe.PIPE_S)
class LocalSetSizeOp(_LocalSetOp):
    """`t.SetSize(n)`: later ops see a tensor of `n` elements."""

    name = "ascendc.local_tensor.set_size"


@asc_op(cpp=Cpp("SetUserTag", CppStyle.MEMBER), pipe=Pipe.PIPE_S)
class LocalSetUserTagOp(_LocalSetOp):
    """`t.SetUserTag(tag)`: a number the kernel attaches to the tensor."""

    name = "ascendc.local_tensor.set_user_tag"


@asc_op(cpp=Cpp("SetAddrWithOffset", CppStyle.MEMBER), pipe=Pipe.PIPE_S)
class LocalSetAddrWithOffsetOp(AscendCOp):
    """`t.SetAddrWithOffset(src, offset)`: `t` takes `src`'s address moved by `offset`
    elements of `src` (whose element type may differ) and keeps `src`'s length in bytes, as
    the headers copy the whole address record and move only its start."""

    name = "ascendc.local_tensor.set_addr_with_offset"
    tensor = operand_def(LOCAL)
    src = operand_def(LOCAL)
    offset = operand_def(INT)
    assembly_format = (
        "$tensor `,` $src `,` $offset attr-dict `:` type($tensor) `,` type($src) `,` "
        "type($offset)"
    )

    def __init__(self, tensor: SSAValue, src: SSAValue, offset: SSAValue):
        super().__init__(operands=[tensor, src, offset])



@asc_op(cpp=Cpp("SetShapeInfo", CppStyle.MEMBER), pipe=Pipe.PIPE_S)
class LocalSetShapeInfoOp(AscendCOp):
    """`t.SetShapeInfo(info)`."""

    name = "ascendc.local_tensor.set_shape_info"
    tensor = operand_def(LOCAL)
    info = operand_def(SHAPE_INFO)
    assembly_format = "$tensor `,` $info attr-dict `:` type($tensor) `,` type($info)"

    def __init__(self, tensor: SSAValue, info: SSAValue):
        super().__init__(operands=[tensor, info])


@asc_op(cpp=Cpp("SetShapeInfo", CppStyle.MEMBER), pipe=Pipe.PIPE_S)
class GlobalSetShapeInfoOp(AscendCOp):
    """`g.SetShapeInfo(info)`."""

    name = "ascendc.global_tensor.set_shape_info"
    tensor = operand_def(GLOBAL)
    info = operand_def(SHAPE_INFO)
    assembly_format = "$tensor `,` $info attr-dict `:` type($tensor) `,` type($info)"

    def __init__(self, tensor: SSAValue, info: SSAValue):
        super().__init__(operands=[tensor, info])


TENSOR_EXT_OPS: list[type[AscendCOp]] = [
    LocalBracketOp,
    GlobalBracketOp,
    LocalGetLengthOp,
    LocalGetSizeOp,
    LocalGetPositionOp,
    LocalGetUserTagOp,
    LocalGetPhyAddrOp,
    GlobalGetPhyAddrOp,
    GlobalGetSizeOp,
    LocalGetShapeInfoOp,
    GlobalGetShapeInfoOp,
    LocalSetBufferLenOp,
    LocalSetSizeOp,
    LocalSetUserTagOp,
    LocalSetAddrWithOffsetOp,
    LocalSetShapeInfoOp,
    GlobalSetShapeInfoOp,
]
TENSOR_EXT_TYPES = [ShapeInfoType]
