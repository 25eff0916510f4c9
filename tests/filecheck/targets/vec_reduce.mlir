// RUN: ascdsl-opt %s -t ascendc | filecheck %s
// Reductions (L2): ReduceSum(dst, src, tmp, count); ReduceMax/Min also take calIndex.

// CHECK-LABEL: void emit_reduce() {
// CHECK-NEXT:    AscendC::LocalTensor<float> v1;
// CHECK-NEXT:    AscendC::LocalTensor<float> v2;
// CHECK-NEXT:    AscendC::LocalTensor<float> v3;
// CHECK-NEXT:    constexpr int32_t c6_i32 = 6;
// CHECK-NEXT:    constexpr bool cm1_i1 = true;
// CHECK-NEXT:    constexpr bool c0_i1 = false;
// CHECK-NEXT:    AscendC::ReduceSum(v1, v2, v3, c6_i32);
// CHECK-NEXT:    AscendC::ReduceMax(v1, v2, v3, c6_i32, cm1_i1);
// CHECK-NEXT:    AscendC::ReduceMin(v1, v2, v3, c6_i32, c0_i1);
// CHECK-NEXT:    return;
func.func @emit_reduce() {
  %dst = ascendc.local_tensor : !ascendc.local_tensor<1024xf32>
  %src = ascendc.local_tensor : !ascendc.local_tensor<1024xf32>
  %tmp = ascendc.local_tensor : !ascendc.local_tensor<1024xf32>
  %count = arith.constant 6 : i32
  %true = arith.constant true
  %false = arith.constant false
  ascendc.reduce_sum_l2 %dst, %src, %tmp, %count : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, i32
  ascendc.reduce_max_l2 %dst, %src, %tmp, %count, %true : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, i32, i1
  ascendc.reduce_min_l2 %dst, %src, %tmp, %count, %false : !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, !ascendc.local_tensor<1024xf32>, i32, i1
  return
}
