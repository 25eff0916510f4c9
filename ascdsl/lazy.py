"""Registries of passes and targets name things they import only when used.

    _lazy = lazy_loader("ascdsl.transforms")
    PASSES = {"inline": _lazy("inline", "InlinePass"), ...}   # importing PASSES imports no pass

so a tool starts without importing every pass and printer it could run.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any


def lazy_loader(package: str) -> Callable[[str, str], Callable[[], Any]]:
    """`load(module, name)` factories for `package`: each imports `package.module` on its first
    call and returns its attribute `name`."""

    def lazy(module: str, name: str) -> Callable[[], Any]:
        def load() -> Any:
            return getattr(importlib.import_module(f"{package}.{module}"), name)

        return load

    return lazy
