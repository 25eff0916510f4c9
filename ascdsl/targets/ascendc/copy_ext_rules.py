"""Ascend C for the DataCopy forms whose C++ the op facts do not spell: the sliced DataCopy
(SliceInfo arrays declared before the call), SetPadValue<T, pos> (T is the value's type), and
AIPP's configuration, which the headers declare as aggregates without constructors (assigned
member by member, as pyasc's translator does)."""

from __future__ import annotations

from xdsl.ir import Attribute, Operation

from ascdsl.dialects.ascendc import ConstructOp
from ascdsl.dialects.ascendc.ops_aipp import AippParamsType
from ascdsl.dialects.ascendc.ops_data_copy_ext import DataCopySliceOp, SetPadValueOp

from .ascendc_rules import CONSTRUCT_RULES
from .emitter import Emitter, emit_error, register


@register(DataCopySliceOp)
def _data_copy_slice(em: Emitter, op: Operation) -> None:
    # The C++ API takes `const SliceInfo dstSliceInfo[]`: declare one array per side, named
    # after its tensor as pyasc's translator names it.
    assert isinstance(op, DataCopySliceOp)
    dst, src = em.name(op.dst), em.name(op.src)
    arrays = []
    for tensor, infos in ((dst, op.dstSliceInfo), (src, op.srcSliceInfo)):
        name = em.unique(f"{tensor}_slice_info")
        em.line(f"AscendC::SliceInfo {name}[] = {{{', '.join(em.name(v) for v in infos)}}};")
        arrays.append(name)
    args = [dst, src, *arrays]
    if op.dimValue is not None:
        args.append(em.name(op.dimValue))
    em.line(f"AscendC::DataCopy({', '.join(args)});")


@register(SetPadValueOp)
def _set_pad_value(em: Emitter, op: Operation) -> None:
    assert isinstance(op, SetPadValueOp)
    t = em.value_ctype(op.paddingValue, op)
    pos = op.enum_value("pos").cpp  # type: ignore[attr-defined]
    em.line(f"AscendC::SetPadValue<{t}, {pos}>({em.name(op.paddingValue)});")


# --- AIPP: aggregates assigned member by member ------------------------------------------------


def _element_of_part(op: ConstructOp) -> Attribute | None:
    """T of AippPaddingParams<T> / AippChannelPaddingParams<T>: the padding value's type."""
    if op.types is not None and len(op.types.data) > 1:
        return op.types.data[1]
    return op.args[1].type if len(op.args) > 1 else None


def _assign_fields(em: Emitter, target: str, part: ConstructOp) -> None:
    names = part.result.type.field_names()  # type: ignore[attr-defined]
    for name, value in zip(names, part.args):
        em.line(f"{target}.{name} = {em.name(value)};")


def _aipp_part(em: Emitter, op: ConstructOp) -> None:
    # Inside an AippParams the parts are assigned through it (pyasc's translator prints an
    # empty statement for each); a part used on its own is declared and assigned.
    if all(isinstance(u.operation, ConstructOp) and isinstance(u.operation.result.type,
                                                               AippParamsType)
           for u in op.result.uses) and op.result.uses:
        if em.pyasc_spelling:
            em.line(";")
        return
    t = op.result.type
    cpp = t.CPP  # type: ignore[attr-defined]
    if None in t.field_cpp_types():  # type: ignore[attr-defined]
        elem = _element_of_part(op)
        cpp = f"{cpp}<{em.ctype(elem, op)}>" if elem is not None else cpp
    name = em.define(op.result)
    em.line(f"{cpp} {name};")
    _assign_fields(em, name, op)


def _aipp_params(em: Emitter, op: ConstructOp) -> None:
    parts = [v.owner if isinstance(v.owner, ConstructOp) else None for v in op.args]
    padding = parts[0] if parts else None
    elem = _element_of_part(padding) if padding is not None else None
    if elem is None:
        raise emit_error(op, "AippParams<T>: T (the padding value's type) cannot be inferred: "
                             "build the padding params in the kernel")
    name = em.define(op.result)
    em.line(f"AscendC::AippParams<{em.ctype(elem, op)}> {name};")
    for member_type, value, part in zip(AippParamsType.PARTS, op.args, parts):
        target = f"{name}.{member_type.MEMBER}"
        if part is not None:
            _assign_fields(em, target, part)
        else:
            em.line(f"{target} = {em.name(value)};")
    if em.pyasc_spelling:
        em.line(";")  # pyasc's translator ends the assignments with an empty statement


for _part in AippParamsType.PARTS:
    CONSTRUCT_RULES[_part] = _aipp_part
CONSTRUCT_RULES[AippParamsType] = _aipp_params
