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
// CHECK:         scf.if %c {
// CHECK-NEXT:      ascendc.data_copy_l2 %t, %g
// CHECK-NEXT:      ascendc.que_bind.enque_tensor %q, %t
// CHECK-NEXT:      %[[D1:.*]] = ascendc.que_bind.deque_tensor %q
// CHECK-NEXT:      ascendc.data_copy_l2 %[[D1]], %g
// CHECK-NEXT:    }
// CHECK-NEXT:    ascendc.que_bind.enque_tensor %q, %t
// CHECK-NEXT:    %[[D2:.*]] = ascendc.que_bind.deque_tensor %q
// CHECK:         ascendc.data_copy_l2 %g, %[[D2]]
// CHECK-NEXT:    ascendc.que_bind.free_tensor %q, %t
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
// CHECK-NEXT:      ascendc.data_copy_l2 %t, %g
// CHECK-NEXT:      ascendc.que_bind.enque_tensor %q, %t
// CHECK-NEXT:      %[[E1:.*]] = ascendc.que_bind.deque_tensor %q
// CHECK-NEXT:      ascendc.data_copy_l2 %[[E1]], %g
// CHECK-NEXT:    }
// CHECK-NEXT:    ascendc.que_bind.enque_tensor %q, %t
// CHECK-NEXT:    %[[E2:.*]] = ascendc.que_bind.deque_tensor %q
// CHECK-NEXT:    ascendc.data_copy_l2 %[[E2]], %g
// CHECK-NEXT:    ascendc.que_bind.enque_tensor %q, %[[E2]]
// CHECK-NEXT:    %{{.*}} = ascendc.que_bind.deque_tensor %q
// CHECK-NEXT:    ascendc.que_bind.free_tensor %q, %t
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
