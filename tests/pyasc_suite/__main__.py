"""pyasc's Python tests and tutorials on ascdsl (run from the project root).

    python -m tests.pyasc_suite run [--area basic ...] [-k text] [-j 2] [--timeout 60]
                                    [-o results.json]
    python -m tests.pyasc_suite show results.json

Runs ../shared/pyasc/python (tutorials, test/kernels, test/generalization,
test/unit/language, and test/unit/codegen's FileCheck tests) with `asc` mapped to ascdsl, one
subprocess per area, and records per test function: compiles? runs? numbers match? and the
first line of the error when not. Prints a table by area and the most common failure reasons;
`-o` writes the machine-readable results (the ratchet in tests/pyasc reads the same format).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from tests.pyasc_oracle import layout

# areas whose tests run kernels and compare numbers (the unit areas mock the launch)
NUMERIC_AREAS = ("kernels", "generalization", "tutorials")
FILE_TIMEOUT = 1200.0   # a worker running one file
BATCH_TIMEOUT = 2400.0  # a worker running an area's files


def _log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def _worker(mode: str, paths: list[Path], timeout: float, cache: Path,
            limit: float) -> tuple[list[dict], str | None]:
    """Run files in one worker subprocess: (its test records, why it died or None)."""
    with tempfile.NamedTemporaryFile(prefix="pyasc-suite-", suffix=".jsonl",
                                     delete=False) as tmp:
        results = Path(tmp.name)
    env = dict(os.environ)
    env["PYTHONDONTWRITEBYTECODE"] = "1"  # ../shared stays untouched
    env["ASCDSL_CACHE_DIR"] = str(cache)
    env.pop("ASCDSL_DUMP_PATH", None)
    env.setdefault("MPLBACKEND", "Agg")
    cmd = [sys.executable, "-m", "tests.pyasc_suite.worker", str(results), mode,
           *map(str, paths), "--rootdir", str(layout.pyasc_python_dir()),
           "--timeout", str(timeout)]
    fc = shutil.which("filecheck") or shutil.which("FileCheck")
    if fc:
        cmd += ["--filecheck", fc]
    crash = None
    try:
        proc = subprocess.run(cmd, cwd=str(layout.PROJECT_ROOT), env=env, capture_output=True,
                              text=True, timeout=limit)
        if proc.returncode not in (0, 1):  # 1: pytest's "some tests failed"
            tail = (proc.stderr or proc.stdout).strip().splitlines()[-1:] or [""]
            crash = f"worker exited with {proc.returncode}: {tail[0][:200]}"
    except subprocess.TimeoutExpired:
        crash = f"worker killed after {limit:.0f}s"
    records = [json.loads(line) for line in results.read_text().splitlines() if line.strip()]
    results.unlink()
    return records, crash


def _file_of(test_id: str) -> str:
    return test_id.split("::", 1)[0]


def run_batch(area: str, paths: list[Path], timeout: float, cache: Path) -> list[dict]:
    """Run an area's files in one worker; if it dies, rerun its unfinished files one by one.

    Records get the area and a global id: pyasc's path (python/...) and the test's name.
    """
    mode = layout.mode(paths[0])
    records, crash = _worker(mode, paths, timeout, cache, BATCH_TIMEOUT)
    if crash:
        done = {_file_of(r["id"]) for r in records}
        rel = {p: p.resolve().relative_to(layout.pyasc_python_dir().resolve()).as_posix()
               for p in paths}
        # the file that was running when the worker died is incomplete: run it again alone
        last = _file_of(records[-1]["id"]) if records else None
        records = [r for r in records if _file_of(r["id"]) != last]
        for p in paths:
            if rel[p] in done and rel[p] != last:
                continue
            again, why = _worker(mode, [p], timeout, cache, FILE_TIMEOUT)
            if why and not again:
                again = [{"id": rel[p], "outcome": "failed", "error": why, "compiles": False,
                          "runs": None, "passes": None, "filecheck": None, "stage": "setup",
                          "reason": why, "events": [], "fallbacks": [], "seconds": 0.0}]
            records.extend(again)
    for r in records:
        r["id"] = "python/" + r["id"]
        r["file"] = _file_of(r["id"])
        r["area"] = area
    return records


_LOC = re.compile(r"(\S+\.py|<[^>]+>):\d+(:\d+)?: (error|warning): ")
_NUM = re.compile(r"\b\d+\b")


def normalize_reason(reason: str | None) -> str:
    """A failure reason without its file location and numbers, for grouping."""
    if not reason:
        return "(no message)"
    text = _LOC.sub("", reason)
    text = re.sub(r"\(/[^)]*\)", "", text)  # "(/path/to/file.py)" in import errors
    text = _NUM.sub("N", text)
    # "OutOfBoundsError: OutOfBoundsError: ..." -> once
    parts = text.split(": ", 1)
    if len(parts) == 2 and parts[1].startswith(parts[0] + ": "):
        text = parts[1]
    return text.strip()[:140]


def summarize(tests: list[dict]) -> dict:
    by_area: dict[str, Counter] = defaultdict(Counter)
    for t in tests:
        row = by_area[t["area"]]
        row["tests"] += 1
        row["compile"] += bool(t["compiles"])
        row["run"] += t["runs"] is True
        row["pass"] += t["passes"] is True
        row["filecheck"] += t["filecheck"] is True
        row["timeout"] += "KernelTimeout" in (t.get("reason") or "")
        row["skipped"] += t["outcome"] == "skipped"
        row["unimported"] += t["id"].endswith("::<collection>")
    reasons = Counter(normalize_reason(t["reason"]) for t in tests
                      if t["stage"] not in ("ok", "skipped"))
    return {"areas": {a: dict(c) for a, c in by_area.items()},
            "reasons": reasons.most_common(25)}


def print_table(summary: dict, out=sys.stdout) -> None:
    cols = ("tests", "compile", "run", "pass", "filecheck", "timeout")
    print(f"{'area':<16}" + "".join(f"{c:>10}" for c in cols), file=out)
    total: Counter = Counter()
    order = [a for a in layout.AREAS if a in summary["areas"]]
    for area in order:
        row = Counter(summary["areas"][area])
        total.update(row)
        cells = []
        for c in cols:
            if c in ("run", "pass") and area not in NUMERIC_AREAS:
                cells.append("-")  # pyasc's unit tests mock the launch: nothing runs
            elif c == "filecheck" and area != "codegen":
                cells.append("-")
            else:
                cells.append(str(row[c]))
        print(f"{area:<16}" + "".join(f"{x:>10}" for x in cells), file=out)
    print(f"{'total':<16}" + "".join(f"{total[c]:>10}" for c in cols), file=out)
    if total["unimported"]:
        print(f"({total['unimported']} of the tests are whole files that do not import on "
              "ascdsl: one row each)", file=out)
    if summary["reasons"]:
        print("\nmost common failure reasons:", file=out)
        for reason, n in summary["reasons"][:10]:
            print(f"{n:5d}  {reason}", file=out)


def run_suite(areas: list[str] | None, jobs: int, timeout: float,
              keyword: str | None = None) -> dict:
    files = layout.suite_files(areas)
    if keyword:
        files = [(a, p) for a, p in files if keyword in str(p)]
    batches: dict[str, list[Path]] = defaultdict(list)
    for area, path in files:
        batches[area].append(path)
    # largest first, so two workers finish together
    order = sorted(batches.items(), key=lambda kv: -len(kv[1]))
    started = time.monotonic()
    cache = Path(tempfile.mkdtemp(prefix="pyasc-suite-cache-"))
    try:
        with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
            chunks = list(pool.map(lambda kv: run_batch(kv[0], kv[1], timeout, cache), order))
    finally:
        shutil.rmtree(cache, ignore_errors=True)
    tests = [t for chunk in chunks for t in chunk]
    return {
        "meta": {
            "ascdsl": _ascdsl_version(),
            "pyasc_python": str(layout.pyasc_python_dir()),
            "areas": areas or list(layout.AREAS),
            "timeout": timeout,
            "files": len(files),
            "seconds": round(time.monotonic() - started, 1),
        },
        "summary": summarize(tests),
        "tests": tests,
    }


def _ascdsl_version() -> str:
    from ascdsl import __version__

    return __version__


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.pyasc_suite",
                                     description="pyasc's Python tests and tutorials on ascdsl")
    sub = parser.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("run", help="run the suite and print a table by area")
    p.add_argument("--area", action="append", choices=list(layout.AREAS))
    p.add_argument("-k", dest="keyword", help="only files whose path contains this text")
    p.add_argument("-j", "--jobs", type=int, default=2)
    p.add_argument("--timeout", type=float, default=60.0, help="seconds per test (default 60)")
    p.add_argument("-o", "--output", help="write the results (JSON) here")
    p = sub.add_parser("show", help="print the table of a results file")
    p.add_argument("results")
    args = parser.parse_args(argv)
    if args.cmd == "show":
        data = json.loads(Path(args.results).read_text())
        print_table(data["summary"])
        return 0
    reason = layout.missing_reason()
    if reason:
        _log(reason)
        return 1
    data = run_suite(args.area, args.jobs, args.timeout, args.keyword)
    print_table(data["summary"])
    print(f"\n{data['meta']['files']} files, {len(data['tests'])} tests, "
          f"{data['meta']['seconds']:.0f}s")
    if args.output:
        tmp = Path(args.output + ".tmp")
        tmp.write_text(json.dumps(data, indent=1))
        tmp.replace(args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
