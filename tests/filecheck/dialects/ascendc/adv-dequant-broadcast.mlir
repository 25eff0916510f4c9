// AscendDequant and BroadCast (ascdsl's ops, beyond pyasc) in the advanced APIs' syntax:
// `operands attr-dict : type(operands)`; BroadCast's two shapes are `dim` integers each, which
// `operandSegmentSizes` records (text may leave it out: `dim` then says how many).
// RUN: ascdsl-opt %s | filecheck %s
// RUN: ascdsl-opt %s | ascdsl-opt | filecheck %s
// RUN: ascdsl-opt %s --print-op-generic | ascdsl-opt | filecheck %s

// CHECK-LABEL: func.func @dequant
func.func @dequant(%d: !ascendc.local_tensor<256xf32>, %s: !ascendc.local_tensor<256xi32>, %c: !ascendc.local_tensor<64xf32>, %t: !ascendc.local_tensor<2048xui8>, %h: !ascendc.local_tensor<256xf16>, %u: !ascendc.local_tensor<64xui64>, %m: i32, %n: i32, %k: i32) {
  // CHECK-NEXT: %0 = ascendc.construct !ascendc.dequant_params(%arg6, %arg7, %arg8) : i32, i32, i32
  %p = ascendc.construct !ascendc.dequant_params(%m, %n, %k) : i32, i32, i32
  // CHECK-NEXT: ascendc.ascend_dequant %arg0, %arg1, %arg2, %arg3, %0 {mode = 0 : i32} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xi32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<2048xui8>, !ascendc.dequant_params
  ascendc.ascend_dequant %d, %s, %c, %t, %p {mode = 0 : i32} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xi32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<2048xui8>, !ascendc.dequant_params
  // CHECK-NEXT: ascendc.ascend_dequant %arg4, %arg1, %arg5, %0 {mode = 1 : i32} : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xi32>, !ascendc.local_tensor<64xui64>, !ascendc.dequant_params
  ascendc.ascend_dequant %h, %s, %u, %p {mode = 1 : i32} : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xi32>, !ascendc.local_tensor<64xui64>, !ascendc.dequant_params
  func.return
}

// CHECK-LABEL: func.func @broadcast
func.func @broadcast(%d: !ascendc.local_tensor<256xf32>, %s: !ascendc.local_tensor<64xf32>, %t: !ascendc.local_tensor<2048xui8>, %m: ui32, %n: ui32, %one: ui32) {
  // CHECK-NEXT: ascendc.broadcast %arg0, %arg1, %arg3, %arg4, %arg3, %arg5, %arg2 {axis = 1 : i32, dim = 2 : i32, operandSegmentSizes = array<i32: 1, 1, 2, 2, 1>} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<64xf32>, ui32, ui32, ui32, ui32, !ascendc.local_tensor<2048xui8>
  ascendc.broadcast %d, %s, %m, %n, %m, %one, %t {axis = 1 : i32, dim = 2 : i32} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<64xf32>, ui32, ui32, ui32, ui32, !ascendc.local_tensor<2048xui8>
  // CHECK-NEXT: ascendc.broadcast %arg0, %arg1, %arg3, %arg4, %arg5, %arg4 {axis = 0 : i32, dim = 2 : i32, operandSegmentSizes = array<i32: 1, 1, 2, 2, 0>} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<64xf32>, ui32, ui32, ui32, ui32
  ascendc.broadcast %d, %s, %m, %n, %one, %n {axis = 0 : i32, dim = 2 : i32, operandSegmentSizes = array<i32: 1, 1, 2, 2, 0>} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<64xf32>, ui32, ui32, ui32, ui32
  // CHECK-NEXT: ascendc.broadcast %arg0, %arg1, %arg3, %arg5 {axis = 0 : i32, dim = 1 : i32, operandSegmentSizes = array<i32: 1, 1, 1, 1, 0>} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<64xf32>, ui32, ui32
  ascendc.broadcast %d, %s, %m, %one {axis = 0 : i32, dim = 1 : i32} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<64xf32>, ui32, ui32
  func.return
}
