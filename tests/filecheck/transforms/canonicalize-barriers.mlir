// RUN: ascdsl-opt %s --canonicalize-barriers | filecheck %s
// RUN: ascdsl-opt %s -p canonicalize | filecheck %s

// The pipe_barrier rules on every ordered pair of adjacent barriers, a few longer runs,
// and runs split by another op; the linear pass and the op's canonicalization pattern
// (through xDSL's canonicalize) give the same result.

// CHECK-LABEL: func.func @pair_v_v(
// CHECK-NEXT:    ascendc.pipe_barrier pipe_v
// CHECK-NEXT:    return
func.func @pair_v_v() {
  ascendc.pipe_barrier pipe_v
  ascendc.pipe_barrier pipe_v
  func.return
}

// CHECK-LABEL: func.func @pair_v_mte2(
// CHECK-NEXT:    ascendc.pipe_barrier pipe_v
// CHECK-NEXT:    ascendc.pipe_barrier pipe_mte2
// CHECK-NEXT:    return
func.func @pair_v_mte2() {
  ascendc.pipe_barrier pipe_v
  ascendc.pipe_barrier pipe_mte2
  func.return
}

// CHECK-LABEL: func.func @pair_v_mte3(
// CHECK-NEXT:    ascendc.pipe_barrier pipe_v
// CHECK-NEXT:    ascendc.pipe_barrier pipe_mte3
// CHECK-NEXT:    return
func.func @pair_v_mte3() {
  ascendc.pipe_barrier pipe_v
  ascendc.pipe_barrier pipe_mte3
  func.return
}

// CHECK-LABEL: func.func @pair_v_all(
// CHECK-NEXT:    ascendc.pipe_barrier pipe_all
// CHECK-NEXT:    return
func.func @pair_v_all() {
  ascendc.pipe_barrier pipe_v
  ascendc.pipe_barrier pipe_all
  func.return
}

// CHECK-LABEL: func.func @pair_mte2_v(
// CHECK-NEXT:    ascendc.pipe_barrier pipe_mte2
// CHECK-NEXT:    ascendc.pipe_barrier pipe_v
// CHECK-NEXT:    return
func.func @pair_mte2_v() {
  ascendc.pipe_barrier pipe_mte2
  ascendc.pipe_barrier pipe_v
  func.return
}

// CHECK-LABEL: func.func @pair_mte2_mte2(
// CHECK-NEXT:    ascendc.pipe_barrier pipe_mte2
// CHECK-NEXT:    return
func.func @pair_mte2_mte2() {
  ascendc.pipe_barrier pipe_mte2
  ascendc.pipe_barrier pipe_mte2
  func.return
}

// CHECK-LABEL: func.func @pair_mte2_mte3(
// CHECK-NEXT:    ascendc.pipe_barrier pipe_mte2
// CHECK-NEXT:    ascendc.pipe_barrier pipe_mte3
// CHECK-NEXT:    return
func.func @pair_mte2_mte3() {
  ascendc.pipe_barrier pipe_mte2
  ascendc.pipe_barrier pipe_mte3
  func.return
}

// CHECK-LABEL: func.func @pair_mte2_all(
// CHECK-NEXT:    ascendc.pipe_barrier pipe_all
// CHECK-NEXT:    return
func.func @pair_mte2_all() {
  ascendc.pipe_barrier pipe_mte2
  ascendc.pipe_barrier pipe_all
  func.return
}

// CHECK-LABEL: func.func @pair_mte3_v(
// CHECK-NEXT:    ascendc.pipe_barrier pipe_mte3
// CHECK-NEXT:    ascendc.pipe_barrier pipe_v
// CHECK-NEXT:    return
func.func @pair_mte3_v() {
  ascendc.pipe_barrier pipe_mte3
  ascendc.pipe_barrier pipe_v
  func.return
}

// CHECK-LABEL: func.func @pair_mte3_mte2(
// CHECK-NEXT:    ascendc.pipe_barrier pipe_mte3
// CHECK-NEXT:    ascendc.pipe_barrier pipe_mte2
// CHECK-NEXT:    return
func.func @pair_mte3_mte2() {
  ascendc.pipe_barrier pipe_mte3
  ascendc.pipe_barrier pipe_mte2
  func.return
}

// CHECK-LABEL: func.func @pair_mte3_mte3(
// CHECK-NEXT:    ascendc.pipe_barrier pipe_mte3
// CHECK-NEXT:    return
func.func @pair_mte3_mte3() {
  ascendc.pipe_barrier pipe_mte3
  ascendc.pipe_barrier pipe_mte3
  func.return
}

// CHECK-LABEL: func.func @pair_mte3_all(
// CHECK-NEXT:    ascendc.pipe_barrier pipe_all
// CHECK-NEXT:    return
func.func @pair_mte3_all() {
  ascendc.pipe_barrier pipe_mte3
  ascendc.pipe_barrier pipe_all
  func.return
}

// CHECK-LABEL: func.func @pair_all_v(
// CHECK-NEXT:    ascendc.pipe_barrier pipe_all
// CHECK-NEXT:    return
func.func @pair_all_v() {
  ascendc.pipe_barrier pipe_all
  ascendc.pipe_barrier pipe_v
  func.return
}

// CHECK-LABEL: func.func @pair_all_mte2(
// CHECK-NEXT:    ascendc.pipe_barrier pipe_all
// CHECK-NEXT:    return
func.func @pair_all_mte2() {
  ascendc.pipe_barrier pipe_all
  ascendc.pipe_barrier pipe_mte2
  func.return
}

// CHECK-LABEL: func.func @pair_all_mte3(
// CHECK-NEXT:    ascendc.pipe_barrier pipe_all
// CHECK-NEXT:    return
func.func @pair_all_mte3() {
  ascendc.pipe_barrier pipe_all
  ascendc.pipe_barrier pipe_mte3
  func.return
}

// CHECK-LABEL: func.func @pair_all_all(
// CHECK-NEXT:    ascendc.pipe_barrier pipe_all
// CHECK-NEXT:    return
func.func @pair_all_all() {
  ascendc.pipe_barrier pipe_all
  ascendc.pipe_barrier pipe_all
  func.return
}

// CHECK-LABEL: func.func @run_v_mte3_v(
// CHECK-NEXT:    ascendc.pipe_barrier pipe_v
// CHECK-NEXT:    ascendc.pipe_barrier pipe_mte3
// CHECK-NEXT:    ascendc.pipe_barrier pipe_v
// CHECK-NEXT:    return
func.func @run_v_mte3_v() {
  ascendc.pipe_barrier pipe_v
  ascendc.pipe_barrier pipe_mte3
  ascendc.pipe_barrier pipe_v
  func.return
}

// CHECK-LABEL: func.func @run_v_v_mte3_mte3(
// CHECK-NEXT:    ascendc.pipe_barrier pipe_v
// CHECK-NEXT:    ascendc.pipe_barrier pipe_mte3
// CHECK-NEXT:    return
func.func @run_v_v_mte3_mte3() {
  ascendc.pipe_barrier pipe_v
  ascendc.pipe_barrier pipe_v
  ascendc.pipe_barrier pipe_mte3
  ascendc.pipe_barrier pipe_mte3
  func.return
}

// CHECK-LABEL: func.func @run_mte2_v_all(
// CHECK-NEXT:    ascendc.pipe_barrier pipe_all
// CHECK-NEXT:    return
func.func @run_mte2_v_all() {
  ascendc.pipe_barrier pipe_mte2
  ascendc.pipe_barrier pipe_v
  ascendc.pipe_barrier pipe_all
  func.return
}

// CHECK-LABEL: func.func @run_all_v_all(
// CHECK-NEXT:    ascendc.pipe_barrier pipe_all
// CHECK-NEXT:    return
func.func @run_all_v_all() {
  ascendc.pipe_barrier pipe_all
  ascendc.pipe_barrier pipe_v
  ascendc.pipe_barrier pipe_all
  func.return
}

// CHECK-LABEL: func.func @run_v_all_mte3_all_v(
// CHECK-NEXT:    ascendc.pipe_barrier pipe_all
// CHECK-NEXT:    return
func.func @run_v_all_mte3_all_v() {
  ascendc.pipe_barrier pipe_v
  ascendc.pipe_barrier pipe_all
  ascendc.pipe_barrier pipe_mte3
  ascendc.pipe_barrier pipe_all
  ascendc.pipe_barrier pipe_v
  func.return
}

// An op between barriers separates two runs.
// CHECK-LABEL: func.func @split_by_op(
// CHECK-NEXT:    ascendc.pipe_barrier pipe_v
// CHECK-NEXT:    ascendc.add_l2
// CHECK-NEXT:    ascendc.pipe_barrier pipe_all
// CHECK-NEXT:    return
func.func @split_by_op(%t: !ascendc.local_tensor<64xf32>, %n: i32) {
  ascendc.pipe_barrier pipe_v
  ascendc.add_l2 %t, %t, %t, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
  ascendc.pipe_barrier pipe_v
  ascendc.pipe_barrier pipe_mte3
  ascendc.pipe_barrier pipe_all
  func.return
}

// Barriers in a nested region are canonicalized there.
// CHECK-LABEL: func.func @nested(
// CHECK-NEXT:    scf.for
// CHECK-NEXT:      ascendc.pipe_barrier pipe_mte2
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @nested(%lb: index, %ub: index, %st: index) {
  scf.for %i = %lb to %ub step %st {
    ascendc.pipe_barrier pipe_mte2
    ascendc.pipe_barrier pipe_mte2
  }
  func.return
}
