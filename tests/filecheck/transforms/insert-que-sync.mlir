// RUN: ascdsl-opt %s -p "insert-que-sync{mode=pyasc}" | filecheck %s
// RUN: ascdsl-opt %s --ascendc-insert-sync | filecheck %s

// Copy-in, compute, copy-out through queues (pyasc's insert-sync case).
// CHECK-LABEL: func.func @vadd_queues(
// CHECK-NEXT:    [[PIPE:%[0-9]+]] = ascendc.pipe
// CHECK-NEXT:    [[QIN:%[0-9]+]] = ascendc.queue : <vecin, 1>
// CHECK-NEXT:    ascendc.pipe.init_queue [[PIPE]], [[QIN]], %arg2, %arg3 : !ascendc.queue<vecin, 1>, i32, i64
// CHECK-NEXT:    [[X:%[0-9]+]] = ascendc.que_bind.alloc_tensor [[QIN]] : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<32xf16>
// CHECK-NEXT:    ascendc.data_copy_l2 [[X]], %arg0, %arg2 : !ascendc.local_tensor<32xf16>, !ascendc.global_tensor<*xf16>, i32
// CHECK-NEXT:    ascendc.que_bind.enque_tensor [[QIN]], [[X]] : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<32xf16>
// CHECK-NEXT:    [[QOUT:%[0-9]+]] = ascendc.queue : <vecout, 1>
// CHECK-NEXT:    ascendc.pipe.init_queue [[PIPE]], [[QOUT]], %arg2, %arg3 : !ascendc.queue<vecout, 1>, i32, i64
// CHECK-NEXT:    [[Z:%[0-9]+]] = ascendc.que_bind.alloc_tensor [[QOUT]] : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<32xf16>
// CHECK-NEXT:    [[X_1:%[0-9]+]] = ascendc.que_bind.deque_tensor [[QIN]] : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<32xf16>
// CHECK-NEXT:    ascendc.add_l2 [[Z]], [[X_1]], [[X_1]], %arg2 : !ascendc.local_tensor<32xf16>, !ascendc.local_tensor<32xf16>, !ascendc.local_tensor<32xf16>, i32
// CHECK-NEXT:    ascendc.que_bind.enque_tensor [[QOUT]], [[Z]] : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<32xf16>
// CHECK-NEXT:    [[Z_1:%[0-9]+]] = ascendc.que_bind.deque_tensor [[QOUT]] : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<32xf16>
// CHECK-NEXT:    ascendc.data_copy_l2 %arg1, [[Z_1]], %arg2 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<32xf16>, i32
// CHECK-NEXT:    ascendc.pipe_barrier pipe_v
// CHECK-NEXT:    ascendc.que_bind.free_tensor [[QOUT]], [[Z]] : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<32xf16>
// CHECK-NEXT:    ascendc.que_bind.free_tensor [[QIN]], [[X]] : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<32xf16>
// CHECK-NEXT:    ascendc.pipe_barrier pipe_all
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @vadd_queues(%gx: !ascendc.global_tensor<*xf16>, %gz: !ascendc.global_tensor<*xf16>, %n: i32, %len: i64) {
  %pipe = ascendc.pipe
  %qin = ascendc.queue : <vecin, 1>
  ascendc.pipe.init_queue %pipe, %qin, %n, %len : !ascendc.queue<vecin, 1>, i32, i64
  %x = ascendc.que_bind.alloc_tensor %qin : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<32xf16>
  ascendc.data_copy_l2 %x, %gx, %n : !ascendc.local_tensor<32xf16>, !ascendc.global_tensor<*xf16>, i32
  %qout = ascendc.queue : <vecout, 1>
  ascendc.pipe.init_queue %pipe, %qout, %n, %len : !ascendc.queue<vecout, 1>, i32, i64
  %z = ascendc.que_bind.alloc_tensor %qout : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<32xf16>
  ascendc.add_l2 %z, %x, %x, %n : !ascendc.local_tensor<32xf16>, !ascendc.local_tensor<32xf16>, !ascendc.local_tensor<32xf16>, i32
  ascendc.data_copy_l2 %gz, %z, %n : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<32xf16>, i32
  ascendc.que_bind.free_tensor %qout, %z : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<32xf16>
  ascendc.que_bind.free_tensor %qin, %x : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<32xf16>
  func.return
}

// A copy into a GM tensor made by ascendc.global_tensor needs nothing; into a view of it, a
// barrier on the copy's own pipe (MTE3; pyasc would say pipe_v).
// CHECK-LABEL: func.func @copy_out_destinations(
// CHECK-NEXT:    [[G:%[0-9]+]] = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
// CHECK-NEXT:    ascendc.global_tensor.set_global_buffer [[G]], %arg0 : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
// CHECK-NEXT:    ascendc.data_copy_l2 [[G]], %arg1, %arg2 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<32xf16>, i32
// CHECK-NEXT:    [[VIEW:%[0-9]+]] = ascendc.global_tensor.subindex [[G]][%arg3] : !ascendc.global_tensor<*xf16>, index, !ascendc.global_tensor<*xf16>
// CHECK-NEXT:    ascendc.data_copy_l2 [[VIEW]], %arg1, %arg2 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<32xf16>, i32
// CHECK-NEXT:    ascendc.pipe_barrier pipe_v
// CHECK-NEXT:    %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:    ascendc.pipe_barrier pipe_all
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @copy_out_destinations(%mem: memref<?xf16, 22>, %src: !ascendc.local_tensor<32xf16>, %n: i32, %i: index) {
  %g = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
  ascendc.global_tensor.set_global_buffer %g, %mem : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
  ascendc.data_copy_l2 %g, %src, %n : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<32xf16>, i32
  %view = ascendc.global_tensor.subindex %g[%i] : !ascendc.global_tensor<*xf16>, index, !ascendc.global_tensor<*xf16>
  ascendc.data_copy_l2 %view, %src, %n : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<32xf16>, i32
  %c0 = arith.constant 0 : i32
  func.return
}

// CHECK-LABEL: func.func @get_set_value(
// CHECK-NEXT:    %0 = ascendc.pipe
// CHECK-NEXT:    %1 = ascendc.pipe.fetch_event_id %0, v_s : i8
// CHECK-NEXT:    ascendc.set_flag v_s, %1 : i8
// CHECK-NEXT:    ascendc.wait_flag v_s, %1 : i8
// CHECK-NEXT:    [[V:%[0-9]+]] = ascendc.local_tensor.get_value %arg0, %arg1 : !ascendc.local_tensor<64xf32>, ui32, f32
// CHECK-NEXT:    [[V2:%[0-9]+]] = ascendc.pipe
// CHECK-NEXT:    [[V3:%[0-9]+]] = ascendc.pipe.fetch_event_id [[V2]], s_v : i8
// CHECK-NEXT:    ascendc.set_flag s_v, [[V3]] : i8
// CHECK-NEXT:    ascendc.wait_flag s_v, [[V3]] : i8
// CHECK-NEXT:    [[V4:%[0-9]+]] = ascendc.pipe
// CHECK-NEXT:    [[V5:%[0-9]+]] = ascendc.pipe.fetch_event_id [[V4]], v_s : i8
// CHECK-NEXT:    ascendc.set_flag v_s, [[V5]] : i8
// CHECK-NEXT:    ascendc.wait_flag v_s, [[V5]] : i8
// CHECK-NEXT:    ascendc.local_tensor.set_value %arg0, %arg1, [[V]] : !ascendc.local_tensor<64xf32>, ui32, f32
// CHECK-NEXT:    [[V6:%[0-9]+]] = ascendc.pipe
// CHECK-NEXT:    [[V7:%[0-9]+]] = ascendc.pipe.fetch_event_id [[V6]], s_v : i8
// CHECK-NEXT:    ascendc.set_flag s_v, [[V7]] : i8
// CHECK-NEXT:    ascendc.wait_flag s_v, [[V7]] : i8
// CHECK-NEXT:    ascendc.pipe_barrier pipe_all
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @get_set_value(%t: !ascendc.local_tensor<64xf32>, %i: ui32) {
  %v = ascendc.local_tensor.get_value %t, %i : !ascendc.local_tensor<64xf32>, ui32, f32
  ascendc.local_tensor.set_value %t, %i, %v : !ascendc.local_tensor<64xf32>, ui32, f32
  func.return
}

// CHECK-LABEL: func.func @global_get_set_value(
// CHECK-NEXT:    %0 = ascendc.pipe
// CHECK-NEXT:    %1 = ascendc.pipe.fetch_event_id %0, v_s : i8
// CHECK-NEXT:    ascendc.set_flag v_s, %1 : i8
// CHECK-NEXT:    ascendc.wait_flag v_s, %1 : i8
// CHECK-NEXT:    [[V:%[0-9]+]] = ascendc.global_tensor.get_value %arg0, %arg1 : !ascendc.global_tensor<*xf32>, index, f32
// CHECK-NEXT:    [[V2:%[0-9]+]] = ascendc.pipe
// CHECK-NEXT:    [[V3:%[0-9]+]] = ascendc.pipe.fetch_event_id [[V2]], s_v : i8
// CHECK-NEXT:    ascendc.set_flag s_v, [[V3]] : i8
// CHECK-NEXT:    ascendc.wait_flag s_v, [[V3]] : i8
// CHECK-NEXT:    [[V4:%[0-9]+]] = ascendc.pipe
// CHECK-NEXT:    [[V5:%[0-9]+]] = ascendc.pipe.fetch_event_id [[V4]], v_s : i8
// CHECK-NEXT:    ascendc.set_flag v_s, [[V5]] : i8
// CHECK-NEXT:    ascendc.wait_flag v_s, [[V5]] : i8
// CHECK-NEXT:    ascendc.global_tensor.set_value %arg0, %arg1, [[V]] : !ascendc.global_tensor<*xf32>, index, f32
// CHECK-NEXT:    [[V6:%[0-9]+]] = ascendc.pipe
// CHECK-NEXT:    [[V7:%[0-9]+]] = ascendc.pipe.fetch_event_id [[V6]], s_v : i8
// CHECK-NEXT:    ascendc.set_flag s_v, [[V7]] : i8
// CHECK-NEXT:    ascendc.wait_flag s_v, [[V7]] : i8
// CHECK-NEXT:    ascendc.pipe_barrier pipe_all
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @global_get_set_value(%g: !ascendc.global_tensor<*xf32>, %i: index) {
  %v = ascendc.global_tensor.get_value %g, %i : !ascendc.global_tensor<*xf32>, index, f32
  ascendc.global_tensor.set_value %g, %i, %v : !ascendc.global_tensor<*xf32>, index, f32
  func.return
}

// get_value is synchronized where it is, even alone in a loop.
// CHECK-LABEL: func.func @get_value_in_loop(
// CHECK-NEXT:    scf.for %arg4 = %arg1 to %arg2 step %arg3 {
// CHECK-NEXT:      %0 = ascendc.pipe
// CHECK-NEXT:      %1 = ascendc.pipe.fetch_event_id %0, v_s : i8
// CHECK-NEXT:      ascendc.set_flag v_s, %1 : i8
// CHECK-NEXT:      ascendc.wait_flag v_s, %1 : i8
// CHECK-NEXT:      [[V:%[0-9]+]] = ascendc.local_tensor.get_value %arg0, %arg4 : !ascendc.local_tensor<64xf32>, index, f32
// CHECK-NEXT:      [[V2:%[0-9]+]] = ascendc.pipe
// CHECK-NEXT:      [[V3:%[0-9]+]] = ascendc.pipe.fetch_event_id [[V2]], s_v : i8
// CHECK-NEXT:      ascendc.set_flag s_v, [[V3]] : i8
// CHECK-NEXT:      ascendc.wait_flag s_v, [[V3]] : i8
// CHECK-NEXT:    }
// CHECK-NEXT:    ascendc.pipe_barrier pipe_all
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @get_value_in_loop(%t: !ascendc.local_tensor<64xf32>, %lb: index, %ub: index, %st: index) {
  scf.for %i = %lb to %ub step %st {
    %v = ascendc.local_tensor.get_value %t, %i : !ascendc.local_tensor<64xf32>, index, f32
  }
  func.return
}

// A set_value alone in a loop body is synchronized around the loop.
// CHECK-LABEL: func.func @set_value_alone_in_loop(
// CHECK-NEXT:    %0 = ascendc.pipe
// CHECK-NEXT:    %1 = ascendc.pipe.fetch_event_id %0, v_s : i8
// CHECK-NEXT:    ascendc.set_flag v_s, %1 : i8
// CHECK-NEXT:    ascendc.wait_flag v_s, %1 : i8
// CHECK-NEXT:    scf.for %arg5 = %arg2 to %arg3 step %arg4 {
// CHECK-NEXT:      ascendc.local_tensor.set_value %arg0, %arg5, %arg1 : !ascendc.local_tensor<64xf32>, index, f32
// CHECK-NEXT:    }
// CHECK-NEXT:    %2 = ascendc.pipe
// CHECK-NEXT:    %3 = ascendc.pipe.fetch_event_id %2, s_v : i8
// CHECK-NEXT:    ascendc.set_flag s_v, %3 : i8
// CHECK-NEXT:    ascendc.wait_flag s_v, %3 : i8
// CHECK-NEXT:    ascendc.pipe_barrier pipe_all
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @set_value_alone_in_loop(%t: !ascendc.local_tensor<64xf32>, %v: f32, %lb: index, %ub: index, %st: index) {
  scf.for %i = %lb to %ub step %st {
    ascendc.local_tensor.set_value %t, %i, %v : !ascendc.local_tensor<64xf32>, index, f32
  }
  func.return
}

// With anything else in the body, it is synchronized in place.
// CHECK-LABEL: func.func @set_value_not_alone_in_loop(
// CHECK-NEXT:    scf.for %arg5 = %arg2 to %arg3 step %arg4 {
// CHECK-NEXT:      [[J:%[0-9]+]] = arith.addi %arg5, %arg4 : index
// CHECK-NEXT:      [[V0:%[0-9]+]] = ascendc.pipe
// CHECK-NEXT:      [[V1:%[0-9]+]] = ascendc.pipe.fetch_event_id [[V0]], v_s : i8
// CHECK-NEXT:      ascendc.set_flag v_s, [[V1]] : i8
// CHECK-NEXT:      ascendc.wait_flag v_s, [[V1]] : i8
// CHECK-NEXT:      ascendc.local_tensor.set_value %arg0, [[J]], %arg1 : !ascendc.local_tensor<64xf32>, index, f32
// CHECK-NEXT:      [[V2:%[0-9]+]] = ascendc.pipe
// CHECK-NEXT:      [[V3:%[0-9]+]] = ascendc.pipe.fetch_event_id [[V2]], s_v : i8
// CHECK-NEXT:      ascendc.set_flag s_v, [[V3]] : i8
// CHECK-NEXT:      ascendc.wait_flag s_v, [[V3]] : i8
// CHECK-NEXT:    }
// CHECK-NEXT:    ascendc.pipe_barrier pipe_all
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @set_value_not_alone_in_loop(%t: !ascendc.local_tensor<64xf32>, %v: f32, %lb: index, %ub: index, %st: index) {
  scf.for %i = %lb to %ub step %st {
    %j = arith.addi %i, %st : index
    ascendc.local_tensor.set_value %t, %j, %v : !ascendc.local_tensor<64xf32>, index, f32
  }
  func.return
}

// Writes to tensors that do not come from a queue get a barrier on the writer's pipe; the
// last one is absorbed by the final pipe_all (pyasc's insert_pipe_v_pipe_all case).
// CHECK-LABEL: func.func @barriers(
// CHECK-NEXT:    ascendc.duplicate_l2 %arg0, %arg1, %arg2 : !ascendc.local_tensor<64xf32>, f32, i32
// CHECK-NEXT:    ascendc.pipe_barrier pipe_v
// CHECK-NEXT:    ascendc.add_l2 %arg3, %arg0, %arg0, %arg2 : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
// CHECK-NEXT:    ascendc.pipe_barrier pipe_all
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @barriers(%a: !ascendc.local_tensor<64xf32>, %s: f32, %n: i32, %b: !ascendc.local_tensor<64xf32>) {
  ascendc.duplicate_l2 %a, %s, %n : !ascendc.local_tensor<64xf32>, f32, i32
  ascendc.add_l2 %b, %a, %a, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
  func.return
}

// Enque inside a loop, first use after it: the enque moves after the loop.
// CHECK-LABEL: func.func @enque_in_loop_use_after(
// CHECK-NEXT:    [[Q:%[0-9]+]] = ascendc.queue : <vecin, 1>
// CHECK-NEXT:    [[T:%[0-9]+]] = ascendc.que_bind.alloc_tensor [[Q]] : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
// CHECK-NEXT:    scf.for %arg6 = %arg3 to %arg4 step %arg5 {
// CHECK-NEXT:      ascendc.data_copy_l2 [[T]], %arg0, %arg2 : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
// CHECK-NEXT:    }
// CHECK-NEXT:    ascendc.que_bind.enque_tensor [[Q]], [[T]] : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
// CHECK-NEXT:    [[T_1:%[0-9]+]] = ascendc.que_bind.deque_tensor [[Q]] : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
// CHECK-NEXT:    ascendc.add_l2 %arg1, [[T_1]], [[T_1]], %arg2 : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
// CHECK-NEXT:    ascendc.pipe_barrier pipe_v
// CHECK-NEXT:    ascendc.que_bind.free_tensor [[Q]], [[T]] : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
// CHECK-NEXT:    ascendc.pipe_barrier pipe_all
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @enque_in_loop_use_after(%g: !ascendc.global_tensor<*xf32>, %out: !ascendc.local_tensor<64xf32>, %n: i32, %lb: index, %ub: index, %st: index) {
  %q = ascendc.queue : <vecin, 1>
  %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
  scf.for %i = %lb to %ub step %st {
    ascendc.data_copy_l2 %t, %g, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
  }
  ascendc.add_l2 %out, %t, %t, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
  ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
  func.return
}

// Nested scf.for / scf.if: the deque goes before the use's ancestor at the enque's level,
// and only the uses it dominates read the dequeued tensor.
// CHECK-LABEL: func.func @nested_regions(
// CHECK-NEXT:    [[Q:%[0-9]+]] = ascendc.queue : <vecin, 1>
// CHECK-NEXT:    scf.for %arg7 = %arg3 to %arg4 step %arg5 {
// CHECK-NEXT:      [[T:%[0-9]+]] = ascendc.que_bind.alloc_tensor [[Q]] : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
// CHECK-NEXT:      scf.if %arg6 {
// CHECK-NEXT:        ascendc.data_copy_l2 [[T]], %arg0, %arg2 : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
// CHECK-NEXT:      }
// CHECK-NEXT:      ascendc.que_bind.enque_tensor [[Q]], [[T]] : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
// CHECK-NEXT:      [[T_1:%[0-9]+]] = ascendc.que_bind.deque_tensor [[Q]] : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
// CHECK-NEXT:      scf.for %arg8 = %arg3 to %arg4 step %arg5 {
// CHECK-NEXT:        scf.if %arg6 {
// CHECK-NEXT:          ascendc.add_l2 %arg1, [[T_1]], [[T_1]], %arg2 : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
// CHECK-NEXT:          ascendc.pipe_barrier pipe_v
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:      ascendc.que_bind.free_tensor [[Q]], [[T]] : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    ascendc.pipe_barrier pipe_all
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @nested_regions(%g: !ascendc.global_tensor<*xf32>, %out: !ascendc.local_tensor<64xf32>, %n: i32, %lb: index, %ub: index, %st: index, %c: i1) {
  %q = ascendc.queue : <vecin, 1>
  scf.for %i = %lb to %ub step %st {
    %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
    scf.if %c {
      ascendc.data_copy_l2 %t, %g, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
    }
    scf.for %j = %lb to %ub step %st {
      scf.if %c {
        ascendc.add_l2 %out, %t, %t, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
      }
    }
    ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
  }
  func.return
}

// Both branches of an scf.if write the tensor: one enque after the if serves both.
// CHECK-LABEL: func.func @both_branches_write(
// CHECK-NEXT:    [[Q:%[0-9]+]] = ascendc.queue : <vecin, 1>
// CHECK-NEXT:    [[T:%[0-9]+]] = ascendc.que_bind.alloc_tensor [[Q]] : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
// CHECK-NEXT:    scf.if %arg3 {
// CHECK-NEXT:      ascendc.data_copy_l2 [[T]], %arg0, %arg2 : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
// CHECK-NEXT:    } else {
// CHECK-NEXT:      ascendc.duplicate_l2 [[T]], %arg4, %arg2 : !ascendc.local_tensor<64xf32>, f32, i32
// CHECK-NEXT:    }
// CHECK-NEXT:    ascendc.que_bind.enque_tensor [[Q]], [[T]] : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
// CHECK-NEXT:    [[T_1:%[0-9]+]] = ascendc.que_bind.deque_tensor [[Q]] : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
// CHECK-NEXT:    ascendc.add_l2 %arg1, [[T_1]], [[T_1]], %arg2 : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
// CHECK-NEXT:    ascendc.pipe_barrier pipe_v
// CHECK-NEXT:    ascendc.que_bind.free_tensor [[Q]], [[T]] : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
// CHECK-NEXT:    ascendc.pipe_barrier pipe_all
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @both_branches_write(%g: !ascendc.global_tensor<*xf32>, %out: !ascendc.local_tensor<64xf32>, %n: i32, %c: i1, %s: f32) {
  %q = ascendc.queue : <vecin, 1>
  %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
  scf.if %c {
    ascendc.data_copy_l2 %t, %g, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
  } else {
    ascendc.duplicate_l2 %t, %s, %n : !ascendc.local_tensor<64xf32>, f32, i32
  }
  ascendc.add_l2 %out, %t, %t, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
  ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
  func.return
}

// Double buffering: three queues of depth 2, a tile per iteration (add_framework).
// CHECK-LABEL: func.func @double_buffer(
// CHECK-NEXT:    [[PIPE:%[0-9]+]] = ascendc.pipe
// CHECK-NEXT:    %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT:    [[QX:%[0-9]+]] = ascendc.queue : <vecin, 2>
// CHECK-NEXT:    [[QY:%[0-9]+]] = ascendc.queue : <vecin, 2>
// CHECK-NEXT:    [[QZ:%[0-9]+]] = ascendc.queue : <vecout, 2>
// CHECK-NEXT:    ascendc.pipe.init_queue [[PIPE]], [[QX]], %c2_i32, %arg4 : !ascendc.queue<vecin, 2>, i32, i64
// CHECK-NEXT:    ascendc.pipe.init_queue [[PIPE]], [[QY]], %c2_i32, %arg4 : !ascendc.queue<vecin, 2>, i32, i64
// CHECK-NEXT:    ascendc.pipe.init_queue [[PIPE]], [[QZ]], %c2_i32, %arg4 : !ascendc.queue<vecout, 2>, i32, i64
// CHECK-NEXT:    scf.for %arg8 = %arg5 to %arg6 step %arg7 {
// CHECK-NEXT:      [[SX:%[0-9]+]] = ascendc.global_tensor.subindex %arg0[%arg8] : !ascendc.global_tensor<*xf32>, index, !ascendc.global_tensor<*xf32>
// CHECK-NEXT:      [[SY:%[0-9]+]] = ascendc.global_tensor.subindex %arg1[%arg8] : !ascendc.global_tensor<*xf32>, index, !ascendc.global_tensor<*xf32>
// CHECK-NEXT:      [[SZ:%[0-9]+]] = ascendc.global_tensor.subindex %arg2[%arg8] : !ascendc.global_tensor<*xf32>, index, !ascendc.global_tensor<*xf32>
// CHECK-NEXT:      [[X:%[0-9]+]] = ascendc.que_bind.alloc_tensor [[QX]] : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<128xf32>
// CHECK-NEXT:      [[Y:%[0-9]+]] = ascendc.que_bind.alloc_tensor [[QY]] : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<128xf32>
// CHECK-NEXT:      ascendc.data_copy_l2 [[X]], [[SX]], %arg3 : !ascendc.local_tensor<128xf32>, !ascendc.global_tensor<*xf32>, i32
// CHECK-NEXT:      ascendc.que_bind.enque_tensor [[QX]], [[X]] : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<128xf32>
// CHECK-NEXT:      ascendc.data_copy_l2 [[Y]], [[SY]], %arg3 : !ascendc.local_tensor<128xf32>, !ascendc.global_tensor<*xf32>, i32
// CHECK-NEXT:      ascendc.que_bind.enque_tensor [[QY]], [[Y]] : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<128xf32>
// CHECK-NEXT:      [[Z:%[0-9]+]] = ascendc.que_bind.alloc_tensor [[QZ]] : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<128xf32>
// CHECK-NEXT:      [[X_1:%[0-9]+]] = ascendc.que_bind.deque_tensor [[QX]] : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<128xf32>
// CHECK-NEXT:      [[Y_1:%[0-9]+]] = ascendc.que_bind.deque_tensor [[QY]] : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<128xf32>
// CHECK-NEXT:      ascendc.add_l2 [[Z]], [[X_1]], [[Y_1]], %arg3 : !ascendc.local_tensor<128xf32>, !ascendc.local_tensor<128xf32>, !ascendc.local_tensor<128xf32>, i32
// CHECK-NEXT:      ascendc.que_bind.enque_tensor [[QZ]], [[Z]] : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<128xf32>
// CHECK-NEXT:      ascendc.que_bind.free_tensor [[QX]], [[X]] : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<128xf32>
// CHECK-NEXT:      ascendc.que_bind.free_tensor [[QY]], [[Y]] : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<128xf32>
// CHECK-NEXT:      [[Z_1:%[0-9]+]] = ascendc.que_bind.deque_tensor [[QZ]] : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<128xf32>
// CHECK-NEXT:      ascendc.data_copy_l2 [[SZ]], [[Z_1]], %arg3 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<128xf32>, i32
// CHECK-NEXT:      ascendc.pipe_barrier pipe_v
// CHECK-NEXT:      ascendc.que_bind.free_tensor [[QZ]], [[Z]] : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<128xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    ascendc.pipe_barrier pipe_all
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @double_buffer(%gx: !ascendc.global_tensor<*xf32>, %gy: !ascendc.global_tensor<*xf32>, %gz: !ascendc.global_tensor<*xf32>, %n: i32, %len: i64, %lb: index, %ub: index, %st: index) {
  %pipe = ascendc.pipe
  %c2 = arith.constant 2 : i32
  %qx = ascendc.queue : <vecin, 2>
  %qy = ascendc.queue : <vecin, 2>
  %qz = ascendc.queue : <vecout, 2>
  ascendc.pipe.init_queue %pipe, %qx, %c2, %len : !ascendc.queue<vecin, 2>, i32, i64
  ascendc.pipe.init_queue %pipe, %qy, %c2, %len : !ascendc.queue<vecin, 2>, i32, i64
  ascendc.pipe.init_queue %pipe, %qz, %c2, %len : !ascendc.queue<vecout, 2>, i32, i64
  scf.for %i = %lb to %ub step %st {
    %sx = ascendc.global_tensor.subindex %gx[%i] : !ascendc.global_tensor<*xf32>, index, !ascendc.global_tensor<*xf32>
    %sy = ascendc.global_tensor.subindex %gy[%i] : !ascendc.global_tensor<*xf32>, index, !ascendc.global_tensor<*xf32>
    %sz = ascendc.global_tensor.subindex %gz[%i] : !ascendc.global_tensor<*xf32>, index, !ascendc.global_tensor<*xf32>
    %x = ascendc.que_bind.alloc_tensor %qx : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<128xf32>
    %y = ascendc.que_bind.alloc_tensor %qy : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<128xf32>
    ascendc.data_copy_l2 %x, %sx, %n : !ascendc.local_tensor<128xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.data_copy_l2 %y, %sy, %n : !ascendc.local_tensor<128xf32>, !ascendc.global_tensor<*xf32>, i32
    %z = ascendc.que_bind.alloc_tensor %qz : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<128xf32>
    ascendc.add_l2 %z, %x, %y, %n : !ascendc.local_tensor<128xf32>, !ascendc.local_tensor<128xf32>, !ascendc.local_tensor<128xf32>, i32
    ascendc.que_bind.free_tensor %qx, %x : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<128xf32>
    ascendc.que_bind.free_tensor %qy, %y : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<128xf32>
    ascendc.data_copy_l2 %sz, %z, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<128xf32>, i32
    ascendc.que_bind.free_tensor %qz, %z : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<128xf32>
  }
  func.return
}

// An op writing two tensors: pyasc's pass looks at its `dst` only (OpWithDst::getDst), so the
// queue tensor gets its enque and the shared tmp buffer no barrier.
// CHECK-LABEL: func.func @two_written_operands(
// CHECK-NEXT:    [[Q:%[0-9]+]] = ascendc.queue : <vecout, 1>
// CHECK-NEXT:    [[DST:%[0-9]+]] = ascendc.que_bind.alloc_tensor [[Q]] : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<64xf32>
// CHECK-NEXT:    ascendc.reduce_sum_l2 [[DST]], %arg0, %arg1, %arg3 : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
// CHECK-NEXT:    ascendc.que_bind.enque_tensor [[Q]], [[DST]] : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<64xf32>
// CHECK-NEXT:    [[DST_1:%[0-9]+]] = ascendc.que_bind.deque_tensor [[Q]] : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<64xf32>
// CHECK-NEXT:    ascendc.data_copy_l2 %arg2, [[DST_1]], %arg3 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<64xf32>, i32
// CHECK-NEXT:    ascendc.pipe_barrier pipe_v
// CHECK-NEXT:    ascendc.que_bind.free_tensor [[Q]], [[DST]] : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<64xf32>
// CHECK-NEXT:    ascendc.pipe_barrier pipe_all
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @two_written_operands(%src: !ascendc.local_tensor<64xf32>, %tmp: !ascendc.local_tensor<64xf32>, %gz: !ascendc.global_tensor<*xf32>, %n: i32) {
  %q = ascendc.queue : <vecout, 1>
  %dst = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<64xf32>
  ascendc.reduce_sum_l2 %dst, %src, %tmp, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
  ascendc.data_copy_l2 %gz, %dst, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<64xf32>, i32
  ascendc.que_bind.free_tensor %q, %dst : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<64xf32>
  func.return
}

// A tensor written, used, written again and used again: each write has its own pair and
// the second write goes to the dequeued tensor.
// CHECK-LABEL: func.func @rewritten_tensor(
// CHECK-NEXT:    [[Q:%[0-9]+]] = ascendc.queue : <vecin, 1>
// CHECK-NEXT:    [[T:%[0-9]+]] = ascendc.que_bind.alloc_tensor [[Q]] : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
// CHECK-NEXT:    ascendc.data_copy_l2 [[T]], %arg0, %arg3 : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
// CHECK-NEXT:    ascendc.que_bind.enque_tensor [[Q]], [[T]] : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
// CHECK-NEXT:    [[T_1:%[0-9]+]] = ascendc.que_bind.deque_tensor [[Q]] : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
// CHECK-NEXT:    ascendc.exp_l2 %arg1, [[T_1]], %arg3 : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
// CHECK-NEXT:    ascendc.pipe_barrier pipe_v
// CHECK-NEXT:    ascendc.data_copy_l2 [[T_1]], %arg0, %arg3 : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
// CHECK-NEXT:    ascendc.que_bind.enque_tensor [[Q]], [[T_1]] : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
// CHECK-NEXT:    [[T_2:%[0-9]+]] = ascendc.que_bind.deque_tensor [[Q]] : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
// CHECK-NEXT:    ascendc.exp_l2 %arg2, [[T_2]], %arg3 : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
// CHECK-NEXT:    ascendc.pipe_barrier pipe_v
// CHECK-NEXT:    ascendc.que_bind.free_tensor [[Q]], [[T]] : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
// CHECK-NEXT:    ascendc.pipe_barrier pipe_all
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @rewritten_tensor(%g: !ascendc.global_tensor<*xf32>, %a: !ascendc.local_tensor<64xf32>, %b: !ascendc.local_tensor<64xf32>, %n: i32) {
  %q = ascendc.queue : <vecin, 1>
  %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
  ascendc.data_copy_l2 %t, %g, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
  ascendc.exp_l2 %a, %t, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
  ascendc.data_copy_l2 %t, %g, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
  ascendc.exp_l2 %b, %t, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
  ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
  func.return
}

// Synchronization the kernel already has is recognized: only what is missing is added
// (the barrier after the second write).
// CHECK-LABEL: func.func @already_synchronized(
// CHECK-NEXT:    [[Q:%[0-9]+]] = ascendc.queue : <vecin, 1>
// CHECK-NEXT:    [[T:%[0-9]+]] = ascendc.que_bind.alloc_tensor [[Q]] : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
// CHECK-NEXT:    ascendc.data_copy_l2 [[T]], %arg0, %arg2 : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
// CHECK-NEXT:    ascendc.que_bind.enque_tensor [[Q]], [[T]] : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
// CHECK-NEXT:    [[D:%[0-9]+]] = ascendc.que_bind.deque_tensor [[Q]] : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
// CHECK-NEXT:    ascendc.exp_l2 %arg1, [[D]], %arg2 : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
// CHECK-NEXT:    ascendc.pipe_barrier pipe_v
// CHECK-NEXT:    ascendc.exp_l2 %arg1, %arg1, %arg2 : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
// CHECK-NEXT:    ascendc.pipe_barrier pipe_v
// CHECK-NEXT:    ascendc.que_bind.free_tensor [[Q]], [[D]] : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
// CHECK-NEXT:    ascendc.pipe_barrier pipe_all
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @already_synchronized(%g: !ascendc.global_tensor<*xf32>, %a: !ascendc.local_tensor<64xf32>, %n: i32) {
  %q = ascendc.queue : <vecin, 1>
  %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
  ascendc.data_copy_l2 %t, %g, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
  ascendc.que_bind.enque_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
  %d = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
  ascendc.exp_l2 %a, %d, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
  ascendc.pipe_barrier pipe_v
  ascendc.exp_l2 %a, %a, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
  ascendc.que_bind.free_tensor %q, %d : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
  func.return
}


// dump_tensor reads a tensor on the scalar pipe: it gets the same flags as get_value.
// CHECK-LABEL: func.func @dump_tensor(
// CHECK-NEXT:    %0 = ascendc.pipe
// CHECK-NEXT:    %1 = ascendc.pipe.fetch_event_id %0, v_s : i8
// CHECK-NEXT:    ascendc.set_flag v_s, %1 : i8
// CHECK-NEXT:    ascendc.wait_flag v_s, %1 : i8
// CHECK-NEXT:    ascendc.dump_tensor %arg0, %arg1, %arg2 : !ascendc.local_tensor<64xf32>, i32, i32
// CHECK-NEXT:    %2 = ascendc.pipe
// CHECK-NEXT:    %3 = ascendc.pipe.fetch_event_id %2, s_v : i8
// CHECK-NEXT:    ascendc.set_flag s_v, %3 : i8
// CHECK-NEXT:    ascendc.wait_flag s_v, %3 : i8
// CHECK-NEXT:    ascendc.pipe_barrier pipe_all
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @dump_tensor(%t: !ascendc.local_tensor<64xf32>, %desc: i32, %size: i32) {
  ascendc.dump_tensor %t, %desc, %size : !ascendc.local_tensor<64xf32>, i32, i32
  func.return
}

// Declarations are skipped.
// CHECK:       func.func private @declared(!ascendc.local_tensor<64xf32>)
// CHECK-NOT:   ascendc
func.func private @declared(!ascendc.local_tensor<64xf32>)
