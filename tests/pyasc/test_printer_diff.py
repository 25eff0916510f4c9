"""ascdsl's Ascend C printer, on pyasc's own IR, against the Ascend C pyasc prints from it.

Needs ../shared (pyasc's kernels) and pyasc's environment (the oracle; dumps are cached).
Every kernel of pyasc's Python suite that pyasc compiles: its ascir.mlir printed by
`-t ascendc` must equal its ascendc.cpp line for line (tests/pyasc_oracle/printer_diff.py).
The kernels listed in ascendc_equal.txt must stay equal (a ratchet; newly equal ones warn).
`python -m tests.pyasc_oracle printer` shows what still differs, grouped.
"""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

from tests.pyasc_oracle import layout, printer_diff, venv
from tests.pyasc_suite.ratchet import read_list

pytestmark = pytest.mark.skipif(layout.missing_reason() is not None,
                                reason=layout.missing_reason() or "")

EQUAL_LIST = Path(__file__).parent / "ascendc_equal.txt"


@pytest.fixture(scope="module")
def results():
    venv.ensure_venv(create=True)
    return printer_diff.run()


def test_printer_ratchet(results):
    listed = read_list(EQUAL_LIST)
    now = {i for i, r in results.items() if r.status == "equal"}
    new = sorted(now - set(listed))
    if new:
        warnings.warn(f"{len(new)} kernel(s) newly print as pyasc does; add them to "
                      f"{EQUAL_LIST.relative_to(layout.PROJECT_ROOT)}:\n" + "\n".join(new),
                      stacklevel=1)
    lost = [i for i in listed if i not in now]
    assert not lost, "kernels whose Ascend C no longer equals pyasc's:\n" + "\n".join(
        f"  {i}: {results[i].status}: pyasc {results[i].theirs!r} / ascdsl {results[i].ours!r}"
        if i in results else f"  {i}: not dumped (renamed or removed?)" for i in lost)


def test_a_difference_is_reported_with_both_lines():
    ir = (
        'func.func @k(%a: i32) attributes {ascendc.aicore, ascendc.global} {\n'
        '  return\n}\n'
    )
    same = printer_diff.compare(ir, printer_diff_source(ir))
    assert same.status == "equal"
    other = printer_diff.compare(ir, printer_diff_source(ir).replace("int32_t", "int64_t"))
    assert other.status == "differs" and "int32_t" in other.ours and "int64_t" in other.theirs
    unread = printer_diff.compare("func.func @k() { ascendc.no_such_op }", "")
    assert unread.status == "unread" and "no_such_op" in unread.ours


def printer_diff_source(ir: str) -> str:
    from ascdsl.loading import parse
    from ascdsl.targets.ascendc import emit

    return emit(parse(ir, "k.mlir"))
