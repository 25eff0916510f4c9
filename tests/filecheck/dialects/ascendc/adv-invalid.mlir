// The advanced APIs' verifier and parser rules: each is a located error naming the op.
// RUN: ascdsl-opt %s --split-input-file --verify-diagnostics

func.func @math_element_mismatch(%d: !ascendc.local_tensor<64xf32>, %s: !ascendc.local_tensor<64xf16>, %r: i1) {
  // expected-error@+1 {{'ascendc.acos' op element type mismatch: dst is f32 but src is f16}}
  ascendc.acos %d, %s, %r : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf16>, i1
  func.return
}

// -----

func.func @power_element_mismatch(%d: !ascendc.local_tensor<64xf32>, %s: !ascendc.local_tensor<64xf16>, %r: i1) {
  // expected-error@+1 {{'ascendc.power' op element type mismatch: dst is f32 but src1 is f16}}
  ascendc.power %d, %d, %s, %r : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf16>, i1
  func.return
}

// -----

func.func @axpy_element_pair(%d: !ascendc.local_tensor<64xf16>, %s: !ascendc.local_tensor<64xf32>, %x: f32, %n: i32, %r: i1) {
  // expected-error@+1 {{AscendC::Axpy takes (dst, src) elements (half, half), (float, float) or (float, half), got (f16, f32)}}
  ascendc.axpy %d, %s, %x, %n, %r : !ascendc.local_tensor<64xf16>, !ascendc.local_tensor<64xf32>, f32, i32, i1
  func.return
}

// -----

func.func @reuse_source_is_i1(%d: !ascendc.local_tensor<64xf32>, %n: i32) {
  // expected-error@+1 {{no assignment of the operand types to its operands satisfies their constraints}}
  ascendc.acos %d, %d, %n, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32, i32
  func.return
}

// -----

func.func @too_many_operands(%d: !ascendc.local_tensor<64xf32>, %n: i32, %r: i1) {
  // expected-error@+1 {{'ascendc.acos': takes 3 to 5 operands, got 6}}
  ascendc.acos %d, %d, %d, %n, %n, %r : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32, i32, i1
  func.return
}

// -----

func.func @softmax_wrong_tiling(%d: !ascendc.local_tensor<64xf32>, %t: !ascendc.rmsnorm_tiling) {
  // expected-error@+1 {{expected !ascendc.softmax_tiling, got !ascendc.rmsnorm_tiling}}
  ascendc.softmax %d, %d, %d, %d, %t {operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 1, 0>} : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, !ascendc.rmsnorm_tiling
  func.return
}

// -----

func.func @dequant_params_type(%d: !ascendc.local_tensor<64xf32>, %s: !ascendc.local_tensor<64xi32>, %t: !ascendc.softmax_shape_info) {
  // expected-error@+1 {{expected !ascendc.dequant_params, got !ascendc.softmax_shape_info}}
  ascendc.ascend_dequant %d, %s, %d, %t {mode = 0 : i32} : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xi32>, !ascendc.local_tensor<64xf32>, !ascendc.softmax_shape_info
  func.return
}

// -----

func.func @dequant_mode_value(%d: !ascendc.local_tensor<64xf32>, %s: !ascendc.local_tensor<64xi32>, %p: !ascendc.dequant_params) {
  // expected-error@+1 {{'mode' = 2 is not a DeQuantMode (valid values 0 to 1)}}
  ascendc.ascend_dequant %d, %s, %d, %p {mode = 2 : i32} : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xi32>, !ascendc.local_tensor<64xf32>, !ascendc.dequant_params
  func.return
}

// -----

func.func @broadcast_dim(%d: !ascendc.local_tensor<64xf32>, %n: ui32) {
  // expected-error@+1 {{'dim' is 3; BroadCast broadcasts 1-D or 2-D shapes}}
  ascendc.broadcast %d, %d, %n, %n, %n, %n, %n, %n {axis = 1 : i32, dim = 3 : i32} : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, ui32, ui32, ui32, ui32, ui32, ui32
  func.return
}

// -----

func.func @broadcast_axis(%d: !ascendc.local_tensor<64xf32>, %n: ui32) {
  // expected-error@+1 {{'axis' is 1; a 1-D BroadCast broadcasts axis 0}}
  ascendc.broadcast %d, %d, %n, %n {axis = 1 : i32, dim = 1 : i32} : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, ui32, ui32
  func.return
}

// -----

func.func @broadcast_shape_lengths(%d: !ascendc.local_tensor<64xf32>, %n: ui32) {
  // expected-error@+1 {{srcShape has 1 integers; 'dim' is 2}}
  ascendc.broadcast %d, %d, %n, %n, %n {axis = 1 : i32, dim = 2 : i32, operandSegmentSizes = array<i32: 1, 1, 2, 1, 0>} : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, ui32, ui32, ui32
  func.return
}

// -----

func.func @broadcast_operand_count(%d: !ascendc.local_tensor<64xf32>, %n: ui32) {
  // expected-error@+1 {{'ascendc.broadcast': takes dst, src, 2 + 2 shape integers and an optional scratch tensor, got 5 operands}}
  ascendc.broadcast %d, %d, %n, %n, %n {axis = 1 : i32, dim = 2 : i32} : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, ui32, ui32, ui32
  func.return
}
