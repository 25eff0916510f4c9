"""Targets: printers that turn IR into text for another tool, by `-t` name.

A target is a function `emit(module, stream)`. `mlir` (the default) prints the IR itself.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import IO

from xdsl.dialects.builtin import ModuleOp

from ascdsl.lazy import lazy_loader

Emitter = Callable[[ModuleOp, IO[str]], None]

_lazy = lazy_loader("ascdsl.targets")


def _mlir() -> Emitter:
    from ascdsl.locations import print_module

    return print_module


def _mlir_generic() -> Emitter:
    from ascdsl.locations import print_module

    def emit(module: ModuleOp, stream: IO[str]) -> None:
        print_module(module, stream, generic=True)

    return emit


TARGETS: dict[str, Callable[[], Emitter]] = {
    "mlir": _mlir,
    "mlir-generic": _mlir_generic,
    "ascendc": _lazy("ascendc", "write"),
}
