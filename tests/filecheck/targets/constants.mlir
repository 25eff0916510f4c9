// RUN: ascdsl-opt %s -t ascendc | filecheck %s
// Constants, named as pyasc names them: c<value>_<type> with `-` -> m, `.` -> _, `+` -> p.
// Integers and f32/f64 are constexpr; half and bfloat16_t are class types, so not. A half
// constant prints (and is named by) the exact float it holds: 0.1 is 0.099975586 in half.

// CHECK-LABEL: void emit_constants() {
// CHECK-NEXT:    constexpr int32_t c0_i32 = 0;
// CHECK-NEXT:    constexpr uint32_t c0_idx = 0;
// CHECK-NEXT:    constexpr int64_t c1024_i64 = 1024;
// CHECK-NEXT:    constexpr int32_t cm7_i32 = -7;
// CHECK-NEXT:    constexpr int8_t c127_i8 = 127;
// CHECK-NEXT:    constexpr int16_t cm1_i16 = -1;
// CHECK-NEXT:    constexpr int64_t c3000000000_i64 = 3000000000;
// CHECK-NEXT:    constexpr int64_t cm9223372036854775808_i64 = (-9223372036854775807LL - 1);
// CHECK-NEXT:    constexpr bool cm1_i1 = true;
// CHECK-NEXT:    constexpr bool c0_i1 = false;
// CHECK-NEXT:    constexpr float c1_5_f32 = 1.5f;
// CHECK-NEXT:    constexpr float cm0_25_f32 = -0.25f;
// CHECK-NEXT:    constexpr float c1_23_f32 = 1.23f;
// CHECK-NEXT:    constexpr float c1em05_f32 = 1e-05f;
// CHECK-NEXT:    constexpr float c1ep20_f32 = 1e+20f;
// CHECK-NEXT:    constexpr double c0_1_f64 = 0.1;
// CHECK-NEXT:    half c0_099975586_f16 = (half)0.099975586f;
// CHECK-NEXT:    half c65504_0_f16 = (half)65504.0f;
// CHECK-NEXT:    bfloat16_t c2_0_bf16 = (bfloat16_t)2.0f;
// CHECK-NEXT:    constexpr float cpInf_f32 = __builtin_inff();
// CHECK-NEXT:    constexpr float cmInf_f32 = -__builtin_inff();
// CHECK-NEXT:    constexpr float cNaN_f32 = __builtin_nanf("");
// CHECK-NEXT:    constexpr double cpInf_f64 = __builtin_inf();
// CHECK-NEXT:    half cmInf_f16 = (half)-__builtin_inff();
// CHECK-NEXT:    return;
func.func @emit_constants() {
  %0 = arith.constant 0 : i32
  %1 = arith.constant 0 : index
  %2 = arith.constant 1024 : i64
  %3 = arith.constant -7 : i32
  %4 = arith.constant 127 : i8
  %5 = arith.constant -1 : i16
  %6 = arith.constant 3000000000 : i64
  %7 = arith.constant -9223372036854775808 : i64
  %8 = arith.constant true
  %9 = arith.constant false
  %10 = arith.constant 1.5 : f32
  %11 = arith.constant -0.25 : f32
  %12 = arith.constant 1.23 : f32
  %13 = arith.constant 1.0e-5 : f32
  %14 = arith.constant 1.0e20 : f32
  %15 = arith.constant 0.1 : f64
  %16 = arith.constant 0.1 : f16
  %17 = arith.constant 65504.0 : f16
  %18 = arith.constant 2.0 : bf16
  %19 = arith.constant 0x7F800000 : f32
  %20 = arith.constant 0xFF800000 : f32
  %21 = arith.constant 0x7FC00000 : f32
  %22 = arith.constant 0x7FF0000000000000 : f64
  %23 = arith.constant 0xFC00 : f16
  return
}
