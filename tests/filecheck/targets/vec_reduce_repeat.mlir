// RUN: ascdsl-opt %s -t ascendc --ascendc-compilable | filecheck %s
// RUN: ascdsl-opt %s -t ascendc | filecheck %s --check-prefix=PYASC
// Reductions over repeats: the C++ overload of each form; WholeReduceMax/Min pass their
// ReduceOrder, L1 masks are `uint64_t name[]` arrays.

// CHECK-LABEL: void red(
// CHECK-NEXT: AscendC::BlockReduceSum(v1, v2, v3, v3, v3, v3, v3);
// CHECK-NEXT: uint64_t v1_mask_list0[] = {v4, v4};
// CHECK-NEXT: AscendC::BlockReduceMax(v1, v2, v3, v1_mask_list0, v3, v3, v3);
// CHECK-NEXT: AscendC::PairReduceSum<half, 1>(v1, v2, v3, v3, v3, v3, v3);
// CHECK-NEXT: uint64_t v1_mask_list1[] = {v4, v4};
// CHECK-NEXT: AscendC::PairReduceSum<half, 1>(v1, v2, v3, v1_mask_list1, v3, v3, v3);
// CHECK-NEXT: AscendC::RepeatReduceSum<half, 1>(v1, v2, v3, v3, v3, v3, v3, v3);
// CHECK-NEXT: AscendC::WholeReduceSum<half, 1>(v1, v2, v3, v3, v3, v3, v3);
// CHECK-NEXT: uint64_t v1_mask_list2[] = {v4, v4};
// CHECK-NEXT: AscendC::WholeReduceMax<half, 1>(v1, v2, v1_mask_list2, v3, v3, v3, v3, AscendC::ReduceOrder::ORDER_INDEX_VALUE);
// CHECK-NEXT: AscendC::WholeReduceMin<half, 1>(v1, v2, v3, v3, v3, v3, v3, AscendC::ReduceOrder::ORDER_VALUE_INDEX);
// CHECK-NEXT: AscendC::ReduceSum(v1, v2, v2, v3, v3, v3);
// CHECK-NEXT: uint64_t v1_mask_list3[] = {v5, v5};
// CHECK-NEXT: AscendC::ReduceMax(v1, v2, v2, v1_mask_list3, v3, v3, v6);
// CHECK-NEXT: AscendC::ReduceMin(v1, v2, v2, v3, v3, v3, v6);
// CHECK-NEXT: return;
func.func @red(%d: !ascendc.local_tensor<*xf16>, %s: !ascendc.local_tensor<*xf16>, %n: i32, %m: ui64, %i: i64, %ci: i1) {
  ascendc.block_reduce_sum_l0 %d, %s, %n, %n, %n, %n, %n : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32, i32, i32, i32, i32
  ascendc.block_reduce_max_l1 %d, %s, %n, %m, %m, %n, %n, %n : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32, ui64, ui64, i32, i32, i32
  ascendc.pair_reduce_sum_l0 %d, %s, %n, %n, %n, %n, %n {isSetMask} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32, i32, i32, i32, i32
  ascendc.pair_reduce_sum_l1 %d, %s, %n, %m, %m, %n, %n, %n {isSetMask} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32, ui64, ui64, i32, i32, i32
  ascendc.repeat_reduce_sum_l0 %d, %s, %n, %n, %n, %n, %n, %n {isSetMask} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32, i32, i32, i32, i32, i32
  ascendc.whole_reduce_sum_l0 %d, %s, %n, %n, %n, %n, %n {isSetMask} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32, i32, i32, i32, i32
  ascendc.whole_reduce_max_l1 %d, %s, %m, %m, %n, %n, %n, %n {isSetMask, order = 1 : i32} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, ui64, ui64, i32, i32, i32, i32
  ascendc.whole_reduce_min_l0 %d, %s, %n, %n, %n, %n, %n {isSetMask, order = 0 : i32} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32, i32, i32, i32, i32
  ascendc.reduce_sum_l0 %d, %s, %s, %n, %n, %n : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32, i32, i32
  ascendc.reduce_max_l1 %d, %s, %s, %i, %i, %n, %n, %ci : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i64, i64, i32, i32, i1
  ascendc.reduce_min_l0 %d, %s, %s, %n, %n, %n, %ci : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32, i32, i32, i1
  return
}

// pyasc's spelling (`-t ascendc` without --ascendc-compilable): no template arguments
// where pyasc's translator prints none, mask arrays redeclared as pyasc does.
// PYASC-LABEL: void red(
// PYASC-NEXT: AscendC::BlockReduceSum(v1, v2, v3, v3, v3, v3, v3);
// PYASC-NEXT: uint64_t v1_mask_list0[] = {v4, v4};
// PYASC-NEXT: AscendC::BlockReduceMax(v1, v2, v3, v1_mask_list0, v3, v3, v3);
// PYASC-NEXT: AscendC::PairReduceSum(v1, v2, v3, v3, v3, v3, v3);
// PYASC-NEXT: uint64_t v1_mask_list0[] = {v4, v4};
// PYASC-NEXT: AscendC::PairReduceSum(v1, v2, v3, v1_mask_list0, v3, v3, v3);
// PYASC-NEXT: AscendC::RepeatReduceSum(v1, v2, v3, v3, v3, v3, v3, v3);
// PYASC-NEXT: AscendC::WholeReduceSum(v1, v2, v3, v3, v3, v3, v3);
// PYASC-NEXT: uint64_t v1_mask_list0[] = {v4, v4};
// PYASC-NEXT: AscendC::WholeReduceMax(v1, v2, v1_mask_list0, v3, v3, v3, v3, AscendC::ReduceOrder::ORDER_INDEX_VALUE);
// PYASC-NEXT: AscendC::WholeReduceMin(v1, v2, v3, v3, v3, v3, v3, AscendC::ReduceOrder::ORDER_VALUE_INDEX);
// PYASC-NEXT: AscendC::ReduceSum(v1, v2, v2, v3, v3, v3);
// PYASC-NEXT: uint64_t v1_mask_list0[] = {v5, v5};
// PYASC-NEXT: AscendC::ReduceMax(v1, v2, v2, v1_mask_list0, v3, v3, v6);
// PYASC-NEXT: AscendC::ReduceMin(v1, v2, v2, v3, v3, v3, v6);
// PYASC-NEXT: return;
