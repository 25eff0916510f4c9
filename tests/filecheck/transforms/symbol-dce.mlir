// RUN: ascdsl-opt %s --symbol-dce | filecheck %s
// RUN: ascdsl-opt %s -p privatize-func,inline,symbol-dce | filecheck %s --check-prefix=PIPE

// Private functions nothing live refers to go, transitively; public ones stay, and so do
// private functions a live op refers to.
// CHECK-NOT:  @unused
// CHECK-NOT:  @only_used_by_unused
// CHECK:      func.func private @used_by_kernel()
// CHECK:      func.func private @used_by_used()
// CHECK:      func.func @public_unused()
// CHECK:      func.func @kernel()
// CHECK:      func.func private @external_used(i32){{$}}
// CHECK-NOT:  @external_unused
// CHECK:      "test.op"() {ref = @referenced_by_attribute}
// CHECK:      func.func private @referenced_by_attribute()
// CHECK-NOT:  func.func
func.func private @unused() {
  func.call @only_used_by_unused() : () -> ()
  func.return
}
func.func private @only_used_by_unused() {
  func.return
}
func.func private @used_by_kernel() {
  func.call @used_by_used() : () -> ()
  func.return
}
func.func private @used_by_used() {
  func.return
}
func.func @public_unused() {
  func.return
}
func.func @kernel() attributes {ascendc.global} {
  %c = arith.constant 1 : i32
  func.call @used_by_kernel() : () -> ()
  func.call @external_used(%c) : (i32) -> ()
  func.return
}
func.func private @external_used(i32)
func.func private @external_unused(i32)
"test.op"() {ref = @referenced_by_attribute} : () -> ()
func.func private @referenced_by_attribute() {
  func.return
}

// After privatize-func and inline, only the kernel, the declaration it calls and what the
// attribute refers to are left.
// PIPE:      func.func @kernel() attributes {ascendc.global} {
// PIPE-NEXT:   %c1_i32 = arith.constant 1 : i32
// PIPE-NEXT:   call @external_used(%c1_i32) : (i32) -> ()
// PIPE-NEXT:   return
// PIPE-NEXT: }
// PIPE-NEXT: func.func private @external_used(i32){{$}}
// PIPE-NEXT: "test.op"() {ref = @referenced_by_attribute}
// PIPE-NEXT: func.func private @referenced_by_attribute()
