"""Ascend C for the DataCopy forms whose C++ the op facts do not spell: the sliced DataCopy
(SliceInfo arrays declared before the call) and SetPadValue<T, pos> (T is the value's type)."""

from __future__ import annotations

from xdsl.ir import Operation

from ascdsl.dialects.ascendc.ops_data_copy_ext import DataCopySliceOp, SetPadValueOp

from .emitter import Emitter, register


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
