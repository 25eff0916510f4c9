// The ascx ops' verifier rules, located like ascdsl's own.
// RUN: ascdsl-opt --load-extension ascx_example %s --split-input-file --verify-diagnostics

func.func @mixed(%a: !ascendc.local_tensor<256xf16>, %b: !ascendc.local_tensor<256xf32>, %s: f32, %n: i32) {
  // expected-error@+1 {{element type mismatch: dst is f32 but src is f16 (AscendC::ScaledRelu takes LocalTensor<T> for all of them)}}
  ascx.scaled_relu_l2 %b, %a, %s, %n : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf16>, f32, i32
  func.return
}

// -----

func.func @bound(%a: !ascendc.local_tensor<256xf32>, %lo: f16, %hi: f32, %n: i32) {
  // expected-error@+1 {{'lo' is f16, but the tensors hold f32 (Maxs/Mins take a scalar of the element type)}}
  ascx.clamp %a, %a, %lo, %hi, %n : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, f16, f32, i32
  func.return
}

// -----

func.func @not_a_tensor(%a: !ascendc.local_tensor<256xf32>, %s: f32, %n: i32) {
  // expected-error@+1 {{'ascx.scaled_relu_l2' op expected a local tensor (!ascendc.local_tensor), got i32}}
  ascx.scaled_relu_l2 %n, %a, %s, %n : i32, !ascendc.local_tensor<256xf32>, f32, i32
  func.return
}
