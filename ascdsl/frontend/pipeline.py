"""What happens to a kernel's module after code generation: passes, dumps, Ascend C text."""

from __future__ import annotations

import io
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from xdsl.dialects.builtin import ModuleOp

from ascdsl.fileio import write_atomically
from ascdsl.diagnostics import (
    AscdslError,
    Diagnostic,
    DiagnosticEngine,
    Loc,
    Severity,
    print_to_stderr,
    using_engine,
)

from .errors import CompilationError


def print_ir(module: ModuleOp, debuginfo: bool = False, mlir_names: bool = False) -> str:
    """The module as MLIR text (with `loc(...)` on every op when `debuginfo`; values named
    as MLIR's printer names them, `%arg0` / `%c1_i32` / `%0`, when `mlir_names`, else after
    the kernel's Python names)."""
    from ascdsl.dialects.gm import install_mlir_memref_printing

    from ascdsl.locations import print_module

    install_mlir_memref_printing()
    out = io.StringIO()
    print_module(module, out, debuginfo=debuginfo, mlir_names=mlir_names)
    return out.getvalue()


def run_passes(
    module: ModuleOp, insert_sync: bool, verify_sync: bool, anchor: Loc, before: Sequence = (),
    auto_sync: bool = True, matmul_cube_only: bool = False, print_before: bool = False,
) -> list[Diagnostic]:
    """Run the default pipeline on `module` in place; returns the warnings it emitted.

    `before` are passes to run first (the tile language's lowering to ascendc). `auto_sync`
    adds bisheng's `--cce-auto-sync` layer (cce-auto-sync) to the IR that the simulator runs.

    Pass errors are re-raised as CompilationError at the kernel lines they name; anything else
    that goes wrong inside a pass is reported at the kernel's `def` (`anchor`).
    """
    from ascdsl.context import make_context
    from ascdsl.transforms.pipeline import jit_pipeline

    engine = DiagnosticEngine(print_to_stderr)
    ctx = make_context()
    try:
        with using_engine(engine):
            for p in [*extension_passes("first"), *before,
                      *jit_pipeline(insert_sync, verify_sync, auto_sync,
                                    matmul_cube_only=matmul_cube_only),
                      *extension_passes("last")]:
                if print_before:  # pyasc's print_ir_before_all, in MLIR's format
                    print(f"// -----// IR Dump Before {p.name} //----- //\n{print_ir(module)}",
                          file=sys.stderr)
                p.apply(ctx, module)
    except AscdslError as e:
        raise CompilationError(e.diagnostics) from None
    except Exception as e:  # noqa: BLE001 - a failing pass must not surface as a traceback
        raise CompilationError.at(
            anchor, f"internal error in the pass pipeline: {type(e).__name__}: {e}"
        ) from None
    return [d for d in engine.diagnostics if d.severity is not Severity.ERROR]


def load_extensions() -> None:
    """Load the installed extensions once (a broken one is a warning: kernels still compile)."""
    from ascdsl.extension import load_installed

    for ext in load_installed():
        print(ext.error.replace("error:", "warning:", 1), file=sys.stderr)


def extension_passes(stage: str) -> list:
    """The passes extensions ask the JIT to run "first" or "last" (lowerings of their ops)."""
    from ascdsl.extension.registry import JIT_PASSES

    return [cls() for cls, when in JIT_PASSES if when == stage]


def ascendc_source(module: ModuleOp) -> str:
    """Ascend C text of a synchronized module."""
    from ascdsl.targets.ascendc import emit

    return emit(module)


def write_atomic(path: Path, content: str | bytes) -> None:
    """Write `content` to `path` atomically, creating its directory."""
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomically(path, content)


def dump_dir() -> Path | None:
    """`$ASCDSL_DUMP_PATH`, where each compilation writes its stages (None: no dumps)."""
    value = os.environ.get("ASCDSL_DUMP_PATH")
    return Path(value) if value else None


def write_dump(directory: Path, codegen_ir: str, ck) -> None:
    """One specialization's stages: codegen.mlir, passes.mlir and kernel.cpp."""
    write_atomic(directory / "codegen.mlir", codegen_ir)
    write_atomic(directory / "passes.mlir", ck.ir)
    # A dump must not fail the compile: IR with no Ascend C form (asc ops left by
    # run_passes=False) gets the printer's located reason in kernel.cpp.error instead.
    try:
        write_atomic(directory / "kernel.cpp", ck.source)
    except AscdslError as e:
        write_atomic(directory / "kernel.cpp.error", e.render() + "\n")
    except RuntimeError:
        pass  # no Ascend C target installed: nothing to dump
