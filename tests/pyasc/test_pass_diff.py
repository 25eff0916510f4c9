"""ascdsl's passes, on pyasc's own frontend IR, against the IR pyasc's passes write.

Needs ../shared (pyasc's kernels) and pyasc's environment (the oracle; dumps are cached).
Every kernel of pyasc's Python suite that pyasc compiles: its codegen.mlir through ascdsl's
`pyasc-pipeline` must equal its ascir.mlir after name normalisation
(tests/pyasc_oracle/pass_diff.py). The kernels listed in passes_equal.txt must stay equal (a
ratchet; newly equal ones warn). `python -m tests.pyasc_oracle passes` shows what still
differs, grouped.
"""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

from tests.pyasc_oracle import layout, pass_diff, venv
from tests.pyasc_suite.ratchet import read_list

pytestmark = pytest.mark.skipif(layout.missing_reason() is not None,
                                reason=layout.missing_reason() or "")

EQUAL_LIST = Path(__file__).parent / "passes_equal.txt"


@pytest.fixture(scope="module")
def results():
    try:
        venv.ensure_venv(create=True)
    except venv.VenvUnavailable as e:
        pytest.skip(f"pyasc's environment is unavailable: {e}")
    return pass_diff.run()


def test_pass_ratchet(results):
    listed = read_list(EQUAL_LIST)
    now = {i for i, r in results.items() if r.status == "equal"}
    new = sorted(now - set(listed))
    if new:
        warnings.warn(f"{len(new)} kernel(s) newly pass as pyasc's passes do; add them to "
                      f"{EQUAL_LIST.relative_to(layout.PROJECT_ROOT)}:\n" + "\n".join(new),
                      stacklevel=1)
    lost = [i for i in listed if i not in now]
    assert not lost, "kernels whose IR after the passes no longer equals pyasc's:\n" + "\n".join(
        f"  {i}: {results[i].status}: pyasc {results[i].theirs!r} / ascdsl {results[i].ours!r}"
        if i in results else f"  {i}: not dumped (renamed or removed?)" for i in lost)


CODEGEN = """
func.func @k(%n: i32) attributes {ascendc.aicore, ascendc.global} {
  %c2 = arith.constant 2 : i32
  %a = arith.muli %n, %c2 : i32
  return
}
"""

ASCIR = """
module {
  emitc.include "kernel_operator.h"
  func.func @k(%arg0: i32 {emitasc.kernel_arg = #emitasc<kernel_arg explicit>}, %arg1: memref<?xui64, 22> {emitasc.kernel_arg = #emitasc<kernel_arg ffts_addr>}) attributes {ascendc.aicore, ascendc.global} {
    ascendc.set_ffts_base_addr %arg1 : memref<?xui64, 22>
    return
  }
}
"""


def test_a_difference_is_reported_with_both_lines():
    assert pass_diff.compare(CODEGEN, ASCIR).status == "equal"
    other = pass_diff.compare(CODEGEN, ASCIR.replace('"kernel_operator.h"', '"other.h"'))
    assert other.status == "differs" and "other.h" in other.theirs \
        and "kernel_operator.h" in other.ours
    unread = pass_diff.compare(CODEGEN, "module { ascendc.no_such_op }")
    assert unread.status == "unread" and "no_such_op" in unread.theirs
    fails = pass_diff.compare(CODEGEN.replace("%c2 = arith.constant 2 : i32",
                                              "%c2 = ascendc.no_such_op"), ASCIR)
    assert fails.status == "unread" and "codegen.mlir" in fails.theirs
