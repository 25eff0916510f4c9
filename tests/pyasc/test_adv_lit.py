"""pyasc's own expected Ascend C for the advanced APIs (its lit test Target/AscendC/adv.mlir),
function by function.

The whole file also needs ops of the cube path (TCubeTiling through memref) and pyasc's
`emitc.constant` / `set_ffts_base_addr`, and ascdsl names a value after the IR's name for it
(`v5_isReuseSource` where pyasc prints `v5`). Each function that uses only advanced-API ops
is run here on its own, its arguments renamed `%arg0...`, and checked with pyasc's own CHECK
lines: ascdsl prints every advanced-API call exactly as pyasc expects.
"""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from tests.pyasc_oracle import layout

LIT = layout.pyasc_lit_dir() / "Target" / "AscendC" / "adv.mlir"
# Functions of the file that need other parts of the dialect (the cube path, emitc).
OTHERS = ("cube_tiling", "set_ffts_base_addr", "emitc.constant")


def _functions() -> list[tuple[str, str]]:
    if not LIT.is_file():
        return []
    chunks = re.split(r"\n(?=// CHECK-LABEL)", LIT.read_text())
    out = []
    for chunk in chunks:
        m = re.search(r"func\.func @(\w+)\(([^)]*)\)", chunk)
        if m is None or any(o in chunk for o in OTHERS):
            continue
        for i, name in enumerate(re.findall(r"%(\w+)\s*:", m.group(2))):
            chunk = re.sub(rf"%{name}\b", f"%arg{i}", chunk)
        out.append((m.group(1), chunk))
    return out


FUNCTIONS = _functions()


@pytest.mark.skipif(not LIT.is_file(), reason=f"pyasc's lit test is not here ({LIT})")
def test_the_file_has_the_functions_of_the_advanced_apis():
    names = [n for n, _ in FUNCTIONS]
    assert names == ["emit_softmax", "emit_unary_math_ops", "emit_unary_math_ops_test_params",
                     "emit_binary_math_ops", "emit_binary_math_ops_test_params", "emit_clamp",
                     "emit_cumsum", "emit_axpy", "emit_exp"]


@pytest.mark.parametrize("name,text", FUNCTIONS, ids=[n for n, _ in FUNCTIONS])
def test_pyasc_expected_ascend_c(name, text, tmp_path):
    src = tmp_path / f"{name}.mlir"
    src.write_text(text)
    cpp = subprocess.run([sys.executable, "-m", "ascdsl.tools.ascdsl_opt", str(src), "-t",
                          "ascendc"], capture_output=True, text=True, timeout=300)
    assert cpp.returncode == 0, cpp.stderr
    check = subprocess.run([sys.executable, "-m", "filecheck", str(src)], input=cpp.stdout,
                           capture_output=True, text=True, timeout=300)
    assert check.returncode == 0, check.stderr + "\n" + cpp.stdout
