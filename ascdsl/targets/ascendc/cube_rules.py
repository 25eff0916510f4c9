"""Printing rules for cube ops whose C++ the `Cpp` facts do not spell.

`Fixpipe<dstT, srcT, config>(...)`: the FixpipeConfig is a template argument, so it is named
after the constant the IR built it from (`AscendC::CFG_ROW_MAJOR`), as pyasc prints it; the
config value itself is not an argument of the call.
"""

from __future__ import annotations

from xdsl.ir import Operation

from ascdsl.dialects.ascendc import (
    AscendIsAICOp,
    AscendIsAIVOp,
    FixpipeOp,
    FixpipeWithWorkspaceOp,
    GetSubBlockNumOp,
)
from ascdsl.dialects.ascendc.types_cube import CO2Layout

from .ctypes import scalar_ctype
from .emitter import Emitter, emit_error, register

# The constexpr FixpipeConfig the headers define for each layout (kernel_struct_fixpipe.h).
_CONFIGS = {
    CO2Layout.NZ: "AscendC::CFG_NZ",
    CO2Layout.ROW_MAJOR: "AscendC::CFG_ROW_MAJOR",
    CO2Layout.COLUMN_MAJOR: "AscendC::CFG_COLUMN_MAJOR",
}


@register(FixpipeOp, FixpipeWithWorkspaceOp)
def _fixpipe(em: Emitter, op: Operation) -> None:
    assert isinstance(op, FixpipeOp | FixpipeWithWorkspaceOp)
    layout = op.layout()
    if layout is None:
        raise emit_error(
            op,
            "the FixpipeConfig is a C++ template argument: build it with ascendc.construct "
            "from a constant CO2Layout (0 NZ, 1 ROW_MAJOR, 2 COLUMN_MAJOR)",
        )
    types = []
    for v in (op.dst, op.src):
        t = scalar_ctype(v.type.element_type)  # type: ignore[attr-defined]
        if t is None:
            raise emit_error(op, f"'{v.type}' has no C++ element type")
        types.append(t)
    tensors = [op.dst, op.src]
    if isinstance(op, FixpipeWithWorkspaceOp):
        tensors.append(op.cbuf_workspace)
    args = ", ".join(em.name(v) for v in (*tensors, op.params))
    em.line(f"AscendC::Fixpipe<{types[0]}, {types[1]}, {_CONFIGS[layout]}>({args});")


@register(AscendIsAICOp, AscendIsAIVOp)
def _core_type(em: Emitter, op: Operation) -> None:
    # pyasc's spelling: the core-type global the ASCEND_IS_AIC/AIV macros test.
    assert isinstance(op, AscendIsAICOp | AscendIsAIVOp)
    t = em.value_ctype(op.value, op)
    em.line(f"{t} {em.define(op.value)} = g_coreType == AscendC::{op.CORE};")


@register(GetSubBlockNumOp)
def _sub_block_num(em: Emitter, op: Operation) -> None:
    assert isinstance(op, GetSubBlockNumOp)
    t = em.value_ctype(op.value, op)
    em.line(f"{t} {em.define(op.value)} = AscendC::GetSubBlockNum();")
