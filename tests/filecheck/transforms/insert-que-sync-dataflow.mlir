// RUN: ascdsl-opt %s --insert-que-sync | filecheck %s
// RUN: ascdsl-opt %s --insert-que-sync > %t.once.mlir
// RUN: ascdsl-opt %t.once.mlir -p erase-sync,insert-que-sync | diff - %t.once.mlir
// RUN: ascdsl-opt %s --insert-que-sync --verify-sync 2>&1 >/dev/null | filecheck %s --check-prefix=CLEAN --allow-empty
// RUN: ascdsl-opt %s --verify-sync 2>&1 >/dev/null | filecheck %s --check-prefix=RAW
// The default insert-que-sync on control flow: queue-less buffers carried by iter-args
// through nested loops, written in either branch of an if, written by a called function.
// CLEAN-NOT: unsynchronized
// RAW-COUNT-3: unsynchronized

// The copy-in of the inner loop overwrites what the previous iteration's muls read (over
// two back edges, through the iter-arg that carries %t1 or %t2): V_MTE2 before it; MTE2_V
// before the muls; after the loops, V_MTE3 before the copy-out of the loop's result.
// CHECK-LABEL: func.func @iter_args(
// CHECK:           scf.for %arg9
// CHECK-NEXT:        %{{.*}} = ascendc.pipe
// CHECK-NEXT:        %{{.*}} = ascendc.pipe.fetch_event_id %{{.*}}, v_mte2
// CHECK-NEXT:        ascendc.set_flag v_mte2
// CHECK-NEXT:        ascendc.wait_flag v_mte2
// CHECK-NEXT:        ascendc.data_copy_l2 %arg8, %arg0
// CHECK-NEXT:        %{{.*}} = ascendc.pipe
// CHECK-NEXT:        %{{.*}} = ascendc.pipe.fetch_event_id %{{.*}}, mte2_v
// CHECK-NEXT:        ascendc.set_flag mte2_v
// CHECK-NEXT:        ascendc.wait_flag mte2_v
// CHECK-NEXT:        ascendc.muls_l2 %3, %arg8
// CHECK-NEXT:      }
// CHECK-NEXT:      scf.yield %3
// CHECK-NEXT:    }
// CHECK-NEXT:    %{{.*}} = ascendc.pipe
// CHECK-NEXT:    %{{.*}} = ascendc.pipe.fetch_event_id %{{.*}}, v_mte3
// CHECK-NEXT:    ascendc.set_flag v_mte3
// CHECK-NEXT:    ascendc.wait_flag v_mte3
// CHECK-NEXT:    ascendc.data_copy_l2 %arg1, %4

// Either branch may have written: the copy-out waits for both pipes.
// CHECK-LABEL: func.func @branches(
// CHECK:           ascendc.duplicate_l2
// CHECK-NEXT:    }
// CHECK-NEXT:    %{{.*}} = ascendc.pipe
// CHECK-NEXT:    %{{.*}} = ascendc.pipe.fetch_event_id %{{.*}}, v_mte3
// CHECK-NEXT:    ascendc.set_flag v_mte3
// CHECK-NEXT:    ascendc.wait_flag v_mte3
// CHECK-NEXT:    %{{.*}} = ascendc.pipe
// CHECK-NEXT:    %{{.*}} = ascendc.pipe.fetch_event_id %{{.*}}, mte2_mte3
// CHECK-NEXT:    ascendc.set_flag mte2_mte3
// CHECK-NEXT:    ascendc.wait_flag mte2_mte3
// CHECK-NEXT:    ascendc.data_copy_l2 %arg1, %1

// A called function starts with anything pending: its copy-in waits for the pipes that may
// have touched its argument. It ends in pipe_all (step 4), so after the call its caller
// needs nothing more.
// CHECK-LABEL: func.func private @fill(
// CHECK:         ascendc.set_flag v_mte2
// CHECK:         ascendc.set_flag mte3_mte2
// CHECK:         ascendc.data_copy_l2 %arg0, %arg1
// CHECK-NEXT:    ascendc.pipe_barrier pipe_all
// CHECK-LABEL: func.func @caller(
// CHECK:         call @fill
// CHECK-NEXT:    ascendc.muls_l2 %1, %1
// CHECK-NEXT:    ascendc.pipe_barrier pipe_all

func.func @iter_args(%g: !ascendc.global_tensor<*xf32>, %o: !ascendc.global_tensor<*xf32>, %n: i32, %lb: index, %ub: index, %st: index, %s: f32) {
  %b1 = ascendc.tbuf : <veccalc>
  %b2 = ascendc.tbuf : <veccalc>
  %t1 = ascendc.tbuf.get_tensor %b1 : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<64xf32>
  %t2 = ascendc.tbuf.get_tensor %b2 : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<64xf32>
  %r = scf.for %i = %lb to %ub step %st iter_args(%cur = %t1) -> (!ascendc.local_tensor<64xf32>) {
    scf.for %j = %lb to %ub step %st {
      ascendc.data_copy_l2 %cur, %g, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
      ascendc.muls_l2 %t2, %cur, %s, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, f32, i32
    }
    scf.yield %t2 : !ascendc.local_tensor<64xf32>
  }
  ascendc.data_copy_l2 %o, %r, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<64xf32>, i32
  func.return
}

func.func @branches(%g: !ascendc.global_tensor<*xf32>, %o: !ascendc.global_tensor<*xf32>, %n: i32, %c: i1, %s: f32) {
  %b = ascendc.tbuf : <veccalc>
  %t = ascendc.tbuf.get_tensor %b : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<64xf32>
  scf.if %c {
    ascendc.data_copy_l2 %t, %g, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
  } else {
    ascendc.duplicate_l2 %t, %s, %n : !ascendc.local_tensor<64xf32>, f32, i32
  }
  ascendc.data_copy_l2 %o, %t, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<64xf32>, i32
  func.return
}

func.func private @fill(%t: !ascendc.local_tensor<64xf32>, %g: !ascendc.global_tensor<*xf32>, %n: i32) {
  ascendc.data_copy_l2 %t, %g, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
  func.return
}

func.func @caller(%g: !ascendc.global_tensor<*xf32>, %n: i32, %s: f32) {
  %b = ascendc.tbuf : <veccalc>
  %t = ascendc.tbuf.get_tensor %b : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<64xf32>
  ascendc.duplicate_l2 %t, %s, %n : !ascendc.local_tensor<64xf32>, f32, i32
  func.call @fill(%t, %g, %n) : (!ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32) -> ()
  ascendc.muls_l2 %t, %t, %s, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, f32, i32
  func.return
}
