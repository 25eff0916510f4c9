"""What happens to a kernel's module after code generation: passes, dumps, Ascend C text."""

from __future__ import annotations

import inspect
import io
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from xdsl.dialects.builtin import ModuleOp
from xdsl.printer import Printer

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


class PipelineUnavailable(RuntimeError):
    """`ascdsl.transforms.pipeline.default_pipeline` is not importable."""


def print_ir(module: ModuleOp, debuginfo: bool = False) -> str:
    """The module as MLIR text (with `loc(...)` on every op when `debuginfo`)."""
    from ascdsl.dialects.gm import install_mlir_memref_printing

    install_mlir_memref_printing()
    out = io.StringIO()
    Printer(stream=out, print_debuginfo=debuginfo).print_op(module)
    out.write("\n")
    return out.getvalue()


def _default_pipeline() -> Callable[..., Any]:
    try:
        from ascdsl.transforms.pipeline import default_pipeline
    except ImportError as e:
        if getattr(e, "name", None) in ("ascdsl.transforms.pipeline", None) or "default_pipeline" in str(e):
            raise PipelineUnavailable(
                "the pass pipeline (ascdsl.transforms.pipeline.default_pipeline) is not "
                "available yet; compile with run_passes=False"
            ) from None
        raise
    return default_pipeline


def run_passes(
    module: ModuleOp, insert_sync: bool, verify_sync: bool, anchor: Loc
) -> list[Diagnostic]:
    """Run the default pipeline on `module` in place; returns the warnings it emitted.

    Pass errors are re-raised as CompilationError at the kernel lines they name; anything else
    that goes wrong inside a pass is reported at the kernel's `def` (`anchor`).
    """
    from ascdsl.context import make_context

    factory = _default_pipeline()
    params = inspect.signature(factory).parameters
    kwargs: dict[str, Any] = {}
    if "verify_sync" in params:
        kwargs["verify_sync"] = verify_sync
    pipeline = factory(insert_sync, **kwargs)
    engine = DiagnosticEngine(print_to_stderr)
    ctx = make_context()
    try:
        with using_engine(engine):
            _apply(pipeline, ctx, module)
            if verify_sync and "verify_sync" not in params:
                _apply(_registered_pass("verify-sync"), ctx, module)
    except AscdslError as e:
        raise CompilationError(e.diagnostics) from None
    except Exception as e:  # noqa: BLE001 - a failing pass must not surface as a traceback
        raise CompilationError.at(
            anchor, f"internal error in the pass pipeline: {type(e).__name__}: {e}"
        ) from None
    return [d for d in engine.diagnostics if d.severity is not Severity.ERROR]


def _registered_pass(name: str) -> Any:
    from ascdsl.transforms import PASSES

    factory = PASSES.get(name)
    if factory is None:
        raise PipelineUnavailable(f"the '{name}' pass is not registered")
    return factory()()


def _apply(pipeline: Any, ctx: Any, module: ModuleOp) -> None:
    """Run a ModulePass, an xDSL PassPipeline or a sequence of passes."""
    if hasattr(pipeline, "apply"):
        pipeline.apply(ctx, module)
    elif callable(pipeline):
        pipeline(ctx, module)
    else:
        for p in pipeline:
            _apply(p, ctx, module)


def ascendc_source(module: ModuleOp) -> str:
    """Ascend C text of a synchronized module (through `ascdsl.targets.ascendc.emit`)."""
    try:
        from ascdsl.targets.ascendc import emit
    except ImportError as e:
        if getattr(e, "name", None) in ("ascdsl.targets.ascendc", None) or "emit" in str(e):
            raise RuntimeError(
                "the Ascend C target (ascdsl.targets.ascendc) is not available yet"
            ) from None
        raise
    out = io.StringIO()
    emit(module, out)
    return out.getvalue()


def write_atomic(path: Path, content: str | bytes) -> None:
    """Write `content` to `path` through a temporary file and a rename (readers never see half)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        if isinstance(content, bytes):
            with os.fdopen(fd, "wb") as f:
                f.write(content)
        else:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(content)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def dump_dir() -> Path | None:
    """`$ASCDSL_DUMP_PATH`, where each compilation writes its stages (None: no dumps)."""
    value = os.environ.get("ASCDSL_DUMP_PATH")
    return Path(value) if value else None
