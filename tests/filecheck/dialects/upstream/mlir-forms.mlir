// Forms of upstream ops that MLIR (and pyasc's tests) write and xDSL reads or prints otherwise.
// RUN: ascdsl-opt %s | filecheck %s
// RUN: ascdsl-opt %s | ascdsl-opt | filecheck %s

// `arith.select` with the condition's type written, as well as without it.
// CHECK-LABEL: func.func @select(
// CHECK-NEXT:    %{{.*}} = arith.select %arg0, %arg1, %arg2 : i32
// CHECK-NEXT:    %{{.*}} = arith.select %arg0, %arg1, %arg2 : i32
func.func @select(%c: i1, %a: i32, %b: i32) {
  %0 = arith.select %c, %a, %b : i1, i32
  %1 = arith.select %c, %a, %b : i32
  return
}

// `memref.cast` in MLIR's syntax.
// CHECK-LABEL: func.func @cast(
// CHECK-NEXT:    %{{.*}} = memref.cast %arg0 : memref<2xi32> to memref<?xi32>
func.func @cast(%m: memref<2xi32>) {
  %0 = memref.cast %m : memref<2xi32> to memref<?xi32>
  return
}

// Declarations print without an empty result list, as MLIR prints them.
// CHECK: func.func private @declared(i32){{$}}
// CHECK: func.func private @declared_with_result(i32) -> f32{{$}}
func.func private @declared(i32)
func.func private @declared_with_result(i32) -> f32
