// Every op of the vector families (binary L0-L3, unary, vector-scalar, duplicate, reductions)
// and cast: pyasc's default syntax `operands attr-dict : type(operands)` round-trips.
// RUN: ascdsl-opt %s | filecheck %s
// RUN: ascdsl-opt %s | ascdsl-opt | filecheck %s
// RUN: ascdsl-opt %s --print-op-generic | ascdsl-opt | filecheck %s

// CHECK-LABEL: func.func @families
func.func @families(%d: !ascendc.local_tensor<256xf32>, %a: !ascendc.local_tensor<256xf32>, %b: !ascendc.local_tensor<256xf32>, %n: i32, %m0: ui64, %m1: ui64, %s: f32, %bp: !ascendc.binary_repeat_params, %up: !ascendc.unary_repeat_params, %flag: i1) {
  // CHECK-NEXT: ascendc.add_l0 %arg0, %arg1, %arg2, %arg3, %arg3, %arg7 {isSetMask} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32, i32, !ascendc.binary_repeat_params
  ascendc.add_l0 %d, %a, %b, %n, %n, %bp {isSetMask} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32, i32, !ascendc.binary_repeat_params
  // CHECK-NEXT: ascendc.add_l1 %arg0, %arg1, %arg2, %arg4, %arg5, %arg3, %arg7 : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, ui64, ui64, i32, !ascendc.binary_repeat_params
  ascendc.add_l1 %d, %a, %b, %m0, %m1, %n, %bp : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, ui64, ui64, i32, !ascendc.binary_repeat_params
  // CHECK-NEXT: ascendc.add_l2 %arg0, %arg1, %arg2, %arg3 : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32
  ascendc.add_l2 %d, %a, %b, %n : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32
  // CHECK-NEXT: ascendc.add_l3 %arg0, %arg1, %arg2 : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>
  ascendc.add_l3 %d, %a, %b : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>
  // CHECK-NEXT: ascendc.sub_l0 %arg0, %arg1, %arg2, %arg3, %arg3, %arg7 {isSetMask} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32, i32, !ascendc.binary_repeat_params
  ascendc.sub_l0 %d, %a, %b, %n, %n, %bp {isSetMask} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32, i32, !ascendc.binary_repeat_params
  // CHECK-NEXT: ascendc.sub_l1 %arg0, %arg1, %arg2, %arg4, %arg5, %arg3, %arg7 : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, ui64, ui64, i32, !ascendc.binary_repeat_params
  ascendc.sub_l1 %d, %a, %b, %m0, %m1, %n, %bp : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, ui64, ui64, i32, !ascendc.binary_repeat_params
  // CHECK-NEXT: ascendc.sub_l2 %arg0, %arg1, %arg2, %arg3 : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32
  ascendc.sub_l2 %d, %a, %b, %n : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32
  // CHECK-NEXT: ascendc.sub_l3 %arg0, %arg1, %arg2 : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>
  ascendc.sub_l3 %d, %a, %b : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>
  // CHECK-NEXT: ascendc.mul_l0 %arg0, %arg1, %arg2, %arg3, %arg3, %arg7 {isSetMask} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32, i32, !ascendc.binary_repeat_params
  ascendc.mul_l0 %d, %a, %b, %n, %n, %bp {isSetMask} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32, i32, !ascendc.binary_repeat_params
  // CHECK-NEXT: ascendc.mul_l1 %arg0, %arg1, %arg2, %arg4, %arg5, %arg3, %arg7 : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, ui64, ui64, i32, !ascendc.binary_repeat_params
  ascendc.mul_l1 %d, %a, %b, %m0, %m1, %n, %bp : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, ui64, ui64, i32, !ascendc.binary_repeat_params
  // CHECK-NEXT: ascendc.mul_l2 %arg0, %arg1, %arg2, %arg3 : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32
  ascendc.mul_l2 %d, %a, %b, %n : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32
  // CHECK-NEXT: ascendc.mul_l3 %arg0, %arg1, %arg2 : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>
  ascendc.mul_l3 %d, %a, %b : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>
  // CHECK-NEXT: ascendc.div_l0 %arg0, %arg1, %arg2, %arg3, %arg3, %arg7 {isSetMask} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32, i32, !ascendc.binary_repeat_params
  ascendc.div_l0 %d, %a, %b, %n, %n, %bp {isSetMask} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32, i32, !ascendc.binary_repeat_params
  // CHECK-NEXT: ascendc.div_l1 %arg0, %arg1, %arg2, %arg4, %arg5, %arg3, %arg7 : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, ui64, ui64, i32, !ascendc.binary_repeat_params
  ascendc.div_l1 %d, %a, %b, %m0, %m1, %n, %bp : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, ui64, ui64, i32, !ascendc.binary_repeat_params
  // CHECK-NEXT: ascendc.div_l2 %arg0, %arg1, %arg2, %arg3 : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32
  ascendc.div_l2 %d, %a, %b, %n : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32
  // CHECK-NEXT: ascendc.div_l3 %arg0, %arg1, %arg2 : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>
  ascendc.div_l3 %d, %a, %b : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>
  // CHECK-NEXT: ascendc.max_l0 %arg0, %arg1, %arg2, %arg3, %arg3, %arg7 {isSetMask} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32, i32, !ascendc.binary_repeat_params
  ascendc.max_l0 %d, %a, %b, %n, %n, %bp {isSetMask} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32, i32, !ascendc.binary_repeat_params
  // CHECK-NEXT: ascendc.max_l1 %arg0, %arg1, %arg2, %arg4, %arg5, %arg3, %arg7 : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, ui64, ui64, i32, !ascendc.binary_repeat_params
  ascendc.max_l1 %d, %a, %b, %m0, %m1, %n, %bp : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, ui64, ui64, i32, !ascendc.binary_repeat_params
  // CHECK-NEXT: ascendc.max_l2 %arg0, %arg1, %arg2, %arg3 : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32
  ascendc.max_l2 %d, %a, %b, %n : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32
  // CHECK-NEXT: ascendc.min_l0 %arg0, %arg1, %arg2, %arg3, %arg3, %arg7 {isSetMask} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32, i32, !ascendc.binary_repeat_params
  ascendc.min_l0 %d, %a, %b, %n, %n, %bp {isSetMask} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32, i32, !ascendc.binary_repeat_params
  // CHECK-NEXT: ascendc.min_l1 %arg0, %arg1, %arg2, %arg4, %arg5, %arg3, %arg7 : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, ui64, ui64, i32, !ascendc.binary_repeat_params
  ascendc.min_l1 %d, %a, %b, %m0, %m1, %n, %bp : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, ui64, ui64, i32, !ascendc.binary_repeat_params
  // CHECK-NEXT: ascendc.min_l2 %arg0, %arg1, %arg2, %arg3 : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32
  ascendc.min_l2 %d, %a, %b, %n : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32
  // CHECK-NEXT: ascendc.and_l0 %arg0, %arg1, %arg2, %arg3, %arg3, %arg7 {isSetMask} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32, i32, !ascendc.binary_repeat_params
  ascendc.and_l0 %d, %a, %b, %n, %n, %bp {isSetMask} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32, i32, !ascendc.binary_repeat_params
  // CHECK-NEXT: ascendc.and_l1 %arg0, %arg1, %arg2, %arg4, %arg5, %arg3, %arg7 : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, ui64, ui64, i32, !ascendc.binary_repeat_params
  ascendc.and_l1 %d, %a, %b, %m0, %m1, %n, %bp : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, ui64, ui64, i32, !ascendc.binary_repeat_params
  // CHECK-NEXT: ascendc.and_l2 %arg0, %arg1, %arg2, %arg3 : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32
  ascendc.and_l2 %d, %a, %b, %n : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32
  // CHECK-NEXT: ascendc.or_l0 %arg0, %arg1, %arg2, %arg3, %arg3, %arg7 {isSetMask} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32, i32, !ascendc.binary_repeat_params
  ascendc.or_l0 %d, %a, %b, %n, %n, %bp {isSetMask} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32, i32, !ascendc.binary_repeat_params
  // CHECK-NEXT: ascendc.or_l1 %arg0, %arg1, %arg2, %arg4, %arg5, %arg3, %arg7 : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, ui64, ui64, i32, !ascendc.binary_repeat_params
  ascendc.or_l1 %d, %a, %b, %m0, %m1, %n, %bp : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, ui64, ui64, i32, !ascendc.binary_repeat_params
  // CHECK-NEXT: ascendc.or_l2 %arg0, %arg1, %arg2, %arg3 : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32
  ascendc.or_l2 %d, %a, %b, %n : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32
  // CHECK-NEXT: ascendc.add_relu_l0 %arg0, %arg1, %arg2, %arg3, %arg3, %arg7 {isSetMask} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32, i32, !ascendc.binary_repeat_params
  ascendc.add_relu_l0 %d, %a, %b, %n, %n, %bp {isSetMask} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32, i32, !ascendc.binary_repeat_params
  // CHECK-NEXT: ascendc.add_relu_l1 %arg0, %arg1, %arg2, %arg4, %arg5, %arg3, %arg7 : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, ui64, ui64, i32, !ascendc.binary_repeat_params
  ascendc.add_relu_l1 %d, %a, %b, %m0, %m1, %n, %bp : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, ui64, ui64, i32, !ascendc.binary_repeat_params
  // CHECK-NEXT: ascendc.add_relu_l2 %arg0, %arg1, %arg2, %arg3 : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32
  ascendc.add_relu_l2 %d, %a, %b, %n : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32
  // CHECK-NEXT: ascendc.sub_relu_l0 %arg0, %arg1, %arg2, %arg3, %arg3, %arg7 {isSetMask} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32, i32, !ascendc.binary_repeat_params
  ascendc.sub_relu_l0 %d, %a, %b, %n, %n, %bp {isSetMask} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32, i32, !ascendc.binary_repeat_params
  // CHECK-NEXT: ascendc.sub_relu_l1 %arg0, %arg1, %arg2, %arg4, %arg5, %arg3, %arg7 : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, ui64, ui64, i32, !ascendc.binary_repeat_params
  ascendc.sub_relu_l1 %d, %a, %b, %m0, %m1, %n, %bp : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, ui64, ui64, i32, !ascendc.binary_repeat_params
  // CHECK-NEXT: ascendc.sub_relu_l2 %arg0, %arg1, %arg2, %arg3 : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32
  ascendc.sub_relu_l2 %d, %a, %b, %n : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32
  // CHECK-NEXT: ascendc.abs_l0 %arg0, %arg1, %arg3, %arg3, %arg8 {isSetMask} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32, i32, !ascendc.unary_repeat_params
  ascendc.abs_l0 %d, %a, %n, %n, %up {isSetMask} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32, i32, !ascendc.unary_repeat_params
  // CHECK-NEXT: ascendc.abs_l1 %arg0, %arg1, %arg4, %arg5, %arg3, %arg8 : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, ui64, ui64, i32, !ascendc.unary_repeat_params
  ascendc.abs_l1 %d, %a, %m0, %m1, %n, %up : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, ui64, ui64, i32, !ascendc.unary_repeat_params
  // CHECK-NEXT: ascendc.abs_l2 %arg0, %arg1, %arg3 : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32
  ascendc.abs_l2 %d, %a, %n : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32
  // CHECK-NEXT: ascendc.exp_l0 %arg0, %arg1, %arg3, %arg3, %arg8 {isSetMask} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32, i32, !ascendc.unary_repeat_params
  ascendc.exp_l0 %d, %a, %n, %n, %up {isSetMask} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32, i32, !ascendc.unary_repeat_params
  // CHECK-NEXT: ascendc.exp_l1 %arg0, %arg1, %arg4, %arg5, %arg3, %arg8 : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, ui64, ui64, i32, !ascendc.unary_repeat_params
  ascendc.exp_l1 %d, %a, %m0, %m1, %n, %up : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, ui64, ui64, i32, !ascendc.unary_repeat_params
  // CHECK-NEXT: ascendc.exp_l2 %arg0, %arg1, %arg3 : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32
  ascendc.exp_l2 %d, %a, %n : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32
  // CHECK-NEXT: ascendc.ln_l0 %arg0, %arg1, %arg3, %arg3, %arg8 {isSetMask} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32, i32, !ascendc.unary_repeat_params
  ascendc.ln_l0 %d, %a, %n, %n, %up {isSetMask} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32, i32, !ascendc.unary_repeat_params
  // CHECK-NEXT: ascendc.ln_l1 %arg0, %arg1, %arg4, %arg5, %arg3, %arg8 : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, ui64, ui64, i32, !ascendc.unary_repeat_params
  ascendc.ln_l1 %d, %a, %m0, %m1, %n, %up : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, ui64, ui64, i32, !ascendc.unary_repeat_params
  // CHECK-NEXT: ascendc.ln_l2 %arg0, %arg1, %arg3 : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32
  ascendc.ln_l2 %d, %a, %n : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32
  // CHECK-NEXT: ascendc.relu_l0 %arg0, %arg1, %arg3, %arg3, %arg8 {isSetMask} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32, i32, !ascendc.unary_repeat_params
  ascendc.relu_l0 %d, %a, %n, %n, %up {isSetMask} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32, i32, !ascendc.unary_repeat_params
  // CHECK-NEXT: ascendc.relu_l1 %arg0, %arg1, %arg4, %arg5, %arg3, %arg8 : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, ui64, ui64, i32, !ascendc.unary_repeat_params
  ascendc.relu_l1 %d, %a, %m0, %m1, %n, %up : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, ui64, ui64, i32, !ascendc.unary_repeat_params
  // CHECK-NEXT: ascendc.relu_l2 %arg0, %arg1, %arg3 : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32
  ascendc.relu_l2 %d, %a, %n : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32
  // CHECK-NEXT: ascendc.rsqrt_l0 %arg0, %arg1, %arg3, %arg3, %arg8 {isSetMask} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32, i32, !ascendc.unary_repeat_params
  ascendc.rsqrt_l0 %d, %a, %n, %n, %up {isSetMask} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32, i32, !ascendc.unary_repeat_params
  // CHECK-NEXT: ascendc.rsqrt_l1 %arg0, %arg1, %arg4, %arg5, %arg3, %arg8 : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, ui64, ui64, i32, !ascendc.unary_repeat_params
  ascendc.rsqrt_l1 %d, %a, %m0, %m1, %n, %up : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, ui64, ui64, i32, !ascendc.unary_repeat_params
  // CHECK-NEXT: ascendc.rsqrt_l2 %arg0, %arg1, %arg3 : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32
  ascendc.rsqrt_l2 %d, %a, %n : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32
  // CHECK-NEXT: ascendc.sqrt_l0 %arg0, %arg1, %arg3, %arg3, %arg8 {isSetMask} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32, i32, !ascendc.unary_repeat_params
  ascendc.sqrt_l0 %d, %a, %n, %n, %up {isSetMask} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32, i32, !ascendc.unary_repeat_params
  // CHECK-NEXT: ascendc.sqrt_l1 %arg0, %arg1, %arg4, %arg5, %arg3, %arg8 : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, ui64, ui64, i32, !ascendc.unary_repeat_params
  ascendc.sqrt_l1 %d, %a, %m0, %m1, %n, %up : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, ui64, ui64, i32, !ascendc.unary_repeat_params
  // CHECK-NEXT: ascendc.sqrt_l2 %arg0, %arg1, %arg3 : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32
  ascendc.sqrt_l2 %d, %a, %n : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32
  // CHECK-NEXT: ascendc.reciprocal_l0 %arg0, %arg1, %arg3, %arg3, %arg8 {isSetMask} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32, i32, !ascendc.unary_repeat_params
  ascendc.reciprocal_l0 %d, %a, %n, %n, %up {isSetMask} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32, i32, !ascendc.unary_repeat_params
  // CHECK-NEXT: ascendc.reciprocal_l1 %arg0, %arg1, %arg4, %arg5, %arg3, %arg8 : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, ui64, ui64, i32, !ascendc.unary_repeat_params
  ascendc.reciprocal_l1 %d, %a, %m0, %m1, %n, %up : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, ui64, ui64, i32, !ascendc.unary_repeat_params
  // CHECK-NEXT: ascendc.reciprocal_l2 %arg0, %arg1, %arg3 : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32
  ascendc.reciprocal_l2 %d, %a, %n : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32
  // CHECK-NEXT: ascendc.not_l0 %arg0, %arg1, %arg3, %arg3, %arg8 {isSetMask} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32, i32, !ascendc.unary_repeat_params
  ascendc.not_l0 %d, %a, %n, %n, %up {isSetMask} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32, i32, !ascendc.unary_repeat_params
  // CHECK-NEXT: ascendc.not_l1 %arg0, %arg1, %arg4, %arg5, %arg3, %arg8 : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, ui64, ui64, i32, !ascendc.unary_repeat_params
  ascendc.not_l1 %d, %a, %m0, %m1, %n, %up : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, ui64, ui64, i32, !ascendc.unary_repeat_params
  // CHECK-NEXT: ascendc.not_l2 %arg0, %arg1, %arg3 : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32
  ascendc.not_l2 %d, %a, %n : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32
  // CHECK-NEXT: ascendc.neg_l2 %arg0, %arg1, %arg3 : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32
  ascendc.neg_l2 %d, %a, %n : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32
  // CHECK-NEXT: ascendc.adds_l0 %arg0, %arg1, %arg6, %arg3, %arg3, %arg8 {isSetMask} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, f32, i32, i32, !ascendc.unary_repeat_params
  ascendc.adds_l0 %d, %a, %s, %n, %n, %up {isSetMask} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, f32, i32, i32, !ascendc.unary_repeat_params
  // CHECK-NEXT: ascendc.adds_l1 %arg0, %arg1, %arg6, %arg4, %arg3, %arg8 : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, f32, ui64, i32, !ascendc.unary_repeat_params
  ascendc.adds_l1 %d, %a, %s, %m0, %n, %up : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, f32, ui64, i32, !ascendc.unary_repeat_params
  // CHECK-NEXT: ascendc.adds_l2 %arg0, %arg1, %arg6, %arg3 {isSetMask} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, f32, i32
  ascendc.adds_l2 %d, %a, %s, %n {isSetMask} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, f32, i32
  // CHECK-NEXT: ascendc.muls_l0 %arg0, %arg1, %arg6, %arg3, %arg3, %arg8 {isSetMask} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, f32, i32, i32, !ascendc.unary_repeat_params
  ascendc.muls_l0 %d, %a, %s, %n, %n, %up {isSetMask} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, f32, i32, i32, !ascendc.unary_repeat_params
  // CHECK-NEXT: ascendc.muls_l1 %arg0, %arg1, %arg6, %arg4, %arg3, %arg8 : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, f32, ui64, i32, !ascendc.unary_repeat_params
  ascendc.muls_l1 %d, %a, %s, %m0, %n, %up : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, f32, ui64, i32, !ascendc.unary_repeat_params
  // CHECK-NEXT: ascendc.muls_l2 %arg0, %arg1, %arg6, %arg3 {isSetMask} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, f32, i32
  ascendc.muls_l2 %d, %a, %s, %n {isSetMask} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, f32, i32
  // CHECK-NEXT: ascendc.maxs_l0 %arg0, %arg1, %arg6, %arg3, %arg3, %arg8 {isSetMask} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, f32, i32, i32, !ascendc.unary_repeat_params
  ascendc.maxs_l0 %d, %a, %s, %n, %n, %up {isSetMask} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, f32, i32, i32, !ascendc.unary_repeat_params
  // CHECK-NEXT: ascendc.maxs_l1 %arg0, %arg1, %arg6, %arg4, %arg3, %arg8 : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, f32, ui64, i32, !ascendc.unary_repeat_params
  ascendc.maxs_l1 %d, %a, %s, %m0, %n, %up : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, f32, ui64, i32, !ascendc.unary_repeat_params
  // CHECK-NEXT: ascendc.maxs_l2 %arg0, %arg1, %arg6, %arg3 {isSetMask} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, f32, i32
  ascendc.maxs_l2 %d, %a, %s, %n {isSetMask} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, f32, i32
  // CHECK-NEXT: ascendc.mins_l0 %arg0, %arg1, %arg6, %arg3, %arg3, %arg8 {isSetMask} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, f32, i32, i32, !ascendc.unary_repeat_params
  ascendc.mins_l0 %d, %a, %s, %n, %n, %up {isSetMask} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, f32, i32, i32, !ascendc.unary_repeat_params
  // CHECK-NEXT: ascendc.mins_l1 %arg0, %arg1, %arg6, %arg4, %arg3, %arg8 : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, f32, ui64, i32, !ascendc.unary_repeat_params
  ascendc.mins_l1 %d, %a, %s, %m0, %n, %up : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, f32, ui64, i32, !ascendc.unary_repeat_params
  // CHECK-NEXT: ascendc.mins_l2 %arg0, %arg1, %arg6, %arg3 {isSetMask} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, f32, i32
  ascendc.mins_l2 %d, %a, %s, %n {isSetMask} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, f32, i32
  // CHECK-NEXT: ascendc.leaky_relu_l0 %arg0, %arg1, %arg6, %arg3, %arg3, %arg8 {isSetMask} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, f32, i32, i32, !ascendc.unary_repeat_params
  ascendc.leaky_relu_l0 %d, %a, %s, %n, %n, %up {isSetMask} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, f32, i32, i32, !ascendc.unary_repeat_params
  // CHECK-NEXT: ascendc.leaky_relu_l1 %arg0, %arg1, %arg6, %arg4, %arg3, %arg8 : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, f32, ui64, i32, !ascendc.unary_repeat_params
  ascendc.leaky_relu_l1 %d, %a, %s, %m0, %n, %up : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, f32, ui64, i32, !ascendc.unary_repeat_params
  // CHECK-NEXT: ascendc.leaky_relu_l2 %arg0, %arg1, %arg6, %arg3 {isSetMask} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, f32, i32
  ascendc.leaky_relu_l2 %d, %a, %s, %n {isSetMask} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, f32, i32
  // CHECK-NEXT: ascendc.shift_left_l0 %arg0, %arg1, %arg6, %arg3, %arg3, %arg8 {isSetMask} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, f32, i32, i32, !ascendc.unary_repeat_params
  ascendc.shift_left_l0 %d, %a, %s, %n, %n, %up {isSetMask} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, f32, i32, i32, !ascendc.unary_repeat_params
  // CHECK-NEXT: ascendc.shift_left_l1 %arg0, %arg1, %arg6, %arg4, %arg3, %arg8 : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, f32, ui64, i32, !ascendc.unary_repeat_params
  ascendc.shift_left_l1 %d, %a, %s, %m0, %n, %up : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, f32, ui64, i32, !ascendc.unary_repeat_params
  // CHECK-NEXT: ascendc.shift_left_l2 %arg0, %arg1, %arg6, %arg3 {isSetMask} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, f32, i32
  ascendc.shift_left_l2 %d, %a, %s, %n {isSetMask} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, f32, i32
  // CHECK-NEXT: ascendc.shift_right_l0 %arg0, %arg1, %arg6, %arg3, %arg3, %arg8 {isSetMask} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, f32, i32, i32, !ascendc.unary_repeat_params
  ascendc.shift_right_l0 %d, %a, %s, %n, %n, %up {isSetMask} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, f32, i32, i32, !ascendc.unary_repeat_params
  // CHECK-NEXT: ascendc.shift_right_l1 %arg0, %arg1, %arg6, %arg4, %arg3, %arg8 : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, f32, ui64, i32, !ascendc.unary_repeat_params
  ascendc.shift_right_l1 %d, %a, %s, %m0, %n, %up : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, f32, ui64, i32, !ascendc.unary_repeat_params
  // CHECK-NEXT: ascendc.shift_right_l2 %arg0, %arg1, %arg6, %arg3 {isSetMask} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, f32, i32
  ascendc.shift_right_l2 %d, %a, %s, %n {isSetMask} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, f32, i32
  // CHECK-NEXT: ascendc.duplicate_l0 %arg0, %arg6, %arg3, %arg3, %arg3, %arg3 {isSetMask} : !ascendc.local_tensor<256xf32>, f32, i32, i32, i32, i32
  ascendc.duplicate_l0 %d, %s, %n, %n, %n, %n {isSetMask} : !ascendc.local_tensor<256xf32>, f32, i32, i32, i32, i32
  // CHECK-NEXT: ascendc.duplicate_l1 %arg0, %arg6, %arg4, %arg5, %arg3, %arg3, %arg3 : !ascendc.local_tensor<256xf32>, f32, ui64, ui64, i32, i32, i32
  ascendc.duplicate_l1 %d, %s, %m0, %m1, %n, %n, %n : !ascendc.local_tensor<256xf32>, f32, ui64, ui64, i32, i32, i32
  // CHECK-NEXT: ascendc.duplicate_l2 %arg0, %arg6, %arg3 : !ascendc.local_tensor<256xf32>, f32, i32
  ascendc.duplicate_l2 %d, %s, %n : !ascendc.local_tensor<256xf32>, f32, i32
  // CHECK-NEXT: ascendc.reduce_sum_l2 %arg0, %arg1, %arg2, %arg3 : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32
  ascendc.reduce_sum_l2 %d, %a, %b, %n : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32
  // CHECK-NEXT: ascendc.reduce_max_l2 %arg0, %arg1, %arg2, %arg3, %arg9 : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32, i1
  ascendc.reduce_max_l2 %d, %a, %b, %n, %flag : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32, i1
  // CHECK-NEXT: ascendc.reduce_min_l2 %arg0, %arg1, %arg2, %arg3, %arg9 : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32, i1
  ascendc.reduce_min_l2 %d, %a, %b, %n, %flag : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32, i1
  func.return
}

// CHECK-LABEL: func.func @casts
func.func @casts(%h: !ascendc.local_tensor<256xf16>, %i: !ascendc.local_tensor<256xi32>, %a: !ascendc.local_tensor<256xf32>, %n: i32, %m: i32, %m0: ui64, %m1: ui64, %p: !ascendc.unary_repeat_params) {
  // CHECK-NEXT: ascendc.cast_l2 %arg0, %arg2, %arg3 {roundMode = 1 : i32} : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf32>, i32
  ascendc.cast_l2 %h, %a, %n {roundMode = 1 : i32} : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf32>, i32
  // CHECK-NEXT: ascendc.cast_l0 %arg0, %arg2, %arg4, %arg3, %arg7 {isSetMask, roundMode = 6 : i32} : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf32>, i32, i32, !ascendc.unary_repeat_params
  ascendc.cast_l0 %h, %a, %m, %n, %p {isSetMask, roundMode = 6 : i32} : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf32>, i32, i32, !ascendc.unary_repeat_params
  // CHECK-NEXT: ascendc.cast_l1 %arg0, %arg2, %arg5, %arg6, %arg3, %arg7 {roundMode = 0 : i32} : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf32>, ui64, ui64, i32, !ascendc.unary_repeat_params
  ascendc.cast_l1 %h, %a, %m0, %m1, %n, %p {roundMode = 0 : i32} : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf32>, ui64, ui64, i32, !ascendc.unary_repeat_params
  // CHECK-NEXT: ascendc.cast_l2 %arg1, %arg2, %arg3 {roundMode = 4 : i32} : !ascendc.local_tensor<256xi32>, !ascendc.local_tensor<256xf32>, i32
  ascendc.cast_l2 %i, %a, %n {roundMode = 4 : i32} : !ascendc.local_tensor<256xi32>, !ascendc.local_tensor<256xf32>, i32
  func.return
}
