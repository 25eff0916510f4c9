"""ascdsl's extension API: what code outside ascdsl uses to add ops, passes, targets and
kernel-language functions, without touching ascdsl's files (docs/extending.md is the
tutorial, and says which names are stable).

    from ascdsl.extension import Cpp, Dialect, VecScalarL2Base, asc_op, register_dialect

    @asc_op(cpp=Cpp("ScaledRelu", namespace="ascx::", header="ascx/scaled_relu.h"),
            formula="maximum(a, 0) * s", cost=2.0)
    class ScaledReluL2Op(VecScalarL2Base):
        name = "ascx.scaled_relu_l2"

    register_dialect(Dialect("ascx", [ScaledReluL2Op]))

An op declared with `asc_op` carries the same facts as ascdsl's own (`AscendCOp`: C++
spelling, pipe, reads/writes, formula, and here also its vector cost), so everything that
reads facts handles it: the parser and printer, the verifier and `--verify-diagnostics`,
the Ascend C printer, the simulator (numerics from its family's lowering and its formula,
time from its pipe and cost), the sanitizer (its reads and writes), insert-que-sync (its
pipe) and the @jit kernel language (`levels` / `dispatch`, or `current().insert(op)`).
Extensions are found by `ascdsl-opt`, `ascdsl-sim` and the JIT as entry points of the group
`ascdsl.extensions`, or loaded with `--load-extension FILE_OR_MODULE` / `load_extension`.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any, ClassVar

from .loader import GROUP, LOADED, Extension, ExtensionLoadError, load_extension, load_installed
from .registry import (
    ExtensionError,
    builtin,
    origin,
    register_ascendc_rule,
    register_builtin,
    register_dialect,
    register_lowering,
    register_pass,
    register_target,
)

if TYPE_CHECKING:
    from ascdsl.dialects.ascendc import AscendCOp, Cpp, Pipe
    from ascdsl.dialects.ascendc.enums import AscEnum

# Names re-exported from where they are defined, imported on first use: the tools import
# this package to load extensions, and most runs have none (ascdsl-opt --version stays fast).
_LAZY = {
    **dict.fromkeys(
        ["AscendCOp", "Cpp", "CppStyle", "Pipe", "HardEvent", "TPosition", "Hardware",
         "VectorOp", "UnaryOp", "BinaryOp", "VecScalarOp", "UnaryL0Base", "UnaryL1Base",
         "UnaryL2Base", "BinaryL0Base", "BinaryL1Base", "BinaryL2Base", "VecScalarL0Base",
         "VecScalarL1Base", "VecScalarL2Base"], "ascdsl.dialects.ascendc"),
    "AscEnum": "ascdsl.dialects.ascendc.enums",
    "LOCAL": "ascdsl.dialects.ascendc.constraints",
    "INT": "ascdsl.dialects.ascendc.constraints",
    "LocalTensorType": "ascdsl.dialects.ascendc.types",
    "GlobalTensorType": "ascdsl.dialects.ascendc.types",
    **dict.fromkeys(["operand_def", "opt_operand_def", "var_operand_def", "result_def",
                     "prop_def", "opt_prop_def"], "xdsl.irdl"),
    "Dialect": "xdsl.ir",
    "ModulePass": "xdsl.passes",
    # the kernel language (the frontend is heavy)
    "current": "ascdsl.frontend.builder",
    "dispatch": "ascdsl.frontend.language.dispatch",
    "materialize": "ascdsl.frontend.values",
    "materialize_int": "ascdsl.frontend.values",
    "LocalTensor": "ascdsl.frontend.language.tensor",
    "GlobalTensor": "ascdsl.frontend.language.tensor",
    "KernelLanguageError": "ascdsl.frontend.errors",
}

# The extension API's version: a minor bump adds names, a major bump may change them
# (docs/extending.md, "Stability").
API_VERSION = (1, 0)

__all__ = [
    "API_VERSION",
    # facts and families
    "asc_op", "AscendCOp", "Cpp", "CppStyle", "Pipe", "HardEvent", "TPosition", "Hardware",
    "AscEnum", "VectorOp", "UnaryOp", "BinaryOp", "VecScalarOp",
    "UnaryL0Base", "UnaryL1Base", "UnaryL2Base", "BinaryL0Base", "BinaryL1Base", "BinaryL2Base",
    "VecScalarL0Base", "VecScalarL1Base", "VecScalarL2Base",
    "LOCAL", "INT", "LocalTensorType", "GlobalTensorType",
    "operand_def", "opt_operand_def", "var_operand_def", "result_def", "prop_def",
    "opt_prop_def", "Dialect", "ModulePass",
    # registries
    "register_dialect", "register_pass", "register_target", "register_lowering",
    "register_ascendc_rule", "register_builtin", "builtin", "origin",
    # loading
    "GROUP", "LOADED", "Extension", "ExtensionError", "ExtensionLoadError", "load_extension",
    "load_installed",
    # the kernel language (imported on first use: the frontend is heavy)
    "current", "levels", "dispatch", "materialize", "materialize_int", "LocalTensor",
    "GlobalTensor", "KernelLanguageError",
]


def asc_op(
    *,
    cpp: Cpp | None = None,
    pipe: Pipe | None = None,
    writes: tuple[str, ...] = (),
    reads: tuple[str, ...] = (),
    enums: dict[str, type[AscEnum]] | None = None,
    formula: str | None = None,
    cost: float | None = None,
):
    """Define an op and its facts, as ascdsl's own ops are defined (`AscendCOp` subclasses).

    `cpp`: its Ascend C spelling (`Cpp(api, style, template, args, namespace, header)`);
    `pipe`: the pipe it runs on (a family base gives it); `writes` / `reads`: the operands it
    writes and reads; `enums`: integer properties that hold an `AscEnum`; `formula`: the numpy
    expression of one element over `a`, `b`, `s` (elementwise families); `cost`: vector cycles
    per 256-byte repeat of its `cpp` API on every SoC (default: the SoC's default).
    The facts are checked here: a `writes`/`reads` name that is not an operand, or a pipe that
    is not a `Pipe`, is an ExtensionError at the declaration.
    """
    from ascdsl.dialects.ascendc import AscendCOp, Pipe
    from ascdsl.dialects.ascendc import asc_op as _asc_op

    if pipe is not None and not isinstance(pipe, Pipe):
        raise ExtensionError(f"pipe={pipe!r} is not an ascdsl.extension.Pipe member")
    base = _asc_op(cpp=cpp, pipe=pipe, writes=tuple(writes), reads=tuple(reads), enums=enums,
                   formula=formula)

    def wrap(cls: type[AscendCOp]) -> type[AscendCOp]:
        if not (isinstance(cls, type) and issubclass(cls, AscendCOp)):
            raise ExtensionError(f"asc_op decorates a subclass of AscendCOp (or of a family "
                                 f"base such as UnaryL2Base), not {cls!r}")
        prefix = str(getattr(cls, "name", "")).split(".", 1)[0]
        if prefix in ("ascendc", "asc", "emitasc", "emitc"):
            raise ExtensionError(f"op {cls.__qualname__} is named '{cls.name}': an extension "
                                 "names its ops in a dialect of its own, not in ascdsl's "
                                 f"'{prefix}'")
        defined = base(cls)
        operands = {n for n, _ in defined.get_irdl_definition().operands}
        for fact in ("WRITES", "READS"):
            missing = [n for n in getattr(defined, fact) if n not in operands]
            if missing:
                raise ExtensionError(f"op '{defined.name}': {fact.lower()}={missing} names no "
                                     f"operand (operands: {sorted(operands)})")
        if cost is not None:
            if defined.CPP is None:
                raise ExtensionError(f"op '{defined.name}': a cost is per Ascend C API, and "
                                     "the op has no cpp fact")
            from .registry import register_vector_cost

            register_vector_cost(defined.CPP.api, cost, defined)
        defined.COST = cost  # type: ignore[attr-defined]  (introspection: docs, tools)
        defined.__annotations__["COST"] = ClassVar  # so that IRDL accepts subclasses
        return defined

    return wrap


def levels(*ops: type, names: dict[str, str] | None = None):
    """The kernel language's `levels` (one op per level, pyasc-style arguments; see
    ascdsl/frontend/language/dispatch.py), refusing a function name ascdsl already uses:
    `dispatch` finds a function's table by its name."""
    from ascdsl.frontend.language.dispatch import LEVELS
    from ascdsl.frontend.language.dispatch import levels as _levels

    def wrap(fn):
        known = LEVELS.get(fn.__name__)
        if known is not None and any(o.__module__.split(".")[0] == "ascdsl" for o in known.ops):
            raise ExtensionError(f"kernel-language function '{fn.__name__}' of "
                                 f"{fn.__module__}: ascdsl's own '{fn.__name__}' has that "
                                 "name (dispatch finds functions by name): choose another")
        return _levels(*ops, names=names)(fn)

    return wrap


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'ascdsl.extension' has no attribute '{name}'")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value
