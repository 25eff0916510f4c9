"""`emitasc`: pyasc's C++-emission helpers, all twelve ops in pyasc's syntax.

pyasc writes them around its `ascendc` ops: GM pointer arithmetic (`emitasc.ptr_offset
%p[%i]`), the tiling structs of Python kernels (`!emitasc.py_struct`, `declare_py_struct`,
`copy_struct`, `member`, `set_member`), opaque C++ (`call_opaque`, `verbatim`) and a few
C++ spellings (`dereference`, `member_ptr`, `member_ref`, `reinterpret_cast`, `variable`).
Each op's C++ is in `targets/ascendc/emitasc_rules.py`, its simulation in
`sim/lower/emitasc.py`. `#emitasc<kernel_arg explicit>` marks how a kernel argument reaches
the kernel (the user's, or the `ffts_addr` pyasc adds).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from xdsl.dialects.builtin import (
    ArrayAttr,
    IndexType,
    IntegerAttr,
    MemRefType,
    StringAttr,
    UnrankedMemRefType,
)
from xdsl.dialects.utils import EnumAttribute
from xdsl.ir import (
    Attribute,
    Dialect,
    ParametrizedAttribute,
    SpacedOpaqueSyntaxAttribute,
    SSAValue,
    TypeAttribute,
)
from xdsl.irdl import (
    AnyAttr,
    IRDLOperation,
    ParsePropInAttrDict,
    irdl_attr_definition,
    irdl_op_definition,
    operand_def,
    opt_operand_def,
    opt_prop_def,
    opt_result_def,
    param_def,
    prop_def,
    result_def,
    traits_def,
    var_operand_def,
)
from xdsl.parser import AttrParser, Parser
from xdsl.printer import Printer
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException
from xdsl.utils.mlir_lexer import MLIRTokenKind
from xdsl.utils.str_enum import StrEnum

from ascdsl.dialects.ascendc.constraints import Is, IntLike

MEMREF = Is((MemRefType, UnrankedMemRefType), "a pointer (memref)")
GM_PTR = MEMREF
INDEX = Is((IndexType,), "an index")


# --- types and attributes ---------------------------------------------------------------------


@irdl_attr_definition
class PyStructType(ParametrizedAttribute, TypeAttribute):
    """A Python tiling struct as C++ sees it: `!emitasc.py_struct<"Name", [types], ["fields"]>`
    (packed to 8 bytes, `#pragma pack(push, 8)`). Fields may be structs themselves."""

    name = "emitasc.py_struct"

    struct_name: StringAttr = param_def()
    types: ArrayAttr = param_def()
    names: ArrayAttr = param_def()

    def __init__(self, struct_name: str, fields: Sequence[tuple[str, Attribute]]):
        super().__init__(
            StringAttr(struct_name),
            ArrayAttr([t for _, t in fields]),
            ArrayAttr([StringAttr(n) for n, _ in fields]),
        )

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> list[Attribute]:
        with parser.in_angle_brackets():
            name = StringAttr(parser.parse_str_literal("the struct's name"))
            parser.parse_punctuation(",")
            types = ArrayAttr(parser.parse_comma_separated_list(
                parser.Delimiter.SQUARE, parser.parse_type))
            parser.parse_punctuation(",")
            names = ArrayAttr(parser.parse_comma_separated_list(
                parser.Delimiter.SQUARE,
                lambda: StringAttr(parser.parse_str_literal("a field name"))))
        return [name, types, names]

    def print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            printer.print_string_literal(self.struct_name.data)
            printer.print_string(", ")
            with printer.in_square_brackets():
                printer.print_list(self.types.data, printer.print_attribute)
            printer.print_string(", ")
            with printer.in_square_brackets():
                printer.print_list(self.names.data,
                                   lambda n: printer.print_string_literal(n.data))

    def verify(self) -> None:
        if len(self.types.data) != len(self.names.data):
            raise VerifyException(
                f"py_struct \"{self.struct_name.data}\" has {len(self.types.data)} field types "
                f"but {len(self.names.data)} field names")
        for n in self.names.data:
            if not isinstance(n, StringAttr):
                raise VerifyException(f"a py_struct field name must be a string, got {n}")

    @property
    def fields(self) -> list[tuple[str, Attribute]]:
        return [(n.data, t) for n, t in zip(self.names.data, self.types.data)]  # type: ignore[union-attr]

    def field_type(self, field: str) -> Attribute | None:
        for n, t in self.fields:
            if n == field:
                return t
        return None


class KernelArgument(StrEnum):
    EXPLICIT = "explicit"
    FFTS_ADDR = "ffts_addr"


@irdl_attr_definition
class KernelArgAttr(EnumAttribute[KernelArgument], SpacedOpaqueSyntaxAttribute):
    """How a kernel argument reaches the kernel: `explicit` (the user's) or `ffts_addr`."""

    name = "emitasc.kernel_arg"


# --- ops ------------------------------------------------------------------------------------


@irdl_op_definition
class CallOpaqueOp(IRDLOperation):
    """A call of a C++ function by name (namespaces and template arguments included; a
    constructor is its class name): `emitasc.call_opaque "f" (%a) : (i32) -> i32`."""

    name = "emitasc.call_opaque"
    callee = prop_def(StringAttr)
    callee_operands = var_operand_def()
    result = opt_result_def()
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = (
        "$callee `(` $callee_operands `)` attr-dict `:` "
        "functional-type($callee_operands, $result)"
    )

    def __init__(self, callee: str, operands: Sequence[SSAValue],
                 result_type: Attribute | None = None):
        super().__init__(operands=[operands],
                         result_types=[[result_type] if result_type is not None else []],
                         properties={"callee": StringAttr(callee)})

    def verify_(self) -> None:
        if not self.callee.data:
            raise VerifyException("the callee's name is empty")


@irdl_op_definition
class CopyStructOp(IRDLOperation):
    """A local copy of the struct a (GM) pointer points at, byte by byte (a struct kernel
    argument read into the kernel): `emitasc.copy_struct %p : memref<?x!S, 22>, !S`."""

    name = "emitasc.copy_struct"
    base = operand_def(MEMREF)
    result = result_def()
    assembly_format = "$base attr-dict `:` type($base) `,` type($result)"

    def verify_(self) -> None:
        elem = self.base.type.element_type  # type: ignore[attr-defined]
        if elem != self.result.type:
            raise VerifyException(
                f"copies a {self.result.type} from a pointer to {elem}: the types must agree")


@irdl_op_definition
class DeclarePyStructOp(IRDLOperation):
    """The C++ declaration of a py_struct (`struct Name {...};`), at module level."""

    name = "emitasc.declare_py_struct"
    pystruct = prop_def(AnyAttr())
    irdl_options = (ParsePropInAttrDict(),)
    traits = traits_def(Pure())

    def __init__(self, struct: PyStructType):
        super().__init__(properties={"pystruct": struct})

    @classmethod
    def parse(cls, parser: Parser) -> DeclarePyStructOp:
        struct = parser.parse_type()
        attrs = parser.parse_optional_attr_dict()
        op = cls.create(properties={"pystruct": struct})
        op.attributes.update(attrs)
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_attribute(self.pystruct)
        printer.print_op_attributes(self.attributes)

    def verify_(self) -> None:
        if not isinstance(self.pystruct, PyStructType):
            raise VerifyException(f"declares {self.pystruct}, which is not a !emitasc.py_struct")


@irdl_op_definition
class DereferenceOp(IRDLOperation):
    """`T& r = *p`: the object a pointer points at."""

    name = "emitasc.dereference"
    base = operand_def(MEMREF)
    result = result_def()
    assembly_format = "$base attr-dict `:` type($base) `,` type($result)"
    traits = traits_def(Pure())


@irdl_op_definition
class MemberOp(IRDLOperation):
    """A field of a struct value (`s.f`) or of the struct a pointer points at (`p->f`)."""

    name = "emitasc.member"
    base = operand_def()
    field = prop_def(StringAttr)
    result = result_def()
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "$base $field attr-dict `:` type($base) `,` type($result)"

    def __init__(self, base: SSAValue, field: str, result_type: Attribute):
        super().__init__(operands=[base], result_types=[result_type],
                         properties={"field": StringAttr(field)})

    def verify_(self) -> None:
        _check_field(self.base.type, self.field.data, self.result.type)


@irdl_op_definition
class SetMemberOp(IRDLOperation):
    """`s.f = v` on a struct value."""

    name = "emitasc.set_member"
    base = operand_def()
    field = prop_def(StringAttr)
    value = operand_def()
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "$base $field `,` $value attr-dict `:` type($base) `,` type($value)"

    def __init__(self, base: SSAValue, field: str, value: SSAValue):
        super().__init__(operands=[base, value], properties={"field": StringAttr(field)})

    def verify_(self) -> None:
        _check_field(self.base.type, self.field.data, self.value.type)


def _check_field(base: Attribute, field: str, value: Attribute) -> None:
    struct = base.element_type if isinstance(base, MemRefType) else base  # type: ignore[attr-defined]
    if not isinstance(struct, PyStructType):
        # Ascend C's own structs: those that list their fields (TCubeTiling) are checked by name
        names = getattr(struct, "field_names", None)
        if callable(names) and names() and field not in names():
            raise VerifyException(f"{struct.cpp_name()} has no field '{field}' (its fields: "
                                  f"{', '.join(names())})")
        return
    t = struct.field_type(field)
    if t is None:
        known = ", ".join(n for n, _ in struct.fields)
        raise VerifyException(
            f"struct \"{struct.struct_name.data}\" has no field '{field}' (its fields: {known})")
    if t != value:
        raise VerifyException(f"field '{field}' of \"{struct.struct_name.data}\" is {t}, not {value}")


class _MemberAtIndex(IRDLOperation):
    """`p->f` of the struct a pointer points at, by field index (and name, when known)."""

    base = operand_def(MEMREF)
    index = prop_def(IntegerAttr)
    field = opt_prop_def(StringAttr)
    irdl_options = (ParsePropInAttrDict(),)

    @classmethod
    def parse(cls, parser: Parser):
        base = parser.parse_unresolved_operand()
        parser.parse_punctuation("[")
        index = parser.parse_integer(allow_negative=False, allow_boolean=False)
        parser.parse_punctuation("]")
        props: dict[str, Attribute] = {"index": IntegerAttr(index, IndexType())}
        name = parser.parse_optional_str_literal()
        if name is not None:
            props["field"] = StringAttr(name)
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        base_type = parser.parse_type()
        parser.parse_punctuation(",")
        result_type = parser.parse_type()
        base = parser.resolve_operand(base, base_type)
        op = cls.create(operands=[base], result_types=[result_type], properties=props)
        op.attributes.update(attrs)
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.base)
        printer.print_string(f"[{self.index.value.data}]")
        if self.field is not None:
            printer.print_string(" ")
            printer.print_string_literal(self.field.data)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.base.type)
        printer.print_string(", ")
        printer.print_attribute(self.results[0].type)


@irdl_op_definition
class MemberPtrOp(_MemberAtIndex):
    """`auto* r = (T*)&p->f`: the address of a field of the struct at `p`."""

    name = "emitasc.member_ptr"
    result = result_def(MEMREF)
    traits = traits_def(Pure())


@irdl_op_definition
class MemberRefOp(_MemberAtIndex):
    """`T& r = p->f`: a field of the struct at `p`, as a reference."""

    name = "emitasc.member_ref"
    result = result_def()
    traits = traits_def(Pure())


@irdl_op_definition
class PtrOffsetOp(IRDLOperation):
    """`base + offset` on a pointer, in elements: `emitasc.ptr_offset %p[%i] : memref<?xf32,
    22>, memref<?xf32, 22>` (an index offset) or `%p[512]` (a constant one).

    ascdsl's earlier form with an integer offset, `%p[%n] : memref<...>, i32, memref<...>`,
    is still read (and written back the same way, since pyasc's form has room for an index
    offset only).
    """

    name = "emitasc.ptr_offset"
    base = operand_def(MEMREF)
    dynamic_offset = opt_operand_def(IntLike())
    static_offset = opt_prop_def(IntegerAttr)
    result = result_def(MEMREF)
    irdl_options = (ParsePropInAttrDict(),)
    traits = traits_def(Pure())

    def __init__(self, base: SSAValue, offset: SSAValue | int,
                 result_type: Attribute | None = None):
        rt = base.type if result_type is None else result_type
        if isinstance(offset, int):
            super().__init__(operands=[base, []], result_types=[rt],
                             properties={"static_offset": IntegerAttr(offset, IndexType())})
        else:
            super().__init__(operands=[base, [offset]], result_types=[rt])

    @property
    def offset(self) -> SSAValue | None:
        """The dynamic offset (None for a constant one: see `static_offset`)."""
        return self.dynamic_offset

    @classmethod
    def parse(cls, parser: Parser) -> PtrOffsetOp:
        base = parser.parse_unresolved_operand()
        parser.parse_punctuation("[")
        dyn = parser.parse_optional_unresolved_operand()
        props: dict[str, Attribute] = {}
        if dyn is None:
            value = parser.parse_integer(allow_boolean=False)
            props["static_offset"] = IntegerAttr(value, IndexType())
        parser.parse_punctuation("]")
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        base_type = parser.parse_type()
        parser.parse_punctuation(",")
        types = [parser.parse_type()]
        if parser.parse_optional_punctuation(",") is not None:
            types.append(parser.parse_type())  # ascdsl's earlier form: the offset's type
        if len(types) == 2:
            if dyn is None:
                parser.raise_error("a constant offset takes no type: write `[512] : T, T`")
            offset_type, result_type = types
        else:
            offset_type, result_type = IndexType(), types[0]
        operands = [parser.resolve_operand(base, base_type), []]
        if dyn is not None:
            operands[1] = [parser.resolve_operand(dyn, offset_type)]
        op = cls.create(operands=operands[0:1] + operands[1], result_types=[result_type],
                        properties=props)
        op.attributes.update(attrs)
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.base)
        printer.print_string("[")
        dyn = self.dynamic_offset
        if dyn is not None:
            printer.print_operand(dyn)
        elif self.static_offset is not None:
            printer.print_string(f"{self.static_offset.value.data} ")
        printer.print_string("]")
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.base.type)
        printer.print_string(", ")
        if dyn is not None and not isinstance(dyn.type, IndexType):
            printer.print_attribute(dyn.type)
            printer.print_string(", ")
        printer.print_attribute(self.result.type)

    def verify_(self) -> None:
        if (self.dynamic_offset is None) == (self.static_offset is None):
            raise VerifyException("takes one offset: a value or a constant")


@irdl_op_definition
class ReinterpretCastOp(IRDLOperation):
    """`reinterpret_cast<T>(x)`: the same bits seen as another type."""

    name = "emitasc.reinterpret_cast"
    source = operand_def()
    result = result_def()
    assembly_format = "$source attr-dict `:` type($source) `to` type($result)"
    traits = traits_def(Pure())


@irdl_op_definition
class VariableOp(IRDLOperation):
    """A mutable C++ variable with an initial value, `T v[1]{init}`:
    `emitasc.variable 123 : i32, memref<1xi32>` or `emitasc.variable %x : i32, memref<1xi32>`."""

    name = "emitasc.variable"
    static_init = opt_prop_def(AnyAttr())
    dynamic_init = opt_operand_def()
    result = result_def(Is((MemRefType,), "a ranked memref"))
    irdl_options = (ParsePropInAttrDict(),)
    traits = traits_def(Pure())

    @classmethod
    def parse(cls, parser: Parser) -> VariableOp:
        attrs = parser.parse_optional_attr_dict()
        dyn = parser.parse_optional_unresolved_operand()
        props: dict[str, Attribute] = {}
        operands: list[SSAValue] = []
        if dyn is not None:
            parser.parse_punctuation(":")
            operands.append(parser.resolve_operand(dyn, parser.parse_type()))
        else:
            props["static_init"] = parser.parse_attribute()
        parser.parse_punctuation(",")
        result_type = parser.parse_type()
        op = cls.create(operands=operands, result_types=[result_type], properties=props)
        op.attributes.update(attrs)
        return op

    def print(self, printer: Printer) -> None:
        printer.print_op_attributes(self.attributes)
        printer.print_string(" ")
        if self.dynamic_init is not None:
            printer.print_operand(self.dynamic_init)
            printer.print_string(" : ")
            printer.print_attribute(self.dynamic_init.type)
        elif self.static_init is not None:
            printer.print_attribute(self.static_init)
        printer.print_string(", ")
        printer.print_attribute(self.result.type)

    def verify_(self) -> None:
        if (self.dynamic_init is None) == (self.static_init is None):
            raise VerifyException("takes one initial value: a value or a constant")
        t = self.result.type
        assert isinstance(t, MemRefType)
        if not t.get_shape() or any(d <= 0 for d in t.get_shape()):
            raise VerifyException(f"needs a memref of static, non-zero shape, got {t}")
        init_type = (self.dynamic_init.type if self.dynamic_init is not None
                     else getattr(self.static_init, "type", None))
        if init_type is not None and init_type != t.element_type:
            raise VerifyException(
                f"initial value of type {init_type} for a variable of {t.element_type}")


class TextOp(IRDLOperation):
    """C++ text printed as written, with operands whose names it may refer to.

    `emitasc.verbatim "text" %a : T` writes the operands right after the text;
    `emitc.verbatim "text" args %a : T` (MLIR's) after the keyword in ARGS_KEYWORD.
    """

    ARGS_KEYWORD: ClassVar[str | None] = None
    value = prop_def(StringAttr)
    args = var_operand_def()
    irdl_options = (ParsePropInAttrDict(),)

    def __init__(self, value: str, args: Sequence[SSAValue] = ()):
        super().__init__(operands=[args], properties={"value": StringAttr(value)})

    @classmethod
    def parse(cls, parser: Parser):
        value = StringAttr(parser.parse_str_literal("the C++ text"))
        operands: list[SSAValue] = []
        keyword = cls.ARGS_KEYWORD
        if keyword is None:
            operands = parse_optional_typed_operands(parser)
        elif parser.parse_optional_keyword(keyword) is not None:
            operands = parse_optional_typed_operands(parser)
            if not operands:
                parser.raise_error(f"expected the operands after `{keyword}`: `{keyword} %a : T`")
        attrs = parser.parse_optional_attr_dict()
        op = cls.create(operands=operands, properties={"value": value})
        op.attributes.update(attrs)
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_string_literal(self.value.data)
        if self.args and self.ARGS_KEYWORD is not None:
            printer.print_string(f" {self.ARGS_KEYWORD}")
        print_typed_operands(printer, self.args)
        printer.print_op_attributes(self.attributes)


@irdl_op_definition
class VerbatimOp(TextOp):
    """C++ text printed as written; `$N` stands for the N-th operand's name."""

    name = "emitasc.verbatim"


def parse_optional_typed_operands(parser: Parser) -> list[SSAValue]:
    """`%a, %b : T, U` after an op's text, if present. MLIR's format would also take the
    result of the next line's op (`%6 = ...`) for an operand; here that ends the list."""
    start = parser.pos
    names = []
    if parser._current_token.kind is MLIRTokenKind.PERCENT_IDENT:
        names = parser.parse_comma_separated_list(
            parser.Delimiter.NONE, parser.parse_unresolved_operand)
        if parser.parse_optional_punctuation(":") is None:
            parser._resume_from(start)
            return []
    if not names:
        return []
    types = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_type)
    if len(types) != len(names):
        parser.raise_error(f"{len(names)} operands but {len(types)} types")
    return [parser.resolve_operand(n, t) for n, t in zip(names, types)]


def print_typed_operands(printer: Printer, operands: Sequence[SSAValue]) -> None:
    """` %a, %b : T, U` (nothing without operands)."""
    if operands:
        printer.print_string(" ")
        printer.print_list(operands, printer.print_operand)
        printer.print_string(" : ")
        printer.print_list([o.type for o in operands], printer.print_attribute)


EMITASC_OPS = [
    CallOpaqueOp,
    CopyStructOp,
    DeclarePyStructOp,
    DereferenceOp,
    MemberOp,
    MemberPtrOp,
    MemberRefOp,
    SetMemberOp,
    PtrOffsetOp,
    ReinterpretCastOp,
    VariableOp,
    VerbatimOp,
]

EmitAsc = Dialect("emitasc", EMITASC_OPS, [KernelArgAttr, PyStructType])
