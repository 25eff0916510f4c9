// RUN: ascdsl-opt %s | ascdsl-opt | filecheck %s --check-prefix=IR
// RUN: ascdsl-opt %s -t ascendc | filecheck %s
// GetSortLen / GetSortOffset, Sort and Sort32 as pyasc's vec_proposal.mlir writes them.

// IR-LABEL: func.func @emit_sort
// IR: ascendc.get_sort_len %{{.*}} : ui32
// IR: ascendc.sort %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {isFullSort} : !ascendc.local_tensor<1024xf32>
// CHECK-LABEL: void emit_sort(uint32_t v1, AscendC::LocalTensor<float> v2, AscendC::LocalTensor<float> v3, AscendC::LocalTensor<uint32_t> v4, AscendC::LocalTensor<float> v5, int32_t v6) {
// CHECK-NEXT:   uint32_t v7 = AscendC::GetSortLen<float>(v1);
// CHECK-NEXT:   uint32_t v8 = AscendC::GetSortOffset<float>(v1);
// CHECK-NEXT:   AscendC::Sort<float, 0>(v2, v3, v4, v5, v6);
// CHECK-NEXT:   AscendC::Sort<float, 1>(v2, v3, v4, v5, v6);
// CHECK-NEXT:   AscendC::Sort32(v2, v3, v4, v6);
// CHECK-NEXT:   return;
func.func @emit_sort(%n: ui32, %dst: !ascendc.local_tensor<1024xf32>, %concat: !ascendc.local_tensor<512xf32>, %index: !ascendc.local_tensor<512xui32>, %tmp: !ascendc.local_tensor<512xf32>, %repeat_time: i32) {
  %0 = ascendc.get_sort_len %n : ui32
  %1 = ascendc.get_sort_offset %n : ui32
  ascendc.sort %dst, %concat, %index, %tmp, %repeat_time : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<512xf32>, !ascendc.local_tensor<512xui32>, !ascendc.local_tensor<512xf32>, i32
  ascendc.sort %dst, %concat, %index, %tmp, %repeat_time {isFullSort} : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<512xf32>, !ascendc.local_tensor<512xui32>, !ascendc.local_tensor<512xf32>, i32
  ascendc.sort32 %dst, %concat, %index, %repeat_time : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<512xf32>, !ascendc.local_tensor<512xui32>, i32
  return
}
