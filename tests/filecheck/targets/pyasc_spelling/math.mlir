// RUN: ascdsl-opt %s -t ascendc | filecheck %s
// (pyasc_spelling/: text that by design does not compile, so test_real_headers.py, which
// compiles every -t ascendc RUN of targets/*.mlir, leaves this folder out.)
// `-t ascendc` prints scalar math as pyasc's translator does, although the real headers have
// no scalar AscendC::Cos, AscendC::Floor, ... (those are the LocalTensor APIs). The compilable
// source (--ascendc-compilable, --check) refuses the transcendental ones at the op instead
// (errors.mlir) and rounds through the scalar Cast (math.mlir).

// CHECK-LABEL: void unary(float v1) {
// CHECK-NEXT:    float v2 = sqrt(v1);
// CHECK-NEXT:    float v3 = AscendC::Rsqrt(v1);
// CHECK-NEXT:    float v4 = AscendC::Exp(v1);
// CHECK-NEXT:    float v5 = AscendC::Exp(v1 * Log(2));
// CHECK-NEXT:    float v6 = AscendC::Log(v1);
// CHECK-NEXT:    float v7 = AscendC::Erf(v1);
// CHECK-NEXT:    float v8 = AscendC::Floor(v1);
// CHECK-NEXT:    float v9 = AscendC::Ceil(v1);
// CHECK-NEXT:    float v10 = AscendC::Round(v1);
// CHECK-NEXT:    float v11 = (v1 < 8388608.0f && v1 > -8388608.0f) ? static_cast<float>(AscendC::Cast<float, int32_t, AscendC::RoundMode::CAST_RINT>(v1)) : v1;
// CHECK-NEXT:    return;
func.func @unary(%arg0 : f32) {
  %0 = math.sqrt %arg0 : f32
  %1 = math.rsqrt %arg0 : f32
  %2 = math.exp %arg0 : f32
  %3 = math.exp2 %arg0 : f32
  %4 = math.log %arg0 : f32
  %5 = math.erf %arg0 : f32
  %6 = math.floor %arg0 : f32
  %7 = math.ceil %arg0 : f32
  %8 = math.round %arg0 : f32
  // pyasc has no printer for roundeven: the compilable form is printed.
  %9 = math.roundeven %arg0 : f32
  return
}

// CHECK-LABEL: void binary(half v1, half v2) {
// CHECK-NEXT:    half v3 = AscendC::Atan2(v1, v2);
// CHECK-NEXT:    half v4 = AscendC::Sin(v3);
// CHECK-NEXT:    return;
func.func @binary(%arg0 : f16, %arg1 : f16) {
  %0 = math.atan2 %arg0, %arg1 : f16
  %1 = math.sin %0 : f16
  return
}
