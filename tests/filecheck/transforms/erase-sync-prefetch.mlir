// A prefetch written with explicit EnQue/DeQue: the prologue enqueues tile 0, each iteration
// enqueues the next tile and dequeues at its top the one enqueued before it. erase-sync
// replaced that DeQue by the oldest pending tensor, the prologue's, so every iteration
// computed tile 0 and freed a buffer that was still enqueued (the default pipeline, which
// starts its synchronization with erase-sync, broke a kernel that runs as written: the
// simulator's QueueError). A queue whose DeQue in a loop takes a tensor from before the
// iteration keeps its EnQue/DeQue; insert-que-sync recognizes them.
// RUN: ascdsl-opt %s --erase-sync | filecheck %s
// RUN: ascdsl-opt %s --erase-sync | ascdsl-opt --erase-sync | filecheck %s
// RUN: ascdsl-sim %s --arg x=f32[256]:randn --arg z=f32[256] --expect "z = x + 1" | filecheck %s --check-prefix=SIM
// RUN: ascdsl-sim %s -p ascdsl-default --arg x=f32[256]:randn --arg z=f32[256] --expect "z = x + 1" | filecheck %s --check-prefix=SIM
// RUN: ascdsl-sim %s -p erase-sync,insert-que-sync --arg x=f32[256]:randn --arg z=f32[256] --expect "z = x + 1" | filecheck %s --check-prefix=SIM
// SIM: findings: none
// SIM: checks: 1 passed

// The VECIN queue's hand-over stays; the VECOUT queue's, within one iteration, goes.
// CHECK:         %[[QI:[0-9]+]] = ascendc.queue : <vecin, 2>
// CHECK:         ascendc.que_bind.enque_tensor %[[QI]]
// CHECK-NEXT:    scf.for
// CHECK-NEXT:      %[[CUR:[0-9]+]] = ascendc.que_bind.deque_tensor %[[QI]]
// CHECK:           scf.if
// CHECK:             ascendc.que_bind.enque_tensor %[[QI]]
// CHECK:           ascendc.adds_l2 %{{[0-9]+}}, %[[CUR]],
// CHECK-NOT:       ascendc.que_bind.enque_tensor
// CHECK-NOT:       ascendc.que_bind.deque_tensor
// CHECK:           ascendc.que_bind.free_tensor %[[QI]], %[[CUR]]

func.func @pfq(%x: memref<?xf32, 22>, %z: memref<?xf32, 22>) attributes {ascendc.global} {
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
  %qi = ascendc.queue : <vecin, 2>
  %qo = ascendc.queue : <vecout, 1>
  ascendc.pipe.init_queue %p, %qi, %c2, %bytes : !ascendc.queue<vecin, 2>, i32, i32
  ascendc.pipe.init_queue %p, %qo, %c1, %bytes : !ascendc.queue<vecout, 1>, i32, i32
  %a0 = ascendc.que_bind.alloc_tensor %qi : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<64xf32>
  ascendc.data_copy_l2 %a0, %gx, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
  ascendc.que_bind.enque_tensor %qi, %a0 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<64xf32>
  scf.for %i = %c0 to %c4 step %c1 : i32 {
    %cur = ascendc.que_bind.deque_tensor %qi : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<64xf32>
    %i1 = arith.addi %i, %c1 : i32
    %more = arith.cmpi slt, %i1, %c4 : i32
    scf.if %more {
      %o1 = arith.muli %i1, %n : i32
      %xn = ascendc.global_tensor.subindex %gx[%o1] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
      %nx = ascendc.que_bind.alloc_tensor %qi : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<64xf32>
      ascendc.data_copy_l2 %nx, %xn, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
      ascendc.que_bind.enque_tensor %qi, %nx : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<64xf32>
    }
    %o = arith.muli %i, %n : i32
    %zi = ascendc.global_tensor.subindex %gz[%o] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    %b = ascendc.que_bind.alloc_tensor %qo : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<64xf32>
    ascendc.adds_l2 %b, %cur, %one, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, f32, i32
    ascendc.que_bind.enque_tensor %qo, %b : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<64xf32>
    %bo = ascendc.que_bind.deque_tensor %qo : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<64xf32>
    ascendc.data_copy_l2 %zi, %bo, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<64xf32>, i32
    ascendc.que_bind.free_tensor %qo, %bo : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<64xf32>
    ascendc.que_bind.free_tensor %qi, %cur : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<64xf32>
  }
  func.return
}
