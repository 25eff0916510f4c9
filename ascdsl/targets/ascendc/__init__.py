"""The Ascend C target: print synchronized `ascendc` IR as the `.cpp` CANN's bisheng compiles.

    from ascdsl.targets.ascendc import emit
    source = emit(module)                    # str
    ascdsl-opt kernel.mlir --ascdsl-default -t ascendc -o kernel.cpp

Conventions follow pyasc's emitter: values are `v1, v2, ...` per function, numbered as pyasc
numbers them (`v1_x` when the value's location is the name `loc("x")`; `readable_names=True`
takes `x` from the SSA name `%x` instead), constants `constexpr int32_t c5_i32 = 5;`, two-space indentation,
kernels `extern "C" __global__ __aicore__ void name(...)`. Every op prints through a rule
chosen by its class (see `emitter.py`); an op without one is a located error, never silent
output. See docs/ascendc-target.md.
"""

from __future__ import annotations

from typing import IO

from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation

from . import ascendc_rules as _ascendc_rules  # noqa: F401  (registers rules)
from . import emitasc_rules as _emitasc_rules  # noqa: F401  (registers rules)
from . import emitc_rules as _emitc_rules  # noqa: F401  (registers rules)
from . import std_rules as _std_rules  # noqa: F401  (registers rules)
from . import math_rules as _math_rules  # noqa: F401  (registers rules)
from . import adv_rules as _adv_rules  # noqa: F401  (registers rules)
from . import cube_rules as _cube_rules  # noqa: F401  (registers rules)
from . import vec_rules as _vec_rules  # noqa: F401  (registers rules)
from . import sys_rules as _sys_rules  # noqa: F401  (registers rules)
from . import api10_rules as _api10_rules  # noqa: F401  (registers rules)
from . import matmul_rules as _matmul_rules  # noqa: F401  (registers rules)
from . import sort_rules as _sort_rules  # noqa: F401  (registers rules)
from . import copy_ext_rules as _copy_ext_rules  # noqa: F401  (registers rules)
from .emitter import INCLUDES_ATTR, Emitter, rule_for

__all__ = ["emit", "emit_with_lines", "write", "rule_for", "INCLUDES_ATTR"]


def emit(
    module: ModuleOp,
    stream: IO[str] | None = None,
    print_auto_sync: bool = False,
    readable_names: bool = False,
    pyasc_spelling: bool = False,
    counters: dict[object, int] | None = None,
) -> str:
    """The Ascend C source of `module` (also written to `stream` when given).

    The syncs cce-auto-sync inserted are left to bisheng's `--cce-auto-sync` unless
    `print_auto_sync` (for a toolchain that compiles with `--cce-auto-sync=off`).
    Values are named as pyasc's translator names them unless `readable_names`, which
    appends the IR's SSA names (`%dst` -> `v1_dst`). With `pyasc_spelling`, a mask
    array keeps pyasc's name even where that redeclares one in the same block (pyasc's
    output, which does not compile; the `-t ascendc` target prints it so); otherwise it
    takes the next free number. Mask arrays are numbered per op kind over the module;
    `counters` (a dict, updated) carries those numbers on from the modules printed before,
    as pyasc's translator does within one process (its counters are statics).
    Raises AscdslError, located at the op, when an op cannot be printed; nothing is written
    to `stream` then.
    """
    em = Emitter(print_auto_sync, readable_names, pyasc_spelling, counters)
    em.emit_module(module)
    text = "\n".join(em.lines) + "\n"
    if stream is not None:
        stream.write(text)
    return text


def emit_with_lines(
    module: ModuleOp, print_auto_sync: bool = False, readable_names: bool = False
) -> tuple[str, dict[int, Operation]]:
    """`emit(module)`, and the op that printed each line (1-based line number -> op); the
    source a compiler checks, so names are never redeclared."""
    em = Emitter(print_auto_sync, readable_names)
    em.emit_module(module)
    return "\n".join(em.lines) + "\n", {i + 1: op for i, op in em.line_ops.items()}


def write(
    module: ModuleOp,
    stream: IO[str],
    print_auto_sync: bool = False,
    readable_names: bool = False,
    pyasc_spelling: bool = True,
) -> None:
    """`emit(module)` written to `stream` (the `-t ascendc` target of ascdsl-opt): pyasc's
    translator's text, its mask-array redeclarations included."""
    emit(module, stream, print_auto_sync, readable_names, pyasc_spelling)
