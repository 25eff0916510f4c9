// insert-que-sync synchronizes after ascx.scaled_relu_l2 from its facts (pipe V, writes dst),
// as after ascdsl's own vector ops.
// RUN: ascdsl-opt --load-extension ascx_example --keep-names %s --insert-que-sync | filecheck %s

// A queue tensor: EnQue after the write, DeQue before the copy out reads it.
// CHECK-LABEL: func.func @queue(
// CHECK:         ascx.scaled_relu_l2 %z, %x, %s, %n
// CHECK-NEXT:    ascendc.que_bind.enque_tensor %qout, %z
// CHECK-NEXT:    %[[Z:.*]] = ascendc.que_bind.deque_tensor %qout
// CHECK-NEXT:    ascendc.data_copy_l2 %g, %[[Z]], %n
func.func @queue(%g: !ascendc.global_tensor<*xf32>, %x: !ascendc.local_tensor<64xf32>, %s: f32, %n: i32) {
  %pipe = ascendc.pipe
  %qout = ascendc.queue : <vecout, 1>
  %len = arith.constant 256 : i32
  %one = arith.constant 1 : i32
  ascendc.pipe.init_queue %pipe, %qout, %one, %len : !ascendc.queue<vecout, 1>, i32, i32
  %z = ascendc.que_bind.alloc_tensor %qout : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<64xf32>
  ascx.scaled_relu_l2 %z, %x, %s, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, f32, i32
  ascendc.data_copy_l2 %g, %z, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<64xf32>, i32
  ascendc.que_bind.free_tensor %qout, %z : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<64xf32>
  func.return
}

// Any other tensor: a barrier on the op's pipe before the next op that may read it.
// CHECK-LABEL: func.func @barrier(
// CHECK-NEXT:    ascx.scaled_relu_l2 %a, %x, %s, %n
// CHECK-NEXT:    ascendc.pipe_barrier pipe_v
// CHECK-NEXT:    ascendc.add_l2 %b, %a, %a, %n
func.func @barrier(%a: !ascendc.local_tensor<64xf32>, %x: !ascendc.local_tensor<64xf32>, %s: f32, %n: i32, %b: !ascendc.local_tensor<64xf32>) {
  ascx.scaled_relu_l2 %a, %x, %s, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, f32, i32
  ascendc.add_l2 %b, %a, %a, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
  func.return
}
