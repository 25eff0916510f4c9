"""One run of pyasc's Python suite on ascdsl per test session, shared by the ratchets that read
it (tests/pyasc/test_suite_ratchet.py, test_frontend_ir_ratchet.py): the run takes minutes.

The run records each compile's IR ($ASCDSL_SUITE_IR), which the frontend-IR ratchet compares
with pyasc's codegen.mlir; the suite ratchet reads the same results for its lists.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tests.pyasc_oracle import layout

SUITE_TIMEOUT = 3600
# Per pyasc test: the mixed Matmul tutorial takes 23 s alone and about 55 s on a loaded
# 2-core machine, too close to the runner's default 60 s for a ratchet.
TEST_TIMEOUT = 180


@pytest.fixture(scope="session")
def pyasc_suite_run(tmp_path_factory) -> tuple[list[dict], str]:
    """(the test records of a whole suite run with IR, its stdout); skips without ../shared."""
    reason = layout.missing_reason()
    if reason:
        pytest.skip(reason)
    results = tmp_path_factory.mktemp("pyasc-suite") / "results.json"
    env = dict(os.environ, ASCDSL_SUITE_IR="1")
    proc = subprocess.run(
        [sys.executable, "-m", "tests.pyasc_suite", "run", "--timeout", str(TEST_TIMEOUT),
         "-o", str(results)],
        cwd=layout.PROJECT_ROOT, capture_output=True, text=True, timeout=SUITE_TIMEOUT,
        env=env)
    assert proc.returncode == 0 and results.is_file(), proc.stderr[-3000:]
    return json.loads(results.read_text())["tests"], proc.stdout
