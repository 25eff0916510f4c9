"""MLIR's `emitc` dialect: number constants and C casts run; C++ text has no run-time meaning.

`emitc.include` and `emitc.verbatim` at module level are not in any function body; in a
body, verbatim C++ is not simulated (the simulator cannot know what it does).
"""

from __future__ import annotations

from xdsl.dialects.builtin import FloatAttr, IntegerAttr

from ascdsl.dialects.ascendc.soc import HEADER_CONSTANTS
from ascdsl.dialects.emitc import CastOp, ConstantOp, IncludeOp, OpaqueAttr, VariableOp, VerbatimOp

from ..compiler import Lowering, lowers, not_simulated
from .arith import c_cast, scalar_conv


@lowers(ConstantOp)
def lower_constant(op: ConstantOp, cx: Lowering):
    attr = op.value
    if isinstance(attr, OpaqueAttr):
        # pyasc's asc.property(...) names a header constant; the SoC table knows its value.
        value = cx.soc.header_constant(attr.value.data)
        if value is None:
            raise cx.error(op, f"with the C++ value `{attr.value.data}` is not simulated (the "
                               "simulator knows the Ascend C header constants "
                               f"{', '.join(HEADER_CONSTANTS)} and no other opaque C++ "
                               "expression)")
        cx.set_const(op.result, scalar_conv(cx, op, op.result.type)(value))
        return None
    if not isinstance(attr, IntegerAttr | FloatAttr):
        raise cx.error(op, f"with a {type(attr).__name__} value is not simulated (numbers only)")
    cx.set_const(op.result, scalar_conv(cx, op, op.result.type)(attr.value.data))
    return None


@lowers(CastOp)
def lower_cast(op: CastOp, cx: Lowering):
    fn = c_cast(cx, op, op.source.type, op.dest.type)
    a, o = cx.slot(op.source), cx.slot(op.dest)

    def f(R):
        R[o] = fn(R[a])

    return f


@lowers(IncludeOp)
def lower_include(op: IncludeOp, cx: Lowering):
    return None  # a C++ include: nothing happens at run time


not_simulated(VariableOp, "emitc.variable is C++ emission only (pyasc writes emitasc.variable "
                          "or memref.alloca for kernel variables)")
not_simulated(VerbatimOp, "verbatim C++ text has no meaning the simulator knows")
