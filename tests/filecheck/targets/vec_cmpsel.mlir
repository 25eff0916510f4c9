// RUN: ascdsl-opt %s -t ascendc | filecheck %s
// Compare / Select: the C++ overload of each form. Templates are explicit where Ascend C
// cannot deduce them (Select<T, selMode> of the register form) or where a scalar of another
// type would clash with T; L1 masks are `uint64_t name[]` arrays.

// CHECK-LABEL: void cmpsel(
// CHECK-NEXT: AscendC::Compare<half, uint8_t, 1>(v1_d, v2_a, v3_b, AscendC::CMPMODE::LT, v7_m, v8_r, v10_bp);
// CHECK-NEXT: uint64_t v1_d_mask_list0[] = {v7_m, v7_m};
// CHECK-NEXT: AscendC::Compare<half, uint8_t, 1>(v1_d, v2_a, v3_b, AscendC::CMPMODE::GT, v1_d_mask_list0, v8_r, v10_bp);
// CHECK-NEXT: AscendC::Compare<half, uint8_t>(v1_d, v2_a, v3_b, AscendC::CMPMODE::EQ, v5_n);
// CHECK-NEXT: AscendC::Compare<half, 1>(v2_a, v3_b, AscendC::CMPMODE::LE, v7_m, v10_bp);
// CHECK-NEXT: uint64_t v2_a_mask_list1[] = {v7_m, v7_m};
// CHECK-NEXT: AscendC::Compare<half, 0>(v2_a, v3_b, AscendC::CMPMODE::GE, v2_a_mask_list1, v10_bp);
// CHECK-NEXT: AscendC::CompareScalar<half, uint8_t, 1>(v1_d, v2_a, v9_s, AscendC::CMPMODE::NE, v7_m, v8_r, v11_up);
// CHECK-NEXT: uint64_t v1_d_mask_list2[] = {v7_m, v7_m};
// CHECK-NEXT: AscendC::CompareScalar<half, uint8_t, 1>(v1_d, v2_a, v9_s, AscendC::CMPMODE::LT, v1_d_mask_list2, v8_r, v11_up);
// CHECK-NEXT: AscendC::CompareScalar<half, uint8_t>(v1_d, v2_a, v9_s, AscendC::CMPMODE::LT, v5_n);
// CHECK-NEXT: AscendC::GetCmpMask(v2_a);
// CHECK-NEXT: AscendC::SetCmpMask(v2_a);
// CHECK-NEXT: AscendC::Select<half, uint32_t, 1>(v2_a, v4_sel, v2_a, v3_b, AscendC::SELMODE::VSEL_CMPMASK_SPR, v7_m, v8_r, v10_bp);
// CHECK-NEXT: uint64_t v2_a_mask_list3[] = {v7_m, v7_m};
// CHECK-NEXT: AscendC::Select<half, uint32_t, 1>(v2_a, v4_sel, v2_a, v3_b, AscendC::SELMODE::VSEL_TENSOR_TENSOR_MODE, v2_a_mask_list3, v8_r, v10_bp);
// CHECK-NEXT: AscendC::Select<half, uint32_t>(v2_a, v4_sel, v2_a, v3_b, AscendC::SELMODE::VSEL_CMPMASK_SPR, v6_un);
// CHECK-NEXT: AscendC::Select<half, uint32_t, 1>(v2_a, v4_sel, v2_a, v9_s, AscendC::SELMODE::VSEL_TENSOR_SCALAR_MODE, v7_m, v8_r, v10_bp);
// CHECK-NEXT: uint64_t v2_a_mask_list4[] = {v7_m, v7_m};
// CHECK-NEXT: AscendC::Select<half, uint32_t, 1>(v2_a, v4_sel, v2_a, v9_s, AscendC::SELMODE::VSEL_TENSOR_SCALAR_MODE, v2_a_mask_list4, v8_r, v10_bp);
// CHECK-NEXT: AscendC::Select<half, uint32_t>(v2_a, v4_sel, v2_a, v9_s, AscendC::SELMODE::VSEL_TENSOR_SCALAR_MODE, v6_un);
// CHECK-NEXT: AscendC::Select<half, uint32_t>(v2_a, v4_sel, v2_a, v8_r, v10_bp);
// CHECK-NEXT: AscendC::Select<half, AscendC::SELMODE::VSEL_CMPMASK_SPR>(v2_a, v2_a, v3_b, v8_r, v10_bp);
// CHECK-NEXT: return;
func.func @cmpsel(%d: !ascendc.local_tensor<*xui8>, %a: !ascendc.local_tensor<*xf16>, %b: !ascendc.local_tensor<*xf16>, %sel: !ascendc.local_tensor<*xui32>, %n: i32, %un: ui32, %m: ui64, %r: i8, %s: f16, %bp: !ascendc.binary_repeat_params, %up: !ascendc.unary_repeat_params) {
  ascendc.compare_l0 %d, %a, %b, %m, %r, %bp {cmpMode = 0 : i64, isSetMask} : !ascendc.local_tensor<*xui8>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, ui64, i8, !ascendc.binary_repeat_params
  ascendc.compare_l1 %d, %a, %b, %m, %m, %r, %bp {cmpMode = 1 : i64, isSetMask} : !ascendc.local_tensor<*xui8>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, ui64, ui64, i8, !ascendc.binary_repeat_params
  ascendc.compare_l2 %d, %a, %b, %n {cmpMode = 2 : i64} : !ascendc.local_tensor<*xui8>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
  ascendc.compare_r_l0 %a, %b, %m, %bp {cmpMode = 3 : i64, isSetMask} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, ui64, !ascendc.binary_repeat_params
  ascendc.compare_r_l1 %a, %b, %m, %m, %bp {cmpMode = 4 : i64} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, ui64, ui64, !ascendc.binary_repeat_params
  ascendc.compare_scalar_l0 %d, %a, %s, %m, %r, %up {cmpMode = 5 : i64, isSetMask} : !ascendc.local_tensor<*xui8>, !ascendc.local_tensor<*xf16>, f16, ui64, i8, !ascendc.unary_repeat_params
  ascendc.compare_scalar_l1 %d, %a, %s, %m, %m, %r, %up {cmpMode = 0 : i64, isSetMask} : !ascendc.local_tensor<*xui8>, !ascendc.local_tensor<*xf16>, f16, ui64, ui64, i8, !ascendc.unary_repeat_params
  ascendc.compare_scalar_l2 %d, %a, %s, %n {cmpMode = 0 : i64} : !ascendc.local_tensor<*xui8>, !ascendc.local_tensor<*xf16>, f16, i32
  ascendc.get_cmp_mask %a : !ascendc.local_tensor<*xf16>
  ascendc.set_cmp_mask %a : !ascendc.local_tensor<*xf16>
  ascendc.select_l0 %a, %sel, %a, %b, %m, %r, %bp {isSetMask, selMode = 0 : i32} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xui32>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, ui64, i8, !ascendc.binary_repeat_params
  ascendc.select_l1 %a, %sel, %a, %b, %m, %m, %r, %bp {isSetMask, selMode = 2 : i32} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xui32>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, ui64, ui64, i8, !ascendc.binary_repeat_params
  ascendc.select_l2 %a, %sel, %a, %b, %un {selMode = 0 : i32} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xui32>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, ui32
  ascendc.select_scalar_l0 %a, %sel, %a, %s, %m, %r, %bp {isSetMask, selMode = 1 : i32} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xui32>, !ascendc.local_tensor<*xf16>, f16, ui64, i8, !ascendc.binary_repeat_params
  ascendc.select_scalar_l1 %a, %sel, %a, %s, %m, %m, %r, %bp {isSetMask, selMode = 1 : i32} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xui32>, !ascendc.local_tensor<*xf16>, f16, ui64, ui64, i8, !ascendc.binary_repeat_params
  ascendc.select_scalar_l2 %a, %sel, %a, %s, %un {selMode = 1 : i32} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xui32>, !ascendc.local_tensor<*xf16>, f16, ui32
  ascendc.select_scalar_reg %a, %sel, %a, %r, %bp : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xui32>, !ascendc.local_tensor<*xf16>, i8, !ascendc.binary_repeat_params
  ascendc.select_reg %a, %a, %b, %r, %bp {selMode = 0 : i32} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i8, !ascendc.binary_repeat_params
  return
}
