"""Parsing pyasc's IR (locations on every op) against parsing ascdsl's own IR of the same
kernels, per op, same run.

    python benchmarks/pyasc_parse.py [--repeat 7]

The kernels are pyasc's Python tests and tutorials that ascdsl also compiles (FILES). For each
file, pyasc 1.1.1 writes its frontend IR (codegen.mlir) and its IR after its passes
(ascir.mlir) through the oracle (tests/pyasc_oracle; cached), and ascdsl writes its own
(codegen.mlir and passes.mlir, `ASCDSL_DUMP_PATH`) running the same file with `asc` mapped
to ascdsl (tests/pyasc_suite). Only kernels both sides compiled are kept. pyasc's text carries
a `loc(#locN)` on every op and argument and the alias definitions; ascdsl's carries none.

Each repetition parses every text once with `ascdsl.diagnostics.parse_module` (what
ascdsl-opt does), the sides interleaved, and sums CPU time (`time.process_time`) per side;
µs per op is that sum over the ops the texts hold. Prints the medians and the ratio of
pyasc's per stage to two readings of ascdsl's own IR: as the JIT dumps it (no locations),
and printed with its locations as MLIR prints them (`--mlir-print-debuginfo`: `loc(#locN)`
on every op, the aliases after the module; what pyasc's dumps carry). Target: pyasc / ascdsl
with locations <= 1.0 (reading a dump costs no more per op than reading the same IR
ascdsl writes); the ratio to the bare IR says what the locations themselves cost.
Needs ../shared and pyasc's environment; says so and exits 2 without them.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.pyasc_oracle import layout, oracle, venv  # noqa: E402

FILES = [
    "tutorials/01_add/add.py",
    "tutorials/02_add_framework/add_framework.py",
    "test/kernels/test_vadd.py",
    "test/kernels/insert_sync/test_vadd.py",
    "test/kernels/insert_sync/test_vadd_scalar.py",
    "test/generalization/basic/test_vadd.py",
    "test/generalization/basic/test_vadds.py",
    "test/generalization/basic/test_vsqrt.py",
    "test/generalization/basic/test_duplicate.py",
    "test/unit/language/basic/test_vector_binary.py",
    "test/unit/language/basic/test_vector_unary.py",
    "test/unit/language/fwk/test_tpipe.py",
    "test/unit/language/core/test_global_tensor.py",
]

# ascdsl's dump of a stage -> pyasc's
STAGES = {"codegen.mlir": "codegen.mlir", "passes.mlir": "ascir.mlir"}


def pyasc_dumps(path: Path) -> dict[str, dict[str, list[str]]]:
    """kernel name -> pyasc's stage -> its texts."""
    out: dict[str, dict[str, list[str]]] = {}
    for k in oracle.dump_file(path).kernels:
        for stage in STAGES.values():
            text = getattr(k, stage.replace(".", "_"))
            if text:
                out.setdefault(k.kernel, {}).setdefault(stage, []).append(text)
    return out


def ascdsl_dumps(path: Path, scratch: Path) -> dict[str, dict[str, list[str]]]:
    """kernel name -> ascdsl's stage -> its texts (the file run with `asc` mapped to ascdsl)."""
    dump = scratch / path.stem
    env = {**os.environ, "ASCDSL_DUMP_PATH": str(dump), "PYTHONDONTWRITEBYTECODE": "1",
           "ASCDSL_CACHE_DIR": str(scratch / "cache"), "MPLBACKEND": "Agg"}
    mode = layout.mode(path)
    subprocess.run(
        [sys.executable, "-m", "tests.pyasc_suite.worker", str(scratch / "results.jsonl"), mode,
         str(path), "--rootdir", str(layout.pyasc_python_dir())],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    out: dict[str, dict[str, list[str]]] = {}
    for d in sorted(dump.glob("*")) if dump.is_dir() else []:
        kernel = d.name.rsplit("-", 1)[0]
        for ours, theirs in STAGES.items():
            f = d / ours
            if f.is_file() and f.read_text().strip():
                out.setdefault(kernel, {}).setdefault(theirs, []).append(f.read_text())
    return out


def _reads(text: str) -> bool:
    from ascdsl.diagnostics import AscdslError

    try:
        count_ops(text)
    except AscdslError:
        return False
    return True


def with_locations(text: str) -> str:
    """ascdsl's IR printed back with its locations (as `ascdsl-opt --mlir-print-debuginfo`)."""
    import io

    from ascdsl.context import make_context
    from ascdsl.diagnostics import parse_module
    from ascdsl.locations import print_module

    out = io.StringIO()
    print_module(parse_module(make_context(), text, "codegen.mlir"), out, debuginfo=True)
    return out.getvalue()


def count_ops(text: str) -> int:
    from ascdsl.context import make_context
    from ascdsl.diagnostics import parse_module

    return sum(1 for _ in parse_module(make_context(), text, "bench.mlir").walk())


def parse_seconds(texts: list[str]) -> float:
    from ascdsl.context import make_context
    from ascdsl.diagnostics import parse_module

    t0 = time.process_time()
    for text in texts:
        parse_module(make_context(), text, "bench.mlir")
    return time.process_time() - t0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=7)
    args = ap.parse_args()
    reason = layout.missing_reason()
    if reason:
        print(reason)
        return 2
    try:
        venv.ensure_venv(create=True)
    except venv.VenvUnavailable as e:
        print(f"pyasc's environment is not available: {e}")
        return 2
    theirs: dict[str, list[str]] = {s: [] for s in STAGES.values()}
    ours: dict[str, list[str]] = {s: [] for s in STAGES.values()}
    kernels = skipped = 0
    with tempfile.TemporaryDirectory() as tmp:
        for rel in FILES:
            path = layout.pyasc_python_dir() / rel
            p, a = pyasc_dumps(path), ascdsl_dumps(path, Path(tmp))
            for kernel in sorted(set(p) & set(a)):
                if not all(_reads(t) for texts in p[kernel].values() for t in texts):
                    skipped += 1  # it uses an op ascdsl lacks
                    continue
                for stage in STAGES.values():
                    if p[kernel].get(stage) and a[kernel].get(stage):
                        theirs[stage] += p[kernel][stage]
                        ours[stage] += a[kernel][stage]
                kernels += 1
    print(f"{kernels} kernels of {len(FILES)} pyasc files, compiled by both and read by ascdsl "
          f"({skipped} more use ops ascdsl lacks)\n")
    print(f"{'pyasc stage':<14} {'ascdsl IR':<24} {'texts':>7} {'ops':>11} {'pyasc us/op':>12} "
          f"{'ascdsl us/op':>13} {'ratio':>6}")
    for stage in STAGES.values():
        t_texts = theirs[stage]
        bare = ours[stage]
        located = [with_locations(t) for t in bare]
        t_ops = sum(count_ops(t) for t in t_texts)
        o_ops = sum(count_ops(t) for t in bare)
        times: dict[str, list[float]] = {"pyasc": [], "bare": [], "located": []}
        for _ in range(args.repeat):  # alternate, so the machine's load hits all alike
            times["pyasc"].append(parse_seconds(t_texts) / t_ops)
            times["bare"].append(parse_seconds(bare) / o_ops)
            times["located"].append(parse_seconds(located) / o_ops)
        t_us = statistics.median(times["pyasc"]) * 1e6
        ours_name = "codegen.mlir" if stage == "codegen.mlir" else "passes.mlir"
        for kind, texts in (("located", located), ("bare", bare)):
            o_us = statistics.median(times[kind]) * 1e6
            label = f"{ours_name}, {'with locations' if kind == 'located' else 'as dumped'}"
            print(f"{stage:<14} {label:<24} {len(t_texts):>3}/{len(texts):<3} "
                  f"{t_ops:>5}/{o_ops:<5} {t_us:>10.1f} {o_us:>13.1f} {t_us / o_us:>6.2f}")
        chars = [sum(map(len, x)) / n for x, n in ((t_texts, t_ops), (located, o_ops),
                                                   (bare, o_ops))]
        print(f"{'':<14} text per op: pyasc {chars[0]:.0f} chars, ascdsl {chars[1]:.0f} with "
              f"locations, {chars[2]:.0f} as dumped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
