"""Ratchet on pyasc's Python tests and tutorials run on ascdsl (tests/pyasc_suite).

suite_compiles.txt lists the test ids whose kernels compile on ascdsl, suite_passes.txt those
that also run on the simulator with matching numbers, suite_filecheck.txt pyasc's FileCheck
tests of the frontend IR that match. A listed test that stops doing so fails this test; tests
that newly do are reported as a warning so the lists can be extended.

    python -m tests.pyasc_suite run -o results.json      # the same run, with a table by area
"""

from __future__ import annotations

import json
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

from tests.pyasc_oracle import layout
from tests.pyasc_suite.ratchet import achieved, compare, read_list

HERE = Path(__file__).parent
LISTS = {
    "compiles": HERE / "suite_compiles.txt",
    "passes": HERE / "suite_passes.txt",
    "filecheck": HERE / "suite_filecheck.txt",
}
SUITE_TIMEOUT = 3600
# Per pyasc test: the mixed Matmul tutorial takes 23 s alone and about 55 s on a loaded
# 2-core machine, too close to the runner's default 60 s for a ratchet.
TEST_TIMEOUT = 180


def test_pyasc_python_suite_ratchet(tmp_path):
    reason = layout.missing_reason()
    if reason:
        pytest.skip(reason)
    results = tmp_path / "results.json"
    proc = subprocess.run(
        [sys.executable, "-m", "tests.pyasc_suite", "run", "--timeout", str(TEST_TIMEOUT),
         "-o", str(results)],
        cwd=layout.PROJECT_ROOT, capture_output=True, text=True, timeout=SUITE_TIMEOUT)
    assert proc.returncode == 0 and results.is_file(), proc.stderr[-3000:]
    tests = json.loads(results.read_text())["tests"]
    listed = {key: read_list(path) for key, path in LISTS.items()}
    lost, new = compare(listed, achieved(tests), tests)
    if new:
        warnings.warn(f"{len(new)} pyasc test(s) newly compile / pass on ascdsl; add them to "
                      "tests/pyasc/suite_*.txt:\n" + "\n".join(new), stacklevel=1)
    assert not lost, (f"{len(lost)} listed pyasc test(s) regressed on ascdsl:\n"
                      + "\n".join(lost) + "\n\n" + proc.stdout)
