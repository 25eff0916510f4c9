// The conversion family beside Cast and the rest of the binary family, in pyasc's syntax:
// CastDeq (isSetMask/isVecDeq/halfBlock), AddReluCast/SubReluCast/AddDeqRelu with a dst of
// its own element type, SetDeqScale's three forms, MulCast, FusedAbsSub/FusedExpSub/Prelu and
// BilinearInterpolation. Each round-trips, also through the generic form.
// RUN: ascdsl-opt %s | filecheck %s
// RUN: ascdsl-opt %s | ascdsl-opt | filecheck %s
// RUN: ascdsl-opt %s --print-op-generic | ascdsl-opt | filecheck %s

// CHECK-LABEL: func.func @cast_deq
func.func @cast_deq(%d: !ascendc.local_tensor<256xi8>, %s: !ascendc.local_tensor<256xi16>, %n: i32, %m: ui64, %r: i8, %p: !ascendc.unary_repeat_params) {
  // CHECK-NEXT: ascendc.cast_deq_l2 %arg0, %arg1, %arg2 {halfBlock, isVecDeq} : !ascendc.local_tensor<256xi8>, !ascendc.local_tensor<256xi16>, i32
  ascendc.cast_deq_l2 %d, %s, %n {halfBlock, isVecDeq} : !ascendc.local_tensor<256xi8>, !ascendc.local_tensor<256xi16>, i32
  // CHECK-NEXT: ascendc.cast_deq_l0 %arg0, %arg1, %arg3, %arg4, %arg5 {isSetMask} : !ascendc.local_tensor<256xi8>, !ascendc.local_tensor<256xi16>, ui64, i8, !ascendc.unary_repeat_params
  ascendc.cast_deq_l0 %d, %s, %m, %r, %p {isSetMask} : !ascendc.local_tensor<256xi8>, !ascendc.local_tensor<256xi16>, ui64, i8, !ascendc.unary_repeat_params
  // CHECK-NEXT: ascendc.cast_deq_l1 %arg0, %arg1, %arg3, %arg3, %arg4, %arg5 {halfBlock} : !ascendc.local_tensor<256xi8>, !ascendc.local_tensor<256xi16>, ui64, ui64, i8, !ascendc.unary_repeat_params
  ascendc.cast_deq_l1 %d, %s, %m, %m, %r, %p {halfBlock} : !ascendc.local_tensor<256xi8>, !ascendc.local_tensor<256xi16>, ui64, ui64, i8, !ascendc.unary_repeat_params
  func.return
}

// CHECK-LABEL: func.func @binary_cast
func.func @binary_cast(%h: !ascendc.local_tensor<256xf16>, %f: !ascendc.local_tensor<256xf32>, %i: !ascendc.local_tensor<256xi32>, %b: !ascendc.local_tensor<256xi8>, %n: i32, %m: ui64, %r: i8, %p: !ascendc.binary_repeat_params) {
  // CHECK-NEXT: ascendc.add_relu_cast_l0 %arg0, %arg1, %arg1, %arg5, %arg6, %arg7 {isSetMask} : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, ui64, i8, !ascendc.binary_repeat_params
  ascendc.add_relu_cast_l0 %h, %f, %f, %m, %r, %p {isSetMask} : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, ui64, i8, !ascendc.binary_repeat_params
  // CHECK-NEXT: ascendc.sub_relu_cast_l1 %arg0, %arg1, %arg1, %arg5, %arg5, %arg6, %arg7 : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, ui64, ui64, i8, !ascendc.binary_repeat_params
  ascendc.sub_relu_cast_l1 %h, %f, %f, %m, %m, %r, %p : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, ui64, ui64, i8, !ascendc.binary_repeat_params
  // CHECK-NEXT: ascendc.add_deq_relu_l2 %arg0, %arg2, %arg2, %arg4 : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xi32>, !ascendc.local_tensor<256xi32>, i32
  ascendc.add_deq_relu_l2 %h, %i, %i, %n : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xi32>, !ascendc.local_tensor<256xi32>, i32
  // CHECK-NEXT: ascendc.mul_cast_l0 %arg3, %arg0, %arg0, %arg5, %arg6, %arg7 : !ascendc.local_tensor<256xi8>, !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, ui64, i8, !ascendc.binary_repeat_params
  ascendc.mul_cast_l0 %b, %h, %h, %m, %r, %p : !ascendc.local_tensor<256xi8>, !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, ui64, i8, !ascendc.binary_repeat_params
  // CHECK-NEXT: ascendc.fused_exp_sub_l2 %arg1, %arg0, %arg0, %arg4 : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, i32
  ascendc.fused_exp_sub_l2 %f, %h, %h, %n : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, i32
  // CHECK-NEXT: ascendc.fused_abs_sub_l2 %arg1, %arg1, %arg1, %arg4 : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32
  ascendc.fused_abs_sub_l2 %f, %f, %f, %n : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32
  // CHECK-NEXT: ascendc.prelu_l2 %arg0, %arg0, %arg0, %arg4 : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, i32
  ascendc.prelu_l2 %h, %h, %h, %n : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, i32
  func.return
}

// CHECK-LABEL: func.func @deq_scale
func.func @deq_scale(%sh: f16, %sf: f32, %o: i16, %sign: i1, %v: !ascendc.local_tensor<16xui64>, %info: !ascendc.vdeq_info) {
  // CHECK-NEXT: ascendc.set_deq_scale %arg0 : f16
  ascendc.set_deq_scale %sh : f16
  // CHECK-NEXT: ascendc.set_deq_scale %arg1, %arg2, %arg3 : f32, i16, i1
  ascendc.set_deq_scale %sf, %o, %sign : f32, i16, i1
  // CHECK-NEXT: ascendc.set_deq_scale_l4 %arg4, %arg5 : !ascendc.local_tensor<16xui64>, !ascendc.vdeq_info
  ascendc.set_deq_scale_l4 %v, %info : !ascendc.local_tensor<16xui64>, !ascendc.vdeq_info
  func.return
}

// CHECK-LABEL: func.func @bilinear
func.func @bilinear(%d: !ascendc.local_tensor<*xf16>, %off: !ascendc.local_tensor<*xui32>, %tmp: !ascendc.local_tensor<*xui8>, %m: ui64, %h: i8, %mode: i1, %s: i16) {
  // CHECK-NEXT: ascendc.bilinearInterpolation_l1 %arg0, %arg0, %arg1, %arg0, %arg3, %arg3, %arg4, %arg5, %arg6, %arg6, %arg4, %arg2 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xui32>, !ascendc.local_tensor<*xf16>, ui64, ui64, i8, i1, i16, i16, i8, !ascendc.local_tensor<*xui8>
  ascendc.bilinearInterpolation_l1 %d, %d, %off, %d, %m, %m, %h, %mode, %s, %s, %h, %tmp : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xui32>, !ascendc.local_tensor<*xf16>, ui64, ui64, i8, i1, i16, i16, i8, !ascendc.local_tensor<*xui8>
  func.return
}
