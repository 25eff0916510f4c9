// Running insert-que-sync on its own output adds nothing: on every case of
// insert-que-sync.mlir, on this file, and after the whole default pipeline.
// RUN: ascdsl-opt %S/insert-que-sync.mlir --insert-que-sync > %t.once.mlir
// RUN: ascdsl-opt %t.once.mlir --insert-que-sync > %t.twice.mlir
// RUN: diff %t.once.mlir %t.twice.mlir
// RUN: ascdsl-opt %s --insert-que-sync > %t.here.mlir
// RUN: ascdsl-opt %s -p insert-que-sync,insert-que-sync,insert-que-sync > %t.here3.mlir
// RUN: diff %t.here.mlir %t.here3.mlir
// RUN: ascdsl-opt %S/ascdsl-default.mlir --ascdsl-default > %t.default.mlir
// RUN: ascdsl-opt %t.default.mlir --insert-que-sync > %t.default2.mlir
// RUN: diff %t.default.mlir %t.default2.mlir
// RUN: filecheck %s < %t.here3.mlir

// A tensor filled in one loop and read in the next: pyasc fails here ("failed to be hoisted
// to tensor deque op scope"); the enque goes after the first loop, the deque before the
// second. `%out` is an argument (any buffer): each add overwrites the previous one's result,
// so the vector pipe waits for its own earlier write (the barrier comes before the add).
// CHECK-LABEL: func.func @fill_then_consume(
// CHECK:         scf.for
// CHECK-NEXT:      ascendc.data_copy_l2 %1, %arg0, %arg2
// CHECK-NEXT:    }
// CHECK-NEXT:    ascendc.que_bind.enque_tensor %0, %1
// CHECK-NEXT:    %[[D:.*]] = ascendc.que_bind.deque_tensor %0
// CHECK-NEXT:    scf.for
// CHECK-NEXT:      scf.if %arg6 {
// CHECK-NEXT:        ascendc.pipe_barrier pipe_v
// CHECK-NEXT:        ascendc.add_l2 %arg1, %[[D]], %[[D]], %arg2
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    ascendc.que_bind.free_tensor %0, %1
// CHECK-NEXT:    ascendc.pipe_barrier pipe_all
// CHECK-NEXT:    return
func.func @fill_then_consume(%g: !ascendc.global_tensor<*xf32>, %out: !ascendc.local_tensor<64xf32>, %n: i32, %lb: index, %ub: index, %st: index, %c: i1) {
  %q = ascendc.queue : <vecin, 1>
  %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
  scf.for %i = %lb to %ub step %st {
    ascendc.data_copy_l2 %t, %g, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
  }
  scf.for %j = %lb to %ub step %st {
    scf.if %c {
      ascendc.add_l2 %out, %t, %t, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
    }
  }
  ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
  func.return
}

// Uses in the loop and after it: the deque inside the loop serves the uses it dominates;
// the use after the loop keeps the allocated tensor (it runs after that deque anyway), and
// a second run does not add a deque for it. The copy of the next iteration overwrites what
// this iteration's add reads, over the back edge: V_MTE2 before it (pyasc leaves that race).
// CHECK-LABEL: func.func @use_in_and_after_loop(
// CHECK:         scf.for
// CHECK-NEXT:      %[[P:.*]] = ascendc.pipe
// CHECK-NEXT:      %[[E:.*]] = ascendc.pipe.fetch_event_id %[[P]], v_mte2
// CHECK-NEXT:      ascendc.set_flag v_mte2, %[[E]]
// CHECK-NEXT:      ascendc.wait_flag v_mte2, %[[E]]
// CHECK-NEXT:      ascendc.data_copy_l2 %1, %arg0, %arg3
// CHECK-NEXT:      ascendc.que_bind.enque_tensor %0, %1
// CHECK-NEXT:      %[[D:.*]] = ascendc.que_bind.deque_tensor %0
// CHECK-NEXT:      ascendc.add_l2 %arg1, %[[D]], %[[D]], %arg3
// CHECK-NEXT:    }
// CHECK-NEXT:    ascendc.pipe_barrier pipe_v
// CHECK-NEXT:    ascendc.add_l2 %arg2, %1, %1, %arg3
// CHECK-NEXT:    ascendc.pipe_barrier pipe_all
// CHECK-NEXT:    ascendc.que_bind.free_tensor %0, %1
// CHECK-NEXT:    ascendc.pipe_barrier pipe_all
// CHECK-NEXT:    return
func.func @use_in_and_after_loop(%g: !ascendc.global_tensor<*xf32>, %a: !ascendc.local_tensor<64xf32>, %b: !ascendc.local_tensor<64xf32>, %n: i32, %lb: index, %ub: index, %st: index) {
  %q = ascendc.queue : <vecin, 1>
  %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
  scf.for %i = %lb to %ub step %st {
    ascendc.data_copy_l2 %t, %g, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.add_l2 %a, %t, %t, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
  }
  ascendc.add_l2 %b, %t, %t, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
  ascendc.pipe_barrier pipe_all
  ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
  func.return
}
