// --verify-diagnostics fails (exit 1) on an expectation nobody produced and on a diagnostic
// nobody expected, and says where.
// RUN: not ascdsl-opt %S/Inputs/missing-expected.mlir --verify-diagnostics 2>&1 | filecheck %s

// CHECK-DAG: missing-expected.mlir:4:3: error: unexpected error: 'ascendc.add_l2' op element type mismatch: dst is f32 but src1 is f16
// CHECK-DAG: missing-expected.mlir:2:6: error: expected error "this message is not produced" was not produced
