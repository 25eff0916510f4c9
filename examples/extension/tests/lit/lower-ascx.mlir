// RUN: ascdsl-opt --load-extension ascx_example --keep-names %s --lower-ascx | filecheck %s

func.func @clamp(%a: !ascendc.local_tensor<256xf32>, %b: !ascendc.local_tensor<256xf32>, %lo: f32, %hi: f32, %n: i32) {
  ascx.clamp %b, %a, %lo, %hi, %n : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, f32, f32, i32
  func.return
}
// CHECK-LABEL: func.func @clamp
// CHECK-NEXT:    ascendc.maxs_l2 %b, %a, %lo, %n {isSetMask}
// CHECK-NEXT:    ascendc.pipe_barrier pipe_v
// CHECK-NEXT:    ascendc.mins_l2 %b, %b, %hi, %n {isSetMask}
// CHECK-NEXT:    return
