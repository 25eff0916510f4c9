"""The xDSL context ascdsl works in: our dialects (ascendc, asc, emitasc) plus builtin, func,
scf, arith, memref, math."""

from __future__ import annotations

from xdsl.context import Context


def _ascendc():
    from ascdsl.dialects.ascendc import AscendC

    return AscendC


def _asc():
    from ascdsl.dialects.asc import Asc

    return Asc


def _emitasc():
    from ascdsl.dialects.emitasc import EmitAsc

    return EmitAsc


def _xdsl(module: str, name: str):
    def load():
        import importlib

        return getattr(importlib.import_module(f"xdsl.dialects.{module}"), name)

    return load


DIALECTS = {
    "builtin": _xdsl("builtin", "Builtin"),
    "func": _xdsl("func", "Func"),
    "scf": _xdsl("scf", "Scf"),
    "arith": _xdsl("arith", "Arith"),
    "memref": _xdsl("memref", "MemRef"),
    "math": _xdsl("math", "Math"),
    "test": _xdsl("test", "Test"),
    "ascendc": _ascendc,
    "asc": _asc,
    "emitasc": _emitasc,
}


def make_context(allow_unregistered: bool = False) -> Context:
    """A fresh context; dialects load lazily on first use (keeps tool start-up short)."""
    ctx = Context(allow_unregistered=allow_unregistered)
    for name, factory in DIALECTS.items():
        ctx.register_dialect(name, factory)
    return ctx
