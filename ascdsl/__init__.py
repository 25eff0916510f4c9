"""ascdsl: a compiler research framework for Ascend NPU kernels, in Python on xDSL.

`import ascdsl as asc` gives pyasc's kernel language (`asc.jit`, `asc.TPipe`, `asc.add`,
`asc.float32`, ...), `asc.config` (runtime settings), the simulator's errors
(`asc.SimulationError`, `asc.RaceError`, ...) and `asc.parse` / `asc.load` (IR text or a
file to a verified module). `ascdsl.alias_asc()` makes pyasc's `import asc.x.y` forms work. They load on first use, so tools that only need the IR
(ascdsl-opt) start fast.
"""

from __future__ import annotations

import importlib
from typing import Any

from ascdsl._version import __version__

_FRONTEND = frozenset(
    {
        "jit",
        "JITFunction",
        "CompiledKernel",
        "CompileOptions",
        "CompilationError",
        "MockTensor",
        "MockValue",
    }
)
_SIM_ERRORS = frozenset(
    {
        "SimulationError",
        "RaceError",
        "CoherenceError",
        "DeadlockError",
        "EventError",
        "OutOfBoundsError",
        "UBOverflowError",
        "AlignmentError",
        "AllocatorError",
    }
)

_LOADING = frozenset({"parse", "load"})

__all__ = ["__version__", *sorted(_FRONTEND), "config", "ext", *sorted(_SIM_ERRORS),
           *sorted(_LOADING), "alias_asc"]


def alias_asc() -> None:
    """Serve `import asc...` (pyasc's module paths) from ascdsl in this process, so that a
    kernel file written for pyasc runs unchanged after this one line (ascdsl.pyasc_alias)."""
    from ascdsl.pyasc_alias import install

    install()


def _language():
    return importlib.import_module("ascdsl.frontend.language")


def __getattr__(name: str) -> Any:
    if name.startswith("__"):
        raise AttributeError(name)
    if name in _FRONTEND:
        value = getattr(importlib.import_module("ascdsl.frontend"), name)
    elif name in _LOADING:
        value = getattr(importlib.import_module("ascdsl.loading"), name)
    elif name == "ext":  # the kernel-language functions of extensions (ascdsl.extension)
        value = importlib.import_module("ascdsl.extension.namespace").ext
    elif name == "config":
        try:
            value = importlib.import_module("ascdsl.runtime.config")
        except ModuleNotFoundError as e:
            raise AttributeError(
                f"ascdsl.config needs ascdsl.runtime.config, which is not available ({e})"
            ) from None
    elif name in _SIM_ERRORS:
        try:
            value = getattr(importlib.import_module("ascdsl.sim.errors"), name)
        except (ModuleNotFoundError, AttributeError) as e:
            raise AttributeError(
                f"ascdsl.{name} comes from ascdsl.sim.errors, which is not available ({e})"
            ) from None
    else:
        language = _language()
        if name not in language.__all__:
            raise AttributeError(f"module 'ascdsl' has no attribute '{name}'")
        value = getattr(language, name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__, *_language().__all__})
