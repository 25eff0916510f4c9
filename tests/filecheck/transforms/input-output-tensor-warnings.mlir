// RUN: ascdsl-opt %s --input-output-tensor --verify-diagnostics | filecheck %s

// A loop result of dynamic shape cannot be staged: its size is unknown here. The pass warns
// and leaves the copy as it is.
// CHECK-LABEL: func.func @dynamic_loop_result(
// CHECK-NOT:     local_tensor_auto() output
// CHECK:         ascendc.data_copy_l2 %arg0, %0, %arg3
func.func @dynamic_loop_result(%g: !ascendc.global_tensor<*xf32>, %init: !ascendc.local_tensor<?xf32>, %s: f32, %n: i32, %lb: index, %ub: index, %st: index) {
  // expected-note@below {{result produced here}}
  %r = scf.for %i = %lb to %ub step %st iter_args(%acc = %init) -> (!ascendc.local_tensor<?xf32>) {
    ascendc.adds_l2 %acc, %acc, %s, %n : !ascendc.local_tensor<?xf32>, !ascendc.local_tensor<?xf32>, f32, i32
    scf.yield %acc : !ascendc.local_tensor<?xf32>
  }
  // expected-warning@below {{cannot stage a !ascendc.local_tensor<?xf32> result of 'scf.for' for its copy to GM (dynamic shape)}}
  ascendc.data_copy_l2 %g, %r, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<?xf32>, i32
  func.return
}
