"""Printing rules for advanced-API ops whose C++ the `Cpp` facts do not spell.

`ascendc.cumsum` prints as pyasc prints it: its three trailing operands go into an
`AscendC::CumSumInfo(...)` constructor call (see `CumSumOp` on why that differs from the real
API).
"""

from __future__ import annotations

from xdsl.ir import Operation

from ascdsl.dialects.ascendc import CumSumOp

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
