// lower-asc-parallel: in a kernel that never reads its block index, outermost parallel
// loops are spread cyclically over the cores.
// RUN: ascdsl-opt %s -p lower-asc-parallel | filecheck %s
// RUN: ascdsl-opt %s -p lower-asc-parallel,lower-asc-parallel | filecheck %s

// CHECK-LABEL: func.func @spread
// CHECK:       %[[IDX:.*]] = ascendc.get_block_idx : i32
// CHECK-NEXT:  %[[NUM:.*]] = ascendc.get_block_num : i32
// CHECK-NEXT:  %[[OFF:.*]] = arith.muli %[[IDX]], %c64_i32 : i32
// CHECK-NEXT:  %[[LB:.*]] = arith.addi %c0_i32, %[[OFF]] : i32
// CHECK-NEXT:  %[[STEP:.*]] = arith.muli %c64_i32, %[[NUM]] : i32
// CHECK-NEXT:  scf.for %arg2 = %[[LB]] to %arg1 step %[[STEP]] : i32 {
// The inner parallel loop stays as it is.
// CHECK:         scf.for %arg3 = %c0_i32 to %c64_i32 step %c64_i32 : i32 {
// CHECK-NOT:   ascendc.get_block_idx
func.func @spread(%t: !asc.tensor<?xf32>, %n: i32) attributes {ascendc.global} {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  scf.for %i = %c0 to %n step %c64 : i32 {
    scf.for %j = %c0 to %c64 step %c64 : i32 {
      %x = asc.load %t[%i] : !asc.tensor<?xf32> -> !asc.tile<64xf32, UB>
      asc.store %x, %t[%i] : !asc.tile<64xf32, UB>, !asc.tensor<?xf32>
    } {asc.parallel}
  } {asc.parallel}
  func.return
}

// A kernel that reads its block index distributes its work itself: unchanged.
// CHECK-LABEL: func.func @own_split
// CHECK:       %[[B:.*]] = ascendc.get_block_idx : i32
// CHECK-NEXT:  scf.for %arg2 = %[[B]] to %arg1 step %c64_i32 : i32 {
func.func @own_split(%t: !asc.tensor<?xf32>, %n: i32) attributes {ascendc.global} {
  %c64 = arith.constant 64 : i32
  %b = ascendc.get_block_idx : i32
  scf.for %i = %b to %n step %c64 : i32 {
    %x = asc.load %t[%i] : !asc.tensor<?xf32> -> !asc.tile<64xf32, UB>
    asc.store %x, %t[%i] : !asc.tile<64xf32, UB>, !asc.tensor<?xf32>
  } {asc.parallel}
  func.return
}
