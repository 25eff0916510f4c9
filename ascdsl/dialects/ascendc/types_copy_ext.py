"""The parameter structs and enums of the remaining DataCopy forms (kernel_struct_data_copy.h,
kernel_struct_mm.h): DataCopyEnhancedParams, DataCopyCO12DstParams, DataCopyPadExtParams<T>,
SliceInfo, LoadImageToLocalParams, CheckLocalMemoryIAParam, QuantParams, Nz2NdParams, and the
enums a construct casts to (BlockMode, DeqScale, pad_t, DataFormat).

Field orders and C++ types are the constructors' in the 910B headers; the IR mnemonics are
pyasc's (`!ascendc.data_copy_co12dst_params`, `!ascendc.data_copy_pad_ext_params<f16>`).
"""

from __future__ import annotations

from collections.abc import Callable
from enum import IntEnum
from typing import ClassVar

from xdsl.ir import Attribute, ParametrizedAttribute, TypeAttribute
from xdsl.irdl import irdl_attr_definition
from xdsl.parser import AttrParser
from xdsl.printer import Printer

from .types import ParamStructType, _element_text


class BlockMode(IntEnum):
    """`AscendC::BlockMode`: how DataCopyEnhancedParams lays out blocks (L0C / UB copies)."""

    BLOCK_MODE_NORMAL = 0
    BLOCK_MODE_MATRIX = 1
    BLOCK_MODE_VECTOR = 2
    BLOCK_MODE_SMALL_CHANNEL = 3
    BLOCK_MODE_DEPTHWISE = 4


class DeqScale(IntEnum):
    """`AscendC::DeqScale`: the conversion an enhanced L0C -> UB copy applies."""

    DEQ_NONE = 0
    DEQ = 1
    VDEQ = 2
    DEQ8 = 3
    VDEQ8 = 4
    DEQ16 = 5
    VDEQ16 = 6


class PadT(IntEnum):
    """`pad_t` (pyasc: `asc.pad_t`), the compiler's padding mode of an enhanced copy."""

    PAD_NONE = 0
    PAD_MODE1 = 1
    PAD_MODE2 = 2
    PAD_MODE3 = 3
    PAD_MODE4 = 4
    PAD_MODE5 = 5
    PAD_MODE6 = 6
    PAD_MODE7 = 7
    PAD_MODE8 = 8


class DataFormat(IntEnum):
    """`AscendC::DataFormat`: the layout a ShapeInfo describes."""

    ND = 0
    NZ = 1
    NCHW = 2
    NC1HWC0 = 3
    NHWC = 4


class CopyEnumType(ParametrizedAttribute, TypeAttribute):
    """A C++ enum named in a construct's cast list (`static_cast<AscendC::BlockMode>(x)`)."""

    CPP: ClassVar[str]
    ENUM: ClassVar[type[IntEnum]]

    def cpp_name(self) -> str:
        return self.CPP


@irdl_attr_definition
class BlockModeType(CopyEnumType):
    name = "ascendc.block_mode"
    CPP = "AscendC::BlockMode"
    ENUM = BlockMode


@irdl_attr_definition
class DeqScaleType(CopyEnumType):
    name = "ascendc.deq_scale"
    CPP = "AscendC::DeqScale"
    ENUM = DeqScale


@irdl_attr_definition
class PadTType(CopyEnumType):
    name = "ascendc.pad_t"
    CPP = "pad_t"  # a type of the compiler (stub_def.h), outside AscendC::
    ENUM = PadT


@irdl_attr_definition
class DataFormatType(ParamStructType):
    """`AscendC::DataFormat`: an enum pyasc both casts to (ShapeInfo's last argument) and
    constructs (`AscendC::DataFormat v{x};`), so it is a one-field struct here."""

    name = "ascendc.data_format"
    CPP = "AscendC::DataFormat"
    ENUM: ClassVar[type[IntEnum]] = DataFormat
    FIELDS = (("value", 0),)
    FIELD_CPP = ("uint8_t",)


@irdl_attr_definition
class DataCopyEnhancedParamsType(ParamStructType):
    """`AscendC::DataCopyEnhancedParams`: the block mode, dequantization, ReLU and padding of
    an enhanced DataCopy (the L0C / UB paths of the cube); all defaults are a plain copy."""

    name = "ascendc.data_copy_enhanced_params"
    CPP = "AscendC::DataCopyEnhancedParams"
    FIELDS = (("blockMode", 0), ("deqScale", 0), ("deqValue", 0), ("sidStoreMode", 0),
              ("isRelu", 0), ("padMode", 0), ("padValue", 0))
    FIELD_CPP = ("AscendC::BlockMode", "AscendC::DeqScale", "uint64_t", "uint8_t", "bool",
                 "pad_t", "uint64_t")


@irdl_attr_definition
class DataCopyCO12DstParamsType(ParamStructType):
    """`AscendC::DataCopyCO12DstParams`: an [mSize, nSize] block of L0C (NZ, `srcStride` rows
    between column blocks) to GM / L1 / UB (`dstStride` between rows), converted by
    `quantPre`, ReLU'd by `reluPre`, NZ -> ND when `nz2ndEn`."""

    name = "ascendc.data_copy_co12dst_params"
    CPP = "AscendC::DataCopyCO12DstParams"
    FIELDS = (("nSize", 0), ("mSize", 0), ("dstStride", 0), ("srcStride", 0),
              ("quantPre", 0), ("reluPre", 0), ("channelSplit", 0), ("nz2ndEn", 0))
    FIELD_CPP = ("uint16_t", "uint16_t", "uint32_t", "uint16_t", "QuantMode_t", "uint8_t",
                 "bool", "bool")


class _ElementParamStruct(ParamStructType):
    """A parameter struct templated on an element type: `!ascendc.<name><T>`.

    Each decorated subclass declares `element_type` itself: xDSL builds an attribute's
    dataclass fields (its ==, hash) from the decorated class's own annotations, so one
    declared here would leave every instance equal to every other whatever its T.
    """

    element_type: Attribute

    def __init__(self, element_type: Attribute):
        super().__init__(element_type)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> list[Attribute]:
        with parser.in_angle_brackets():
            return [parser.parse_type()]

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string(f"<{_element_text(self.element_type)}>")

    def cpp_spelling(self, scalar: Callable[[Attribute], str | None]) -> str | None:
        elem = scalar(self.element_type)
        return None if elem is None else f"{self.CPP}<{elem}>"

    def cpp_name(self) -> str:
        return self.CPP


@irdl_attr_definition
class FixpipeParamsType(_ElementParamStruct):
    """`AscendC::FixpipeParams<T>` (cburstNum, burstLen, srcStride, dstStride): the older
    Fixpipe's L0C -> GM / L1 burst layout (T: the L0C element type)."""

    name = "ascendc.fixpipe_params"
    element_type: Attribute
    CPP = "AscendC::FixpipeParams"
    FIELDS = (("cburstNum", 1), ("burstLen", 1), ("srcStride", 0), ("dstStride", 0))
    FIELD_CPP = ("uint16_t", "uint16_t", "uint16_t", "uint32_t")


@irdl_attr_definition
class DataCopyPadExtParamsType(_ElementParamStruct):
    """`AscendC::DataCopyPadExtParams<T>` (isPad, leftPadding, rightPadding, paddingValue):
    the padding of DataCopyPad with DataCopyExtParams; the value has the tensor's type T."""

    name = "ascendc.data_copy_pad_ext_params"
    element_type: Attribute
    CPP = "AscendC::DataCopyPadExtParams"
    FIELDS = (("isPad", 0), ("leftPadding", 0), ("rightPadding", 0), ("paddingValue", 0))
    # paddingValue is T: None keeps the value's own type (the construct printer and the
    # simulator take it as it is).
    FIELD_CPP = ("bool", "uint8_t", "uint8_t", None)  # type: ignore[assignment]


@irdl_attr_definition
class SliceInfoType(ParamStructType):
    """`AscendC::SliceInfo` (startIndex, endIndex, stride, burstLen, shapeValue): one
    dimension of a sliced DataCopy; the defaults are one 32-byte block."""

    name = "ascendc.slice_info"
    CPP = "AscendC::SliceInfo"
    FIELDS = (("startIndex", 0), ("endIndex", 31), ("stride", 0), ("burstLen", 32),
              ("shapeValue", 0))
    FIELD_CPP = ("uint32_t",) * 5


@irdl_attr_definition
class LoadImageToLocalParamsType(ParamStructType):
    """`AscendC::LoadImageToLocalParams`: the window of an AIPP image LoadImageToLocal moves
    into L1 (sizes, start positions, padding)."""

    name = "ascendc.load_image_to_local_params"
    CPP = "AscendC::LoadImageToLocalParams"
    FIELDS = (("horizSize", 2), ("vertSize", 2), ("horizStartPos", 0), ("vertStartPos", 0),
              ("srcHorizSize", 2), ("topPadSize", 0), ("botPadSize", 0), ("leftPadSize", 0),
              ("rightPadSize", 0))
    FIELD_CPP = ("uint16_t",) * 5 + ("uint8_t", "uint8_t", "uint16_t", "uint16_t")


@irdl_attr_definition
class CheckLocalMemoryIAParamType(ParamStructType):
    """`AscendC::CheckLocalMemoryIAParam`: a UB address window whose scalar / vector / MTE
    reads and writes CheckLocalMemoryIA makes the hardware trap on."""

    name = "ascendc.check_local_memory_ia_param"
    CPP = "AscendC::CheckLocalMemoryIAParam"
    FIELDS = (("enableBit", 0), ("startAddr", 0), ("endAddr", 0), ("isScalarRead", 0),
              ("isScalarWrite", 0), ("isVectorRead", 0), ("isVectorWrite", 0),
              ("isMteRead", 0), ("isMteWrite", 0), ("isEnable", 0))
    FIELD_CPP = ("uint8_t", "uint32_t", "uint32_t") + ("bool",) * 7


@irdl_attr_definition
class QuantParamsType(ParamStructType):
    """`AscendC::QuantParams` (quantPre, deqScalar): the quantization of a Fixpipe."""

    name = "ascendc.quant_params"
    CPP = "AscendC::QuantParams"
    FIELDS = (("quantPre", 0), ("deqScalar", 0))
    FIELD_CPP = ("QuantMode_t", "uint64_t")
    CTOR_ARITIES: ClassVar[tuple[int, ...]] = (1, 2)


@irdl_attr_definition
class Nz2NdParamsType(ParamStructType):
    """`AscendC::Nz2NdParams` (nz2ndEn, ndNum, srcNdStride, dstNdStride, originalNSize): the
    NZ -> ND part of a Fixpipe."""

    name = "ascendc.nz2nd_params"
    CPP = "AscendC::Nz2NdParams"
    FIELDS = (("nz2ndEn", 0), ("ndNum", 1), ("srcNdStride", 0), ("dstNdStride", 0),
              ("originalNSize", 0))
    FIELD_CPP = ("bool", "uint16_t", "uint16_t", "uint16_t", "uint16_t")
    # The 3-value constructor (ndNum, srcNdStride, dstNdStride) is the 3510's; pyasc's IR
    # uses it, so three values print as given.
    CTOR_ARITIES: ClassVar[tuple[int, ...]] = (3, 5)


COPY_EXT_STRUCT_TYPES: list[type[ParamStructType]] = [
    DataFormatType,
    DataCopyEnhancedParamsType,
    DataCopyCO12DstParamsType,
    DataCopyPadExtParamsType,
    FixpipeParamsType,
    SliceInfoType,
    LoadImageToLocalParamsType,
    CheckLocalMemoryIAParamType,
    QuantParamsType,
    Nz2NdParamsType,
]

COPY_EXT_TYPES: list[type[Attribute]] = [
    *COPY_EXT_STRUCT_TYPES,
    BlockModeType,
    DeqScaleType,
    PadTType,
]
