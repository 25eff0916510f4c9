"""Printing rules of the merge-sort ops whose C++ the `Cpp` facts do not spell.

- `mrg_sort`: the API takes `const uint16_t elementCountList[4]` and `uint32_t sortedNum[4]`;
  the IR holds four values each, so they become two arrays named as pyasc names them
  (`<dst>_element_count_list_<N>`, `<dst>_sorted_num_<N>`, N counted over the module). A
  value whose C++ type is not the array's is cast in the compiled source (a brace
  initializer must not narrow); pyasc's spelling passes it as it is.
- `get_mrg_sort_result`: the four counts come back through `uint16_t&` arguments, so they
  are declared first and passed by name.
"""

from __future__ import annotations

from xdsl.ir import Operation

from ascdsl.dialects.ascendc import GetMrgSortResultOp, MrgSortOp

from .emitter import Emitter, register


def _array_items(em: Emitter, op: Operation, values, cpp: str) -> str:
    out = []
    for v in values:
        name = em.name(v)
        if not em.pyasc_spelling and em.value_ctype(v, op) != cpp:
            name = f"static_cast<{cpp}>({name})"
        out.append(name)
    return ", ".join(out)


@register(MrgSortOp)
def _mrg_sort(em: Emitter, op: Operation) -> None:
    assert isinstance(op, MrgSortOp)
    dst = em.name(op.dst)
    counts = em.counted_name(f"{dst}_element_count_list", MrgSortOp)
    n = counts.rsplit("_", 1)[1]
    done = em.unique(f"{dst}_sorted_num_{n}")
    elem = em.ctype(op.dst.type.element_type, op)
    flag = 1 if op.isExhaustedSuspension is not None else 0
    em.line(f"uint16_t {counts}[] = {{{_array_items(em, op, op.elementCountList, 'uint16_t')}}};")
    em.line(f"uint32_t {done}[] = {{{_array_items(em, op, op.sortedNum, 'uint32_t')}}};")
    # validBit and repeatTime are scalars: they convert implicitly in the call.
    args = [dst, em.name(op.sortList), counts, done, em.name(op.validBit),
            em.name(op.repeatTime)]
    em.line(f"AscendC::MrgSort<{elem}, {flag}>({', '.join(args)});")


@register(GetMrgSortResultOp)
def _get_mrg_sort_result(em: Emitter, op: Operation) -> None:
    assert isinstance(op, GetMrgSortResultOp)
    names = []
    for r in op.results:
        name = em.define(r)
        em.line(f"uint16_t {name};")
        names.append(name)
    em.line(f"AscendC::GetMrgSortResult({', '.join(names)});")
