"""The example's lit + FileCheck tests (tests/lit), as one pytest test."""

import subprocess
import sys
from pathlib import Path

LIT_DIR = Path(__file__).parent / "lit"


def test_ascx_lit_suite():
    assert list(LIT_DIR.glob("*.mlir")), "no lit tests found"
    proc = subprocess.run([sys.executable, "-c", "from lit.main import main; main()", "-v",
                           "-j", "2", str(LIT_DIR)], capture_output=True, text=True)
    report = proc.stdout[-20000:] + proc.stderr[-5000:]
    assert proc.returncode == 0, f"lit reported failures:\n{report}"
    assert "Passed" in proc.stdout, report
