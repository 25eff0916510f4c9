// RUN: ascdsl-opt --load-extension ascx_example --keep-names %s --fuse-relu-muls | filecheck %s
// RUN: ascdsl-opt --load-extension ascx_example --keep-names %s -p fuse-relu-muls,fuse-relu-muls | filecheck %s

func.func @fused(%a: !ascendc.local_tensor<256xf32>, %b: !ascendc.local_tensor<256xf32>, %s: f32, %n: i32) {
  ascendc.relu_l2 %b, %a, %n : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32
  ascendc.muls_l2 %b, %b, %s, %n : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, f32, i32
  func.return
}
// CHECK-LABEL: func.func @fused
// CHECK-NEXT:    ascx.scaled_relu_l2 %b, %a, %s, %n {isSetMask} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, f32, i32
// CHECK-NEXT:    return

// The PIPE_V barrier between them is the fused op's own business (its C++ has it inside).
func.func @across_barrier(%a: !ascendc.local_tensor<256xf32>, %b: !ascendc.local_tensor<256xf32>, %s: f32, %n: i32) {
  ascendc.relu_l2 %b, %a, %n : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32
  ascendc.pipe_barrier pipe_v
  ascendc.muls_l2 %b, %b, %s, %n : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, f32, i32
  func.return
}
// CHECK-LABEL: func.func @across_barrier
// CHECK-NEXT:    ascx.scaled_relu_l2 %b, %a, %s, %n
// CHECK-NEXT:    return

// Not fused: the relu result lives in %t, which the fused op would no longer write.
func.func @other_dst(%a: !ascendc.local_tensor<256xf32>, %t: !ascendc.local_tensor<256xf32>, %b: !ascendc.local_tensor<256xf32>, %s: f32, %n: i32) {
  ascendc.relu_l2 %t, %a, %n : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32
  ascendc.muls_l2 %b, %t, %s, %n : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, f32, i32
  func.return
}
// CHECK-LABEL: func.func @other_dst
// CHECK-NEXT:    ascendc.relu_l2
// CHECK-NEXT:    ascendc.muls_l2

// Not fused: a different element count, or another op in between.
func.func @mismatch(%a: !ascendc.local_tensor<256xf32>, %b: !ascendc.local_tensor<256xf32>, %s: f32, %n: i32, %m: i32) {
  ascendc.relu_l2 %b, %a, %n : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32
  ascendc.muls_l2 %b, %b, %s, %m : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, f32, i32
  ascendc.relu_l2 %b, %a, %n : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32
  ascendc.adds_l2 %a, %a, %s, %n : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, f32, i32
  ascendc.muls_l2 %b, %b, %s, %n : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, f32, i32
  func.return
}
// CHECK-LABEL: func.func @mismatch
// CHECK-NOT:     ascx.
// CHECK:         return
