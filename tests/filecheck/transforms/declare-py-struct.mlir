// `declare-py-struct` (pyasc: `ascendc-declare-py-struct`): one declaration per struct the
// module's values use, inner structs first, at the top of the module; a struct already
// declared is not declared again.
// RUN: ascdsl-opt %s --declare-py-struct | filecheck %s
// RUN: ascdsl-opt %s -ascendc-declare-py-struct -ascendc-declare-py-struct | filecheck %s

// CHECK:      emitasc.declare_py_struct !emitasc.py_struct<"Tile", [i32], ["len"]>
// CHECK-NEXT: emitasc.declare_py_struct !emitasc.py_struct<"Block", [i32], ["n"]>
// CHECK-NEXT: emitasc.declare_py_struct !emitasc.py_struct<"Config", [!emitasc.py_struct<"Block", [i32], ["n"]>, !emitasc.py_struct<"Tile", [i32], ["len"]>], ["block", "tile"]>
// CHECK-NEXT: func.func @k(
// CHECK-NOT:  declare_py_struct
emitasc.declare_py_struct !emitasc.py_struct<"Tile", [i32], ["len"]>
func.func @k(%p: memref<?x!emitasc.py_struct<"Config", [!emitasc.py_struct<"Block", [i32], ["n"]>, !emitasc.py_struct<"Tile", [i32], ["len"]>], ["block", "tile"]>, 22>) attributes {ascendc.global} {
  %0 = emitasc.copy_struct %p : memref<?x!emitasc.py_struct<"Config", [!emitasc.py_struct<"Block", [i32], ["n"]>, !emitasc.py_struct<"Tile", [i32], ["len"]>], ["block", "tile"]>, 22>, !emitasc.py_struct<"Config", [!emitasc.py_struct<"Block", [i32], ["n"]>, !emitasc.py_struct<"Tile", [i32], ["len"]>], ["block", "tile"]>
  return
}
