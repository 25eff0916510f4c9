"""The LocalTensor / GlobalTensor members beyond element access: addresses, sizes, position,
user tag, the call operator and ShapeInfo (pyasc's names and return types).

`LocalTensor` and `GlobalTensor` (tensor.py) take these as mixins, so the members live in
one place with their ops (dialects/ascendc/ops_tensor_ext.py).
"""

from __future__ import annotations

from typing import Any


from ascdsl.dialects.ascendc import (
    ConstructOp,
    GlobalBracketOp,
    GlobalGetPhyAddrOp,
    GlobalGetShapeInfoOp,
    GlobalGetSizeOp,
    GlobalSetShapeInfoOp,
    LocalBracketOp,
    LocalGetLengthOp,
    LocalGetPhyAddrOp,
    LocalGetPositionOp,
    LocalGetShapeInfoOp,
    LocalGetSizeOp,
    LocalGetUserTagOp,
    LocalSetAddrWithOffsetOp,
    LocalSetBufferLenOp,
    LocalSetShapeInfoOp,
    LocalSetSizeOp,
    LocalSetUserTagOp,
    ShapeInfoType,
)

from .. import dtypes as dt
from ..builder import current
from ..errors import KernelLanguageError
from ..forms import default_construct, gm_unranked_pointer_type
from ..values import ConstExpr, GlobalAddress, IRValue, PlainValue, describe, materialize_int


class ShapeInfo(IRValue):
    """`AscendC::ShapeInfo`: `asc.ShapeInfo()` (its default value), `asc.ShapeInfo(shape,
    original_shape=None, data_format=asc.DataFormat.ND)` from `asc.array`s of int32 or uint32
    dimensions, or a tensor's `get_shape_info()`."""

    __slots__ = ()

    def __init__(self, shape: Any = None, original_shape: Any = None,
                 data_format: Any = None) -> None:
        if shape is None:
            if original_shape is not None or data_format is not None:
                raise KernelLanguageError("ShapeInfo(): original_shape and data_format need "
                                          "a shape")
            super().__init__(current().insert(default_construct(ShapeInfoType())).results[0])
            return
        from .copy_ext import shape_info_from_arrays

        super().__init__(shape_info_from_arrays(shape, original_shape, data_format))

    @classmethod
    def _wrap(cls, value) -> ShapeInfo:
        s = cls.__new__(cls)
        s.value = value
        return s

    def to_ir(self):
        return self.value


def _shape_info(value: Any, api: str) -> ShapeInfo:
    value = ConstExpr.unwrap(value)
    if not isinstance(value, ShapeInfo):
        raise KernelLanguageError(f"{api}(): 'shape_info' must be a ShapeInfo, got "
                                  f"{describe(value)}")
    return value


def _plain(op, dtype: dt.DataType) -> PlainValue:
    return PlainValue(current().insert(op).results[0], dtype)


class LocalTensorMembers:
    """Members of LocalTensor (mixed into tensor.LocalTensor)."""

    __slots__ = ()

    def __call__(self, index: Any):
        """pyasc's `t(i)`: the tensor from element `i` on (as `t[i]`)."""
        idx = materialize_int(index, "LocalTensor(): 'index'")
        op = current().insert(LocalBracketOp(self.value, idx.value))
        return type(self)._wrap(op.results[0], self.dtype, self.shape)

    def get_phy_addr(self, offset: Any = 0) -> PlainValue:
        """The byte address of element `offset` in the tensor's memory (uint64)."""
        off = materialize_int(offset, "get_phy_addr(): 'offset'", dt.uint32)
        return _plain(LocalGetPhyAddrOp(self.value, off.value), dt.uint64)

    def get_length(self) -> PlainValue:
        """The tensor's length in bytes (uint32)."""
        return _plain(LocalGetLengthOp(self.value, dt.uint32.ir), dt.uint32)

    def get_size(self) -> PlainValue:
        """The tensor's number of elements (int32)."""
        return _plain(LocalGetSizeOp(self.value, dt.int32.ir), dt.int32)

    def get_position(self) -> PlainValue:
        """The tensor's TPosition value (int32)."""
        return _plain(LocalGetPositionOp(self.value, dt.int32.ir), dt.int32)

    def get_user_tag(self) -> PlainValue:
        """The tag set_user_tag stored (int32)."""
        return _plain(LocalGetUserTagOp(self.value, dt.int32.ir), dt.int32)

    def set_user_tag(self, tag: Any = 0) -> None:
        """`t.SetUserTag(tag)`."""
        v = materialize_int(tag, "set_user_tag(): 'tag'")
        current().insert(LocalSetUserTagOp(self.value, v.value))

    def set_buffer_len(self, data_len: Any) -> None:
        """`t.SetBufferLen(bytes)`."""
        v = materialize_int(data_len, "set_buffer_len(): 'data_len'", dt.uint32)
        current().insert(LocalSetBufferLenOp(self.value, v.value))

    def set_size(self, size: Any = 0) -> None:
        """`t.SetSize(elements)`."""
        v = materialize_int(size, "set_size(): 'size'", dt.uint32)
        current().insert(LocalSetSizeOp(self.value, v.value))

    def set_addr_with_offset(self, src: Any, offset: Any) -> None:
        """`t.SetAddrWithOffset(src, offset)`: `src`'s address moved by `offset` of its
        elements, with `src`'s length in bytes."""
        src = ConstExpr.unwrap(src)
        if not isinstance(src, LocalTensorMembers):
            raise KernelLanguageError(
                f"set_addr_with_offset(): 'src' must be a LocalTensor, got {describe(src)}"
            )
        v = materialize_int(offset, "set_addr_with_offset(): 'offset'", dt.uint32)
        current().insert(LocalSetAddrWithOffsetOp(self.value, src.value, v.value))

    def get_shape_info(self) -> ShapeInfo:
        """`t.GetShapeInfo()`."""
        return ShapeInfo._wrap(current().insert(LocalGetShapeInfoOp(self.value)).results[0])

    def set_shape_info(self, shape_info: Any) -> None:
        """`t.SetShapeInfo(info)`."""
        info = _shape_info(shape_info, "set_shape_info")
        current().insert(LocalSetShapeInfoOp(self.value, info.value))


class GlobalTensorMembers:
    """Members of GlobalTensor (mixed into tensor.GlobalTensor)."""

    __slots__ = ()

    def __call__(self, index: Any):
        """pyasc's `g(i)`: the tensor from element `i` on (as `g[i]`)."""
        idx = materialize_int(index, "GlobalTensor(): 'index'")
        op = current().insert(GlobalBracketOp(self.to_ir(), idx.value))
        return type(self)._wrap(op.results[0], self.dtype)

    def get_phy_addr(self, offset: Any = 0) -> GlobalAddress:
        """The GM address of element `offset`."""
        off = materialize_int(offset, "get_phy_addr(): 'offset'", dt.uint64)
        t = gm_unranked_pointer_type(self.dtype.ir)
        return GlobalAddress(current().insert(GlobalGetPhyAddrOp(self.to_ir(), t, off.value))
                             .results[0], self.dtype)

    def get_size(self) -> PlainValue:
        """The number of elements set_global_buffer gave the tensor (uint64)."""
        return _plain(GlobalGetSizeOp(self.to_ir()), dt.uint64)

    def get_shape_info(self) -> ShapeInfo:
        """`g.GetShapeInfo()`."""
        return ShapeInfo._wrap(current().insert(GlobalGetShapeInfoOp(self.to_ir())).results[0])

    def set_shape_info(self, shape_info: Any) -> None:
        """`g.SetShapeInfo(info)`."""
        info = _shape_info(shape_info, "set_shape_info")
        current().insert(GlobalSetShapeInfoOp(self.to_ir(), info.value))


