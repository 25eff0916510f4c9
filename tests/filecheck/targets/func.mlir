// RUN: ascdsl-opt %s -t ascendc --ascendc-compilable | filecheck %s
// RUN: ascdsl-opt %s -t ascendc | filecheck %s --check-prefix=PYASC
// Functions: kernels (ascendc.global), inline helpers, declarations, calls, prototypes for
// functions called above their definition, Ascend C objects passed by reference in compiled
// source (pyasc's spelling, -t ascendc, passes them by value as its translator does).
// PYASC: __aicore__ int32_t later(float, AscendC::TPipe);

// Prototypes first for the functions called above their definition (later, nothing), in
// order of first call; inline_function is defined before its call and needs none.
// CHECK-NOT:   inline_function(float);
// CHECK-LABEL: __inline__ __attribute__((always_inline)) __aicore__ int32_t later(float, AscendC::TPipe&);
// CHECK-EMPTY:
// CHECK-NEXT:  __inline__ __attribute__((always_inline)) __aicore__ void nothing();
// CHECK-EMPTY:
// CHECK-NEXT:  extern "C" __global__ __aicore__ void global_function(int32_t v1) {
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @global_function(%arg0: i32) attributes {ascendc.aicore, ascendc.global} {
  return
}

// CHECK:       __inline__ __attribute__((always_inline)) __aicore__ int32_t inline_function(float v1) {
// CHECK-NEXT:    int32_t v2 = static_cast<int32_t>(v1);
// CHECK-NEXT:    return v2;
// CHECK-NEXT:  }
func.func @inline_function(%arg0: f32) -> i32 {
  %0 = arith.fptosi %arg0 : f32 to i32
  return %0 : i32
}

// CHECK:       __aicore__ bool external(int32_t);
func.func private @external(i32) -> i1

// CHECK:       __inline__ __attribute__((always_inline)) __aicore__ int32_t caller(float v1, AscendC::TPipe& v2) {
// CHECK-NEXT:    int32_t v3 = later(v1, v2);
// CHECK-NEXT:    bool v4 = external(v3);
// CHECK-NEXT:    nothing();
// CHECK-NEXT:    int32_t v5 = inline_function(v1);
// CHECK-NEXT:    return v3;
// CHECK-NEXT:  }
func.func @caller(%x: f32, %p: !ascendc.pipe) -> i32 {
  %0 = func.call @later(%x, %p) : (f32, !ascendc.pipe) -> i32
  %ok = func.call @external(%0) : (i32) -> i1
  func.call @nothing() : () -> ()
  %1 = func.call @inline_function(%x) : (f32) -> i32
  return %0 : i32
}

// CHECK:       __inline__ __attribute__((always_inline)) __aicore__ int32_t later(float v1, AscendC::TPipe& v2) {
func.func @later(%x: f32, %p: !ascendc.pipe) -> i32 {
  %0 = arith.fptosi %x : f32 to i32
  return %0 : i32
}

// CHECK:       __inline__ __attribute__((always_inline)) __aicore__ void nothing() {
func.func @nothing() {
  return
}

// Kernel arguments: GM pointers and scalars; names from the source.
// CHECK:       extern "C" __global__ __aicore__ void kernel(__gm__ float* v1, __gm__ half* v2, uint32_t v3, bool v4) {
func.func @kernel(%x: memref<?xf32, 22>, %y: memref<?xf16, 22>, %n: ui32, %flag: i1) attributes {ascendc.global} {
  return
}
