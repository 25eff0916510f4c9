"""TensorDesc and ListTensorDesc under pyasc's names (its language/basic/list_tensor.py):
the descriptors of a list of GM tensors a kernel gets as one GM address."""

from __future__ import annotations

from typing import Any

from ascdsl.dialects.ascendc import (
    GlobalTensorType,
    ListTensorDescGetDataPtrOp,
    ListTensorDescGetDescOp,
    ListTensorDescGetSizeOp,
    ListTensorDescInitOp,
    ListTensorDescOp,
    ListTensorDescV2Op,
    TensorDescGetDataObjOp,
    TensorDescGetDataPtrOp,
    TensorDescGetDimOp,
    TensorDescGetIndexOp,
    TensorDescGetShapeOp,
    TensorDescOp,
    TensorDescSetShapeAddrOp,
)

from .. import dtypes as dt
from ..builder import current
from ..forms import gm_unranked_pointer_type
from ..values import ConstExpr, GlobalAddress, IRValue, PlainValue, materialize_int
from ._util import dtype_arg, require
from .tensor import GlobalTensor

_ALL = 0xFFFFFFFF  # Ascend C's default: the length and shape size the block itself states


class TensorDesc(IRValue):
    """`AscendC::TensorDesc<T>`: one tensor of a list (dimensions, shape, data pointer)."""

    __slots__ = ("dtype",)

    def __init__(self, dtype: Any = dt.float32) -> None:
        t = dtype_arg(dtype, "TensorDesc")
        op = current().insert(TensorDescOp(t.ir))
        super().__init__(op.results[0])
        self.dtype = t

    def set_shape_addr(self, shape_ptr: Any) -> None:
        """`desc.SetShapeAddr(ptr)`: where get_shape reads the dimensions (an address)."""
        p = materialize_int(shape_ptr, "TensorDesc.set_shape_addr(): 'shape_ptr'", dt.uint64)
        current().insert(TensorDescSetShapeAddrOp(self.value, p.value))

    def get_dim(self) -> PlainValue:
        """The number of dimensions (uint64)."""
        return PlainValue(current().insert(TensorDescGetDimOp(self.value)).results[0], dt.uint64)

    def get_index(self) -> PlainValue:
        """The tensor's index in its list (uint64)."""
        op = current().insert(TensorDescGetIndexOp(self.value))
        return PlainValue(op.results[0], dt.uint64)

    def get_shape(self, offset: Any) -> PlainValue:
        """Dimension `offset` (int64)."""
        o = materialize_int(offset, "TensorDesc.get_shape(): 'offset'", dt.int32)
        op = current().insert(TensorDescGetShapeOp(self.value, o.value, dt.int64.ir))
        return PlainValue(op.results[0], dt.int64)

    def get_data_ptr(self) -> GlobalAddress:
        """The tensor's GM address."""
        op = current().insert(TensorDescGetDataPtrOp(self.value,
                                                     gm_unranked_pointer_type(self.dtype.ir)))
        return GlobalAddress(op.results[0], self.dtype)

    def get_data_obj(self) -> GlobalTensor:
        """The tensor as a GlobalTensor sized by its shape."""
        op = current().insert(TensorDescGetDataObjOp(self.value, GlobalTensorType(self.dtype.ir)))
        return GlobalTensor._wrap(op.results[0], self.dtype)


class ListTensorDesc(IRValue):
    """`AscendC::ListTensorDesc`: `ListTensorDesc()` or `ListTensorDesc(data, length,
    shape_size)` decoding the descriptor block at GM address `data`."""

    __slots__ = ()

    def __init__(self, data: Any = None, length: Any = _ALL, shape_size: Any = _ALL) -> None:
        d = ConstExpr.unwrap(data)
        if d is None:
            op = current().insert(ListTensorDescOp())
        else:
            g = require(d, GlobalAddress, "ListTensorDesc", "data", "a GlobalAddress")
            n = materialize_int(length, "ListTensorDesc(): 'length'", dt.uint32)
            s = materialize_int(shape_size, "ListTensorDesc(): 'shape_size'", dt.uint32)
            op = current().insert(ListTensorDescV2Op(g.value, n.value, s.value))
        super().__init__(op.results[0])

    def init(self, data: Any, length: Any = _ALL, shape_size: Any = _ALL) -> None:
        """`list.Init(data, length, shapeSize)`."""
        g = require(ConstExpr.unwrap(data), GlobalAddress, "ListTensorDesc.init", "data",
                    "a GlobalAddress")
        n = materialize_int(length, "ListTensorDesc.init(): 'length'", dt.uint32)
        s = materialize_int(shape_size, "ListTensorDesc.init(): 'shape_size'", dt.uint32)
        current().insert(ListTensorDescInitOp(self.value, g.value, n.value, s.value))

    def get_desc(self, desc: Any, index: Any) -> None:
        """`list.GetDesc(desc, index)`: fill `desc` with tensor `index`."""
        d = require(ConstExpr.unwrap(desc), TensorDesc, "ListTensorDesc.get_desc", "desc",
                    "a TensorDesc")
        i = materialize_int(index, "ListTensorDesc.get_desc(): 'index'", dt.uint32)
        current().insert(ListTensorDescGetDescOp(self.value, d.value, i.value))

    def get_data_ptr(self, index: Any, dtype: Any) -> GlobalAddress:
        """`list.GetDataPtr<T>(index)`: tensor `index`'s GM address."""
        t = dtype_arg(dtype, "ListTensorDesc.get_data_ptr")
        i = materialize_int(index, "ListTensorDesc.get_data_ptr(): 'index'", dt.uint32)
        op = current().insert(ListTensorDescGetDataPtrOp(self.value, i.value,
                                                         gm_unranked_pointer_type(t.ir)))
        return GlobalAddress(op.results[0], t)

    def get_size(self) -> PlainValue:
        """The number of tensors in the list (uint32)."""
        op = current().insert(ListTensorDescGetSizeOp(self.value))
        return PlainValue(op.results[0], dt.uint32)
