"""ascdsl's JIT against pyasc's on the same kernels: frontend IR and IR after the passes.

pyasc 1.1.1 dumps, for every kernel its Python suite compiles, codegen.mlir (its frontend IR)
and ascir.mlir (after its passes). The suite runner (tests/pyasc_suite) runs the same tests on
ascdsl; with $ASCDSL_SUITE_IR set, each compile records ascdsl's IR before and after its
passes. A compile is paired with pyasc's when both come from the same test function, kernel
and occurrence (the k-th compile of that kernel in that test); a kernel a cache served on
one side has no partner.

Name normalisation: both sides go through ascdsl's parser and printer with MLIR's SSA names
and no locations, so what is compared is the IR (ops, operands, types, attributes, order), not
the spelling of names or of `module` / `func.return`.

    python -m tests.pyasc_oracle jit-ir [--area basic ...] [--results suite.json] [--show 5]
                                       [--list]

tests/pyasc/frontend_ir_equal.txt lists the compiles whose frontend IR equals pyasc's
(`--list` prints them); tests/pyasc/test_frontend_ir_ratchet.py keeps them equal.
"""

from __future__ import annotations

import io
import json
import os
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from . import layout, oracle


@dataclass
class Pair:
    ident: str        # "<file>::<test> <kernel> #<k>"
    stage: str        # "codegen" | "passes"
    status: str       # "equal" | "differs" | "unread" (pyasc's IR does not parse in ascdsl)
    theirs: str | None = None  # first differing line, pyasc's
    ours: str | None = None    # first differing line, ascdsl's


def normalize(text: str, name: str) -> str:
    """The module as ascdsl prints it with MLIR's names and no locations."""
    from ascdsl.dialects.gm import install_mlir_memref_printing
    from ascdsl.loading import parse
    from ascdsl.locations import print_module

    install_mlir_memref_printing()
    out = io.StringIO()
    print_module(parse(text, name), out, mlir_names=True)
    return out.getvalue()


def _first_difference(a: str, b: str) -> tuple[str, str]:
    la, lb = a.splitlines(), b.splitlines()
    for x, y in zip(la, lb):
        if x != y:
            return x.strip(), y.strip()
    return (la[len(lb)].strip() if len(la) > len(lb) else "<end>",
            lb[len(la)].strip() if len(lb) > len(la) else "<end>")


def compare(theirs: str, ours: str, name: str) -> tuple[str, str | None, str | None]:
    from ascdsl.diagnostics import AscdslError

    try:
        a = normalize(theirs, name)
    except AscdslError as e:
        return "unread", str(e).splitlines()[0][:200], None
    try:
        b = normalize(ours, name)
    except AscdslError as e:  # ascdsl's own IR always reads back; say so if it does not
        return "differs", None, f"(ascdsl's IR does not read back: {e})"[:200]
    if a == b:
        return "equal", None, None
    t, o = _first_difference(a, b)
    return "differs", t, o


def _pyasc_compiles(files: list[Path]) -> dict[tuple[str, str, str, int], oracle.KernelDump]:
    """pyasc's compiles keyed by (file, test, kernel, occurrence)."""
    out = {}
    for path in files:
        rel = layout.relname(path)
        seen: Counter = Counter()
        for k in oracle.dump_file(path).kernels:
            test = k.origin.split("::", 1)[1] if "::" in k.origin else ""
            seen[(test, k.kernel)] += 1
            out[(rel, test, k.kernel, seen[(test, k.kernel)])] = k
    return out


def _ascdsl_compiles(tests: list[dict]) -> dict[tuple[str, str, str, int], dict]:
    """ascdsl's compiles (the suite's records) keyed as `_pyasc_compiles`; only those that
    carry their IR (generated, not from a cache)."""
    out = {}
    for t in tests:
        file, _, test = t["id"].partition("::")
        seen: Counter = Counter()
        for e in t.get("events", []):
            if e["stage"] != "compile" or not e["ok"]:
                continue
            seen[e["kernel"]] += 1
            if "ir" in e:
                out[(file, test, e["kernel"], seen[e["kernel"]])] = e["ir"]
    return out


def run(areas: list[str] | None = None, results: Path | None = None,
        save: Path | None = None,
        stages: tuple[str, ...] = ("codegen", "passes", "pyasc-pipeline", "ascendc"),
        tests: list[dict] | None = None) -> list[Pair]:
    """Pairs of every compile both ran; the suite runs unless `results` has a run made with
    $ASCDSL_SUITE_IR set (`save` keeps the run's results for that) or `tests` holds its
    records. `stages` picks the comparisons ("codegen", "passes", "pyasc-pipeline", "ascendc":
    the JIT's Ascend C, jit_cpp_diff.py)."""
    files = [p for _, p in layout.suite_files(areas)]
    if tests is None and results is not None:
        tests = json.loads(results.read_text())["tests"]
    if tests is None:
        from tests.pyasc_suite.__main__ import run_suite

        os.environ["ASCDSL_SUITE_IR"] = "1"
        try:
            data = run_suite(areas, 2, 180.0)
        finally:
            os.environ.pop("ASCDSL_SUITE_IR", None)
        tests = data["tests"]
        if save is not None:
            save.write_text(json.dumps(data))
    theirs = _pyasc_compiles(files)
    ours = _ascdsl_compiles(tests)
    pairs: list[Pair] = []
    from .jit_cpp_diff import Counters
    from .jit_cpp_diff import compare as compare_cpp

    counters = Counters()
    # pyasc's order, file by file: the Ascend C stage's counters run on as pyasc's did
    for key, dump in theirs.items():
        file, test, kernel, n = key
        before = counters.before(file)
        ir = ours.get(key)
        if ir is not None:
            ident = f"{file}::{test} {kernel} #{n}"
            for stage, mine, pyasc in (("codegen", ir["codegen"], dump.codegen_mlir),
                                       ("passes", ir.get("passes"), dump.ascir_mlir)):
                if stage not in stages or mine is None or pyasc is None:
                    continue
                status, t, o = compare(pyasc, mine, f"{stage}.mlir")
                pairs.append(Pair(ident, stage, status, t, o))
            if "pyasc-pipeline" in stages and dump.ascir_mlir is not None:
                pairs.append(_through_pyasc_pipeline(ident, ir["codegen"], dump.ascir_mlir))
            if "ascendc" in stages and dump.ascir_mlir and dump.ascendc_cpp:
                status, t, o = compare_cpp(ir["codegen"], dump.ascir_mlir, dump.ascendc_cpp,
                                           before)
                pairs.append(Pair(ident, "ascendc", status, t, o))
        if "ascendc" in stages and dump.ascir_mlir and dump.ascendc_cpp:
            counters.after(dump.ascir_mlir)
    pairs.sort(key=lambda p: p.ident)
    return pairs


def _through_pyasc_pipeline(ident: str, codegen: str, ascir: str) -> Pair:
    """The JIT's frontend IR through `pyasc-pipeline` against pyasc's ascir.mlir: the JIT as
    it writes pyasc's IR. ascdsl's own pipeline differs from pyasc's on purpose (its
    synchronisation is correct where pyasc's is not, and it adds `ffts_addr` only to kernels
    that synchronise across cores), so the "passes" stage measures ascdsl's default and this
    one the issue's comparison."""
    from .pass_diff import compare as through_passes

    r = through_passes(codegen, ascir)
    if r.status == "fails" or (r.status == "unread" and (r.theirs or "").startswith("codegen")):
        # the pipeline failed on, or could not read, ascdsl's own IR: a difference of ours
        return Pair(ident, "pyasc-pipeline", "differs", None, r.ours or r.theirs)
    return Pair(ident, "pyasc-pipeline", r.status, r.theirs, r.ours)


_NUM = re.compile(r"%[\w-]+")


def summary(pairs: list[Pair], show: int = 5) -> str:
    lines = []
    for stage, title in (("codegen", "frontend IR (codegen.mlir)"),
                         ("passes", "IR after ascdsl's default passes (ascir.mlir)"),
                         ("pyasc-pipeline", "IR after pyasc-pipeline (ascir.mlir)"),
                         ("ascendc", "Ascend C after pyasc-pipeline (ascendc.cpp)")):
        rows = [p for p in pairs if p.stage == stage]
        if not rows:
            continue
        c = Counter(p.status for p in rows)
        lines.append(f"{title}: {len(rows)} kernels compiled by both; equal {c['equal']}, "
                     f"differs {c['differs']}, unread {c['unread']}")
        firsts = Counter((_NUM.sub("N", p.theirs or ""), _NUM.sub("N", p.ours or ""))
                         for p in rows if p.status == "differs")
        for (t, o), n in firsts.most_common(show):
            lines.append(f"  {n:4d}  pyasc:  {t}\n        ascdsl: {o}")
    return "\n".join(lines)


def equal_ids(pairs: list[Pair], stage: str = "codegen") -> list[str]:
    """The compiles whose IR at `stage` equals pyasc's, sorted (the ratchet's list)."""
    return sorted(p.ident for p in pairs if p.stage == stage and p.status == "equal")


def ratchet(tests: list[dict], stage: str, listed: list[str]) -> tuple[list[str], list[str]]:
    """A stage's ratchet against a suite run: (the compiles newly equal, one line for each
    listed compile that no longer is, saying why)."""
    pairs = {p.ident: p for p in run(tests=tests, stages=(stage,))}
    now = set(equal_ids(list(pairs.values()), stage))
    lost = [f"  {i}: {pairs[i].status}: pyasc {pairs[i].theirs!r} / ascdsl {pairs[i].ours!r}"
            if i in pairs else f"  {i}: not compiled by both (renamed, removed or failing?)"
            for i in listed if i not in now]
    return sorted(now - set(listed)), lost
