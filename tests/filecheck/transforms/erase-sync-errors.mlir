// RUN: ascdsl-opt %s --split-input-file --erase-sync --verify-diagnostics
// RUN: not ascdsl-opt %s --split-input-file --ascendc-erase-sync 2>&1 | filecheck %s

// CHECK: erase-sync-errors.mlir:10:3: error: 'ascendc.que_bind.deque_tensor' op doesn't have corresponding alloc_tensor op (its queue has no alloc_tensor)
// CHECK: erase-sync-errors.mlir:8:3: note: queue declared here
func.func @never_allocated() {
  // expected-note@below {{queue declared here}}
  %q = ascendc.queue : <vecin, 1>
  // expected-error@below {{doesn't have corresponding alloc_tensor op (its queue has no alloc_tensor)}}
  %d = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
  func.return
}

// -----

// The only alloc of the queue is inside the loop: it is not available after it.
func.func @alloc_out_of_reach(%lb: index, %ub: index, %st: index) {
  // expected-note@below {{queue declared here}}
  %q = ascendc.queue : <vecin, 1>
  scf.for %i = %lb to %ub step %st {
    %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
    ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
  }
  // expected-error@below {{doesn't have corresponding alloc_tensor op (no alloc_tensor of its queue is available here)}}
  %d = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
  func.return
}
