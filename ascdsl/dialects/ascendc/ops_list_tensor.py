"""TensorDesc and ListTensorDesc: the descriptors of a list of GM tensors that a kernel gets
as one `__gm__` pointer (the dynamic-input convention of Ascend C operators), in pyasc's
syntax (its Basic/OpListTensor.td).

A ListTensorDesc decodes the descriptor block at `data` (ListTensorDesc(data, length,
shapeSize) or Init); GetDesc fills a TensorDesc with the dimension count, shape and data
pointer of tensor `index`; GetDataPtr<T>(index) returns that pointer. All run on the scalar
unit and read GM through the scalar data cache.

pyasc's type `!ascendc.tensor_desc` has no element type while Ascend C's is TensorDesc<T>:
ascdsl prints it as pyasc does (`AscendC::TensorDesc v = AscendC::TensorDesc<float>();`,
which C++17 deduces); a TensorDesc function parameter does not compile against the real
headers, as pyasc's does not.
"""

from __future__ import annotations

from xdsl.dialects.builtin import IntegerType, Signedness, TypeAttribute
from xdsl.ir import Attribute, ParametrizedAttribute, SSAValue
from xdsl.irdl import (
    ParsePropInAttrDict,
    irdl_attr_definition,
    operand_def,
    prop_def,
    result_def,
)
from xdsl.utils.exceptions import VerifyException

from .base import AscendCOp, Cpp, CppStyle, StrippedType, asc_op
from .constraints import GLOBAL, INT, MEMREF, Is
from .enums import Pipe
from .types import GlobalTensorType

# Not part of kernel_operator.h: generate-boilerplate includes it for these ops.
_HEADER = "kernel_operator_list_tensor_intf.h"
ui32 = IntegerType(32, Signedness.UNSIGNED)
ui64 = IntegerType(64, Signedness.UNSIGNED)


@irdl_attr_definition
class TensorDescType(ParametrizedAttribute, TypeAttribute):
    """AscendC::TensorDesc<T> (pyasc's type names no T)."""

    name = "ascendc.tensor_desc"

    def cpp_name(self) -> str:
        return "AscendC::TensorDesc"


@irdl_attr_definition
class ListTensorDescType(ParametrizedAttribute, TypeAttribute):
    """AscendC::ListTensorDesc: the decoded descriptor block of a list of GM tensors."""

    name = "ascendc.list_tensor_desc"

    def cpp_name(self) -> str:
        return "AscendC::ListTensorDesc"


TENSOR_DESC = Is((TensorDescType,), "!ascendc.tensor_desc")
LIST_DESC = Is((ListTensorDescType,), "!ascendc.list_tensor_desc")
_OPERANDS_FORMAT = "operands attr-dict `:` type(operands)"


@asc_op(cpp=Cpp("ListTensorDesc", CppStyle.CTOR, header=_HEADER))
class ListTensorDescOp(AscendCOp):
    """`AscendC::ListTensorDesc v;` (decoded later by Init)."""

    name = "ascendc.list_tensor_desc"
    result = result_def(LIST_DESC)
    assembly_format = "attr-dict `:` type($result)"

    def __init__(self):
        super().__init__(result_types=[ListTensorDescType()])


@asc_op(cpp=Cpp("ListTensorDesc", CppStyle.CTOR, header=_HEADER), pipe=Pipe.PIPE_S)
class ListTensorDescV2Op(AscendCOp):
    """`AscendC::ListTensorDesc v = AscendC::ListTensorDesc(data, length, shapeSize);`"""

    name = "ascendc.list_tensor_desc_v2"
    data = operand_def(MEMREF)
    length = operand_def(ui32)
    shapeSize = operand_def(ui32)
    result = result_def(LIST_DESC)
    assembly_format = (
        "$data `,` $length `,` $shapeSize attr-dict `:` type($result) `,` type($data) `,` "
        "type($length) `,` type($shapeSize)"
    )

    def __init__(self, data: SSAValue, length: SSAValue, shape_size: SSAValue):
        super().__init__(operands=[data, length, shape_size], result_types=[ListTensorDescType()])


@asc_op(cpp=Cpp("Init", CppStyle.MEMBER, header=_HEADER), pipe=Pipe.PIPE_S)
class ListTensorDescInitOp(AscendCOp):
    """`list.Init(data, length, shapeSize)`: decode the descriptor block at `data`."""

    name = "ascendc.list_tensor_desc_init"
    tensor = operand_def(LIST_DESC)
    data = operand_def(MEMREF)
    length = operand_def(ui32)
    shapeSize = operand_def(ui32)
    assembly_format = _OPERANDS_FORMAT

    def __init__(self, tensor: SSAValue, data: SSAValue, length: SSAValue, shape_size: SSAValue):
        super().__init__(operands=[tensor, data, length, shape_size])


@asc_op(cpp=Cpp("GetDesc", CppStyle.MEMBER, header=_HEADER), pipe=Pipe.PIPE_S)
class ListTensorDescGetDescOp(AscendCOp):
    """`list.GetDesc(desc, index)`: fill `desc` with tensor `index`'s shape and pointer."""

    name = "ascendc.list_tensor_desc_get_desc"
    tensor = operand_def(LIST_DESC)
    desc = operand_def(TENSOR_DESC)
    index = operand_def(ui32)
    assembly_format = _OPERANDS_FORMAT

    def __init__(self, tensor: SSAValue, desc: SSAValue, index: SSAValue):
        super().__init__(operands=[tensor, desc, index])


@asc_op(cpp=Cpp("GetDataPtr", CppStyle.MEMBER, template=("type:dtype",), header=_HEADER),
        pipe=Pipe.PIPE_S)
class ListTensorDescGetDataPtrOp(AscendCOp):
    """`__gm__ T* p = list.GetDataPtr<T>(index);`"""

    name = "ascendc.list_tensor_desc_get_data_ptr"
    tensor = operand_def(LIST_DESC)
    index = operand_def(ui32)
    dtype = prop_def(Attribute)
    result = result_def(MEMREF)
    assembly_format = "$tensor `,` $index attr-dict `:` type($result)"
    irdl_options = (ParsePropInAttrDict(),)  # pyasc writes `{dtype = i32}`

    def __init__(self, tensor: SSAValue, index: SSAValue, result_type: Attribute):
        super().__init__(operands=[tensor, index], result_types=[result_type],
                         properties={"dtype": result_type.element_type})  # type: ignore[attr-defined]

    def verify_facts(self) -> None:
        elem = getattr(self.result.type, "element_type", None)
        if elem != self.dtype:
            raise VerifyException(f"dtype {self.dtype} differs from the pointer's {elem}")


@asc_op(cpp=Cpp("GetSize", CppStyle.MEMBER, header=_HEADER), pipe=Pipe.PIPE_S)
class ListTensorDescGetSizeOp(AscendCOp):
    """`uint32_t n = list.GetSize();`: the number of tensors in the list."""

    name = "ascendc.list_tensor_desc_get_size"
    tensor = operand_def(LIST_DESC)
    result = result_def(ui32)
    assembly_format = _OPERANDS_FORMAT

    def __init__(self, tensor: SSAValue):
        super().__init__(operands=[tensor], result_types=[ui32])


@asc_op(cpp=Cpp("TensorDesc", CppStyle.SPECIAL, header=_HEADER))
class TensorDescOp(AscendCOp):
    """`AscendC::TensorDesc v = AscendC::TensorDesc<T>();`"""

    name = "ascendc.tensor_desc"
    elementType = prop_def(Attribute)
    tensorDesc = result_def(TENSOR_DESC)
    assembly_format = "$elementType attr-dict `:` type($tensorDesc)"

    def __init__(self, element_type: Attribute):
        super().__init__(result_types=[TensorDescType()], properties={"elementType": element_type})


@asc_op(cpp=Cpp("SetShapeAddr", CppStyle.SPECIAL, header=_HEADER), pipe=Pipe.PIPE_S)
class TensorDescSetShapeAddrOp(AscendCOp):
    """`desc.SetShapeAddr((uint64_t*)addr)`: where GetShape reads the dimensions."""

    name = "ascendc.tensor_desc_set_shape_addr"
    tensorDesc = operand_def(TENSOR_DESC)
    shapePtr = operand_def(ui64)
    assembly_format = "$tensorDesc `,` $shapePtr attr-dict `:` type($tensorDesc) `,` type($shapePtr)"

    def __init__(self, desc: SSAValue, shape_ptr: SSAValue):
        super().__init__(operands=[desc, shape_ptr])


class _DescQueryOp(AscendCOp):
    tensorDesc = operand_def(TENSOR_DESC)
    result = result_def(ui64)
    assembly_format = "$tensorDesc attr-dict `:` type($tensorDesc) `,` type($result)"

    def __init__(self, desc: SSAValue, result_type: Attribute = ui64):
        super().__init__(operands=[desc], result_types=[result_type])


@asc_op(cpp=Cpp("GetDim", CppStyle.MEMBER, header=_HEADER), pipe=Pipe.PIPE_S)
class TensorDescGetDimOp(_DescQueryOp):
    """`uint64_t n = desc.GetDim();`: the number of dimensions."""

    name = "ascendc.tensor_desc_get_dim"


@asc_op(cpp=Cpp("GetIndex", CppStyle.MEMBER, header=_HEADER), pipe=Pipe.PIPE_S)
class TensorDescGetIndexOp(_DescQueryOp):
    """`uint64_t i = desc.GetIndex();`: the tensor's index in its list."""

    name = "ascendc.tensor_desc_get_index"


@asc_op(cpp=Cpp("GetShape", CppStyle.MEMBER, header=_HEADER), pipe=Pipe.PIPE_S)
class TensorDescGetShapeOp(AscendCOp):
    """`desc.GetShape(i)`: dimension `i`."""

    name = "ascendc.tensor_desc_get_shape"
    tensorDesc = operand_def(TENSOR_DESC)
    offset = operand_def(INT)
    result = result_def(INT)
    assembly_format = (
        "$tensorDesc `,` $offset attr-dict `:` type($tensorDesc) `,` type($result) `,` "
        "type($offset)"
    )

    def __init__(self, desc: SSAValue, offset: SSAValue, result_type: Attribute):
        super().__init__(operands=[desc, offset], result_types=[result_type])


@asc_op(cpp=Cpp("GetDataPtr", CppStyle.MEMBER, header=_HEADER), pipe=Pipe.PIPE_S)
class TensorDescGetDataPtrOp(AscendCOp):
    """`__gm__ T* p = desc.GetDataPtr();`"""

    name = "ascendc.tensor_desc_get_data_ptr"
    tensorDesc = operand_def(TENSOR_DESC)
    result = result_def(MEMREF)
    assembly_format = "$tensorDesc attr-dict `:` type($tensorDesc) `,` type($result)"

    def __init__(self, desc: SSAValue, result_type: Attribute):
        super().__init__(operands=[desc], result_types=[result_type])


@asc_op(cpp=Cpp("GetDataObj", CppStyle.MEMBER, header=_HEADER), pipe=Pipe.PIPE_S,
        stripped=GlobalTensorType)
class TensorDescGetDataObjOp(AscendCOp):
    """`GlobalTensor<T> g = desc.GetDataObj();`: the tensor, sized by its shape."""

    name = "ascendc.tensor_desc_get_data_obj"
    tensorDesc = operand_def(TENSOR_DESC)
    result = result_def(GLOBAL)
    # pyasc's result is a GlobalTensorType, which MLIR prints without its prefix (`<*xf32>`).
    custom_directives = (StrippedType,)
    assembly_format = (
        "$tensorDesc attr-dict `:` type($tensorDesc) `,` custom<StrippedType>(type($result))"
    )

    def __init__(self, desc: SSAValue, result_type: Attribute):
        super().__init__(operands=[desc], result_types=[result_type])


LIST_TENSOR_OPS: list[type[AscendCOp]] = [
    ListTensorDescOp, ListTensorDescV2Op, ListTensorDescInitOp, ListTensorDescGetDescOp,
    ListTensorDescGetDataPtrOp, ListTensorDescGetSizeOp, TensorDescOp, TensorDescSetShapeAddrOp,
    TensorDescGetDimOp, TensorDescGetIndexOp, TensorDescGetShapeOp, TensorDescGetDataPtrOp,
    TensorDescGetDataObjOp,
]
LIST_TENSOR_TYPES: list[type[Attribute]] = [TensorDescType, ListTensorDescType]
