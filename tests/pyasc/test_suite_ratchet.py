"""Ratchet on pyasc's Python tests and tutorials run on ascdsl (tests/pyasc_suite).

suite_compiles.txt lists the test ids whose kernels compile on ascdsl, suite_passes.txt those
that also run on the simulator with matching numbers, suite_filecheck.txt pyasc's FileCheck
tests of the frontend IR that match. A listed test that stops doing so fails this test; tests
that newly do are reported as a warning so the lists can be extended.

    python -m tests.pyasc_suite run -o results.json      # the same run, with a table by area
"""

from __future__ import annotations

import warnings
from pathlib import Path

from tests.pyasc_suite.ratchet import achieved, compare, read_list

HERE = Path(__file__).parent
LISTS = {
    "compiles": HERE / "suite_compiles.txt",
    "passes": HERE / "suite_passes.txt",
    "filecheck": HERE / "suite_filecheck.txt",
}


def test_pyasc_python_suite_ratchet(pyasc_suite_run):
    tests, stdout = pyasc_suite_run  # one run per session (tests/pyasc/conftest.py)
    listed = {key: read_list(path) for key, path in LISTS.items()}
    lost, new = compare(listed, achieved(tests), tests)
    if new:
        warnings.warn(f"{len(new)} pyasc test(s) newly compile / pass on ascdsl; add them to "
                      "tests/pyasc/suite_*.txt:\n" + "\n".join(new), stacklevel=1)
    assert not lost, (f"{len(lost)} listed pyasc test(s) regressed on ascdsl:\n"
                      + "\n".join(lost) + "\n\n" + stdout)
