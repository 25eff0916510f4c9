"""The op base of the `ascendc` dialect: every fact about an op lives on its class.

An op declares, next to its IR shape:

- `CPP`: how Ascend C spells the call (`Cpp("Add")` → `AscendC::Add(...)`, a member call, a
  constructor, an operator), its template arguments and its call arguments;
- `PIPE`: the hardware pipe it runs on (or `pipe()` computes it, e.g. data copies);
- `WRITES` / `READS`: which tensor operands it writes and reads, so passes and the
  simulator's sanitizer reason about effects without knowing the op;
- `ENUMS`: which integer properties hold which Ascend C enum (printed as keywords);
- `FORMULA`: for elementwise families, the numpy expression of one element.

Passes, the Ascend C printer, the simulator and the frontend read these facts; none of them
keeps a list of op names.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import ClassVar

from xdsl.dialects.builtin import IntegerAttr, IntegerType, UnitAttr
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import IRDLOperation, irdl_op_definition
from xdsl.irdl.declarative_assembly_format import (
    AttributeVariable,
    CustomDirective,
    ParsingState,
    PrintingState,
    TypeDirective,
    irdl_custom_directive,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from .enums import AscEnum, Pipe
from .types import GlobalTensorType, LocalTensorType, TensorTypeBase


class CppStyle(Enum):
    """How an op is spelled in Ascend C."""

    FREE = "free"  # AscendC::Api<T...>(args);
    MEMBER = "member"  # recv.Api<T...>(args);   (receiver = first operand)
    CTOR = "ctor"  # Type v;  or  Type v{args};
    OPERATOR = "operator"  # dst = src0 <api> src1;   (L3 operator forms)
    SUBSCRIPT = "subscript"  # T v = t[i];
    SPECIAL = "special"  # printed by a dedicated rule of the target (e.g. construct)


@dataclass(frozen=True)
class Cpp:
    """The C++ side of an op.

    `template` and `args` are lists of sources, each one of:
      `<operand>`        the operand's value          (args only)
      `elem:<name>`      element type of an operand's or result's tensor type
      `enum:<prop>`      the enumerator in a property (`AscendC::HardEvent::MTE2_V`)
      `flag:<prop>`      1 if the unit property is set, else 0
      `int:<prop>`       an integer property's value (`CrossCoreSetFlag<2, ...>`)
      `type:<prop>`      the C++ type held by a TypeAttr property
      `value:<operand>`  an operand used as a non-type template argument
      `str:<prop>`       a string property as a C string literal
      `braced:<a>,<b>..` operands that build the family's parameter struct (args only;
                         the Ascend C target knows the struct of each family)
    `args=None` means: every operand in order (minus the receiver for member calls).
    `header` names the header the API needs beyond kernel_operator.h (e.g. the matmul or
    list-tensor interface); `generate-boilerplate` includes it when the op is used.
    `pyasc_template`, when set, is the template pyasc's translator prints instead (`()`:
    none, leaving the arguments to C++ deduction and defaults); the pyasc spelling of the
    Ascend C target uses it, the source that gets compiled keeps `template`. `pyasc_api`
    likewise is the `api` pyasc's translator prints (a subscript's `()` for `[]`).
    """

    api: str
    style: CppStyle = CppStyle.FREE
    template: tuple[str, ...] = ()
    args: tuple[str, ...] | None = None
    namespace: str = "AscendC::"
    header: str | None = None
    pyasc_template: tuple[str, ...] | None = None
    pyasc_api: str | None = None

    @property
    def qualified(self) -> str:
        return self.namespace + self.api if self.style is CppStyle.FREE else self.api


class AscendCOp(IRDLOperation):
    """Base of every `ascendc` op. Ops set the facts below with the `asc_op` decorator."""

    CPP: ClassVar[Cpp | None] = None
    PIPE: ClassVar[Pipe | None] = None
    WRITES: ClassVar[tuple[str, ...]] = ()
    READS: ClassVar[tuple[str, ...]] = ()
    ENUMS: ClassVar[dict[str, type[AscEnum]]] = {}
    FORMULA: ClassVar[str | None] = None
    # Result type class printed without its `!ascendc.name` prefix (`: <vecin, 1>`).
    STRIPPED: ClassVar[type[Attribute] | None] = None
    # A cross-core (AIC <-> AIV) sync through FFTS: the kernel then needs the `ffts_addr`
    # argument (`legalize-kernel-args`); CrossCoreSetFlag / CrossCoreWaitFlag do.
    NEEDS_FFTS: ClassVar[bool] = False
    # pyasc declares the op `OpWithDst`, so its insert-sync enqueues (or barriers) after each
    # write the op makes; insert-que-sync's pyasc mode follows it.
    PYASC_DST: ClassVar[bool] = True

    def hw_pipe(self) -> Pipe | None:
        """The pipe this op is issued to; None for framework bookkeeping on the scalar unit."""
        return self.PIPE

    def written_operands(self) -> list[SSAValue]:
        return _operands_named(self, self.WRITES)

    def read_operands(self) -> list[SSAValue]:
        return _operands_named(self, self.READS)

    def enum_value(self, prop: str) -> AscEnum:
        attr = self.properties[prop]
        assert isinstance(attr, IntegerAttr)
        return self.ENUMS[prop](attr.value.data)

    def has_flag(self, prop: str) -> bool:
        return isinstance(self.properties.get(prop), UnitAttr)

    def verify_(self) -> None:
        for prop, enum in self.ENUMS.items():
            attr = self.properties.get(prop)
            if attr is None:
                continue
            if not isinstance(attr, IntegerAttr):
                raise VerifyException(f"'{prop}' must be an integer {enum.__name__} value")
            value = attr.value.data
            if value not in enum._value2member_map_:
                values = sorted(enum._value2member_map_)
                raise VerifyException(
                    f"'{prop}' = {value} is not a {enum.__name__} "
                    f"(valid values {values[0]} to {values[-1]})"
                )
        self.verify_facts()

    def verify_facts(self) -> None:
        """Op-specific rules; overridden by subclasses."""

    def header_refusal(self) -> str | None:
        """Why the Ascend C headers refuse this valid IR (None: they take it).

        The verifier accepts everything pyasc's dialect accepts; a rule that only the C++
        headers enforce (a template parameter type, a static_assert) is stated here, and what
        compiles or runs the IR (the compilable Ascend C source, the simulator) stops at the
        op with it (docs/dialect.md, "What the verifier leaves to the headers")."""
        return None


def asc_op(
    *,
    cpp: Cpp | None = None,
    pipe: Pipe | None = None,
    writes: tuple[str, ...] = (),
    reads: tuple[str, ...] = (),
    enums: dict[str, type[AscEnum]] | None = None,
    formula: str | None = None,
    stripped: type[Attribute] | None = None,
):
    """Define an `ascendc` op (like `irdl_op_definition`) and attach its facts.

    IRDL only admits `*_def` fields and annotated constants in an op's body; the facts are set
    on the defined class instead, which keeps each declaration one block of code.
    """

    def wrap(cls: type[AscendCOp]) -> type[AscendCOp]:
        _order_fields_base_first(cls)
        defined = irdl_op_definition(cls)
        facts = {
            "CPP": cpp,
            "PIPE": pipe,
            "WRITES": tuple(writes),
            "READS": tuple(reads),
            "ENUMS": dict(enums or {}),
            "FORMULA": formula,
            "STRIPPED": stripped,
        }
        for key, value in facts.items():
            # Keep what a base class declared unless this op says otherwise.
            if value in (None, (), {}) and hasattr(defined, key):
                continue
            setattr(defined, key, value)
            # Declared constant, so that IRDL accepts subclasses of this op too.
            defined.__annotations__[key] = ClassVar
        return defined

    return wrap


def _order_fields_base_first(cls: type) -> None:
    """Put the op's operand/result/property definitions in declaration order, bases first.

    IRDL collects fields from the most derived class first, so `dst, src` declared in a family
    base and `count` in the op would become `count, dst, src`. Re-inserting every field on the
    op's own class, in base-first order (a redefinition keeps the base's place), fixes the
    order in place: the class one reads is the class IRDL defines and the dialect registers.
    """
    order: dict[str, object] = {}
    for klass in reversed(cls.__mro__):
        if klass in (object, IRDLOperation) or not issubclass(klass, IRDLOperation):
            continue
        for key, value in vars(klass).items():
            if type(value).__name__.endswith("FieldDef"):
                order[key] = value
    for key in order:
        if key in vars(cls):
            delattr(cls, key)
    for key, value in order.items():
        setattr(cls, key, value)


def _operands_named(op: Operation, names: Sequence[str]) -> list[SSAValue]:
    out: list[SSAValue] = []
    for n in names:
        v = getattr(op, n)
        if v is None:
            continue
        if isinstance(v, SSAValue):
            out.append(v)
        else:
            out.extend(v)
    return out


def enum_attr(value: AscEnum) -> IntegerAttr:
    """The IR attribute that stores an enum value (i32, or i64 for CMPMODE)."""
    return _enum_attr(type(value), int(value))


# Keyed by the enum class too: IntEnum members of different enums with one value are equal.
@functools.cache  # attributes are immutable, and building one costs tens of microseconds
def _enum_attr(enum: type[AscEnum], value: int) -> IntegerAttr:
    return IntegerAttr(value, IntegerType(enum.ir_width()))


def tensor_type(value: SSAValue) -> TensorTypeBase | None:
    t = value.type
    return t if isinstance(t, TensorTypeBase) else None


def element_type(value: SSAValue) -> Attribute | None:
    t = value.type
    return t.element_type if isinstance(t, TensorTypeBase) else None


def is_global(value: SSAValue) -> bool:
    return isinstance(value.type, GlobalTensorType)


def is_local(value: SSAValue) -> bool:
    return isinstance(value.type, LocalTensorType)


# --- custom directives -------------------------------------------------------------------


@irdl_custom_directive
class EnumKeyword(CustomDirective):
    """An enum property printed as its bare keyword (`mte2_v`), stored as an integer."""

    attr: AttributeVariable

    def parse(self, parser: Parser, state: ParsingState) -> bool:
        enum = state.op_type.ENUMS[self.attr.name]  # type: ignore[attr-defined]
        pos = parser._current_token.span
        word = parser.parse_optional_identifier()
        member = enum.from_keyword(word) if word is not None else None
        if member is None:
            got = f"'{word}'" if word is not None else f"'{pos.text}'"
            parser.raise_error(
                f"expected a {enum.__name__} keyword ({enum.describe()}), got {got}", pos
            )
        self.attr.set(state, enum_attr(member))
        return True

    def print(self, printer: Printer, state: PrintingState, op: IRDLOperation) -> None:
        state.print_whitespace(printer)
        attr = self.attr.get(op)
        enum = type(op).ENUMS[self.attr.name]  # type: ignore[attr-defined]
        if isinstance(attr, IntegerAttr) and attr.value.data in enum._value2member_map_:
            printer.print_string(enum(attr.value.data).keyword)
        else:  # an out-of-range value still prints (the verifier reports it)
            printer.print_attribute(attr)  # type: ignore[arg-type]


@irdl_custom_directive
class StrippedType(CustomDirective):
    """A type printed without its dialect prefix, as MLIR prints unqualified types.

    Parses both `<vecin, 1>` and the full `!ascendc.queue<vecin, 1>`.
    """

    ty: TypeDirective

    def parse(self, parser: Parser, state: ParsingState) -> bool:
        t = parser.parse_optional_type()
        if t is None:
            cls = state.op_type.STRIPPED  # type: ignore[attr-defined]
            assert cls is not None
            t = cls.new(cls.parse_parameters(parser))
        self.ty.set(state, (t,))
        return True

    def print(self, printer: Printer, state: PrintingState, op: IRDLOperation) -> None:
        state.print_whitespace(printer)
        (t,) = self.ty.get(op)
        t.print_parameters(printer)  # type: ignore[attr-defined]


CUSTOM_DIRECTIVES = (EnumKeyword, StrippedType)


def const_int(value: SSAValue | None) -> int | None:
    """The integer a value is known to hold, else None.

    Looks through integer casts (`arith.index_cast`, `extsi`, `extui`, `trunci` and
    `builtin.unrealized_conversion_cast`, which is how unsigned values are made) down to an
    `arith.constant`.
    """
    from xdsl.dialects import arith
    from xdsl.dialects.builtin import UnrealizedConversionCastOp

    from ascdsl.dialects import emitc

    # emitc.constant / emitc.cast: how pyasc (and ascdsl's frontend) write unsigned numbers.
    casts = (arith.IndexCastOp, arith.ExtSIOp, arith.ExtUIOp, arith.TruncIOp, emitc.CastOp)
    for _ in range(8):
        if value is None:
            return None
        owner = value.owner
        if isinstance(owner, arith.ConstantOp | emitc.ConstantOp):
            v = owner.value
            return v.value.data if isinstance(v, IntegerAttr) else None
        if isinstance(owner, casts) or (
            isinstance(owner, UnrealizedConversionCastOp) and len(owner.operands) == 1
        ):
            value = owner.operands[0]
            continue
        return None
    return None
