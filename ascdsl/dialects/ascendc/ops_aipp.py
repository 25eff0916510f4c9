"""AIPP (the AI pre-processing unit): its configuration structs and `SetAippFunctions`.

SetAippFunctions programs the image conversion (format, channel swaps, data-type conversion,
padding, colour-space conversion) that a later LoadImageToLocal applies while it moves a
window of the image from GM into L1. The structs are C++ aggregates (kernel_struct_aipp.h);
`AippParams<T>` nests the six of them, T being the padding value's type (int8_t or half).

pyasc's syntax: `ascendc.set_aipp_functions %src0[, %src1], %config, format = RGB888_U8 :
(types) -> ()`.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import FunctionType, IntegerAttr
from xdsl.ir import SSAValue
from xdsl.irdl import ParsePropInAttrDict, operand_def, opt_operand_def, prop_def
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.irdl import irdl_attr_definition

from .base import AscendCOp, Cpp, asc_op, enum_attr
from .constraints import GLOBAL, Is
from .enums import AscEnum, Pipe
from .types import ParamStructType


class AippInputFormat(AscEnum):
    """`AscendC::AippInputFormat`: the layout of the source image."""

    YUV420SP_U8 = 0
    XRGB8888_U8 = 1
    RGB888_U8 = 4
    YUV400_U8 = 9

    @property
    def keyword(self) -> str:
        return self.name  # pyasc prints the enumerator as it is (`format = RGB888_U8`)


class AippStructType(ParamStructType):
    """An AIPP configuration aggregate; `MEMBER` is its member name inside AippParams."""

    MEMBER: ClassVar[str]


@irdl_attr_definition
class AippPaddingParamsType(AippStructType):
    name = "ascendc.aipp_padding_params"
    CPP = "AscendC::AippPaddingParams"
    MEMBER = "paddingParams"
    FIELDS = (("paddingMode", 0), ("paddingValueCh0", 0), ("paddingValueCh1", 0),
              ("paddingValueCh2", 0), ("paddingValueCh3", 0))
    FIELD_CPP = ("uint32_t", None, None, None, None)  # type: ignore[assignment]


@irdl_attr_definition
class AippSwapParamsType(AippStructType):
    name = "ascendc.aipp_swap_params"
    CPP = "AscendC::AippSwapParams"
    MEMBER = "swapParams"
    FIELDS = (("isSwapRB", 0), ("isSwapUV", 0), ("isSwapAX", 0))
    FIELD_CPP = ("bool",) * 3


@irdl_attr_definition
class AippSingleLineParamsType(AippStructType):
    name = "ascendc.aipp_single_line_params"
    CPP = "AscendC::AippSingleLineParams"
    MEMBER = "singleLineParams"
    FIELDS = (("isSingleLineCopy", 0),)
    FIELD_CPP = ("bool",)


@irdl_attr_definition
class AippDataTypeConvParamsType(AippStructType):
    name = "ascendc.aipp_dtc_params"
    CPP = "AscendC::AippDataTypeConvParams"
    MEMBER = "dtcParams"
    FIELDS = (("dtcMeanCh0", 0), ("dtcMeanCh1", 0), ("dtcMeanCh2", 0), ("dtcMinCh0", 0),
              ("dtcMinCh1", 0), ("dtcMinCh2", 0), ("dtcVarCh0", 1), ("dtcVarCh1", 1),
              ("dtcVarCh2", 1), ("dtcRoundMode", 0))
    FIELD_CPP = ("uint8_t",) * 3 + ("half",) * 6 + ("uint32_t",)


@irdl_attr_definition
class AippChannelPaddingParamsType(AippStructType):
    name = "ascendc.aipp_cpadding_params"
    CPP = "AscendC::AippChannelPaddingParams"
    MEMBER = "cPaddingParams"
    FIELDS = (("cPaddingMode", 0), ("cPaddingValue", 0))
    FIELD_CPP = ("uint32_t", None)  # type: ignore[assignment]


@irdl_attr_definition
class AippColorSpaceConvParamsType(AippStructType):
    name = "ascendc.aipp_csc_params"
    CPP = "AscendC::AippColorSpaceConvParams"
    MEMBER = "cscParams"
    FIELDS = (("isEnableCsc", 0), *((f"cscMatrixR{r}C{c}", 0) for r in range(3) for c in range(3)),
              *((f"cscBiasIn{i}", 0) for i in range(3)), *((f"cscBiasOut{i}", 0) for i in range(3)))
    FIELD_CPP = ("bool",) + ("int16_t",) * 9 + ("uint8_t",) * 6


@irdl_attr_definition
class AippParamsType(ParamStructType):
    """`AscendC::AippParams<T>`: the six configuration aggregates (padding, swap, single line,
    data-type conversion, channel padding, colour-space conversion)."""

    name = "ascendc.aipp_params"
    CPP = "AscendC::AippParams"
    FIELDS = (("paddingParams", 0), ("swapParams", 0), ("singleLineParams", 0),
              ("dtcParams", 0), ("cPaddingParams", 0), ("cscParams", 0))
    FIELD_CPP = (None,) * 6  # type: ignore[assignment]
    PARTS: ClassVar[tuple[type[AippStructType], ...]] = (
        AippPaddingParamsType, AippSwapParamsType, AippSingleLineParamsType,
        AippDataTypeConvParamsType, AippChannelPaddingParamsType, AippColorSpaceConvParamsType)


AIPP_PARAMS = Is((AippParamsType,), "!ascendc.aipp_params")


@asc_op(cpp=Cpp("SetAippFunctions", args=("src0", "src1", "enum:format", "config")), pipe=Pipe.PIPE_S, enums={"format": AippInputFormat},
        reads=("src0", "src1"))
class SetAippFunctionsOp(AscendCOp):
    """`SetAippFunctions(src0[, src1], format, config)`: program AIPP for the image at src0
    (and its UV plane at src1 for the two-plane YUV formats)."""

    name = "ascendc.set_aipp_functions"
    src0 = operand_def(GLOBAL)
    src1 = opt_operand_def(GLOBAL)
    config = operand_def(AIPP_PARAMS)
    format = prop_def(IntegerAttr)
    # One optional operand needs no operandSegmentSizes (as in pyasc's ODS): the operand
    # count says whether src1 is there, and pyasc's generic form carries none.
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = None

    def __init__(self, src0: SSAValue, src1: SSAValue | None, config: SSAValue,
                 fmt: AippInputFormat):
        super().__init__(
            operands=[src0, [] if src1 is None else [src1], config],
            properties={"format": enum_attr(fmt)})

    @classmethod
    def parse(cls, parser: Parser) -> SetAippFunctionsOp:
        start = parser.pos
        names = [parser.parse_unresolved_operand()]
        while parser.parse_optional_punctuation(","):
            if parser.parse_optional_keyword("format"):
                break
            names.append(parser.parse_unresolved_operand())
        else:
            parser.raise_error("expected `format = <AippInputFormat>`")
        parser.parse_punctuation("=")
        word = parser.parse_identifier()
        fmt = AippInputFormat.__members__.get(word)
        if fmt is None:
            parser.raise_error(f"'{word}' is not an AippInputFormat (one of "
                               f"{', '.join(AippInputFormat.__members__)})", start, parser.pos)
        attrs = dict(parser.parse_optional_attr_dict())
        parser.parse_punctuation(":")
        ftype = parser.parse_type()
        if not isinstance(ftype, FunctionType) or len(ftype.inputs.data) != len(names):
            parser.raise_error(f"expected a function type of {len(names)} inputs", start,
                               parser.pos)
        if len(names) not in (2, 3):
            parser.raise_error("takes src0[, src1] and the AippParams", start, parser.pos)
        ops = parser.resolve_operands(names, list(ftype.inputs.data), start)
        src1 = ops[1] if len(ops) == 3 else None
        op = cls(ops[0], src1, ops[-1], fmt)
        op.attributes.update(attrs)
        return op

    def print(self, printer: Printer) -> None:
        operands = [self.src0, *([self.src1] if self.src1 is not None else []), self.config]
        printer.print_string(" ")
        printer.print_list(operands, printer.print_operand)
        printer.print_string(f", format = {self.enum_value('format').name}")
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(FunctionType.from_lists([o.type for o in operands], []))


AIPP_TYPES: list[type] = [*AippParamsType.PARTS, AippParamsType]
AIPP_OPS: list[type[AscendCOp]] = [SetAippFunctionsOp]
