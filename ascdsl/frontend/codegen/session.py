"""The compilation session: argument kinds (a kernel's specialization), the state of one
compilation, verification of the generated module, and pyasc's parameter rules."""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from typing import Any

from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Attribute

from ascdsl.diagnostics import Loc
from ascdsl.dialects.gm import gm_pointer_type

from ..builder import Builder
from ..dtypes import DataType
from ..errors import CompilationError
from ..function import FunctionSource
from ..values import IRValue


# --- argument kinds (the specialization of a kernel) -------------------------------------------


@dataclass(frozen=True)
class ArgKind:
    """How a runtime kernel argument is passed: a GM pointer to `dtype`, or a `dtype` scalar."""

    pointer: bool
    dtype: DataType
    # A struct passed by pointer (a TCubeTiling): its IR type; `dtype` is then unused.
    struct: Attribute | None = None

    def ir_type(self) -> Attribute:
        """The kernel argument's IR type."""
        if self.struct is not None:
            return gm_pointer_type(self.struct)
        return gm_pointer_type(self.dtype.ir) if self.pointer else self.dtype.ir

    def __str__(self) -> str:
        if self.struct is not None:
            return f"{self.struct}*"
        return f"{self.dtype.name}*" if self.pointer else self.dtype.name


# Kernel-language classes of structs passed to kernels, by IR type class: each wraps the
# struct's local copy (`emitasc.copy_struct`) in the kernel (asc.adv.TCubeTiling registers).
STRUCT_VALUES: dict[type[Attribute], type[IRValue]] = {}


# --- compilation session -----------------------------------------------------------------------


@dataclass
class _Instance:
    name: str
    returns: list[IRValue] | None


@dataclass
class Session:
    """State of one kernel compilation: the module, the builder, the generated sub-functions."""

    module: ModuleOp
    builder: Builder
    instances: dict[tuple, _Instance] = field(default_factory=dict)
    symbols: set[str] = field(default_factory=set)
    stack: list[Any] = field(default_factory=list)
    unrolled: int = 0  # static_range iterations unrolled so far (see STATIC_RANGE_LIMIT)

    def unique_symbol(self, name: str) -> str:
        """`name`, or `name_N` if a function of that name exists already."""
        candidate, n = name, 0
        while candidate in self.symbols:
            n += 1
            candidate = f"{name}_{n}"
        self.symbols.add(candidate)
        return candidate


def loc_tuple(loc: Loc) -> tuple[str, int, int]:
    return (loc.file, loc.line, loc.col)


def verify(module: ModuleOp) -> None:
    """Run every op's verifier and the dominance / scope rules (a value made inside a runtime
    `if` or loop body is only visible there); report failures at the kernel lines of the ops
    (CompilationError)."""
    from ascdsl.diagnostics import verify_diagnostics

    found = verify_diagnostics(module)
    if found:
        raise CompilationError(found)


def check_signature(source: FunctionSource, allow_defaults: bool = False) -> None:
    """pyasc's rules for jit function parameters (CompilationError at the parameter). A
    sub-function called from a kernel may have default values (pyasc binds the call with
    them, as tutorial 04's `calc_offsets` relies on); a kernel may not."""
    args = source.node.args

    def _error(node: ast.AST, message: str) -> CompilationError:
        return CompilationError.at(source.loc(node), message)

    if isinstance(source.node, ast.AsyncFunctionDef):
        raise _error(source.node, "async functions are not supported")
    if args.defaults and not allow_defaults:
        first = args.args[len(args.args) - len(args.defaults)]
        raise _error(first, "Default values for function arguments are not supported")
    if args.posonlyargs:
        raise _error(args.posonlyargs[0], "Positional-only arguments are not supported")
    if args.kwonlyargs:
        raise _error(args.kwonlyargs[0], "Keyword-only arguments are not supported")
    if args.vararg or args.kwarg:
        raise _error(args.vararg or args.kwarg,  # type: ignore[arg-type]
                    "*args and **kwargs are not supported in a JIT function")
