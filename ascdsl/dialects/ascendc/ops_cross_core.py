"""`CrossCoreSetFlag<mode, pipe>(id)` / `CrossCoreWaitFlag<mode, pipe>(id)`: flags between the
cube and vector cores of an AI core (and across the launch), through the FFTS.

pyasc's syntax: `ascendc.cross_core_set_flag %id, 2, pipe_fix : i32`, with properties
`modeId` (ui8) and `pipe`; the Ascend C is `AscendC::CrossCoreSetFlag<2, PIPE_FIX>(id);`.
Modes (Ascend C's docs): 0 syncs every AIC or every AIV of the launch, 1 the two AIVs of an AI
core, 2 the AIC with its AIVs. The set fires on `pipe` once that pipe's earlier work is done;
on the 910B the wait ignores its template arguments and stalls the core's issue
(`wait_flag_dev(id)`, dav_c220/kernel_operator_sync_impl.h). Both need the FFTS base address,
so `legalize-kernel-args` gives the kernel its `ffts_addr` argument (NEEDS_FFTS).
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import IntegerAttr, IntegerType, Signedness
from xdsl.ir import SSAValue
from xdsl.irdl import (
    IRDLOperation,
    ParsePropInAttrDict,
    operand_def,
    prop_def,
)
from xdsl.irdl.declarative_assembly_format import (
    AttributeVariable,
    CustomDirective,
    ParsingState,
    PrintingState,
    irdl_custom_directive,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from .base import AscendCOp, Cpp, EnumKeyword, asc_op, enum_attr
from .constraints import INT
from .enums import Pipe

UI8 = IntegerType(8, Signedness.UNSIGNED)
MODES = (0, 1, 2)


@irdl_custom_directive
class BareUI8(CustomDirective):
    """An unsigned 8-bit integer property printed as its bare value (`2`), as MLIR prints a
    typed integer attribute in an op's custom form."""

    attr: AttributeVariable

    def parse(self, parser: Parser, state: ParsingState) -> bool:
        self.attr.set(state, IntegerAttr(parser.parse_integer(allow_boolean=False), UI8))
        return True

    def print(self, printer: Printer, state: PrintingState, op: IRDLOperation) -> None:
        state.print_whitespace(printer)
        attr = self.attr.get(op)
        if isinstance(attr, IntegerAttr):
            printer.print_string(str(attr.value.data))
        else:
            printer.print_attribute(attr)  # type: ignore[arg-type]


class CrossCoreFlagOp(AscendCOp):
    flagId = operand_def(INT)
    modeId = prop_def(IntegerAttr)
    pipe = prop_def(IntegerAttr)
    irdl_options = (ParsePropInAttrDict(),)
    custom_directives = (BareUI8, EnumKeyword)
    assembly_format = (
        "$flagId `,` custom<BareUI8>($modeId) `,` custom<EnumKeyword>($pipe) attr-dict "
        "`:` type($flagId)"
    )
    NEEDS_FFTS: ClassVar[bool] = True

    def __init__(self, flag_id: SSAValue, mode_id: int, pipe: Pipe):
        super().__init__(operands=[flag_id], properties={
            "modeId": IntegerAttr(mode_id, UI8), "pipe": enum_attr(pipe)})

    @property
    def mode(self) -> int:
        return self.modeId.value.data

    @property
    def flag_pipe(self) -> Pipe:
        return Pipe(self.enum_value("pipe"))

    def verify_facts(self) -> None:
        if self.modeId.type != UI8:
            raise VerifyException(f"modeId must be a ui8 attribute, got {self.modeId}")
        if self.mode not in MODES:
            raise VerifyException(
                f"mode {self.mode} is not a cross-core sync mode: 0 (every AIC or every AIV "
                "of the launch), 1 (the AIVs of an AI core), 2 (AIC <-> AIV)")
        if self.flag_pipe == Pipe.PIPE_ALL:
            raise VerifyException("the pipe of a cross-core flag is one pipe, not PIPE_ALL")


@asc_op(cpp=Cpp("CrossCoreSetFlag", template=("int:modeId", "enum:pipe")),
        enums={"pipe": Pipe})
class CrossCoreSetFlagOp(CrossCoreFlagOp):
    """`CrossCoreSetFlag<mode, pipe>(id)`: once `pipe` has done its earlier work, count id up
    on the cores `mode` names."""

    name = "ascendc.cross_core_set_flag"

    def hw_pipe(self) -> Pipe | None:
        return self.flag_pipe


@asc_op(cpp=Cpp("CrossCoreWaitFlag", template=("int:modeId", "enum:pipe")),
        enums={"pipe": Pipe}, pipe=Pipe.PIPE_S)
class CrossCoreWaitFlagOp(CrossCoreFlagOp):
    """`CrossCoreWaitFlag<mode, pipe>(id)`: stall this core until id's counter is non-zero,
    then count it down."""

    name = "ascendc.cross_core_wait_flag"


CROSS_CORE_OPS: list[type[AscendCOp]] = [CrossCoreSetFlagOp, CrossCoreWaitFlagOp]
