// RUN: ascdsl-opt %s --unify-pipe | filecheck %s --check-prefixes=CHECK,ASCDSL
// RUN: ascdsl-opt %s --ascendc-unify-pipe | filecheck %s --check-prefixes=CHECK,PYASC
// RUN: ascdsl-opt %s -p 'unify-pipe{mode=pyasc}' | filecheck %s --check-prefixes=CHECK,PYASC
// RUN: not ascdsl-opt %s -p 'unify-pipe{mode=mlir}' 2>&1 | filecheck %s --check-prefix=BAD
// BAD: ascdsl-opt: error: invalid options for pass 'unify-pipe': option 'mode' is 'mlir', expected one of ascdsl, pyasc

// Several pipes (one nested) become one at the top of the entry block.
// CHECK-LABEL: func.func @several_pipes(
// CHECK-NEXT:    [[P1:%[0-9]+]] = ascendc.pipe
// CHECK-NEXT:    [[Q1:%[0-9]+]] = ascendc.queue : <vecin, 1>
// CHECK-NEXT:    ascendc.pipe.init_queue [[P1]], [[Q1]], %arg1, %arg0 : !ascendc.queue<vecin, 1>, i32, i64
// CHECK-NEXT:    [[B:%[0-9]+]] = ascendc.tbuf : <veccalc>
// CHECK-NEXT:    ascendc.pipe.init_buffer [[P1]], [[B]], %arg0 : !ascendc.tbuf<veccalc>, i64
// CHECK-NEXT:    scf.for %arg5 = %arg2 to %arg3 step %arg4 {
// CHECK-NEXT:      [[ID:%[0-9]+]] = ascendc.pipe.fetch_event_id [[P1]], v_s : i8
// CHECK-NEXT:      ascendc.set_flag v_s, [[ID]] : i8
// CHECK-NEXT:      ascendc.wait_flag v_s, [[ID]] : i8
// CHECK-NEXT:    }
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @several_pipes(%len: i64, %c1: i32, %lb: index, %ub: index, %st: index) {
  %p1 = ascendc.pipe
  %q1 = ascendc.queue : <vecin, 1>
  ascendc.pipe.init_queue %p1, %q1, %c1, %len : !ascendc.queue<vecin, 1>, i32, i64
  %p2 = ascendc.pipe
  %b = ascendc.tbuf : <veccalc>
  ascendc.pipe.init_buffer %p2, %b, %len : !ascendc.tbuf<veccalc>, i64
  scf.for %i = %lb to %ub step %st {
    %p3 = ascendc.pipe
    %id = ascendc.pipe.fetch_event_id %p3, v_s : i8
    ascendc.set_flag v_s, %id : i8
    ascendc.wait_flag v_s, %id : i8
  }
  func.return
}

// One pipe at the top level stays where it is.
// CHECK-LABEL: func.func @one_pipe(
// CHECK-NEXT:    [[B:%[0-9]+]] = ascendc.tbuf : <veccalc>
// CHECK-NEXT:    [[P:%[0-9]+]] = ascendc.pipe
// CHECK-NEXT:    ascendc.pipe.init_buffer [[P]], [[B]], %arg0 : !ascendc.tbuf<veccalc>, i64
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @one_pipe(%len: i64) {
  %b = ascendc.tbuf : <veccalc>
  %p = ascendc.pipe
  ascendc.pipe.init_buffer %p, %b, %len : !ascendc.tbuf<veccalc>, i64
  func.return
}

// A single pipe inside a loop moves to the entry (pyasc would construct it per iteration);
// pyasc's pass, and the pass in its mode, leave a function's only pipe where it is.
// CHECK-LABEL: func.func @one_nested_pipe(
// ASCDSL-NEXT:   [[P:%[0-9]+]] = ascendc.pipe
// CHECK-NEXT:    [[B:%[0-9]+]] = ascendc.tbuf : <veccalc>
// CHECK-NEXT:    scf.for %arg4 = %arg1 to %arg2 step %arg3 {
// PYASC-NEXT:      [[P:%[0-9]+]] = ascendc.pipe
// CHECK-NEXT:      ascendc.pipe.init_buffer [[P]], [[B]], %arg0 : !ascendc.tbuf<veccalc>, i64
// CHECK-NEXT:    }
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @one_nested_pipe(%len: i64, %lb: index, %ub: index, %st: index) {
  %b = ascendc.tbuf : <veccalc>
  scf.for %i = %lb to %ub step %st {
    %p = ascendc.pipe
    ascendc.pipe.init_buffer %p, %b, %len : !ascendc.tbuf<veccalc>, i64
  }
  func.return
}

// No pipe: nothing to do (pyasc's fork would add one).
// CHECK-LABEL: func.func @no_pipe(
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @no_pipe() {
  func.return
}
