// RUN: ascdsl-opt %s -p pyasc-pipeline | filecheck %s
// RUN: ascdsl-opt %s -p pyasc-pipeline | ascdsl-opt -p pyasc-pipeline | filecheck %s --check-prefix=AGAIN
// pyasc's pipeline on frontend IR as pyasc writes it (its add tutorial's shape): the include
// as an op, `ffts_addr` and set_ffts_base_addr on the kernel, the constants hoisted in the order
// pyasc's canonicalize and sccp leave them, muli(muli(x, 2), 4) folded to muli(x, 8), one
// emitc.cast per use.

// CHECK:      module {
// CHECK-NEXT:   emitc.include "kernel_operator.h"
// CHECK-NEXT:   func.func @vadd_kernel({{.*}}, [[FFTS:%[^:]+]]: memref<?xui64, 22> {emitasc.kernel_arg = #emitasc<kernel_arg ffts_addr>}) attributes {ascendc.aicore, ascendc.global} {
// CHECK-NEXT:     ascendc.set_ffts_base_addr [[FFTS]] : memref<?xui64, 22>
// CHECK-NEXT:     [[C8:%[^ ]+]] = arith.constant 8 : i32
// CHECK-NEXT:     [[C2:%[^ ]+]] = arith.constant 2 : i32
// CHECK-NEXT:     [[Z:%[^ ]+]] = "emitc.constant"() <{value = 0 : ui32}> : () -> ui32
// CHECK-NEXT:     [[Q:%[^ ]+]] = arith.divsi %{{[^,]+}}, [[C8]] : i32
// CHECK-NEXT:     [[H:%[^ ]+]] = arith.divsi [[Q]], [[C2]] : i32
// CHECK-NEXT:     [[B:%[^ ]+]] = arith.muli [[H]], [[C8]] : i32
// CHECK-NEXT:     [[L:%[^ ]+]] = arith.muli [[H]], [[C2]] : i32
// CHECK-NEXT:     [[L1:%[^ ]+]] = emitc.cast [[L]] : i32 to ui32
// CHECK-NEXT:     ascendc.local_tensor_v2 vecin, [[Z]], [[L1]]
// CHECK-NEXT:     [[B1:%[^ ]+]] = emitc.cast [[B]] : i32 to ui32
// CHECK-NEXT:     [[L2:%[^ ]+]] = emitc.cast [[L]] : i32 to ui32
// CHECK-NEXT:     ascendc.local_tensor_v2 vecin, [[B1]], [[L2]]
// CHECK-NEXT:     return

// Running it again adds no second include, argument or set_ffts_base_addr.
// AGAIN-COUNT-1: emitc.include
// AGAIN-NOT:     emitc.include
// AGAIN:         ascendc.set_ffts_base_addr
// AGAIN-NOT:     ascendc.set_ffts_base_addr

module {
  func.func @vadd_kernel(%arg0: memref<?xf32, 22>, %arg3: i32) attributes {ascendc.aicore, ascendc.global} {
    %c8_i32 = arith.constant 8 : i32
    %11 = arith.divsi %arg3, %c8_i32 : i32
    %c2_i32 = arith.constant 2 : i32
    %12 = arith.divsi %11, %c2_i32 : i32
    %c2_i32_0 = arith.constant 2 : i32
    %13 = arith.muli %12, %c2_i32_0 : i32
    %c4_i32 = arith.constant 4 : i32
    %14 = arith.muli %13, %c4_i32 : i32
    %c2_i32_1 = arith.constant 2 : i32
    %15 = arith.muli %12, %c2_i32_1 : i32
    %16 = "emitc.constant"() <{value = 0 : ui32}> : () -> ui32
    %17 = emitc.cast %15 : i32 to ui32
    %18 = ascendc.local_tensor_v2 vecin, %16, %17 : !ascendc.local_tensor<*xf32>
    %c2_i32_2 = arith.constant 2 : i32
    %19 = arith.muli %12, %c2_i32_2 : i32
    %20 = emitc.cast %14 : i32 to ui32
    %21 = emitc.cast %19 : i32 to ui32
    %22 = ascendc.local_tensor_v2 vecin, %20, %21 : !ascendc.local_tensor<*xf32>
    return
  }
}
