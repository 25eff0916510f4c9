// The reductions over repeats in pyasc's syntax: block, pair, repeat and whole reductions
// (WholeReduceMax/Min with their ReduceOrder), ReduceSum/Max/Min L0/L1; each round-trips.
// RUN: ascdsl-opt %s | filecheck %s
// RUN: ascdsl-opt %s | ascdsl-opt | filecheck %s
// RUN: ascdsl-opt %s --print-op-generic | ascdsl-opt | filecheck %s

// CHECK-LABEL: func.func @red
// CHECK-NEXT: ascendc.block_reduce_sum_l0 %arg0, %arg1, %arg2, %arg2, %arg2, %arg2, %arg2 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32, i32, i32, i32, i32
// CHECK-NEXT: ascendc.block_reduce_max_l1 %arg0, %arg1, %arg2, %arg3, %arg3, %arg2, %arg2, %arg2 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32, ui64, ui64, i32, i32, i32
// CHECK-NEXT: ascendc.pair_reduce_sum_l0 %arg0, %arg1, %arg2, %arg2, %arg2, %arg2, %arg2 {isSetMask} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32, i32, i32, i32, i32
// CHECK-NEXT: ascendc.pair_reduce_sum_l1 %arg0, %arg1, %arg2, %arg3, %arg3, %arg2, %arg2, %arg2 {isSetMask} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32, ui64, ui64, i32, i32, i32
// CHECK-NEXT: ascendc.repeat_reduce_sum_l0 %arg0, %arg1, %arg2, %arg2, %arg2, %arg2, %arg2, %arg2 {isSetMask} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32, i32, i32, i32, i32, i32
// CHECK-NEXT: ascendc.whole_reduce_sum_l0 %arg0, %arg1, %arg2, %arg2, %arg2, %arg2, %arg2 {isSetMask} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32, i32, i32, i32, i32
// CHECK-NEXT: ascendc.whole_reduce_max_l1 %arg0, %arg1, %arg3, %arg3, %arg2, %arg2, %arg2, %arg2 {isSetMask, order = 1 : i32} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, ui64, ui64, i32, i32, i32, i32
// CHECK-NEXT: ascendc.whole_reduce_min_l0 %arg0, %arg1, %arg2, %arg2, %arg2, %arg2, %arg2 {isSetMask, order = 0 : i32} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32, i32, i32, i32, i32
// CHECK-NEXT: ascendc.reduce_sum_l0 %arg0, %arg1, %arg1, %arg2, %arg2, %arg2 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32, i32, i32
// CHECK-NEXT: ascendc.reduce_max_l1 %arg0, %arg1, %arg1, %arg4, %arg4, %arg2, %arg2, %arg5 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i64, i64, i32, i32, i1
// CHECK-NEXT: ascendc.reduce_min_l0 %arg0, %arg1, %arg1, %arg2, %arg2, %arg2, %arg5 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32, i32, i32, i1
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
