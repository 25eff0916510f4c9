// RUN: ascdsl-opt %s -t ascendc | filecheck %s
// Vector binary ops at every level: L0 (mask + repeat params), L1 (mask words -> a
// uint64_t array, one name per use), L2 (element count), L3 (LocalTensor operators).
// Template arguments: the element type and isSetMask (1 when the unit property is set).

// CHECK-LABEL: void emit_add(AscendC::LocalTensor<float> v1, AscendC::LocalTensor<float> v2, AscendC::LocalTensor<float> v3, int32_t v4, AscendC::BinaryRepeatParams v5, uint64_t v6, uint64_t v7) {
// CHECK-NEXT:    AscendC::Add<float, 1>(v1, v2, v3, v4, v4, v5);
// CHECK-NEXT:    AscendC::Add<float, 0>(v1, v2, v3, v4, v4, v5);
// CHECK-NEXT:    uint64_t v1_mask_list0[] = {v6, v7};
// CHECK-NEXT:    AscendC::Add<float, 0>(v1, v2, v3, v1_mask_list0, v4, v5);
// CHECK-NEXT:    uint64_t v1_mask_list1[] = {v6, v7};
// CHECK-NEXT:    AscendC::Add<float, 1>(v1, v2, v3, v1_mask_list1, v4, v5);
// CHECK-NEXT:    AscendC::Add(v1, v2, v3, v4);
// CHECK-NEXT:    v1 = v2.operator+(v3);
// CHECK-NEXT:    return;
func.func @emit_add(%arg0: !ascendc.local_tensor<1024xf32>, %arg1: !ascendc.local_tensor<1024xf32>, %arg2: !ascendc.local_tensor<1024xf32>, %arg3: i32, %arg4: !ascendc.binary_repeat_params, %arg5: ui64, %arg6: ui64) {
  ascendc.add_l0 %arg0, %arg1, %arg2, %arg3, %arg3, %arg4 {isSetMask} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, i32, i32, !ascendc.binary_repeat_params
  ascendc.add_l0 %arg0, %arg1, %arg2, %arg3, %arg3, %arg4 : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, i32, i32, !ascendc.binary_repeat_params
  ascendc.add_l1 %arg0, %arg1, %arg2, %arg5, %arg6, %arg3, %arg4 : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, ui64, ui64, i32, !ascendc.binary_repeat_params
  ascendc.add_l1 %arg0, %arg1, %arg2, %arg5, %arg6, %arg3, %arg4 {isSetMask} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, ui64, ui64, i32, !ascendc.binary_repeat_params
  ascendc.add_l2 %arg0, %arg1, %arg2, %arg3 : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, i32
  ascendc.add_l3 %arg0, %arg1, %arg2 : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>
  return
}

// CHECK-LABEL: void emit_sub(AscendC::LocalTensor<float> v1, AscendC::LocalTensor<float> v2, AscendC::LocalTensor<float> v3, int32_t v4, AscendC::BinaryRepeatParams v5, uint64_t v6, uint64_t v7) {
// CHECK-NEXT:    AscendC::Sub<float, 1>(v1, v2, v3, v4, v4, v5);
// CHECK-NEXT:    AscendC::Sub<float, 0>(v1, v2, v3, v4, v4, v5);
// CHECK-NEXT:    uint64_t v1_mask_list0[] = {v6, v7};
// CHECK-NEXT:    AscendC::Sub<float, 0>(v1, v2, v3, v1_mask_list0, v4, v5);
// CHECK-NEXT:    uint64_t v1_mask_list1[] = {v6, v7};
// CHECK-NEXT:    AscendC::Sub<float, 1>(v1, v2, v3, v1_mask_list1, v4, v5);
// CHECK-NEXT:    AscendC::Sub(v1, v2, v3, v4);
// CHECK-NEXT:    v1 = v2.operator-(v3);
// CHECK-NEXT:    return;
func.func @emit_sub(%arg0: !ascendc.local_tensor<1024xf32>, %arg1: !ascendc.local_tensor<1024xf32>, %arg2: !ascendc.local_tensor<1024xf32>, %arg3: i32, %arg4: !ascendc.binary_repeat_params, %arg5: ui64, %arg6: ui64) {
  ascendc.sub_l0 %arg0, %arg1, %arg2, %arg3, %arg3, %arg4 {isSetMask} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, i32, i32, !ascendc.binary_repeat_params
  ascendc.sub_l0 %arg0, %arg1, %arg2, %arg3, %arg3, %arg4 : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, i32, i32, !ascendc.binary_repeat_params
  ascendc.sub_l1 %arg0, %arg1, %arg2, %arg5, %arg6, %arg3, %arg4 : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, ui64, ui64, i32, !ascendc.binary_repeat_params
  ascendc.sub_l1 %arg0, %arg1, %arg2, %arg5, %arg6, %arg3, %arg4 {isSetMask} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, ui64, ui64, i32, !ascendc.binary_repeat_params
  ascendc.sub_l2 %arg0, %arg1, %arg2, %arg3 : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, i32
  ascendc.sub_l3 %arg0, %arg1, %arg2 : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>
  return
}

// CHECK-LABEL: void emit_mul(AscendC::LocalTensor<float> v1, AscendC::LocalTensor<float> v2, AscendC::LocalTensor<float> v3, int32_t v4, AscendC::BinaryRepeatParams v5, uint64_t v6, uint64_t v7) {
// CHECK-NEXT:    AscendC::Mul<float, 1>(v1, v2, v3, v4, v4, v5);
// CHECK-NEXT:    AscendC::Mul<float, 0>(v1, v2, v3, v4, v4, v5);
// CHECK-NEXT:    uint64_t v1_mask_list0[] = {v6, v7};
// CHECK-NEXT:    AscendC::Mul<float, 0>(v1, v2, v3, v1_mask_list0, v4, v5);
// CHECK-NEXT:    uint64_t v1_mask_list1[] = {v6, v7};
// CHECK-NEXT:    AscendC::Mul<float, 1>(v1, v2, v3, v1_mask_list1, v4, v5);
// CHECK-NEXT:    AscendC::Mul(v1, v2, v3, v4);
// CHECK-NEXT:    v1 = v2.operator*(v3);
// CHECK-NEXT:    return;
func.func @emit_mul(%arg0: !ascendc.local_tensor<1024xf32>, %arg1: !ascendc.local_tensor<1024xf32>, %arg2: !ascendc.local_tensor<1024xf32>, %arg3: i32, %arg4: !ascendc.binary_repeat_params, %arg5: ui64, %arg6: ui64) {
  ascendc.mul_l0 %arg0, %arg1, %arg2, %arg3, %arg3, %arg4 {isSetMask} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, i32, i32, !ascendc.binary_repeat_params
  ascendc.mul_l0 %arg0, %arg1, %arg2, %arg3, %arg3, %arg4 : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, i32, i32, !ascendc.binary_repeat_params
  ascendc.mul_l1 %arg0, %arg1, %arg2, %arg5, %arg6, %arg3, %arg4 : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, ui64, ui64, i32, !ascendc.binary_repeat_params
  ascendc.mul_l1 %arg0, %arg1, %arg2, %arg5, %arg6, %arg3, %arg4 {isSetMask} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, ui64, ui64, i32, !ascendc.binary_repeat_params
  ascendc.mul_l2 %arg0, %arg1, %arg2, %arg3 : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, i32
  ascendc.mul_l3 %arg0, %arg1, %arg2 : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>
  return
}

// CHECK-LABEL: void emit_div(AscendC::LocalTensor<float> v1, AscendC::LocalTensor<float> v2, AscendC::LocalTensor<float> v3, int32_t v4, AscendC::BinaryRepeatParams v5, uint64_t v6, uint64_t v7) {
// CHECK-NEXT:    AscendC::Div<float, 1>(v1, v2, v3, v4, v4, v5);
// CHECK-NEXT:    AscendC::Div<float, 0>(v1, v2, v3, v4, v4, v5);
// CHECK-NEXT:    uint64_t v1_mask_list0[] = {v6, v7};
// CHECK-NEXT:    AscendC::Div<float, 0>(v1, v2, v3, v1_mask_list0, v4, v5);
// CHECK-NEXT:    uint64_t v1_mask_list1[] = {v6, v7};
// CHECK-NEXT:    AscendC::Div<float, 1>(v1, v2, v3, v1_mask_list1, v4, v5);
// CHECK-NEXT:    AscendC::Div(v1, v2, v3, v4);
// CHECK-NEXT:    v1 = v2.operator/(v3);
// CHECK-NEXT:    return;
func.func @emit_div(%arg0: !ascendc.local_tensor<1024xf32>, %arg1: !ascendc.local_tensor<1024xf32>, %arg2: !ascendc.local_tensor<1024xf32>, %arg3: i32, %arg4: !ascendc.binary_repeat_params, %arg5: ui64, %arg6: ui64) {
  ascendc.div_l0 %arg0, %arg1, %arg2, %arg3, %arg3, %arg4 {isSetMask} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, i32, i32, !ascendc.binary_repeat_params
  ascendc.div_l0 %arg0, %arg1, %arg2, %arg3, %arg3, %arg4 : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, i32, i32, !ascendc.binary_repeat_params
  ascendc.div_l1 %arg0, %arg1, %arg2, %arg5, %arg6, %arg3, %arg4 : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, ui64, ui64, i32, !ascendc.binary_repeat_params
  ascendc.div_l1 %arg0, %arg1, %arg2, %arg5, %arg6, %arg3, %arg4 {isSetMask} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, ui64, ui64, i32, !ascendc.binary_repeat_params
  ascendc.div_l2 %arg0, %arg1, %arg2, %arg3 : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, i32
  ascendc.div_l3 %arg0, %arg1, %arg2 : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>
  return
}

// CHECK-LABEL: void emit_max(AscendC::LocalTensor<float> v1, AscendC::LocalTensor<float> v2, AscendC::LocalTensor<float> v3, int32_t v4, AscendC::BinaryRepeatParams v5, uint64_t v6, uint64_t v7) {
// CHECK-NEXT:    AscendC::Max<float, 1>(v1, v2, v3, v4, v4, v5);
// CHECK-NEXT:    AscendC::Max<float, 0>(v1, v2, v3, v4, v4, v5);
// CHECK-NEXT:    uint64_t v1_mask_list0[] = {v6, v7};
// CHECK-NEXT:    AscendC::Max<float, 0>(v1, v2, v3, v1_mask_list0, v4, v5);
// CHECK-NEXT:    uint64_t v1_mask_list1[] = {v6, v7};
// CHECK-NEXT:    AscendC::Max<float, 1>(v1, v2, v3, v1_mask_list1, v4, v5);
// CHECK-NEXT:    AscendC::Max(v1, v2, v3, v4);
// CHECK-NEXT:    return;
func.func @emit_max(%arg0: !ascendc.local_tensor<1024xf32>, %arg1: !ascendc.local_tensor<1024xf32>, %arg2: !ascendc.local_tensor<1024xf32>, %arg3: i32, %arg4: !ascendc.binary_repeat_params, %arg5: ui64, %arg6: ui64) {
  ascendc.max_l0 %arg0, %arg1, %arg2, %arg3, %arg3, %arg4 {isSetMask} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, i32, i32, !ascendc.binary_repeat_params
  ascendc.max_l0 %arg0, %arg1, %arg2, %arg3, %arg3, %arg4 : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, i32, i32, !ascendc.binary_repeat_params
  ascendc.max_l1 %arg0, %arg1, %arg2, %arg5, %arg6, %arg3, %arg4 : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, ui64, ui64, i32, !ascendc.binary_repeat_params
  ascendc.max_l1 %arg0, %arg1, %arg2, %arg5, %arg6, %arg3, %arg4 {isSetMask} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, ui64, ui64, i32, !ascendc.binary_repeat_params
  ascendc.max_l2 %arg0, %arg1, %arg2, %arg3 : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, i32
  return
}

// CHECK-LABEL: void emit_min(AscendC::LocalTensor<float> v1, AscendC::LocalTensor<float> v2, AscendC::LocalTensor<float> v3, int32_t v4, AscendC::BinaryRepeatParams v5, uint64_t v6, uint64_t v7) {
// CHECK-NEXT:    AscendC::Min<float, 1>(v1, v2, v3, v4, v4, v5);
// CHECK-NEXT:    AscendC::Min<float, 0>(v1, v2, v3, v4, v4, v5);
// CHECK-NEXT:    uint64_t v1_mask_list0[] = {v6, v7};
// CHECK-NEXT:    AscendC::Min<float, 0>(v1, v2, v3, v1_mask_list0, v4, v5);
// CHECK-NEXT:    uint64_t v1_mask_list1[] = {v6, v7};
// CHECK-NEXT:    AscendC::Min<float, 1>(v1, v2, v3, v1_mask_list1, v4, v5);
// CHECK-NEXT:    AscendC::Min(v1, v2, v3, v4);
// CHECK-NEXT:    return;
func.func @emit_min(%arg0: !ascendc.local_tensor<1024xf32>, %arg1: !ascendc.local_tensor<1024xf32>, %arg2: !ascendc.local_tensor<1024xf32>, %arg3: i32, %arg4: !ascendc.binary_repeat_params, %arg5: ui64, %arg6: ui64) {
  ascendc.min_l0 %arg0, %arg1, %arg2, %arg3, %arg3, %arg4 {isSetMask} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, i32, i32, !ascendc.binary_repeat_params
  ascendc.min_l0 %arg0, %arg1, %arg2, %arg3, %arg3, %arg4 : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, i32, i32, !ascendc.binary_repeat_params
  ascendc.min_l1 %arg0, %arg1, %arg2, %arg5, %arg6, %arg3, %arg4 : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, ui64, ui64, i32, !ascendc.binary_repeat_params
  ascendc.min_l1 %arg0, %arg1, %arg2, %arg5, %arg6, %arg3, %arg4 {isSetMask} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, ui64, ui64, i32, !ascendc.binary_repeat_params
  ascendc.min_l2 %arg0, %arg1, %arg2, %arg3 : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, i32
  return
}

// CHECK-LABEL: void emit_and(AscendC::LocalTensor<int16_t> v1, AscendC::LocalTensor<int16_t> v2, AscendC::LocalTensor<int16_t> v3, int32_t v4, AscendC::BinaryRepeatParams v5, uint64_t v6, uint64_t v7) {
// CHECK-NEXT:    AscendC::And<int16_t, 1>(v1, v2, v3, v4, v4, v5);
// CHECK-NEXT:    AscendC::And<int16_t, 0>(v1, v2, v3, v4, v4, v5);
// CHECK-NEXT:    uint64_t v1_mask_list0[] = {v6, v7};
// CHECK-NEXT:    AscendC::And<int16_t, 0>(v1, v2, v3, v1_mask_list0, v4, v5);
// CHECK-NEXT:    uint64_t v1_mask_list1[] = {v6, v7};
// CHECK-NEXT:    AscendC::And<int16_t, 1>(v1, v2, v3, v1_mask_list1, v4, v5);
// CHECK-NEXT:    AscendC::And(v1, v2, v3, v4);
// CHECK-NEXT:    return;
func.func @emit_and(%arg0: !ascendc.local_tensor<1024xi16>, %arg1: !ascendc.local_tensor<1024xi16>, %arg2: !ascendc.local_tensor<1024xi16>, %arg3: i32, %arg4: !ascendc.binary_repeat_params, %arg5: ui64, %arg6: ui64) {
  ascendc.and_l0 %arg0, %arg1, %arg2, %arg3, %arg3, %arg4 {isSetMask} : !ascendc.local_tensor<1024xi16>, !ascendc.local_tensor<1024xi16>, !ascendc.local_tensor<1024xi16>, i32, i32, !ascendc.binary_repeat_params
  ascendc.and_l0 %arg0, %arg1, %arg2, %arg3, %arg3, %arg4 : !ascendc.local_tensor<1024xi16>, !ascendc.local_tensor<1024xi16>, !ascendc.local_tensor<1024xi16>, i32, i32, !ascendc.binary_repeat_params
  ascendc.and_l1 %arg0, %arg1, %arg2, %arg5, %arg6, %arg3, %arg4 : !ascendc.local_tensor<1024xi16>, !ascendc.local_tensor<1024xi16>, !ascendc.local_tensor<1024xi16>, ui64, ui64, i32, !ascendc.binary_repeat_params
  ascendc.and_l1 %arg0, %arg1, %arg2, %arg5, %arg6, %arg3, %arg4 {isSetMask} : !ascendc.local_tensor<1024xi16>, !ascendc.local_tensor<1024xi16>, !ascendc.local_tensor<1024xi16>, ui64, ui64, i32, !ascendc.binary_repeat_params
  ascendc.and_l2 %arg0, %arg1, %arg2, %arg3 : !ascendc.local_tensor<1024xi16>, !ascendc.local_tensor<1024xi16>, !ascendc.local_tensor<1024xi16>, i32
  return
}

// CHECK-LABEL: void emit_or(AscendC::LocalTensor<int16_t> v1, AscendC::LocalTensor<int16_t> v2, AscendC::LocalTensor<int16_t> v3, int32_t v4, AscendC::BinaryRepeatParams v5, uint64_t v6, uint64_t v7) {
// CHECK-NEXT:    AscendC::Or<int16_t, 1>(v1, v2, v3, v4, v4, v5);
// CHECK-NEXT:    AscendC::Or<int16_t, 0>(v1, v2, v3, v4, v4, v5);
// CHECK-NEXT:    uint64_t v1_mask_list0[] = {v6, v7};
// CHECK-NEXT:    AscendC::Or<int16_t, 0>(v1, v2, v3, v1_mask_list0, v4, v5);
// CHECK-NEXT:    uint64_t v1_mask_list1[] = {v6, v7};
// CHECK-NEXT:    AscendC::Or<int16_t, 1>(v1, v2, v3, v1_mask_list1, v4, v5);
// CHECK-NEXT:    AscendC::Or(v1, v2, v3, v4);
// CHECK-NEXT:    return;
func.func @emit_or(%arg0: !ascendc.local_tensor<1024xi16>, %arg1: !ascendc.local_tensor<1024xi16>, %arg2: !ascendc.local_tensor<1024xi16>, %arg3: i32, %arg4: !ascendc.binary_repeat_params, %arg5: ui64, %arg6: ui64) {
  ascendc.or_l0 %arg0, %arg1, %arg2, %arg3, %arg3, %arg4 {isSetMask} : !ascendc.local_tensor<1024xi16>, !ascendc.local_tensor<1024xi16>, !ascendc.local_tensor<1024xi16>, i32, i32, !ascendc.binary_repeat_params
  ascendc.or_l0 %arg0, %arg1, %arg2, %arg3, %arg3, %arg4 : !ascendc.local_tensor<1024xi16>, !ascendc.local_tensor<1024xi16>, !ascendc.local_tensor<1024xi16>, i32, i32, !ascendc.binary_repeat_params
  ascendc.or_l1 %arg0, %arg1, %arg2, %arg5, %arg6, %arg3, %arg4 : !ascendc.local_tensor<1024xi16>, !ascendc.local_tensor<1024xi16>, !ascendc.local_tensor<1024xi16>, ui64, ui64, i32, !ascendc.binary_repeat_params
  ascendc.or_l1 %arg0, %arg1, %arg2, %arg5, %arg6, %arg3, %arg4 {isSetMask} : !ascendc.local_tensor<1024xi16>, !ascendc.local_tensor<1024xi16>, !ascendc.local_tensor<1024xi16>, ui64, ui64, i32, !ascendc.binary_repeat_params
  ascendc.or_l2 %arg0, %arg1, %arg2, %arg3 : !ascendc.local_tensor<1024xi16>, !ascendc.local_tensor<1024xi16>, !ascendc.local_tensor<1024xi16>, i32
  return
}

// CHECK-LABEL: void emit_add_relu(AscendC::LocalTensor<float> v1, AscendC::LocalTensor<float> v2, AscendC::LocalTensor<float> v3, int32_t v4, AscendC::BinaryRepeatParams v5, uint64_t v6, uint64_t v7) {
// CHECK-NEXT:    AscendC::AddRelu<float, 1>(v1, v2, v3, v4, v4, v5);
// CHECK-NEXT:    AscendC::AddRelu<float, 0>(v1, v2, v3, v4, v4, v5);
// CHECK-NEXT:    uint64_t v1_mask_list0[] = {v6, v7};
// CHECK-NEXT:    AscendC::AddRelu<float, 0>(v1, v2, v3, v1_mask_list0, v4, v5);
// CHECK-NEXT:    uint64_t v1_mask_list1[] = {v6, v7};
// CHECK-NEXT:    AscendC::AddRelu<float, 1>(v1, v2, v3, v1_mask_list1, v4, v5);
// CHECK-NEXT:    AscendC::AddRelu(v1, v2, v3, v4);
// CHECK-NEXT:    return;
func.func @emit_add_relu(%arg0: !ascendc.local_tensor<1024xf32>, %arg1: !ascendc.local_tensor<1024xf32>, %arg2: !ascendc.local_tensor<1024xf32>, %arg3: i32, %arg4: !ascendc.binary_repeat_params, %arg5: ui64, %arg6: ui64) {
  ascendc.add_relu_l0 %arg0, %arg1, %arg2, %arg3, %arg3, %arg4 {isSetMask} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, i32, i32, !ascendc.binary_repeat_params
  ascendc.add_relu_l0 %arg0, %arg1, %arg2, %arg3, %arg3, %arg4 : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, i32, i32, !ascendc.binary_repeat_params
  ascendc.add_relu_l1 %arg0, %arg1, %arg2, %arg5, %arg6, %arg3, %arg4 : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, ui64, ui64, i32, !ascendc.binary_repeat_params
  ascendc.add_relu_l1 %arg0, %arg1, %arg2, %arg5, %arg6, %arg3, %arg4 {isSetMask} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, ui64, ui64, i32, !ascendc.binary_repeat_params
  ascendc.add_relu_l2 %arg0, %arg1, %arg2, %arg3 : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, i32
  return
}

// CHECK-LABEL: void emit_sub_relu(AscendC::LocalTensor<float> v1, AscendC::LocalTensor<float> v2, AscendC::LocalTensor<float> v3, int32_t v4, AscendC::BinaryRepeatParams v5, uint64_t v6, uint64_t v7) {
// CHECK-NEXT:    AscendC::SubRelu<float, 1>(v1, v2, v3, v4, v4, v5);
// CHECK-NEXT:    AscendC::SubRelu<float, 0>(v1, v2, v3, v4, v4, v5);
// CHECK-NEXT:    uint64_t v1_mask_list0[] = {v6, v7};
// CHECK-NEXT:    AscendC::SubRelu<float, 0>(v1, v2, v3, v1_mask_list0, v4, v5);
// CHECK-NEXT:    uint64_t v1_mask_list1[] = {v6, v7};
// CHECK-NEXT:    AscendC::SubRelu<float, 1>(v1, v2, v3, v1_mask_list1, v4, v5);
// CHECK-NEXT:    AscendC::SubRelu(v1, v2, v3, v4);
// CHECK-NEXT:    return;
func.func @emit_sub_relu(%arg0: !ascendc.local_tensor<1024xf32>, %arg1: !ascendc.local_tensor<1024xf32>, %arg2: !ascendc.local_tensor<1024xf32>, %arg3: i32, %arg4: !ascendc.binary_repeat_params, %arg5: ui64, %arg6: ui64) {
  ascendc.sub_relu_l0 %arg0, %arg1, %arg2, %arg3, %arg3, %arg4 {isSetMask} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, i32, i32, !ascendc.binary_repeat_params
  ascendc.sub_relu_l0 %arg0, %arg1, %arg2, %arg3, %arg3, %arg4 : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, i32, i32, !ascendc.binary_repeat_params
  ascendc.sub_relu_l1 %arg0, %arg1, %arg2, %arg5, %arg6, %arg3, %arg4 : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, ui64, ui64, i32, !ascendc.binary_repeat_params
  ascendc.sub_relu_l1 %arg0, %arg1, %arg2, %arg5, %arg6, %arg3, %arg4 {isSetMask} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, ui64, ui64, i32, !ascendc.binary_repeat_params
  ascendc.sub_relu_l2 %arg0, %arg1, %arg2, %arg3 : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, i32
  return
}
