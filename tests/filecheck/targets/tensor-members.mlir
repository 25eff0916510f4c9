// RUN: ascdsl-opt %s -t ascendc --ascendc-compilable | filecheck %s
// RUN: ascdsl-opt %s -t ascendc | filecheck %s --check-prefix=PYASC
// pyasc's core.mlir, with the corrections the real headers ask for (the compiled source;
// pyasc's spelling assigns GetPhyAddr as it is): the casts around
// GetPhyAddr (T* in the headers' CPU-debug build, const __gm__ T* for a GlobalTensor), and
// `t(i)` printed as the view `t[i]` (the headers' operator() returns the element).

// CHECK-LABEL: void local(AscendC::LocalTensor<float> v1, uint32_t v2, int32_t v3, uint32_t v4) {
// CHECK-NEXT:    uint64_t v5 = reinterpret_cast<uint64_t>(v1.GetPhyAddr());
// CHECK-NEXT:    uint64_t v6 = reinterpret_cast<uint64_t>(v1.GetPhyAddr(v2));
// PYASC-LABEL: void local(
// PYASC-NEXT:    uint64_t v5 = v1.GetPhyAddr();
// PYASC-NEXT:    uint64_t v6 = v1.GetPhyAddr(v2);
// CHECK-NEXT:    v1.SetBufferLen(v2);
// CHECK-NEXT:    v1.SetSize(v2);
// CHECK-NEXT:    int32_t v7 = v1.GetPosition();
// CHECK-NEXT:    uint32_t v8 = v1.GetLength();
// CHECK-NEXT:    int32_t v9 = v1.GetSize();
// CHECK-NEXT:    v1.SetUserTag(v3);
// CHECK-NEXT:    int32_t v10 = v1.GetUserTag();
// CHECK-NEXT:    AscendC::LocalTensor<float> v11 = v1[v4];
// CHECK-NEXT:    AscendC::ShapeInfo v12 = v1.GetShapeInfo();
// CHECK-NEXT:    v1.SetShapeInfo(v12);
// CHECK-NEXT:    v1.SetAddrWithOffset(v11, v2);
// CHECK-NEXT:    return;
func.func @local(%arg0: !ascendc.local_tensor<*xf32>, %arg1: ui32, %arg2: i32, %arg3: index) {
  %0 = ascendc.local_tensor.get_phy_addr %arg0 : !ascendc.local_tensor<*xf32>, ui64
  %1 = ascendc.local_tensor.get_phy_addr %arg0, %arg1 : !ascendc.local_tensor<*xf32>, ui64, ui32
  ascendc.local_tensor.set_buffer_len %arg0, %arg1 : !ascendc.local_tensor<*xf32>, ui32
  ascendc.local_tensor.set_size %arg0, %arg1 : !ascendc.local_tensor<*xf32>, ui32
  %2 = ascendc.local_tensor.get_position %arg0 : !ascendc.local_tensor<*xf32>, i32
  %3 = ascendc.local_tensor.get_length %arg0 : !ascendc.local_tensor<*xf32>, ui32
  %4 = ascendc.local_tensor.get_size %arg0 : !ascendc.local_tensor<*xf32>, i32
  ascendc.local_tensor.set_user_tag %arg0, %arg2 : !ascendc.local_tensor<*xf32>, i32
  %5 = ascendc.local_tensor.get_user_tag %arg0 : !ascendc.local_tensor<*xf32>, i32
  %6 = ascendc.local_tensor.bracket %arg0(%arg3) : !ascendc.local_tensor<*xf32>, index, !ascendc.local_tensor<*xf32>
  %7 = ascendc.local_tensor.get_shape_info %arg0 : !ascendc.local_tensor<*xf32>, !ascendc.shape_info
  ascendc.local_tensor.set_shape_info %arg0, %7 : !ascendc.local_tensor<*xf32>, !ascendc.shape_info
  ascendc.local_tensor.set_addr_with_offset %arg0, %6, %arg1 : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, ui32
  return
}

// CHECK-LABEL: void global(AscendC::GlobalTensor<float> v1, uint64_t v2, uint32_t v3) {
// CHECK-NEXT:    __gm__ float* v4 = const_cast<__gm__ float*>(v1.GetPhyAddr());
// CHECK-NEXT:    __gm__ float* v5 = const_cast<__gm__ float*>(v1.GetPhyAddr(v2));
// PYASC-LABEL: void global(
// PYASC-NEXT:    __gm__ float* v4 = v1.GetPhyAddr();
// PYASC-NEXT:    __gm__ float* v5 = v1.GetPhyAddr(v2);
// CHECK-NEXT:    uint64_t v6 = v1.GetSize();
// CHECK-NEXT:    AscendC::ShapeInfo v7;
// CHECK-NEXT:    v1.SetShapeInfo(v7);
// CHECK-NEXT:    AscendC::GlobalTensor<float> v8 = v1[v3];
func.func @global(%arg0: !ascendc.global_tensor<*xf32>, %arg1: ui64, %arg2: index) {
  %0 = ascendc.global_tensor.get_phy_addr %arg0 : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %1 = ascendc.global_tensor.get_phy_addr %arg0, %arg1 : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>, ui64
  %2 = ascendc.global_tensor.get_size %arg0 : !ascendc.global_tensor<*xf32>
  %3 = ascendc.construct !ascendc.shape_info() []
  ascendc.global_tensor.set_shape_info %arg0, %3 : !ascendc.global_tensor<*xf32>, !ascendc.shape_info
  %4 = ascendc.global_tensor.bracket %arg0(%arg2) : !ascendc.global_tensor<*xf32>, index, !ascendc.global_tensor<*xf32>
  return
}
