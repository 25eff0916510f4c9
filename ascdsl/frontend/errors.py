"""Errors of the kernel compiler: one exception type, located at the kernel's Python source.

Everything that goes wrong while a `@jit` kernel is turned into IR (unsupported syntax, a bad
call to the kernel language, a verifier rule, a pass that fails) is raised as
`CompilationError`: `file:line:col: error: message`, the source line and a caret, rendered by
`ascdsl.diagnostics`.
"""

from __future__ import annotations

from collections.abc import Sequence

from ascdsl.diagnostics import AscdslError, Diagnostic, Loc, Severity


class CompilationError(AscdslError):
    """A kernel cannot be compiled; `str()` shows the kernel line with a caret."""

    def __init__(self, diagnostics: Sequence[Diagnostic] | Diagnostic):
        super().__init__(diagnostics)

    @classmethod
    def at(cls, loc: Loc | None, message: str) -> CompilationError:
        """An error at one source location."""
        return cls(Diagnostic(Severity.ERROR, message, loc))

    @property
    def location(self) -> Loc | None:
        """Where the (first) error is."""
        return self.diagnostics[0].loc if self.diagnostics else None

    @property
    def message(self) -> str:
        """The (first) error's message without its location."""
        return self.diagnostics[0].message if self.diagnostics else ""


# pyasc's name for the same error (`from asc.codegen.errors import CodegenError`): its tests
# catch kernel errors under it.
CodegenError = CompilationError


class KernelLanguageError(Exception):
    """A misuse of the kernel language found while building IR (raised by the API functions).

    The code generator catches it and re-raises it as a `CompilationError` located at the
    kernel line being compiled.
    """



