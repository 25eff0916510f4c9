// RUN: ascdsl-opt %s --generate-boilerplate | filecheck %s --check-prefix=IR
// RUN: ascdsl-opt %s --generate-boilerplate -t ascendc | filecheck %s
// IR that older ascdsl wrote lists its headers in a module attribute: generate-boilerplate turns
// it into `emitc.include` ops, kernel_operator.h first, the listed ones after it in order;
// `<...>` entries become standard includes and print with angle brackets.

// IR:      module {
// IR-NEXT:   emitc.include "kernel_operator.h"
// IR-NEXT:   emitc.include <"cstdint">
// IR-NEXT:   emitc.include "ascdsl_test_tiling.h"
// IR-NEXT:   func.func @kernel

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
