// The advanced APIs (math library, SoftMax, RmsNorm, AscendQuant, Concat/Extract) in pyasc's
// syntax: `operandSegmentSizes` in the attribute dictionary says which optional operands are
// given, and is worked out from the operand types when the text leaves it out.
// RUN: ascdsl-opt %s | filecheck %s
// RUN: ascdsl-opt %s | ascdsl-opt | filecheck %s
// RUN: ascdsl-opt %s --print-op-generic | ascdsl-opt | filecheck %s

// CHECK-LABEL: func.func @unary
func.func @unary(%d: !ascendc.local_tensor<512xf16>, %s: !ascendc.local_tensor<512xf16>, %t: !ascendc.local_tensor<4096xui8>, %n: i32, %r: i1) {
  // CHECK-NEXT: ascendc.acos %arg0, %arg1, %arg2, %arg3, %arg4 {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : !ascendc.local_tensor<512xf16>, !ascendc.local_tensor<512xf16>, !ascendc.local_tensor<4096xui8>, i32, i1
  ascendc.acos %d, %s, %t, %n, %r {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : !ascendc.local_tensor<512xf16>, !ascendc.local_tensor<512xf16>, !ascendc.local_tensor<4096xui8>, i32, i1
  // CHECK-NEXT: ascendc.acos %arg0, %arg1, %arg3, %arg4 {operandSegmentSizes = array<i32: 1, 1, 0, 1, 1>}
  ascendc.acos %d, %s, %n, %r {operandSegmentSizes = array<i32: 1, 1, 0, 1, 1>} : !ascendc.local_tensor<512xf16>, !ascendc.local_tensor<512xf16>, i32, i1
  // CHECK-NEXT: ascendc.acos %arg0, %arg1, %arg2, %arg4 {operandSegmentSizes = array<i32: 1, 1, 1, 0, 1>}
  ascendc.acos %d, %s, %t, %r {operandSegmentSizes = array<i32: 1, 1, 1, 0, 1>} : !ascendc.local_tensor<512xf16>, !ascendc.local_tensor<512xf16>, !ascendc.local_tensor<4096xui8>, i1
  // CHECK-NEXT: ascendc.acos %arg0, %arg1, %arg4 {operandSegmentSizes = array<i32: 1, 1, 0, 0, 1>}
  ascendc.acos %d, %s, %r {operandSegmentSizes = array<i32: 1, 1, 0, 0, 1>} : !ascendc.local_tensor<512xf16>, !ascendc.local_tensor<512xf16>, i1
  // Segments left out: the types say which operands are given.
  // CHECK-NEXT: ascendc.erf %arg0, %arg1, %arg3, %arg4 {operandSegmentSizes = array<i32: 1, 1, 0, 1, 1>}
  ascendc.erf %d, %s, %n, %r : !ascendc.local_tensor<512xf16>, !ascendc.local_tensor<512xf16>, i32, i1
  // CHECK-NEXT: ascendc.erf %arg0, %arg1, %arg2, %arg4 {operandSegmentSizes = array<i32: 1, 1, 1, 0, 1>}
  ascendc.erf %d, %s, %t, %r : !ascendc.local_tensor<512xf16>, !ascendc.local_tensor<512xf16>, !ascendc.local_tensor<4096xui8>, i1
  // CHECK-NEXT: ascendc.acosh
  ascendc.acosh %d, %s, %r : !ascendc.local_tensor<512xf16>, !ascendc.local_tensor<512xf16>, i1
  // CHECK-NEXT: ascendc.asinh
  ascendc.asinh %d, %s, %r : !ascendc.local_tensor<512xf16>, !ascendc.local_tensor<512xf16>, i1
  // CHECK-NEXT: ascendc.asin
  ascendc.asin %d, %s, %r : !ascendc.local_tensor<512xf16>, !ascendc.local_tensor<512xf16>, i1
  // CHECK-NEXT: ascendc.atanh
  ascendc.atanh %d, %s, %r : !ascendc.local_tensor<512xf16>, !ascendc.local_tensor<512xf16>, i1
  // CHECK-NEXT: ascendc.atan
  ascendc.atan %d, %s, %r : !ascendc.local_tensor<512xf16>, !ascendc.local_tensor<512xf16>, i1
  // CHECK-NEXT: ascendc.ceil
  ascendc.ceil %d, %s, %r : !ascendc.local_tensor<512xf16>, !ascendc.local_tensor<512xf16>, i1
  // CHECK-NEXT: ascendc.cosh
  ascendc.cosh %d, %s, %r : !ascendc.local_tensor<512xf16>, !ascendc.local_tensor<512xf16>, i1
  // CHECK-NEXT: ascendc.cos
  ascendc.cos %d, %s, %r : !ascendc.local_tensor<512xf16>, !ascendc.local_tensor<512xf16>, i1
  // CHECK-NEXT: ascendc.digamma
  ascendc.digamma %d, %s, %r : !ascendc.local_tensor<512xf16>, !ascendc.local_tensor<512xf16>, i1
  // CHECK-NEXT: ascendc.erfc
  ascendc.erfc %d, %s, %r : !ascendc.local_tensor<512xf16>, !ascendc.local_tensor<512xf16>, i1
  // CHECK-NEXT: ascendc.floor
  ascendc.floor %d, %s, %r : !ascendc.local_tensor<512xf16>, !ascendc.local_tensor<512xf16>, i1
  // CHECK-NEXT: ascendc.frac
  ascendc.frac %d, %s, %r : !ascendc.local_tensor<512xf16>, !ascendc.local_tensor<512xf16>, i1
  // CHECK-NEXT: ascendc.lgamma
  ascendc.lgamma %d, %s, %r : !ascendc.local_tensor<512xf16>, !ascendc.local_tensor<512xf16>, i1
  // CHECK-NEXT: ascendc.log
  ascendc.log %d, %s, %r : !ascendc.local_tensor<512xf16>, !ascendc.local_tensor<512xf16>, i1
  // CHECK-NEXT: ascendc.round
  ascendc.round %d, %s, %r : !ascendc.local_tensor<512xf16>, !ascendc.local_tensor<512xf16>, i1
  // CHECK-NEXT: ascendc.sign
  ascendc.sign %d, %s, %r : !ascendc.local_tensor<512xf16>, !ascendc.local_tensor<512xf16>, i1
  // CHECK-NEXT: ascendc.sinh
  ascendc.sinh %d, %s, %r : !ascendc.local_tensor<512xf16>, !ascendc.local_tensor<512xf16>, i1
  // CHECK-NEXT: ascendc.sin
  ascendc.sin %d, %s, %r : !ascendc.local_tensor<512xf16>, !ascendc.local_tensor<512xf16>, i1
  // CHECK-NEXT: ascendc.tanh
  ascendc.tanh %d, %s, %r : !ascendc.local_tensor<512xf16>, !ascendc.local_tensor<512xf16>, i1
  // CHECK-NEXT: ascendc.tan
  ascendc.tan %d, %s, %r : !ascendc.local_tensor<512xf16>, !ascendc.local_tensor<512xf16>, i1
  // CHECK-NEXT: ascendc.trunc
  ascendc.trunc %d, %s, %r : !ascendc.local_tensor<512xf16>, !ascendc.local_tensor<512xf16>, i1
  func.return
}

// CHECK-LABEL: func.func @binary_and_other_math
func.func @binary_and_other_math(%d: !ascendc.local_tensor<512xi16>, %a: !ascendc.local_tensor<512xi16>, %b: !ascendc.local_tensor<512xi16>, %fd: !ascendc.local_tensor<512xf32>, %fs: !ascendc.local_tensor<512xf32>, %hs: !ascendc.local_tensor<512xf16>, %t: !ascendc.local_tensor<4096xui8>, %n: i32, %lvl: ui8, %x: f32, %r: i1) {
  // CHECK-NEXT: ascendc.xor %arg0, %arg1, %arg2, %arg6, %arg7, %arg10 {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1>}
  ascendc.xor %d, %a, %b, %t, %n, %r : !ascendc.local_tensor<512xi16>, !ascendc.local_tensor<512xi16>, !ascendc.local_tensor<512xi16>, !ascendc.local_tensor<4096xui8>, i32, i1
  // CHECK-NEXT: ascendc.power %arg3, %arg4, %arg4, %arg10 {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 1>}
  ascendc.power %fd, %fs, %fs, %r : !ascendc.local_tensor<512xf32>, !ascendc.local_tensor<512xf32>, !ascendc.local_tensor<512xf32>, i1
  // CHECK-NEXT: ascendc.axpy %arg3, %arg5, %arg9, %arg6, %arg7, %arg10 : !ascendc.local_tensor<512xf32>, !ascendc.local_tensor<512xf16>, f32, !ascendc.local_tensor<4096xui8>, i32, i1
  ascendc.axpy %fd, %hs, %x, %t, %n, %r : !ascendc.local_tensor<512xf32>, !ascendc.local_tensor<512xf16>, f32, !ascendc.local_tensor<4096xui8>, i32, i1
  // CHECK-NEXT: ascendc.clamp_max %arg3, %arg4, %arg9, %arg7, %arg10 : !ascendc.local_tensor<512xf32>, !ascendc.local_tensor<512xf32>, f32, i32, i1
  ascendc.clamp_max %fd, %fs, %x, %n, %r : !ascendc.local_tensor<512xf32>, !ascendc.local_tensor<512xf32>, f32, i32, i1
  // CHECK-NEXT: ascendc.clamp_min %arg3, %arg4, %arg6, %arg9, %arg7, %arg10 : !ascendc.local_tensor<512xf32>, !ascendc.local_tensor<512xf32>, !ascendc.local_tensor<4096xui8>, f32, i32, i1
  ascendc.clamp_min %fd, %fs, %t, %x, %n, %r : !ascendc.local_tensor<512xf32>, !ascendc.local_tensor<512xf32>, !ascendc.local_tensor<4096xui8>, f32, i32, i1
  // CHECK-NEXT: ascendc.cumsum %arg3, %arg3, %arg4, %arg7, %arg7, %arg7 : !ascendc.local_tensor<512xf32>, !ascendc.local_tensor<512xf32>, !ascendc.local_tensor<512xf32>, i32, i32, i32
  ascendc.cumsum %fd, %fd, %fs, %n, %n, %n : !ascendc.local_tensor<512xf32>, !ascendc.local_tensor<512xf32>, !ascendc.local_tensor<512xf32>, i32, i32, i32
  // CHECK-NEXT: ascendc.exp %arg3, %arg4, %arg7, %arg8, %arg6, %arg10 : !ascendc.local_tensor<512xf32>, !ascendc.local_tensor<512xf32>, i32, ui8, !ascendc.local_tensor<4096xui8>, i1
  ascendc.exp %fd, %fs, %n, %lvl, %t, %r : !ascendc.local_tensor<512xf32>, !ascendc.local_tensor<512xf32>, i32, ui8, !ascendc.local_tensor<4096xui8>, i1
  // CHECK-NEXT: ascendc.exp %arg3, %arg4, %arg7, %arg8, %arg10 : !ascendc.local_tensor<512xf32>, !ascendc.local_tensor<512xf32>, i32, ui8, i1
  ascendc.exp %fd, %fs, %n, %lvl, %r : !ascendc.local_tensor<512xf32>, !ascendc.local_tensor<512xf32>, i32, ui8, i1
  func.return
}

// CHECK-LABEL: func.func @activation_normalization_quant_sort
func.func @activation_normalization_quant_sort(%d: !ascendc.local_tensor<*xf16>, %sum: !ascendc.local_tensor<*xf32>, %max: !ascendc.local_tensor<*xf32>, %s: !ascendc.local_tensor<*xf16>, %t: !ascendc.local_tensor<*xui8>, %tiling: !ascendc.softmax_tiling, %shape: !ascendc.softmax_shape_info, %rt: !ascendc.rmsnorm_tiling, %eps: f16, %q: !ascendc.local_tensor<*xi8>, %idx: !ascendc.local_tensor<*xui32>, %n: i32) {
  // CHECK-NEXT: ascendc.softmax %arg0, %arg1, %arg2, %arg3, %arg4, %arg5, %arg6 {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1>}
  ascendc.softmax %d, %sum, %max, %s, %t, %tiling, %shape : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xui8>, !ascendc.softmax_tiling, !ascendc.softmax_shape_info
  // CHECK-NEXT: ascendc.softmax %arg0, %arg1, %arg2, %arg3, %arg5 {basicBlock, operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 1, 0>}
  ascendc.softmax %d, %sum, %max, %s, %tiling {basicBlock} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf16>, !ascendc.softmax_tiling
  // CHECK-NEXT: ascendc.simple_softmax %arg0, %arg1, %arg2, %arg3, %arg5, %arg6 {operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 1, 1>, reuseSource}
  ascendc.simple_softmax %d, %sum, %max, %s, %tiling, %shape {reuseSource} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf16>, !ascendc.softmax_tiling, !ascendc.softmax_shape_info
  // CHECK-NEXT: ascendc.rmsnorm %arg0, %arg3, %arg3, %arg8, %arg7 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, f16, !ascendc.rmsnorm_tiling
  ascendc.rmsnorm %d, %s, %s, %eps, %rt : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, f16, !ascendc.rmsnorm_tiling
  // CHECK-NEXT: ascendc.rmsnorm %arg0, %arg3, %arg3, %arg8, %arg7, %arg4 {basicBlock} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, f16, !ascendc.rmsnorm_tiling, !ascendc.local_tensor<*xui8>
  ascendc.rmsnorm %d, %s, %s, %eps, %rt, %t {basicBlock} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, f16, !ascendc.rmsnorm_tiling, !ascendc.local_tensor<*xui8>
  %c32 = arith.constant 32 : i32
  %c0 = arith.constant 0 : i32
  %c512 = arith.constant 512 : i32
  // CHECK: %{{.*}} = ascendc.construct !ascendc.ascend_quant_config(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) [ui32, ui32, ui32, ui32] constexpr static : i32, i32, i32, i32
  %cfg = ascendc.construct !ascendc.ascend_quant_config(%c32, %c0, %c0, %c512) [ui32, ui32, ui32, ui32] constexpr static : i32, i32, i32, i32
  %scale = arith.constant 2.0 : f16
  // CHECK: ascendc.quant %arg9, %arg3, %{{.*}}, %{{.*}}, %arg11, %arg4, %0 {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1>}
  ascendc.quant %q, %s, %scale, %scale, %n, %t, %cfg : !ascendc.local_tensor<*xi8>, !ascendc.local_tensor<*xf16>, f16, f16, i32, !ascendc.local_tensor<*xui8>, !ascendc.ascend_quant_config
  // CHECK-NEXT: ascendc.quant %arg9, %arg3, %{{.*}}, %{{.*}}, %arg11 {isReuseSource, operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 0, 0>}
  ascendc.quant %q, %s, %scale, %scale, %n {isReuseSource} : !ascendc.local_tensor<*xi8>, !ascendc.local_tensor<*xf16>, f16, f16, i32
  // CHECK-NEXT: ascendc.concat %arg0, %arg3, %arg3, %arg11 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
  ascendc.concat %d, %s, %s, %n : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, i32
  // CHECK-NEXT: ascendc.extract %arg0, %arg10, %arg3, %arg11 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xui32>, !ascendc.local_tensor<*xf16>, i32
  ascendc.extract %d, %idx, %s, %n : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xui32>, !ascendc.local_tensor<*xf16>, i32
  func.return
}

// The advanced APIs ascdsl has beyond pyasc, in the same style.
// CHECK-LABEL: func.func @beyond_pyasc
func.func @beyond_pyasc(%d: !ascendc.local_tensor<*xf32>, %s: !ascendc.local_tensor<*xf32>, %t: !ascendc.local_tensor<*xui8>, %n: i32, %b: f32, %lt: !ascendc.log_softmax_tiling, %nt: !ascendc.layernorm_tiling) {
  // CHECK-NEXT: ascendc.gelu %arg0, %arg1, %arg2, %arg3 {highPrecision} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui8>, i32
  ascendc.gelu %d, %s, %t, %n {highPrecision} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui8>, i32
  // CHECK-NEXT: ascendc.faster_gelu %arg0, %arg1, %arg3 : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  ascendc.faster_gelu %d, %s, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  // CHECK-NEXT: ascendc.sigmoid %arg0, %arg1, %arg3 {isReuseSource} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  ascendc.sigmoid %d, %s, %n {isReuseSource} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  // CHECK-NEXT: ascendc.silu %arg0, %arg1, %arg3 : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  ascendc.silu %d, %s, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  // CHECK-NEXT: ascendc.swish %arg0, %arg1, %arg3, %arg4 : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32, f32
  ascendc.swish %d, %s, %n, %b : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32, f32
  // CHECK-NEXT: ascendc.swiglu %arg0, %arg1, %arg1, %arg4, %arg2, %arg3 : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, f32, !ascendc.local_tensor<*xui8>, i32
  ascendc.swiglu %d, %s, %s, %b, %t, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, f32, !ascendc.local_tensor<*xui8>, i32
  // CHECK-NEXT: ascendc.log_softmax %arg0, %arg1, %arg1, %arg1, %arg2, %arg5 : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui8>, !ascendc.log_softmax_tiling
  ascendc.log_softmax %d, %s, %s, %s, %t, %lt : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui8>, !ascendc.log_softmax_tiling
  // CHECK-NEXT: ascendc.layernorm %arg0, %arg1, %arg1, %arg1, %arg1, %arg1, %arg4, %arg6 : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, f32, !ascendc.layernorm_tiling
  ascendc.layernorm %d, %s, %s, %s, %s, %s, %b, %nt : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, f32, !ascendc.layernorm_tiling
  func.return
}
