"""Printing rules for the framework extras and list tensors whose C++ the `Cpp` facts do not
spell.

- `to_que_bind`: a TQue is a TQueBind (its base class); the object is bound by reference,
  since queues own hardware state and are never copied;
- `tensor_desc`: `AscendC::TensorDesc v = AscendC::TensorDesc<T>();` (pyasc's type has no T);
- `tensor_desc_set_shape_addr`: the ui64 address cast to the `uint64_t*` the API takes;
- `trans_data_to_5hd*`: `TransDataTo5HD<T>` with T inferred as pyasc infers it, the list forms
  through arrays named as pyasc names them (`<dst0>_list`, `<params>_dst_list`); a name the
  block already declares gets a suffix, where pyasc's output would redeclare it.
"""

from __future__ import annotations

from xdsl.ir import Operation

from ascdsl.dialects.ascendc import (
    TensorDescOp,
    TensorDescSetShapeAddrOp,
    ToQueBindOp,
    TransDataTo5HDOp,
    TransDataTo5HDTensorListOp,
    TransDataTo5HDUintListOp,
)
from ascdsl.dialects.ascendc.ops_trans5hd import data_element_type

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


def _t5hd_elem(em: Emitter, op: Operation) -> str:
    t = data_element_type(op)  # type: ignore[arg-type]
    if t is None:
        raise emit_error(op, "the element type of TransDataTo5HD<T> cannot be inferred: the "
                             "addresses must come from LocalTensor.get_phy_addr")
    return em.ctype(t, op)


@register(TransDataTo5HDOp)
def _trans_5hd(em: Emitter, op: Operation) -> None:
    assert isinstance(op, TransDataTo5HDOp)
    elem = _t5hd_elem(em, op)
    em.line(f"AscendC::TransDataTo5HD<{elem}>({em.name(op.dst)}, {em.name(op.src)}, "
            f"{em.name(op.params)});")


@register(TransDataTo5HDTensorListOp, TransDataTo5HDUintListOp)
def _trans_5hd_list(em: Emitter, op: Operation) -> None:
    assert isinstance(op, TransDataTo5HDTensorListOp | TransDataTo5HDUintListOp)
    elem = _t5hd_elem(em, op)
    if isinstance(op, TransDataTo5HDTensorListOp):
        array_t = f"AscendC::LocalTensor<{elem}>"
        dst = em.unique(f"{em.name(op.dst_list[0])}_list")
        dst_decl = f"{array_t} {dst}"
        src = em.unique(f"{em.name(op.src_list[0])}_list")
        src_decl = f"{array_t} {src}"
    else:
        params = em.name(op.params)
        dst = em.unique(f"{params}_dst_list")
        dst_decl = f"uint64_t {dst}"
        src = em.unique(f"{params}_src_list")
        src_decl = f"uint64_t {src}"
    em.line(f"{dst_decl}[] = {{{', '.join(em.name(v) for v in op.dst_list)}}};")
    em.line(f"{src_decl}[] = {{{', '.join(em.name(v) for v in op.src_list)}}};")
    em.line(f"AscendC::TransDataTo5HD<{elem}>({dst}, {src}, {em.name(op.params)});")
