// RUN: ascdsl-opt %s -t ascendc | filecheck %s
// RUN: ascdsl-opt %s -t ascendc --ascendc-compilable | filecheck %s --check-prefix=UNIQUE
// Value names by default, as pyasc's translator writes them: `v1, v2, ...` per function in
// the order values are declared (arguments first), with `_<name>` appended only when the
// value's location is a name (`loc("x")`, as pyasc's frontend gives kernel arguments); SSA
// names do not count. Constants are named by value and type and take no number; a name
// inside a location nested in a call site or a fused location counts too.
// (naming_readable.mlir: --ascendc-readable-names.)

// CHECK-LABEL: void first(int32_t v1_x, int32_t v2, int32_t v3_a_b, int32_t v4) {
// CHECK-NEXT:    constexpr int32_t c5_i32_five = 5;
// CHECK-NEXT:    int32_t v5 = v1_x + v2;
// CHECK-NEXT:    int32_t v6_sum = v5 + c5_i32_five;
// CHECK-NEXT:    int32_t v7_inner = v6_sum + v3_a_b;
// CHECK-NEXT:    int32_t v8_f = v7_inner + v4;
// CHECK-NEXT:    return;
func.func @first(%x: i32 loc("x"("k.py":1:0)), %y: i32 loc("k.py":1:0), %a.b: i32 loc("a.b"), %named: i32) {
  %five = arith.constant 5 : i32 loc("five")
  %0 = arith.addi %x, %y : i32
  %1 = arith.addi %0, %five : i32 loc("sum"("k.py":2:3))
  %2 = arith.addi %1, %a.b : i32 loc(callsite("inner"("k.py":3:1) at "k.py":9:1))
  %3 = arith.addi %2, %named : i32 loc(fused["k.py":4:1, "f"])
  return
}

// A loop's results are declared before its iter-args and induction variable, as pyasc
// declares them; numbering restarts in each function.
// CHECK-LABEL: void second(int32_t v1) {
// CHECK-NEXT:    constexpr int32_t c0_i32 = 0;
// CHECK-NEXT:    constexpr int32_t c1_i32 = 1;
// CHECK-NEXT:    int32_t v2;
// CHECK-NEXT:    int32_t v3 = c0_i32;
// CHECK-NEXT:    for (int32_t v4 = c0_i32; v4 < v1; v4 += c1_i32) {
// CHECK-NEXT:      int32_t v5 = v3 + v4;
// CHECK-NEXT:      v3 = v5;
// CHECK-NEXT:    }
// CHECK-NEXT:    v2 = v3;
// CHECK-NEXT:    return;
func.func @second(%n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (i32) : i32 {
    %s = arith.addi %acc, %i : i32
    scf.yield %s : i32
  }
  return
}

// L1 mask arrays: `<dst>_mask_list<N>`, N counted per op kind over the module (pyasc's
// counter). `-t ascendc` redeclares a name as pyasc does (Exp and Relu both count from 0);
// the compile paths (and --ascendc-compilable) take the next free number.
// CHECK-LABEL: void masks(AscendC::LocalTensor<float> v1, AscendC::LocalTensor<float> v2, uint64_t v3, int32_t v4, AscendC::UnaryRepeatParams v5) {
// CHECK-NEXT:    uint64_t v1_mask_list0[] = {v3, v3};
// CHECK-NEXT:    AscendC::Exp<float, 0>(v1, v2, v1_mask_list0, v4, v5);
// CHECK-NEXT:    uint64_t v1_mask_list0[] = {v3};
// CHECK-NEXT:    AscendC::Relu<float, 0>(v1, v2, v1_mask_list0, v4, v5);
// CHECK-NEXT:    uint64_t v1_mask_list1[] = {v3};
// CHECK-NEXT:    AscendC::Exp<float, 0>(v1, v2, v1_mask_list1, v4, v5);
// UNIQUE-LABEL: void masks(
// UNIQUE-NEXT:    uint64_t v1_mask_list0[] = {v3, v3};
// UNIQUE-NEXT:    AscendC::Exp<float, 0>(v1, v2, v1_mask_list0, v4, v5);
// UNIQUE-NEXT:    uint64_t v1_mask_list1[] = {v3};
// UNIQUE-NEXT:    AscendC::Relu<float, 0>(v1, v2, v1_mask_list1, v4, v5);
// UNIQUE-NEXT:    uint64_t v1_mask_list2[] = {v3};
// UNIQUE-NEXT:    AscendC::Exp<float, 0>(v1, v2, v1_mask_list2, v4, v5);
func.func @masks(%dst: !ascendc.local_tensor<64xf32>, %src: !ascendc.local_tensor<64xf32>, %m: ui64, %arg3: i32, %arg4: !ascendc.unary_repeat_params) {
  ascendc.exp_l1 %dst, %src, %m, %m, %arg3, %arg4 : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, ui64, ui64, i32, !ascendc.unary_repeat_params
  ascendc.relu_l1 %dst, %src, %m, %arg3, %arg4 : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, ui64, i32, !ascendc.unary_repeat_params
  ascendc.exp_l1 %dst, %src, %m, %arg3, %arg4 : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, ui64, i32, !ascendc.unary_repeat_params
  return
}
