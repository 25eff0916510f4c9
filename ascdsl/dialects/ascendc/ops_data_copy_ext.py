"""The remaining DataCopy forms: enhanced params, the L0C copy (DataCopyCO12DstParams), slices
(SliceInfo arrays), DataCopyPad with DataCopyExtParams / DataCopyPadExtParams<T> and its
Nd2Nz forms; SetPadValue, LoadImageToLocal, CheckLocalMemoryIA and ShapeInfo's GetShapeSize.

Each copy's pipe follows its source and destination memories (`DataCopyBase`), as for the
other DataCopy forms: GM -> UB on MTE2, UB -> GM on MTE3, L0C -> anywhere on FIX.
"""

from __future__ import annotations

from xdsl.dialects.builtin import DenseArrayBase, IntegerAttr, IntegerType, i32
from xdsl.ir import SSAValue
from xdsl.irdl import (
    AnyAttr,
    ParsePropInAttrDict,
    operand_def,
    opt_operand_def,
    prop_def,
    result_def,
    var_operand_def,
)
from xdsl.utils.exceptions import VerifyException

from .base import AscendCOp, Cpp, asc_op
from .constraints import COPY_PARAMS, INT, LOCAL, Is
from .enums import Pipe, TPosition
from .ops_copy import DataCopyBase
from .ops_cube import ND2NZ
from .ops_tensor_ext import SHAPE_INFO
from .segments import SEGMENTED, SegmentedFormat
from .types import DataCopyExtParamsType, GlobalTensorType
from .types_copy_ext import (
    CheckLocalMemoryIAParamType,
    DataCopyCO12DstParamsType,
    DataCopyEnhancedParamsType,
    DataCopyPadExtParamsType,
    LoadImageToLocalParamsType,
    SliceInfoType,
)
from .vector_base import DEFAULT_FORMAT


def _is(t: type, what: str) -> Is:
    return Is((t,), f"!ascendc.{t.name.removeprefix('ascendc.')} ({what})")


ENHANCED = _is(DataCopyEnhancedParamsType, "DataCopyEnhancedParams")
CO12DST = _is(DataCopyCO12DstParamsType, "DataCopyCO12DstParams")
EXT_PARAMS = _is(DataCopyExtParamsType, "DataCopyExtParams")
PAD_EXT = _is(DataCopyPadExtParamsType, "DataCopyPadExtParams<T>")
SLICE = _is(SliceInfoType, "SliceInfo")
IMAGE_PARAMS = _is(LoadImageToLocalParamsType, "LoadImageToLocalParams")
IA_PARAM = _is(CheckLocalMemoryIAParamType, "CheckLocalMemoryIAParam")


@asc_op(cpp=Cpp("DataCopy"))
class DataCopyEnhancedOp(DataCopyBase):
    """`DataCopy(dst, src, DataCopyParams, DataCopyEnhancedParams)`: a DataCopyParams copy
    whose block mode, dequantization, ReLU and padding the enhanced params choose."""

    name = "ascendc.data_copy_enhanced"
    params = operand_def(COPY_PARAMS)  # pyasc: data_copy(..., repeat_params, enhanced_params)
    enhanced_params = operand_def(ENHANCED)

    def __init__(self, dst: SSAValue, src: SSAValue, params: SSAValue,
                 enhanced_params: SSAValue):
        super().__init__(operands=[dst, src, params, enhanced_params])


@asc_op(cpp=Cpp("DataCopy"))
class DataCopyCO12DstOp(DataCopyBase):
    """`DataCopy(dst, src, DataCopyCO12DstParams)`: an L0C block (CO1) to GM, L1 or UB,
    quantized on the way, so the element types may differ (`LocalTensor<U>` source)."""

    name = "ascendc.data_copy_co12dst"
    intri_params = operand_def(CO12DST)

    def __init__(self, dst: SSAValue, src: SSAValue, intri_params: SSAValue):
        super().__init__(operands=[dst, src, intri_params])

    def verify_facts(self) -> None:
        if isinstance(self.src.type, GlobalTensorType):
            raise VerifyException("DataCopy with DataCopyCO12DstParams reads L0C: the source "
                                  "must be a local tensor")


@asc_op(cpp=Cpp("DataCopy"))
class DataCopySliceOp(SegmentedFormat, DataCopyBase):
    """`DataCopy(dst, src, dstSliceInfo[], srcSliceInfo[], dimValue)`: a strided window of up
    to `dimValue` dimensions between GM and UB, one SliceInfo per dimension and side."""

    name = "ascendc.data_copy_slice"
    dstSliceInfo = var_operand_def(SLICE)
    srcSliceInfo = var_operand_def(SLICE)
    dimValue = opt_operand_def(INT)
    irdl_options = SEGMENTED
    assembly_format = None

    def __init__(self, dst: SSAValue, src: SSAValue, dst_slices: list[SSAValue],
                 src_slices: list[SSAValue], dim_value: SSAValue | None):
        sizes = DenseArrayBase.from_list(
            i32, [1, 1, len(dst_slices), len(src_slices), int(dim_value is not None)])
        super().__init__(
            operands=[dst, src, dst_slices, src_slices, [] if dim_value is None else [dim_value]],
            properties={"operandSegmentSizes": sizes},
        )

    def verify_facts(self) -> None:
        super().verify_facts()
        if len(self.dstSliceInfo) != len(self.srcSliceInfo):
            raise VerifyException(
                f"{len(self.dstSliceInfo)} destination and {len(self.srcSliceInfo)} source "
                "SliceInfos: both sides need one per dimension")
        if isinstance(self.dst.type, GlobalTensorType) == isinstance(self.src.type,
                                                                     GlobalTensorType):
            raise VerifyException("DataCopy with SliceInfo copies between GM and a local tensor")


class DataCopyPadExtBase(DataCopyBase):
    """DataCopyPad with DataCopyExtParams (32-bit lengths and gaps)."""

    params = operand_def(EXT_PARAMS)  # pyasc's keyword: data_copy_params


@asc_op(cpp=Cpp("DataCopyPad"))
class DataCopyPadExtL0Op(DataCopyPadExtBase):
    """`DataCopyPad(dst, src, DataCopyExtParams, DataCopyPadExtParams<T>)`: byte-granular
    GM -> local copy; each block lands on a 32-byte boundary, padded with a T value."""

    name = "ascendc.data_copy_pad_l0_ext"
    pad_params = operand_def(PAD_EXT)

    def __init__(self, dst: SSAValue, src: SSAValue, params: SSAValue, pad_params: SSAValue):
        super().__init__(operands=[dst, src, params, pad_params])

    def verify_facts(self) -> None:
        super().verify_facts()
        if not isinstance(self.src.type, GlobalTensorType) or isinstance(
                self.dst.type, GlobalTensorType):
            raise VerifyException("DataCopyPad with DataCopyPadExtParams copies GM to a local "
                                  "tensor (use data_copy_pad_l2_ext for local to GM)")
        pad_t = self.pad_params.type
        assert isinstance(pad_t, DataCopyPadExtParamsType)
        elem = getattr(self.dst.type, "element_type", None)
        if pad_t.element_type != elem:
            raise VerifyException(f"DataCopyPadExtParams<{pad_t.element_type}> pads a tensor "
                                  f"of {elem}: the padding value has the tensor's type")


@asc_op(cpp=Cpp("DataCopyPad"))
class DataCopyPadExtL2Op(DataCopyPadExtBase):
    """`DataCopyPad(dst, src, DataCopyExtParams)`: byte-granular local -> GM copy."""

    name = "ascendc.data_copy_pad_l2_ext"

    def __init__(self, dst: SSAValue, src: SSAValue, params: SSAValue):
        super().__init__(operands=[dst, src, params])

    def verify_facts(self) -> None:
        super().verify_facts()
        if not isinstance(self.dst.type, GlobalTensorType) or isinstance(
                self.src.type, GlobalTensorType):
            raise VerifyException("DataCopyPad with only DataCopyExtParams copies a local "
                                  "tensor to GM")


class DataCopyPadNd2NzBase(DataCopyBase):
    """DataCopyPad from UB (VECOUT) into NZ fractals of L1 (TSCM): the Nd2Nz form."""

    def verify_facts(self) -> None:
        super().verify_facts()
        if isinstance(self.dst.type, GlobalTensorType) or isinstance(self.src.type,
                                                                     GlobalTensorType):
            raise VerifyException("DataCopyPad with Nd2NzParams copies between local tensors "
                                  "(UB to L1)")


@asc_op(cpp=Cpp("DataCopyPad"))
class DataCopyPadNd2NzOp(DataCopyPadNd2NzBase):
    """`DataCopyPad(dst, src, DataCopyParams, Nd2NzParams)`."""

    name = "ascendc.data_copy_pad_nd2nz"
    params = operand_def(COPY_PARAMS)
    nd2nz_params = operand_def(ND2NZ)

    def __init__(self, dst: SSAValue, src: SSAValue, params: SSAValue, nd2nz: SSAValue):
        super().__init__(operands=[dst, src, params, nd2nz])


@asc_op(cpp=Cpp("DataCopyPad"))
class DataCopyPadExtNd2NzOp(DataCopyPadNd2NzBase):
    """`DataCopyPad(dst, src, DataCopyExtParams, Nd2NzParams)`."""

    name = "ascendc.data_copy_pad_nd2nz_ext"
    params = operand_def(EXT_PARAMS)  # pyasc's keyword: data_copy_params
    nd2nz_params = operand_def(ND2NZ)

    def __init__(self, dst: SSAValue, src: SSAValue, params: SSAValue, nd2nz: SSAValue):
        super().__init__(operands=[dst, src, params, nd2nz])


@asc_op(cpp=Cpp("SetPadValue"), pipe=Pipe.PIPE_S, enums={"pos": TPosition})
class SetPadValueOp(AscendCOp):
    """`SetPadValue<T, pos>(value)`: the value DataCopyPad pads with when a copy asks for
    padding without giving one (pos MAX: every position; VECIN / VECOUT: that one only)."""

    name = "ascendc.set_pad_value"
    paddingValue = operand_def(AnyAttr())
    pos = prop_def(IntegerAttr)
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = DEFAULT_FORMAT

    def __init__(self, value: SSAValue, pos: TPosition = TPosition.MAX):
        from .base import enum_attr

        super().__init__(operands=[value], properties={"pos": enum_attr(pos)})

    def verify_facts(self) -> None:
        pos = self.enum_value("pos")
        if pos not in (TPosition.MAX, TPosition.VECIN, TPosition.VECOUT):
            raise VerifyException(f"SetPadValue's position is MAX, VECIN or VECOUT, got "
                                  f"{pos.name}")


@asc_op(cpp=Cpp("LoadImageToLocal"), pipe=Pipe.PIPE_MTE2, writes=("dst",))
class LoadImageToLocalOp(AscendCOp):
    """`LoadImageToLocal(dst, LoadImageToLocalParams)`: a window of the image the AIPP
    configuration (SetAippFunctions) names, converted, into L1 (A1 / B1)."""

    name = "ascendc.load_image_to_local"
    dst = operand_def(LOCAL)
    params = operand_def(IMAGE_PARAMS)
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = DEFAULT_FORMAT

    def __init__(self, dst: SSAValue, params: SSAValue):
        super().__init__(operands=[dst, params])


@asc_op(cpp=Cpp("CheckLocalMemoryIA"), pipe=Pipe.PIPE_S)
class CheckLocalMemoryIAOp(AscendCOp):
    """`CheckLocalMemoryIA(param)`: arm the hardware watch of a UB address window."""

    name = "ascendc.check_local_memory_ia"
    param = operand_def(IA_PARAM)
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = DEFAULT_FORMAT

    def __init__(self, param: SSAValue):
        super().__init__(operands=[param])


@asc_op(cpp=Cpp("GetShapeSize"), pipe=Pipe.PIPE_S)
class GetShapeSizeOp(AscendCOp):
    """`GetShapeSize(shapeInfo)`: the product of a ShapeInfo's dimensions."""

    name = "ascendc.get_shape_size"
    shapeInfo = operand_def(SHAPE_INFO)
    result = result_def(INT)
    assembly_format = "$shapeInfo attr-dict `:` type($shapeInfo) `->` type($result)"

    def __init__(self, shape_info: SSAValue, result_type=None):
        super().__init__(operands=[shape_info],
                         result_types=[result_type or IntegerType(32)])


DATA_COPY_EXT_OPS: list[type[AscendCOp]] = [
    DataCopyEnhancedOp,
    DataCopyCO12DstOp,
    DataCopySliceOp,
    DataCopyPadExtL0Op,
    DataCopyPadExtL2Op,
    DataCopyPadNd2NzOp,
    DataCopyPadExtNd2NzOp,
    SetPadValueOp,
    LoadImageToLocalOp,
    CheckLocalMemoryIAOp,
    GetShapeSizeOp,
]
