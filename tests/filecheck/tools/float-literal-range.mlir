// A decimal float literal beyond its type's range is that type's infinity, as in MLIR: its
// parser reads the literal as a double and rounds it to the type (FloatAttr::get), which
// overflows to infinity without a diagnostic (mlir-opt prints `1.0E+309 : f80` as
// 0x7FFF8000000000000000, llvm-project#216422). `1.0e39 : f32` was an OverflowError located
// at the next op; 1.0e999 was already infinity.
// RUN: ascdsl-opt %s | filecheck %s

// CHECK-LABEL: func.func @f
// CHECK-NEXT: arith.constant 0x7F800000 : f32
// CHECK-NEXT: arith.constant 0xFF800000 : f32
// CHECK-NEXT: arith.constant 0x7F800000 : f32
// CHECK-NEXT: arith.constant 3.40282347E+38 : f32
// CHECK-NEXT: arith.constant 0x7C00 : f16
// CHECK-NEXT: arith.constant 0xFC00 : f16
// CHECK-NEXT: arith.constant 0x7FC00000 : f32
// CHECK-NEXT: arith.constant 0.000000e+00 : f32
func.func @f() {
  %0 = arith.constant 1.0e39 : f32
  %1 = arith.constant -1.0e39 : f32
  %2 = arith.constant 1.0e999 : f32
  %3 = arith.constant 3.4028235e38 : f32
  %4 = arith.constant 1.0e20 : f16
  %5 = arith.constant -7.0e4 : f16
  %6 = arith.constant 0x7FC00000 : f32
  %7 = arith.constant 1.0e-50 : f32
  func.return
}
