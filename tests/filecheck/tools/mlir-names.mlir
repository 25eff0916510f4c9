// RUN: ascdsl-opt %s --allow-unregistered-dialect | filecheck %s
// RUN: ascdsl-opt %s --allow-unregistered-dialect | ascdsl-opt --allow-unregistered-dialect | filecheck %s
// RUN: ascdsl-opt %s --mlir-names --allow-unregistered-dialect | filecheck %s
// RUN: ascdsl-opt %s --allow-unregistered-dialect --mlir-print-op-generic | filecheck %s --check-prefix=GENERIC
// RUN: ascdsl-opt %s --keep-names --allow-unregistered-dialect | filecheck %s --check-prefix=KEPT
// ascdsl-opt prints the names MLIR's printer (and so pyasc's dumps and lit tests) gives:
// numbers, %argN for entry-block arguments, the names ops suggest (arith.constant's %c5_i32,
// %c0, %cst, %true; mului_extended's %low/%high; get_store_atomic_config's), `_N` when a
// suggested name is taken, and `%0:2` / `%0#1` for an op's unnamed results. A nested region
// continues from the end of its parent region's numbering, so sibling loops share numbers.
// --mlir-names (the option before this became the default) changes nothing; --keep-names
// keeps the input's names. In the generic form MLIR asks no op for names: all are numbers.

// CHECK-LABEL: func.func @f(%arg0: i32, %arg1: index) -> i32 {
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK-NEXT:    %c1 = arith.constant 1 : index
// CHECK-NEXT:    %c5_i32 = arith.constant 5 : i32
// CHECK-NEXT:    %c5_i32_0 = arith.constant 5 : i32
// CHECK-NEXT:    %c-1_i32 = arith.constant -1 : i32
// CHECK-NEXT:    %true = arith.constant true
// CHECK-NEXT:    %cst = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:    %cst_1 = arith.constant 2.000000e+00 : f32
// CHECK-NEXT:    %0 = arith.addi %arg0, %c5_i32 : i32
// CHECK-NEXT:    scf.for %arg2 = %c0 to %arg1 step %c1 {
// CHECK-NEXT:      %5 = arith.addi %0, %c5_i32_0 : i32
// CHECK-NEXT:      %low, %high = arith.mului_extended %5, %5 : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    %1 = scf.for %arg2 = %c0 to %arg1 step %c1 iter_args(%arg3 = %0) -> (i32) {
// CHECK-NEXT:      %5 = arith.addi %arg3, %c5_i32_0 : i32
// CHECK-NEXT:      %c5_i32_2 = arith.constant 5 : i32
// CHECK-NEXT:      scf.yield %5 : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    %atomicType, %atomicOp = ascendc.get_store_atomic_config : i16, i16
// CHECK-NEXT:    %2:2 = "test.op"() : () -> (i32, i32)
// CHECK-NEXT:    %3 = arith.addi %2#1, %1 : i32
// CHECK-NEXT:    %4 = arith.addi %atomicType, %atomicOp : i16
// CHECK-NEXT:    return %3 : i32
// GENERIC-LABEL: "func.func"() <{sym_name = "f"
// GENERIC-NEXT:  ^bb0(%arg0: i32, %arg1: index):
// GENERIC-NEXT:    %0 = "arith.constant"() <{value = 0 : index}> : () -> index
// GENERIC:         %8 = "arith.addi"(%arg0, %2) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
// GENERIC:           %15:2 = "arith.mului_extended"(%14, %14) : (i32, i32) -> (i32, i32)
// GENERIC:         %10:2 = "ascendc.get_store_atomic_config"() : () -> (i16, i16)
// KEPT-LABEL: func.func @f(%a: i32, %n: index) -> i32 {
// KEPT:          %lo, %hi = arith.mului_extended %z, %z : i32
func.func @f(%a: i32, %n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x = arith.constant 5 : i32
  %y = arith.constant 5 : i32
  %m = arith.constant -1 : i32
  %t = arith.constant true
  %f = arith.constant 1.0 : f32
  %f2 = arith.constant 2.0 : f32
  %s = arith.addi %a, %x : i32
  scf.for %i = %c0 to %n step %c1 {
    %z = arith.addi %s, %y : i32
    %lo, %hi = arith.mului_extended %z, %z : i32
  }
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %s) -> (i32) {
    %z = arith.addi %acc, %y : i32
    %q = arith.constant 5 : i32
    scf.yield %z : i32
  }
  %atype, %aop = ascendc.get_store_atomic_config : i16, i16
  %p:2 = "test.op"() : () -> (i32, i32)
  %u = arith.addi %p#1, %r : i32
  %v = arith.addi %atype, %aop : i16
  return %u : i32
}

// Each function numbers from %0 and %arg0 again.
// CHECK-LABEL: func.func @g(%arg0: i32) -> i32 {
// CHECK-NEXT:    %c5_i32 = arith.constant 5 : i32
// CHECK-NEXT:    %0 = arith.addi %arg0, %c5_i32 : i32
func.func @g(%a: i32) -> i32 {
  %x = arith.constant 5 : i32
  %s = arith.addi %a, %x : i32
  return %s : i32
}
