// RUN: ascdsl-opt %s --split-input-file --verify-diagnostics
// TCubeTiling's fields are CANN's: a misspelt one is an error at the op.

func.func @f(%t: !ascendc.cube_tiling) {
  // expected-error@+1 {{TCubeTiling has no field 'singleM' (its fields: usedCoreNum, M, N, Ka}}
  %0 = emitasc.member %t "singleM" : !ascendc.cube_tiling, i32
  return
}
