"""Printing rules for the vector ops whose C++ the facts do not spell: GatherMask (its kept
count is an out-parameter, declared before the call, as pyasc prints it)."""

from __future__ import annotations

from xdsl.ir import Operation

from ascdsl.dialects.ascendc import GatherMaskOp, LocalTensorType

from .emitter import Emitter, register


@register(GatherMaskOp)
def _gather_mask(em: Emitter, op: Operation) -> None:
    assert isinstance(op, GatherMaskOp)
    count = op.rsvdCnt
    em.line(f"uint64_t {em.define(count)};")
    template = [em.ctype(op.dst.type.element_type, op)]  # type: ignore[attr-defined]
    pattern = op.src1Pattern.type
    if isinstance(pattern, LocalTensorType):  # a pattern tensor adds its element type
        template.append(em.ctype(pattern.element_type, op))
    template.append(op.enum_value("gatherMaskMode").cpp)
    args = [em.name(v) for v in op.operands] + [em.name(count)]
    em.line(f"AscendC::GatherMask<{', '.join(template)}>({', '.join(args)});")
