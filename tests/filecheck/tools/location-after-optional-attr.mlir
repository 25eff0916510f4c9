// RUN: ascdsl-opt %s --mlir-print-debuginfo | filecheck %s

// An op whose format ends with an optional attribute (`ascendc.construct`'s `$types`) still
// takes a trailing `loc(...)` as its location, as pyasc writes it for argument-less tiling
// structs; xDSL alone would read the location as the optional attribute and reject it.

func.func @f() {
  %t = ascendc.construct !ascendc.softmax_tiling() loc(#loc7)
  %c = arith.constant 1 : i32
  %p = ascendc.construct !ascendc.data_copy_params(%c, %c, %c, %c) [ui16, ui16, ui16, ui16] : i32, i32, i32, i32 loc("b.py":3:4)
  return
}
#loc7 = loc("a.py":1:2)

// CHECK:      ascendc.construct !ascendc.softmax_tiling() loc(#[[A:loc[0-9]*]])
// CHECK-NEXT: arith.constant
// CHECK-NEXT: ascendc.construct !ascendc.data_copy_params({{.*}}) [ui16, ui16, ui16, ui16] : i32, i32, i32, i32 loc(#[[B:loc[0-9]*]])
// CHECK-DAG:  #[[A]] = loc("a.py":1:2)
// CHECK-DAG:  #[[B]] = loc("b.py":3:4)
