// RUN: ascdsl-opt %s --split-input-file --verify-diagnostics

func.func @constant_type() {
  // expected-error@+1 {{'emitc.constant' op value of type i32 for a result of type ui32}}
  %0 = "emitc.constant"() <{value = 0 : i32}> : () -> ui32
  return
}

// -----

func.func @include_in_function() {
  // expected-error@+1 {{'emitc.include' expects parent op 'builtin.module'}}
  emitc.include "kernel_operator.h"
  return
}

// -----

// expected-error@+1 {{'emitc.include' op includes an empty header name}}
emitc.include ""

// -----

func.func @opaque_constant() {
  // expected-error@+1 {{'emitc.constant' op an opaque constant needs a C++ expression}}
  %0 = "emitc.constant"() <{value = #emitc.opaque<"">}> : () -> i32
  return
}
