// RUN: ascdsl-opt %s -t ascendc --ascendc-compilable | filecheck %s
// RUN: ascdsl-opt %s -t ascendc | filecheck %s --check-prefix=PYASC
// Tensors: GlobalTensor, LocalTensor, views, scalar access, static tensors, LocalMemAllocator.
// The cache mode is numbered as pyasc's dialect and C++ number it (DISABLE = 0, NORMAL = 1),
// so both spellings print the same enumerator.

// CHECK-LABEL: void emit_global_tensor(__gm__ int32_t* v1, int32_t v2, uint32_t v3, uint64_t v4) {
// CHECK-NEXT:    AscendC::GlobalTensor<int32_t> v5;
// CHECK-NEXT:    v5.SetGlobalBuffer(v1);
// CHECK-NEXT:    v5.SetGlobalBuffer(v1, v2);
// CHECK-NEXT:    v5.SetL2CacheHint<AscendC::CacheRwMode::RW>(AscendC::CacheMode::CACHE_MODE_DISABLE);
// CHECK-NEXT:    v5.SetL2CacheHint<AscendC::CacheRwMode::READ>(AscendC::CacheMode::CACHE_MODE_NORMAL);
// PYASC:         v5.SetL2CacheHint<AscendC::CacheRwMode::RW>(AscendC::CacheMode::CACHE_MODE_DISABLE);
// PYASC-NEXT:    v5.SetL2CacheHint<AscendC::CacheRwMode::READ>(AscendC::CacheMode::CACHE_MODE_NORMAL);
// CHECK-NEXT:    AscendC::GlobalTensor<int32_t> v6 = v5[v3];
// CHECK-NEXT:    int32_t v7 = v5.GetValue(v4);
// CHECK-NEXT:    v5.SetValue(v4, v2);
// CHECK-NEXT:    return;
func.func @emit_global_tensor(%arg0 : memref<?xi32, 22>, %arg1 : i32, %arg2: index, %arg3: ui64) {
  %0 = ascendc.global_tensor : !ascendc.global_tensor<i32>
  ascendc.global_tensor.set_global_buffer %0, %arg0 : !ascendc.global_tensor<i32>, memref<?xi32, 22>
  ascendc.global_tensor.set_global_buffer %0, %arg0, %arg1 : !ascendc.global_tensor<i32>, memref<?xi32, 22>, i32
  ascendc.global_tensor.set_l2_cache_hint %0 {mode = 0 : i32, rwMode = 3 : i32} : !ascendc.global_tensor<i32>
  ascendc.global_tensor.set_l2_cache_hint %0 {mode = 1 : i32, rwMode = 1 : i32} : !ascendc.global_tensor<i32>
  %1 = ascendc.global_tensor.subindex %0[%arg2] : !ascendc.global_tensor<i32>, index, !ascendc.global_tensor<i32>
  %2 = ascendc.global_tensor.get_value %0, %arg3 : !ascendc.global_tensor<i32>, ui64, i32
  ascendc.global_tensor.set_value %0, %arg3, %arg1 : !ascendc.global_tensor<i32>, ui64, i32
  return
}

// CHECK-LABEL: void emit_local_tensor(AscendC::LocalTensor<float> v1, uint32_t v2, uint32_t v3) {
// CHECK-NEXT:    AscendC::LocalTensor<float> v4 = v1[v3];
// CHECK-NEXT:    AscendC::LocalTensor<int32_t> v5 = v1.ReinterpretCast<int32_t>();
// CHECK-NEXT:    float v6 = v1.GetValue(v2);
// CHECK-NEXT:    v1.SetValue(v2, v6);
// CHECK-NEXT:    AscendC::LocalTensor<float> v7 = AscendC::LocalTensor<float>(AscendC::TPosition::VECIN, v2, v2);
// CHECK-NEXT:    AscendC::LocalTensor<float> v8;
// CHECK-NEXT:    return;
func.func @emit_local_tensor(%arg0 : !ascendc.local_tensor<*xf32>, %arg1 : ui32, %arg2 : index) {
  %0 = ascendc.local_tensor.subindex %arg0[%arg2] : !ascendc.local_tensor<*xf32>, index, !ascendc.local_tensor<*xf32>
  %1 = ascendc.reinterpret_cast %arg0 : !ascendc.local_tensor<*xf32> to !ascendc.local_tensor<*xi32>
  %2 = ascendc.local_tensor.get_value %arg0, %arg1 : !ascendc.local_tensor<*xf32>, ui32, f32
  ascendc.local_tensor.set_value %arg0, %arg1, %2 : !ascendc.local_tensor<*xf32>, ui32, f32
  %3 = ascendc.local_tensor_v2 vecin, %arg1, %arg1 : !ascendc.local_tensor<*xf32>
  %4 = ascendc.local_tensor : !ascendc.local_tensor<*xf32>
  return
}

// The compile-time tile size of Alloc<pos, T, tileSize>() is the constant's constexpr name.
// CHECK-LABEL: void emit_allocator(int32_t v1) {
// CHECK-NEXT:    constexpr int64_t c1_i64 = 1;
// CHECK-NEXT:    AscendC::LocalMemAllocator<AscendC::Hardware::UB> v2;
// CHECK-NEXT:    uint32_t v3 = v2.GetCurAddr();
// CHECK-NEXT:    constexpr int32_t c32_i32 = 32;
// CHECK-NEXT:    AscendC::LocalTensor<float> v4 = v2.Alloc<AscendC::TPosition::VECIN, float, c32_i32>();
// CHECK-NEXT:    AscendC::LocalTensor<half> v5 = v2.Alloc<AscendC::TPosition::VECOUT, half>(v1);
// CHECK-NEXT:    return;
func.func @emit_allocator(%arg0 : i32) {
  %hw = arith.constant 1 : i64
  %0 = ascendc.local_mem_allocator %hw : i64, !ascendc.local_mem_allocator<1>
  %1 = ascendc.local_mem_allocator.get_cur_addr %0 : !ascendc.local_mem_allocator<1>, ui32
  %c32 = arith.constant 32 : i32
  %2 = ascendc.local_mem_allocator.alloc %0, vecin, %c32, f32 : !ascendc.local_mem_allocator<1>, i32, !ascendc.local_tensor<*xf32>
  %3 = ascendc.local_mem_allocator.alloc_dynamic %0, vecout, %arg0, f16 : !ascendc.local_mem_allocator<1>, i32, !ascendc.local_tensor<*xf16>
  return
}

// CHECK-LABEL: void emit_l1_allocator() {
// CHECK:         AscendC::LocalMemAllocator<AscendC::Hardware::L1> v1;
func.func @emit_l1_allocator() {
  %hw = arith.constant 2 : i64
  %0 = ascendc.local_mem_allocator %hw : i64, !ascendc.local_mem_allocator<2>
  return
}

// CHECK-LABEL: void emit_local_subindex(AscendC::LocalTensor<float> v1, uint32_t v2, int32_t v3, uint32_t v4) {
// CHECK-NEXT:    AscendC::LocalTensor<float> v5 = v1[v4];
func.func @emit_local_subindex(%arg0 : !ascendc.local_tensor<*xf32>, %arg1 : ui32, %arg2 : i32, %arg3 : index) {
  %0 = ascendc.local_tensor.subindex %arg0[%arg3] : !ascendc.local_tensor<*xf32>, index, !ascendc.local_tensor<*xf32>
  return
}

// CHECK-LABEL: void emit_allocator_cur_addr() {
// CHECK:         AscendC::LocalMemAllocator<AscendC::Hardware::UB> v1;
// CHECK-NEXT:    uint32_t v2 = v1.GetCurAddr();
func.func @emit_allocator_cur_addr() {
  %hw = arith.constant 1 : i64
  %0 = ascendc.local_mem_allocator %hw : i64, !ascendc.local_mem_allocator<1>
  %1 = ascendc.local_mem_allocator.get_cur_addr %0 : !ascendc.local_mem_allocator<1>, ui32
  return
}

// CHECK-LABEL: void emit_allocator_alloc() {
// CHECK:         AscendC::LocalTensor<float> v2 = v1.Alloc<AscendC::TPosition::VECIN, float, c32_i32>();
func.func @emit_allocator_alloc() {
  %hw = arith.constant 1 : i64
  %0 = ascendc.local_mem_allocator %hw : i64, !ascendc.local_mem_allocator<1>
  %c32 = arith.constant 32 : i32
  %1 = ascendc.local_mem_allocator.alloc %0, vecin, %c32, f32 : !ascendc.local_mem_allocator<1>, i32, !ascendc.local_tensor<*xf32>
  return
}

// CHECK-LABEL: void emit_allocator_alloc_dynamic(int32_t v1) {
// CHECK:         AscendC::LocalTensor<float> v3 = v2.Alloc<AscendC::TPosition::VECIN, float>(v1);
func.func @emit_allocator_alloc_dynamic(%arg0 : i32) {
  %hw = arith.constant 1 : i64
  %0 = ascendc.local_mem_allocator %hw : i64, !ascendc.local_mem_allocator<1>
  %1 = ascendc.local_mem_allocator.alloc_dynamic %0, vecin, %arg0, f32 : !ascendc.local_mem_allocator<1>, i32, !ascendc.local_tensor<*xf32>
  return
}
