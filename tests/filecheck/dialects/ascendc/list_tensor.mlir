// TensorDesc / ListTensorDesc in pyasc's syntax (its OpListTensor.td): the generic-looking
// `operands : types` forms and the `{dtype = T}` of GetDataPtr round-trip.
// RUN: ascdsl-opt %s | filecheck %s
// RUN: ascdsl-opt %s --print-op-generic | ascdsl-opt | filecheck %s

// CHECK-LABEL: func.func @descs
func.func @descs(%data: memref<?xi8, 22>, %n: ui32, %addr: ui64) {
  // CHECK: %[[D:.*]] = ascendc.tensor_desc f32 : !ascendc.tensor_desc
  %d = ascendc.tensor_desc f32 : !ascendc.tensor_desc
  // CHECK: ascendc.tensor_desc_set_shape_addr %[[D]], %{{.*}} : !ascendc.tensor_desc, ui64
  ascendc.tensor_desc_set_shape_addr %d, %addr : !ascendc.tensor_desc, ui64
  // CHECK: %[[L:.*]] = ascendc.list_tensor_desc : !ascendc.list_tensor_desc
  %l = ascendc.list_tensor_desc : !ascendc.list_tensor_desc
  // CHECK: ascendc.list_tensor_desc_v2 %{{.*}}, %{{.*}}, %{{.*}} : !ascendc.list_tensor_desc, memref<?xi8, 22>, ui32, ui32
  %l2 = ascendc.list_tensor_desc_v2 %data, %n, %n : !ascendc.list_tensor_desc, memref<?xi8, 22>, ui32, ui32
  // CHECK: ascendc.list_tensor_desc_init %[[L]], %{{.*}}, %{{.*}}, %{{.*}} : !ascendc.list_tensor_desc, memref<?xi8, 22>, ui32, ui32
  ascendc.list_tensor_desc_init %l, %data, %n, %n : !ascendc.list_tensor_desc, memref<?xi8, 22>, ui32, ui32
  // CHECK: ascendc.list_tensor_desc_get_data_ptr %[[L]], %{{.*}} {dtype = i32} : memref<?xi32, 22>
  %p = ascendc.list_tensor_desc_get_data_ptr %l, %n {dtype = i32} : memref<?xi32, 22>
  // CHECK: ascendc.list_tensor_desc_get_size %[[L]] : !ascendc.list_tensor_desc
  %s = ascendc.list_tensor_desc_get_size %l : !ascendc.list_tensor_desc
  // CHECK: ascendc.list_tensor_desc_get_desc %[[L]], %[[D]], %{{.*}} : !ascendc.list_tensor_desc, !ascendc.tensor_desc, ui32
  ascendc.list_tensor_desc_get_desc %l, %d, %n : !ascendc.list_tensor_desc, !ascendc.tensor_desc, ui32
  return
}
