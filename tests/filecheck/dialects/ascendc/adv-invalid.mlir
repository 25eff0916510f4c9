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
