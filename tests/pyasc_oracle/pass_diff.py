"""ascdsl's passes against pyasc's, on pyasc's own frontend IR.

For every kernel pyasc 1.1.1 compiles in its Python suite, pyasc dumps its frontend IR
(codegen.mlir) and the IR after its pass pipeline (ascir.mlir). ascdsl reads the same
codegen.mlir, runs `pyasc-pipeline` (pyasc's passes in pyasc's order, each in the mode that
places what pyasc's places: ascdsl/transforms/pipeline.py, `pyasc_pipeline`) and compares
the result with ascir.mlir after name normalisation (ir_diff.normalize: MLIR's SSA names, no
locations). So the passes are measured apart from the frontend (ir_diff.py measures the JIT).

The pipeline's options are pyasc's defaults, except `matmul_cube_only`, which a test sets on
its kernel and which leaves its mark in pyasc's output (`asc.matmul_cube_only`): it is read
from there.

    python -m tests.pyasc_oracle passes [--area basic ...] [--show 10] [--list]

A kernel is *equal*, *differs* (the first differing line of each side is kept), *unread*
(ascdsl cannot read pyasc's codegen.mlir or ascir.mlir) or *fails* (a pass of ascdsl's raised
an error on it). tests/pyasc/test_pass_diff.py keeps a ratchet of the equal ones
(tests/pyasc/passes_equal.txt).
"""

from __future__ import annotations

import functools
import io
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from . import ir_diff, layout, oracle

CUBE_ONLY_MARK = "asc.matmul_cube_only"


@dataclass
class PassResult:
    status: str  # "equal" | "differs" | "unread" | "fails"
    theirs: str | None = None  # first differing line, pyasc's (or why it is unread)
    ours: str | None = None    # first differing line, ascdsl's (or the pass error)


@functools.lru_cache(maxsize=4)
def pipeline_module(codegen: str, matmul_cube_only: bool = False, name: str = "codegen.mlir"):
    """codegen.mlir after ascdsl's `pyasc-pipeline`, verified, locations kept. Cached: the
    JIT differential's third stage (printed) and fourth (Ascend C) read the same run, one
    after the other."""
    from ascdsl.context import make_context
    from ascdsl.diagnostics import parse_module
    from ascdsl.transforms.pyasc_pipeline import PyascPipelinePass

    ctx = make_context()
    module = parse_module(ctx, codegen, name)
    PyascPipelinePass(matmul_cube_only=matmul_cube_only).apply(ctx, module)
    module.verify()
    return module


def run_pipeline(codegen: str, matmul_cube_only: bool = False,
                 name: str = "codegen.mlir") -> str:
    """codegen.mlir after ascdsl's `pyasc-pipeline`, printed without locations."""
    from ascdsl.dialects.gm import install_mlir_memref_printing
    from ascdsl.locations import print_module

    install_mlir_memref_printing()
    module = pipeline_module(codegen, matmul_cube_only, name)
    out = io.StringIO()
    print_module(module, out, mlir_names=True)
    return out.getvalue()


def compare(codegen: str, ascir: str) -> PassResult:
    """ascdsl's pipeline on pyasc's `codegen` against pyasc's `ascir`."""
    from ascdsl.diagnostics import AscdslError

    try:
        theirs = ir_diff.normalize(ascir, "ascir.mlir")
    except AscdslError as e:
        return PassResult("unread", theirs=f"ascir.mlir: {str(e).splitlines()[0][:200]}")
    try:
        ours = run_pipeline(codegen, CUBE_ONLY_MARK in ascir)
    except AscdslError as e:
        first = str(e).splitlines()[0]
        if "codegen.mlir:" in first and "after pass" not in first and _is_reading(e):
            return PassResult("unread", theirs=f"codegen.mlir: {first[:200]}")
        return PassResult("fails", ours=first[:300])
    except Exception as e:  # a bug in a pass: counted, the measure goes on
        return PassResult("fails", ours=f"{type(e).__name__}: {e}"[:300])
    status, t, o = ir_diff.compare(theirs, ours, "passes.mlir")
    return PassResult(status, t, o)


def _is_reading(e: Exception) -> bool:
    from ascdsl.diagnostics import PassError

    return not isinstance(e, PassError)


def kernels(files: list[Path] | None = None) -> list[tuple[str, str, str]]:
    """(id, codegen.mlir, ascir.mlir) of every kernel pyasc compiled with its passes, ids as in
    the printer differential ("<file> #<n> <kernel>")."""
    if files is None:
        files = [p for _, p in layout.suite_files()]
    out = []
    for path in files:
        rel = layout.relname(path)
        for i, k in enumerate(oracle.dump_file(path).kernels, 1):
            if k.status != "ok":
                continue
            codegen, ascir = k.codegen_mlir, k.ascir_mlir
            if codegen is not None and ascir is not None:
                out.append((f"{rel} #{i} {k.kernel}", codegen, ascir))
    return out


def run(files: list[Path] | None = None) -> dict[str, PassResult]:
    seen: dict[tuple[str, str], PassResult] = {}
    out: dict[str, PassResult] = {}
    for ident, codegen, ascir in kernels(files):
        key = (codegen, ascir)
        if key not in seen:
            seen[key] = compare(codegen, ascir)
        out[ident] = seen[key]
    return out


_NAME = re.compile(r"%[\w-]+|#loc\d*")


def summary(results: dict[str, PassResult], show: int = 10) -> str:
    counts = Counter(r.status for r in results.values())
    lines = [f"kernels: {len(results)}; equal {counts['equal']}, differs {counts['differs']}, "
             f"fails {counts['fails']}, unread {counts['unread']}"]
    # A class is the pair of first differing lines with names and numbers blanked out.
    firsts = Counter((_NAME.sub("N", r.theirs or ""), _NAME.sub("N", r.ours or ""))
                     for r in results.values() if r.status == "differs")
    if firsts:
        lines.append("most common first differences (pyasc's line / ascdsl's line):")
        for (theirs, ours), n in firsts.most_common(show):
            lines.append(f"  {n:4d}  pyasc:  {theirs[:160]}\n        ascdsl: {ours[:160]}")
    for status, side in (("fails", "ours"), ("unread", "theirs")):
        why = Counter(re.sub(r"^\S+:\d+:\d+: ", "", getattr(r, side) or "")[:160]
                      for r in results.values() if r.status == status)
        if why:
            lines.append(f"most common reasons a kernel {status}:")
            for w, n in why.most_common(show):
                lines.append(f"  {n:4d}  {w}")
    return "\n".join(lines)
