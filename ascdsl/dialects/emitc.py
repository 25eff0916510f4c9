"""MLIR's `emitc` dialect as pyasc writes it (LLVM 19), on top of xDSL's.

xDSL 0.74 has `emitc.add`, `emitc.apply`, `emitc.call_opaque` and the emitc types and
`#emitc.opaque<"...">`; pyasc's dumps also use:

    emitc.include "kernel_operator.h"           emitc.include <"cstdint">
    %c0_ui32 = "emitc.constant"() <{value = 0 : ui32}> : () -> ui32
    %0 = "emitc.constant"() <{value = #emitc.opaque<"::AscendC::TOTAL_L1_SIZE">}> : () -> i32
    %1 = emitc.cast %0 : i32 to ui32
    emitc.verbatim "#define ASCENDC_CUBE_ONLY"

(`emitc.constant` and `emitc.variable` have no custom syntax in LLVM 19: MLIR writes them in
the generic form, and so does ascdsl.) Their C++ is in `targets/ascendc/emitc_rules.py`,
their simulation in `sim/lower/emitc.py`.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects import emitc as xemitc
from xdsl.dialects.builtin import StringAttr, UnitAttr
from xdsl.ir import Attribute, Dialect, SSAValue
from xdsl.irdl import (
    AnyAttr,
    IRDLOperation,
    ParsePropInAttrDict,
    irdl_op_definition,
    operand_def,
    opt_prop_def,
    prop_def,
    result_def,
    traits_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import ConstantLike, HasParent, Pure
from xdsl.dialects.builtin import ModuleOp
from xdsl.utils.exceptions import VerifyException

from ascdsl.dialects.emitasc import TextOp

OpaqueAttr = xemitc.EmitC_OpaqueAttr


@irdl_op_definition
class IncludeOp(IRDLOperation):
    """`#include "header"` (`emitc.include "header"`) or `#include <header>`
    (`emitc.include <"header">`), at module level."""

    name = "emitc.include"
    include = prop_def(StringAttr)
    is_standard_include = opt_prop_def(UnitAttr)
    irdl_options = (ParsePropInAttrDict(),)
    traits = traits_def(HasParent(ModuleOp))

    def __init__(self, header: str, standard: bool = False):
        props: dict[str, Attribute] = {"include": StringAttr(header)}
        if standard:
            props["is_standard_include"] = UnitAttr()
        super().__init__(properties=props)

    @property
    def standard(self) -> bool:
        return self.is_standard_include is not None

    @classmethod
    def parse(cls, parser: Parser) -> IncludeOp:
        standard = parser.parse_optional_punctuation("<") is not None
        header = parser.parse_str_literal("the header's name")
        if standard:
            parser.parse_punctuation(">", "after a standard include")
        attrs = parser.parse_optional_attr_dict()
        op = cls(header, standard)
        op.attributes.update(attrs)
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        if self.standard:
            printer.print_string("<")
            printer.print_string_literal(self.include.data)
            printer.print_string(">")
        else:
            printer.print_string_literal(self.include.data)
        printer.print_op_attributes(self.attributes)

    def verify_(self) -> None:
        if not self.include.data:
            raise VerifyException("includes an empty header name")


@irdl_op_definition
class ConstantOp(IRDLOperation):
    """A C++ constant: a number (`0 : ui32`, unsigned types included, which `arith.constant`
    refuses) or an opaque C++ expression (`#emitc.opaque<"::AscendC::TOTAL_L1_SIZE">`)."""

    name = "emitc.constant"
    value = prop_def(AnyAttr())
    result = result_def()
    # ConstantLike but not Pure, as MLIR's (EmitC.td): no pass erases an unused one, so it
    # stays in pyasc's IR after its constructor's op is gone; MLIR's folder still merges and
    # hoists it (greedy_constants.py).
    traits = traits_def(ConstantLike())

    def __init__(self, value: Attribute, result_type: Attribute | None = None):
        t = result_type if result_type is not None else value.type  # type: ignore[attr-defined]
        super().__init__(properties={"value": value}, result_types=[t])

    def verify_(self) -> None:
        value = self.value
        if isinstance(value, OpaqueAttr):
            if not value.value.data:
                raise VerifyException("an opaque constant needs a C++ expression")
            return
        t = getattr(value, "type", None)
        if t is None:
            raise VerifyException(f"value {value} is neither a number nor #emitc.opaque")
        if t != self.result.type:
            raise VerifyException(f"value of type {t} for a result of type {self.result.type}")


@irdl_op_definition
class VariableOp(IRDLOperation):
    """A mutable C++ variable with an initial value (a number, or `#emitc.opaque<"">` for none)."""

    name = "emitc.variable"
    value = prop_def(AnyAttr())
    result = result_def()

    def verify_(self) -> None:
        if isinstance(self.value, OpaqueAttr):
            return
        t = getattr(self.value, "type", None)
        if t is not None and t != self.result.type:
            raise VerifyException(f"value of type {t} for a result of type {self.result.type}")


@irdl_op_definition
class CastOp(IRDLOperation):
    """A C-style cast `(T) x` between scalar types: `emitc.cast %0 : i32 to ui32`."""

    name = "emitc.cast"
    source = operand_def()
    dest = result_def()
    assembly_format = "$source attr-dict `:` type($source) `to` type($dest)"
    traits = traits_def(Pure())

    def __init__(self, source: SSAValue, dest_type: Attribute):
        super().__init__(operands=[source], result_types=[dest_type])


@irdl_op_definition
class VerbatimOp(TextOp):
    """C++ text printed as written (`emitc.verbatim "#define ASCENDC_CUBE_ONLY"`); with
    `args`, each `{}` stands for the next operand's name (MLIR 20's form)."""

    name = "emitc.verbatim"
    ARGS_KEYWORD: ClassVar[str | None] = "args"


EMITC_OPS = [
    IncludeOp,
    ConstantOp,
    VariableOp,
    CastOp,
    VerbatimOp,
    # xDSL's own
    xemitc.EmitC_AddOp,
    xemitc.EmitC_ApplyOp,
    xemitc.EmitC_CallOpaqueOp,
]

EmitC = Dialect("emitc", EMITC_OPS, list(xemitc.EmitC.attributes))
