// RUN: ascdsl-opt %s -t ascendc --ascendc-compilable | filecheck %s
// RUN: ascdsl-opt %s -t ascendc | filecheck %s --check-prefix=PYASC
// memref.alloca is a C array; load/store are subscripts (row-major for several indices;
// pyasc's spelling chains one subscript per index, as its translator does).
// PYASC: float v7 = v5[v1][c2_idx];
// PYASC-NEXT: v5[v1][c2_idx] = v7;

// CHECK-LABEL: void emit_alloca(uint32_t v1, int32_t v2) {
// CHECK-NEXT:    int32_t v3[777];
// CHECK-NEXT:    uint16_t v4[2];
// CHECK-NEXT:    float v5[12];
// CHECK-NEXT:    v3[v1] = v2;
// CHECK-NEXT:    int32_t v6 = v3[v1];
// CHECK-NEXT:    constexpr uint32_t c2_idx = 2;
// CHECK-NEXT:    float v7 = v5[(v1) * 4 + c2_idx];
// CHECK-NEXT:    v5[(v1) * 4 + c2_idx] = v7;
// CHECK-NEXT:    return;
func.func @emit_alloca(%arg0: index, %arg1: i32) {
  %0 = memref.alloca() : memref<777xi32>
  %1 = memref.alloca() {ascendc.emit_as_unsigned} : memref<2xi16>
  %2 = memref.alloca() : memref<3x4xf32>
  memref.store %arg1, %0[%arg0] : memref<777xi32>
  %3 = memref.load %0[%arg0] : memref<777xi32>
  %c2 = arith.constant 2 : index
  %4 = memref.load %2[%arg0, %c2] : memref<3x4xf32>
  memref.store %4, %2[%arg0, %c2] : memref<3x4xf32>
  return
}

// GM pointers print as `__gm__ T*`; other memories with their CCE qualifier.
// CHECK-LABEL: void emit_address_spaces(int32_t* v1, __gm__ int32_t* v2, __ca__ int32_t* v3, __cb__ int32_t* v4, __cc__ int32_t* v5, __ubuf__ int32_t* v6, __cbuf__ int32_t* v7, __fbuf__ int32_t* v8, __gm__ float* v9) {
// CHECK-NEXT:    constexpr uint32_t c0_idx = 0;
// CHECK-NEXT:    int32_t v10 = v2[c0_idx];
func.func @emit_address_spaces(%arg0: memref<?xi32>, %arg1: memref<?xi32, 22>, %arg2: memref<?xi32, 23>, %arg3: memref<?xi32, 24>, %arg4: memref<?xi32, 25>, %arg5: memref<?xi32, 26>, %arg6: memref<?xi32, 27>, %arg7: memref<?xi32, 28>, %arg8: memref<*xf32, 22>) {
  %c0 = arith.constant 0 : index
  %0 = memref.load %arg1[%c0] : memref<?xi32, 22>
  return
}

// CHECK-LABEL: void emit_load(int32_t* v1, int64_t* v2, uint32_t v3, uint32_t v4) {
// CHECK-NEXT:    int32_t v5 = v1[v3];
// CHECK-NEXT:    int64_t v6 = v2[(v3) * 4 + v4];
// CHECK-NEXT:    return;
func.func @emit_load(%arg0: memref<?xi32>, %arg1: memref<?x4xi64>, %arg2: index, %arg3: index) {
  %0 = memref.load %arg0[%arg2] : memref<?xi32>
  %1 = memref.load %arg1[%arg2, %arg3] : memref<?x4xi64>
  return
}
