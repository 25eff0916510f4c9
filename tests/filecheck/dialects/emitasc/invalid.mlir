// The emitasc verifier rules, one located error each.
// RUN: ascdsl-opt %s --split-input-file --verify-diagnostics

func.func @no_such_field(%s: !emitasc.py_struct<"T", [i32], ["n"]>) {
  // expected-error@+1 {{'emitasc.member' op struct "T" has no field 'm' (its fields: n)}}
  %0 = emitasc.member %s "m" : !emitasc.py_struct<"T", [i32], ["n"]>, i32
  return
}

// -----

func.func @field_type(%s: !emitasc.py_struct<"T", [i32], ["n"]>, %v: i64) {
  // expected-error@+1 {{'emitasc.set_member' op field 'n' of "T" is i32, not i64}}
  emitasc.set_member %s "n", %v : !emitasc.py_struct<"T", [i32], ["n"]>, i64
  return
}

// -----

func.func @copy_other_struct(%p: memref<?x!emitasc.py_struct<"T", [i32], ["n"]>, 22>) {
  // expected-error@+1 {{copies a !emitasc.py_struct<"U", [i32], ["n"]> from a pointer to !emitasc.py_struct<"T", [i32], ["n"]>}}
  %0 = emitasc.copy_struct %p : memref<?x!emitasc.py_struct<"T", [i32], ["n"]>, 22>, !emitasc.py_struct<"U", [i32], ["n"]>
  return
}

// -----

// expected-error@+1 {{'emitasc.declare_py_struct' op declares i32, which is not a !emitasc.py_struct}}
emitasc.declare_py_struct i32

// -----

func.func @variable_init_type(%a: i64) {
  // expected-error@+1 {{'emitasc.variable' op initial value of type i64 for a variable of i32}}
  %0 = emitasc.variable %a : i64, memref<1xi32>
  return
}

// -----

func.func @variable_shape() {
  // expected-error@+1 {{'emitasc.variable' op needs a memref of static, non-zero shape, got memref<?xi32>}}
  %0 = emitasc.variable 1 : i32, memref<?xi32>
  return
}

// -----

func.func @empty_callee() {
  // expected-error@+1 {{'emitasc.call_opaque' op the callee's name is empty}}
  emitasc.call_opaque "" () : () -> ()
  return
}

// -----

func.func @offset_not_a_pointer(%a: i32, %i: index) {
  // expected-error@+1 {{operand 'base' at position 0 does not verify: expected a pointer (memref), got i32}}
  %0 = "emitasc.ptr_offset"(%a, %i) : (i32, index) -> i32
  return
}
