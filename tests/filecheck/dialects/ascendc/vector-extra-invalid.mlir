// Compare / Select, repeat reductions, Axpy, Gather / Scatter / Brcb: verifier rules, each a located error.
// RUN: ascdsl-opt %s --split-input-file --verify-diagnostics

func.func @select_scalar_needs_scalar_mode(%d: !ascendc.local_tensor<*xf16>, %sel: !ascendc.local_tensor<*xui8>, %s: f16, %n: ui32) {
  // expected-error@+1 {{ascendc.select_scalar_l2 takes selMode VSEL_TENSOR_SCALAR_MODE, got VSEL_CMPMASK_SPR}}
  ascendc.select_scalar_l2 %d, %sel, %d, %s, %n {selMode = 0 : i32} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xui8>, !ascendc.local_tensor<*xf16>, f16, ui32
  func.return
}

// -----

func.func @select_tensors_no_scalar_mode(%d: !ascendc.local_tensor<*xf16>, %sel: !ascendc.local_tensor<*xui8>, %n: ui32) {
  // expected-error@+1 {{ascendc.select_l2 takes selMode VSEL_CMPMASK_SPR or VSEL_TENSOR_TENSOR_MODE, got VSEL_TENSOR_SCALAR_MODE}}
  ascendc.select_l2 %d, %sel, %d, %d, %n {selMode = 1 : i32} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xui8>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, ui32
  func.return
}

// -----

func.func @select_mask_is_bits(%d: !ascendc.local_tensor<*xf16>, %n: ui32) {
  // expected-error@+1 {{selMask holds one bit per element in integer elements, got f16}}
  ascendc.select_l2 %d, %d, %d, %d, %n {selMode = 2 : i32} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, ui32
  func.return
}

// -----

func.func @compare_dst_is_bits(%d: !ascendc.local_tensor<*xf32>, %a: !ascendc.local_tensor<*xf32>, %n: i32) {
  // expected-error@+1 {{dst holds one bit per element in integer elements, got f32}}
  ascendc.compare_l2 %d, %a, %a, %n {cmpMode = 0 : i64} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  func.return
}

// -----

func.func @compare_sources_match(%d: !ascendc.local_tensor<*xui8>, %a: !ascendc.local_tensor<*xf32>, %b: !ascendc.local_tensor<*xf16>, %n: i32) {
  // expected-error@+1 {{element type mismatch: src0 is f32 but src1 is f16}}
  ascendc.compare_l2 %d, %a, %b, %n {cmpMode = 0 : i64} : !ascendc.local_tensor<*xui8>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf16>, i32
  func.return
}

// -----

func.func @compare_mode_range(%d: !ascendc.local_tensor<*xui8>, %a: !ascendc.local_tensor<*xf32>, %n: i32) {
  // expected-error@+1 {{'cmpMode' = 9 is not a CmpMode (valid values 0 to 5)}}
  ascendc.compare_l2 %d, %a, %a, %n {cmpMode = 9 : i64} : !ascendc.local_tensor<*xui8>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  func.return
}

// -----

func.func @compare_scalar_is_a_number(%d: !ascendc.local_tensor<*xui8>, %a: !ascendc.local_tensor<*xf32>, %n: i32) {
  // expected-error@+1 {{src1Scalar must be an integer or float scalar}}
  ascendc.compare_scalar_l2 %d, %a, %a, %n {cmpMode = 0 : i64} : !ascendc.local_tensor<*xui8>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  func.return
}

// -----

func.func @whole_reduce_order_range(%d: !ascendc.local_tensor<*xf16>, %n: i32) {
  // expected-error@+1 {{'order' = 7 is not a ReduceOrder (valid values 0 to 3)}}
  ascendc.whole_reduce_max_l0 %d, %d, %n, %n, %n, %n, %n {order = 7 : i32} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32, i32, i32, i32, i32
  func.return
}

// -----

func.func @reduce_elements_match(%d: !ascendc.local_tensor<*xf16>, %s: !ascendc.local_tensor<*xf32>, %n: i32) {
  // expected-error@+1 {{element type mismatch: dst is f16 but src is f32}}
  ascendc.whole_reduce_sum_l0 %d, %s, %n, %n, %n, %n, %n : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf32>, i32, i32, i32, i32, i32
  func.return
}

// -----

func.func @axpy_element_pair(%d: !ascendc.local_tensor<*xf16>, %s: !ascendc.local_tensor<*xf32>, %x: f32, %n: i32) {
  // expected-error@+1 {{AscendC::Axpy takes (dst, src) elements (f16, f16), (f32, f32) or (f32, f16), got (f16, f32)}}
  ascendc.axpy_l2 %d, %s, %x, %n : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf32>, f32, i32
  func.return
}

// -----

func.func @brcb_elements_match(%d: !ascendc.local_tensor<*xf32>, %s: !ascendc.local_tensor<*xf16>, %r: i32, %p: !ascendc.brcb_repeat_params) {
  // expected-error@+1 {{element type mismatch: dst is f32 but src0 is f16}}
  ascendc.brcb_l0 %d, %s, %r, %p : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf16>, i32, !ascendc.brcb_repeat_params
  func.return
}
