"""Printing rules for the framework extras and list tensors whose C++ the `Cpp` facts do not
spell.

- `to_que_bind`: a TQue is a TQueBind (its base class); the object is bound by reference,
  since queues own hardware state and are never copied.
"""

from __future__ import annotations

from xdsl.ir import Operation

from ascdsl.dialects.ascendc import ToQueBindOp

from .emitter import Emitter, register


@register(ToQueBindOp)
def _to_que_bind(em: Emitter, op: Operation) -> None:
    assert isinstance(op, ToQueBindOp)
    t = em.value_ctype(op.result, op)
    em.line(f"{t}& {em.define(op.result)} = {em.name(op.source)};")
