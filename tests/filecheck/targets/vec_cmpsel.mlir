// RUN: ascdsl-opt %s -t ascendc --ascendc-compilable | filecheck %s
// RUN: ascdsl-opt %s -t ascendc | filecheck %s --check-prefix=PYASC
// Compare / Select: the C++ overload of each form. Templates are explicit where Ascend C
// cannot deduce them (Select<T, selMode> of the register form) or where a scalar of another
// type would clash with T; L1 masks are `uint64_t name[]` arrays, named as pyasc names them
// (`<dst>_mask_list` for Compare, numbered per op kind otherwise); a name the block already
// declares gets a suffix, where pyasc would redeclare it.

// CHECK-LABEL: void cmpsel(
// CHECK-NEXT: AscendC::Compare<half, uint8_t, 1>(v1, v2, v3, AscendC::CMPMODE::LT, v7, v8, v10);
// CHECK-NEXT: uint64_t v1_mask_list[] = {v7, v7};
// CHECK-NEXT: AscendC::Compare<half, uint8_t, 1>(v1, v2, v3, AscendC::CMPMODE::GT, v1_mask_list, v8, v10);
// CHECK-NEXT: AscendC::Compare<half, uint8_t>(v1, v2, v3, AscendC::CMPMODE::EQ, v5);
// CHECK-NEXT: AscendC::Compare<half, 1>(v2, v3, AscendC::CMPMODE::LE, v7, v10);
// CHECK-NEXT: uint64_t v2_mask_list[] = {v7, v7};
// CHECK-NEXT: AscendC::Compare<half, 0>(v2, v3, AscendC::CMPMODE::GE, v2_mask_list, v10);
// CHECK-NEXT: AscendC::CompareScalar<half, uint8_t, 1>(v1, v2, v9, AscendC::CMPMODE::NE, v7, v8, v11);
// CHECK-NEXT: uint64_t v1_mask_list_1[] = {v7, v7};
// CHECK-NEXT: AscendC::CompareScalar<half, uint8_t, 1>(v1, v2, v9, AscendC::CMPMODE::LT, v1_mask_list_1, v8, v11);
// CHECK-NEXT: AscendC::CompareScalar<half, uint8_t>(v1, v2, v9, AscendC::CMPMODE::LT, v5);
// CHECK-NEXT: AscendC::GetCmpMask(v2);
// CHECK-NEXT: AscendC::SetCmpMask(v2);
// CHECK-NEXT: AscendC::Select<half, uint32_t, 1>(v2, v4, v2, v3, AscendC::SELMODE::VSEL_CMPMASK_SPR, v7, v8, v10);
// CHECK-NEXT: uint64_t v2_mask_list0[] = {v7, v7};
// CHECK-NEXT: AscendC::Select<half, uint32_t, 1>(v2, v4, v2, v3, AscendC::SELMODE::VSEL_TENSOR_TENSOR_MODE, v2_mask_list0, v8, v10);
// CHECK-NEXT: AscendC::Select<half, uint32_t>(v2, v4, v2, v3, AscendC::SELMODE::VSEL_CMPMASK_SPR, v6);
// CHECK-NEXT: AscendC::Select<half, uint32_t, 1>(v2, v4, v2, v9, AscendC::SELMODE::VSEL_TENSOR_SCALAR_MODE, v7, v8, v10);
// CHECK-NEXT: uint64_t v2_mask_list1[] = {v7, v7};
// CHECK-NEXT: AscendC::Select<half, uint32_t, 1>(v2, v4, v2, v9, AscendC::SELMODE::VSEL_TENSOR_SCALAR_MODE, v2_mask_list1, v8, v10);
// CHECK-NEXT: AscendC::Select<half, uint32_t>(v2, v4, v2, v9, AscendC::SELMODE::VSEL_TENSOR_SCALAR_MODE, v6);
// CHECK-NEXT: AscendC::Select<half, uint32_t>(v2, v4, v2, v8, v10);
// CHECK-NEXT: AscendC::Select<half, AscendC::SELMODE::VSEL_CMPMASK_SPR>(v2, v2, v3, v8, v10);
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

// pyasc's spelling (`-t ascendc` without --ascendc-compilable): no template arguments
// where pyasc's translator prints none, mask arrays redeclared as pyasc does.
// PYASC-LABEL: void cmpsel(
// PYASC-NEXT: AscendC::Compare(v1, v2, v3, AscendC::CMPMODE::LT, v7, v8, v10);
// PYASC-NEXT: uint64_t v1_mask_list[] = {v7, v7};
// PYASC-NEXT: AscendC::Compare(v1, v2, v3, AscendC::CMPMODE::GT, v1_mask_list, v8, v10);
// PYASC-NEXT: AscendC::Compare(v1, v2, v3, AscendC::CMPMODE::EQ, v5);
// PYASC-NEXT: AscendC::Compare(v2, v3, AscendC::CMPMODE::LE, v7, v10);
// PYASC-NEXT: uint64_t v2_mask_list[] = {v7, v7};
// PYASC-NEXT: AscendC::Compare(v2, v3, AscendC::CMPMODE::GE, v2_mask_list, v10);
// PYASC-NEXT: AscendC::CompareScalar(v1, v2, v9, AscendC::CMPMODE::NE, v7, v8, v11);
// PYASC-NEXT: uint64_t v1_mask_list[] = {v7, v7};
// PYASC-NEXT: AscendC::CompareScalar(v1, v2, v9, AscendC::CMPMODE::LT, v1_mask_list, v8, v11);
// PYASC-NEXT: AscendC::CompareScalar(v1, v2, v9, AscendC::CMPMODE::LT, v5);
// PYASC-NEXT: AscendC::GetCmpMask(v2);
// PYASC-NEXT: AscendC::SetCmpMask(v2);
// PYASC-NEXT: AscendC::Select(v2, v4, v2, v3, AscendC::SELMODE::VSEL_CMPMASK_SPR, v7, v8, v10);
// PYASC-NEXT: uint64_t v2_mask_list0[] = {v7, v7};
// PYASC-NEXT: AscendC::Select(v2, v4, v2, v3, AscendC::SELMODE::VSEL_TENSOR_TENSOR_MODE, v2_mask_list0, v8, v10);
// PYASC-NEXT: AscendC::Select(v2, v4, v2, v3, AscendC::SELMODE::VSEL_CMPMASK_SPR, v6);
// PYASC-NEXT: AscendC::Select(v2, v4, v2, v9, AscendC::SELMODE::VSEL_TENSOR_SCALAR_MODE, v7, v8, v10);
// PYASC-NEXT: uint64_t v2_mask_list0[] = {v7, v7};
// PYASC-NEXT: AscendC::Select(v2, v4, v2, v9, AscendC::SELMODE::VSEL_TENSOR_SCALAR_MODE, v2_mask_list0, v8, v10);
// PYASC-NEXT: AscendC::Select(v2, v4, v2, v9, AscendC::SELMODE::VSEL_TENSOR_SCALAR_MODE, v6);
// PYASC-NEXT: AscendC::Select(v2, v4, v2, v8, v10);
// PYASC-NEXT: AscendC::Select(v2, v2, v3, v8, v10);
// PYASC-NEXT: return;
