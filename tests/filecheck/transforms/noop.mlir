// `noop` (pyasc: `ascendc-noop`) leaves the IR as it is.
// RUN: ascdsl-opt %s --noop | filecheck %s
// RUN: ascdsl-opt %s -ascendc-noop | filecheck %s

// CHECK:      func.func @k(%{{.*}}: i32) -> i32 {
// CHECK-NEXT:   %{{.*}} = arith.addi %{{.*}}, %{{.*}} : i32
// CHECK-NEXT:   {{(func.)?}}return %{{.*}} : i32
// CHECK-NEXT: }
func.func @k(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  return %0 : i32
}
