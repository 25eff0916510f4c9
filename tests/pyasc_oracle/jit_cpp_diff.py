"""The fourth stage of the JIT differential: the JIT's Ascend C against pyasc's.

For each compile both ran (paired as in ir_diff.py), ascdsl's frontend IR goes through
`pyasc-pipeline` (pass_diff.pipeline_module, shared with the third stage so the pipeline
runs once per compile) and the Ascend C printer with pyasc's spelling; the source is compared
with pyasc's ascendc.cpp for the same compile line for line, as the printer differential
compares (printer_diff.compare_sources: trailing whitespace and blank lines ignored,
everything else compared). The frontend IR carries its locations (the suite records it so):
the printer names values from them as pyasc's translator does (`v1_x`). So this stage measures what a user of the JIT gets from ascdsl in pyasc's
mode against what pyasc's JIT hands to bisheng.

pyasc's translator numbers mask arrays with statics that run on across the kernels one
process prints. The oracle prints a suite file in one process, so the counters here run over
a file's compiles in pyasc's order, advanced by pyasc's own IR: a difference in one kernel
does not shift the names of the next.

    python -m tests.pyasc_oracle jit-ir --results suite.json --stage ascendc [--list]

tests/pyasc/jit_ascendc_equal.txt lists the compiles whose Ascend C equals pyasc's;
tests/pyasc/test_jit_ascendc_ratchet.py keeps them equal.
"""

from __future__ import annotations

from . import printer_diff

def compare(codegen: str, ascir: str, cpp: str,
            counters: dict[object, int] | None = None) -> tuple[str, str | None, str | None]:
    """(status, pyasc's first differing line, ascdsl's) for ascdsl's frontend IR `codegen`
    (with its locations: the printer names values from them, as pyasc's translator does)
    through pyasc-pipeline and the printer against pyasc's `cpp`. `ascir` is pyasc's IR after
    its passes: the pipeline reads the one option a test leaves its mark on from it. Every
    failure on ascdsl's side (the pipeline or the printer refusing ascdsl's own IR) is a
    difference of ascdsl's."""
    from ascdsl.diagnostics import AscdslError
    from ascdsl.targets.ascendc import emit

    from .pass_diff import CUBE_ONLY_MARK, pipeline_module

    try:
        module = pipeline_module(codegen, CUBE_ONLY_MARK in ascir, "codegen.mlir")
    except AscdslError as e:
        return "differs", None, f"(pyasc-pipeline fails: {str(e).splitlines()[0]})"[:300]
    except Exception as e:  # a bug in a pass: counted as ascdsl's, the measure goes on
        return "differs", None, f"(pyasc-pipeline fails: {type(e).__name__}: {e})"[:300]
    try:
        ours = emit(module, pyasc_spelling=True, counters=counters)
    except AscdslError as e:
        return "differs", None, f"(the printer fails: {str(e).splitlines()[0]})"[:300]
    r = printer_diff.compare_sources(ours, cpp)
    return r.status, r.theirs, r.ours


class Counters:
    """The printer's running numbers as pyasc's process had them before each compile: reset
    per suite file, moved on by pyasc's own IR after every compile pyasc printed."""

    def __init__(self) -> None:
        self.file: str | None = None
        self.counts: dict[object, int] = {}

    def before(self, file: str) -> dict[object, int]:
        if file != self.file:
            self.file, self.counts = file, {}
        return dict(self.counts)

    def after(self, ascir: str) -> None:
        from ascdsl.diagnostics import AscdslError
        from ascdsl.loading import parse
        from ascdsl.targets.ascendc import emit

        try:
            emit(parse(ascir, "ascir.mlir"), pyasc_spelling=True, counters=self.counts)
        except AscdslError:
            pass  # IR the printer differential counts as unread: its numbers are lost there too
