// Tensor ops: GlobalTensor, LocalTensor, static tensors, LocalMemAllocator, LocalTensorAuto.
// RUN: ascdsl-opt %s | filecheck %s
// RUN: ascdsl-opt %s | ascdsl-opt | filecheck %s
// RUN: ascdsl-opt %s --print-op-generic | ascdsl-opt | filecheck %s

// CHECK-LABEL: func.func @global_tensor
func.func @global_tensor(%x: memref<?xf32, 22>, %n: i32, %i: index) {
  // CHECK-NEXT: %0 = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  %global_tensor = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  // CHECK-NEXT: ascendc.global_tensor.set_global_buffer %0, %arg0 : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  ascendc.global_tensor.set_global_buffer %global_tensor, %x : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  // CHECK-NEXT: ascendc.global_tensor.set_global_buffer %0, %arg0, %arg1 : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>, i32
  ascendc.global_tensor.set_global_buffer %global_tensor, %x, %n : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>, i32
  // CHECK-NEXT: ascendc.global_tensor.set_l2_cache_hint %0 {mode = 1 : i32, rwMode = 3 : i32} : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_l2_cache_hint %global_tensor {mode = 1 : i32, rwMode = 3 : i32} : !ascendc.global_tensor<*xf32>
  // CHECK-NEXT: ascendc.global_tensor.set_l2_cache_hint %0 {mode = 0 : i32, rwMode = 1 : i32} : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_l2_cache_hint %global_tensor {mode = 0 : i32, rwMode = 1 : i32} : !ascendc.global_tensor<*xf32>
  // CHECK-NEXT: %1 = ascendc.global_tensor.subindex %0[%arg2] : !ascendc.global_tensor<*xf32>, index, !ascendc.global_tensor<*xf32>
  %subindex = ascendc.global_tensor.subindex %global_tensor[%i] : !ascendc.global_tensor<*xf32>, index, !ascendc.global_tensor<*xf32>
  // CHECK-NEXT: %2 = ascendc.global_tensor.get_value %1, %arg1 : !ascendc.global_tensor<*xf32>, i32, f32
  %0 = ascendc.global_tensor.get_value %subindex, %n : !ascendc.global_tensor<*xf32>, i32, f32
  // CHECK-NEXT: ascendc.global_tensor.set_value %1, %arg1, %2 : !ascendc.global_tensor<*xf32>, i32, f32
  ascendc.global_tensor.set_value %subindex, %n, %0 : !ascendc.global_tensor<*xf32>, i32, f32
  func.return
}

// CHECK-LABEL: func.func @local_tensor
func.func @local_tensor(%arg0: !ascendc.local_tensor<1024xf32>, %arg1: index, %u: ui32, %a: ui32, %t: ui32) {
  // CHECK-NEXT: %0 = ascendc.local_tensor.subindex %arg0[%arg1] : !ascendc.local_tensor<1024xf32>, index, !ascendc.local_tensor<1024xf32>
  %subindex = ascendc.local_tensor.subindex %arg0[%arg1] : !ascendc.local_tensor<1024xf32>, index, !ascendc.local_tensor<1024xf32>
  // CHECK-NEXT: %1 = ascendc.local_tensor.get_value %arg0, %arg2 : !ascendc.local_tensor<1024xf32>, ui32, f32
  %0 = ascendc.local_tensor.get_value %arg0, %u : !ascendc.local_tensor<1024xf32>, ui32, f32
  // CHECK-NEXT: ascendc.local_tensor.set_value %arg0, %arg2, %1 : !ascendc.local_tensor<1024xf32>, ui32, f32
  ascendc.local_tensor.set_value %arg0, %u, %0 : !ascendc.local_tensor<1024xf32>, ui32, f32
  // CHECK-NEXT: %2 = ascendc.local_tensor : !ascendc.local_tensor<64xf16>
  %1 = ascendc.local_tensor : !ascendc.local_tensor<64xf16>
  // CHECK-NEXT: %3 = ascendc.local_tensor_v2 vecin, %arg3, %arg4 : !ascendc.local_tensor<*xf32>
  %tensor = ascendc.local_tensor_v2 vecin, %a, %t : !ascendc.local_tensor<*xf32>
  // CHECK-NEXT: %4 = ascendc.reinterpret_cast %3 : !ascendc.local_tensor<*xf32> to !ascendc.local_tensor<*xi32>
  %2 = ascendc.reinterpret_cast %tensor : !ascendc.local_tensor<*xf32> to !ascendc.local_tensor<*xi32>
  func.return
}

// CHECK-LABEL: func.func @allocator
func.func @allocator(%hardware: i64, %tileSize: i32) {
  // CHECK-NEXT: %0 = ascendc.local_mem_allocator %arg0 : i64, !ascendc.local_mem_allocator<1>
  %allocator = ascendc.local_mem_allocator %hardware : i64, !ascendc.local_mem_allocator<1>
  // CHECK-NEXT: %1 = ascendc.local_mem_allocator.get_cur_addr %0 : !ascendc.local_mem_allocator<1>, ui32
  %0 = ascendc.local_mem_allocator.get_cur_addr %allocator : !ascendc.local_mem_allocator<1>, ui32
  // CHECK-NEXT: %2 = ascendc.local_mem_allocator.alloc %0, vecin, %arg1, f32 : !ascendc.local_mem_allocator<1>, i32, <*xf32>
  %tensor = ascendc.local_mem_allocator.alloc %allocator, vecin, %tileSize, f32 : !ascendc.local_mem_allocator<1>, i32, !ascendc.local_tensor<*xf32>
  // CHECK-NEXT: %3 = ascendc.local_mem_allocator.alloc_dynamic %0, vecout, %arg1, f16 : !ascendc.local_mem_allocator<1>, i32, <*xf16>
  %1 = ascendc.local_mem_allocator.alloc_dynamic %allocator, vecout, %tileSize, f16 : !ascendc.local_mem_allocator<1>, i32, !ascendc.local_tensor<*xf16>
  func.return
}

// CHECK-LABEL: func.func @auto
func.func @auto(%c4_i64: i64, %arg3: i64) {
  // CHECK-NEXT: %0 = ascendc.local_tensor_auto() input : <64xf32>
  %0 = ascendc.local_tensor_auto() input : <64xf32>
  // CHECK-NEXT: %1 = ascendc.local_tensor_auto() output : <64xf32>
  %1 = ascendc.local_tensor_auto() output : <64xf32>
  // CHECK-NEXT: %2 = ascendc.local_tensor_auto() input output : <64xf32>
  %2 = ascendc.local_tensor_auto() input output : <64xf32>
  // CHECK-NEXT: %3 = ascendc.local_tensor_auto() : <16x8xf16>
  %3 = ascendc.local_tensor_auto() : <16x8xf16>
  // CHECK-NEXT: %4 = ascendc.local_tensor_auto(%arg0, %arg1) input : <*xf32>
  %4 = ascendc.local_tensor_auto(%c4_i64, %arg3) input : <*xf32>
  // CHECK-NEXT: %5 = ascendc.local_tensor_auto(%arg1) : <4x?xf32>
  %5 = ascendc.local_tensor_auto(%arg3) : <4x?xf32>
  func.return
}
