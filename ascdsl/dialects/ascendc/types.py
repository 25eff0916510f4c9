"""Types of the `ascendc` dialect, spelled as pyasc spells them.

`!ascendc.local_tensor<64xf32>` (also `<?xf32>`, `<*xf16>`, 0-d `<i32>`), `!ascendc.queue<vecin, 2>`,
`!ascendc.que_bind<vecin, vecout, 1>`, `!ascendc.tbuf<veccalc>`, `!ascendc.tbuf_pool<vecin, 4>`,
`!ascendc.local_mem_allocator<1>`, `!ascendc.pipe` and the parameter-struct types.

Each type also carries its C++ spelling (`cpp_name`), so the Ascend C target needs no table of
its own. Parameters are validated while parsing (so a bad `!ascendc.queue<vecin, -1>` is a
located parse error) and again in `verify()` for types built from Python.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    ArrayAttr,
    IntAttr,
    NoneAttr,
)
from xdsl.ir import Attribute, ParametrizedAttribute, TypeAttribute
from xdsl.irdl import irdl_attr_definition
from xdsl.parser import AttrParser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from .enums import Hardware, TPosition


def _parse_position(parser: AttrParser) -> TPosition:
    pos = parser._current_token.span
    word = parser.parse_optional_identifier()
    member = TPosition.from_keyword(word) if word is not None else None
    if member is None:
        parser.raise_error(f"expected a TPosition ({TPosition.describe()})", pos)
    return member  # type: ignore[return-value]


# A queue type's depth is TQue's `int32_t depth` template argument, which the headers take
# at any value (pyasc's parser too: its lit tests use 101). The hardware bound is on the
# buffers a queue gets (ascendc.pipe.init_queue's `num`, at most MAX_QUEUE_BUFFERS).
_MAX_DEPTH = 2**31 - 1


def _parse_int(parser: AttrParser, what: str, lo: int, hi: int | None) -> int:
    pos = parser._current_token.span
    value = parser.parse_integer(allow_boolean=False, allow_negative=True)
    if value < lo or (hi is not None and value > hi):
        bound = f"between {lo} and {hi}" if hi is not None else f">= {lo}"
        parser.raise_error(f"{what} must be {bound}, got {value}", pos)
    return value


def _check_int(value: int, what: str, lo: int, hi: int | None) -> None:
    if value < lo or (hi is not None and value > hi):
        bound = f"between {lo} and {hi}" if hi is not None else f">= {lo}"
        raise VerifyException(f"{what} must be {bound}, got {value}")


_ELEMENT_TEXT: dict[Attribute, str] = {}


def _element_text(t: Attribute) -> str:
    text = _ELEMENT_TEXT.get(t)
    if text is None:
        text = _ELEMENT_TEXT[t] = str(t)
    return text


@irdl_attr_definition
class PipeType(ParametrizedAttribute, TypeAttribute):
    """AscendC::TPipe: owns the on-chip buffers and the event ids of a kernel."""

    name = "ascendc.pipe"

    def cpp_name(self) -> str:
        return "AscendC::TPipe"


@irdl_attr_definition
class QueueType(ParametrizedAttribute, TypeAttribute):
    """AscendC::TQue<pos, depth>: a FIFO of buffers at one position."""

    name = "ascendc.queue"
    position_attr: IntAttr
    depth_attr: IntAttr

    def __init__(self, position: TPosition, depth: int):
        super().__init__(IntAttr(int(position)), IntAttr(depth))

    @property
    def position(self) -> TPosition:
        return TPosition(self.position_attr.data)

    @property
    def depth(self) -> int:
        return self.depth_attr.data

    @property
    def src_position(self) -> TPosition:
        return self.position

    @property
    def dst_position(self) -> TPosition:
        return self.position

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> list[Attribute]:
        with parser.in_angle_brackets():
            pos = _parse_position(parser)
            parser.parse_punctuation(",")
            depth = _parse_int(parser, "queue depth", 0, _MAX_DEPTH)
        return [IntAttr(int(pos)), IntAttr(depth)]

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string(f"<{self.position.keyword}, {self.depth}>")

    def verify(self) -> None:
        TPosition(self.position_attr.data)
        _check_int(self.depth, "queue depth", 0, _MAX_DEPTH)

    def cpp_name(self) -> str:
        return f"AscendC::TQue<{self.position.cpp}, {self.depth}>"


@irdl_attr_definition
class QueBindType(ParametrizedAttribute, TypeAttribute):
    """AscendC::TQueBind<src, dst, depth>: a queue whose producer and consumer positions differ."""

    name = "ascendc.que_bind"
    src_attr: IntAttr
    dst_attr: IntAttr
    depth_attr: IntAttr

    def __init__(self, src: TPosition, dst: TPosition, depth: int):
        super().__init__(IntAttr(int(src)), IntAttr(int(dst)), IntAttr(depth))

    @property
    def src_position(self) -> TPosition:
        return TPosition(self.src_attr.data)

    @property
    def dst_position(self) -> TPosition:
        return TPosition(self.dst_attr.data)

    @property
    def position(self) -> TPosition:
        # The buffer lives on chip: the side of the binding that is not GM.
        return self.dst_position if self.src_position == TPosition.GM else self.src_position

    @property
    def depth(self) -> int:
        return self.depth_attr.data

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> list[Attribute]:
        with parser.in_angle_brackets():
            src = _parse_position(parser)
            parser.parse_punctuation(",")
            dst = _parse_position(parser)
            parser.parse_punctuation(",")
            depth = _parse_int(parser, "queue depth", 0, _MAX_DEPTH)
        return [IntAttr(int(src)), IntAttr(int(dst)), IntAttr(depth)]

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string(
            f"<{self.src_position.keyword}, {self.dst_position.keyword}, {self.depth}>"
        )

    def verify(self) -> None:
        TPosition(self.src_attr.data)
        TPosition(self.dst_attr.data)
        _check_int(self.depth, "queue depth", 0, _MAX_DEPTH)

    def cpp_name(self) -> str:
        return (
            f"AscendC::TQueBind<{self.src_position.cpp}, {self.dst_position.cpp}, {self.depth}>"
        )


@irdl_attr_definition
class TBufType(ParametrizedAttribute, TypeAttribute):
    """AscendC::TBuf<pos>: one untyped buffer for temporaries."""

    name = "ascendc.tbuf"
    position_attr: IntAttr

    def __init__(self, position: TPosition):
        super().__init__(IntAttr(int(position)))

    @property
    def position(self) -> TPosition:
        return TPosition(self.position_attr.data)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> list[Attribute]:
        with parser.in_angle_brackets():
            pos = _parse_position(parser)
        return [IntAttr(int(pos))]

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string(f"<{self.position.keyword}>")

    def verify(self) -> None:
        TPosition(self.position_attr.data)

    def cpp_name(self) -> str:
        return f"AscendC::TBuf<{self.position.cpp}>"


MAX_BUF_POOL_IDS = 16


@irdl_attr_definition
class TBufPoolType(ParametrizedAttribute, TypeAttribute):
    """AscendC::TBufPool<pos, bufIDSize>: a resource pool carved out of a TPipe."""

    name = "ascendc.tbuf_pool"
    position_attr: IntAttr
    buf_id_size_attr: IntAttr

    def __init__(self, position: TPosition, buf_id_size: int = 4):
        super().__init__(IntAttr(int(position)), IntAttr(buf_id_size))

    @property
    def position(self) -> TPosition:
        return TPosition(self.position_attr.data)

    @property
    def buf_id_size(self) -> int:
        return self.buf_id_size_attr.data

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> list[Attribute]:
        with parser.in_angle_brackets():
            pos = _parse_position(parser)
            parser.parse_punctuation(",")
            n = _parse_int(parser, "TBufPool buffer id count", 1, MAX_BUF_POOL_IDS)
        return [IntAttr(int(pos)), IntAttr(n)]

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string(f"<{self.position.keyword}, {self.buf_id_size}>")

    def verify(self) -> None:
        TPosition(self.position_attr.data)
        _check_int(self.buf_id_size, "TBufPool buffer id count", 1, MAX_BUF_POOL_IDS)

    def cpp_name(self) -> str:
        return f"AscendC::TBufPool<{self.position.cpp}, {self.buf_id_size}>"


@dataclass(frozen=True, init=False)
class TensorTypeBase(ParametrizedAttribute, TypeAttribute):
    """Shape (None = unranked `*`, -1 = dynamic `?`) and element type of a tensor."""

    shape_attr: ArrayAttr[IntAttr] | NoneAttr
    element_type: Attribute

    CPP_CLASS: ClassVar[str]

    def __init__(self, element_type: Attribute, shape: Sequence[int] | None = None):
        """`shape=None` is unranked (`*`); a dimension of -1 (or DYNAMIC_INDEX) is `?`."""
        sh = (
            NoneAttr()
            if shape is None
            else ArrayAttr(IntAttr(DYNAMIC_INDEX if d == -1 else d) for d in shape)
        )
        super().__init__(sh, element_type)

    @property
    def shape(self) -> tuple[int, ...] | None:
        if isinstance(self.shape_attr, NoneAttr):
            return None
        return tuple(d.data for d in self.shape_attr.data)

    @property
    def is_ranked(self) -> bool:
        return not isinstance(self.shape_attr, NoneAttr)

    @property
    def is_static(self) -> bool:
        sh = self.shape
        return sh is not None and all(d != DYNAMIC_INDEX for d in sh)

    def num_elements(self) -> int | None:
        """Element count of a static shape (1 for 0-d), else None."""
        sh = self.shape
        if sh is None or any(d == DYNAMIC_INDEX for d in sh):
            return None
        n = 1
        for d in sh:
            n *= d
        return n

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> list[Attribute]:
        with parser.in_angle_brackets():
            dims, elt = parser.parse_shape()
        return [NoneAttr() if dims is None else ArrayAttr(IntAttr(d) for d in dims), elt]

    def print_parameters(self, printer: Printer) -> None:
        # The body text is computed once per type object: printing a kernel prints the same
        # few tensor types on almost every op.
        body = self.__dict__.get("_body")
        if body is None:
            sh = self.shape
            dims = "*x" if sh is None else "".join(
                ("?" if d == DYNAMIC_INDEX else str(d)) + "x" for d in sh
            )
            body = f"<{dims}{_element_text(self.element_type)}>"
            object.__setattr__(self, "_body", body)
        printer.print_string(body)

    def verify(self) -> None:
        sh = self.shape
        if sh is not None and any(d < 0 and d != DYNAMIC_INDEX for d in sh):
            raise VerifyException(f"tensor dimensions must be >= 0 or '?', got {list(sh)}")

    def with_element_type(self, element_type: Attribute):
        return type(self)(element_type, self.shape)


@irdl_attr_definition
class LocalTensorType(TensorTypeBase):
    """AscendC::LocalTensor<T>: a typed view of on-chip memory (UB, L1, L0*)."""

    name = "ascendc.local_tensor"
    CPP_CLASS = "AscendC::LocalTensor"


@irdl_attr_definition
class GlobalTensorType(TensorTypeBase):
    """AscendC::GlobalTensor<T>: a typed view of global memory (GM)."""

    name = "ascendc.global_tensor"
    CPP_CLASS = "AscendC::GlobalTensor"


@irdl_attr_definition
class BaseLocalTensorType(TensorTypeBase):
    name = "ascendc.base_local_tensor"
    CPP_CLASS = "AscendC::BaseLocalTensor"


@irdl_attr_definition
class BaseGlobalTensorType(TensorTypeBase):
    name = "ascendc.base_global_tensor"
    CPP_CLASS = "AscendC::BaseGlobalTensor"


@irdl_attr_definition
class LocalMemAllocatorType(ParametrizedAttribute, TypeAttribute):
    """AscendC::LocalMemAllocator<hw>: a bump allocator over one physical memory."""

    name = "ascendc.local_mem_allocator"
    hardware_attr: IntAttr

    def __init__(self, hardware: Hardware = Hardware.UB):
        super().__init__(IntAttr(int(hardware)))

    @property
    def hardware(self) -> Hardware:
        return Hardware(self.hardware_attr.data)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> list[Attribute]:
        with parser.in_angle_brackets():
            hw = _parse_int(parser, "LocalMemAllocator hardware", 0, len(Hardware) - 2)
        return [IntAttr(hw)]

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string(f"<{self.hardware_attr.data}>")

    def verify(self) -> None:
        _check_int(self.hardware_attr.data, "LocalMemAllocator hardware", 0, len(Hardware) - 2)

    def cpp_name(self) -> str:
        return f"AscendC::LocalMemAllocator<{self.hardware.cpp}>"


# --- parameter structs ---------------------------------------------------------------------


class ParamStructType(ParametrizedAttribute, TypeAttribute):
    """A parameterless Ascend C parameter struct (e.g. AscendC::DataCopyParams).

    A struct declares its C++ name (`CPP`), its fields in constructor order with their
    defaults (`FIELDS`), and the C++ type of each constructor parameter in the same order
    (`FIELD_CPP`, from the 910B / C220 headers): the Ascend C target casts a value whose type
    differs, so `T p{a, b}` never narrows.
    """

    CPP: ClassVar[str]
    FIELDS: ClassVar[tuple[tuple[str, int], ...]]
    FIELD_CPP: ClassVar[tuple[str, ...]]

    def cpp_name(self) -> str:
        return self.CPP

    @classmethod
    def field_cpp_types(cls) -> tuple[str, ...]:
        """The C++ type of each constructor parameter (`uint16_t`, ...), in field order."""
        return cls.FIELD_CPP

    @classmethod
    def ctor_cpp_types(cls, n: int) -> tuple[str, ...]:
        """The parameter types of the constructor that takes `n` values (a struct with
        another constructor besides the all-fields one overrides this)."""
        return cls.FIELD_CPP

    @classmethod
    def ctor_defaults(cls, n: int) -> tuple[int, ...]:
        """The field defaults of the constructor form that takes `n` values (a struct whose
        frontend form lists other fields overrides this)."""
        return cls.defaults()

    @classmethod
    def max_values(cls) -> int:
        """The most values a construct of this struct takes."""
        return len(cls.FIELDS)

    @classmethod
    def field_names(cls) -> tuple[str, ...]:
        return tuple(f for f, _ in cls.FIELDS)

    @classmethod
    def defaults(cls) -> tuple[int, ...]:
        return tuple(d for _, d in cls.FIELDS)


@irdl_attr_definition
class DataCopyParamsType(ParamStructType):
    """AscendC::DataCopyParams (blockCount, blockLen, srcStride, dstStride)."""

    name = "ascendc.data_copy_params"
    CPP = "AscendC::DataCopyParams"
    FIELDS = (("blockCount", 1), ("blockLen", 0), ("srcStride", 0), ("dstStride", 0))
    FIELD_CPP = ("uint16_t", "uint16_t", "uint16_t", "uint16_t")


@irdl_attr_definition
class DataCopyPadParamsType(ParamStructType):
    """AscendC::DataCopyPadParams (isPad, leftPadding, rightPadding, paddingValue)."""

    name = "ascendc.data_copy_pad_params"
    CPP = "AscendC::DataCopyPadParams"
    FIELDS = (("isPad", 0), ("leftPadding", 0), ("rightPadding", 0), ("paddingValue", 0))
    FIELD_CPP = ("bool", "uint8_t", "uint8_t", "uint64_t")


@irdl_attr_definition
class DataCopyExtParamsType(ParamStructType):
    """AscendC::DataCopyExtParams (blockCount, blockLen, srcStride, dstStride, rsv)."""

    name = "ascendc.data_copy_ext_params"
    CPP = "AscendC::DataCopyExtParams"
    FIELDS = (("blockCount", 1), ("blockLen", 0), ("srcStride", 0), ("dstStride", 0), ("rsv", 0))
    FIELD_CPP = ("uint16_t", "uint32_t", "uint32_t", "uint32_t", "uint32_t")


@irdl_attr_definition
class BinaryRepeatParamsType(ParamStructType):
    """AscendC::BinaryRepeatParams (dstBlkStride, src0BlkStride, src1BlkStride, dstRepStride,
    src0RepStride, src1RepStride)."""

    name = "ascendc.binary_repeat_params"
    CPP = "AscendC::BinaryRepeatParams"
    FIELDS = (
        ("dstBlkStride", 1),
        ("src0BlkStride", 1),
        ("src1BlkStride", 1),
        ("dstRepStride", 8),
        ("src0RepStride", 8),
        ("src1RepStride", 8),
    )
    FIELD_CPP = ("uint8_t",) * 6


@irdl_attr_definition
class UnaryRepeatParamsType(ParamStructType):
    """AscendC::UnaryRepeatParams (dstBlkStride, srcBlkStride, dstRepStride, srcRepStride)."""

    name = "ascendc.unary_repeat_params"
    CPP = "AscendC::UnaryRepeatParams"
    FIELDS = (("dstBlkStride", 1), ("srcBlkStride", 1), ("dstRepStride", 8), ("srcRepStride", 8))
    FIELD_CPP = ("uint16_t", "uint16_t", "uint8_t", "uint8_t")


# By IR mnemonic (`data_copy_params`), in declaration order.
PARAM_STRUCT_TYPES: dict[str, type[ParamStructType]] = {
    t.name.removeprefix("ascendc."): t
    for t in (
        DataCopyParamsType,
        DataCopyPadParamsType,
        DataCopyExtParamsType,
        BinaryRepeatParamsType,
        UnaryRepeatParamsType,
    )
}

QUEUE_TYPES = (QueueType, QueBindType)
TENSOR_TYPES = (LocalTensorType, GlobalTensorType, BaseLocalTensorType, BaseGlobalTensorType)

ALL_TYPES: list[type[Attribute]] = [
    PipeType,
    QueueType,
    QueBindType,
    TBufType,
    TBufPoolType,
    LocalTensorType,
    GlobalTensorType,
    BaseLocalTensorType,
    BaseGlobalTensorType,
    LocalMemAllocatorType,
    *PARAM_STRUCT_TYPES.values(),
]
