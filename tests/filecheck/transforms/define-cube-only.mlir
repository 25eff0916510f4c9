// `define-cube-only` (pyasc: `ascendc-define-cube-only`): `#define ASCENDC_CUBE_ONLY` at the
// top of the module and the module marked `asc.matmul_cube_only`; once, however often it runs.
// RUN: ascdsl-opt %s --define-cube-only | filecheck %s
// RUN: ascdsl-opt %s -ascendc-define-cube-only -ascendc-define-cube-only | filecheck %s
// RUN: ascdsl-opt %s --define-cube-only -t ascendc | filecheck %s --check-prefix=CPP

// CHECK:      module attributes {asc.matmul_cube_only} {
// CHECK-NEXT:   emitc.verbatim "#define ASCENDC_CUBE_ONLY"
// CHECK-NEXT:   emitc.include "kernel_operator.h"
// CHECK-NOT:    ASCENDC_CUBE_ONLY

// CPP:      #define ASCENDC_CUBE_ONLY
// CPP-NEXT: #include "kernel_operator.h"
emitc.include "kernel_operator.h"
func.func @k() attributes {ascendc.global} {
  return
}
