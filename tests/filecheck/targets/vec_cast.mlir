// RUN: ascdsl-opt %s -t ascendc | filecheck %s
// Cast<T, U, isSetMask>: L0 and L1 take a UnaryRepeatParams and print isSetMask as a template
// argument, as pyasc does; the rounding mode is an AscendC::RoundMode enumerator.

// CHECK-LABEL: void emit_cast(AscendC::LocalTensor<half> v1, AscendC::LocalTensor<float> v2, int32_t v3, uint64_t v4, uint64_t v5, AscendC::UnaryRepeatParams v6) {
// CHECK-NEXT:    AscendC::Cast<half, float, 1>(v1, v2, AscendC::RoundMode::CAST_NONE, v3, v3, v6);
// CHECK-NEXT:    uint64_t v1_mask_list0[] = {v4, v5};
// CHECK-NEXT:    AscendC::Cast<half, float, 0>(v1, v2, AscendC::RoundMode::CAST_ODD, v1_mask_list0, v3, v6);
// CHECK-NEXT:    AscendC::Cast<half, float>(v1, v2, AscendC::RoundMode::CAST_RINT, v3);
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @emit_cast(%arg0 : !ascendc.local_tensor<1024xf16>, %arg1 : !ascendc.local_tensor<1024xf32>, %arg2 : i32, %arg3: ui64, %arg4: ui64, %arg5: !ascendc.unary_repeat_params) {
  ascendc.cast_l0 %arg0, %arg1, %arg2, %arg2, %arg5 {isSetMask, roundMode = 0 : i32} : !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<1024xf32>, i32, i32, !ascendc.unary_repeat_params
  ascendc.cast_l1 %arg0, %arg1, %arg3, %arg4, %arg2, %arg5 {roundMode = 6 : i32} : !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<1024xf32>, ui64, ui64, i32, !ascendc.unary_repeat_params
  ascendc.cast_l2 %arg0, %arg1, %arg2 {roundMode = 1 : i32} : !ascendc.local_tensor<1024xf16>, !ascendc.local_tensor<1024xf32>, i32
  return
}

// CHECK-LABEL: void emit_cast_to_int(AscendC::LocalTensor<int32_t> v1, AscendC::LocalTensor<float> v2, int32_t v3) {
// CHECK-NEXT:    AscendC::Cast<int32_t, float>(v1, v2, AscendC::RoundMode::CAST_ROUND, v3);
// CHECK-NEXT:    AscendC::Cast<int32_t, float>(v1, v2, AscendC::RoundMode::CAST_TRUNC, v3);
func.func @emit_cast_to_int(%arg0 : !ascendc.local_tensor<64xi32>, %arg1 : !ascendc.local_tensor<64xf32>, %arg2 : i32) {
  ascendc.cast_l2 %arg0, %arg1, %arg2 {roundMode = 4 : i32} : !ascendc.local_tensor<64xi32>, !ascendc.local_tensor<64xf32>, i32
  ascendc.cast_l2 %arg0, %arg1, %arg2 {roundMode = 5 : i32} : !ascendc.local_tensor<64xi32>, !ascendc.local_tensor<64xf32>, i32
  return
}

// float -> float rounds to an integral value; CAST_NONE (pyasc's vec_vconv.mlir) is refused by
// the headers: header-refusals.mlir.
// CHECK-LABEL: void emit_cast_l2(AscendC::LocalTensor<float> v1, AscendC::LocalTensor<float> v2, int32_t v3) {
// CHECK-NEXT:    AscendC::Cast<float, float>(v1, v2, AscendC::RoundMode::CAST_RINT, v3);
func.func @emit_cast_l2(%arg0 : !ascendc.local_tensor<1024xf32>, %arg1 : !ascendc.local_tensor<1024xf32>, %arg2 : i32) {
  ascendc.cast_l2 %arg0, %arg1, %arg2 {roundMode = 1 : i32} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, i32
  return
}
