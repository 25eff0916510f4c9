// RUN: ascdsl-opt %s --canonicalize-barriers | filecheck %s

// CHECK-LABEL: func.func @f
// CHECK-NEXT:    ascendc.pipe_barrier pipe_all
// CHECK-NEXT:    return
func.func @f() {
  ascendc.pipe_barrier pipe_v
  ascendc.pipe_barrier pipe_all
  func.return
}
