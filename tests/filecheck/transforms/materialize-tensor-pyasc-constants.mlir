// RUN: ascdsl-opt %s -p 'materialize-tensor{fold-constants=true}' | filecheck %s
// RUN: ascdsl-opt %s --ascendc-materialize-tensor | filecheck %s
// RUN: ascdsl-opt %s --ascendc-materialize-tensor --mlir-print-debuginfo | filecheck %s --check-prefix=LOC
// RUN: ascdsl-opt %s -p materialize-tensor | filecheck %s --check-prefix=INLINE
// Under pyasc's name, constants end where MLIR's greedy driver leaves them in pyasc: equal
// constants merged, the others moved to the front of the entry block (their location dropped),
// a constant operand of a commutative op on the right, and the size constants of the replaced
// tensors erased once unused. ascdsl's own name keeps the constants beside their users.

// CHECK-LABEL: func.func @k(
// CHECK-NEXT:    %c256_i64 = arith.constant 256 : i64
// CHECK-NEXT:    %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:    %c7_i32 = arith.constant 7 : i32
// CHECK-NEXT:    %c16_i64 = arith.constant 16 : i64
// CHECK-NEXT:    [[V0:%[0-9]+]] = arith.muli %arg0, %c16_i64 : i64
// CHECK-NEXT:    %1 = ascendc.pipe
// CHECK-NEXT:    %2 = ascendc.queue : <vecin, 1>
// CHECK-NEXT:    ascendc.pipe.init_queue %1, %2, %c1_i32, %0
// CHECK:         ascendc.pipe.init_queue %4, %5, %c1_i32, %c256_i64
// CHECK:         [[S:%[0-9]+]] = arith.addi %c7_i32, %c7_i32 : i32
// CHECK-NOT:     arith.constant
// CHECK:         return
// LOC:           #loc = loc(unknown)
// LOC:           %c256_i64 = arith.constant 256 : i64 loc(#loc)
// INLINE-LABEL: func.func @k(
// INLINE-NEXT:    %c4_i64 = arith.constant 4 : i64
// INLINE-NEXT:    %c7_i32 = arith.constant 7 : i32
// INLINE:         %c7_i32_1 = arith.constant 7 : i32
func.func @k(%n : i64) -> (!ascendc.local_tensor<*xf32>, !ascendc.local_tensor<64xf32>) {
  %c4_i64 = arith.constant 4 : i64
  %c7 = arith.constant 7 : i32
  %a = ascendc.local_tensor_auto(%c4_i64, %n) input : <*xf32>
  %b = ascendc.local_tensor_auto() output : <64xf32>
  %c7b = arith.constant 7 : i32
  %s = arith.addi %c7, %c7b : i32
  return %a, %b : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<64xf32>
}
