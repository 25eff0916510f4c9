// RUN: ascdsl-opt %s -p 'hoist-que-bind{order=pyasc}' | filecheck %s
// RUN: ascdsl-opt %s --ascendc-hoist-que-bind | filecheck %s
// RUN: ascdsl-opt %s -p hoist-que-bind | filecheck %s --check-prefix=PROGRAM
// pyasc's greedy driver leaves hoisted queues in its worklist's order: the last queue of a
// loop first, each init_queue right after its queue, a TBuf's init_buffer and get_tensor
// after it. pyasc's pass name keeps that order; ascdsl's keeps program order.

// CHECK-LABEL: func.func @two_levels
// CHECK:         [[P:%[0-9]+]] = ascendc.pipe
// CHECK-NEXT:    [[B:%[0-9]+]] = ascendc.tbuf : <veccalc>
// CHECK-NEXT:    ascendc.pipe.init_buffer [[P]], [[B]], %arg0 : !ascendc.tbuf<veccalc>, i32
// CHECK-NEXT:    [[T:%[0-9]+]] = ascendc.tbuf.get_tensor [[B]] : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<64xf32>
// CHECK-NEXT:    [[QO:%[0-9]+]] = ascendc.queue : <vecout, 1>
// CHECK-NEXT:    ascendc.pipe.init_queue [[P]], [[QO]], %arg0, %arg2 : !ascendc.queue<vecout, 1>, i32, i64
// CHECK-NEXT:    [[QI:%[0-9]+]] = ascendc.queue : <vecin, 1>
// CHECK-NEXT:    ascendc.pipe.init_queue [[P]], [[QI]], %arg0, %arg2 : !ascendc.queue<vecin, 1>, i32, i64
// CHECK-NEXT:    scf.for
// CHECK-NEXT:      scf.for
// CHECK-NEXT:        ascendc.que_bind.alloc_tensor [[QI]]
// PROGRAM-LABEL: func.func @two_levels
// PROGRAM:         [[P:%[0-9]+]] = ascendc.pipe
// PROGRAM-NEXT:    [[QI:%[0-9]+]] = ascendc.queue : <vecin, 1>
// PROGRAM-NEXT:    ascendc.pipe.init_queue [[P]], [[QI]]
// PROGRAM-NEXT:    [[QO:%[0-9]+]] = ascendc.queue : <vecout, 1>
// PROGRAM-NEXT:    ascendc.pipe.init_queue [[P]], [[QO]]
// PROGRAM-NEXT:    [[B:%[0-9]+]] = ascendc.tbuf : <veccalc>
// PROGRAM-NEXT:    ascendc.pipe.init_buffer [[P]], [[B]], %arg0
// PROGRAM-NEXT:    [[T:%[0-9]+]] = ascendc.tbuf.get_tensor [[B]]
// PROGRAM-NEXT:    scf.for
func.func @two_levels(%n : i32, %m : i32, %len : i64) {
  %p = ascendc.pipe
  scf.for %i = %n to %m step %n : i32 {
    scf.for %j = %n to %m step %n : i32 {
      %qi = ascendc.queue : <vecin, 1>
      ascendc.pipe.init_queue %p, %qi, %n, %len : !ascendc.queue<vecin, 1>, i32, i64
      %a = ascendc.que_bind.alloc_tensor %qi : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
      %qo = ascendc.queue : <vecout, 1>
      ascendc.pipe.init_queue %p, %qo, %n, %len : !ascendc.queue<vecout, 1>, i32, i64
      %b = ascendc.tbuf : <veccalc>
      ascendc.pipe.init_buffer %p, %b, %n : !ascendc.tbuf<veccalc>, i32
      %t = ascendc.tbuf.get_tensor %b : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<64xf32>
      ascendc.que_bind.free_tensor %qi, %a : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
    }
  }
  return
}

// An op whose operand is defined in the loop stays there in both orders.
// CHECK-LABEL: func.func @pinned
// CHECK:         [[Q:%[0-9]+]] = ascendc.queue : <vecin, 1>
// CHECK-NEXT:    scf.for %arg3 = %arg0 to %arg1 step %arg0 : i32 {
// CHECK-NEXT:      [[K:%[0-9]+]] = arith.addi %arg3, %arg0 : i32
// CHECK-NEXT:      ascendc.pipe.init_queue %0, [[Q]], [[K]], %arg2
func.func @pinned(%n : i32, %m : i32, %len : i64) {
  %p = ascendc.pipe
  scf.for %i = %n to %m step %n : i32 {
    %q = ascendc.queue : <vecin, 1>
    %k = arith.addi %i, %n : i32
    ascendc.pipe.init_queue %p, %q, %k, %len : !ascendc.queue<vecin, 1>, i32, i64
  }
  return
}
