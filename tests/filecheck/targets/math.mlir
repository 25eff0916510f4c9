// RUN: ascdsl-opt %s -t ascendc | filecheck %s
// math on scalars, spelled as pyasc's emitter spells it.

// CHECK-LABEL: void emit_unary_ops(half v1) {
// CHECK-NEXT:    half v2 = (v1 > static_cast<half>(0)) ? v1 : -v1;
// CHECK-NEXT:    half v3 = AscendC::Cos(v2);
// CHECK-NEXT:    half v4 = AscendC::Log2(v2);
// CHECK-NEXT:    half v5 = AscendC::Sin(v2);
// CHECK-NEXT:    half v6 = AscendC::Ceil(v2);
// CHECK-NEXT:    half v7 = AscendC::Floor(v2);
// CHECK-NEXT:    half v8 = AscendC::Exp(v2 * AscendC::Log(static_cast<half>(2)));
// CHECK-NEXT:    half v9 = AscendC::Rsqrt(v2);
// CHECK-NEXT:    half v10 = AscendC::Round(v2);
// CHECK-NEXT:    half v11 = AscendC::Sqrt(v2);
// CHECK-NEXT:    half v12 = AscendC::Exp(v2);
// CHECK-NEXT:    half v13 = AscendC::Log(v2);
// CHECK-NEXT:    return;
func.func @emit_unary_ops(%arg0 : f16) {
  %0 = math.absf %arg0 : f16
  %1 = math.cos %0 : f16
  %2 = math.log2 %0 : f16
  %3 = math.sin %0 : f16
  %4 = math.ceil %0 : f16
  %5 = math.floor %0 : f16
  %6 = math.exp2 %0 : f16
  %7 = math.rsqrt %0 : f16
  %8 = math.round %0 : f16
  %9 = math.sqrt %0 : f16
  %10 = math.exp %0 : f16
  %11 = math.log %0 : f16
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
