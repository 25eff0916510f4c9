// Compare / Select in pyasc's syntax (the lines pyasc 1.1.1 prints for its cmpsel tests):
// every form round-trips, in the custom and the generic form.
// RUN: ascdsl-opt %s | filecheck %s
// RUN: ascdsl-opt %s | ascdsl-opt | filecheck %s
// RUN: ascdsl-opt %s --print-op-generic | ascdsl-opt | filecheck %s

// CHECK-LABEL: func.func @cmpsel
// CHECK-NEXT: ascendc.compare_l0 %arg0, %arg1, %arg2, %arg6, %arg7, %arg9 {cmpMode = 0 : i64, isSetMask} : !ascendc.local_tensor<*xui8>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, ui64, i8, !ascendc.binary_repeat_params
// CHECK-NEXT: ascendc.compare_l1 %arg0, %arg1, %arg2, %arg6, %arg6, %arg7, %arg9 {cmpMode = 1 : i64, isSetMask} : !ascendc.local_tensor<*xui8>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, ui64, ui64, i8, !ascendc.binary_repeat_params
// CHECK-NEXT: ascendc.compare_l2 %arg0, %arg1, %arg2, %arg4 {cmpMode = 2 : i64} : !ascendc.local_tensor<*xui8>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
// CHECK-NEXT: ascendc.compare_r_l0 %arg1, %arg2, %arg6, %arg9 {cmpMode = 3 : i64, isSetMask} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, ui64, !ascendc.binary_repeat_params
// CHECK-NEXT: ascendc.compare_r_l1 %arg1, %arg2, %arg6, %arg6, %arg9 {cmpMode = 4 : i64} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, ui64, ui64, !ascendc.binary_repeat_params
// CHECK-NEXT: ascendc.compare_scalar_l0 %arg0, %arg1, %arg8, %arg6, %arg7, %arg10 {cmpMode = 5 : i64, isSetMask} : !ascendc.local_tensor<*xui8>, !ascendc.local_tensor<*xf16>, f16, ui64, i8, !ascendc.unary_repeat_params
// CHECK-NEXT: ascendc.compare_scalar_l1 %arg0, %arg1, %arg8, %arg6, %arg6, %arg7, %arg10 {cmpMode = 0 : i64, isSetMask} : !ascendc.local_tensor<*xui8>, !ascendc.local_tensor<*xf16>, f16, ui64, ui64, i8, !ascendc.unary_repeat_params
// CHECK-NEXT: ascendc.compare_scalar_l2 %arg0, %arg1, %arg8, %arg4 {cmpMode = 0 : i64} : !ascendc.local_tensor<*xui8>, !ascendc.local_tensor<*xf16>, f16, i32
// CHECK-NEXT: ascendc.get_cmp_mask %arg1 : !ascendc.local_tensor<*xf16>
// CHECK-NEXT: ascendc.set_cmp_mask %arg1 : !ascendc.local_tensor<*xf16>
// CHECK-NEXT: ascendc.select_l0 %arg1, %arg3, %arg1, %arg2, %arg6, %arg7, %arg9 {isSetMask, selMode = 0 : i32} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xui32>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, ui64, i8, !ascendc.binary_repeat_params
// CHECK-NEXT: ascendc.select_l1 %arg1, %arg3, %arg1, %arg2, %arg6, %arg6, %arg7, %arg9 {isSetMask, selMode = 2 : i32} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xui32>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, ui64, ui64, i8, !ascendc.binary_repeat_params
// CHECK-NEXT: ascendc.select_l2 %arg1, %arg3, %arg1, %arg2, %arg5 {selMode = 0 : i32} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xui32>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, ui32
// CHECK-NEXT: ascendc.select_scalar_l0 %arg1, %arg3, %arg1, %arg8, %arg6, %arg7, %arg9 {isSetMask, selMode = 1 : i32} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xui32>, !ascendc.local_tensor<*xf16>, f16, ui64, i8, !ascendc.binary_repeat_params
// CHECK-NEXT: ascendc.select_scalar_l1 %arg1, %arg3, %arg1, %arg8, %arg6, %arg6, %arg7, %arg9 {isSetMask, selMode = 1 : i32} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xui32>, !ascendc.local_tensor<*xf16>, f16, ui64, ui64, i8, !ascendc.binary_repeat_params
// CHECK-NEXT: ascendc.select_scalar_l2 %arg1, %arg3, %arg1, %arg8, %arg5 {selMode = 1 : i32} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xui32>, !ascendc.local_tensor<*xf16>, f16, ui32
// CHECK-NEXT: ascendc.select_scalar_reg %arg1, %arg3, %arg1, %arg7, %arg9 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xui32>, !ascendc.local_tensor<*xf16>, i8, !ascendc.binary_repeat_params
// CHECK-NEXT: ascendc.select_reg %arg1, %arg1, %arg2, %arg7, %arg9 {selMode = 0 : i32} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i8, !ascendc.binary_repeat_params
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
