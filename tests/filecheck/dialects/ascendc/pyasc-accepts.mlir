// IR that pyasc's dialect accepts and the Ascend C headers refuse or treat as a no-op reads
// and prints back unchanged (docs/dialect.md, "What the verifier leaves to the headers").
// RUN: ascdsl-opt %s | ascdsl-opt | filecheck %s
// RUN: ascdsl-opt %s --mlir-print-op-generic | ascdsl-opt | filecheck %s

// CHECK-LABEL: func.func @barrier_and_bound_event
// CHECK-NEXT:    ascendc.pipe_barrier pipe_s
// CHECK-NEXT:    ascendc.set_flag max, %{{.*}} : i32
// CHECK-NEXT:    ascendc.wait_flag max, %{{.*}} : i32
func.func @barrier_and_bound_event(%id: i32) {
  ascendc.pipe_barrier pipe_s
  ascendc.set_flag max, %id : i32
  ascendc.wait_flag max, %id : i32
  func.return
}

// CHECK-LABEL: func.func @byte_workspaces
// CHECK-NEXT:    ascendc.ib_set %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {isAIVOnly} : !ascendc.global_tensor<*xui8>, !ascendc.local_tensor<*xui8>, i32, i32
// CHECK-NEXT:    ascendc.sync_all_soft %{{.*}}, %{{.*}}, %{{.*}} : !ascendc.global_tensor<*xui8>, !ascendc.local_tensor<*xui8>, i32
func.func @byte_workspaces(%gm: !ascendc.global_tensor<*xui8>, %ub: !ascendc.local_tensor<*xui8>, %b: i32, %e: i32) {
  ascendc.ib_set %gm, %ub, %b, %e {isAIVOnly} : !ascendc.global_tensor<*xui8>, !ascendc.local_tensor<*xui8>, i32, i32
  ascendc.sync_all_soft %gm, %ub, %b : !ascendc.global_tensor<*xui8>, !ascendc.local_tensor<*xui8>, i32
  func.return
}

// CHECK-LABEL: func.func @gm_element_types
// CHECK-NEXT:    %{{.*}} = ascendc.global_tensor : !ascendc.global_tensor<i32>
// CHECK-NEXT:    ascendc.global_tensor.set_global_buffer %{{.*}}, %{{.*}} : !ascendc.global_tensor<i32>, memref<1024xf32, 22>
// CHECK-NEXT:    %{{.*}} = ascendc.global_tensor.get_value %{{.*}}, %{{.*}} : !ascendc.global_tensor<i32>, ui64, f32
func.func @gm_element_types(%p: memref<1024xf32, 22>, %i: ui64) {
  %g = ascendc.global_tensor : !ascendc.global_tensor<i32>
  ascendc.global_tensor.set_global_buffer %g, %p : !ascendc.global_tensor<i32>, memref<1024xf32, 22>
  %v = ascendc.global_tensor.get_value %g, %i : !ascendc.global_tensor<i32>, ui64, f32
  func.return
}

// CHECK-LABEL: func.func @hccl_index
// CHECK-NEXT:    ascendc.set_hccl_context %{{.*}}, %{{.*}} : ui32, memref<?xui8, 22>
// CHECK-NEXT:    %{{.*}} = ascendc.get_hccl_context %{{.*}} : ui32, memref<?xui8, 22>
func.func @hccl_index(%ctx: memref<?xui8, 22>, %i: ui32) {
  ascendc.set_hccl_context %i, %ctx : ui32, memref<?xui8, 22>
  %c = ascendc.get_hccl_context %i : ui32, memref<?xui8, 22>
  func.return
}

// The 3D load parameters with and without their element type, as pyasc writes both.
// CHECK-LABEL: func.func @load_3d_params
// CHECK-SAME:    %{{.*}}: !ascendc.load_data_3d_params_v2)
// CHECK-NEXT:    %{{.*}} = ascendc.construct !ascendc.load_data_3d_params_v2<f32>(%{{.*}}) : i8, i16, i16, i16, i16, i16, i16, i16, i8, i8, i8, i8, i8, i8, i8, i8, f32
func.func @load_3d_params(%a: i8, %b: i16, %f: f32, %p: !ascendc.load_data_3d_params_v2) {
  %0 = ascendc.construct !ascendc.load_data_3d_params_v2<f32>(%a, %b, %b, %b, %b, %b, %b, %b, %a, %a, %a, %a, %a, %a, %a, %a, %f) : i8, i16, i16, i16, i16, i16, i16, i16, i8, i8, i8, i8, i8, i8, i8, i8, f32
  func.return
}
