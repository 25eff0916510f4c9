// RUN: ascdsl-opt %s -t ascendc | filecheck %s
// Constants, named as pyasc names them: c<value>_<type> with `-` -> m, `.` -> _, `+` -> p.
// Integers and f32/f64 are constexpr; half and bfloat16_t are class types, so not. A float
// is named and printed from the value its type holds, as LLVM's APFloat::toString writes
// it (the type's natural number of significant digits: 5 for half, 9 for float), the
// literal in scientific form with pyasc's `(float)`/`(double)` cast.

// CHECK-LABEL: void emit_constants() {
// CHECK-NEXT:     constexpr int32_t c0_i32 = 0;
// CHECK-NEXT:     constexpr uint32_t c0_idx = 0;
// CHECK-NEXT:     constexpr int64_t c1024_i64 = 1024;
// CHECK-NEXT:     constexpr int32_t cm7_i32 = -7;
// CHECK-NEXT:     constexpr int8_t c127_i8 = 127;
// CHECK-NEXT:     constexpr int16_t cm1_i16 = -1;
// CHECK-NEXT:     constexpr int64_t c3000000000_i64 = 3000000000;
// CHECK-NEXT:     constexpr int64_t cm9223372036854775808_i64 = (-9223372036854775807LL - 1);
// CHECK-NEXT:     constexpr bool cm1_i1 = true;
// CHECK-NEXT:     constexpr bool c0_i1 = false;
// CHECK-NEXT:     constexpr float c1_5_f32 = (float)1.500000000e+00;
// CHECK-NEXT:     constexpr float cm0_25_f32 = (float)-2.500000000e-01;
// CHECK-NEXT:     constexpr float c1_23000002_f32 = (float)1.230000020e+00;
// 1e-5f is 9.99999974737...e-6: APFloat truncates the digits past what f32 needs before it rounds.
// CHECK-NEXT:     constexpr float c9_99999974Em6_f32 = (float)9.999999740e-06;
// CHECK-NEXT:     constexpr float c1_00000002Ep20_f32 = (float)1.000000020e+20;
// CHECK-NEXT:     constexpr double c0_10000000000000001_f64 = (double)1.00000000000000010e-01;
// CHECK-NEXT:     half c0_099976_f16 = 9.99760e-02;
// CHECK-NEXT:     half c65504_f16 = 6.55040e+04;
// CHECK-NEXT:     bfloat16_t c2_bf16 = 2.0000e+00;
// CHECK-NEXT:     constexpr float cpInf_f32 = __builtin_inff();
// CHECK-NEXT:     constexpr float cmInf_f32 = -__builtin_inff();
// CHECK-NEXT:     constexpr float cNaN_f32 = __builtin_nanf("");
// CHECK-NEXT:     constexpr double cpInf_f64 = __builtin_inf();
// CHECK-NEXT:     half cmInf_f16 = (half)-__builtin_inff();
// CHECK-NEXT:     return;
// CHECK-NEXT:   }
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
