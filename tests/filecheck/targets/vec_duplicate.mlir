// RUN: ascdsl-opt %s -t ascendc | filecheck %s
// Duplicate: fill a tensor with a scalar, at L0, L1 and L2.

// CHECK-LABEL: void emit_duplicate(AscendC::LocalTensor<float> v1, float v2, int32_t v3, int32_t v4, int32_t v5, int32_t v6, int32_t v7, uint64_t v8, uint64_t v9) {
// CHECK-NEXT:     AscendC::Duplicate<float, 0>(v1, v2, v3, v4, v5, v6);
// CHECK-NEXT:     uint64_t v1_mask_list0[] = {v8, v9};
// CHECK-NEXT:     AscendC::Duplicate<float, 1>(v1, v2, v1_mask_list0, v4, v5, v6);
// CHECK-NEXT:     AscendC::Duplicate(v1, v2, v7);
// CHECK-NEXT:     return;
// CHECK-NEXT:   }
func.func @emit_duplicate(%arg0: !ascendc.local_tensor<1024xf32>, %arg1 : f32, %arg2 : i32, %arg3 : i32, %arg4 : i32, %arg5 : i32, %arg6 : i32, %arg7: ui64, %arg8: ui64) {
  ascendc.duplicate_l0 %arg0, %arg1, %arg2, %arg3, %arg4, %arg5 : !ascendc.local_tensor<1024xf32>, f32, i32, i32, i32, i32
  ascendc.duplicate_l1 %arg0, %arg1, %arg7, %arg8, %arg3, %arg4, %arg5 {isSetMask} : !ascendc.local_tensor<1024xf32>, f32, ui64, ui64, i32, i32, i32
  ascendc.duplicate_l2 %arg0, %arg1, %arg6 : !ascendc.local_tensor<1024xf32>, f32, i32
  return
}

// A half scalar constant is not constexpr (half is a class type in Ascend C).
// CHECK-LABEL: void emit_duplicate_half(AscendC::LocalTensor<half> v1, int32_t v2) {
// CHECK-NEXT:     half c1_5_f16 = 1.50000e+00;
// CHECK-NEXT:     AscendC::Duplicate(v1, c1_5_f16, v2);
// CHECK-NEXT:     return;
// CHECK-NEXT:   }
func.func @emit_duplicate_half(%arg0: !ascendc.local_tensor<64xf16>, %arg1 : i32) {
  %cst = arith.constant 1.5 : f16
  ascendc.duplicate_l2 %arg0, %cst, %arg1 : !ascendc.local_tensor<64xf16>, f16, i32
  return
}
