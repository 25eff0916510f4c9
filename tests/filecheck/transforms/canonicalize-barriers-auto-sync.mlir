// RUN: ascdsl-opt %s --canonicalize-barriers --mlir-print-debuginfo | filecheck %s
// RUN: ascdsl-opt %s -p canonicalize --mlir-print-debuginfo | filecheck %s

// A user's barrier next to an identical one cce-auto-sync inserted (marked ascdsl.auto_sync):
// the user's stays, with its location and attributes, whichever comes first. Keeping the
// marked one would lose the user's barrier: the Ascend C printer leaves marked ops to
// bisheng, and --cce-auto-sync=off strips them. Both the pass and the op's pattern do so.

// CHECK-LABEL: func.func @user_then_inserted(
// CHECK-NEXT:    ascendc.pipe_barrier pipe_v {note = "mine"} loc([[U1:#loc[0-9]+]])
// CHECK-NEXT:    return
func.func @user_then_inserted() {
  ascendc.pipe_barrier pipe_v {note = "mine"} loc("kernel.py":3:5)
  ascendc.pipe_barrier pipe_v {ascdsl.auto_sync} loc("kernel.py":4:5)
  func.return
}

// CHECK-LABEL: func.func @inserted_then_user(
// CHECK-NEXT:    ascendc.pipe_barrier pipe_mte2 loc([[U2:#loc[0-9]+]])
// CHECK-NEXT:    return
func.func @inserted_then_user() {
  ascendc.pipe_barrier pipe_mte2 {ascdsl.auto_sync} loc("kernel.py":6:5)
  ascendc.pipe_barrier pipe_mte2 loc("kernel.py":7:5)
  func.return
}

// Of adjacent pipe_alls the first stays, unless a later one is the user's.
// CHECK-LABEL: func.func @pipe_all_pair(
// CHECK-NEXT:    ascendc.pipe_barrier pipe_all loc([[U3:#loc[0-9]+]])
// CHECK-NEXT:    return
func.func @pipe_all_pair() {
  ascendc.pipe_barrier pipe_all {ascdsl.auto_sync} loc("kernel.py":9:5)
  ascendc.pipe_barrier pipe_v loc("kernel.py":10:5)
  ascendc.pipe_barrier pipe_all loc("kernel.py":11:5)
  func.return
}

// Two marked ones, or two of the user's: pyasc's choice (the last; the first pipe_all).
// CHECK-LABEL: func.func @both_inserted(
// CHECK-NEXT:    ascendc.pipe_barrier pipe_v {ascdsl.auto_sync} loc([[A1:#loc[0-9]+]])
// CHECK-NEXT:    return
func.func @both_inserted() {
  ascendc.pipe_barrier pipe_v {ascdsl.auto_sync} loc("kernel.py":13:5)
  ascendc.pipe_barrier pipe_v {ascdsl.auto_sync} loc("kernel.py":14:5)
  func.return
}

// CHECK-DAG: [[U1]] = loc("kernel.py":3:5)
// CHECK-DAG: [[U2]] = loc("kernel.py":7:5)
// CHECK-DAG: [[U3]] = loc("kernel.py":11:5)
// CHECK-DAG: [[A1]] = loc("kernel.py":14:5)
