"""Printing rules for MLIR's `emitc` ops as pyasc prints them.

`emitc.include` and `emitc.verbatim` print where they stand (at module level too); an
`emitc.constant` is a numbered value, as pyasc prints it: `constexpr uint32_t vN = 0;`, or
with an opaque value `constexpr int32_t vN = ::AscendC::TOTAL_L1_SIZE;`; `emitc.cast` is a
C cast.
"""

from __future__ import annotations

from xdsl.ir import Operation

from ascdsl.dialects.emitc import CastOp, ConstantOp, IncludeOp, OpaqueAttr, VariableOp, VerbatimOp

from .emitter import Emitter, register
from .std_rules import constant_literal, emit_numbered_constant


@register(IncludeOp, module_level=True)
def _include(em: Emitter, op: Operation) -> None:
    assert isinstance(op, IncludeOp)
    header = op.include.data
    em.line(f"#include <{header}>" if op.standard else f'#include "{header}"')


@register(VerbatimOp, module_level=True)
def _verbatim(em: Emitter, op: Operation) -> None:
    assert isinstance(op, VerbatimOp)
    text = op.value.data
    for arg in op.args:
        text = text.replace("{}", em.name(arg), 1)
    for line in text.split("\n"):
        em.line(line)


@register(ConstantOp)
def _constant(em: Emitter, op: Operation) -> None:
    assert isinstance(op, ConstantOp)
    if isinstance(op.value, OpaqueAttr):
        t = em.value_ctype(op.result, op)
        em.line(f"constexpr {t} {em.define(op.result)} = {op.value.value.data};")
        return
    emit_numbered_constant(em, op, op.result, op.value)


@register(VariableOp)
def _variable(em: Emitter, op: Operation) -> None:
    assert isinstance(op, VariableOp)
    t = em.value_ctype(op.result, op)
    name = em.define(op.result)
    if isinstance(op.value, OpaqueAttr):
        init = op.value.value.data
        em.line(f"{t} {name} = {init};" if init else f"{t} {name};")
        return
    em.line(f"{t} {name} = {constant_literal(em, op, op.value, op.result.type)};")


@register(CastOp)
def _cast(em: Emitter, op: Operation) -> None:
    assert isinstance(op, CastOp)
    t = em.value_ctype(op.dest, op)
    em.declare(op.dest, f"({t}) {em.name(op.source)}", op)
