// RUN: ascdsl-opt %s --split-input-file -p "verify-sync{mode=pyasc}" --verify-diagnostics
// RUN: ascdsl-opt %s --split-input-file --ascendc-verify-sync --verify-diagnostics
// The pass only warns: the IR comes out unchanged and the exit status is 0.
// RUN: ascdsl-opt %s --split-input-file --verify-sync 2>/dev/null | filecheck %s
// CHECK-LABEL: func.func @free_without_alloc(
// CHECK-NEXT:    ascendc.que_bind.free_tensor %arg0, %arg1

// expected-note@below {{tensor declared here}}
func.func @free_without_alloc(%q: !ascendc.que_bind<gm, vecin, 1>, %other: !ascendc.local_tensor<*xf16>) {
  // expected-warning@below {{FreeTensor: there is no corresponding call to AllocTensor}}
  ascendc.que_bind.free_tensor %q, %other : !ascendc.que_bind<gm, vecin, 1>, !ascendc.local_tensor<*xf16>
  func.return
}

// -----

func.func @freed_twice(%q: !ascendc.que_bind<gm, vecin, 1>) {
  // expected-note@below {{tensor declared here}}
  %t = ascendc.que_bind.alloc_tensor %q : !ascendc.que_bind<gm, vecin, 1>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %q, %t : !ascendc.que_bind<gm, vecin, 1>, !ascendc.local_tensor<*xf16>
  // expected-warning@below {{FreeTensor: tensor memory was freed before its last use}}
  ascendc.que_bind.free_tensor %q, %t : !ascendc.que_bind<gm, vecin, 1>, !ascendc.local_tensor<*xf16>
  func.return
}

// -----

// A tensor freed twice through the deque that handed it back.
func.func @freed_twice_through_deque(%q: !ascendc.queue<vecin, 1>) {
  // expected-note@below {{tensor declared here}}
  %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf16>
  ascendc.que_bind.enque_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf16>
  %d = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf16>
  ascendc.que_bind.free_tensor %q, %d : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf16>
  // expected-warning@below {{FreeTensor: tensor memory was freed before its last use}}
  ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf16>
  func.return
}

// -----

func.func @never_freed(%q: !ascendc.que_bind<gm, vecin, 1>) {
  // expected-warning@below {{AllocTensor: there is no corresponding call to FreeTensor for this tensor}}
  %t = ascendc.que_bind.alloc_tensor %q : !ascendc.que_bind<gm, vecin, 1>, !ascendc.local_tensor<*xf16>
  func.return
}

// -----

// expected-note@below {{queue declared here}}
func.func @deque_without_enque(%q: !ascendc.que_bind<gm, vecin, 1>, %other: !ascendc.local_tensor<*xf16>) {
  ascendc.que_bind.enque_tensor %q, %other : !ascendc.que_bind<gm, vecin, 1>, !ascendc.local_tensor<*xf16>
  %t2 = ascendc.que_bind.deque_tensor %q : !ascendc.que_bind<gm, vecin, 1>, !ascendc.local_tensor<*xf16>
  // expected-warning@below {{DeQue: there is no corresponding call to EnQue}}
  %t3 = ascendc.que_bind.deque_tensor %q : !ascendc.que_bind<gm, vecin, 1>, !ascendc.local_tensor<*xf16>
  func.return
}

// -----

// expected-note@below {{queue declared here}}
func.func @enque_never_dequeued(%q: !ascendc.que_bind<gm, vecin, 1>, %a: !ascendc.local_tensor<*xf16>, %b: !ascendc.local_tensor<*xf16>) {
  ascendc.que_bind.enque_tensor %q, %a : !ascendc.que_bind<gm, vecin, 1>, !ascendc.local_tensor<*xf16>
  // expected-warning@below {{EnQue: there is no corresponding call to DeQue for this tensor}}
  ascendc.que_bind.enque_tensor %q, %b : !ascendc.que_bind<gm, vecin, 1>, !ascendc.local_tensor<*xf16>
  %t = ascendc.que_bind.deque_tensor %q : !ascendc.que_bind<gm, vecin, 1>, !ascendc.local_tensor<*xf16>
  func.return
}

// -----

func.func @use_between_enque_and_deque(%q: !ascendc.que_bind<gm, vecin, 1>, %g: !ascendc.global_tensor<*xf16>, %n: i32) {
  // expected-note@below {{tensor declared here}}
  // expected-note@below {{tensor declared here}}
  %t = ascendc.que_bind.alloc_tensor %q : !ascendc.que_bind<gm, vecin, 1>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.enque_tensor %q, %t : !ascendc.que_bind<gm, vecin, 1>, !ascendc.local_tensor<*xf16>
  // expected-warning@below {{unexpected use of tensor between EnQue and DeQue}}
  ascendc.data_copy_l2 %t, %g, %n : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, i32
  // expected-warning@below {{unexpected use of tensor between EnQue and DeQue}}
  ascendc.data_copy_l2 %g, %t, %n : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
  %d = ascendc.que_bind.deque_tensor %q : !ascendc.que_bind<gm, vecin, 1>, !ascendc.local_tensor<*xf16>
  ascendc.data_copy_l2 %g, %t, %n : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
  ascendc.que_bind.free_tensor %q, %d : !ascendc.que_bind<gm, vecin, 1>, !ascendc.local_tensor<*xf16>
  func.return
}

// -----

func.func @free_on_another_queue(%q1: !ascendc.queue<vecin, 1>, %q2: !ascendc.queue<vecin, 1>) {
  // expected-note@below {{tensor declared here}}
  %t = ascendc.que_bind.alloc_tensor %q1 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf16>
  // expected-warning@below {{FreeTensor: the tensor was allocated from another queue}}
  ascendc.que_bind.free_tensor %q2, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf16>
  func.return
}
// expected-note@-7 {{queue declared here}}

// -----

// A free while the tensor is still enqueued (pyasc's pass crashes here): the alloc is freed,
// the enque is reported as never dequeued.
// expected-note@below {{queue declared here}}
func.func @free_with_pending_enque(%q: !ascendc.queue<vecin, 1>) {
  %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf16>
  // expected-warning@below {{EnQue: there is no corresponding call to DeQue for this tensor}}
  ascendc.que_bind.enque_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf16>
  ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf16>
  func.return
}

// -----

// A free of what an unmatched deque returned: the deque is reported, and the free has no
// alloc to trace back to.
// expected-note@below {{queue declared here}}
func.func @free_of_unmatched_deque(%q: !ascendc.queue<vecin, 1>) {
  // expected-warning@below {{DeQue: there is no corresponding call to EnQue}}
  %d = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf16>
  // expected-note@above {{tensor declared here}}
  // expected-warning@below {{FreeTensor: there is no corresponding call to AllocTensor}}
  ascendc.que_bind.free_tensor %q, %d : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf16>
  func.return
}

// -----

func.func @no_warning_alloc_free(%q: !ascendc.que_bind<gm, vecin, 1>) {
  %t1 = ascendc.que_bind.alloc_tensor %q : !ascendc.que_bind<gm, vecin, 1>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %q, %t1 : !ascendc.que_bind<gm, vecin, 1>, !ascendc.local_tensor<*xf16>
  %t2 = ascendc.que_bind.alloc_tensor %q : !ascendc.que_bind<gm, vecin, 1>, !ascendc.local_tensor<*xf16>
  ascendc.que_bind.free_tensor %q, %t2 : !ascendc.que_bind<gm, vecin, 1>, !ascendc.local_tensor<*xf16>
  func.return
}

// -----

func.func @no_warning_two_queues_depth_two(%q1: !ascendc.queue<vecin, 2>, %q2: !ascendc.queue<vecin, 2>, %g: !ascendc.global_tensor<*xf16>, %n: i32) {
  %a = ascendc.que_bind.alloc_tensor %q1 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<64xf16>
  %b = ascendc.que_bind.alloc_tensor %q1 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<64xf16>
  %c = ascendc.que_bind.alloc_tensor %q2 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<64xf16>
  ascendc.que_bind.enque_tensor %q1, %a : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<64xf16>
  ascendc.que_bind.enque_tensor %q1, %b : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<64xf16>
  ascendc.que_bind.enque_tensor %q2, %c : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<64xf16>
  %da = ascendc.que_bind.deque_tensor %q1 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<64xf16>
  %dc = ascendc.que_bind.deque_tensor %q2 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<64xf16>
  %db = ascendc.que_bind.deque_tensor %q1 : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<64xf16>
  ascendc.que_bind.free_tensor %q1, %da : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<64xf16>
  ascendc.que_bind.free_tensor %q2, %dc : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<64xf16>
  ascendc.que_bind.free_tensor %q1, %db : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<64xf16>
  func.return
}

// -----

// What insert-que-sync produces is balanced, loops included.
func.func @no_warning_after_insert_sync(%g: !ascendc.global_tensor<*xf32>, %gz: !ascendc.global_tensor<*xf32>, %n: i32, %lb: index, %ub: index, %st: index) {
  %qx = ascendc.queue : <vecin, 2>
  %qz = ascendc.queue : <vecout, 2>
  scf.for %i = %lb to %ub step %st {
    %x = ascendc.que_bind.alloc_tensor %qx : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<64xf32>
    ascendc.data_copy_l2 %x, %g, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.que_bind.enque_tensor %qx, %x : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<64xf32>
    %z = ascendc.que_bind.alloc_tensor %qz : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<64xf32>
    %dx = ascendc.que_bind.deque_tensor %qx : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<64xf32>
    ascendc.exp_l2 %z, %dx, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
    ascendc.que_bind.enque_tensor %qz, %z : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<64xf32>
    ascendc.que_bind.free_tensor %qx, %x : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<64xf32>
    %dz = ascendc.que_bind.deque_tensor %qz : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<64xf32>
    ascendc.data_copy_l2 %gz, %dz, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<64xf32>, i32
    ascendc.que_bind.free_tensor %qz, %z : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<64xf32>
  }
  func.return
}
