"""The xDSL context ascdsl works in: our dialects (ascendc, asc, emitasc) plus builtin, func,
scf, arith, memref, math and emitc (the last three of them ascdsl's versions, which read
pyasc's IR where xDSL's do not: see ascdsl/dialects/)."""

from __future__ import annotations

from xdsl.context import Context


def _ascendc():
    from ascdsl.dialects.ascendc import AscendC

    return AscendC


def _asc():
    from ascdsl.dialects.asc import Asc

    return Asc


def _ascdsl(module: str, name: str):
    def load():
        import importlib

        return getattr(importlib.import_module(f"ascdsl.dialects.{module}"), name)

    return load


def _xdsl(module: str, name: str):
    def load():
        import importlib

        return getattr(importlib.import_module(f"xdsl.dialects.{module}"), name)

    return load


DIALECTS = {
    "builtin": _xdsl("builtin", "Builtin"),
    "func": _xdsl("func", "Func"),
    "scf": _xdsl("scf", "Scf"),
    "arith": _ascdsl("arith", "Arith"),  # + arith.select's `: i1, T` form
    "memref": _ascdsl("memref", "MemRef"),  # + memref.cast's custom syntax
    "math": _xdsl("math", "Math"),
    "test": _xdsl("test", "Test"),
    "ascendc": _ascendc,
    "asc": _asc,
    "emitasc": _ascdsl("emitasc", "EmitAsc"),
    "emitc": _ascdsl("emitc", "EmitC"),  # + include, constant, variable, cast, verbatim
}


def make_context(allow_unregistered: bool = False) -> Context:
    """A fresh context; dialects load lazily on first use (keeps tool start-up short)."""
    ctx = Context(allow_unregistered=allow_unregistered)
    for name, factory in DIALECTS.items():
        ctx.register_dialect(name, factory)
    return ctx
