"""Printing rules for `ascendc` ops, compiled from each op's declared `CPP` facts.

`compile_cpp_rule(cls)` turns a `Cpp(api, style, template, args)` declaration into a rule once
per op class: each template and argument source becomes a small function of the op, and the
style (FREE, MEMBER, CTOR, OPERATOR, SUBSCRIPT) picks the statement shape. Ops whose C++ is not
expressible by those facts have a rule here, registered by op class or family base:
`construct` (braced init with casts to the struct's field types), `get_tpipe_ptr` (a pointer
the printer binds by reference), the system-variable reads (cast to the IR result type), and
`local_tensor_auto` (no C++ until materialize-tensor gives it a buffer).
"""

from __future__ import annotations

from collections.abc import Callable

from xdsl.dialects.arith import ConstantOp
from xdsl.dialects.builtin import (
    IntegerAttr,
    MemRefType,
    StringAttr,
    UnitAttr,
    UnrankedMemRefType,
)
from xdsl.ir import Attribute, Operation, SSAValue

from ascdsl.dialects.ascendc import (
    AscendCOp,
    ConstructOp,
    CppStyle,
    GetBlockIdxOp,
    GetBlockNumOp,
    GetSubBlockIdxOp,
    GetTPipePtrOp,
    LocalMemAllocatorOp,
    LocalTensorAutoOp,
    ParamStructType,
)
from ascdsl.dialects.ascendc.ops_cmpsel import CompareOpBase
from ascdsl.dialects.scalar_types import cpp_int_width, cpp_is_unsigned

from .ctypes import ctype, scalar_ctype
from .emitter import Emitter, Rule, emit_error, register

Source = Callable[[Emitter, Operation], list[str]]

# Family base -> the parameter struct a `braced:a,b,...` source builds (no family needs one
# since Cast takes its UnaryRepeatParams as one operand, as pyasc does; kept for extensions).
BRACED_STRUCTS: dict[type[Operation], type[ParamStructType]] = {}


class DeclarationError(Exception):
    """An op's CPP declaration names something the op does not have (a dialect bug)."""


def compile_cpp_rule(cls: type[Operation]) -> Rule | None:
    """The rule printing `cls` from its `CPP` facts; None when it has none to print from."""
    cpp = getattr(cls, "CPP", None)
    if not issubclass(cls, AscendCOp) or cpp is None or cpp.style is CppStyle.SPECIAL:
        return None
    defn = cls.get_irdl_definition()
    operands = [n for n, _ in defn.operands]
    results = [n for n, _ in defn.results]
    if len(results) > 1:
        raise DeclarationError(f"{cls.name}: {len(results)} results cannot be one C++ value")
    result = results[0] if results else None
    style = cpp.style
    template = [_source(cls, s, operands, results, True) for s in cpp.template]
    pyasc_template = template if cpp.pyasc_template is None else [
        _source(cls, s, operands, results, True) for s in cpp.pyasc_template]
    if cpp.args is None:
        names = operands[1:] if style is CppStyle.MEMBER else operands
        args = [_operand_source(cls, n) for n in names]
    else:
        args = [_source(cls, s, operands, results, False) for s in cpp.args]

    def render(em: Emitter, op: Operation) -> tuple[str, str]:
        tmpl = ""
        chosen = pyasc_template if em.pyasc_spelling else template
        if chosen:
            parts: list[str] = []
            for t in chosen:
                parts += t(em, op)
            tmpl = f"<{', '.join(parts)}>"
        values: list[str] = []
        for a in args:
            values += a(em, op)
        return tmpl, ", ".join(values)

    def finish(em: Emitter, op: Operation, expr: str) -> None:
        if result is None:
            em.line(expr + ";")
        else:
            em.declare(getattr(op, result), expr, op)

    if style is CppStyle.FREE:
        qualified = cpp.namespace + cpp.api

        def free(em: Emitter, op: Operation) -> None:
            tmpl, values = render(em, op)
            finish(em, op, f"{qualified}{tmpl}({values})")

        return free

    if style is CppStyle.MEMBER:
        if not operands:
            raise DeclarationError(f"{cls.name}: a member call needs a receiver operand")
        receiver = operands[0]
        api = cpp.api

        def member(em: Emitter, op: Operation) -> None:
            tmpl, values = render(em, op)
            finish(em, op, f"{em.name(getattr(op, receiver))}.{api}{tmpl}({values})")

        return member

    if style is CppStyle.CTOR:
        if result is None:
            raise DeclarationError(f"{cls.name}: a constructor needs a result")

        def ctor(em: Emitter, op: Operation) -> None:
            tmpl, values = render(em, op)
            value = getattr(op, result)
            t = em.value_ctype(value, op)
            if values:
                em.line(f"{t} {em.define(value)} = {t}({values});")
            else:
                em.line(f"{t} {em.define(value)};")

        return ctor

    if style is CppStyle.SUBSCRIPT:
        if result is None or len(operands) != 2:
            raise DeclarationError(f"{cls.name}: a subscript reads operand[index] into a result")
        base, index = operands
        brackets = cpp.api
        pyasc_brackets = cpp.pyasc_api or brackets

        def subscript(em: Emitter, op: Operation) -> None:
            pair = pyasc_brackets if em.pyasc_spelling else brackets
            expr = f"{em.name(getattr(op, base))}{pair[0]}{em.name(getattr(op, index))}{pair[1]}"
            em.declare(getattr(op, result), expr, op)

        return subscript

    if style is CppStyle.OPERATOR:
        if len(args) != 3 or result is not None:
            raise DeclarationError(f"{cls.name}: an operator form is dst = src0 op src1")
        op_token = cpp.api

        def operator(em: Emitter, op: Operation) -> None:
            dst, src0, src1 = (a(em, op)[0] for a in args)
            em.line(f"{dst} = {src0}.operator{op_token}({src1});")

        return operator

    raise DeclarationError(f"{cls.name}: unknown C++ style {style}")


# --- sources ---------------------------------------------------------------------------------


def _operand_source(cls: type[Operation], name: str) -> Source:
    defn = cls.get_irdl_definition()
    kinds = {n: type(d).__name__ for n, d in defn.operands}
    if name not in kinds:
        raise DeclarationError(f"{cls.name}: CPP names operand '{name}', which it does not have")
    kind = kinds[name]
    if kind.startswith("Var"):
        if name == "mask" and getattr(cls, "BITS_MASK", getattr(cls, "LEVEL", "") == "l1"):
            return _mask_list_source(cls, name)

        def variadic(em: Emitter, op: Operation) -> list[str]:
            return [em.name(v) for v in getattr(op, name)]

        return variadic
    if kind.startswith("Opt"):

        def optional(em: Emitter, op: Operation) -> list[str]:
            v = getattr(op, name)
            return [] if v is None else [em.name(v)]

        return optional

    def single(em: Emitter, op: Operation) -> list[str]:
        return [em.name(getattr(op, name))]

    return single


def _mask_list_source(cls: type[Operation], name: str) -> Source:
    """L1 APIs take the mask as a `uint64_t mask[]`: declare the array, pass its name."""

    # pyasc's own Compare printers name the array without a number.
    numbered = not issubclass(cls, CompareOpBase)

    def mask_list(em: Emitter, op: Operation) -> list[str]:
        words = getattr(op, name)
        if not words:
            raise emit_error(op, "an L1 mask needs at least one ui64 word")
        array = em.mask_list_name(em.name(op.operands[0]), type(op), numbered)
        em.line(f"uint64_t {array}[] = {{{', '.join(em.name(w) for w in words)}}};")
        return [array]

    return mask_list


def _source(
    cls: type[Operation], spec: str, operands: list[str], results: list[str], template: bool
) -> Source:
    kind, sep, arg = spec.partition(":")
    if not sep:
        return _operand_source(cls, spec)
    if kind == "elem":
        if arg not in operands and arg not in results:
            raise DeclarationError(f"{cls.name}: 'elem:{arg}' names no operand or result")

        def elem(em: Emitter, op: Operation) -> list[str]:
            value: SSAValue = getattr(op, arg)
            t = getattr(value.type, "element_type", None)
            spelled = scalar_ctype(t) if t is not None else None
            if spelled is None:
                raise emit_error(op, f"'{arg}' of type {value.type} has no C++ element type")
            return [spelled]

        return elem
    if kind == "enum":
        enum = getattr(cls, "ENUMS", {}).get(arg)
        if enum is None:
            raise DeclarationError(f"{cls.name}: 'enum:{arg}' is not a declared enum property")

        def enum_source(em: Emitter, op: Operation) -> list[str]:
            value = op.enum_value(arg)  # type: ignore[attr-defined]
            return [value.cpp]

        return enum_source
    if kind == "int":

        def int_source(em: Emitter, op: Operation) -> list[str]:
            attr = op.properties.get(arg)
            if not isinstance(attr, IntegerAttr):
                raise emit_error(op, f"'{arg}' must be an integer attribute")
            return [str(attr.value.data)]

        return int_source
    if kind == "flag":

        def flag(em: Emitter, op: Operation) -> list[str]:
            return ["1" if isinstance(op.properties.get(arg), UnitAttr) else "0"]

        return flag
    if kind == "type":

        def type_source(em: Emitter, op: Operation) -> list[str]:
            return [em.ctype(op.properties[arg], op)]

        return type_source
    if kind == "value":
        operand = _operand_source(cls, arg)

        def value(em: Emitter, op: Operation) -> list[str]:
            v = getattr(op, arg)
            owner = v.owner
            constant = isinstance(owner, ConstantOp) and isinstance(owner.value, IntegerAttr)
            # pyasc's translator prints the variable's name as the template argument
            # (`SetHcclContext<v2>(v1)`), which no C++ compiler takes: only the compiled
            # source stops here.
            if not constant and not em.pyasc_spelling:
                raise emit_error(
                    op,
                    f"'{arg}' is a C++ template argument and must be an integer "
                    "arith.constant",
                )
            return operand(em, op)

        return value
    if kind == "str":

        def string(em: Emitter, op: Operation) -> list[str]:
            attr = op.properties.get(arg)
            if not isinstance(attr, StringAttr):
                raise emit_error(op, f"'{arg}' must be a string")
            return [c_string(attr.data)]

        return string
    if kind == "braced":
        struct = next((BRACED_STRUCTS[k] for k in cls.__mro__ if k in BRACED_STRUCTS), None)
        if struct is None:
            raise DeclarationError(f"{cls.name}: no parameter struct known for '{spec}'")
        fields = [_operand_source(cls, n) for n in arg.split(",")]
        cpp = struct.CPP

        def braced(em: Emitter, op: Operation) -> list[str]:
            values = [f(em, op)[0] for f in fields]
            return [f"{cpp}({', '.join(values)})"]

        return braced
    raise DeclarationError(f"{cls.name}: unknown C++ source '{spec}'")


def c_string(text: str) -> str:
    """A C string literal holding `text` (UTF-8 bytes, escaped)."""
    out = ['"']
    for byte in text.encode("utf-8"):
        ch = chr(byte)
        if ch == '"' or ch == "\\":
            out.append("\\" + ch)
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\t":
            out.append("\\t")
        elif 0x20 <= byte < 0x7F:
            out.append(ch)
        else:
            # Octal, which (unlike \x) cannot swallow the digits that follow.
            out.append(f"\\{byte:03o}")
    out.append('"')
    return "".join(out)


# --- ops whose C++ the facts do not spell ------------------------------------------------------


# Structs another module prints itself (AIPP's nested aggregates), by the constructed type's
# class.
CONSTRUCT_RULES: dict[type, Callable[[Emitter, ConstructOp], None]] = {}


@register(ConstructOp)
def _construct(em: Emitter, op: Operation) -> None:
    assert isinstance(op, ConstructOp)
    special = CONSTRUCT_RULES.get(type(op.result.type))
    if special is not None:
        special(em, op)
        return
    construct_braced(em, op)


def construct_braced(em: Emitter, op: ConstructOp) -> None:
    """`T name{values...}`: the struct from its values, each converted to its field's type."""
    result = op.result
    t = em.value_ctype(result, op)
    struct = result.type
    if (op.isConstexpr is not None and isinstance(struct, ParamStructType)
            and not getattr(struct, "CONSTEXPR_CTOR", False)):
        raise emit_error(
            op, f"{struct.CPP} has no constexpr constructor; construct it without `constexpr`"
        )
    prefix = ("static " if op.isStatic is not None else "") + (
        "constexpr " if op.isConstexpr is not None else ""
    )
    targets = _construct_targets(op, em.pyasc_spelling)
    values = [
        _converted(em, op, v, target, i) for i, (v, target) in enumerate(zip(op.args, targets))
    ]
    if (isinstance(struct, ParamStructType) and 0 < len(values) < len(struct.FIELDS)
            and len(values) not in getattr(struct, "CTOR_ARITIES", ())
            and not (em.pyasc_spelling and op.types is not None)):
        # The structs' constructors take every field: the rest keep their documented defaults
        # (an enum or half field takes its default through a cast: `0` does not convert).
        # With an explicit cast list pyasc's translator prints just the values it was given
        # (its lit test core.mlir: `UnaryRepeatParams v22{v1, static_cast<uint32_t>(v2), ...}`).
        cpps = struct.field_cpp_types()
        values += [
            str(d) if cpps[i] is None or cpps[i] in _INT_RANGES else f"static_cast<{cpps[i]}>({d})"
            for i, d in enumerate(struct.defaults()) if i >= len(values)
        ]
    name = em.define(result)
    if values:
        em.line(f"{prefix}{t} {name}{{{', '.join(values)}}};")
    else:
        em.line(f"{prefix}{t} {name};")


def _construct_targets(
    op: ConstructOp, pyasc_spelling: bool = False
) -> list[tuple[str, Attribute | None] | None]:
    """Per argument: (C++ type, IR type if known) it initializes, or None if unknown."""
    n = len(op.args)
    struct = op.result.type
    if op.types is not None:
        fields = struct.ctor_cpp_types(n) if isinstance(struct, ParamStructType) else ()
        out: list[tuple[str, Attribute | None] | None] = []
        for i, t in enumerate(op.types.data):
            spelled = ctype(t)
            if spelled is None:
                raise emit_error(op, f"cast type {t} has no Ascend C spelling")
            field = fields[i] if i < len(fields) else None
            if not pyasc_spelling and _narrows(spelled, field):
                # pyasc's frontend lists some fields wider than the header declares them
                # (uint64_t for DataCopyCO12DstParams' uint16_t sizes): its brace initializer
                # narrows, which C++ refuses for a value that is not a constant. The value
                # converts to the field's type either way, so cast to that.
                out.append((field, None))  # type: ignore[arg-type]
                continue
            out.append((spelled, t))
        return out
    if isinstance(struct, ParamStructType):
        # A field typed by a template parameter (None) takes the value as it is.
        return [(c, None) if c is not None else None for c in struct.field_cpp_types()[:n]]
    return [None] * n


def _narrows(listed: str, field: str | None) -> bool:
    """A value of C++ type `listed` does not fit every `field` (both plain integers)."""
    if field is None or listed not in _INT_RANGES or field not in _INT_RANGES:
        return False
    (lo, hi), (flo, fhi) = _INT_RANGES[listed], _INT_RANGES[field]
    return lo < flo or hi > fhi


_INT_RANGES = {
    "bool": (0, 1),
    "int8_t": (-(2**7), 2**7 - 1),
    "int16_t": (-(2**15), 2**15 - 1),
    "int32_t": (-(2**31), 2**31 - 1),
    "int64_t": (-(2**63), 2**63 - 1),
    "uint8_t": (0, 2**8 - 1),
    "uint16_t": (0, 2**16 - 1),
    "uint32_t": (0, 2**32 - 1),
    "uint64_t": (0, 2**64 - 1),
}


def _converted(
    em: Emitter,
    op: ConstructOp,
    value: SSAValue,
    target: tuple[str, Attribute | None] | None,
    index: int,
) -> str:
    """The argument as the field's type: a brace initializer must not narrow."""
    name = em.name(value)
    if target is None:
        return name
    cpp, ir_type = target
    own = em.value_ctype(value, op)
    if own == cpp:
        return name
    if isinstance(ir_type, MemRefType | UnrankedMemRefType) or cpp.endswith("*"):
        # An array declared unsigned (`ascendc.emit_as_unsigned`, as pyasc marks ShapeInfo's
        # shapes) already has the pointee type: the cast is a static one, as pyasc prints it.
        owner = value.owner
        if isinstance(owner, Operation) and "ascendc.emit_as_unsigned" in owner.attributes:
            return f"static_cast<{cpp}>({name})"
        if em.pyasc_spelling and op.types is None:
            return name  # as below: pyasc passes the pointer as it is (its lit test core.mlir)
        return f"reinterpret_cast<{cpp}>({name})"
    owner = value.owner
    struct = op.result.type
    ctor = struct.ctor_cpp_types(len(op.args)) if isinstance(struct, ParamStructType) else ()
    field = ctor[index] if index < len(ctor) else None
    # the field's range when the cast is to a wider type (pyasc's lists): the value lands there
    checked = field if _narrows(cpp, field) else cpp
    if (isinstance(owner, ConstantOp) and isinstance(owner.value, IntegerAttr)
            and checked in _INT_RANGES):
        lo, hi = _INT_RANGES[checked]
        v = owner.value.value.data
        if cpp_is_unsigned(value.type) and v < 0:
            v += 2 ** cpp_int_width(value.type)  # the C++ value of a negative unsigned constant
        if not lo <= v <= hi:
            if isinstance(struct, ParamStructType):
                where = f"{struct.field_names()[index]}, a {checked} field of {struct.CPP}"
            else:
                where = f"argument {index} ({checked})"
            raise emit_error(op, f"value {v} does not fit {where}")
    if em.pyasc_spelling and op.types is None:
        # pyasc's translator casts only to the types a `types` attribute names; without one
        # it passes each value as it is (an enum field then gets an int: not C++).
        return name
    # A constant that fits would convert without narrowing too; pyasc's translator casts
    # every argument whose type is not the field's, and the source is compared with its.
    return f"static_cast<{cpp}>({name})"


@register(GetTPipePtrOp)
def _get_tpipe_ptr(em: Emitter, op: Operation) -> None:
    # GetTPipePtr() returns TPipe*; a reference keeps `pipe.Member()` uniform for users.
    # It is a global function of the Ascend C headers (kernel_common.h), not in AscendC::.
    result = op.results[0]
    t = em.value_ctype(result, op)
    em.line(f"{t}& {em.define(result)} = *GetTPipePtr();")


@register(GetBlockIdxOp, GetBlockNumOp, GetSubBlockIdxOp)
def _system_variable(em: Emitter, op: Operation) -> None:
    # The API returns int64_t; the IR picks the result type (index, i32, i64). As pyasc's
    # translator: GetBlockIdx/GetBlockNum always through a static_cast, GetSubBlockIdx as it
    # is (an implicit conversion).
    result = op.results[0]
    t = em.value_ctype(result, op)
    api = type(op).CPP.qualified  # type: ignore[attr-defined]
    call = f"{api}()" if isinstance(op, GetSubBlockIdxOp) else f"static_cast<{t}>({api}())"
    em.line(f"{t} {em.define(result)} = {call};")


@register(LocalTensorAutoOp)
def _local_tensor_auto(em: Emitter, op: Operation) -> None:
    raise emit_error(
        op,
        "is a compiler-managed tensor with no Ascend C form yet; run materialize-tensor "
        "(or the whole --ascdsl-default pipeline) before printing Ascend C",
    )


_allocator_rule = compile_cpp_rule(LocalMemAllocatorOp)


@register(LocalMemAllocatorOp)
def _local_mem_allocator(em: Emitter, op: Operation) -> None:
    # pyasc prints a GM allocator; the headers static_assert on it, so the compilable source
    # stops at the op instead of at bisheng.
    assert isinstance(op, LocalMemAllocatorOp) and _allocator_rule is not None
    refused = op.unsupported_hardware()
    if refused is not None and not em.pyasc_spelling:
        raise emit_error(op, refused)
    _allocator_rule(em, op)
