"""ascdsl-opt on mutated IR, ascdsl-sim on mutated command lines: no hang, no internal
error, every error located.

Runs the mutational fuzzer (ir_fuzz.py) for a bounded time with a fixed seed, in a child
process so that even a hang in C code (a regex) fails the test instead of stalling the suite.
`ASCDSL_FUZZ_FILES` / `ASCDSL_FUZZ_SEED` / `ASCDSL_FUZZ_BUDGET` run it longer locally; a
failure prints the mutant's key, which `python tests/unit/tools/ir_fuzz.py --replay KEY`
turns back into the file.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

FUZZER = Path(__file__).with_name("ir_fuzz.py")


def test_mutated_ir_never_hangs_crashes_or_goes_unlocated(tmp_path):
    files = int(os.environ.get("ASCDSL_FUZZ_FILES", "300"))
    seed = int(os.environ.get("ASCDSL_FUZZ_SEED", "2024"))
    budget = float(os.environ.get("ASCDSL_FUZZ_BUDGET", "30"))
    progress = tmp_path / "progress.txt"
    report = tmp_path / "report.json"
    try:
        proc = subprocess.run(
            [sys.executable, str(FUZZER), "--files", str(files), "--sim", "60", "--seed", str(seed),
             "--budget", str(budget), "--limit", "20", "--json", str(report),
             "--progress", str(progress)],
            capture_output=True, text=True, timeout=budget + 120,
        )
    except subprocess.TimeoutExpired:
        case = progress.read_text() if progress.exists() else "?"
        raise AssertionError(f"the fuzzer hung on case {case} (replay its key)") from None
    assert report.exists(), proc.stdout + proc.stderr
    summary = json.loads(report.read_text())["summary"]
    assert (summary["hang"], summary["internal"], summary["unlocated"]) == (0, 0, 0), proc.stdout
    # The run covered something: a loaded machine may stop at the budget, not at zero.
    assert summary["runs"] >= 200 and summary["sim_runs"] >= 20, summary
