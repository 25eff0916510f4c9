"""ascdsl's Ascend C printer against pyasc's, on pyasc's own IR.

For every kernel pyasc 1.1.1 compiles in its Python suite, pyasc writes the IR after its passes
(ascir.mlir) and the Ascend C its translator prints from it (ascendc.cpp). ascdsl reads the
same ascir.mlir and prints it with `-t ascendc`; the two sources must be equal line for line.
Only trailing whitespace and blank lines are ignored (neither changes what bisheng compiles);
everything else, names and spacing included, is compared.

    python -m tests.pyasc_oracle printer [--area basic] [--show 5]

A kernel is *equal*, *differs* (the first differing line of each side is kept), or *unread*
(ascdsl cannot read or print the IR: an op it lacks, or a reading failure the corpus test
reports). tests/pyasc/test_printer_diff.py keeps a ratchet of the equal ones.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from . import layout, oracle


@dataclass
class PrinterResult:
    status: str  # "equal" | "differs" | "unread"
    ours: str | None = None  # first differing line (ascdsl's), or the reading error
    theirs: str | None = None  # first differing line (pyasc's)
    line: int = 0  # its line in pyasc's source (1-based, blank lines counted)


def _lines(text: str) -> list[tuple[int, str]]:
    return [(i, ln.rstrip()) for i, ln in enumerate(text.splitlines(), 1) if ln.strip()]


def compare(ir_text: str, cpp_text: str, name: str = "ascir.mlir",
            counters: dict[object, int] | None = None) -> PrinterResult:
    """Print pyasc's IR with ascdsl's Ascend C printer and compare with pyasc's source.
    `counters`: the printer's running numbers from the kernels pyasc printed before this one
    in the same process (`emit`'s `counters`), updated."""
    from ascdsl.diagnostics import AscdslError
    from ascdsl.loading import parse
    from ascdsl.targets.ascendc import emit

    try:
        ours = emit(parse(ir_text, name), pyasc_spelling=True, counters=counters)
    except AscdslError as e:
        return PrinterResult("unread", ours=str(e).splitlines()[0][:300])
    return compare_sources(ours, cpp_text)


def compare_sources(ours: str, cpp_text: str) -> PrinterResult:
    """ascdsl's Ascend C against pyasc's, line for line, blank lines and trailing whitespace
    ignored; the first difference kept."""
    a, b = _lines(ours), _lines(cpp_text)
    for (_, x), (j, y) in zip(a, b):
        if x != y:
            return PrinterResult("differs", x, y, j)
    if len(a) != len(b):
        extra_ours = a[len(b)][1] if len(a) > len(b) else "<end>"
        extra_theirs = b[len(a)] if len(b) > len(a) else (0, "<end>")
        return PrinterResult("differs", extra_ours, extra_theirs[1], extra_theirs[0])
    return PrinterResult("equal")


def kernels(files: list[Path] | None = None, jobs: int = 2) -> Iterator[tuple[str, str, str]]:
    """(id, ascir.mlir, ascendc.cpp) of every kernel pyasc compiles for `files` (default:
    the whole suite), file by file in the order pyasc printed them; ids are
    "<file> #<n> <kernel>" as in the corpus."""
    if files is None:
        files = [p for _, p in layout.suite_files()]
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        results = list(pool.map(oracle.dump_file, files))
    for path, result in zip(files, results):
        rel = layout.relname(path)
        for i, k in enumerate(result.kernels, 1):
            if k.ascir_mlir is not None and k.ascendc_cpp is not None:
                yield f"{rel} #{i} {k.kernel}", k.ascir_mlir, k.ascendc_cpp


def run(files: list[Path] | None = None) -> dict[str, PrinterResult]:
    # The oracle runs each file in one pyasc process, whose translator numbers mask arrays
    # with statics that run on from kernel to kernel: one `counters` per file, in order.
    seen: dict[tuple, tuple[PrinterResult, dict[object, int]]] = {}
    out: dict[str, PrinterResult] = {}
    counters: dict[object, int] = {}
    current = None
    for ident, ir_text, cpp_text in kernels(files):
        file = ident.split(" #", 1)[0]
        if file != current:
            current, counters = file, {}
        key = (ir_text, cpp_text, tuple(sorted(counters.items(), key=repr)))
        if key not in seen:
            result = compare(ir_text, cpp_text, counters=counters)
            seen[key] = (result, dict(counters))
        else:
            counters.update(seen[key][1])
        out[ident] = seen[key][0]
    return out


def summary(results: dict[str, PrinterResult], show: int = 5) -> str:
    counts = Counter(r.status for r in results.values())
    lines = [f"kernels: {len(results)}; equal {counts['equal']}, differs {counts['differs']}, "
             f"unread {counts['unread']}"]
    firsts = Counter((r.theirs, r.ours) for r in results.values() if r.status == "differs")
    if firsts:
        lines.append("most common first differences (pyasc's line / ascdsl's line):")
        for (theirs, ours), n in firsts.most_common(show):
            lines.append(f"  {n:4d}  pyasc:  {theirs}\n        ascdsl: {ours}")
    # The reason without its position: one line per missing op, not per place it stands.
    unread = Counter(re.sub(r"^\S+:\d+:\d+: ", "", r.ours or "")
                     for r in results.values() if r.status == "unread")
    if unread:
        lines.append("most common reasons a kernel is unread:")
        for why, n in unread.most_common(show):
            lines.append(f"  {n:4d}  {why}")
    return "\n".join(lines)
