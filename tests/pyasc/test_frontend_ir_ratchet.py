"""Ratchet: the JIT writes the frontend IR pyasc's frontend writes (codegen.mlir).

frontend_ir_equal.txt lists the compiles of pyasc's Python suite (file::test kernel #n) whose
IR straight from ascdsl's code generator equals pyasc 1.1.1's codegen.mlir after name
normalisation (tests/pyasc_oracle/ir_diff.py). A listed compile that stops being equal fails
this test; newly equal ones warn so the list can grow. It reads the session's one run of the
suite (tests/pyasc/conftest.py) and pyasc's cached dumps; without ../shared or pyasc's
environment it is skipped with the reason.

    python -m tests.pyasc_oracle jit-ir --save /tmp/suite-ir.json          # counts, groups
    python -m tests.pyasc_oracle jit-ir --results /tmp/suite-ir.json --list  # the equal ones
"""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

from tests.pyasc_oracle import ir_diff, layout, venv
from tests.pyasc_suite.ratchet import read_list

EQUAL_LIST = Path(__file__).parent / "frontend_ir_equal.txt"


def test_frontend_ir_ratchet(pyasc_suite_run):
    try:
        venv.ensure_venv(create=True)
    except venv.VenvUnavailable as e:
        pytest.skip(f"pyasc's environment is not available: {e}")
    tests, _ = pyasc_suite_run
    new, lost = ir_diff.ratchet(tests, "codegen", read_list(EQUAL_LIST))
    if new:
        warnings.warn(f"{len(new)} compile(s) newly write pyasc's frontend IR; add them to "
                      f"{EQUAL_LIST.relative_to(layout.PROJECT_ROOT)}:\n" + "\n".join(new),
                      stacklevel=1)
    assert not lost, "compiles whose frontend IR no longer equals pyasc's:\n" + "\n".join(lost)
