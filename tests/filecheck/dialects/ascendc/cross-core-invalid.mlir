// Bad cross-core flags are located errors naming the rule.
// RUN: ascdsl-opt %s --split-input-file --verify-diagnostics

func.func @mode_3(%f: i32) {
  // expected-error@+1 {{mode 3 is not a cross-core sync mode: 0 (every AIC or every AIV of the launch), 1 (the AIVs of an AI core), 2 (AIC <-> AIV)}}
  ascendc.cross_core_set_flag %f, 3, pipe_v : i32
  return
}

// -----

func.func @pipe_all(%f: i32) {
  // expected-error@+1 {{the pipe of a cross-core flag is one pipe, not PIPE_ALL}}
  ascendc.cross_core_wait_flag %f, 2, pipe_all : i32
  return
}
