"""Parameter structs and enum types of the cube unit, spelled as pyasc spells them.

`!ascendc.load_data_2d_params` (`AscendC::LoadData2DParams`), `!ascendc.mmad_params`,
`!ascendc.fixpipe_params_v220`, `!ascendc.fixpipe_config`, `!ascendc.nd2nz_params`, ... Each
struct lists its fields in the order of the C++ constructor a braced initializer calls (the
910B / dav-c220 headers, `kernel_struct_mm.h`, `kernel_struct_fixpipe.h`,
`kernel_struct_data_copy.h`) with the C++ type of each constructor parameter, so the Ascend C
target casts what would narrow and the simulator converts values as the constructor would.

Two types are C++ enums that `ascendc.construct` casts a field to (pyasc's cast list
`[..., !ascendc.quant_mode_t, ...]`): `!ascendc.quant_mode_t` (`QuantMode_t`, a global enum of
the CCE compiler) and `!ascendc.co2_layout` (`AscendC::CO2Layout`).

The 3D load structs (`LoadData3DParamsV1/V2Pro`) are declared so that pyasc's IR that passes
them around parses and prints; their constructors take a padding array, which
`ascendc.construct` cannot spell, so ascdsl does not build them (an empty field list).
`LoadData3DParamsV2` lists its fields, as pyasc's construct of it passes the array as one
value.
"""

from __future__ import annotations

from enum import IntEnum
from typing import ClassVar

from xdsl.dialects.builtin import NoneAttr
from xdsl.ir import Attribute, ParametrizedAttribute, TypeAttribute
from xdsl.irdl import irdl_attr_definition
from xdsl.parser import AttrParser
from xdsl.printer import Printer

from .types import ParamStructType


class CubeStructType(ParamStructType):
    """A parameter struct of the cube APIs (load_data, mmad, fixpipe, nd2nz copies)."""


@irdl_attr_definition
class LoadData2DParamsType(CubeStructType):
    """`AscendC::LoadData2DParams`: `repeatTimes` 512-byte fractals from fractal `startIndex`
    of the source, `srcStride` fractals apart, into consecutive fractals of the destination
    (`dstGap` fractals between them); `ifTranspose` transposes each 16x16 fractal."""

    name = "ascendc.load_data_2d_params"
    CPP = "AscendC::LoadData2DParams"
    FIELDS = (("startIndex", 0), ("repeatTimes", 0), ("srcStride", 0), ("sid", 0),
              ("dstGap", 0), ("ifTranspose", 0), ("addrMode", 0))
    FIELD_CPP = ("uint16_t", "uint8_t", "uint16_t", "uint8_t", "uint16_t", "bool", "uint8_t")


@irdl_attr_definition
class LoadData2DParamsV2Type(CubeStructType):
    """`AscendC::LoadData2DParamsV2`: a load addressed by (m, k) start positions and steps."""

    name = "ascendc.load_data_2d_params_v2"
    CPP = "AscendC::LoadData2DParamsV2"
    FIELDS = (("mStartPosition", 0), ("kStartPosition", 0), ("mStep", 0), ("kStep", 0),
              ("srcStride", 0), ("dstStride", 0), ("ifTranspose", 0), ("sid", 0))
    FIELD_CPP = ("uint32_t", "uint32_t", "uint16_t", "uint16_t", "int32_t", "uint16_t", "bool",
                 "uint8_t")


@irdl_attr_definition
class LoadData2dTransposeParamsType(CubeStructType):
    """`AscendC::LoadData2dTransposeParams`: LoadDataWithTranspose's 2D form."""

    name = "ascendc.load_data_2d_transpose_params"
    CPP = "AscendC::LoadData2dTransposeParams"
    FIELDS = (("startIndex", 0), ("repeatTimes", 0), ("srcStride", 0), ("dstGap", 0),
              ("dstFracGap", 0), ("addrMode", 0))
    FIELD_CPP = ("uint16_t", "uint8_t", "uint16_t", "uint16_t", "uint16_t", "uint8_t")


@irdl_attr_definition
class LoadData2dTransposeParamsV2Type(CubeStructType):
    """`AscendC::LoadData2dTransposeParamsV2`: with a source fractal gap."""

    name = "ascendc.load_data_2d_transpose_params_v2"
    CPP = "AscendC::LoadData2dTransposeParamsV2"
    FIELDS = (("startIndex", 0), ("repeatTimes", 0), ("srcStride", 0), ("dstGap", 0),
              ("dstFracGap", 0), ("srcFracGap", 0), ("addrMode", 0))
    FIELD_CPP = ("uint16_t", "uint8_t", "uint16_t", "uint16_t", "uint16_t", "uint16_t",
                 "uint8_t")


@irdl_attr_definition
class LoadData3DParamsV1Type(CubeStructType):
    """`AscendC::LoadData3DParamsV1<T>` (img2col load). pyasc's frontend constructs it from 22
    values, `padList` as its four bytes (FIELDS); the C++ constructor takes the four as one
    `uint8_t[4]`, which the Ascend C target builds first (ascendc_rules.py)."""

    name = "ascendc.load_data_3d_params_v1"
    CPP = "AscendC::LoadData3DParamsV1"
    FIELDS = (("padList0", 0), ("padList1", 0), ("padList2", 0), ("padList3", 0), ("l1H", 1),
              ("l1W", 1), ("c1Index", 0), ("fetchFilterW", 0), ("fetchFilterH", 0),
              ("leftTopW", 0), ("leftTopH", 0), ("strideW", 1), ("strideH", 1), ("filterW", 1),
              ("filterH", 1), ("dilationFilterW", 1), ("dilationFilterH", 1), ("jumpStride", 1),
              ("repeatMode", 0), ("repeatTime", 1), ("cSize", 0), ("padValue", 0))
    # None: padValue has the template type T
    FIELD_CPP = (*("uint8_t",) * 4, "uint16_t", "uint16_t", "uint16_t",  # type: ignore[assignment]
                 "uint8_t", "uint8_t", "int16_t", "int16_t", *("uint8_t",) * 10, None)


@irdl_attr_definition
class LoadData3DParamsV2Type(CubeStructType):
    """`AscendC::LoadData3DParamsV2<T>` (img2col load). pyasc writes it with its element type
    (`!ascendc.load_data_3d_params_v2<f32>`, what `construct` builds) and without
    (`!ascendc.load_data_3d_params_v2`, a value passed around); both read and print back as
    written. Its translator prints the C++ name without the template argument, and so does
    ascdsl's Ascend C target.

    FIELDS follow the 17-argument constructor of kernel_struct_mm.h; `padList` is a
    `uint8_t[4]` there, which pyasc's translator test (core.mlir) passes as one value. pyasc's
    frontend constructs it from 22 values instead (`FRONTEND_FIELDS`: padList as four bytes,
    no enSmallK, then filterSizeW, filterSizeH, fMatrixCtrl), which the Ascend C target
    passes to the 20-argument constructor with padList built first."""

    name = "ascendc.load_data_3d_params_v2"
    CPP = "AscendC::LoadData3DParamsV2"
    element_type: Attribute  # NoneAttr when written without one
    FIELDS = (("padList", 0), ("l1H", 0), ("l1W", 0), ("channelSize", 0), ("kExtension", 0),
              ("mExtension", 0), ("kStartPt", 0), ("mStartPt", 0), ("strideW", 1),
              ("strideH", 1), ("filterW", 1), ("filterH", 1), ("dilationFilterW", 1),
              ("dilationFilterH", 1), ("enTranspose", 0), ("enSmallK", 0), ("padValue", 0))
    # None keeps the value's own type: padList is an array and padValue is T.
    FIELD_CPP = (None, *("uint16_t",) * 7, *("uint8_t",) * 6, "bool", "bool",  # type: ignore[assignment]
                 None)
    FRONTEND_FIELDS: ClassVar[tuple[tuple[str, int], ...]] = (
        ("padList0", 0), ("padList1", 0), ("padList2", 0), ("padList3", 0), ("l1H", 1),
        ("l1W", 1), ("channelSize", 1), ("kExtension", 1), ("mExtension", 1), ("kStartPt", 0),
        ("mStartPt", 0), ("strideW", 1), ("strideH", 1), ("filterW", 1), ("filterH", 1),
        ("dilationFilterW", 1), ("dilationFilterH", 1), ("enTranspose", 0), ("padValue", 0),
        ("filterSizeW", 0), ("filterSizeH", 0), ("fMatrixCtrl", 0))
    FRONTEND_CPP: ClassVar[tuple[str | None, ...]] = (
        *("uint8_t",) * 4, "uint16_t", "uint16_t", "uint16_t", *("uint16_t",) * 4,
        *("uint8_t",) * 6, "bool", None, "bool", "bool", "bool")

    @classmethod
    def max_values(cls) -> int:
        return len(cls.FRONTEND_FIELDS)

    @classmethod
    def ctor_defaults(cls, n: int) -> tuple[int, ...]:
        if n == len(cls.FRONTEND_FIELDS):
            return tuple(d for _, d in cls.FRONTEND_FIELDS)
        return cls.defaults()

    @classmethod
    def ctor_cpp_types(cls, n: int) -> tuple[str, ...]:
        if n == len(cls.FRONTEND_FIELDS):
            return cls.FRONTEND_CPP  # type: ignore[return-value]
        return cls.FIELD_CPP

    def __init__(self, element_type: Attribute | None = None):
        super().__init__(NoneAttr() if element_type is None else element_type)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> list[Attribute]:
        if parser.parse_optional_punctuation("<") is None:
            return [NoneAttr()]
        elem = parser.parse_type()
        parser.parse_punctuation(">")
        return [elem]

    def print_parameters(self, printer: Printer) -> None:
        if not isinstance(self.element_type, NoneAttr):
            printer.print_string("<")
            printer.print_attribute(self.element_type)
            printer.print_string(">")


@irdl_attr_definition
class LoadData3DParamsV2ProType(CubeStructType):
    """`AscendC::LoadData3DParamsV2Pro` (img2col load with the geometry packed into
    `extConfig` and `filterConfig`)."""

    name = "ascendc.load_data_3d_params_v2_pro"
    CPP = "AscendC::LoadData3DParamsV2Pro"
    FIELDS = (("channelSize", 0), ("enTranspose", 0), ("enSmallK", 0), ("filterSizeW", 0),
              ("filterSizeH", 0), ("fMatrixCtrl", 0), ("extConfig", 0),
              ("filterConfig", 0x10101010101))
    FIELD_CPP = ("uint16_t", "bool", "bool", "bool", "bool", "bool", "uint64_t", "uint64_t")


@irdl_attr_definition
class LoadDataRepeatParamType(CubeStructType):
    """`AscendC::LoadDataRepeatParam` (repeatStride, repeatTime, repeatMode) of the 3D loads."""

    name = "ascendc.load_data_repeat_param"
    CPP = "AscendC::LoadDataRepeatParam"
    FIELDS = (("repeatStride", 0), ("repeatTime", 1), ("repeatMode", 0))
    FIELD_CPP = ("uint16_t", "uint8_t", "uint8_t")


@irdl_attr_definition
class MmadParamsType(CubeStructType):
    """`AscendC::MmadParams`: C[m, n] (+)= A[m, k] B[k, n] on the cube.

    Two constructors: (m, n, k, isBias, fmOffset, enSsparse, enWinogradA, enWinogradB), listed
    here, and (m, n, k, unitFlag, cmatrixSource, cmatrixInitVal), which pyasc builds with an
    explicit cast list; `MMAD_UNIT_FORM` gives that one's field names."""

    name = "ascendc.mmad_params"
    CPP = "AscendC::MmadParams"
    FIELDS = (("m", 0), ("n", 0), ("k", 0), ("isBias", 0), ("fmOffset", 0), ("enSsparse", 0),
              ("enWinogradA", 0), ("enWinogradB", 0))
    FIELD_CPP = ("uint16_t", "uint16_t", "uint16_t", "bool", "int32_t", "bool", "bool", "bool")
    MMAD_UNIT_FORM: ClassVar[tuple[tuple[str, int], ...]] = (
        ("m", 0), ("n", 0), ("k", 0), ("unitFlag", 0), ("cmatrixSource", 0),
        ("cmatrixInitVal", 1))
    MMAD_UNIT_CPP: ClassVar[tuple[str, ...]] = (
        "uint16_t", "uint16_t", "uint16_t", "uint8_t", "bool", "bool")
    # Constructors that take fewer values than FIELDS (the printer does not pad them).
    CTOR_ARITIES: ClassVar[tuple[int, ...]] = (6,)

    @classmethod
    def ctor_cpp_types(cls, n: int) -> tuple[str, ...]:
        return cls.MMAD_UNIT_CPP if n == len(cls.MMAD_UNIT_CPP) else cls.FIELD_CPP


@irdl_attr_definition
class InitConstValueParamsType(CubeStructType):
    """`AscendC::InitConstValueParams<T>`: fill `repeatTimes` x `blockNum` blocks of an
    L1/L0A/L0B tensor with `initValue` (`dstGap` blocks between repeats; a block is 32 bytes
    in L1, a 512-byte fractal in L0A/L0B). The value's C++
    type is the tensor's element type (class template argument deduction), so it is not cast."""

    name = "ascendc.init_const_value_params"
    CPP = "AscendC::InitConstValueParams"
    FIELDS = (("repeatTimes", 0), ("blockNum", 0), ("dstGap", 0), ("initValue", 0))
    FIELD_CPP = ("uint16_t", "uint16_t", "uint16_t", None)  # type: ignore[assignment]


@irdl_attr_definition
class FixpipeParamsV220Type(CubeStructType):
    """`AscendC::FixpipeParamsV220`: move an [mSize, nSize] block of L0C (NZ fractals,
    `srcStride` rows between column blocks) to GM or L1 (`dstStride` elements between rows of
    the ND result), converting by `quantPre` and applying ReLU if `reluEn`."""

    name = "ascendc.fixpipe_params_v220"
    CPP = "AscendC::FixpipeParamsV220"
    FIELDS = (("nSize", 0), ("mSize", 0), ("srcStride", 0), ("dstStride", 0), ("reluEn", 0),
              ("quantPre", 0), ("deqScalar", 0), ("ndNum", 1), ("srcNdStride", 0),
              ("dstNdStride", 0), ("unitFlag", 0), ("isChannelSplit", 0))
    FIELD_CPP = ("uint16_t", "uint16_t", "uint16_t", "uint32_t", "bool", "QuantMode_t",
                 "int64_t", "uint16_t", "uint16_t", "uint16_t", "uint8_t", "bool")


@irdl_attr_definition
class FixpipeConfigType(CubeStructType):
    """`AscendC::FixpipeConfig` {format}: the layout Fixpipe writes (a template argument, so
    the printer names one of `CFG_NZ`, `CFG_ROW_MAJOR`, `CFG_COLUMN_MAJOR`)."""

    name = "ascendc.fixpipe_config"
    CPP = "AscendC::FixpipeConfig"
    FIELDS = (("format", 1),)
    FIELD_CPP = ("AscendC::CO2Layout",)


@irdl_attr_definition
class Nd2NzParamsType(CubeStructType):
    """`AscendC::Nd2NzParams`: DataCopy of `ndNum` row-major [nValue, dValue] matrices (rows
    `srcDValue` elements apart) into NZ fractals: column block j of C0 columns starts at
    j * dstNzC0Stride * C0 elements, rows `dstNzNStride` x C0 elements apart."""

    name = "ascendc.nd2nz_params"
    CPP = "AscendC::Nd2NzParams"
    FIELDS = (("ndNum", 0), ("nValue", 0), ("dValue", 0), ("srcNdMatrixStride", 0),
              ("srcDValue", 0), ("dstNzC0Stride", 0), ("dstNzNStride", 0),
              ("dstNzMatrixStride", 0))
    FIELD_CPP = ("uint16_t",) * 8


@irdl_attr_definition
class Nz2NdParamsFullType(CubeStructType):
    """`AscendC::Nz2NdParamsFull`: DataCopy of NZ fractals back to row-major matrices."""

    name = "ascendc.nz2nd_params_full"
    CPP = "AscendC::Nz2NdParamsFull"
    FIELDS = (("ndNum", 1), ("nValue", 0), ("dValue", 0), ("srcNdMatrixStride", 1),
              ("srcNStride", 0), ("dstDStride", 0), ("dstNdMatrixStride", 1))
    FIELD_CPP = ("uint16_t",) * 7


# --- enums a construct casts to ---------------------------------------------------------------


class QuantMode(IntEnum):
    """`QuantMode_t`: Fixpipe's conversion of L0C values (first members of the 910B enum)."""

    NoQuant = 0
    F322F16 = 1
    F322BF16 = 2
    DEQF16 = 3
    VDEQF16 = 4
    QF322B8_PRE = 5  # 5 and 6 as pyasc's QuantModes and the FixpipeParamsV220 docs number them
    VQF322B8_PRE = 6
    REQ8 = 7
    VREQ8 = 8


class CO2Layout(IntEnum):
    """`AscendC::CO2Layout`: the layout Fixpipe writes."""

    NZ = 0
    ROW_MAJOR = 1
    COLUMN_MAJOR = 2


class CubeFormat(IntEnum):
    """`CubeFormat` (matmul types): how a matrix is laid out in memory."""

    ND = 0
    NZ = 1
    ZN = 2
    ZZ = 3
    NN = 4
    ND_ALIGN = 5
    SCALAR = 6
    VECTOR = 7


class CubeEnumType(ParametrizedAttribute, TypeAttribute):
    """A C++ enum type named in a construct's cast list (`static_cast<QuantMode_t>(x)`)."""

    CPP: ClassVar[str]
    ENUM: ClassVar[type[IntEnum]]

    def cpp_name(self) -> str:
        return self.CPP


@irdl_attr_definition
class QuantModeType(CubeEnumType):
    name = "ascendc.quant_mode_t"
    CPP = "QuantMode_t"
    ENUM = QuantMode


@irdl_attr_definition
class CO2LayoutType(CubeEnumType):
    name = "ascendc.co2_layout"
    CPP = "AscendC::CO2Layout"
    ENUM = CO2Layout


CUBE_STRUCT_TYPES: list[type[CubeStructType]] = [
    LoadData2DParamsType,
    LoadData2DParamsV2Type,
    LoadData2dTransposeParamsType,
    LoadData2dTransposeParamsV2Type,
    LoadData3DParamsV1Type,
    LoadData3DParamsV2Type,
    LoadData3DParamsV2ProType,
    LoadDataRepeatParamType,
    MmadParamsType,
    InitConstValueParamsType,
    FixpipeParamsV220Type,
    FixpipeConfigType,
    Nd2NzParamsType,
    Nz2NdParamsFullType,
]

CUBE_TYPES: list[type] = [*CUBE_STRUCT_TYPES, QuantModeType, CO2LayoutType]
