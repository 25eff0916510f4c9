// RUN: ascdsl-opt %s --erase-sync | filecheck %s --check-prefixes=CHECK,DEF
// RUN: ascdsl-opt %s -p "erase-sync{mode=pyasc}" | filecheck %s --check-prefixes=CHECK,PY
// RUN: ascdsl-opt %s --ascendc-erase-sync | filecheck %s --check-prefixes=CHECK,PY

// Hand-written synchronization goes: deque results become the tensor the queue hands back,
// enque/set_flag/wait_flag are erased; alloc/free and the kernel's pipe stay. By default a
// fetch_event_id left unused goes too, and so does an alloc_event_id whose id only its
// release still uses (with the release), and barriers stay but for a pipe_all right before
// the final return (there is none here: the free follows). pyasc's mode erases every
// barrier and keeps the fetch and the alloc/release.
// CHECK-LABEL: func.func @erase_all(
// CHECK-NEXT:    [[P:%[0-9]+]] = ascendc.pipe
// CHECK-NEXT:    [[Q:%[0-9]+]] = ascendc.queue : <vecin, 1>
// CHECK-NEXT:    [[T:%[0-9]+]] = ascendc.que_bind.alloc_tensor [[Q]] : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
// CHECK-NEXT:    ascendc.data_copy_l2 [[T]], %arg0, %arg1 : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
// PY-NEXT:       [[ID:%[0-9]+]] = ascendc.pipe.fetch_event_id %0, v_mte3 : i8
// PY-NEXT:       [[KEPT:%[0-9]+]] = ascendc.pipe.alloc_event_id %0, mte3_mte2 : i32
// PY-NEXT:       ascendc.pipe.release_event_id %0, [[KEPT]] {event = 19 : i32} : !ascendc.pipe, i32
// CHECK-NEXT:    ascendc.data_copy_l2 %arg0, [[T]], %arg1 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<64xf32>, i32
// DEF-NEXT:      ascendc.pipe_barrier pipe_mte3
// DEF-NEXT:      ascendc.pipe_barrier pipe_all
// CHECK-NEXT:    ascendc.que_bind.free_tensor [[Q]], [[T]] : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @erase_all(%g: !ascendc.global_tensor<*xf32>, %n: i32) {
  %p = ascendc.pipe
  %q = ascendc.queue : <vecin, 1>
  %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
  ascendc.data_copy_l2 %t, %g, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
  ascendc.que_bind.enque_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
  %d = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
  %id = ascendc.pipe.fetch_event_id %p, v_mte3 : i8
  ascendc.set_flag v_mte3, %id : i8
  ascendc.wait_flag v_mte3, %id : i8
  %kept = ascendc.pipe.alloc_event_id %p, mte3_mte2 : i32
  ascendc.set_flag mte3_mte2, %kept : i32
  ascendc.wait_flag mte3_mte2, %kept : i32
  ascendc.pipe.release_event_id %p, %kept {event = 19 : i32} : !ascendc.pipe, i32
  ascendc.data_copy_l2 %g, %d, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<64xf32>, i32
  ascendc.pipe_barrier pipe_mte3
  ascendc.pipe_barrier pipe_all
  ascendc.que_bind.free_tensor %q, %d : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
  func.return
}

// Queues are FIFOs: with two tensors in flight, each deque hands back its own tensor
// (pyasc maps every deque to the queue's last alloc).
// CHECK-LABEL: func.func @fifo_depth_two(
// CHECK-NEXT:    [[Q:%[0-9]+]] = ascendc.queue : <vecin, 2>
// CHECK-NEXT:    [[T1:%[0-9]+]] = ascendc.que_bind.alloc_tensor [[Q]] : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<64xf32>
// CHECK-NEXT:    [[T2:%[0-9]+]] = ascendc.que_bind.alloc_tensor [[Q]] : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<64xf32>
// CHECK-NEXT:    ascendc.sub_l2 %arg1, [[T1]], [[T2]], %arg2 : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
// CHECK-NEXT:    ascendc.que_bind.free_tensor [[Q]], [[T1]] : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<64xf32>
// CHECK-NEXT:    ascendc.que_bind.free_tensor [[Q]], [[T2]] : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<64xf32>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @fifo_depth_two(%g: !ascendc.global_tensor<*xf32>, %a: !ascendc.local_tensor<64xf32>, %n: i32) {
  %q = ascendc.queue : <vecin, 2>
  %t1 = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<64xf32>
  %t2 = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<64xf32>
  ascendc.que_bind.enque_tensor %q, %t1 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<64xf32>
  ascendc.que_bind.enque_tensor %q, %t2 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<64xf32>
  %d1 = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<64xf32>
  %d2 = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<64xf32>
  ascendc.sub_l2 %a, %d1, %d2, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
  ascendc.que_bind.free_tensor %q, %d1 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<64xf32>
  ascendc.que_bind.free_tensor %q, %d2 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<64xf32>
  func.return
}

// A deque with nothing enqueued before it takes the queue's most recent alloc that
// dominates it; inside loops as well.
// CHECK-LABEL: func.func @in_loop(
// CHECK-NEXT:    [[Q:%[0-9]+]] = ascendc.queue : <vecout, 1>
// CHECK-NEXT:    [[EARLY:%[0-9]+]] = ascendc.que_bind.alloc_tensor [[Q]] : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<64xf32>
// CHECK-NEXT:    scf.for %arg6 = %arg3 to %arg4 step %arg5 {
// CHECK-NEXT:      [[T:%[0-9]+]] = ascendc.que_bind.alloc_tensor [[Q]] : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<64xf32>
// CHECK-NEXT:      ascendc.exp_l2 [[T]], %arg1, %arg2 : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
// CHECK-NEXT:      ascendc.data_copy_l2 %arg0, [[T]], %arg2 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<64xf32>, i32
// CHECK-NEXT:      ascendc.que_bind.free_tensor [[Q]], [[T]] : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<64xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    ascendc.data_copy_l2 %arg0, [[EARLY]], %arg2 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<64xf32>, i32
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @in_loop(%g: !ascendc.global_tensor<*xf32>, %a: !ascendc.local_tensor<64xf32>, %n: i32, %lb: index, %ub: index, %st: index) {
  %q = ascendc.queue : <vecout, 1>
  %early = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<64xf32>
  scf.for %i = %lb to %ub step %st {
    %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<64xf32>
    ascendc.exp_l2 %t, %a, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
    %d = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<64xf32>
    ascendc.data_copy_l2 %g, %d, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<64xf32>, i32
    ascendc.que_bind.free_tensor %q, %d : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<64xf32>
  }
  %after = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<64xf32>
  ascendc.data_copy_l2 %g, %after, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<64xf32>, i32
  func.return
}
