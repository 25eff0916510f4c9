"""`asc.ext`: the kernel-language functions extensions registered, by name.

    @asc.jit
    def kernel(...):
        asc.ext.scaled_relu(dst, src, 2.0, n)

The first lookup loads the installed extensions (entry points), so a kernel uses an
installed extension's functions without importing it.
"""

from __future__ import annotations

import types
from typing import Any

from . import registry
from .loader import load_installed


class ExtensionNamespace(types.ModuleType):
    """Attribute access to `registry.BUILTINS` (AttributeError naming what is there). A
    module, so that a kernel's error reads "module 'asc.ext' has no attribute 'x'"."""

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        load_installed()
        fn = registry.builtin(name)
        if fn is None:
            known = ", ".join(sorted(registry.BUILTINS)) or "none"
            raise AttributeError(
                f"asc.ext has no '{name}': no loaded extension registers a kernel-language "
                f"function of that name (registered: {known})"
            )
        return fn

    def __dir__(self) -> list[str]:
        load_installed()
        return sorted(registry.BUILTINS)

    def __repr__(self) -> str:
        return "<asc.ext: the kernel-language functions of ascdsl's extensions>"


ext = ExtensionNamespace("asc.ext", __doc__)
