// RUN: ascdsl-opt %s -p pyasc-cse | filecheck %s
// RUN: ascdsl-opt %s -p cse | filecheck %s
// RUN: ascdsl-opt %s -p canonicalize | filecheck %s --check-prefix=DEAD
// `arith.extsi` is Pure, as MLIR declares it (xDSL 0.74 leaves the trait off): CSE merges two
// sign extensions of one value, so two queue sizes computed from one kernel argument share one
// `extsi` as in pyasc's IR (its insert_sync test_quant_dynamic), and an unused one goes.

// CHECK-LABEL: func.func @sizes(
// CHECK-NEXT:    [[X:%[0-9]+]] = arith.extsi %arg0 : i32 to i64
// CHECK-NEXT:    [[A:%[0-9]+]] = arith.muli [[X]], %arg1 : i64
// CHECK-NEXT:    [[B:%[0-9]+]] = arith.muli [[X]], %arg2 : i64
// CHECK-NEXT:    return [[A]], [[B]] : i64, i64
func.func @sizes(%n: i32, %a: i64, %b: i64) -> (i64, i64) {
  %0 = arith.extsi %n : i32 to i64
  %1 = arith.muli %0, %a : i64
  %2 = arith.extsi %n : i32 to i64
  %3 = arith.muli %2, %b : i64
  func.return %1, %3 : i64, i64
}

// DEAD-LABEL: func.func @unused(
// DEAD-NEXT:    return
func.func @unused(%n: i32) {
  %0 = arith.extsi %n : i32 to i64
  func.return
}
