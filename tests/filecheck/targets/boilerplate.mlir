// RUN: ascdsl-opt %s --generate-boilerplate | filecheck %s --check-prefix=IR
// RUN: ascdsl-opt %s --generate-boilerplate --generate-boilerplate | filecheck %s --check-prefix=IR
// RUN: ascdsl-opt %s --ascendc-generate-boilerplate | ascdsl-opt | filecheck %s --check-prefix=IR
// RUN: ascdsl-opt %s --generate-boilerplate -t ascendc | filecheck %s --check-prefix=CPP
// RUN: ascdsl-opt %s -t ascendc | filecheck %s --check-prefix=BARE
// generate-boilerplate inserts the headers as `emitc.include` ops at the top of the module, as
// pyasc's pass does (they print, parse back, and running the pass again adds none); the target
// prints one #include per op.

// IR:       module {
// IR-NEXT:    emitc.include "kernel_operator.h"
// IR-NEXT:    func.func @kernel

// CPP:      #include "kernel_operator.h"
// CPP-EMPTY:
// CPP-NEXT: extern "C" __global__ __aicore__ void kernel() {

// BARE-NOT: #include
// BARE:     extern "C" __global__ __aicore__ void kernel() {
func.func @kernel() attributes {ascendc.global} {
  return
}
