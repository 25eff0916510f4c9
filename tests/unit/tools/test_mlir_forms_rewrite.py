"""tests/tools/mlir_forms.py: the scripted rewrite of lit checks to MLIR's op names."""

from __future__ import annotations

from tests.tools.mlir_forms import rewrite_text

BEFORE = """\
// RUN: ascdsl-opt %s | filecheck %s
// CHECK:      builtin.module {
// CHECK-LABEL: func.func @f(
// CHECK-NEXT:    func.call @g(%arg0) : (i32) -> ()
// CHECK-NEXT:    scf.for %arg1 = %c0 to %c4 step %c1 {
// CHECK-NEXT:      func.call @g(%arg1) : (i32) -> ()
// CHECK-NEXT:    }
// CHECK-NEXT:    func.call @h() : () -> ()
// CHECK-NEXT:    func.return
// GEN: "func.return"() : () -> ()
// BAD: error: 'builtin.module' op is wrong
// PIPE-NOT: func.call
builtin.module {
  func.func @f(%n: i32) {
    func.return
  }
}
"""

AFTER = """\
// RUN: ascdsl-opt %s | filecheck %s
// CHECK:      module {
// CHECK-LABEL: func.func @f(
// CHECK-NEXT:    call @g(%arg0) : (i32) -> ()
// CHECK-NEXT:    scf.for %arg1 = %c0 to %c4 step %c1 {
// CHECK-NEXT:      func.call @g(%arg1) : (i32) -> ()
// CHECK-NEXT:    }
// CHECK-NEXT:    call @h() : () -> ()
// CHECK-NEXT:    return
// GEN: "func.return"() : () -> ()
// BAD: error: 'builtin.module' op is wrong
// PIPE-NOT: call
builtin.module {
  func.func @f(%n: i32) {
    func.return
  }
}
"""


def test_check_lines_take_mlir_names_and_the_input_stays():
    assert rewrite_text(BEFORE) == AFTER


def test_rewriting_twice_changes_nothing():
    assert rewrite_text(AFTER) == AFTER
