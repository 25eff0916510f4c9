"""docs/ops.md is generated from the registries and kept current."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import ascdsl.dialects.ascendc as A
from ascdsl.tools.opsdoc import generate

DOC = Path(__file__).resolve().parents[3] / "docs" / "ops.md"


def test_docs_ops_md_is_current():
    assert DOC.read_text(encoding="utf-8") == generate(), (
        "docs/ops.md is out of date: run `python -m ascdsl.tools.opsdoc -o docs/ops.md`"
    )


def test_every_op_has_a_row_with_its_class_file_api_and_lowering():
    rows = {line.split(" | ")[0].strip("| `"): line for line in generate().splitlines()
            if line.startswith("| `ascendc.")}
    assert set(rows) == {c.name for c in A.ALL_OPS}
    add = rows["ascendc.add_l2"]
    assert "`AddL2Op`" in add and "`AscendC::Add(...)`" in add and "PIPE_V" in add
    assert "`vector.lower_elementwise`" in add
    assert "computed" in rows["ascendc.data_copy_l2"]  # the pipe follows the memories
    assert "not simulated: " in rows["ascendc.local_tensor_auto"]
    assert "**none**" not in generate()  # every op is lowered or says why not
    assert "## `ascdsl/dialects/ascendc/ops_binary.py`" in generate()


def test_check_mode_reports_a_stale_page(tmp_path):
    stale = tmp_path / "ops.md"
    stale.write_text("# old\n", encoding="utf-8")
    cmd = [sys.executable, "-m", "ascdsl.tools.opsdoc", "--check"]
    bad = subprocess.run([*cmd, str(stale)], capture_output=True, text=True)
    assert bad.returncode == 1 and "is out of date" in bad.stderr
    good = subprocess.run([*cmd, str(DOC)], capture_output=True, text=True)
    assert good.returncode == 0, good.stderr
    out = tmp_path / "new.md"
    made = subprocess.run([sys.executable, "-m", "ascdsl.tools.opsdoc", "-o", str(out)])
    assert made.returncode == 0 and out.read_text(encoding="utf-8") == generate()
