// RUN: ascdsl-opt %s -p pyasc-canonicalize | filecheck %s
// MLIR's RemoveEmptyElseBranch, as pyasc's canonicalize applies it: an `else` holding only its
// yield goes when the `if` yields nothing (pyasc's frontend writes one for every Python `if`);
// an `else` with ops, and the `else` of an `if` with results, stay.

func.func @k(%c: i1, %x: i32) {
  // CHECK:      scf.if [[C:%[^ ]+]] {
  // CHECK-NEXT:   ascendc.pipe_barrier pipe_v
  // CHECK-NEXT: }
  // CHECK-NEXT: scf.if [[C]] {
  // CHECK-NEXT:   ascendc.pipe_barrier pipe_v
  // CHECK-NEXT: } else {
  // CHECK-NEXT:   ascendc.pipe_barrier pipe_mte2
  // CHECK-NEXT: }
  // CHECK-NEXT: [[R:%[^ ]+]] = scf.if [[C]] -> (i32) {
  // CHECK:      } else {
  // CHECK-NEXT:   scf.yield
  // CHECK-NEXT: }
  scf.if %c {
    ascendc.pipe_barrier pipe_v
  } else {
  }
  scf.if %c {
    ascendc.pipe_barrier pipe_v
  } else {
    ascendc.pipe_barrier pipe_mte2
  }
  %r = scf.if %c -> (i32) {
    ascendc.pipe_barrier pipe_v
    scf.yield %x : i32
  } else {
    scf.yield %x : i32
  }
  func.return
}
