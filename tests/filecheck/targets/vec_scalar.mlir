// RUN: ascdsl-opt %s -t ascendc | filecheck %s
// Vector-scalar ops at L0, L1 and L2, all with <T, isSetMask> template arguments.

// CHECK-LABEL: void emit_adds(AscendC::LocalTensor<float> v1, AscendC::LocalTensor<float> v2, float v3, int32_t v4, AscendC::UnaryRepeatParams v5, uint64_t v6) {
// CHECK-NEXT:    AscendC::Adds<float, 1>(v1, v2, v3, v4, v4, v5);
// CHECK-NEXT:    uint64_t v1_mask_list0[] = {v6};
// CHECK-NEXT:    AscendC::Adds<float, 0>(v1, v2, v3, v1_mask_list0, v4, v5);
// CHECK-NEXT:    AscendC::Adds<float, 0>(v1, v2, v3, v4);
// CHECK-NEXT:    return;
func.func @emit_adds(%arg0: !ascendc.local_tensor<512xf32>, %arg1: !ascendc.local_tensor<512xf32>, %arg2: f32, %arg3: i32, %arg4: !ascendc.unary_repeat_params, %arg5: ui64) {
  ascendc.adds_l0 %arg0, %arg1, %arg2, %arg3, %arg3, %arg4 {isSetMask} : !ascendc.local_tensor<512xf32>, !ascendc.local_tensor<512xf32>, f32, i32, i32, !ascendc.unary_repeat_params
  ascendc.adds_l1 %arg0, %arg1, %arg2, %arg5, %arg3, %arg4 : !ascendc.local_tensor<512xf32>, !ascendc.local_tensor<512xf32>, f32, ui64, i32, !ascendc.unary_repeat_params
  ascendc.adds_l2 %arg0, %arg1, %arg2, %arg3 : !ascendc.local_tensor<512xf32>, !ascendc.local_tensor<512xf32>, f32, i32
  return
}

// CHECK-LABEL: void emit_muls(AscendC::LocalTensor<float> v1, AscendC::LocalTensor<float> v2, float v3, int32_t v4, AscendC::UnaryRepeatParams v5, uint64_t v6) {
// CHECK-NEXT:    AscendC::Muls<float, 1>(v1, v2, v3, v4, v4, v5);
// CHECK-NEXT:    uint64_t v1_mask_list0[] = {v6};
// CHECK-NEXT:    AscendC::Muls<float, 0>(v1, v2, v3, v1_mask_list0, v4, v5);
// CHECK-NEXT:    AscendC::Muls<float, 0>(v1, v2, v3, v4);
// CHECK-NEXT:    return;
func.func @emit_muls(%arg0: !ascendc.local_tensor<512xf32>, %arg1: !ascendc.local_tensor<512xf32>, %arg2: f32, %arg3: i32, %arg4: !ascendc.unary_repeat_params, %arg5: ui64) {
  ascendc.muls_l0 %arg0, %arg1, %arg2, %arg3, %arg3, %arg4 {isSetMask} : !ascendc.local_tensor<512xf32>, !ascendc.local_tensor<512xf32>, f32, i32, i32, !ascendc.unary_repeat_params
  ascendc.muls_l1 %arg0, %arg1, %arg2, %arg5, %arg3, %arg4 : !ascendc.local_tensor<512xf32>, !ascendc.local_tensor<512xf32>, f32, ui64, i32, !ascendc.unary_repeat_params
  ascendc.muls_l2 %arg0, %arg1, %arg2, %arg3 : !ascendc.local_tensor<512xf32>, !ascendc.local_tensor<512xf32>, f32, i32
  return
}

// CHECK-LABEL: void emit_maxs(AscendC::LocalTensor<float> v1, AscendC::LocalTensor<float> v2, float v3, int32_t v4, AscendC::UnaryRepeatParams v5, uint64_t v6) {
// CHECK-NEXT:    AscendC::Maxs<float, 1>(v1, v2, v3, v4, v4, v5);
// CHECK-NEXT:    uint64_t v1_mask_list0[] = {v6};
// CHECK-NEXT:    AscendC::Maxs<float, 0>(v1, v2, v3, v1_mask_list0, v4, v5);
// CHECK-NEXT:    AscendC::Maxs<float, 0>(v1, v2, v3, v4);
// CHECK-NEXT:    return;
func.func @emit_maxs(%arg0: !ascendc.local_tensor<512xf32>, %arg1: !ascendc.local_tensor<512xf32>, %arg2: f32, %arg3: i32, %arg4: !ascendc.unary_repeat_params, %arg5: ui64) {
  ascendc.maxs_l0 %arg0, %arg1, %arg2, %arg3, %arg3, %arg4 {isSetMask} : !ascendc.local_tensor<512xf32>, !ascendc.local_tensor<512xf32>, f32, i32, i32, !ascendc.unary_repeat_params
  ascendc.maxs_l1 %arg0, %arg1, %arg2, %arg5, %arg3, %arg4 : !ascendc.local_tensor<512xf32>, !ascendc.local_tensor<512xf32>, f32, ui64, i32, !ascendc.unary_repeat_params
  ascendc.maxs_l2 %arg0, %arg1, %arg2, %arg3 : !ascendc.local_tensor<512xf32>, !ascendc.local_tensor<512xf32>, f32, i32
  return
}

// CHECK-LABEL: void emit_mins(AscendC::LocalTensor<float> v1, AscendC::LocalTensor<float> v2, float v3, int32_t v4, AscendC::UnaryRepeatParams v5, uint64_t v6) {
// CHECK-NEXT:    AscendC::Mins<float, 1>(v1, v2, v3, v4, v4, v5);
// CHECK-NEXT:    uint64_t v1_mask_list0[] = {v6};
// CHECK-NEXT:    AscendC::Mins<float, 0>(v1, v2, v3, v1_mask_list0, v4, v5);
// CHECK-NEXT:    AscendC::Mins<float, 0>(v1, v2, v3, v4);
// CHECK-NEXT:    return;
func.func @emit_mins(%arg0: !ascendc.local_tensor<512xf32>, %arg1: !ascendc.local_tensor<512xf32>, %arg2: f32, %arg3: i32, %arg4: !ascendc.unary_repeat_params, %arg5: ui64) {
  ascendc.mins_l0 %arg0, %arg1, %arg2, %arg3, %arg3, %arg4 {isSetMask} : !ascendc.local_tensor<512xf32>, !ascendc.local_tensor<512xf32>, f32, i32, i32, !ascendc.unary_repeat_params
  ascendc.mins_l1 %arg0, %arg1, %arg2, %arg5, %arg3, %arg4 : !ascendc.local_tensor<512xf32>, !ascendc.local_tensor<512xf32>, f32, ui64, i32, !ascendc.unary_repeat_params
  ascendc.mins_l2 %arg0, %arg1, %arg2, %arg3 : !ascendc.local_tensor<512xf32>, !ascendc.local_tensor<512xf32>, f32, i32
  return
}

// CHECK-LABEL: void emit_leaky_relu(AscendC::LocalTensor<float> v1, AscendC::LocalTensor<float> v2, float v3, int32_t v4, AscendC::UnaryRepeatParams v5, uint64_t v6) {
// CHECK-NEXT:    AscendC::LeakyRelu<float, 1>(v1, v2, v3, v4, v4, v5);
// CHECK-NEXT:    uint64_t v1_mask_list0[] = {v6};
// CHECK-NEXT:    AscendC::LeakyRelu<float, 0>(v1, v2, v3, v1_mask_list0, v4, v5);
// CHECK-NEXT:    AscendC::LeakyRelu<float, 0>(v1, v2, v3, v4);
// CHECK-NEXT:    return;
func.func @emit_leaky_relu(%arg0: !ascendc.local_tensor<512xf32>, %arg1: !ascendc.local_tensor<512xf32>, %arg2: f32, %arg3: i32, %arg4: !ascendc.unary_repeat_params, %arg5: ui64) {
  ascendc.leaky_relu_l0 %arg0, %arg1, %arg2, %arg3, %arg3, %arg4 {isSetMask} : !ascendc.local_tensor<512xf32>, !ascendc.local_tensor<512xf32>, f32, i32, i32, !ascendc.unary_repeat_params
  ascendc.leaky_relu_l1 %arg0, %arg1, %arg2, %arg5, %arg3, %arg4 : !ascendc.local_tensor<512xf32>, !ascendc.local_tensor<512xf32>, f32, ui64, i32, !ascendc.unary_repeat_params
  ascendc.leaky_relu_l2 %arg0, %arg1, %arg2, %arg3 : !ascendc.local_tensor<512xf32>, !ascendc.local_tensor<512xf32>, f32, i32
  return
}

// CHECK-LABEL: void emit_shift_left(AscendC::LocalTensor<int32_t> v1, AscendC::LocalTensor<int32_t> v2, int32_t v3, int32_t v4, AscendC::UnaryRepeatParams v5, uint64_t v6) {
// CHECK-NEXT:    AscendC::ShiftLeft<int32_t, 1>(v1, v2, v3, v4, v4, v5);
// CHECK-NEXT:    uint64_t v1_mask_list0[] = {v6};
// CHECK-NEXT:    AscendC::ShiftLeft<int32_t, 0>(v1, v2, v3, v1_mask_list0, v4, v5);
// CHECK-NEXT:    AscendC::ShiftLeft<int32_t, 0>(v1, v2, v3, v4);
// CHECK-NEXT:    return;
func.func @emit_shift_left(%arg0: !ascendc.local_tensor<512xi32>, %arg1: !ascendc.local_tensor<512xi32>, %arg2: i32, %arg3: i32, %arg4: !ascendc.unary_repeat_params, %arg5: ui64) {
  ascendc.shift_left_l0 %arg0, %arg1, %arg2, %arg3, %arg3, %arg4 {isSetMask} : !ascendc.local_tensor<512xi32>, !ascendc.local_tensor<512xi32>, i32, i32, i32, !ascendc.unary_repeat_params
  ascendc.shift_left_l1 %arg0, %arg1, %arg2, %arg5, %arg3, %arg4 : !ascendc.local_tensor<512xi32>, !ascendc.local_tensor<512xi32>, i32, ui64, i32, !ascendc.unary_repeat_params
  ascendc.shift_left_l2 %arg0, %arg1, %arg2, %arg3 : !ascendc.local_tensor<512xi32>, !ascendc.local_tensor<512xi32>, i32, i32
  return
}

// CHECK-LABEL: void emit_shift_right(AscendC::LocalTensor<int32_t> v1, AscendC::LocalTensor<int32_t> v2, int32_t v3, int32_t v4, AscendC::UnaryRepeatParams v5, uint64_t v6) {
// CHECK-NEXT:    AscendC::ShiftRight<int32_t, 1>(v1, v2, v3, v4, v4, v5);
// CHECK-NEXT:    uint64_t v1_mask_list0[] = {v6};
// CHECK-NEXT:    AscendC::ShiftRight<int32_t, 0>(v1, v2, v3, v1_mask_list0, v4, v5);
// CHECK-NEXT:    AscendC::ShiftRight<int32_t, 0>(v1, v2, v3, v4);
// CHECK-NEXT:    return;
func.func @emit_shift_right(%arg0: !ascendc.local_tensor<512xi32>, %arg1: !ascendc.local_tensor<512xi32>, %arg2: i32, %arg3: i32, %arg4: !ascendc.unary_repeat_params, %arg5: ui64) {
  ascendc.shift_right_l0 %arg0, %arg1, %arg2, %arg3, %arg3, %arg4 {isSetMask} : !ascendc.local_tensor<512xi32>, !ascendc.local_tensor<512xi32>, i32, i32, i32, !ascendc.unary_repeat_params
  ascendc.shift_right_l1 %arg0, %arg1, %arg2, %arg5, %arg3, %arg4 : !ascendc.local_tensor<512xi32>, !ascendc.local_tensor<512xi32>, i32, ui64, i32, !ascendc.unary_repeat_params
  ascendc.shift_right_l2 %arg0, %arg1, %arg2, %arg3 : !ascendc.local_tensor<512xi32>, !ascendc.local_tensor<512xi32>, i32, i32
  return
}
