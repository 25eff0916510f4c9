// RUN: ascdsl-opt %s -t ascendc --ascendc-readable-names | filecheck %s
// --ascendc-readable-names: `v1, v2, ...` per function in order of appearance, `_<name>`
// appended when the IR names the value (characters C++ does not allow become `_`; MLIR's
// generated `%argN` names are not source names). Constants are named by value and type, made
// unique per C++ block. L1 mask arrays are numbered per op kind over the module.

// CHECK-LABEL: void first(int32_t v1_x, int32_t v2, int32_t v3_a_b, int32_t v4_c_d) {
// CHECK-NEXT:    int32_t v5 = v1_x + v2;
// CHECK-NEXT:    int32_t v6_sum = v5 + v3_a_b;
// CHECK-NEXT:    int32_t v7_x_1 = v6_sum + v4_c_d;
// CHECK-NEXT:    return;
func.func @first(%x: i32, %arg1: i32, %a.b: i32, %c-d: i32) {
  %0 = arith.addi %x, %arg1 : i32
  %sum = arith.addi %0, %a.b : i32
  %x.1 = arith.addi %sum, %c-d : i32
  return
}

// Numbering restarts in each function.
// CHECK-LABEL: void second(float v1_y) {
// CHECK-NEXT:    float v2 = v1_y * v1_y;
func.func @second(%y: f32) {
  %0 = arith.mulf %y, %y : f32
  return
}

// The same constant defined twice in one C++ block gets a second name (pyasc would redeclare
// it); in an inner block it shadows the outer one, which holds the same value. A constant's
// own SSA name does not matter.
// CHECK-LABEL: void constants_unique(bool v1) {
// CHECK-NEXT:    constexpr int32_t c5_i32 = 5;
// CHECK-NEXT:    if (v1) {
// CHECK-NEXT:      constexpr int32_t c5_i32 = 5;
// CHECK-NEXT:      int32_t v2_s = c5_i32 + c5_i32;
// CHECK-NEXT:    }
// CHECK-NEXT:    constexpr int32_t c5_i32_1 = 5;
// CHECK-NEXT:    return;
func.func @constants_unique(%arg0 : i1) {
  %five = arith.constant 5 : i32
  scf.if %arg0 {
    %c5 = arith.constant 5 : i32
    %s = arith.addi %five, %c5 : i32
  }
  %again = arith.constant 5 : i32
  return
}

// CHECK-LABEL: void masks(AscendC::LocalTensor<float> v1_dst, AscendC::LocalTensor<float> v2_src, uint64_t v3_m, int32_t v4, AscendC::UnaryRepeatParams v5) {
// CHECK-NEXT:    uint64_t v1_dst_mask_list0[] = {v3_m, v3_m};
// CHECK-NEXT:    AscendC::Exp<float, 0>(v1_dst, v2_src, v1_dst_mask_list0, v4, v5);
// CHECK-NEXT:    uint64_t v2_src_mask_list0[] = {v3_m};
// CHECK-NEXT:    AscendC::Relu<float, 0>(v2_src, v1_dst, v2_src_mask_list0, v4, v5);
func.func @masks(%dst: !ascendc.local_tensor<64xf32>, %src: !ascendc.local_tensor<64xf32>, %m: ui64, %arg3: i32, %arg4: !ascendc.unary_repeat_params) {
  ascendc.exp_l1 %dst, %src, %m, %m, %arg3, %arg4 : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, ui64, ui64, i32, !ascendc.unary_repeat_params
  ascendc.relu_l1 %src, %dst, %m, %arg3, %arg4 : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, ui64, i32, !ascendc.unary_repeat_params
  return
}

// Mask arrays are counted per op kind over the whole module, as pyasc counts them.
// CHECK-LABEL: void masks_again(AscendC::LocalTensor<float> v1, uint64_t v2, int32_t v3, AscendC::UnaryRepeatParams v4) {
// CHECK-NEXT:    uint64_t v1_mask_list1[] = {v2};
func.func @masks_again(%arg0: !ascendc.local_tensor<64xf32>, %arg1: ui64, %arg2: i32, %arg3: !ascendc.unary_repeat_params) {
  ascendc.exp_l1 %arg0, %arg0, %arg1, %arg2, %arg3 : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, ui64, i32, !ascendc.unary_repeat_params
  return
}
