"""Run the lit + FileCheck suite (tests/filecheck) as one pytest test.

`pytest` alone is the whole test suite: this test fails, listing the failing lit tests and
their output, when any FileCheck test fails.
"""

import os
import subprocess
import sys
from pathlib import Path

FILECHECK_DIR = Path(__file__).parent / "filecheck"


def test_filecheck_suite():
    tests = [p for p in FILECHECK_DIR.rglob("*") if p.suffix in (".mlir", ".py")
             and "Inputs" not in p.parts and p.name != "lit.cfg"]
    assert tests, "no FileCheck tests found"
    workers = str(max(2, os.cpu_count() or 2))
    proc = subprocess.run(
        [sys.executable, "-c", "from lit.main import main; main()", "-v", "-j", workers,
         str(FILECHECK_DIR)],
        capture_output=True,
        text=True,
    )
    report = proc.stdout[-20000:] + proc.stderr[-5000:]
    assert proc.returncode == 0, f"lit reported failures:\n{report}"
    assert "Passed" in proc.stdout, report
