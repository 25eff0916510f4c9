// RUN: ascdsl-opt %s --generate-boilerplate | filecheck %s --check-prefix=IR
// RUN: ascdsl-opt %s --generate-boilerplate -t ascendc | filecheck %s
// Headers already listed stay, in order; kernel_operator.h comes first; `<...>` entries
// print with angle brackets.

// IR: builtin.module attributes {emitasc.includes = ["kernel_operator.h", "<cstdint>", "ascdsl_test_tiling.h"]} {

// CHECK:      #include "kernel_operator.h"
// CHECK-NEXT: #include <cstdint>
// CHECK-NEXT: #include "ascdsl_test_tiling.h"
// CHECK-EMPTY:
// CHECK-NEXT: extern "C" __global__ __aicore__ void kernel() {
module attributes {emitasc.includes = ["<cstdint>", "ascdsl_test_tiling.h"]} {
  func.func @kernel() attributes {ascendc.global} {
    return
  }
}
