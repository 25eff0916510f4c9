// RUN: ascdsl-opt %s -t ascendc | filecheck %s
// emitasc.ptr_offset is pointer arithmetic on a GM pointer; unrealized_conversion_cast (how
// the frontend makes unsigned values) is a static_cast, or a reinterpret_cast for pointers.

// CHECK-LABEL: extern "C" __global__ __aicore__ void kernel(__gm__ int32_t* v1_x, uint32_t v2) {
// CHECK-NEXT:    constexpr int32_t c512_i32 = 512;
// CHECK-NEXT:    __gm__ int32_t* v3 = v1_x + c512_i32;
// CHECK-NEXT:    __gm__ int32_t* v4 = v1_x + v2;
// CHECK-NEXT:    uint32_t v5_n = static_cast<uint32_t>(c512_i32);
// CHECK-NEXT:    __gm__ float* v6 = reinterpret_cast<__gm__ float*>(v1_x);
// CHECK-NEXT:    AscendC::GlobalTensor<int32_t> v7_g;
// CHECK-NEXT:    v7_g.SetGlobalBuffer(v3, v5_n);
// CHECK-NEXT:    return;
func.func @kernel(%x: memref<?xi32, 22>, %arg1: index) attributes {ascendc.global} {
  %c512 = arith.constant 512 : i32
  %0 = emitasc.ptr_offset %x[%c512] : memref<?xi32, 22>, i32, memref<?xi32, 22>
  %1 = emitasc.ptr_offset %x[%arg1] : memref<?xi32, 22>, index, memref<?xi32, 22>
  %n = builtin.unrealized_conversion_cast %c512 : i32 to ui32
  %2 = builtin.unrealized_conversion_cast %x : memref<?xi32, 22> to memref<?xf32, 22>
  %g = ascendc.global_tensor : !ascendc.global_tensor<*xi32>
  ascendc.global_tensor.set_global_buffer %g, %0, %n : !ascendc.global_tensor<*xi32>, memref<?xi32, 22>, ui32
  return
}
