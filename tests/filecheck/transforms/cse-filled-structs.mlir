// RUN: ascdsl-opt %s -p cse | filecheck %s
// RUN: ascdsl-opt %s -p pyasc-cse,canonicalize | filecheck %s

// A struct built empty and then filled field by field (`emitasc.set_member`: pyasc's tiling
// structs, SoftmaxTiling(src_m=...) in a kernel) is a variable: two such constructs print the
// same but are two structs, and cse keeps both. Two param structs built from the same
// values are one value and merge; an unused construct goes.

// CHECK-LABEL: func.func @filled(
// CHECK-NEXT:    [[A:%[0-9]+]] = ascendc.construct !ascendc.softmax_tiling()
// CHECK:         emitasc.set_member [[A]] "srcM", %{{.*}} : !ascendc.softmax_tiling, i32
// CHECK-NEXT:    [[B:%[0-9]+]] = ascendc.construct !ascendc.softmax_tiling()
// CHECK:         emitasc.set_member [[B]] "srcM", %{{.*}} : !ascendc.softmax_tiling, i32
// CHECK-NEXT:    emitasc.member [[A]] "srcM"
// CHECK-NEXT:    emitasc.member [[B]] "srcM"
func.func @filled(%x: memref<?xi32, 22>) -> (i32, i32) {
  %0 = ascendc.construct !ascendc.softmax_tiling()
  %c1 = arith.constant 1 : i32
  emitasc.set_member %0 "srcM", %c1 : !ascendc.softmax_tiling, i32
  %1 = ascendc.construct !ascendc.softmax_tiling()
  %c2 = arith.constant 2 : i32
  emitasc.set_member %1 "srcM", %c2 : !ascendc.softmax_tiling, i32
  %a = emitasc.member %0 "srcM" : !ascendc.softmax_tiling, i32
  %b = emitasc.member %1 "srcM" : !ascendc.softmax_tiling, i32
  return %a, %b : i32, i32
}

// CHECK-LABEL: func.func @values(
// CHECK-NEXT:    %{{.*}} = arith.constant 1 : i32
// CHECK-NEXT:    [[P:%[0-9]+]] = ascendc.construct !ascendc.data_copy_params(
// CHECK-NEXT:    return [[P]], [[P]]
func.func @values() -> (!ascendc.data_copy_params, !ascendc.data_copy_params) {
  %c1 = arith.constant 1 : i32
  %0 = ascendc.construct !ascendc.data_copy_params(%c1, %c1, %c1, %c1) : i32, i32, i32, i32
  %1 = ascendc.construct !ascendc.data_copy_params(%c1, %c1, %c1, %c1) : i32, i32, i32, i32
  %unused = ascendc.construct !ascendc.softmax_tiling()
  return %0, %1 : !ascendc.data_copy_params, !ascendc.data_copy_params
}
