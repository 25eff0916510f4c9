"""Printing rules for pyasc's `emitasc` ops (and `set_ffts_base_addr`), as pyasc prints them.

A py_struct is declared `#pragma pack(push, 8) struct Name {...}; #pragma pack(pop)`; a
struct kernel argument is copied into the kernel byte by byte (`copy_struct`); `verbatim`
replaces `$N` with the N-th operand's name.
"""

from __future__ import annotations

import re

from xdsl.dialects.builtin import MemRefType
from xdsl.ir import Operation

from ascdsl.dialects.ascendc import SetFftsBaseAddrOp
from ascdsl.dialects.emitasc import (
    CallOpaqueOp,
    CopyStructOp,
    DeclarePyStructOp,
    DereferenceOp,
    MemberOp,
    MemberPtrOp,
    MemberRefOp,
    PtrOffsetOp,
    PyStructType,
    ReinterpretCastOp,
    SetMemberOp,
    VariableOp,
    VerbatimOp,
)

from .ctypes import address_space_qualifier
from .emitter import Emitter, emit_error, register
from .std_rules import constant_literal


@register(PtrOffsetOp)
def _ptr_offset(em: Emitter, op: Operation) -> None:
    assert isinstance(op, PtrOffsetOp)
    if op.dynamic_offset is not None:
        offset = em.name(op.dynamic_offset)
    else:
        offset = str(op.static_offset.value.data)  # type: ignore[union-attr]
    em.declare(op.result, f"{em.name(op.base)} + {offset}", op)


@register(CallOpaqueOp)
def _call_opaque(em: Emitter, op: Operation) -> None:
    assert isinstance(op, CallOpaqueOp)
    call = f"{op.callee.data}({', '.join(em.name(v) for v in op.callee_operands)})"
    if op.result is None:
        em.line(f"{call};")
    else:
        em.declare(op.result, call, op)


@register(CopyStructOp)
def _copy_struct(em: Emitter, op: Operation) -> None:
    assert isinstance(op, CopyStructOp)
    t = em.value_ctype(op.result, op)
    base = em.name(op.base)
    space = address_space_qualifier(op.base.type) or ""  # type: ignore[arg-type]
    v = em.define(op.result)
    em.line(f"{t} {v};")
    em.line(f"for (size_t i = 0; i < sizeof({v}); i++) {{")
    em.push()
    em.line(f"auto byte = reinterpret_cast<{space}uint8_t*>({base})[i];")
    em.line(f"reinterpret_cast<uint8_t*>(&{v})[i] = byte;")
    em.pop()
    em.line("};")


@register(DeclarePyStructOp, module_level=True)
def _declare_py_struct(em: Emitter, op: Operation) -> None:
    assert isinstance(op, DeclarePyStructOp)
    struct = op.pystruct
    assert isinstance(struct, PyStructType)
    em.line("#pragma pack(push, 8)")
    em.line(f"struct {struct.struct_name.data} {{")
    em.push()
    for name, t in struct.fields:
        em.line(f"{em.ctype(t, op)} {name};")
    em.pop()
    em.line("};")
    em.line("#pragma pack(pop)")


@register(DereferenceOp)
def _dereference(em: Emitter, op: Operation) -> None:
    assert isinstance(op, DereferenceOp)
    t = em.value_ctype(op.result, op)
    em.line(f"{t}& {em.define(op.result)} = *{em.name(op.base)};")


@register(MemberOp)
def _member(em: Emitter, op: Operation) -> None:
    assert isinstance(op, MemberOp)
    access = "->" if isinstance(op.base.type, MemRefType) else "."
    em.declare(op.result, f"{em.name(op.base)}{access}{op.field.data}", op)


@register(SetMemberOp)
def _set_member(em: Emitter, op: Operation) -> None:
    assert isinstance(op, SetMemberOp)
    em.line(f"{em.name(op.base)}.{op.field.data} = {em.name(op.value)};")


def _field(op: MemberPtrOp | MemberRefOp) -> str:
    if op.field is not None:
        return op.field.data
    return f"field{op.index.value.data}"


@register(MemberPtrOp)
def _member_ptr(em: Emitter, op: Operation) -> None:
    assert isinstance(op, MemberPtrOp)
    t = em.value_ctype(op.result, op)
    em.declare(op.result, f"reinterpret_cast<{t}>(&{em.name(op.base)}->{_field(op)})", op)


@register(MemberRefOp)
def _member_ref(em: Emitter, op: Operation) -> None:
    assert isinstance(op, MemberRefOp)
    t = em.value_ctype(op.result, op)
    base = em.name(op.base)
    em.line(f"{t}& {em.define(op.result)} = reinterpret_cast<{t}&>({base}->{_field(op)});")


@register(ReinterpretCastOp)
def _reinterpret_cast(em: Emitter, op: Operation) -> None:
    assert isinstance(op, ReinterpretCastOp)
    t = em.value_ctype(op.result, op)
    em.declare(op.result, f"reinterpret_cast<{t}>({em.name(op.source)})", op)


@register(VariableOp)
def _variable(em: Emitter, op: Operation) -> None:
    assert isinstance(op, VariableOp)
    t = op.result.type
    assert isinstance(t, MemRefType)
    elem = em.ctype(t.element_type, op)
    dims = "".join(f"[{d}]" for d in t.get_shape())
    if op.dynamic_init is not None:
        init = em.name(op.dynamic_init)
    else:
        init = constant_literal(em, op, op.static_init, t.element_type)  # type: ignore[arg-type]
    em.line(f"{elem} {em.define(op.result)}{dims}{{{init}}};")


_OPERAND_REF = re.compile(r"\$([0-9]+)")


@register(VerbatimOp, module_level=True)
def _verbatim(em: Emitter, op: Operation) -> None:
    assert isinstance(op, VerbatimOp)
    args = list(op.args)

    def name(m: re.Match[str]) -> str:
        i = int(m.group(1))
        return em.name(args[i]) if i < len(args) else m.group(0)

    text = _OPERAND_REF.sub(name, op.value.data) if args else op.value.data
    for line in text.split("\n"):
        em.line(line)


@register(SetFftsBaseAddrOp)
def _set_ffts_base_addr(em: Emitter, op: Operation) -> None:
    assert isinstance(op, SetFftsBaseAddrOp)
    if not isinstance(op.addr.type, MemRefType):
        raise emit_error(op, f"takes a GM pointer, got {op.addr.type}")
    em.line(f"set_ffts_base_addr(*{em.name(op.addr)});")
