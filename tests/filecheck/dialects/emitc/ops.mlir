// MLIR's emitc ops as pyasc's dumps write them (LLVM 19: `emitc.constant` and
// `emitc.variable` in the generic form, as MLIR prints them).
// RUN: ascdsl-opt %s | filecheck %s
// RUN: ascdsl-opt %s | ascdsl-opt | filecheck %s
// RUN: ascdsl-opt %s --mlir-print-op-generic | ascdsl-opt | filecheck %s

// CHECK:      emitc.include "kernel_operator.h"
// CHECK-NEXT: emitc.include <"cstdint">
// CHECK-NEXT: emitc.verbatim "#define ASCENDC_CUBE_ONLY"
emitc.include "kernel_operator.h"
emitc.include <"cstdint">
emitc.verbatim "#define ASCENDC_CUBE_ONLY"

// CHECK-LABEL: func.func @constants(
func.func @constants(%a: i32) {
  // Unsigned constants, which arith.constant refuses.
  // CHECK-NEXT: %{{.*}} = "emitc.constant"() <{value = 0 : ui32}> : () -> ui32
  %c0_ui32 = "emitc.constant"() <{value = 0 : ui32}> : () -> ui32
  // CHECK-NEXT: %{{.*}} = "emitc.constant"() <{value = 18446744073709551615 : ui64}> : () -> ui64
  %cmax = "emitc.constant"() <{value = 18446744073709551615 : ui64}> : () -> ui64
  // CHECK-NEXT: %{{.*}} = "emitc.constant"() <{value = #emitc.opaque<"::AscendC::TOTAL_L1_SIZE">}> : () -> i32
  %l1 = "emitc.constant"() <{value = #emitc.opaque<"::AscendC::TOTAL_L1_SIZE">}> : () -> i32
  // CHECK-NEXT: %{{.*}} = "emitc.variable"() <{value = 5 : i16}> : () -> i16
  %v = "emitc.variable"() <{value = 5 : i16}> : () -> i16
  // CHECK-NEXT: %{{.*}} = emitc.cast %arg0 : i32 to ui32
  %u = emitc.cast %a : i32 to ui32
  // CHECK-NEXT: emitc.verbatim "{} = 0;" args %arg0 : i32
  emitc.verbatim "{} = 0;" args %a : i32
  return
}
