// lower-asc-unroll: loops marked asc.unroll_factor = N run N copies of their body per
// iteration, then a remainder loop; carried values thread through the copies.
// RUN: ascdsl-opt %s -p lower-asc-unroll | filecheck %s
// RUN: ascdsl-opt %s -p lower-asc-unroll,canonicalize | filecheck %s --check-prefix=FOLDED

// 5 iterations by 2: a main loop over [0, 4) of step 2 and a remainder loop over [4, 5).
// CHECK-LABEL: func.func @static_rest
// CHECK:       %[[SPLIT:.*]] = arith.constant 4 : i32
// CHECK:       %[[MAIN:.*]] = scf.for %[[I:.*]] = %c0_i32 to %[[SPLIT]] step %{{.*}} iter_args(%[[ACC:.*]] = %c0_i32) -> (i32) : i32 {
// CHECK-NEXT:    %[[A0:.*]] = arith.addi %[[ACC]], %[[I]] : i32
// CHECK:         %[[I1:.*]] = arith.addi %[[I]], %{{.*}} : i32
// CHECK-NEXT:    %[[A1:.*]] = arith.addi %[[A0]], %[[I1]] : i32
// CHECK-NEXT:    scf.yield %[[A1]] : i32
// CHECK-NEXT:  } {asc.parallel}
// CHECK-NEXT:  %{{.*}} = scf.for %{{.*}} = %[[SPLIT]] to %c5_i32 step %c1_i32 iter_args(%{{.*}} = %[[MAIN]]) -> (i32) : i32 {
// After canonicalization the one remaining iteration is straight-line code.
// FOLDED-LABEL: func.func @static_rest
// FOLDED:       scf.for
// FOLDED:       } {asc.parallel}
// FOLDED-NOT:   scf.for
// FOLDED:       return
func.func @static_rest(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c5 = arith.constant 5 : i32
  %c1 = arith.constant 1 : i32
  %s = scf.for %i = %c0 to %c5 step %c1 iter_args(%acc = %c0) -> (i32) : i32 {
    %a = arith.addi %acc, %i : i32
    scf.yield %a : i32
  } {asc.unroll_factor = 2 : index, asc.parallel}
  func.return %s : i32
}

// 8 iterations by 4: no remainder loop; the unroll factor is gone.
// CHECK-LABEL: func.func @static_exact
// CHECK:       scf.for
// CHECK-COUNT-4: asc.exp
// CHECK:       }
// CHECK-NOT:   scf.for
// CHECK-NOT:   asc.unroll_factor
// CHECK:       return
func.func @static_exact(%t: !asc.tensor<?xf32>) {
  %c0 = arith.constant 0 : i32
  %c8 = arith.constant 8 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %c8 step %c1 : i32 {
    %x = asc.load %t[%i] : !asc.tensor<?xf32> -> !asc.tile<64xf32, UB>
    %y = asc.exp %x : !asc.tile<64xf32, UB>
    asc.store %y, %t[%i] : !asc.tile<64xf32, UB>, !asc.tensor<?xf32>
  } {asc.unroll_factor = 4 : index}
  func.return
}

// Runtime bounds: the main loop covers max(0, ceil((n - 0) / 64)) // 4 * 4 iterations.
// CHECK-LABEL: func.func @dynamic
// CHECK:       %[[SPAN:.*]] = arith.subi %arg1, %c0_i32 : i32
// CHECK:       %[[TRIPS:.*]] = arith.maxsi
// CHECK:       %[[GROUPS:.*]] = arith.divsi %[[TRIPS]]
// CHECK:       scf.for %{{.*}} = %c0_i32 to %[[SPLIT:.*]] step
// CHECK:       scf.for %{{.*}} = %[[SPLIT]] to %arg1 step %c64_i32
func.func @dynamic(%t: !asc.tensor<?xf32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  scf.for %i = %c0 to %n step %c64 : i32 {
    %x = asc.load %t[%i] : !asc.tensor<?xf32> -> !asc.tile<64xf32, UB>
    asc.store %x, %t[%i] : !asc.tile<64xf32, UB>, !asc.tensor<?xf32>
  } {asc.unroll_factor = 4 : index}
  func.return
}
