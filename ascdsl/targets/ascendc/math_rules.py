"""Printing rules for `math` ops on scalars.

Two spellings, because pyasc's and the real headers disagree:

- pyasc's translator (`-t ascendc`, `pyasc_spelling`) prints `AscendC::Cos(x)`,
  `AscendC::Floor(x)`, `AscendC::Exp(x * Log(2))`, `sqrt(x)`, ... Those names are the
  LocalTensor APIs: on a scalar the real headers reject them (the scalar versions exist only
  in the SIMT API of newer chips). The text is kept so that pyasc's output is reproduced line
  for line.
- the compilable source (`emit()`'s default, `--ascendc-compilable`, `--check`) prints what the
  headers provide: `AscendC::Std::sqrt`, the float-to-int32 `Cast` with the op's rounding
  mode, and refuses the transcendental functions with a located error.
"""

from __future__ import annotations

from xdsl.dialects import math
from xdsl.ir import Operation

from .ctypes import scalar_ctype
from .emitter import Emitter, emit_error, register

# pyasc's text per op (External/Math.h in pyasc's translator); `{0}`, `{1}` are the operands.
# Ops missing here have no pyasc printer, so they print as the compilable source does.
_PYASC_FORMS: dict[type[Operation], str] = {
    math.SqrtOp: "sqrt({0})",
    math.ExpOp: "AscendC::Exp({0})",
    math.CosOp: "AscendC::Cos({0})",
    math.SinOp: "AscendC::Sin({0})",
    math.LogOp: "AscendC::Log({0})",
    math.Log2Op: "AscendC::Log2({0})",
    math.ErfOp: "AscendC::Erf({0})",
    math.CeilOp: "AscendC::Ceil({0})",
    math.FloorOp: "AscendC::Floor({0})",
    math.RsqrtOp: "AscendC::Rsqrt({0})",
    math.Exp2Op: "AscendC::Exp({0} * Log(2))",
    math.RoundOp: "AscendC::Round({0})",
    math.Atan2Op: "AscendC::Atan2({0}, {1})",
}

_SCALAR_FLOATS = {"float", "half", "bfloat16_t"}


def _scalar_only(em: Emitter, op: Operation) -> None:
    for v in (*op.operands, *op.results):
        if scalar_ctype(v.type) is None:
            raise emit_error(op, f"works on {v.type}; the target prints math on scalars only")


def _printed_as_pyasc(em: Emitter, op: Operation) -> bool:
    """Print `op` as pyasc's translator does when that is the spelling asked for."""
    form = _PYASC_FORMS.get(type(op))
    if not em.pyasc_spelling or form is None:
        return False
    _scalar_only(em, op)
    em.declare(op.results[0], form.format(*(em.name(v) for v in op.operands)), op)
    return True


def _float_operand(em: Emitter, op: Operation) -> tuple[str, str]:
    """(the operand as a float expression, the result's C++ type) of a unary float op."""
    _scalar_only(em, op)
    t = em.value_ctype(op.results[0], op)
    if t not in _SCALAR_FLOATS:
        raise emit_error(op, f"works on {op.results[0].type}; Ascend C's scalar unit computes "
                             "this on f16, bf16 or f32 only")
    x = em.name(op.operands[0])
    return (x if t == "float" else f"static_cast<float>({x})"), t


def _float_result(t: str, expr: str) -> str:
    return expr if t == "float" else f"static_cast<{t}>({expr})"


@register(math.SqrtOp, math.RsqrtOp)
def _sqrt(em: Emitter, op: Operation) -> None:
    if _printed_as_pyasc(em, op):
        return
    x, t = _float_operand(em, op)
    expr = f"AscendC::Std::sqrt({x})"
    if isinstance(op, math.RsqrtOp):
        expr = f"1.0f / {expr}"
    em.declare(op.results[0], _float_result(t, expr), op)


# Float-to-int32 Cast rounding modes of MLIR's rounding ops.
_ROUNDINGS: dict[type[Operation], str] = {
    math.FloorOp: "CAST_FLOOR",
    math.CeilOp: "CAST_CEIL",
    math.RoundOp: "CAST_ROUND",  # halfway cases away from zero, as math.round
    math.RoundEvenOp: "CAST_RINT",
}


@register(*_ROUNDINGS)
def _rounding(em: Emitter, op: Operation) -> None:
    if _printed_as_pyasc(em, op):
        return
    # Floats of magnitude 2^23 and more are integers already (and may not fit int32); NaN
    # fails both comparisons and is returned as it is.
    x, t = _float_operand(em, op)
    mode = _ROUNDINGS[type(op)]
    cast = f"AscendC::Cast<float, int32_t, AscendC::RoundMode::{mode}>({x})"
    expr = f"({x} < 8388608.0f && {x} > -8388608.0f) ? static_cast<float>({cast}) : {x}"
    em.declare(op.results[0], _float_result(t, expr), op)


# Scalar math the Ascend C API has no form for.
_NO_SCALAR_FORM: dict[type[Operation], str] = {
    math.CosOp: "Cos", math.SinOp: "Sin", math.TanOp: "Tan", math.TanhOp: "Tanh",
    math.AtanOp: "Atan", math.Atan2Op: "Atan2", math.ErfOp: "Erf", math.ExpOp: "Exp",
    math.Exp2Op: "Exp", math.ExpM1Op: "Exp", math.LogOp: "Ln", math.Log2Op: "Log2",
    math.Log10Op: "Log10", math.Log1pOp: "Ln", math.PowFOp: "Power",
}


@register(*_NO_SCALAR_FORM)
def _no_scalar_form(em: Emitter, op: Operation) -> None:
    if _printed_as_pyasc(em, op):
        return
    _scalar_only(em, op)
    api = _NO_SCALAR_FORM[type(op)]
    raise emit_error(
        op,
        "has no Ascend C form on a scalar: the AI core's scalar unit has no transcendental "
        f"functions and the API offers none for scalars (AscendC::{api} works on LocalTensors: "
        "compute the value in a tensor, or before the kernel)",
    )


@register(math.AbsFOp, math.AbsIOp)
def _abs(em: Emitter, op: Operation) -> None:
    _scalar_only(em, op)
    result = op.results[0]
    t = em.value_ctype(result, op)
    x = em.name(op.operands[0])
    em.declare(result, f"({x} > static_cast<{t}>(0)) ? {x} : -{x}", op)


@register(math.FmaOp)
def _fma(em: Emitter, op: Operation) -> None:
    _scalar_only(em, op)
    a, b, c = (em.name(v) for v in op.operands)
    em.declare(op.results[0], f"{a} * {b} + {c}", op)


@register(math.CopySignOp)
def _copysign(em: Emitter, op: Operation) -> None:
    _scalar_only(em, op)
    a, b = (em.name(v) for v in op.operands)
    expr = f"(({a} < 0 && {b} > 0) || ({a} > 0 && {b} < 0)) ? -{a} : {a}"
    em.declare(op.results[0], expr, op)
