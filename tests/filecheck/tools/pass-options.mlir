// A pass option is checked when the pipeline is read, before any pass runs: a bad value or
// an unknown option is one line naming the pass, the option, the value and what it takes
// (exit 2, no traceback). verify-sync, first in each pipeline, would warn about this input
// (an alloc_tensor never freed) had it run; no output file is written.
// RUN: rm -f %t.out
// RUN: not ascdsl-opt %s -p 'verify-sync,insert-que-sync{mode=banana}' -o %t.out 2>&1 \
// RUN:   | filecheck %s --check-prefixes=QUIET,MODE
// RUN: not test -e %t.out
// RUN: not ascdsl-opt %s --verify-sync --erase-sync=mode=banana 2>&1 \
// RUN:   | filecheck %s --check-prefixes=QUIET,FLAG
// RUN: not ascdsl-opt %s -p 'verify-sync,insert-que-sync{vector-barriers=banana}' 2>&1 \
// RUN:   | filecheck %s --check-prefixes=QUIET,TYPE
// RUN: not ascdsl-opt %s -p 'verify-sync,insert-que-sync{some-option=1}' 2>&1 \
// RUN:   | filecheck %s --check-prefixes=QUIET,UNKNOWN
// RUN: not ascdsl-opt %s -p 'verify-sync,unify-pipe{mode}' 2>&1 \
// RUN:   | filecheck %s --check-prefixes=QUIET,EMPTY
// RUN: not ascdsl-opt %s -p 'verify-sync,lower-asc{soc=Ascend310P}' 2>&1 \
// RUN:   | filecheck %s --check-prefixes=QUIET,SOC
// RUN: not ascdsl-opt %s -p 'verify-sync{mode=banana}' 2>&1 \
// RUN:   | filecheck %s --check-prefixes=QUIET,VERIFY
// RUN: not ascdsl-opt %s -p 'verify-sync,canonicalize-barriers{some-option=1}' 2>&1 \
// RUN:   | filecheck %s --check-prefixes=QUIET,NONE

// QUIET-NOT: {{warning|Traceback}}
// MODE: ascdsl-opt: error: invalid options for pass 'insert-que-sync': option 'mode' is 'banana', expected one of ascdsl, pyasc
// FLAG: ascdsl-opt: error: invalid options for pass 'erase-sync': option 'mode' is 'banana', expected one of ascdsl, pyasc
// TYPE: ascdsl-opt: error: invalid options for pass 'insert-que-sync': option 'vector-barriers' is 'banana', expected true or false
// UNKNOWN: ascdsl-opt: error: invalid options for pass 'insert-que-sync': option 'some-option' does not exist (its options: mode, vector-barriers, early-sets, auto-sync)
// EMPTY: ascdsl-opt: error: invalid options for pass 'unify-pipe': option 'mode' has no value, expected one of ascdsl, pyasc
// SOC: ascdsl-opt: error: invalid options for pass 'lower-asc': option 'soc' is 'Ascend310P', expected one of Ascend910B1,
// VERIFY: ascdsl-opt: error: invalid options for pass 'verify-sync': option 'mode' is 'banana', expected one of ascdsl, pyasc
// NONE: ascdsl-opt: error: invalid options for pass 'canonicalize-barriers': option 'some-option' does not exist (it takes no options)
// QUIET-NOT: {{warning|Traceback}}

func.func @never_freed() {
  %q = ascendc.queue : <vecin, 1>
  %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
  func.return
}
