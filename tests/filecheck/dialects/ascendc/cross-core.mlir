// CrossCoreSetFlag / CrossCoreWaitFlag in pyasc's syntax: flag id operand, mode (ui8), pipe.
// RUN: ascdsl-opt %s | filecheck %s
// RUN: ascdsl-opt %s | ascdsl-opt | filecheck %s
// RUN: ascdsl-opt %s --print-op-generic | ascdsl-opt | filecheck %s
// RUN: ascdsl-opt %s --print-op-generic | filecheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @flags
func.func @flags(%f: i32, %g: i16) {
  // CHECK-NEXT: ascendc.cross_core_set_flag %arg0, 2, pipe_fix : i32
  ascendc.cross_core_set_flag %f, 2, pipe_fix : i32
  // CHECK-NEXT: ascendc.cross_core_set_flag %arg1, 1, pipe_mte3 : i16
  ascendc.cross_core_set_flag %g, 1, pipe_mte3 : i16
  // CHECK-NEXT: ascendc.cross_core_wait_flag %arg0, 0, pipe_s : i32
  ascendc.cross_core_wait_flag %f, 0, pipe_s : i32
  return
}
// GENERIC: "ascendc.cross_core_set_flag"(%{{.*}}) <{modeId = 2 : ui8, pipe = {{[0-9]+}} : i32}> : (i32) -> ()
