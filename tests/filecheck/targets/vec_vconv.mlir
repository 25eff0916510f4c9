// RUN: ascdsl-opt %s -t ascendc | filecheck %s
// The conversion family as pyasc prints it, on element pairs the real headers accept
// (tests/unit/targets/test_real_headers.py compiles this file's output):
// CastDeq<T, U, [isSetMask,] isVecDeq, halfBlock>, AddReluCast/SubReluCast/AddDeqRelu
// <T, U, isSetMask> when masked and deduced at count level, MulCast deduced everywhere,
// SetDeqScale's three overloads.

// CHECK-LABEL: void emit_cast_deq(AscendC::LocalTensor<int8_t> v1, AscendC::LocalTensor<int16_t> v2, int32_t v3, uint64_t v4, int8_t v5, AscendC::UnaryRepeatParams v6) {
// CHECK-NEXT:    AscendC::CastDeq<int8_t, int16_t, 1, 1>(v1, v2, v3);
// CHECK-NEXT:    AscendC::CastDeq<int8_t, int16_t, 1, 0, 1>(v1, v2, v4, v5, v6);
// CHECK-NEXT:    uint64_t v1_mask_list0[] = {v4, v4};
// CHECK-NEXT:    AscendC::CastDeq<int8_t, int16_t, 0, 1, 0>(v1, v2, v1_mask_list0, v5, v6);
func.func @emit_cast_deq(%arg0: !ascendc.local_tensor<256xi8>, %arg1: !ascendc.local_tensor<256xi16>, %arg2: i32, %arg3: ui64, %arg4: i8, %arg5: !ascendc.unary_repeat_params) {
  ascendc.cast_deq_l2 %arg0, %arg1, %arg2 {halfBlock, isVecDeq} : !ascendc.local_tensor<256xi8>, !ascendc.local_tensor<256xi16>, i32
  ascendc.cast_deq_l0 %arg0, %arg1, %arg3, %arg4, %arg5 {halfBlock, isSetMask} : !ascendc.local_tensor<256xi8>, !ascendc.local_tensor<256xi16>, ui64, i8, !ascendc.unary_repeat_params
  ascendc.cast_deq_l1 %arg0, %arg1, %arg3, %arg3, %arg4, %arg5 {isVecDeq} : !ascendc.local_tensor<256xi8>, !ascendc.local_tensor<256xi16>, ui64, ui64, i8, !ascendc.unary_repeat_params
  return
}

// CHECK-LABEL: void emit_relu_cast(AscendC::LocalTensor<half> v1, AscendC::LocalTensor<float> v2, AscendC::LocalTensor<int32_t> v3, int32_t v4, uint64_t v5, int8_t v6, AscendC::BinaryRepeatParams v7) {
// CHECK-NEXT:    AscendC::AddReluCast(v1, v2, v2, v4);
// CHECK-NEXT:    AscendC::SubReluCast<half, float, 1>(v1, v2, v2, v5, v6, v7);
// CHECK-NEXT:    uint64_t v1_mask_list0[] = {v5, v5};
// CHECK-NEXT:    AscendC::AddReluCast<half, float, 0>(v1, v2, v2, v1_mask_list0, v6, v7);
// CHECK-NEXT:    AscendC::AddDeqRelu(v1, v3, v3, v4);
// CHECK-NEXT:    AscendC::AddDeqRelu<half, int32_t, 1>(v1, v3, v3, v5, v6, v7);
func.func @emit_relu_cast(%arg0: !ascendc.local_tensor<256xf16>, %arg1: !ascendc.local_tensor<256xf32>, %arg2: !ascendc.local_tensor<256xi32>, %arg3: i32, %arg4: ui64, %arg5: i8, %arg6: !ascendc.binary_repeat_params) {
  ascendc.add_relu_cast_l2 %arg0, %arg1, %arg1, %arg3 : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32
  ascendc.sub_relu_cast_l0 %arg0, %arg1, %arg1, %arg4, %arg5, %arg6 {isSetMask} : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, ui64, i8, !ascendc.binary_repeat_params
  ascendc.add_relu_cast_l1 %arg0, %arg1, %arg1, %arg4, %arg4, %arg5, %arg6 : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, ui64, ui64, i8, !ascendc.binary_repeat_params
  ascendc.add_deq_relu_l2 %arg0, %arg2, %arg2, %arg3 : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xi32>, !ascendc.local_tensor<256xi32>, i32
  ascendc.add_deq_relu_l0 %arg0, %arg2, %arg2, %arg4, %arg5, %arg6 {isSetMask} : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xi32>, !ascendc.local_tensor<256xi32>, ui64, i8, !ascendc.binary_repeat_params
  return
}

// CHECK-LABEL: void emit_mul_cast(AscendC::LocalTensor<int8_t> v1, AscendC::LocalTensor<half> v2, int32_t v3, uint64_t v4, int8_t v5, AscendC::BinaryRepeatParams v6) {
// CHECK-NEXT:    AscendC::MulCast(v1, v2, v2, v3);
// CHECK-NEXT:    AscendC::MulCast(v1, v2, v2, v4, v5, v6);
func.func @emit_mul_cast(%arg0: !ascendc.local_tensor<256xi8>, %arg1: !ascendc.local_tensor<256xf16>, %arg2: i32, %arg3: ui64, %arg4: i8, %arg5: !ascendc.binary_repeat_params) {
  ascendc.mul_cast_l2 %arg0, %arg1, %arg1, %arg2 : !ascendc.local_tensor<256xi8>, !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, i32
  ascendc.mul_cast_l0 %arg0, %arg1, %arg1, %arg3, %arg4, %arg5 : !ascendc.local_tensor<256xi8>, !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, ui64, i8, !ascendc.binary_repeat_params
  return
}

// CHECK-LABEL: void emit_set_deq_scale(half v1, float v2, int16_t v3, bool v4, AscendC::LocalTensor<uint64_t> v5, AscendC::VdeqInfo v6) {
// CHECK-NEXT:    AscendC::SetDeqScale(v1);
// CHECK-NEXT:    AscendC::SetDeqScale(v2, v3, v4);
// CHECK-NEXT:    AscendC::SetDeqScale(v5, v6);
func.func @emit_set_deq_scale(%arg0: f16, %arg1: f32, %arg2: i16, %arg3: i1, %arg4: !ascendc.local_tensor<16xui64>, %arg5: !ascendc.vdeq_info) {
  ascendc.set_deq_scale %arg0 : f16
  ascendc.set_deq_scale %arg1, %arg2, %arg3 : f32, i16, i1
  ascendc.set_deq_scale_l4 %arg4, %arg5 : !ascendc.local_tensor<16xui64>, !ascendc.vdeq_info
  return
}
