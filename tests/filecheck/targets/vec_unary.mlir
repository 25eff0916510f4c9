// RUN: ascdsl-opt %s -t ascendc | filecheck %s
// Vector unary ops: L0/L1 take <T, isSetMask>, L2 deduces T from the tensors.

// CHECK-LABEL: void emit_abs(AscendC::LocalTensor<half> v1, AscendC::LocalTensor<half> v2, int32_t v3, AscendC::UnaryRepeatParams v4, uint64_t v5) {
// CHECK-NEXT:    AscendC::Abs<half, 1>(v1, v2, v3, v3, v4);
// CHECK-NEXT:    uint64_t v1_mask_list0[] = {v5, v5};
// CHECK-NEXT:    AscendC::Abs<half, 0>(v1, v2, v1_mask_list0, v3, v4);
// CHECK-NEXT:    AscendC::Abs(v1, v2, v3);
// CHECK-NEXT:    return;
func.func @emit_abs(%arg0: !ascendc.local_tensor<256xf16>, %arg1: !ascendc.local_tensor<256xf16>, %arg2: i32, %arg3: !ascendc.unary_repeat_params, %arg4: ui64) {
  ascendc.abs_l0 %arg0, %arg1, %arg2, %arg2, %arg3 {isSetMask} : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, i32, i32, !ascendc.unary_repeat_params
  ascendc.abs_l1 %arg0, %arg1, %arg4, %arg4, %arg2, %arg3 : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, ui64, ui64, i32, !ascendc.unary_repeat_params
  ascendc.abs_l2 %arg0, %arg1, %arg2 : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, i32
  return
}

// CHECK-LABEL: void emit_exp(AscendC::LocalTensor<half> v1, AscendC::LocalTensor<half> v2, int32_t v3, AscendC::UnaryRepeatParams v4, uint64_t v5) {
// CHECK-NEXT:    AscendC::Exp<half, 1>(v1, v2, v3, v3, v4);
// CHECK-NEXT:    uint64_t v1_mask_list0[] = {v5, v5};
// CHECK-NEXT:    AscendC::Exp<half, 0>(v1, v2, v1_mask_list0, v3, v4);
// CHECK-NEXT:    AscendC::Exp(v1, v2, v3);
// CHECK-NEXT:    return;
func.func @emit_exp(%arg0: !ascendc.local_tensor<256xf16>, %arg1: !ascendc.local_tensor<256xf16>, %arg2: i32, %arg3: !ascendc.unary_repeat_params, %arg4: ui64) {
  ascendc.exp_l0 %arg0, %arg1, %arg2, %arg2, %arg3 {isSetMask} : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, i32, i32, !ascendc.unary_repeat_params
  ascendc.exp_l1 %arg0, %arg1, %arg4, %arg4, %arg2, %arg3 : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, ui64, ui64, i32, !ascendc.unary_repeat_params
  ascendc.exp_l2 %arg0, %arg1, %arg2 : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, i32
  return
}

// CHECK-LABEL: void emit_ln(AscendC::LocalTensor<half> v1, AscendC::LocalTensor<half> v2, int32_t v3, AscendC::UnaryRepeatParams v4, uint64_t v5) {
// CHECK-NEXT:    AscendC::Ln<half, 1>(v1, v2, v3, v3, v4);
// CHECK-NEXT:    uint64_t v1_mask_list0[] = {v5, v5};
// CHECK-NEXT:    AscendC::Ln<half, 0>(v1, v2, v1_mask_list0, v3, v4);
// CHECK-NEXT:    AscendC::Ln(v1, v2, v3);
// CHECK-NEXT:    return;
func.func @emit_ln(%arg0: !ascendc.local_tensor<256xf16>, %arg1: !ascendc.local_tensor<256xf16>, %arg2: i32, %arg3: !ascendc.unary_repeat_params, %arg4: ui64) {
  ascendc.ln_l0 %arg0, %arg1, %arg2, %arg2, %arg3 {isSetMask} : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, i32, i32, !ascendc.unary_repeat_params
  ascendc.ln_l1 %arg0, %arg1, %arg4, %arg4, %arg2, %arg3 : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, ui64, ui64, i32, !ascendc.unary_repeat_params
  ascendc.ln_l2 %arg0, %arg1, %arg2 : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, i32
  return
}

// CHECK-LABEL: void emit_relu(AscendC::LocalTensor<half> v1, AscendC::LocalTensor<half> v2, int32_t v3, AscendC::UnaryRepeatParams v4, uint64_t v5) {
// CHECK-NEXT:    AscendC::Relu<half, 1>(v1, v2, v3, v3, v4);
// CHECK-NEXT:    uint64_t v1_mask_list0[] = {v5, v5};
// CHECK-NEXT:    AscendC::Relu<half, 0>(v1, v2, v1_mask_list0, v3, v4);
// CHECK-NEXT:    AscendC::Relu(v1, v2, v3);
// CHECK-NEXT:    return;
func.func @emit_relu(%arg0: !ascendc.local_tensor<256xf16>, %arg1: !ascendc.local_tensor<256xf16>, %arg2: i32, %arg3: !ascendc.unary_repeat_params, %arg4: ui64) {
  ascendc.relu_l0 %arg0, %arg1, %arg2, %arg2, %arg3 {isSetMask} : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, i32, i32, !ascendc.unary_repeat_params
  ascendc.relu_l1 %arg0, %arg1, %arg4, %arg4, %arg2, %arg3 : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, ui64, ui64, i32, !ascendc.unary_repeat_params
  ascendc.relu_l2 %arg0, %arg1, %arg2 : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, i32
  return
}

// CHECK-LABEL: void emit_rsqrt(AscendC::LocalTensor<half> v1, AscendC::LocalTensor<half> v2, int32_t v3, AscendC::UnaryRepeatParams v4, uint64_t v5) {
// CHECK-NEXT:    AscendC::Rsqrt<half, 1>(v1, v2, v3, v3, v4);
// CHECK-NEXT:    uint64_t v1_mask_list0[] = {v5, v5};
// CHECK-NEXT:    AscendC::Rsqrt<half, 0>(v1, v2, v1_mask_list0, v3, v4);
// CHECK-NEXT:    AscendC::Rsqrt(v1, v2, v3);
// CHECK-NEXT:    return;
func.func @emit_rsqrt(%arg0: !ascendc.local_tensor<256xf16>, %arg1: !ascendc.local_tensor<256xf16>, %arg2: i32, %arg3: !ascendc.unary_repeat_params, %arg4: ui64) {
  ascendc.rsqrt_l0 %arg0, %arg1, %arg2, %arg2, %arg3 {isSetMask} : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, i32, i32, !ascendc.unary_repeat_params
  ascendc.rsqrt_l1 %arg0, %arg1, %arg4, %arg4, %arg2, %arg3 : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, ui64, ui64, i32, !ascendc.unary_repeat_params
  ascendc.rsqrt_l2 %arg0, %arg1, %arg2 : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, i32
  return
}

// CHECK-LABEL: void emit_sqrt(AscendC::LocalTensor<half> v1, AscendC::LocalTensor<half> v2, int32_t v3, AscendC::UnaryRepeatParams v4, uint64_t v5) {
// CHECK-NEXT:    AscendC::Sqrt<half, 1>(v1, v2, v3, v3, v4);
// CHECK-NEXT:    uint64_t v1_mask_list0[] = {v5, v5};
// CHECK-NEXT:    AscendC::Sqrt<half, 0>(v1, v2, v1_mask_list0, v3, v4);
// CHECK-NEXT:    AscendC::Sqrt(v1, v2, v3);
// CHECK-NEXT:    return;
func.func @emit_sqrt(%arg0: !ascendc.local_tensor<256xf16>, %arg1: !ascendc.local_tensor<256xf16>, %arg2: i32, %arg3: !ascendc.unary_repeat_params, %arg4: ui64) {
  ascendc.sqrt_l0 %arg0, %arg1, %arg2, %arg2, %arg3 {isSetMask} : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, i32, i32, !ascendc.unary_repeat_params
  ascendc.sqrt_l1 %arg0, %arg1, %arg4, %arg4, %arg2, %arg3 : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, ui64, ui64, i32, !ascendc.unary_repeat_params
  ascendc.sqrt_l2 %arg0, %arg1, %arg2 : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, i32
  return
}

// CHECK-LABEL: void emit_reciprocal(AscendC::LocalTensor<half> v1, AscendC::LocalTensor<half> v2, int32_t v3, AscendC::UnaryRepeatParams v4, uint64_t v5) {
// CHECK-NEXT:    AscendC::Reciprocal<half, 1>(v1, v2, v3, v3, v4);
// CHECK-NEXT:    uint64_t v1_mask_list0[] = {v5, v5};
// CHECK-NEXT:    AscendC::Reciprocal<half, 0>(v1, v2, v1_mask_list0, v3, v4);
// CHECK-NEXT:    AscendC::Reciprocal(v1, v2, v3);
// CHECK-NEXT:    return;
func.func @emit_reciprocal(%arg0: !ascendc.local_tensor<256xf16>, %arg1: !ascendc.local_tensor<256xf16>, %arg2: i32, %arg3: !ascendc.unary_repeat_params, %arg4: ui64) {
  ascendc.reciprocal_l0 %arg0, %arg1, %arg2, %arg2, %arg3 {isSetMask} : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, i32, i32, !ascendc.unary_repeat_params
  ascendc.reciprocal_l1 %arg0, %arg1, %arg4, %arg4, %arg2, %arg3 : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, ui64, ui64, i32, !ascendc.unary_repeat_params
  ascendc.reciprocal_l2 %arg0, %arg1, %arg2 : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, i32
  return
}

// CHECK-LABEL: void emit_not(AscendC::LocalTensor<int16_t> v1, AscendC::LocalTensor<int16_t> v2, int32_t v3, AscendC::UnaryRepeatParams v4, uint64_t v5) {
// CHECK-NEXT:    AscendC::Not<int16_t, 1>(v1, v2, v3, v3, v4);
// CHECK-NEXT:    uint64_t v1_mask_list0[] = {v5, v5};
// CHECK-NEXT:    AscendC::Not<int16_t, 0>(v1, v2, v1_mask_list0, v3, v4);
// CHECK-NEXT:    AscendC::Not(v1, v2, v3);
// CHECK-NEXT:    return;
func.func @emit_not(%arg0: !ascendc.local_tensor<256xi16>, %arg1: !ascendc.local_tensor<256xi16>, %arg2: i32, %arg3: !ascendc.unary_repeat_params, %arg4: ui64) {
  ascendc.not_l0 %arg0, %arg1, %arg2, %arg2, %arg3 {isSetMask} : !ascendc.local_tensor<256xi16>, !ascendc.local_tensor<256xi16>, i32, i32, !ascendc.unary_repeat_params
  ascendc.not_l1 %arg0, %arg1, %arg4, %arg4, %arg2, %arg3 : !ascendc.local_tensor<256xi16>, !ascendc.local_tensor<256xi16>, ui64, ui64, i32, !ascendc.unary_repeat_params
  ascendc.not_l2 %arg0, %arg1, %arg2 : !ascendc.local_tensor<256xi16>, !ascendc.local_tensor<256xi16>, i32
  return
}

// CHECK-LABEL: void emit_neg(AscendC::LocalTensor<half> v1, AscendC::LocalTensor<half> v2, int32_t v3, AscendC::UnaryRepeatParams v4, uint64_t v5) {
// CHECK-NEXT:    AscendC::Neg(v1, v2, v3);
// CHECK-NEXT:    return;
func.func @emit_neg(%arg0: !ascendc.local_tensor<256xf16>, %arg1: !ascendc.local_tensor<256xf16>, %arg2: i32, %arg3: !ascendc.unary_repeat_params, %arg4: ui64) {
  ascendc.neg_l2 %arg0, %arg1, %arg2 : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, i32
  return
}

// CHECK-LABEL: void emit_exp_count_first(int32_t v1, AscendC::LocalTensor<float> v2, AscendC::LocalTensor<float> v3) {
// CHECK-NEXT:    AscendC::Exp(v2, v3, v1);
func.func @emit_exp_count_first(%arg0 : i32, %arg1 : !ascendc.local_tensor<1024xf32>, %arg2 : !ascendc.local_tensor<1024xf32>) {
  ascendc.exp_l2 %arg1, %arg2, %arg0 : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, i32
  return
}
