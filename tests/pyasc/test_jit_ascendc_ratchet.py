"""Ratchet: the JIT's Ascend C, through pyasc-pipeline and the printer, is pyasc's.

jit_ascendc_equal.txt lists the compiles of pyasc's Python suite (file::test kernel #n) whose
Ascend C, printed from ascdsl's frontend IR after `pyasc-pipeline`, equals pyasc 1.1.1's
ascendc.cpp for the same compile line for line (tests/pyasc_oracle/jit_cpp_diff.py; blank
lines and trailing whitespace aside). A listed compile that stops being equal fails this test;
newly equal ones warn so the list can grow. It reads the session's one run of the suite
(tests/pyasc/conftest.py, shared with the frontend-IR ratchet) and pyasc's cached dumps;
without ../shared or pyasc's environment it is skipped with the reason.

    python -m tests.pyasc_oracle jit-ir --save /tmp/suite-ir.json --stage ascendc
    python -m tests.pyasc_oracle jit-ir --results /tmp/suite-ir.json --stage ascendc --list
"""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

from tests.pyasc_oracle import ir_diff, jit_cpp_diff, layout, venv
from tests.pyasc_suite.ratchet import read_list

EQUAL_LIST = Path(__file__).parent / "jit_ascendc_equal.txt"


def test_jit_ascendc_ratchet(pyasc_suite_run):
    try:
        venv.ensure_venv(create=True)
    except venv.VenvUnavailable as e:
        pytest.skip(f"pyasc's environment is not available: {e}")
    tests, _ = pyasc_suite_run
    new, lost = ir_diff.ratchet(tests, "ascendc", read_list(EQUAL_LIST))
    if new:
        warnings.warn(f"{len(new)} compile(s) newly print pyasc's Ascend C; add them to "
                      f"{EQUAL_LIST.relative_to(layout.PROJECT_ROOT)}:\n" + "\n".join(new),
                      stacklevel=1)
    assert not lost, "compiles whose Ascend C no longer equals pyasc's:\n" + "\n".join(lost)


CODEGEN = """\
#loc1 = loc("k.py":1:1)
builtin.module {
  func.func @k(%arg0: i32 loc("n"(#loc1))) attributes {ascendc.aicore, ascendc.global} {
    %0 = ascendc.get_block_idx : i32 loc(#loc1)
    func.return loc(#loc1)
  } loc(#loc1)
} loc(#loc1)
"""

ASCIR = 'module { emitc.include "kernel_operator.h" }'

CPP = """\
#include "kernel_operator.h"

extern "C"  __global__ __aicore__ void k(int32_t v1_n, __gm__ uint64_t* v2_ffts_addr) {
  set_ffts_base_addr(*v2_ffts_addr);
  return;
}
"""


def test_a_compile_is_compared_through_the_pipeline_and_the_printer():
    """The stage runs pyasc-pipeline (ffts_addr, its set, the dead get_block_idx erased) and
    names values from the frontend's locations; a changed line is the first difference."""
    status, theirs, ours = jit_cpp_diff.compare(CODEGEN, ASCIR, CPP)
    assert (status, theirs, ours) == ("equal", None, None)
    status, theirs, ours = jit_cpp_diff.compare(CODEGEN, ASCIR, CPP.replace("v1_n", "v1_m"))
    assert status == "differs" and "v1_m" in theirs and "v1_n" in ours
    status, _, ours = jit_cpp_diff.compare(CODEGEN.replace("func.return", "ascendc.bad_op"),
                                           ASCIR, CPP)
    assert status == "differs" and ours.startswith("(pyasc-pipeline fails")
