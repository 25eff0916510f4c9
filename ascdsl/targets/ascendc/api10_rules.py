"""Printing rules for the framework extras and list tensors whose C++ the `Cpp` facts do not
spell.

- `to_que_bind`: a TQue is a TQueBind (its base class); the object is bound by reference,
  since queues own hardware state and are never copied;
- `tensor_desc`: `AscendC::TensorDesc v = AscendC::TensorDesc<T>();` (pyasc's type has no T);
- `tensor_desc_set_shape_addr`: the ui64 address cast to the `uint64_t*` the API takes.
"""

from __future__ import annotations

from xdsl.ir import Operation

from ascdsl.dialects.ascendc import TensorDescOp, TensorDescSetShapeAddrOp, ToQueBindOp

from .ctypes import ctype
from .emitter import Emitter, emit_error, register


@register(ToQueBindOp)
def _to_que_bind(em: Emitter, op: Operation) -> None:
    assert isinstance(op, ToQueBindOp)
    t = em.value_ctype(op.result, op)
    em.line(f"{t}& {em.define(op.result)} = {em.name(op.source)};")


@register(TensorDescOp)
def _tensor_desc(em: Emitter, op: Operation) -> None:
    # pyasc's spelling: the variable without its element type (C++17 deduces it).
    assert isinstance(op, TensorDescOp)
    elem = ctype(op.elementType)
    if elem is None:
        raise emit_error(op, f"element type {op.elementType} has no C++ spelling")
    t = em.value_ctype(op.tensorDesc, op)
    em.line(f"{t} {em.define(op.tensorDesc)} = {t}<{elem}>();")


@register(TensorDescSetShapeAddrOp)
def _set_shape_addr(em: Emitter, op: Operation) -> None:
    # SetShapeAddr takes `uint64_t*`; the IR holds the address as a ui64.
    assert isinstance(op, TensorDescSetShapeAddrOp)
    em.line(f"{em.name(op.tensorDesc)}.SetShapeAddr((uint64_t* ){em.name(op.shapePtr)});")
