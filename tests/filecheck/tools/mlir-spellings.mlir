// ascdsl-opt takes the options of MLIR's tools as pyasc's lit tests write them: one dash or
// two, `--mlir-print-op-generic`, `-show-dialects`.
// RUN: ascdsl-opt -show-dialects %s | filecheck %s --check-prefix=DIALECTS
// RUN: ascdsl-opt -split-input-file -verify-diagnostics %s
// RUN: ascdsl-opt --split-input-file --verify-diagnostics %s --mlir-print-op-generic | filecheck %s --check-prefix=GENERIC
// RUN: ascdsl-opt -split-input-file -verify-diagnostics %s -mlir-print-op-generic | filecheck %s --check-prefix=GENERIC

// DIALECTS: Available Dialects: arith, asc, ascendc, builtin, emitasc, emitc, func, math, memref, scf, test

// GENERIC: "func.func"() <{{.*}}sym_name = "f"{{.*}}> ({
// GENERIC: "ascendc.set_flag"(%{{.*}}) <{event = 4 : i32}> : (i32) -> ()
func.func @f(%id: i32) {
  ascendc.set_flag mte2_v, %id : i32
  return
}

// -----

func.func @g(%id: i32) {
  // The count form: two diagnostics of this text on the line below.
  // expected-error@below 2 {{'event' = 40 is not a HardEvent}}
  "ascendc.set_flag"(%id) <{event = 40 : i32}> : (i32) -> () "ascendc.wait_flag"(%id) <{event = 40 : i32}> : (i32) -> ()
  // expected-error-re@below {{'event' = {{[0-9]+}} is not a {{(HardEvent|Pipe)}}}}
  "ascendc.set_flag"(%id) <{event = 41 : i32}> : (i32) -> ()
  return
}
