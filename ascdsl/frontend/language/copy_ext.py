"""The remaining DataCopy forms in the kernel language, with pyasc's names and keywords.

Structs: `asc.DataCopyEnhancedParams`, `asc.DataCopyCO12DstParams`, `asc.DataCopyPadExtParams
(dtype, is_pad, left_padding, right_padding, padding_value)`, `asc.SliceInfo`,
`asc.LoadImageToLocalParams`, `asc.CheckLocalMemoryIAParam`; their enums `asc.BlockMode`,
`asc.DeqScale`, `asc.pad_t`, `asc.DataFormat`. Local arrays: `asc.array(dtype, n |
values, fill_value=None)`, from which `asc.ShapeInfo(shape, original_shape=None,
data_format=DataFormat.ND)` is built. APIs: `asc.set_pad_value`, `asc.load_image_to_local`,
`asc.check_local_memory_ia`, `asc.get_shape_size`, and the sliced `asc.data_copy(dst, src,
[SliceInfo...], [SliceInfo...], dim_value)` (the other new forms go through `data_copy`'s and
`data_copy_pad`'s overload dispatch).
"""

from __future__ import annotations

from typing import Any

from xdsl.dialects import memref
from xdsl.dialects.builtin import (
    ArrayAttr,
    IntegerType,
    Signedness,
    UnitAttr,
    UnrankedMemRefType,
)
from xdsl.ir import SSAValue

from ascdsl.dialects.ascendc import ConstructOp
from ascdsl.dialects.ascendc.enums import TPosition
from ascdsl.dialects.ascendc.ops_data_copy_ext import (
    CheckLocalMemoryIAOp,
    DataCopySliceOp,
    GetShapeSizeOp,
    LoadImageToLocalOp,
    SetPadValueOp,
)
from ascdsl.dialects.ascendc.ops_tensor_ext import ShapeInfoType
from ascdsl.dialects.ascendc.types_copy_ext import (
    BlockMode,
    BlockModeType,
    CheckLocalMemoryIAParamType,
    DataCopyCO12DstParamsType,
    DataCopyEnhancedParamsType,
    DataCopyPadExtParamsType,
    DataFormat,
    DataFormatType,
    DeqScale,
    DeqScaleType,
    LoadImageToLocalParamsType,
    PadT,
    PadTType,
    SliceInfoType,
)
from ascdsl.dialects.ascendc.types_cube import QuantModeType

from .. import dtypes as dt
from ..builder import current
from ..errors import KernelLanguageError
from ..values import (
    ConstExpr,
    IRValue,
    PlainValue,
    describe,
    is_numeric_like,
    materialize,
    materialize_int,
)
from ._util import dtype_arg, enum_arg, require
from .params import PARAM_CLASSES, ParamStruct, cpp_field_dtypes
from .tensor import BaseTensor, GlobalTensor, LocalTensor

pad_t = PadT  # pyasc's Python name


class DataCopyEnhancedParams(ParamStruct):
    """`AscendC::DataCopyEnhancedParams`: block mode, dequantization (`deq_scale`,
    `deq_value`), ReLU and padding of `data_copy(dst, src, repeat_params, enhanced_params)`."""

    __slots__ = ()
    STRUCT = DataCopyEnhancedParamsType
    OPERAND_DTYPES = (None,) * 7
    CAST_TYPES = (BlockModeType(), DeqScaleType(), dt.uint64.ir, dt.uint8.ir, dt.int1.ir,
                  PadTType(), dt.uint64.ir)


class DataCopyCO12DstParams(ParamStruct):
    """`AscendC::DataCopyCO12DstParams(n_size, m_size, dst_stride, src_stride,
    quant_pre=QuantModes.NoQuant, relu_pre=0, channel_split=False, nz2nd_en=False)`: an L0C
    block to GM / L1 / UB (`data_copy(dst, src, intri_params=...)`)."""

    __slots__ = ()
    STRUCT = DataCopyCO12DstParamsType
    OPERAND_DTYPES = (None,) * 8
    # pyasc's sizes and strides are uint64_t (the header's uint16_t / uint32_t)
    CAST_TYPES = (dt.uint64.ir,) * 4 + (QuantModeType(), dt.uint8.ir, dt.int1.ir, dt.int1.ir)


class SliceInfo(ParamStruct):
    """`AscendC::SliceInfo(start_index=0, end_index=31, stride=0, burst_len=32,
    shape_value=0)`: one dimension of a sliced `data_copy`."""

    __slots__ = ()
    STRUCT = SliceInfoType


class LoadImageToLocalParams(ParamStruct):
    """`AscendC::LoadImageToLocalParams`: the image window `load_image_to_local` moves."""

    __slots__ = ()
    STRUCT = LoadImageToLocalParamsType
    CAST_TYPES = (dt.uint16.ir,) * 9  # the header's top and bottom paddings are uint8_t


class CheckLocalMemoryIAParam(ParamStruct):
    """`AscendC::CheckLocalMemoryIAParam`: the UB window `check_local_memory_ia` watches."""

    __slots__ = ()
    STRUCT = CheckLocalMemoryIAParamType
    OPERAND_DTYPES = cpp_field_dtypes(CheckLocalMemoryIAParamType)


class DataCopyPadExtParams(IRValue):
    """`AscendC::DataCopyPadExtParams<T>(is_pad=False, left_padding=0, right_padding=0,
    padding_value=0)`, written as pyasc does with the element type first:
    `asc.DataCopyPadExtParams(asc.float16, True, 2, 4, 0)`. The padding value has type T."""

    __slots__ = ("dtype",)
    NAMES = ("is_pad", "left_padding", "right_padding", "padding_value")

    def __init__(self, dtype: Any, *args: Any, **kwargs: Any):
        api = "DataCopyPadExtParams"
        self.dtype = dtype_arg(dtype, api)
        if len(args) > len(self.NAMES):
            raise KernelLanguageError(f"{api}() takes at most {len(self.NAMES) + 1} values "
                                      f"(dtype, {', '.join(self.NAMES)}), got {len(args) + 1}")
        values = dict(zip(self.NAMES, args))
        for k, v in kwargs.items():
            if k not in self.NAMES or k in values:
                raise KernelLanguageError(f"{api}(): unexpected or repeated argument '{k}' "
                                          f"(fields: {', '.join(self.NAMES)})")
            values[k] = v
        get = lambda k: ConstExpr.unwrap(values.get(k, 0))  # noqa: E731
        pad_value = get("padding_value")
        if not is_numeric_like(pad_value):
            raise KernelLanguageError(f"{api}(): 'padding_value' must be a number, got "
                                      f"{describe(pad_value)}")
        operands = [
            materialize(bool(get("is_pad")) if isinstance(get("is_pad"), (bool, int))
                        else get("is_pad"), dt.int1).value,
            materialize_int(get("left_padding"), f"{api}(): 'left_padding'").value,
            materialize_int(get("right_padding"), f"{api}(): 'right_padding'").value,
            materialize(pad_value, self.dtype).value,
        ]
        op = ConstructOp(DataCopyPadExtParamsType(self.dtype.ir), operands)
        # pyasc's cast list (the header's paddings are uint8_t: see ParamStruct.CAST_TYPES)
        op.types = ArrayAttr([dt.int1.ir, dt.uint16.ir, dt.uint16.ir, self.dtype.ir])
        current().insert(op)
        super().__init__(op.results[0])

    def describe(self) -> str:
        return f"DataCopyPadExtParams<{self.dtype.name}>"


PARAM_CLASSES.update({c.STRUCT: c for c in (  # type: ignore[misc]
    DataCopyEnhancedParams, DataCopyCO12DstParams, SliceInfo, LoadImageToLocalParams,
    CheckLocalMemoryIAParam)})
PARAM_CLASSES[DataCopyPadExtParamsType] = DataCopyPadExtParams  # type: ignore[assignment]


# --- local arrays ----------------------------------------------------------------------------


class Array(IRValue):
    """A local array of scalars (`memref<N x T>` on the stack): `a[i]`, `a[i] = v`,
    `len(a)`. Made by `asc.array`."""

    __slots__ = ("dtype", "length")

    def __init__(self, value: SSAValue, dtype: dt.DataType, length: int):
        super().__init__(value)
        self.dtype = dtype
        self.length = length

    def __len__(self) -> int:
        return self.length

    def _index(self, index: Any) -> SSAValue:
        index = ConstExpr.unwrap(index)
        if isinstance(index, int) and not 0 <= index < self.length:
            raise KernelLanguageError(f"index {index} is out of range for an array of "
                                      f"{self.length}")
        if isinstance(index, int) and not isinstance(index, bool):
            return materialize(index, dt.index).value  # pyasc's cast_to_index: `0 : index`
        return materialize(materialize_int(index, "array index"), dt.index).value

    def __getitem__(self, index: Any) -> PlainValue:
        op = current().insert(memref.LoadOp.get(self.value, [self._index(index)]))
        return PlainValue(op.results[0], self.dtype)

    def __setitem__(self, index: Any, value: Any) -> None:
        v = materialize(value, self.dtype).value
        current().insert(memref.StoreOp.get(v, self.value, [self._index(index)]))

    def describe(self) -> str:
        return f"array({self.dtype.name}, {self.length})"


def array(dtype: Any, length_or_values: Any, fill_value: Any = None) -> Array:
    """pyasc's `asc.array(dtype, length, fill_value=None)` or `asc.array(dtype, values)`: a
    local array, filled with `fill_value` or the given values (else uninitialized)."""
    api = "array"
    d = dtype_arg(dtype, api)
    if not d.is_numeric():
        raise KernelLanguageError(f"{api}(): the dtype must be an integer or float type, "
                                  f"got {d.name}")
    n_or_values = ConstExpr.unwrap(length_or_values)
    if isinstance(n_or_values, int):
        if n_or_values <= 0:
            raise KernelLanguageError(f"{api}(): the length must be positive, got {n_or_values}")
        length = n_or_values
        values = None if fill_value is None else [fill_value] * length
    elif isinstance(n_or_values, (list, tuple)):
        if fill_value is not None:
            raise KernelLanguageError(f"{api}(): fill_value cannot be given with values")
        values = [ConstExpr.unwrap(v) for v in n_or_values]
        length = len(values)
        if not length:
            raise KernelLanguageError(f"{api}(): needs at least one value")
    else:
        raise KernelLanguageError(f"{api}(): takes a length or a list of values, got "
                                  f"{describe(n_or_values)}")
    op = current().insert(memref.AllocaOp.get(d.ir, shape=[length]))
    arr = Array(op.results[0], d, length)
    for i, v in enumerate(values or ()):
        arr[i] = v
    return arr


class VdeqInfo(IRValue):
    """`AscendC::VdeqInfo(scale, offset, sign_mode)`: 16 float scales, 16 int16 offsets and 16
    sign modes (lists of 16), each passed as a local array as pyasc builds it; the struct of
    `set_deq_scale(vdeq_tensor, vdeq_info)`."""

    __slots__ = ()

    def __init__(self, scale: Any = None, offset: Any = None, sign_mode: Any = None):
        api = "VdeqInfo"
        lists = {"scale": scale, "offset": offset, "sign_mode": sign_mode}
        for name, v in lists.items():
            v = ConstExpr.unwrap(v)
            if not isinstance(v, (list, tuple)) or len(v) != 16:
                raise KernelLanguageError(f"{api}(): '{name}' must be a list of 16 values, got "
                                          f"{describe(v)}")
        arrays = [
            array(dt.float32, list(ConstExpr.unwrap(scale))),
            array(dt.int16, list(ConstExpr.unwrap(offset))),
            array(dt.int1, [bool(ConstExpr.unwrap(x)) for x in ConstExpr.unwrap(sign_mode)]),
        ]
        from ascdsl.dialects.ascendc.types_vec import VdeqInfoType

        op = ConstructOp(VdeqInfoType(), [a.value for a in arrays])
        op.types = ArrayAttr([a.value.type for a in arrays])
        super().__init__(current().insert(op).results[0])

    def describe(self) -> str:
        return "VdeqInfo"


# --- ShapeInfo from arrays -------------------------------------------------------------------

_U8 = IntegerType(8, Signedness.UNSIGNED)
# pyasc casts the shapes to `memref<*xui32>` (uint32_t*), unranked: printed and read back as such.
_U32_ARRAY = UnrankedMemRefType.from_type(IntegerType(32, Signedness.UNSIGNED))


def shape_info_from_arrays(shape: Any, original_shape: Any, data_format: Any) -> SSAValue:
    """The `ascendc.construct` of `ShapeInfo(shape[, original_shape], data_format)`, with
    pyasc's casts (`uint8_t` dims, `uint32_t[]` shapes, `AscendC::DataFormat`)."""
    api = "ShapeInfo"
    shape = require(ConstExpr.unwrap(shape), Array, api, "shape", "an asc.array")
    operands = [materialize_int(len(shape), f"{api}(): dims", dt.int8).value, shape.value]
    types = [_U8, _U32_ARRAY]
    if original_shape is not None:
        orig = require(ConstExpr.unwrap(original_shape), Array, api, "original_shape",
                       "an asc.array")
        operands += [materialize_int(len(orig), f"{api}(): dims", dt.int8).value, orig.value]
        types += [_U8, _U32_ARRAY]
    fmt = enum_arg(DataFormat.ND if data_format is None else data_format, DataFormat, api,
                   "data_format")
    operands.append(materialize_int(int(fmt), f"{api}(): data_format", dt.int8).value)
    types.append(DataFormatType())
    for a in (shape, original_shape):
        a = ConstExpr.unwrap(a)
        if a is None:
            continue
        if not a.dtype.is_int() or a.dtype.bitwidth != 32:
            raise KernelLanguageError(f"{api}(): shapes are arrays of 32-bit integers (the "
                                      f"C++ takes uint32_t[]), got {describe(a)}")
        # Declared `uint32_t v[n]`, as pyasc marks it: the C++ takes it without a cast.
        a.value.owner.attributes["ascendc.emit_as_unsigned"] = UnitAttr()
    op = ConstructOp(ShapeInfoType(), operands)
    op.types = ArrayAttr(types)
    return current().insert(op).results[0]


def get_shape_size(shape_info: Any) -> PlainValue:
    """`AscendC::GetShapeSize(shape_info)`: the product of its dimensions (int32)."""
    from .tensor_members import _shape_info

    info = _shape_info(shape_info, "get_shape_size")
    return PlainValue(current().insert(GetShapeSizeOp(info.value)).results[0], dt.int32)


# --- APIs ------------------------------------------------------------------------------------


def set_pad_value(padding_value: Any, pos: Any = TPosition.MAX) -> None:
    """`AscendC::SetPadValue<T, pos>(value)`: the value DataCopyPad pads with where a copy
    pads without its own value; `pos` is MAX (all), VECIN or VECOUT."""
    api = "set_pad_value"
    p = enum_arg(pos, TPosition, api, "pos")
    if p not in (TPosition.MAX, TPosition.VECIN, TPosition.VECOUT):
        raise KernelLanguageError(f"{api}(): pos must be one of TPosition.MAX, VECIN, VECOUT, "
                                  f"got {p.name}")
    v = ConstExpr.unwrap(padding_value)
    if not is_numeric_like(v):
        raise KernelLanguageError(f"{api}(): 'padding_value' must be a number, got "
                                  f"{describe(v)}")
    current().insert(SetPadValueOp(materialize(v).value, p))


def load_image_to_local(dst: Any, load_data_params: Any) -> None:
    """`AscendC::LoadImageToLocal(dst, params)`: a window of the AIPP image into L1."""
    api = "load_image_to_local"
    d = require(ConstExpr.unwrap(dst), LocalTensor, api, "dst", "a LocalTensor")
    p = require(ConstExpr.unwrap(load_data_params), LoadImageToLocalParams, api,
                "load_data_params", "a LoadImageToLocalParams")
    current().insert(LoadImageToLocalOp(d.to_ir(), p.to_ir()))


def check_local_memory_ia(check_params: Any) -> None:
    """`AscendC::CheckLocalMemoryIA(param)`: arm the hardware watch of a UB window."""
    p = require(ConstExpr.unwrap(check_params), CheckLocalMemoryIAParam,
                "check_local_memory_ia", "check_params", "a CheckLocalMemoryIAParam")
    current().insert(CheckLocalMemoryIAOp(p.to_ir()))


def data_copy_slice(dst: BaseTensor, src: BaseTensor, slice_list1: Any, slice_list2: Any,
                    dim_value: Any) -> None:
    """`DataCopy(dst, src, dstSliceInfo[], srcSliceInfo[], dimValue)`."""
    api = "data_copy"
    lists = []
    for name, lst in (("slice_list1", slice_list1), ("slice_list2", slice_list2)):
        lst = ConstExpr.unwrap(lst)
        if not isinstance(lst, (list, tuple)) or not all(
                isinstance(ConstExpr.unwrap(s), SliceInfo) for s in lst):
            raise KernelLanguageError(f"{api}(): '{name}' must be a list of SliceInfo, got "
                                      f"{describe(lst)}")
        lists.append([ConstExpr.unwrap(s).to_ir() for s in lst])
    d = require(ConstExpr.unwrap(dst), (LocalTensor, GlobalTensor), api, "dst", "a tensor")
    s = require(ConstExpr.unwrap(src), (LocalTensor, GlobalTensor), api, "src", "a tensor")
    dim = materialize_int(dim_value, f"{api}(): 'dim_value'", dt.uint32).value
    current().insert(DataCopySliceOp(d.to_ir(), s.to_ir(), lists[0], lists[1], dim))


__all__ = [
    "DataCopyEnhancedParams", "DataCopyCO12DstParams", "DataCopyPadExtParams", "SliceInfo",
    "LoadImageToLocalParams", "CheckLocalMemoryIAParam", "BlockMode", "DeqScale", "pad_t",
    "DataFormat", "Array", "array", "get_shape_size", "set_pad_value", "load_image_to_local",
    "check_local_memory_ia", "VdeqInfo",
]
