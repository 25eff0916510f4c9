"""The JIT differential's pieces that need neither pyasc nor ../shared: pairing compiles and
comparing IR after name normalisation (tests/pyasc_oracle/ir_diff.py)."""

from __future__ import annotations

from tests.pyasc_oracle import ir_diff

PYASC = """#loc1 = loc("k.py":3:0)
module {
  func.func @k(%arg0: i32 loc("n"(#loc1))) attributes {ascendc.aicore, ascendc.global} {
    %c2_i32 = arith.constant 2 : i32 loc(#loc2)
    %0 = arith.muli %arg0, %c2_i32 : i32 loc(#loc2)
    return loc(#loc2)
  } loc(#loc1)
} loc(#loc)
#loc = loc(unknown)
#loc2 = loc("k.py":4:8)
"""

ASCDSL = """builtin.module {
  func.func @k(%n: i32) attributes {ascendc.aicore, ascendc.global} {
    %two = arith.constant 2 : i32
    %0 = arith.muli %n, %two : i32
    func.return
  }
}
"""


def test_names_locations_and_spelling_are_normalised_away():
    assert ir_diff.compare(PYASC, ASCDSL, "k.mlir") == ("equal", None, None)


def test_a_different_op_is_reported_with_both_lines():
    status, theirs, ours = ir_diff.compare(PYASC, ASCDSL.replace("muli", "addi"), "k.mlir")
    assert status == "differs"
    assert "arith.muli" in theirs and "arith.addi" in ours


def test_ir_ascdsl_cannot_read_is_unread():
    status, why, _ = ir_diff.compare("func.func @k() { no.such_op }", ASCDSL, "k.mlir")
    assert status == "unread" and "no.such_op" in why


def test_compiles_pair_by_test_kernel_and_occurrence():
    tests = [{"id": "python/test/t.py::test_a[1]", "events": [
        {"stage": "compile", "kernel": "k", "ok": True, "ir": {"codegen": "A", "passes": "B"}},
        {"stage": "run", "kernel": "k", "ok": True},
        {"stage": "compile", "kernel": "k", "ok": True},  # from a cache: no IR
        {"stage": "compile", "kernel": "k", "ok": True, "ir": {"codegen": "C", "passes": None}},
        {"stage": "compile", "kernel": "j", "ok": False, "error": "x"},
    ]}]
    assert ir_diff._ascdsl_compiles(tests) == {
        ("python/test/t.py", "test_a[1]", "k", 1): {"codegen": "A", "passes": "B"},
        ("python/test/t.py", "test_a[1]", "k", 3): {"codegen": "C", "passes": None},
    }


def test_the_jit_ir_through_pyasc_pipeline_is_compared_with_pyasc_ascir():
    """The third stage runs the JIT's frontend IR through `pyasc-pipeline`: pyasc's module
    after its passes holds the include op and, on every kernel, the `ffts_addr` argument and
    `set_ffts_base_addr`; a kernel without them (ascdsl's default pipeline on a vector-only
    kernel) differs, as does one the pipeline cannot read."""
    codegen = """builtin.module {
  func.func @k(%x: memref<?xf16, 22>) attributes {ascendc.aicore, ascendc.global} {
    func.return
  }
}
"""
    ascir = """module {
  emitc.include "kernel_operator.h"
  func.func @k(%arg0: memref<?xf16, 22> {emitasc.kernel_arg = #emitasc<kernel_arg explicit>}, %arg1: memref<?xui64, 22> {emitasc.kernel_arg = #emitasc<kernel_arg ffts_addr>}) attributes {ascendc.aicore, ascendc.global} {
    ascendc.set_ffts_base_addr %arg1 : memref<?xui64, 22>
    return
  }
}
"""
    pair = ir_diff._through_pyasc_pipeline("t", codegen, ascir)
    assert (pair.stage, pair.status) == ("pyasc-pipeline", "equal"), pair
    pair = ir_diff._through_pyasc_pipeline("t", codegen, ascir.replace("f16", "f32"))
    assert pair.status == "differs" and "f32" in pair.theirs and "f16" in pair.ours
    pair = ir_diff._through_pyasc_pipeline("t", "func.func @k() { no.such_op }", ascir)
    assert pair.status == "differs" and "no.such_op" in pair.ours
