// RUN: ascdsl-opt %s | ascdsl-opt | filecheck %s --check-prefix=IR
// RUN: ascdsl-opt %s -t ascendc | filecheck %s
// Transpose in pyasc's syntax: one 16 x 16 matrix, and the TransposeParamsExt form.

// IR-LABEL: func.func @emit_transpose
// IR-NEXT: ascendc.transpose %arg0, %arg1 : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>
// IR-NEXT: ascendc.transpose_ext %arg0, %arg1, %arg2, %arg3 : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<1024xui8>, !ascendc.transpose_params_ext

// CHECK-LABEL: void emit_transpose(AscendC::LocalTensor<half> v1, AscendC::LocalTensor<half> v2, AscendC::LocalTensor<uint8_t> v3, AscendC::TransposeParamsExt v4) {
// CHECK-NEXT:    AscendC::Transpose(v1, v2);
// CHECK-NEXT:    AscendC::Transpose(v1, v2, v3, v4);
func.func @emit_transpose(%arg0: !ascendc.local_tensor<256xf16>, %arg1: !ascendc.local_tensor<256xf16>, %arg2: !ascendc.local_tensor<1024xui8>, %arg3: !ascendc.transpose_params_ext) {
  ascendc.transpose %arg0, %arg1 : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>
  ascendc.transpose_ext %arg0, %arg1, %arg2, %arg3 : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<1024xui8>, !ascendc.transpose_params_ext
  return
}
