// RUN: ascdsl-opt %s -t ascendc | filecheck %s
// RUN: ascdsl-opt %s -t ascendc --ascendc-compilable | filecheck %s --check-prefix=COMPILE
// A TCubeTiling kernel argument prints as pyasc prints it: a `__gm__ TCubeTiling*` copied byte
// by byte into a local TCubeTiling, its fields read as `t.singleCoreM`; pointers to it
// (pyasc's adv.mlir) are `TCubeTiling*` and copy by assignment.

// CHECK-LABEL: void kernel(__gm__ TCubeTiling* v1, __gm__ int32_t* v2) {
// CHECK-NEXT:    TCubeTiling v3;
// CHECK-NEXT:    for (size_t i = 0; i < sizeof(v3); i++) {
// CHECK-NEXT:      auto byte = reinterpret_cast<__gm__ uint8_t*>(v1)[i];
// CHECK-NEXT:      reinterpret_cast<uint8_t*>(&v3)[i] = byte;
// CHECK-NEXT:    };
// CHECK-NEXT:    int32_t v4 = v3.singleCoreM;
func.func @kernel(%arg0: memref<?x!ascendc.cube_tiling, 22>, %arg1: memref<?xi32, 22>) attributes {ascendc.global} {
  %0 = emitasc.copy_struct %arg0 : memref<?x!ascendc.cube_tiling, 22>, !ascendc.cube_tiling
  %1 = emitasc.member %0 "singleCoreM" : !ascendc.cube_tiling, i32
  %c0 = arith.constant 0 : index
  memref.store %1, %arg1[%c0] : memref<?xi32, 22>
  return
}

// CHECK-LABEL: void emit_cube_tiling_operator_equal(TCubeTiling* v1, TCubeTiling* v2) {
// CHECK-NEXT:    constexpr uint32_t c0_idx = 0;
// CHECK-NEXT:    TCubeTiling v3 = v2[c0_idx];
// CHECK-NEXT:    constexpr uint32_t c0_idx = 0;
// CHECK-NEXT:    v1[c0_idx] = v3;
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
// pyasc redeclares the constant in the block; the compiled source names it anew.
// COMPILE-LABEL: void emit_cube_tiling_operator_equal(
// COMPILE-NEXT:    constexpr uint32_t c0_idx = 0;
// COMPILE-NEXT:    TCubeTiling v3 = v2[c0_idx];
// COMPILE-NEXT:    constexpr uint32_t c0_idx_1 = 0;
// COMPILE-NEXT:    v1[c0_idx_1] = v3;
func.func @emit_cube_tiling_operator_equal(%arg0: memref<?x!ascendc.cube_tiling>, %arg1: memref<?x!ascendc.cube_tiling>) {
  %c0 = arith.constant 0 : index
  %0 = memref.load %arg1[%c0] : memref<?x!ascendc.cube_tiling>
  %c0_0 = arith.constant 0 : index
  memref.store %0, %arg0[%c0_0] : memref<?x!ascendc.cube_tiling>
  return
}
