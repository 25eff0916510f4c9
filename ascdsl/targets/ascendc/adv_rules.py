"""Printing rules for advanced-API ops whose C++ the `Cpp` facts do not spell.

`ascendc.cumsum` prints as pyasc prints it: its three trailing operands go into an
`AscendC::CumSumInfo(...)` constructor call (see `CumSumOp` on why that differs from the real
API).

`ascendc.broadcast` takes its shapes as `const uint32_t dstShape[dim]` arrays: they are
declared first (`<dst>_dst_shape`, `<dst>_src_shape`), each value cast to uint32_t where its
C++ type differs (a brace initializer must not narrow), and passed by name.
"""

from __future__ import annotations

from xdsl.ir import Operation

from ascdsl.dialects.ascendc import BroadCastOp, CumSumOp

from .emitter import Emitter, register


@register(CumSumOp)
def _cumsum(em: Emitter, op: Operation) -> None:
    assert isinstance(op, CumSumOp)
    tensors = [op.dst, op.lastRow, op.src]
    if op.sharedTmpBuffer is not None:
        tensors.append(op.sharedTmpBuffer)
    info = ", ".join(em.name(v) for v in (op.lastAxis, op.reuseSource, op.outputLastRow))
    args = ", ".join([*(em.name(v) for v in tensors), f"AscendC::CumSumInfo({info})"])
    em.line(f"AscendC::CumSum({args});")


def _shape_array(em: Emitter, op: Operation, name: str, values) -> str:
    items = []
    for v in values:
        item = em.name(v)
        if em.value_ctype(v, op) != "uint32_t":
            item = f"static_cast<uint32_t>({item})"
        items.append(item)
    array = em.unique(name)
    em.line(f"const uint32_t {array}[{len(items)}] = {{{', '.join(items)}}};")
    return array


@register(BroadCastOp)
def _broadcast(em: Emitter, op: Operation) -> None:
    assert isinstance(op, BroadCastOp)
    dst = em.name(op.dst)
    dst_shape = _shape_array(em, op, f"{dst}_dst_shape", op.dstShape)
    src_shape = _shape_array(em, op, f"{dst}_src_shape", op.srcShape)
    elem = em.ctype(op.dst.type.element_type, op)
    args = [dst, em.name(op.src), dst_shape, src_shape]
    if op.sharedTmpBuffer is not None:
        args.append(em.name(op.sharedTmpBuffer))
    em.line(f"AscendC::BroadCast<{elem}, {op.dim.value.data}, {op.axis.value.data}>"
            f"({', '.join(args)});")
