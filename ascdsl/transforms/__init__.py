"""Passes: one per module, registered here by CLI name.

`PASSES` maps a CLI name to a factory returning the pass class, so importing this package
imports no pass (tool start-up stays short). `ALIASES` maps pyasc's names to ours.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from xdsl.passes import ModulePass


def _lazy(module: str, cls: str) -> Callable[[], type[ModulePass]]:
    def load() -> type[ModulePass]:
        return getattr(importlib.import_module(f"ascdsl.transforms.{module}"), cls)

    return load


PASSES: dict[str, Callable[[], type[ModulePass]]] = {
    "canonicalize-barriers": _lazy("canonicalize_barriers", "CanonicalizeBarriersPass"),
}

# pyasc's pass names (ascir-opt flags) for the same passes.
ALIASES: dict[str, str] = {}


def get_all_passes() -> dict[str, Callable[[], type[ModulePass]]]:
    """xDSL's passes (canonicalize, cse, dce, licm, ...) plus ours and pyasc's aliases."""
    from xdsl.transforms import get_all_passes as xdsl_passes

    table = dict(xdsl_passes())
    table.update(PASSES)
    for alias, target in ALIASES.items():
        table[alias] = PASSES[target]
    return table
