// RUN: ascdsl-opt %s | ascdsl-opt | filecheck %s
// TCubeTiling as pyasc writes it: a struct kernel argument passed by GM pointer, copied into
// the kernel, fields read by their C++ names; and pyasc's own adv.mlir copy through memref.

// CHECK-LABEL: func.func @kernel(%arg0: memref<?x!ascendc.cube_tiling, 22>, %arg1: memref<?xi32, 22>)
// CHECK-NEXT:    %0 = emitasc.copy_struct %arg0 : memref<?x!ascendc.cube_tiling, 22>, !ascendc.cube_tiling
// CHECK-NEXT:    %1 = emitasc.member %0 "singleCoreM" : !ascendc.cube_tiling, i32
// CHECK-NEXT:    %2 = emitasc.member %0 "mxTypePara" : !ascendc.cube_tiling, i32
func.func @kernel(%arg0: memref<?x!ascendc.cube_tiling, 22>, %arg1: memref<?xi32, 22>) attributes {ascendc.global} {
  %0 = emitasc.copy_struct %arg0 : memref<?x!ascendc.cube_tiling, 22>, !ascendc.cube_tiling
  %1 = emitasc.member %0 "singleCoreM" : !ascendc.cube_tiling, i32
  %2 = emitasc.member %0 "mxTypePara" : !ascendc.cube_tiling, i32
  return
}

// CHECK-LABEL: func.func @emit_cube_tiling_operator_equal(%arg0: memref<?x!ascendc.cube_tiling>, %arg1: memref<?x!ascendc.cube_tiling>)
// CHECK:         %0 = memref.load %arg1[%c0] : memref<?x!ascendc.cube_tiling>
// CHECK:         memref.store %0, %arg0[%{{.*}}] : memref<?x!ascendc.cube_tiling>
func.func @emit_cube_tiling_operator_equal(%arg0: memref<?x!ascendc.cube_tiling>, %arg1: memref<?x!ascendc.cube_tiling>) {
  %c0 = arith.constant 0 : index
  %0 = memref.load %arg1[%c0] : memref<?x!ascendc.cube_tiling>
  %c0_0 = arith.constant 0 : index
  memref.store %0, %arg0[%c0_0] : memref<?x!ascendc.cube_tiling>
  return
}
