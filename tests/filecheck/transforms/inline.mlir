// RUN: ascdsl-opt %s --inline | filecheck %s
// RUN: ascdsl-opt %s --inline --mlir-print-debuginfo | filecheck %s --check-prefix=LOC

// Inlined ops keep the callee's source locations (lines 24-25 in @square, 39 in
// @sum_of_squares; keep them in sync when editing this file).
// LOC-LABEL: func.func @kernel(
// LOC:         ascendc.local_tensor_auto() : <64xf32> loc([[L24:#loc[0-9]+]])
// LOC-NEXT:    ascendc.mul_l2 %0, %arg0, %arg0, %arg2 {{.*}} loc([[L25:#loc[0-9]+]])
// LOC-NEXT:    ascendc.local_tensor_auto() : <64xf32> loc([[L24]])
// LOC-NEXT:    ascendc.mul_l2 %1, %arg1, %arg1, %arg2 {{.*}} loc([[L25]])
// LOC-NEXT:    ascendc.add_l2 %0, %0, %1, %arg2 {{.*}} loc([[L39:#loc[0-9]+]])
// LOC-DAG:   [[L24]] = loc("{{.*}}inline.mlir":24:3)
// LOC-DAG:   [[L25]] = loc("{{.*}}inline.mlir":25:3)
// LOC-DAG:   [[L39]] = loc("{{.*}}inline.mlir":39:3)

// Calls are replaced by the callee's body, callees first (square is already inlined into
// sum_of_squares when that is inlined into the kernel), in nested regions too.
// CHECK-LABEL: func.func private @square(
// CHECK-NEXT:    [[R:%[0-9]+]] = ascendc.local_tensor_auto() : <64xf32>
// CHECK-NEXT:    ascendc.mul_l2 [[R]], %arg0, %arg0, %arg1 : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
// CHECK-NEXT:    return [[R]] : !ascendc.local_tensor<64xf32>
// CHECK-NEXT:  }
func.func private @square(%t: !ascendc.local_tensor<64xf32>, %n: i32) -> !ascendc.local_tensor<64xf32> {
  %r = ascendc.local_tensor_auto() : <64xf32>
  ascendc.mul_l2 %r, %t, %t, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
  func.return %r : !ascendc.local_tensor<64xf32>
}
// CHECK-LABEL: func.func @sum_of_squares(
// CHECK-NEXT:    [[R:%[0-9]+]] = ascendc.local_tensor_auto() : <64xf32>
// CHECK-NEXT:    ascendc.mul_l2 [[R]], %arg0, %arg0, %arg2 : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
// CHECK-NEXT:    [[R_1:%[0-9]+]] = ascendc.local_tensor_auto() : <64xf32>
// CHECK-NEXT:    ascendc.mul_l2 [[R_1]], %arg1, %arg1, %arg2 : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
// CHECK-NEXT:    ascendc.add_l2 [[R]], [[R]], [[R_1]], %arg2 : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
// CHECK-NEXT:    return [[R]] : !ascendc.local_tensor<64xf32>
// CHECK-NEXT:  }
func.func @sum_of_squares(%a: !ascendc.local_tensor<64xf32>, %b: !ascendc.local_tensor<64xf32>, %n: i32) -> !ascendc.local_tensor<64xf32> {
  %a2 = func.call @square(%a, %n) : (!ascendc.local_tensor<64xf32>, i32) -> !ascendc.local_tensor<64xf32>
  %b2 = func.call @square(%b, %n) : (!ascendc.local_tensor<64xf32>, i32) -> !ascendc.local_tensor<64xf32>
  ascendc.add_l2 %a2, %a2, %b2, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
  func.return %a2 : !ascendc.local_tensor<64xf32>
}
// CHECK-LABEL: func.func @kernel(
// CHECK-NEXT:    scf.for %arg6 = %arg3 to %arg4 step %arg5 {
// CHECK-NEXT:      [[R:%[0-9]+]] = ascendc.local_tensor_auto() : <64xf32>
// CHECK-NEXT:      ascendc.mul_l2 [[R]], %arg0, %arg0, %arg2 : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
// CHECK-NEXT:      [[R_1:%[0-9]+]] = ascendc.local_tensor_auto() : <64xf32>
// CHECK-NEXT:      ascendc.mul_l2 [[R_1]], %arg1, %arg1, %arg2 : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
// CHECK-NEXT:      ascendc.add_l2 [[R]], [[R]], [[R_1]], %arg2 : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
// CHECK-NEXT:      "test.op"([[R]]) : (!ascendc.local_tensor<64xf32>) -> ()
// CHECK-NEXT:    }
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @kernel(%a: !ascendc.local_tensor<64xf32>, %b: !ascendc.local_tensor<64xf32>, %n: i32, %lb: index, %ub: index, %st: index) attributes {ascendc.global} {
  scf.for %i = %lb to %ub step %st {
    %s = func.call @sum_of_squares(%a, %b, %n) : (!ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32) -> !ascendc.local_tensor<64xf32>
    "test.op"(%s) : (!ascendc.local_tensor<64xf32>) -> ()
  }
  func.return
}

// Recursive functions and declarations keep their calls.
// CHECK-LABEL: func.func private @countdown(
// CHECK-NEXT:    call @countdown(%arg0) : (i32) -> ()
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func private @countdown(%n: i32) {
  func.call @countdown(%n) : (i32) -> ()
  func.return
}
// CHECK-LABEL: func.func private @ping(
// CHECK-NEXT:    call @pong(%arg0) : (i32) -> ()
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func private @ping(%n: i32) {
  func.call @pong(%n) : (i32) -> ()
  func.return
}
// CHECK-LABEL: func.func private @pong(
// CHECK-NEXT:    call @ping(%arg0) : (i32) -> ()
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func private @pong(%n: i32) {
  func.call @ping(%n) : (i32) -> ()
  func.return
}
// CHECK:       func.func private @external(i32){{$}}
func.func private @external(i32)
// CHECK-LABEL: func.func @calls_that_stay(
// CHECK-NEXT:    call @countdown(%arg0) : (i32) -> ()
// CHECK-NEXT:    call @ping(%arg0) : (i32) -> ()
// CHECK-NEXT:    call @external(%arg0) : (i32) -> ()
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @calls_that_stay(%n: i32) {
  func.call @countdown(%n) : (i32) -> ()
  func.call @ping(%n) : (i32) -> ()
  func.call @external(%n) : (i32) -> ()
  func.return
}
