// The remaining DataCopy forms and their structs round-trip in pyasc's syntax.
// RUN: ascdsl-opt %s | filecheck %s
// RUN: ascdsl-opt %s | ascdsl-opt | filecheck %s
// RUN: ascdsl-opt %s --print-op-generic | ascdsl-opt | filecheck %s

// CHECK-LABEL: func.func @copies
func.func @copies(%g: !ascendc.global_tensor<f16>, %l: !ascendc.local_tensor<f16>, %c: !ascendc.local_tensor<f32>, %a: i32, %v: f16, %u: ui32) {
  // CHECK-NEXT: %0 = ascendc.construct !ascendc.data_copy_params()
  %0 = ascendc.construct !ascendc.data_copy_params()
  // CHECK-NEXT: %1 = ascendc.construct !ascendc.data_copy_enhanced_params(%arg3, %arg3) [!ascendc.block_mode, !ascendc.deq_scale] : i32, i32
  %1 = ascendc.construct !ascendc.data_copy_enhanced_params(%a, %a) [!ascendc.block_mode, !ascendc.deq_scale] : i32, i32
  // CHECK-NEXT: ascendc.data_copy_enhanced %arg0, %arg1, %0, %1 : !ascendc.global_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.data_copy_params, !ascendc.data_copy_enhanced_params
  ascendc.data_copy_enhanced %g, %l, %0, %1 : !ascendc.global_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.data_copy_params, !ascendc.data_copy_enhanced_params
  // CHECK-NEXT: %2 = ascendc.construct !ascendc.data_copy_co12dst_params(%arg3, %arg3, %arg3, %arg3) : i32, i32, i32, i32
  %2 = ascendc.construct !ascendc.data_copy_co12dst_params(%a, %a, %a, %a) : i32, i32, i32, i32
  // The L0C copy converts: the element types may differ.
  // CHECK-NEXT: ascendc.data_copy_co12dst %arg0, %arg2, %2 : !ascendc.global_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.data_copy_co12dst_params
  ascendc.data_copy_co12dst %g, %c, %2 : !ascendc.global_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.data_copy_co12dst_params
  // CHECK-NEXT: %3 = ascendc.construct !ascendc.data_copy_ext_params(%arg3, %arg3) : i32, i32
  %3 = ascendc.construct !ascendc.data_copy_ext_params(%a, %a) : i32, i32
  // CHECK-NEXT: %4 = ascendc.construct !ascendc.data_copy_pad_ext_params<f16>(%arg3, %arg3, %arg3, %arg4) : i32, i32, i32, f16
  %4 = ascendc.construct !ascendc.data_copy_pad_ext_params<f16>(%a, %a, %a, %v) : i32, i32, i32, f16
  // CHECK-NEXT: ascendc.data_copy_pad_l0_ext %arg1, %arg0, %3, %4 : !ascendc.local_tensor<f16>, !ascendc.global_tensor<f16>, !ascendc.data_copy_ext_params, !ascendc.data_copy_pad_ext_params<f16>
  ascendc.data_copy_pad_l0_ext %l, %g, %3, %4 : !ascendc.local_tensor<f16>, !ascendc.global_tensor<f16>, !ascendc.data_copy_ext_params, !ascendc.data_copy_pad_ext_params<f16>
  // CHECK-NEXT: ascendc.data_copy_pad_l2_ext %arg0, %arg1, %3 : !ascendc.global_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.data_copy_ext_params
  ascendc.data_copy_pad_l2_ext %g, %l, %3 : !ascendc.global_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.data_copy_ext_params
  // CHECK-NEXT: %5 = ascendc.construct !ascendc.slice_info(%arg3) : i32
  %5 = ascendc.construct !ascendc.slice_info(%a) : i32
  // CHECK-NEXT: ascendc.data_copy_slice %arg1, %arg0, %5, %5, %arg5 {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : !ascendc.local_tensor<f16>, !ascendc.global_tensor<f16>, !ascendc.slice_info, !ascendc.slice_info, ui32
  ascendc.data_copy_slice %l, %g, %5, %5, %u {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : !ascendc.local_tensor<f16>, !ascendc.global_tensor<f16>, !ascendc.slice_info, !ascendc.slice_info, ui32
  // CHECK-NEXT: ascendc.set_pad_value %arg4 {pos = 9 : i32} : f16
  ascendc.set_pad_value %v {pos = 9 : i32} : f16
  func.return
}

// CHECK-LABEL: func.func @shape_info
func.func @shape_info(%d: i8, %s: memref<?xi32>, %t: !ascendc.local_tensor<*xf16>) {
  // CHECK-NEXT: %0 = ascendc.construct !ascendc.shape_info(%arg0, %arg1) : i8, memref<?xi32>
  %0 = ascendc.construct !ascendc.shape_info(%d, %s) : i8, memref<?xi32>
  // CHECK-NEXT: %1 = ascendc.get_shape_size %0 : !ascendc.shape_info -> i32
  %1 = ascendc.get_shape_size %0 : !ascendc.shape_info -> i32
  func.return
}
