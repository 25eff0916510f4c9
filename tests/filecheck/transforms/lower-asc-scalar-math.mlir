// lower-asc-scalar-math: a transcendental function of a runtime scalar is computed on one
// 32-byte vector block (the scalar unit has none); sqrt, floor, ceil and rsqrt stay scalar.
// RUN: ascdsl-opt %s -p lower-asc-scalar-math | filecheck %s
// RUN: ascdsl-opt %s -p lower-asc-scalar-math,lower-asc-scalar-math | filecheck %s

// CHECK-LABEL: func.func @scalars
// CHECK:       %[[M:.*]] = asc.reduce_as_1d max %{{.*}} : !asc.tile<64xf32, UB> -> f32
// CHECK-NEXT:  %[[B:.*]] = asc.splat %[[M]] : f32 -> !asc.tile<8xf32, UB>
// CHECK-NEXT:  %[[E:.*]] = asc.exp %[[B]] : !asc.tile<8xf32, UB>
// CHECK-NEXT:  %[[S:.*]] = asc.reduce_as_1d max %[[E]] : !asc.tile<8xf32, UB> -> f32
// CHECK-NEXT:  %[[H:.*]] = arith.truncf %[[S]] : f32 to f16
// CHECK-NEXT:  %[[HB:.*]] = asc.splat %[[H]] : f16 -> !asc.tile<16xf16, UB>
// CHECK-NEXT:  %[[L:.*]] = asc.log %[[HB]] : !asc.tile<16xf16, UB>
// CHECK-NEXT:  %[[HL:.*]] = asc.reduce_as_1d max %[[L]] : !asc.tile<16xf16, UB> -> f16
// CHECK-NEXT:  %[[R:.*]] = math.sqrt %[[S]] : f32
// CHECK-NEXT:  %[[F:.*]] = math.floor %[[R]] : f32
// CHECK-NOT:   math.exp
// CHECK-NOT:   math.log
func.func @scalars(%t: !asc.tensor<?xf32>, %h: !asc.tensor<?xf16>) attributes {ascendc.global} {
  %c0 = arith.constant 0 : i32
  %x = asc.load %t[%c0] : !asc.tensor<?xf32> -> !asc.tile<64xf32, UB>
  %m = asc.reduce_as_1d max %x : !asc.tile<64xf32, UB> -> f32
  %e = math.exp %m : f32
  %eh = arith.truncf %e : f32 to f16
  %l = math.log %eh : f16
  %r = math.sqrt %e : f32
  %f = math.floor %r : f32
  asc.set_value %f, %t[%c0] : f32, !asc.tensor<?xf32>
  asc.set_value %l, %h[%c0] : f16, !asc.tensor<?xf16>
  func.return
}

// A function of a double has no vector form: left for the printer to refuse.
// CHECK-LABEL: func.func @double
// CHECK:       math.exp %{{.*}} : f64
func.func @double(%a: f64) -> f64 {
  %e = math.exp %a : f64
  func.return %e : f64
}
