// RUN: ascdsl-opt %s -t ascendc | filecheck %s
// pyasc's cumsum prints as pyasc prints it: its three flags go into CumSumInfo(...), which
// the real headers reject (CumSumInfo is {outter, inner}; the flags belong to the
// CumSumConfig template argument). test_real_headers.py holds this kernel to that rejection.

// CHECK-LABEL: void cumsum(
// CHECK-NEXT:    AscendC::CumSum(v1, v2, v3, v4, AscendC::CumSumInfo(v5, v5, v5));
// CHECK-NEXT:    AscendC::CumSum(v1, v2, v3, AscendC::CumSumInfo(v5, v5, v5));
func.func @cumsum(%arg0: !ascendc.local_tensor<256xf32>, %arg1: !ascendc.local_tensor<256xf32>, %arg2: !ascendc.local_tensor<256xf32>, %arg3: !ascendc.local_tensor<4096xui8>, %arg4: i32) {
  ascendc.cumsum %arg0, %arg1, %arg2, %arg3, %arg4, %arg4, %arg4 : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<4096xui8>, i32, i32, i32
  ascendc.cumsum %arg0, %arg1, %arg2, %arg4, %arg4, %arg4 : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32, i32, i32
  return
}
