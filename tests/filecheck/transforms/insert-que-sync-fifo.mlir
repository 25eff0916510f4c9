// A DeQue hands out the oldest tensor of its queue, whatever the IR calls its result. Two
// tensors of one depth-2 VECIN queue are in flight and the later one (%b, from y) is used
// first: step 2 put %b's deque before the muls and %a's before the add, so the first DeQue
// took %a's buffer and the muls scaled x instead of y (z = (2x + y) * x, every element
// wrong). Now %b's deque pulls %a's before it: the deques come in enque order.
// RUN: ascdsl-opt %s --insert-que-sync | filecheck %s
// RUN: ascdsl-opt %s --insert-que-sync > %t.once.mlir
// RUN: ascdsl-opt %t.once.mlir --insert-que-sync | diff - %t.once.mlir
// RUN: ascdsl-opt %t.once.mlir -p erase-sync,insert-que-sync | diff - %t.once.mlir
// RUN: ascdsl-sim %t.once.mlir --arg arg0=f32[256]:randn --arg arg1=f32[256]:randn --arg arg2=f32[256] --expect "arg2 = (arg0 + 2 * arg1) * arg0" | filecheck %s --check-prefix=SIM
// RUN: ascdsl-sim %s -p ascdsl-default --arg x=f32[256]:randn --arg y=f32[256]:randn --arg z=f32[256] --expect "z = (x + 2 * y) * x" | filecheck %s --check-prefix=SIM
// SIM: findings: none
// SIM: checks: 1 passed

// CHECK:         %[[A:.*]] = ascendc.que_bind.alloc_tensor %[[Q:[0-9]+]] : !ascendc.queue<vecin, 2>
// CHECK:         ascendc.que_bind.enque_tensor %[[Q]], %[[A]]
// CHECK:         %[[B:.*]] = ascendc.que_bind.alloc_tensor %[[Q]] : !ascendc.queue<vecin, 2>
// CHECK:         ascendc.que_bind.enque_tensor %[[Q]], %[[B]]
// CHECK:         %[[DA:.*]] = ascendc.que_bind.deque_tensor %[[Q]]
// CHECK-NEXT:    %[[DB:.*]] = ascendc.que_bind.deque_tensor %[[Q]]
// CHECK:         ascendc.muls_l2 %{{.*}}, %[[DB]],
// CHECK:         ascendc.add_l2 %{{.*}}, %{{.*}}, %[[DA]],

func.func @fifo(%x: memref<?xf32, 22>, %y: memref<?xf32, 22>, %z: memref<?xf32, 22>) attributes {ascendc.global} {
  %gx = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  %gz = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %gx, %x : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  ascendc.global_tensor.set_global_buffer %gz, %z : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %n = arith.constant 64 : i32
  %bytes = arith.constant 256 : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c4 = arith.constant 4 : i32
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %p = ascendc.pipe
  %gy = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %gy, %y : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %qi = ascendc.queue : <vecin, 2>
  %qj = ascendc.queue : <vecin, 1>
  %qo = ascendc.queue : <vecout, 1>
  ascendc.pipe.init_queue %p, %qi, %c2, %bytes : !ascendc.queue<vecin, 2>, i32, i32
  ascendc.pipe.init_queue %p, %qj, %c1, %bytes : !ascendc.queue<vecin, 1>, i32, i32
  ascendc.pipe.init_queue %p, %qo, %c1, %bytes : !ascendc.queue<vecout, 1>, i32, i32
  %tb = ascendc.tbuf : <veccalc>
  ascendc.pipe.init_buffer %p, %tb, %bytes : !ascendc.tbuf<veccalc>, i32
  %tmp = ascendc.tbuf.get_tensor %tb : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<64xf32>
  scf.for %i = %c0 to %c4 step %c1 : i32 {
    %o = arith.muli %i, %n : i32
    %xi = ascendc.global_tensor.subindex %gx[%o] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    %yi = ascendc.global_tensor.subindex %gy[%o] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    %zi = ascendc.global_tensor.subindex %gz[%o] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    %a = ascendc.que_bind.alloc_tensor %qi : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<64xf32>
    ascendc.data_copy_l2 %a, %xi, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
    %b = ascendc.que_bind.alloc_tensor %qi : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<64xf32>
    ascendc.data_copy_l2 %b, %yi, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
    %d = ascendc.que_bind.alloc_tensor %qj : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
    ascendc.data_copy_l2 %d, %xi, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.muls_l2 %tmp, %b, %two, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, f32, i32
    ascendc.add_l2 %tmp, %tmp, %a, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
    %c = ascendc.que_bind.alloc_tensor %qo : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<64xf32>
    ascendc.mul_l2 %c, %tmp, %d, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
    ascendc.data_copy_l2 %zi, %c, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<64xf32>, i32
    ascendc.que_bind.free_tensor %qo, %c : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<64xf32>
    ascendc.que_bind.free_tensor %qj, %d : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
    ascendc.que_bind.free_tensor %qi, %b : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<64xf32>
    ascendc.que_bind.free_tensor %qi, %a : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<64xf32>
  }
  func.return
}
