func.func @f(%a: !ascendc.local_tensor<64xf32>, %b: !ascendc.local_tensor<64xf16>, %n: i32) {
  // expected-error@+1 {{this message is not produced}}
  ascendc.add_l2 %a, %a, %a, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
  ascendc.add_l2 %a, %a, %b, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf16>, i32
  func.return
}
