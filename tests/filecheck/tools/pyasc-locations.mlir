// An op read with a location of its own (pyasc writes one on every op) is reported where it
// stands in the IR text, with a note at the kernel line its location names.
// RUN: sed "s|KERNEL|%S/Inputs/kernel_source.py|" %s | not ascdsl-opt - 2>&1 | filecheck %s
// -verify-diagnostics matches the IR lines; the kernel-line notes are not its business.
// RUN: ascdsl-opt %s --verify-diagnostics --split-input-file --verify-sync

func.func @k(%a: !ascendc.local_tensor<64xf32>, %h: !ascendc.local_tensor<64xf16>, %n: i32) {
  // expected-error@below {{element type mismatch}}
  ascendc.add_l2 %a, %a, %h, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf16>, i32 loc(#loc3)
  return loc(#loc3)
} loc(#loc1)
#loc1 = loc("KERNEL":2:0)
#loc2 = loc("KERNEL":3:5)
#loc3 = loc("add"(#loc2))

// CHECK:      <stdin>:9:3: error: 'ascendc.add_l2' op element type mismatch
// CHECK-NEXT:   ascendc.add_l2 %a, %a, %h, %n
// CHECK-NEXT:   ^
// CHECK-NEXT: {{.*}}Inputs/kernel_source.py:3:5: note: the op comes from this kernel line
// CHECK-NEXT:     asc.add(z_local, x_local, h_local, n)
// CHECK-NEXT:     ^

// -----

// expected-note@below {{queue declared here}}
func.func @deque_twice(%q: !ascendc.queue<vecin, 1> loc("q"(#loc11))) {
  // expected-warning@below {{DeQue: there is no corresponding call to EnQue}}
  %t = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32> loc(#loc12)
  return loc(#loc12)
} loc(#loc11)
#loc11 = loc("kernel.py":20:0)
#loc12 = loc("kernel.py":21:9)
