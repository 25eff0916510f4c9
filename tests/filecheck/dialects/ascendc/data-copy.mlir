// Data movement and parameter structs.
// RUN: ascdsl-opt %s | filecheck %s
// RUN: ascdsl-opt %s | ascdsl-opt | filecheck %s
// RUN: ascdsl-opt %s --print-op-generic | ascdsl-opt | filecheck %s

// CHECK-LABEL: func.func @data_copy
func.func @data_copy(%l: !ascendc.local_tensor<32xf16>, %g: !ascendc.global_tensor<*xf16>, %n: i32, %arg1: i16) {
  // CHECK-NEXT: ascendc.data_copy_l2 %arg0, %arg1, %arg2 : !ascendc.local_tensor<32xf16>, !ascendc.global_tensor<*xf16>, i32
  ascendc.data_copy_l2 %l, %g, %n : !ascendc.local_tensor<32xf16>, !ascendc.global_tensor<*xf16>, i32
  // CHECK-NEXT: %0 = ascendc.construct !ascendc.data_copy_params(%arg3, %arg3, %arg3, %arg3) : i16, i16, i16, i16
  %0 = ascendc.construct !ascendc.data_copy_params(%arg1, %arg1, %arg1, %arg1) : i16, i16, i16, i16
  // CHECK-NEXT: ascendc.data_copy_l0 %arg1, %arg0, %0 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<32xf16>, !ascendc.data_copy_params
  ascendc.data_copy_l0 %g, %l, %0 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<32xf16>, !ascendc.data_copy_params
  // CHECK-NEXT: %1 = ascendc.construct !ascendc.data_copy_pad_params()
  %1 = ascendc.construct !ascendc.data_copy_pad_params()
  // CHECK-NEXT: ascendc.data_copy_pad_l0 %arg0, %arg1, %0, %1 : !ascendc.local_tensor<32xf16>, !ascendc.global_tensor<*xf16>, !ascendc.data_copy_params, !ascendc.data_copy_pad_params
  ascendc.data_copy_pad_l0 %l, %g, %0, %1 : !ascendc.local_tensor<32xf16>, !ascendc.global_tensor<*xf16>, !ascendc.data_copy_params, !ascendc.data_copy_pad_params
  // CHECK-NEXT: ascendc.data_copy_pad_l2 %arg1, %arg0, %0 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<32xf16>, !ascendc.data_copy_params
  ascendc.data_copy_pad_l2 %g, %l, %0 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<32xf16>, !ascendc.data_copy_params
  // A copy between local tensors (UB to UB).
  // CHECK-NEXT: ascendc.data_copy_l2 %arg0, %arg0, %arg2 : !ascendc.local_tensor<32xf16>, !ascendc.local_tensor<32xf16>, i32
  ascendc.data_copy_l2 %l, %l, %n : !ascendc.local_tensor<32xf16>, !ascendc.local_tensor<32xf16>, i32
  func.return
}

// CHECK-LABEL: func.func @construct
func.func @construct(%a: i32, %b: i32) {
  // CHECK-NEXT: %0 = ascendc.construct !ascendc.binary_repeat_params(%arg0, %arg0, %arg0, %arg1, %arg1, %arg1) : i32, i32, i32, i32, i32, i32
  %0 = ascendc.construct !ascendc.binary_repeat_params(%a, %a, %a, %b, %b, %b) : i32, i32, i32, i32, i32, i32
  // CHECK-NEXT: %1 = ascendc.construct !ascendc.unary_repeat_params(%arg0, %arg0) [ui16, ui16] : i32, i32
  %1 = ascendc.construct !ascendc.unary_repeat_params(%a, %a) [ui16, ui16] : i32, i32
  // CHECK-NEXT: %2 = ascendc.construct !ascendc.data_copy_ext_params() constexpr static
  %2 = ascendc.construct !ascendc.data_copy_ext_params() constexpr static
  func.return
}
