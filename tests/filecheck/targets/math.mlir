// RUN: ascdsl-opt %s -t ascendc --ascendc-compilable | filecheck %s
// Math on scalars, as the Ascend C API provides it (see errors.mlir for what it does not).
// pyasc prints sqrt(x), AscendC::Floor(x), ... (`-t ascendc` without --ascendc-compilable
// does too: pyasc_spelling/math.mlir); the AscendC names are the LocalTensor APIs and the real headers
// reject them on scalars. Square roots use AscendC::Std::sqrt; rounding
// uses the scalar float-to-int32 Cast with the op's rounding mode, for magnitudes below 2^23
// (larger floats are integers already); f16 and bf16 compute in float.

// CHECK-LABEL: void emit_float_ops(float v1) {
// CHECK-NEXT:    float v2 = (v1 > static_cast<float>(0)) ? v1 : -v1;
// CHECK-NEXT:    float v3 = AscendC::Std::sqrt(v2);
// CHECK-NEXT:    float v4 = 1.0f / AscendC::Std::sqrt(v2);
// CHECK-NEXT:    float v5 = (v1 < 8388608.0f && v1 > -8388608.0f) ? static_cast<float>(AscendC::Cast<float, int32_t, AscendC::RoundMode::CAST_FLOOR>(v1)) : v1;
// CHECK-NEXT:    float v6 = (v1 < 8388608.0f && v1 > -8388608.0f) ? static_cast<float>(AscendC::Cast<float, int32_t, AscendC::RoundMode::CAST_CEIL>(v1)) : v1;
// CHECK-NEXT:    float v7 = (v1 < 8388608.0f && v1 > -8388608.0f) ? static_cast<float>(AscendC::Cast<float, int32_t, AscendC::RoundMode::CAST_ROUND>(v1)) : v1;
// CHECK-NEXT:    float v8 = (v1 < 8388608.0f && v1 > -8388608.0f) ? static_cast<float>(AscendC::Cast<float, int32_t, AscendC::RoundMode::CAST_RINT>(v1)) : v1;
// CHECK-NEXT:    return;
func.func @emit_float_ops(%arg0 : f32) {
  %0 = math.absf %arg0 : f32
  %1 = math.sqrt %0 : f32
  %2 = math.rsqrt %0 : f32
  %3 = math.floor %arg0 : f32
  %4 = math.ceil %arg0 : f32
  %5 = math.round %arg0 : f32
  %6 = math.roundeven %arg0 : f32
  return
}

// CHECK-LABEL: void emit_half_ops(half v1, bfloat16_t v2) {
// CHECK-NEXT:    half v3 = static_cast<half>(AscendC::Std::sqrt(static_cast<float>(v1)));
// CHECK-NEXT:    half v4 = static_cast<half>((static_cast<float>(v1) < 8388608.0f && static_cast<float>(v1) > -8388608.0f) ? static_cast<float>(AscendC::Cast<float, int32_t, AscendC::RoundMode::CAST_FLOOR>(static_cast<float>(v1))) : static_cast<float>(v1));
// CHECK-NEXT:    bfloat16_t v5 = static_cast<bfloat16_t>(1.0f / AscendC::Std::sqrt(static_cast<float>(v2)));
// CHECK-NEXT:    return;
func.func @emit_half_ops(%arg0 : f16, %arg1 : bf16) {
  %0 = math.sqrt %arg0 : f16
  %1 = math.floor %arg0 : f16
  %2 = math.rsqrt %arg1 : bf16
  return
}

// CHECK-LABEL: void emit_other_ops(float v1, float v2, float v3, int32_t v4) {
// CHECK-NEXT:    float v5 = ((v1 < 0 && v2 > 0) || (v1 > 0 && v2 < 0)) ? -v1 : v1;
// CHECK-NEXT:    float v6 = v1 * v2 + v3;
// CHECK-NEXT:    int32_t v7 = (v4 > static_cast<int32_t>(0)) ? v4 : -v4;
// CHECK-NEXT:    return;
func.func @emit_other_ops(%arg0: f32, %arg1: f32, %arg2: f32, %arg3: i32) {
  %0 = math.copysign %arg0, %arg1 : f32
  %1 = math.fma %arg0, %arg1, %arg2 : f32
  %2 = math.absi %arg3 : i32
  return
}
