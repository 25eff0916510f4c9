// RUN: ascdsl-opt %s -p 'hoist-que-bind{order=pyasc}' | filecheck %s
// RUN: ascdsl-opt %s --ascendc-hoist-que-bind | filecheck %s
// RUN: ascdsl-opt %s -p hoist-que-bind | filecheck %s --check-prefix=PROGRAM
// pyasc's greedy driver leaves hoisted queues in its worklist's order: the last queue of a
// loop first, each init_queue right after its queue, a TBuf's init_buffer and get_tensor
// after it. pyasc's pass name keeps that order; ascdsl's keeps program order.

// CHECK-LABEL: func.func @two_levels
// CHECK:         %p = ascendc.pipe
// CHECK-NEXT:    %b = ascendc.tbuf : <veccalc>
// CHECK-NEXT:    ascendc.pipe.init_buffer %p, %b, %n : !ascendc.tbuf<veccalc>, i32
// CHECK-NEXT:    %t = ascendc.tbuf.get_tensor %b : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<64xf32>
// CHECK-NEXT:    %qo = ascendc.queue : <vecout, 1>
// CHECK-NEXT:    ascendc.pipe.init_queue %p, %qo, %n, %len : !ascendc.queue<vecout, 1>, i32, i64
// CHECK-NEXT:    %qi = ascendc.queue : <vecin, 1>
// CHECK-NEXT:    ascendc.pipe.init_queue %p, %qi, %n, %len : !ascendc.queue<vecin, 1>, i32, i64
// CHECK-NEXT:    scf.for
// CHECK-NEXT:      scf.for
// CHECK-NEXT:        ascendc.que_bind.alloc_tensor %qi
// PROGRAM-LABEL: func.func @two_levels
// PROGRAM:         %p = ascendc.pipe
// PROGRAM-NEXT:    %qi = ascendc.queue : <vecin, 1>
// PROGRAM-NEXT:    ascendc.pipe.init_queue %p, %qi
// PROGRAM-NEXT:    %qo = ascendc.queue : <vecout, 1>
// PROGRAM-NEXT:    ascendc.pipe.init_queue %p, %qo
// PROGRAM-NEXT:    %b = ascendc.tbuf : <veccalc>
// PROGRAM-NEXT:    ascendc.pipe.init_buffer %p, %b, %n
// PROGRAM-NEXT:    %t = ascendc.tbuf.get_tensor %b
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
// CHECK:         %q = ascendc.queue : <vecin, 1>
// CHECK-NEXT:    scf.for %i = %n to %m step %n : i32 {
// CHECK-NEXT:      %k = arith.addi %i, %n : i32
// CHECK-NEXT:      ascendc.pipe.init_queue %p, %q, %k, %len
func.func @pinned(%n : i32, %m : i32, %len : i64) {
  %p = ascendc.pipe
  scf.for %i = %n to %m step %n : i32 {
    %q = ascendc.queue : <vecin, 1>
    %k = arith.addi %i, %n : i32
    ascendc.pipe.init_queue %p, %q, %k, %len : !ascendc.queue<vecin, 1>, i32, i64
  }
  return
}
