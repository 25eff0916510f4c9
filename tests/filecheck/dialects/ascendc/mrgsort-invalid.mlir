// RUN: not ascdsl-opt %s --split-input-file 2>&1 | filecheck %s
// The merge-sort ops' rules: one element type, four counts and four sorted numbers.

// CHECK: mrgsort-invalid.mlir:7:3: error: 'ascendc.mrg_sort_with_info' op dst holds f32 but the sort list holds f16: MrgSort<T> takes one T
func.func @types(%dst: !ascendc.local_tensor<256xf32>, %l: !ascendc.mrg_sort_src_list<f16>,
                 %i: !ascendc.mrg_sort4_info) {
  ascendc.mrg_sort_with_info %dst, %l, %i : !ascendc.local_tensor<256xf32>, !ascendc.mrg_sort_src_list<f16>, !ascendc.mrg_sort4_info
  return
}

// -----

// CHECK: mrgsort-invalid.mlir:15:3: error: 'ascendc.mrg_sort' op elementCountList holds one value per list (4), got 3
func.func @counts(%dst: !ascendc.local_tensor<256xf32>, %l: !ascendc.mrg_sort_src_list<f32>, %n: ui16, %d: ui32) {
  ascendc.mrg_sort %dst, %l, %n, %n, %n, %d, %d, %d, %d, %n, %n {operandSegmentSizes = array<i32: 1, 1, 3, 4, 1, 1>} : !ascendc.local_tensor<256xf32>, !ascendc.mrg_sort_src_list<f32>, ui16, ui16, ui16, ui32, ui32, ui32, ui32, ui16, ui16
  return
}
