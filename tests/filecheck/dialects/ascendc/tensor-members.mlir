// The remaining LocalTensor / GlobalTensor members in pyasc's syntax (core.mlir).
// RUN: ascdsl-opt %s | filecheck %s
// RUN: ascdsl-opt %s --print-op-generic | ascdsl-opt | filecheck %s

// CHECK-LABEL: func.func @local
func.func @local(%t: !ascendc.local_tensor<*xf32>, %len: ui32, %tag: i32, %i: index) {
  // CHECK-NEXT: %{{.*}} = ascendc.local_tensor.get_phy_addr %{{.*}} : !ascendc.local_tensor<*xf32>, ui64
  %0 = ascendc.local_tensor.get_phy_addr %t : !ascendc.local_tensor<*xf32>, ui64
  // CHECK-NEXT: %{{.*}} = ascendc.local_tensor.get_phy_addr %{{.*}}, %{{.*}} : !ascendc.local_tensor<*xf32>, ui64, ui32
  %1 = ascendc.local_tensor.get_phy_addr %t, %len : !ascendc.local_tensor<*xf32>, ui64, ui32
  // CHECK-NEXT: ascendc.local_tensor.set_buffer_len %{{.*}}, %{{.*}} : !ascendc.local_tensor<*xf32>, ui32
  ascendc.local_tensor.set_buffer_len %t, %len : !ascendc.local_tensor<*xf32>, ui32
  // CHECK-NEXT: ascendc.local_tensor.set_size %{{.*}}, %{{.*}} : !ascendc.local_tensor<*xf32>, ui32
  ascendc.local_tensor.set_size %t, %len : !ascendc.local_tensor<*xf32>, ui32
  // CHECK-NEXT: %{{.*}} = ascendc.local_tensor.get_position %{{.*}} : !ascendc.local_tensor<*xf32>, i32
  %2 = ascendc.local_tensor.get_position %t : !ascendc.local_tensor<*xf32>, i32
  // CHECK-NEXT: %{{.*}} = ascendc.local_tensor.get_length %{{.*}} : !ascendc.local_tensor<*xf32>, ui32
  %3 = ascendc.local_tensor.get_length %t : !ascendc.local_tensor<*xf32>, ui32
  // CHECK-NEXT: %{{.*}} = ascendc.local_tensor.get_size %{{.*}} : !ascendc.local_tensor<*xf32>, i32
  %4 = ascendc.local_tensor.get_size %t : !ascendc.local_tensor<*xf32>, i32
  // CHECK-NEXT: ascendc.local_tensor.set_user_tag %{{.*}}, %{{.*}} : !ascendc.local_tensor<*xf32>, i32
  ascendc.local_tensor.set_user_tag %t, %tag : !ascendc.local_tensor<*xf32>, i32
  // CHECK-NEXT: %{{.*}} = ascendc.local_tensor.get_user_tag %{{.*}} : !ascendc.local_tensor<*xf32>, i32
  %5 = ascendc.local_tensor.get_user_tag %t : !ascendc.local_tensor<*xf32>, i32
  // CHECK-NEXT: %{{.*}} = ascendc.local_tensor.bracket %{{.*}}(%{{.*}}) : !ascendc.local_tensor<*xf32>, index, !ascendc.local_tensor<*xf32>
  %6 = ascendc.local_tensor.bracket %t(%i) : !ascendc.local_tensor<*xf32>, index, !ascendc.local_tensor<*xf32>
  // CHECK-NEXT: %{{.*}} = ascendc.local_tensor.get_shape_info %{{.*}} : !ascendc.local_tensor<*xf32>, !ascendc.shape_info
  %7 = ascendc.local_tensor.get_shape_info %t : !ascendc.local_tensor<*xf32>, !ascendc.shape_info
  // CHECK-NEXT: ascendc.local_tensor.set_shape_info %{{.*}}, %{{.*}} : !ascendc.local_tensor<*xf32>, !ascendc.shape_info
  ascendc.local_tensor.set_shape_info %t, %7 : !ascendc.local_tensor<*xf32>, !ascendc.shape_info
  // CHECK-NEXT: ascendc.local_tensor.set_addr_with_offset %{{.*}}, %{{.*}}, %{{.*}} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, ui32
  ascendc.local_tensor.set_addr_with_offset %t, %6, %len : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, ui32
  func.return
}

// CHECK-LABEL: func.func @global
func.func @global(%g: !ascendc.global_tensor<*xf32>, %off: ui64, %i: index) {
  // CHECK-NEXT: %{{.*}} = ascendc.global_tensor.get_phy_addr %{{.*}} : !ascendc.global_tensor<*xf32>, memref<*xf32, 22>
  %0 = ascendc.global_tensor.get_phy_addr %g : !ascendc.global_tensor<*xf32>, memref<*xf32, 22>
  // CHECK-NEXT: %{{.*}} = ascendc.global_tensor.get_phy_addr %{{.*}}, %{{.*}} : !ascendc.global_tensor<*xf32>, memref<*xf32, 22>, ui64
  %1 = ascendc.global_tensor.get_phy_addr %g, %off : !ascendc.global_tensor<*xf32>, memref<*xf32, 22>, ui64
  // CHECK-NEXT: %{{.*}} = ascendc.global_tensor.get_size %{{.*}} : !ascendc.global_tensor<*xf32>
  %2 = ascendc.global_tensor.get_size %g : !ascendc.global_tensor<*xf32>
  // CHECK-NEXT: %{{.*}} = ascendc.global_tensor.get_shape_info %{{.*}} : !ascendc.global_tensor<*xf32>, !ascendc.shape_info
  %3 = ascendc.global_tensor.get_shape_info %g : !ascendc.global_tensor<*xf32>, !ascendc.shape_info
  // CHECK-NEXT: ascendc.global_tensor.set_shape_info %{{.*}}, %{{.*}} : !ascendc.global_tensor<*xf32>, !ascendc.shape_info
  ascendc.global_tensor.set_shape_info %g, %3 : !ascendc.global_tensor<*xf32>, !ascendc.shape_info
  // CHECK-NEXT: %{{.*}} = ascendc.global_tensor.bracket %{{.*}}(%{{.*}}) : !ascendc.global_tensor<*xf32>, index, !ascendc.global_tensor<*xf32>
  %4 = ascendc.global_tensor.bracket %g(%i) : !ascendc.global_tensor<*xf32>, index, !ascendc.global_tensor<*xf32>
  // CHECK-NEXT: %{{.*}} = ascendc.construct !ascendc.shape_info() []
  %5 = ascendc.construct !ascendc.shape_info() []
  func.return
}
