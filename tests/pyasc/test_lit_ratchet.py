"""Ratchet on pyasc's own lit suite (../shared/pyasc/test) run against ascdsl-opt.

Every test listed in lit_passing.txt must keep passing. Tests that pass but are not listed yet
are reported as a warning, so the list can be extended in the same commit that makes them pass.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

from tests.pyasc_oracle import layout
from tests.pyasc_suite.ratchet import read_list

HERE = Path(__file__).parent
PASSING_LIST = HERE / "lit_passing.txt"
LIT_TIMEOUT = 1800
_RESULT = re.compile(r"^(PASS|FAIL|XFAIL|XPASS|UNSUPPORTED|UNRESOLVED|TIMEOUT): \S+ :: (\S+)")


def run_lit(lit_dir: Path, scratch: Path) -> dict[str, str]:
    """{test path relative to lit_dir: lit result code} for every test lit ran."""
    proc = subprocess.run(
        [sys.executable, "-c", "from lit.main import main; main()", "-v", "-j", "2",
         str(lit_dir)],
        capture_output=True, text=True, timeout=LIT_TIMEOUT,
        env={**os.environ, "PYASC_LIT_OUT": str(scratch)},
    )
    results = {}
    for line in proc.stdout.splitlines():
        m = _RESULT.match(line)
        if m:
            results[m.group(2)] = m.group(1)
    if not results:
        raise AssertionError("lit ran no pyasc test:\n" + (proc.stdout + proc.stderr)[-3000:])
    return results


def test_pyasc_lit_ratchet(tmp_path):
    lit_dir = layout.pyasc_lit_dir()
    if not (lit_dir / "lit.cfg.py").is_file():
        pytest.skip(f"pyasc's lit suite is not here ({lit_dir} is missing; it lives in "
                    "../shared beside the project, or set ASCDSL_SHARED_DIR)")
    listed = read_list(PASSING_LIST)
    results = run_lit(lit_dir, tmp_path / "lit-out")
    passing = {t for t, code in results.items() if code == "PASS"}
    lost = [t for t in listed if t not in passing]
    new = sorted(passing - set(listed))
    if new:
        warnings.warn(f"{len(new)} pyasc lit test(s) newly pass; add them to "
                      f"{PASSING_LIST.relative_to(layout.PROJECT_ROOT)}:\n" + "\n".join(new),
                      stacklevel=1)
    assert not lost, (
        f"pyasc lit tests listed in {PASSING_LIST.name} no longer pass "
        f"({len(passing)}/{len(results)} pass now):\n"
        + "\n".join(f"  {t}: {results.get(t, 'not run (missing?)')}" for t in lost))
