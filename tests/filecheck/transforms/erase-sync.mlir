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
// CHECK-NEXT:    %p = ascendc.pipe
// CHECK-NEXT:    %q = ascendc.queue : <vecin, 1>
// CHECK-NEXT:    %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
// CHECK-NEXT:    ascendc.data_copy_l2 %t, %g, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
// PY-NEXT:       %id = ascendc.pipe.fetch_event_id %p, v_mte3 : i8
// PY-NEXT:       %kept = ascendc.pipe.alloc_event_id %p, mte3_mte2 : i32
// PY-NEXT:       ascendc.pipe.release_event_id %p, %kept {event = 19 : i32} : !ascendc.pipe, i32
// CHECK-NEXT:    ascendc.data_copy_l2 %g, %t, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<64xf32>, i32
// DEF-NEXT:      ascendc.pipe_barrier pipe_mte3
// DEF-NEXT:      ascendc.pipe_barrier pipe_all
// CHECK-NEXT:    ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
// CHECK-NEXT:    func.return
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
// CHECK-NEXT:    %q = ascendc.queue : <vecin, 2>
// CHECK-NEXT:    %t1 = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<64xf32>
// CHECK-NEXT:    %t2 = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<64xf32>
// CHECK-NEXT:    ascendc.sub_l2 %a, %t1, %t2, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
// CHECK-NEXT:    ascendc.que_bind.free_tensor %q, %t1 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<64xf32>
// CHECK-NEXT:    ascendc.que_bind.free_tensor %q, %t2 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<64xf32>
// CHECK-NEXT:    func.return
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
// CHECK-NEXT:    %q = ascendc.queue : <vecout, 1>
// CHECK-NEXT:    %early = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<64xf32>
// CHECK-NEXT:    scf.for %i = %lb to %ub step %st {
// CHECK-NEXT:      %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<64xf32>
// CHECK-NEXT:      ascendc.exp_l2 %t, %a, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
// CHECK-NEXT:      ascendc.data_copy_l2 %g, %t, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<64xf32>, i32
// CHECK-NEXT:      ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<64xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    ascendc.data_copy_l2 %g, %early, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<64xf32>, i32
// CHECK-NEXT:    func.return
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
