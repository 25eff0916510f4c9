// Axpy (dst = src * scalar + dst) in pyasc's syntax, half into float included: it
// round-trips and prints Ascend C's Axpy<T, U[, isSetMask]>.
// RUN: ascdsl-opt %s | ascdsl-opt | filecheck %s --check-prefix=IR
// RUN: ascdsl-opt %s -t ascendc --ascendc-compilable | filecheck %s --check-prefix=CPP
// RUN: ascdsl-opt %s -t ascendc | filecheck %s --check-prefix=PYASC

// IR-LABEL: func.func @axpy
// IR-NEXT: ascendc.axpy_l0 %arg0, %arg1, %arg2, %arg4, %arg5, %arg6 {isSetMask} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf16>, f16, ui64, i8, !ascendc.unary_repeat_params
// IR-NEXT: ascendc.axpy_l1 %arg1, %arg1, %arg2, %arg4, %arg4, %arg5, %arg6 {isSetMask} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, f16, ui64, ui64, i8, !ascendc.unary_repeat_params
// IR-NEXT: ascendc.axpy_l2 %arg0, %arg1, %arg2, %arg3 : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf16>, f16, i32

// CPP-LABEL: void axpy(
// CPP-NEXT: AscendC::Axpy<float, half, 1>(v1, v2, v3, v5, v6, v7);
// CPP-NEXT: uint64_t v2_mask_list0[] = {v5, v5};
// CPP-NEXT: AscendC::Axpy<half, half, 1>(v2, v2, v3, v2_mask_list0, v6, v7);
// CPP-NEXT: AscendC::Axpy<float, half>(v1, v2, v3, v4);
func.func @axpy(%d: !ascendc.local_tensor<*xf32>, %h: !ascendc.local_tensor<*xf16>, %s: f16, %n: i32, %m: ui64, %r: i8, %up: !ascendc.unary_repeat_params) {
  ascendc.axpy_l0 %d, %h, %s, %m, %r, %up {isSetMask} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf16>, f16, ui64, i8, !ascendc.unary_repeat_params
  ascendc.axpy_l1 %h, %h, %s, %m, %m, %r, %up {isSetMask} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, f16, ui64, ui64, i8, !ascendc.unary_repeat_params
  ascendc.axpy_l2 %d, %h, %s, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf16>, f16, i32
  return
}

// pyasc's spelling (`-t ascendc` without --ascendc-compilable): no template arguments
// where pyasc's translator prints none, mask arrays redeclared as pyasc does.
// PYASC-LABEL: void axpy(
// PYASC-NEXT: AscendC::Axpy<float, half, 1>(v1, v2, v3, v5, v6, v7);
// PYASC-NEXT: uint64_t v2_mask_list0[] = {v5, v5};
// PYASC-NEXT: AscendC::Axpy<half, half, 1>(v2, v2, v3, v2_mask_list0, v6, v7);
// PYASC-NEXT: AscendC::Axpy(v1, v2, v3, v4);
// PYASC-NEXT: return;
