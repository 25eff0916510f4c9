// FusedMulAdd, FusedMulAddRelu, MulAddDst in pyasc's syntax: round trip and Ascend C
// (MulAddDst<T, U, isSetMask> when masked; its count form deduces T and U, as pyasc prints it).
// RUN: ascdsl-opt %s | ascdsl-opt | filecheck %s --check-prefix=IR
// RUN: ascdsl-opt %s -t ascendc | filecheck %s --check-prefix=CPP

// IR-LABEL: func.func @fma
// IR-NEXT: ascendc.fused_mul_add_l0 %arg0, %arg0, %arg0, %arg2, %arg3, %arg4 {isSetMask} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, ui64, i8, !ascendc.binary_repeat_params
// IR-NEXT: ascendc.fused_mul_add_relu_l1 %arg0, %arg0, %arg0, %arg2, %arg2, %arg3, %arg4 {isSetMask} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, ui64, ui64, i8, !ascendc.binary_repeat_params
// IR-NEXT: ascendc.mul_add_dst_l2 %arg0, %arg0, %arg0, %arg1 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32

// CPP-LABEL: void fma(
// CPP-NEXT: AscendC::FusedMulAdd<half, 1>(v1, v1, v1, v3, v4, v5);
// CPP-NEXT: uint64_t v1_mask_list0[] = {v3, v3};
// CPP-NEXT: AscendC::FusedMulAddRelu<half, 1>(v1, v1, v1, v1_mask_list0, v4, v5);
// CPP-NEXT: AscendC::MulAddDst(v1, v1, v1, v2);
func.func @fma(%d: !ascendc.local_tensor<*xf16>, %n: i32, %m: ui64, %r: i8, %bp: !ascendc.binary_repeat_params) {
  ascendc.fused_mul_add_l0 %d, %d, %d, %m, %r, %bp {isSetMask} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, ui64, i8, !ascendc.binary_repeat_params
  ascendc.fused_mul_add_relu_l1 %d, %d, %d, %m, %m, %r, %bp {isSetMask} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, ui64, ui64, i8, !ascendc.binary_repeat_params
  ascendc.mul_add_dst_l2 %d, %d, %d, %n : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
  return
}
