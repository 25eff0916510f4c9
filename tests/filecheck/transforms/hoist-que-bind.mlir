// RUN: ascdsl-opt %s --hoist-que-bind | filecheck %s
// RUN: ascdsl-opt %s -p 'ascendc-hoist-que-bind{order=program}' | filecheck %s

// Queues and their init_queue move out of a loop, in program order (pyasc's greedy driver
// puts the vecout queue first: pyasc's pass name does too, hoist-que-bind-pyasc-order.mlir).
// CHECK-LABEL: func.func @hoist_que_bind_for(
// CHECK-NEXT:    [[PIPE:%[0-9]+]] = ascendc.pipe
// CHECK-NEXT:    [[QIN:%[0-9]+]] = ascendc.queue : <vecin, 1>
// CHECK-NEXT:    ascendc.pipe.init_queue [[PIPE]], [[QIN]], %arg0, %arg2 : !ascendc.queue<vecin, 1>, i32, i64
// CHECK-NEXT:    [[QOUT:%[0-9]+]] = ascendc.queue : <vecout, 1>
// CHECK-NEXT:    ascendc.pipe.init_queue [[PIPE]], [[QOUT]], %arg0, %arg2 : !ascendc.queue<vecout, 1>, i32, i64
// CHECK-NEXT:    scf.for %arg3 = %arg0 to %arg1 step %arg0 : i32 {
// CHECK-NEXT:      [[X:%[0-9]+]] = ascendc.que_bind.alloc_tensor [[QIN]] : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
// CHECK-NEXT:      [[Z:%[0-9]+]] = ascendc.que_bind.alloc_tensor [[QOUT]] : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<64xf32>
// CHECK-NEXT:      ascendc.que_bind.free_tensor [[QOUT]], [[Z]] : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<64xf32>
// CHECK-NEXT:      ascendc.que_bind.free_tensor [[QIN]], [[X]] : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @hoist_que_bind_for(%c1: i32, %ub: i32, %len: i64) {
  %pipe = ascendc.pipe
  scf.for %i = %c1 to %ub step %c1 : i32 {
    %qin = ascendc.queue : <vecin, 1>
    ascendc.pipe.init_queue %pipe, %qin, %c1, %len : !ascendc.queue<vecin, 1>, i32, i64
    %x = ascendc.que_bind.alloc_tensor %qin : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
    %qout = ascendc.queue : <vecout, 1>
    ascendc.pipe.init_queue %pipe, %qout, %c1, %len : !ascendc.queue<vecout, 1>, i32, i64
    %z = ascendc.que_bind.alloc_tensor %qout : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<64xf32>
    ascendc.que_bind.free_tensor %qout, %z : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<64xf32>
    ascendc.que_bind.free_tensor %qin, %x : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
  }
  func.return
}

// Out of nested loops and an scf.if, up to the function's top level.
// CHECK-LABEL: func.func @hoist_que_bind_nested(
// CHECK-NEXT:    [[PIPE:%[0-9]+]] = ascendc.pipe
// CHECK-NEXT:    [[Q:%[0-9]+]] = ascendc.que_bind : <vecin, vecout, 2>
// CHECK-NEXT:    ascendc.pipe.init_queue [[PIPE]], [[Q]], %arg0, %arg2 : !ascendc.que_bind<vecin, vecout, 2>, i32, i64
// CHECK-NEXT:    scf.for %arg4 = %arg0 to %arg1 step %arg0 : i32 {
// CHECK-NEXT:      scf.for %arg5 = %arg0 to %arg1 step %arg0 : i32 {
// CHECK-NEXT:        scf.if %arg3 {
// CHECK-NEXT:          [[X:%[0-9]+]] = ascendc.que_bind.alloc_tensor [[Q]] : !ascendc.que_bind<vecin, vecout, 2>, !ascendc.local_tensor<64xf32>
// CHECK-NEXT:          ascendc.que_bind.free_tensor [[Q]], [[X]] : !ascendc.que_bind<vecin, vecout, 2>, !ascendc.local_tensor<64xf32>
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @hoist_que_bind_nested(%c1: i32, %ub: i32, %len: i64, %c: i1) {
  %pipe = ascendc.pipe
  scf.for %i = %c1 to %ub step %c1 : i32 {
    scf.for %j = %c1 to %ub step %c1 : i32 {
      scf.if %c {
        %q = ascendc.que_bind : <vecin, vecout, 2>
        ascendc.pipe.init_queue %pipe, %q, %c1, %len : !ascendc.que_bind<vecin, vecout, 2>, i32, i64
        %x = ascendc.que_bind.alloc_tensor %q : !ascendc.que_bind<vecin, vecout, 2>, !ascendc.local_tensor<64xf32>
        ascendc.que_bind.free_tensor %q, %x : !ascendc.que_bind<vecin, vecout, 2>, !ascendc.local_tensor<64xf32>
      }
    }
  }
  func.return
}

// TBuf, init_buffer and get_tensor; the get_tensor's length depends on the outer loop, so it
// stops in the outer loop's body while the rest reaches the top level.
// CHECK-LABEL: func.func @hoist_tbuf_partly(
// CHECK-NEXT:    [[PIPE:%[0-9]+]] = ascendc.pipe
// CHECK-NEXT:    [[BUF:%[0-9]+]] = ascendc.tbuf : <veccalc>
// CHECK-NEXT:    ascendc.pipe.init_buffer [[PIPE]], [[BUF]], %arg2 : !ascendc.tbuf<veccalc>, i64
// CHECK-NEXT:    [[WHOLE:%[0-9]+]] = ascendc.tbuf.get_tensor [[BUF]] : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<64xf32>
// CHECK-NEXT:    scf.for %arg3 = %arg0 to %arg1 step %arg0 : i32 {
// CHECK-NEXT:      [[T:%[0-9]+]] = ascendc.tbuf.get_tensor [[BUF]], %arg3 : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<?xf32>, i32
// CHECK-NEXT:      scf.for %arg4 = %arg0 to %arg1 step %arg0 : i32 {
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @hoist_tbuf_partly(%c1: i32, %ub: i32, %len: i64) {
  %pipe = ascendc.pipe
  scf.for %i = %c1 to %ub step %c1 : i32 {
    scf.for %j = %c1 to %ub step %c1 : i32 {
      %buf = ascendc.tbuf : <veccalc>
      ascendc.pipe.init_buffer %pipe, %buf, %len : !ascendc.tbuf<veccalc>, i64
      %t = ascendc.tbuf.get_tensor %buf, %i : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<?xf32>, i32
      %whole = ascendc.tbuf.get_tensor %buf : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<64xf32>
    }
  }
  func.return
}

// An init_queue whose pipe is made in the loop stays there; its queue still moves.
// CHECK-LABEL: func.func @operands_in_the_loop(
// CHECK-NEXT:    [[Q:%[0-9]+]] = ascendc.queue : <vecin, 1>
// CHECK-NEXT:    scf.for %arg3 = %arg0 to %arg1 step %arg0 : i32 {
// CHECK-NEXT:      [[PIPE:%[0-9]+]] = ascendc.pipe
// CHECK-NEXT:      ascendc.pipe.init_queue [[PIPE]], [[Q]], %arg0, %arg2 : !ascendc.queue<vecin, 1>, i32, i64
// CHECK-NEXT:    }
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @operands_in_the_loop(%c1: i32, %ub: i32, %len: i64) {
  scf.for %i = %c1 to %ub step %c1 : i32 {
    %pipe = ascendc.pipe
    %q = ascendc.queue : <vecin, 1>
    ascendc.pipe.init_queue %pipe, %q, %c1, %len : !ascendc.queue<vecin, 1>, i32, i64
  }
  func.return
}

// Ops already at the top level do not move.
// CHECK-LABEL: func.func @top_level(
// CHECK-NEXT:    [[PIPE:%[0-9]+]] = ascendc.pipe
// CHECK-NEXT:    [[Q:%[0-9]+]] = ascendc.queue : <vecin, 1>
// CHECK-NEXT:    ascendc.pipe.init_queue [[PIPE]], [[Q]], %arg0, %arg1 : !ascendc.queue<vecin, 1>, i32, i64
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @top_level(%c1: i32, %len: i64) {
  %pipe = ascendc.pipe
  %q = ascendc.queue : <vecin, 1>
  ascendc.pipe.init_queue %pipe, %q, %c1, %len : !ascendc.queue<vecin, 1>, i32, i64
  func.return
}
