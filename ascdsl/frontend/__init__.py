"""The `@ascdsl.jit` frontend: Python kernels in pyasc's language, compiled to `ascendc` IR.

    import ascdsl as asc

    @asc.jit
    def kernel(x: asc.GlobalAddress, n: int): ...

Layout: `language/` is the kernel language (one thin builder per op), `codegen/` turns the
Python AST into IR, `kernel.py` specializes, caches (`cache.py`) and launches, `pipeline.py` runs
the passes and the Ascend C target, `dump.py` prints a kernel's IR from the command line.
"""

from __future__ import annotations

from .codegen import ArgKind
from .errors import CompilationError, KernelLanguageError
from .argkinds import MockTensor, MockValue
from .kernel import CompiledKernel, CompileOptions, JITFunction, jit

__all__ = [
    "ArgKind",
    "CompilationError",
    "CompileOptions",
    "CompiledKernel",
    "JITFunction",
    "KernelLanguageError",
    "MockTensor",
    "MockValue",
    "jit",
]
