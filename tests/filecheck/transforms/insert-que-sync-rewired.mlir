// RUN: ascdsl-opt %s --insert-que-sync | filecheck %s
// RUN: ascdsl-opt %s --insert-que-sync > %t.once.mlir
// RUN: ascdsl-opt %t.once.mlir --insert-que-sync | diff - %t.once.mlir
// RUN: ascdsl-opt %t.once.mlir -p erase-sync,insert-que-sync | diff - %t.once.mlir
// RUN: ascdsl-opt %t.once.mlir --verify-sync 2>&1 >/dev/null | filecheck %s --check-prefix=CLEAN --allow-empty
// A queue tensor written twice in a branch and used after it. The second write goes to the
// first write's DeQue result, which is out of scope after the branch: its EnQue is hoisted
// behind the scf.if under the allocated name, and the use after the branch dequeues first.
// (Found by the property test: the EnQue used to stay inside the branch with no DeQue, so
// the copy-out read a tensor still in its queue.)
// CLEAN-NOT: between EnQue and DeQue
// CLEAN-NOT: no corresponding call to EnQue

// CHECK-LABEL: func.func @written_twice_in_branch(
// CHECK:         scf.if %arg2 {
// CHECK-NEXT:      ascendc.data_copy_l2 %1, %arg0
// CHECK-NEXT:      ascendc.que_bind.enque_tensor %0, %1
// CHECK-NEXT:      %[[D1:.*]] = ascendc.que_bind.deque_tensor %0
// CHECK-NEXT:      ascendc.data_copy_l2 %[[D1]], %arg0
// CHECK-NEXT:    }
// CHECK-NEXT:    ascendc.que_bind.enque_tensor %0, %1
// CHECK-NEXT:    %[[D2:.*]] = ascendc.que_bind.deque_tensor %0
// CHECK:         ascendc.data_copy_l2 %arg0, %[[D2]]
// CHECK-NEXT:    ascendc.que_bind.free_tensor %0, %1
func.func @written_twice_in_branch(%g: !ascendc.global_tensor<*xf32>, %n: i32, %c: i1) {
  %q = ascendc.queue : <vecin, 1>
  %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
  scf.if %c {
    ascendc.data_copy_l2 %t, %g, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.data_copy_l2 %t, %g, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
  }
  ascendc.data_copy_l2 %g, %t, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<64xf32>, i32
  ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
  func.return
}

// Both branches write twice: one hoisted EnQue serves both, and the write after the scf.if
// goes to a fresh DeQue result.
// CHECK-LABEL: func.func @both_branches(
// CHECK:         } else {
// CHECK-NEXT:      ascendc.data_copy_l2 %1, %arg0
// CHECK-NEXT:      ascendc.que_bind.enque_tensor %0, %1
// CHECK-NEXT:      %[[E1:.*]] = ascendc.que_bind.deque_tensor %0
// CHECK-NEXT:      ascendc.data_copy_l2 %[[E1]], %arg0
// CHECK-NEXT:    }
// CHECK-NEXT:    ascendc.que_bind.enque_tensor %0, %1
// CHECK-NEXT:    %[[E2:.*]] = ascendc.que_bind.deque_tensor %0
// CHECK-NEXT:    ascendc.data_copy_l2 %[[E2]], %arg0
// CHECK-NEXT:    ascendc.que_bind.enque_tensor %0, %[[E2]]
// CHECK-NEXT:    %{{.*}} = ascendc.que_bind.deque_tensor %0
// CHECK-NEXT:    ascendc.que_bind.free_tensor %0, %1
func.func @both_branches(%g: !ascendc.global_tensor<*xf32>, %n: i32, %c: i1) {
  %q = ascendc.queue : <vecin, 1>
  %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
  scf.if %c {
    ascendc.data_copy_l2 %t, %g, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.data_copy_l2 %t, %g, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
  } else {
    ascendc.data_copy_l2 %t, %g, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.data_copy_l2 %t, %g, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
  }
  ascendc.data_copy_l2 %t, %g, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
  ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
  func.return
}

// The in-place exp inside the inner loop writes the buffer under the inner DeQue's name; the
// next write of the buffer is in the else branch under the outer DeQue's name. That write is
// a later use of the same buffer: the exp's EnQue is hoisted behind the inner loop and
// dequeued before the scf.if (it used to be hoisted out of both loops, and a second run of
// the pass then added another EnQue inside).
// CHECK-LABEL: func.func @names_across_loops(
// CHECK:         scf.for %arg8
// CHECK:           %[[A:.*]] = ascendc.que_bind.deque_tensor %0
// CHECK-NEXT:      scf.for %arg9
// CHECK:             ascendc.data_copy_l2 %[[A]], %arg0
// CHECK-NEXT:        ascendc.que_bind.enque_tensor %0, %[[A]]
// CHECK-NEXT:        %[[B:.*]] = ascendc.que_bind.deque_tensor %0
// CHECK:             ascendc.exp_l2 %[[B]], %[[B]]
// CHECK-NEXT:      }
// CHECK-NEXT:      ascendc.que_bind.enque_tensor %0, %1
// CHECK-NEXT:      %[[C:.*]] = ascendc.que_bind.deque_tensor %0
// CHECK-NEXT:      scf.if %arg6 {
// CHECK-NEXT:      } else {
// CHECK:             ascendc.data_copy_l2 %[[C]], %arg0
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    ascendc.que_bind.enque_tensor %0, %1
// CHECK-NEXT:    %[[D:.*]] = ascendc.que_bind.deque_tensor %0
// CHECK:         ascendc.add_l2 %arg7, %[[D]], %[[D]]
func.func @names_across_loops(%g: !ascendc.global_tensor<*xf32>, %s: f32, %n: i32, %lb: index, %ub: index, %st: index, %c: i1, %p: !ascendc.local_tensor<64xf32>) {
  %q = ascendc.queue : <vecin, 1>
  %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
  scf.for %i = %lb to %ub step %st {
    ascendc.duplicate_l2 %t, %s, %n : !ascendc.local_tensor<64xf32>, f32, i32
    scf.for %j = %lb to %ub step %st {
      ascendc.data_copy_l2 %t, %g, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
      ascendc.exp_l2 %t, %t, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
    }
    scf.if %c {
    } else {
      ascendc.data_copy_l2 %t, %g, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
    }
  }
  ascendc.add_l2 %p, %t, %t, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
  ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
  func.return
}
