// RUN: ascdsl-opt %s -t ascendc --ascendc-compilable --split-input-file | filecheck %s
// AscendDequant prints its element types and DeQuantMode as template arguments and takes the
// DequantParams the kernel built; BroadCast declares its shapes as `const uint32_t` arrays
// (values of other types cast) and passes them by name.

// CHECK-LABEL: void dequant(
// CHECK-NEXT:    AscendC::DequantParams v[[P:[0-9]+]]{static_cast<uint32_t>(v7), static_cast<uint32_t>(v8), static_cast<uint32_t>(v9)};
// CHECK-NEXT:    AscendC::AscendDequant<float, float, AscendC::DeQuantMode::DEQUANT_WITH_SINGLE_ROW>(v1, v2, v3, v4, v[[P]]);
// CHECK-NEXT:    AscendC::AscendDequant<half, uint64_t, AscendC::DeQuantMode::DEQUANT_WITH_MULTI_ROW>(v5, v2, v6, v[[P]]);
// CHECK-NEXT:    return;
func.func @dequant(%d: !ascendc.local_tensor<256xf32>, %s: !ascendc.local_tensor<256xi32>, %c: !ascendc.local_tensor<64xf32>, %t: !ascendc.local_tensor<2048xui8>, %h: !ascendc.local_tensor<256xf16>, %u: !ascendc.local_tensor<64xui64>, %m: i32, %n: i32, %k: i32) {
  %p = ascendc.construct !ascendc.dequant_params(%m, %n, %k) : i32, i32, i32
  ascendc.ascend_dequant %d, %s, %c, %t, %p {mode = 0 : i32} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xi32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<2048xui8>, !ascendc.dequant_params
  ascendc.ascend_dequant %h, %s, %u, %p {mode = 1 : i32} : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xi32>, !ascendc.local_tensor<64xui64>, !ascendc.dequant_params
  func.return
}

// -----

// CHECK-LABEL: void broadcast(
// CHECK-NEXT:    const uint32_t v1_dst_shape[2] = {v4, v5};
// CHECK-NEXT:    const uint32_t v1_src_shape[2] = {v4, v6};
// CHECK-NEXT:    AscendC::BroadCast<float, 2, 1>(v1, v2, v1_dst_shape, v1_src_shape, v3);
// CHECK-NEXT:    const uint32_t v1_dst_shape_1[2] = {v4, v5};
// CHECK-NEXT:    const uint32_t v1_src_shape_1[2] = {v6, v5};
// CHECK-NEXT:    AscendC::BroadCast<float, 2, 0>(v1, v2, v1_dst_shape_1, v1_src_shape_1);
// CHECK-NEXT:    constexpr int32_t c16_i32 = 16;
// CHECK-NEXT:    const uint32_t v1_dst_shape_2[1] = {static_cast<uint32_t>(c16_i32)};
// CHECK-NEXT:    const uint32_t v1_src_shape_2[1] = {v6};
// CHECK-NEXT:    AscendC::BroadCast<float, 1, 0>(v1, v2, v1_dst_shape_2, v1_src_shape_2, v3);
// CHECK-NEXT:    return;
func.func @broadcast(%d: !ascendc.local_tensor<256xf32>, %s: !ascendc.local_tensor<64xf32>, %t: !ascendc.local_tensor<2048xui8>, %m: ui32, %n: ui32, %one: ui32) {
  ascendc.broadcast %d, %s, %m, %n, %m, %one, %t {axis = 1 : i32, dim = 2 : i32} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<64xf32>, ui32, ui32, ui32, ui32, !ascendc.local_tensor<2048xui8>
  ascendc.broadcast %d, %s, %m, %n, %one, %n {axis = 0 : i32, dim = 2 : i32} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<64xf32>, ui32, ui32, ui32, ui32
  %c16 = arith.constant 16 : i32
  ascendc.broadcast %d, %s, %c16, %one, %t {axis = 0 : i32, dim = 1 : i32} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<64xf32>, i32, ui32, !ascendc.local_tensor<2048xui8>
  func.return
}
