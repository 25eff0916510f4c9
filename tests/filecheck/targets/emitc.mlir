// emitc ops in Ascend C, as pyasc prints them: includes and verbatim text where they stand,
// numbered constants like any value (pyasc names only arith constants by value), opaque
// constants as constexpr values, casts as C casts.
// RUN: ascdsl-opt %s -t ascendc | filecheck %s

// CHECK:      #include "kernel_operator.h"
// CHECK-NEXT: #include <cstdint>
// CHECK-NEXT: #define KERNEL_TILE 256
emitc.include "kernel_operator.h"
emitc.include <"cstdint">
emitc.verbatim "#define KERNEL_TILE 256"

// CHECK-LABEL: __aicore__ void constants(int32_t v1) {
// CHECK-NEXT:     constexpr uint32_t v2 = 0;
// CHECK-NEXT:     constexpr uint64_t v3 = 18446744073709551615;
// CHECK-NEXT:     constexpr int32_t v4 = ::AscendC::TOTAL_L1_SIZE;
// CHECK-NEXT:     uint32_t v5 = (uint32_t) v1;
// CHECK-NEXT:     int16_t v6 = 5;
// CHECK-NEXT:     v1 = 0;
// CHECK-NEXT:     return;
// CHECK-NEXT:   }
func.func @constants(%a: i32) {
  %c0_ui32 = "emitc.constant"() <{value = 0 : ui32}> : () -> ui32
  %cmax = "emitc.constant"() <{value = 18446744073709551615 : ui64}> : () -> ui64
  %0 = "emitc.constant"() <{value = #emitc.opaque<"::AscendC::TOTAL_L1_SIZE">}> : () -> i32
  %1 = emitc.cast %a : i32 to ui32
  %2 = "emitc.variable"() <{value = 5 : i16}> : () -> i16
  emitc.verbatim "{} = 0;" args %a : i32
  return
}
