// RUN: ascdsl-opt %s -t ascendc | filecheck %s
// emitasc.ptr_offset is pointer arithmetic on a GM pointer; unrealized_conversion_cast (how
// the frontend makes unsigned values) is a static_cast, or a reinterpret_cast for pointers.

// CHECK-LABEL: extern "C" __global__ __aicore__ void kernel(__gm__ int32_t* v1, uint32_t v2) {
// CHECK-NEXT:    constexpr int32_t c512_i32 = 512;
// CHECK-NEXT:    __gm__ int32_t* v3 = v1 + c512_i32;
// CHECK-NEXT:    __gm__ int32_t* v4 = v1 + v2;
// CHECK-NEXT:    uint32_t v5 = static_cast<uint32_t>(c512_i32);
// CHECK-NEXT:    __gm__ float* v6 = reinterpret_cast<__gm__ float*>(v1);
// CHECK-NEXT:    AscendC::GlobalTensor<int32_t> v7;
// CHECK-NEXT:    v7.SetGlobalBuffer(v3, v5);
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

// -----

// The rest of emitasc, as pyasc prints it. A struct kernel argument is copied in byte by
// byte; structs are declared packed to 8 bytes where the module declares them.
// RUN: ascdsl-opt %s -t ascendc --split-input-file | filecheck %s --check-prefix=ALL

// ALL:      #pragma pack(push, 8)
// ALL-NEXT: struct Tiling {
// ALL-NEXT:   int32_t n;
// ALL-NEXT:   float scale;
// ALL-NEXT: };
// ALL-NEXT: #pragma pack(pop)
emitasc.declare_py_struct !emitasc.py_struct<"Tiling", [i32, f32], ["n", "scale"]>

// ALL-LABEL: extern "C" __global__ __aicore__ void all(__gm__ Tiling* v1, __gm__ float* v2, int32_t v3, uint32_t v4) {
// ALL-NEXT:    Tiling v5;
// ALL-NEXT:    for (size_t i = 0; i < sizeof(v5); i++) {
// ALL-NEXT:      auto byte = reinterpret_cast<__gm__ uint8_t*>(v1)[i];
// ALL-NEXT:      reinterpret_cast<uint8_t*>(&v5)[i] = byte;
// ALL-NEXT:    };
// ALL-NEXT:    int32_t v6 = v5.n;
// ALL-NEXT:    v5.n = v3;
// ALL-NEXT:    int32_t v7 = v1->n;
// ALL-NEXT:    __gm__ float* v8 = reinterpret_cast<__gm__ float*>(&v1->scale);
// ALL-NEXT:    int32_t& v9 = reinterpret_cast<int32_t&>(v1->n);
// ALL-NEXT:    __gm__ float* v10 = v2 + 512;
// ALL-NEXT:    __gm__ float* v11 = v2 + v4;
// ALL-NEXT:    int32_t v12[1]{7};
// ALL-NEXT:    int32_t& v13 = *v12;
// ALL-NEXT:    int32_t v14 = AscendC::Std::max(v3, v13);
// ALL-NEXT:    AscendC::PipeBarrier<PIPE_ALL>();
// ALL-NEXT:    v3 += v14;
// ALL-NEXT:    __gm__ int32_t* v15 = reinterpret_cast<__gm__ int32_t*>(v2);
// ALL-NEXT:    return;
// ALL-NEXT:  }
func.func @all(%arg0: memref<?x!emitasc.py_struct<"Tiling", [i32, f32], ["n", "scale"]>, 22>, %arg1: memref<?xf32, 22>, %arg2: i32, %arg3: index) attributes {ascendc.global} {
  %0 = emitasc.copy_struct %arg0 : memref<?x!emitasc.py_struct<"Tiling", [i32, f32], ["n", "scale"]>, 22>, !emitasc.py_struct<"Tiling", [i32, f32], ["n", "scale"]>
  %1 = emitasc.member %0 "n" : !emitasc.py_struct<"Tiling", [i32, f32], ["n", "scale"]>, i32
  emitasc.set_member %0 "n", %arg2 : !emitasc.py_struct<"Tiling", [i32, f32], ["n", "scale"]>, i32
  %2 = emitasc.member %arg0 "n" : memref<?x!emitasc.py_struct<"Tiling", [i32, f32], ["n", "scale"]>, 22>, i32
  %3 = emitasc.member_ptr %arg0[1] "scale" : memref<?x!emitasc.py_struct<"Tiling", [i32, f32], ["n", "scale"]>, 22>, memref<?xf32, 22>
  %4 = emitasc.member_ref %arg0[0] "n" : memref<?x!emitasc.py_struct<"Tiling", [i32, f32], ["n", "scale"]>, 22>, i32
  %5 = emitasc.ptr_offset %arg1[512] : memref<?xf32, 22>, memref<?xf32, 22>
  %6 = emitasc.ptr_offset %arg1[%arg3] : memref<?xf32, 22>, memref<?xf32, 22>
  %7 = emitasc.variable 7 : i32, memref<1xi32>
  %8 = emitasc.dereference %7 : memref<1xi32>, i32
  %9 = emitasc.call_opaque "AscendC::Std::max"(%arg2, %8) : (i32, i32) -> i32
  emitasc.call_opaque "AscendC::PipeBarrier<PIPE_ALL>"() : () -> ()
  emitasc.verbatim "$0 += $1;" %arg2, %9 : i32, i32
  %10 = emitasc.reinterpret_cast %arg1 : memref<?xf32, 22> to memref<?xi32, 22>
  return
}
