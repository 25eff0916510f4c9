// RUN: ascdsl-opt %s --cce-auto-sync | filecheck %s
// Idempotent: a second run recognizes its own syncs and adds nothing.
// RUN: ascdsl-opt %s --cce-auto-sync --cce-auto-sync | filecheck %s

// V -> V: relu writes %b, muls reads it (RAW) — bisheng's PIPE_V barrier. The last muls
// overwrites %x, which relu only read (WAR: vector ops read their sources in order), and
// %x's buffer (a TBuf) is not %b's (a queue): nothing.
// CHECK-LABEL: func.func @vector_chain(
// CHECK-SAME:    attributes {ascdsl.auto_sync_on}
// CHECK:         ascendc.relu_l2 %3, %2, %arg1
// CHECK-NEXT:    ascendc.pipe_barrier pipe_v {ascdsl.auto_sync}
// CHECK-NEXT:    ascendc.muls_l2 %3, %3, %cst, %arg1
// CHECK-NEXT:    ascendc.muls_l2 %2, %2, %cst, %arg1
// CHECK-NEXT:    return
func.func @vector_chain(%pipe: !ascendc.pipe, %n: i32, %len: i64) {
  %q = ascendc.queue : <vecout, 1>
  ascendc.pipe.init_queue %pipe, %q, %n, %len : !ascendc.queue<vecout, 1>, i32, i64
  %a = ascendc.tbuf : <veccalc>
  ascendc.pipe.init_buffer %pipe, %a, %len : !ascendc.tbuf<veccalc>, i64
  %x = ascendc.tbuf.get_tensor %a : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<64xf32>
  %b = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<64xf32>
  %two = arith.constant 2.0 : f32
  ascendc.relu_l2 %b, %x, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
  ascendc.muls_l2 %b, %b, %two, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, f32, i32
  ascendc.muls_l2 %x, %x, %two, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, f32, i32
  func.return
}

// A barrier the kernel already has (or a pipe_all) orders the pair: nothing added.
// CHECK-LABEL: func.func @existing_barrier(
// CHECK:         ascendc.relu_l2 %1, %1, %arg1
// CHECK-NEXT:    ascendc.pipe_barrier pipe_v{{$}}
// CHECK-NEXT:    ascendc.muls_l2 %1, %1, %cst, %arg1
// CHECK-NEXT:    ascendc.pipe_barrier pipe_all{{$}}
// CHECK-NEXT:    ascendc.relu_l2 %1, %1, %arg1
// CHECK-NEXT:    return
func.func @existing_barrier(%pipe: !ascendc.pipe, %n: i32, %len: i64) {
  %a = ascendc.tbuf : <veccalc>
  ascendc.pipe.init_buffer %pipe, %a, %len : !ascendc.tbuf<veccalc>, i64
  %b = ascendc.tbuf.get_tensor %a : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<64xf32>
  %two = arith.constant 2.0 : f32
  ascendc.relu_l2 %b, %b, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
  ascendc.pipe_barrier pipe_v
  ascendc.muls_l2 %b, %b, %two, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, f32, i32
  ascendc.pipe_barrier pipe_all
  ascendc.relu_l2 %b, %b, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
  func.return
}

// Views share their buffer's root: a write through a subindex view, then a read of the
// whole tensor, is a RAW on one buffer.
// CHECK-LABEL: func.func @views(
// CHECK:         ascendc.relu_l2 %2, %2, %arg1
// CHECK-NEXT:    ascendc.pipe_barrier pipe_v {ascdsl.auto_sync}
// CHECK-NEXT:    ascendc.muls_l2 %1, %1, %cst, %arg1
func.func @views(%pipe: !ascendc.pipe, %n: i32, %len: i64, %i: index) {
  %a = ascendc.tbuf : <veccalc>
  ascendc.pipe.init_buffer %pipe, %a, %len : !ascendc.tbuf<veccalc>, i64
  %b = ascendc.tbuf.get_tensor %a : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<64xf32>
  %v = ascendc.local_tensor.subindex %b[%i] : !ascendc.local_tensor<64xf32>, index, !ascendc.local_tensor<64xf32>
  %two = arith.constant 2.0 : f32
  ascendc.relu_l2 %v, %v, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
  ascendc.muls_l2 %b, %b, %two, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, f32, i32
  func.return
}

// S <-> V, MTE2, MTE3 in both directions: copy-in then GetValue (MTE2 -> S), a vector op
// after a SetValue (S -> V), GetValue after a vector write (V -> S), a copy-out after a
// SetValue (S -> MTE3), a GM GetValue after the copy-out (MTE3 -> S), a copy-in of GM after
// a GM SetValue (S -> MTE2). The set/wait pairs use event id 0, set and waited at once.
// CHECK-LABEL: func.func @scalar_pairs(
// CHECK:         ascendc.data_copy_l2 %1, %arg1, %arg2
// CHECK-NEXT:    %{{.*}} = arith.constant {ascdsl.auto_sync} 0 : i32
// CHECK-NEXT:    ascendc.set_flag mte2_s, %[[E0:.*]] {ascdsl.auto_sync} : i32
// CHECK-NEXT:    ascendc.wait_flag mte2_s, %[[E0]] {ascdsl.auto_sync} : i32
// CHECK-NEXT:    [[S:%[0-9]+]] = ascendc.local_tensor.get_value %1, %arg2
// CHECK-NEXT:    ascendc.local_tensor.set_value %1, %arg2, [[S]]
// CHECK-NEXT:    %{{.*}} = arith.constant {ascdsl.auto_sync} 0 : i32
// CHECK-NEXT:    ascendc.set_flag s_v, %[[E1:.*]] {ascdsl.auto_sync} : i32
// CHECK-NEXT:    ascendc.wait_flag s_v, %[[E1]] {ascdsl.auto_sync} : i32
// CHECK-NEXT:    ascendc.relu_l2 %1, %1, %arg2
// CHECK-NEXT:    %{{.*}} = arith.constant {ascdsl.auto_sync} 0 : i32
// CHECK-NEXT:    ascendc.set_flag v_s, %[[E2:.*]] {ascdsl.auto_sync} : i32
// CHECK-NEXT:    ascendc.wait_flag v_s, %[[E2]] {ascdsl.auto_sync} : i32
// CHECK-NEXT:    ascendc.local_tensor.set_value %1, %arg2, [[S]]
// CHECK-NEXT:    %{{.*}} = arith.constant {ascdsl.auto_sync} 0 : i32
// CHECK-NEXT:    ascendc.set_flag s_mte3, %[[E3:.*]] {ascdsl.auto_sync} : i32
// CHECK-NEXT:    ascendc.wait_flag s_mte3, %[[E3]] {ascdsl.auto_sync} : i32
// CHECK-NEXT:    ascendc.data_copy_l2 %arg1, %1, %arg2
// CHECK-NEXT:    %{{.*}} = arith.constant {ascdsl.auto_sync} 0 : i32
// CHECK-NEXT:    ascendc.set_flag mte3_s, %[[E4:.*]] {ascdsl.auto_sync} : i32
// CHECK-NEXT:    ascendc.wait_flag mte3_s, %[[E4]] {ascdsl.auto_sync} : i32
// CHECK-NEXT:    [[T:%[0-9]+]] = ascendc.global_tensor.get_value %arg1, %arg2
// CHECK-NEXT:    ascendc.global_tensor.set_value %arg1, %arg2, [[T]]
// CHECK-NEXT:    %{{.*}} = arith.constant {ascdsl.auto_sync} 0 : i32
// CHECK-NEXT:    ascendc.set_flag s_mte2, %[[E5:.*]] {ascdsl.auto_sync} : i32
// CHECK-NEXT:    ascendc.wait_flag s_mte2, %[[E5]] {ascdsl.auto_sync} : i32
// CHECK-NEXT:    ascendc.data_copy_l2 %1, %arg1, %arg2
// CHECK-NEXT:    return
func.func @scalar_pairs(%pipe: !ascendc.pipe, %g: !ascendc.global_tensor<*xf32>, %n: i32, %len: i64) {
  %a = ascendc.tbuf : <vecin>
  ascendc.pipe.init_buffer %pipe, %a, %len : !ascendc.tbuf<vecin>, i64
  %x = ascendc.tbuf.get_tensor %a : !ascendc.tbuf<vecin>, !ascendc.local_tensor<64xf32>
  ascendc.data_copy_l2 %x, %g, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
  %s = ascendc.local_tensor.get_value %x, %n : !ascendc.local_tensor<64xf32>, i32, f32
  ascendc.local_tensor.set_value %x, %n, %s : !ascendc.local_tensor<64xf32>, i32, f32
  ascendc.relu_l2 %x, %x, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
  ascendc.local_tensor.set_value %x, %n, %s : !ascendc.local_tensor<64xf32>, i32, f32
  ascendc.data_copy_l2 %g, %x, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<64xf32>, i32
  %t = ascendc.global_tensor.get_value %g, %n : !ascendc.global_tensor<*xf32>, i32, f32
  ascendc.global_tensor.set_value %g, %n, %t : !ascendc.global_tensor<*xf32>, i32, f32
  ascendc.data_copy_l2 %x, %g, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
  func.return
}

// What bisheng never touches: cross-pipe pairs among V, MTE2 and MTE3 (the TQue framework's
// or the author's), overlapping copies on one DMA pipe (MTE2 -> MTE2), and the cube core
// (a copy into L1, then an L1 -> L0A load).
// CHECK-LABEL: func.func @untouched(
// CHECK-NEXT:    [[A:%[0-9]+]] = ascendc.tbuf : <vecin>
// CHECK-NEXT:    ascendc.pipe.init_buffer
// CHECK-NEXT:    [[X:%[0-9]+]] = ascendc.tbuf.get_tensor
// CHECK-NEXT:    ascendc.data_copy_l2 [[X]], %arg1, %arg2
// CHECK-NEXT:    ascendc.data_copy_l2 [[X]], %arg1, %arg2
// CHECK-NEXT:    ascendc.relu_l2 [[X]], [[X]], %arg2
// CHECK-NEXT:    ascendc.data_copy_l2 %arg1, [[X]], %arg2
// CHECK-NEXT:    [[L1:%[0-9]+]] = ascendc.tbuf : <a1>
// CHECK-NEXT:    ascendc.pipe.init_buffer
// CHECK-NEXT:    [[Y:%[0-9]+]] = ascendc.tbuf.get_tensor
// CHECK-NEXT:    ascendc.data_copy_l2 [[Y]], %arg1, %arg2
// CHECK-NEXT:    [[U:%[0-9]+]] = ascendc.local_tensor.get_value [[Y]], %arg2
// CHECK-NEXT:    return
func.func @untouched(%pipe: !ascendc.pipe, %g: !ascendc.global_tensor<*xf32>, %n: i32, %len: i64) {
  %a = ascendc.tbuf : <vecin>
  ascendc.pipe.init_buffer %pipe, %a, %len : !ascendc.tbuf<vecin>, i64
  %x = ascendc.tbuf.get_tensor %a : !ascendc.tbuf<vecin>, !ascendc.local_tensor<64xf32>
  ascendc.data_copy_l2 %x, %g, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
  ascendc.data_copy_l2 %x, %g, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
  ascendc.relu_l2 %x, %x, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
  ascendc.data_copy_l2 %g, %x, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<64xf32>, i32
  %l1 = ascendc.tbuf : <a1>
  ascendc.pipe.init_buffer %pipe, %l1, %len : !ascendc.tbuf<a1>, i64
  %y = ascendc.tbuf.get_tensor %l1 : !ascendc.tbuf<a1>, !ascendc.local_tensor<64xf32>
  ascendc.data_copy_l2 %y, %g, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
  %u = ascendc.local_tensor.get_value %y, %n : !ascendc.local_tensor<64xf32>, i32, f32
  func.return
}

// Loops: the back edge counts. The muls at the end of an iteration writes %b and the relu at
// the start of the next reads it, so the barrier goes before the relu, inside the body; the
// muls right after the relu needs its own.
// CHECK-LABEL: func.func @loop_back_edge(
// CHECK:         scf.for
// CHECK-NEXT:      ascendc.pipe_barrier pipe_v {ascdsl.auto_sync}
// CHECK-NEXT:      ascendc.relu_l2 %1, %1, %arg1
// CHECK-NEXT:      ascendc.pipe_barrier pipe_v {ascdsl.auto_sync}
// CHECK-NEXT:      ascendc.muls_l2 %1, %1, %cst, %arg1
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @loop_back_edge(%pipe: !ascendc.pipe, %n: i32, %len: i64, %lo: index, %hi: index, %st: index) {
  %a = ascendc.tbuf : <veccalc>
  ascendc.pipe.init_buffer %pipe, %a, %len : !ascendc.tbuf<veccalc>, i64
  %b = ascendc.tbuf.get_tensor %a : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<64xf32>
  %two = arith.constant 2.0 : f32
  scf.for %i = %lo to %hi step %st {
    ascendc.relu_l2 %b, %b, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
    ascendc.muls_l2 %b, %b, %two, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, f32, i32
  }
  func.return
}

// Branches: a write in either branch of an scf.if reaches the op after it.
// CHECK-LABEL: func.func @branches(
// CHECK:         scf.if %arg3 {
// CHECK-NEXT:      ascendc.relu_l2 %1, %3, %arg1
// CHECK-NEXT:    }
// CHECK-NEXT:    ascendc.pipe_barrier pipe_v {ascdsl.auto_sync}
// CHECK-NEXT:    ascendc.muls_l2 %3, %1, %cst, %arg1
func.func @branches(%pipe: !ascendc.pipe, %n: i32, %len: i64, %c: i1) {
  %a = ascendc.tbuf : <veccalc>
  ascendc.pipe.init_buffer %pipe, %a, %len : !ascendc.tbuf<veccalc>, i64
  %b = ascendc.tbuf.get_tensor %a : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<64xf32>
  %q = ascendc.queue : <vecout, 1>
  ascendc.pipe.init_queue %pipe, %q, %n, %len : !ascendc.queue<vecout, 1>, i32, i64
  %x = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<64xf32>
  %two = arith.constant 2.0 : f32
  scf.if %c {
    ascendc.relu_l2 %b, %x, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
  }
  ascendc.muls_l2 %x, %b, %two, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, f32, i32
  func.return
}

// A tensor of unknown origin (a block argument) may be any local buffer.
// CHECK-LABEL: func.func @unknown_origin(
// CHECK:         ascendc.relu_l2 %1, %1, %arg2
// CHECK-NEXT:    ascendc.pipe_barrier pipe_v {ascdsl.auto_sync}
// CHECK-NEXT:    ascendc.muls_l2 %arg1, %arg1, %cst, %arg2
func.func @unknown_origin(%pipe: !ascendc.pipe, %t: !ascendc.local_tensor<64xf32>, %n: i32, %len: i64) {
  %a = ascendc.tbuf : <veccalc>
  ascendc.pipe.init_buffer %pipe, %a, %len : !ascendc.tbuf<veccalc>, i64
  %b = ascendc.tbuf.get_tensor %a : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<64xf32>
  %two = arith.constant 2.0 : f32
  ascendc.relu_l2 %b, %b, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
  ascendc.muls_l2 %t, %t, %two, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, f32, i32
  func.return
}

// scf.while: the body's write reaches the condition region's next run (the back edge goes
// from the `do` region to the condition region).
// CHECK-LABEL: func.func @while_back_edge(
// CHECK:         scf.while
// CHECK-NEXT:      ascendc.pipe_barrier pipe_v {ascdsl.auto_sync}
// CHECK-NEXT:      ascendc.relu_l2 %1, %1, %arg1
// CHECK:         } do {
// CHECK-NEXT:    ^{{.*}}(%{{.*}}: i32):
// CHECK-NEXT:      ascendc.pipe_barrier pipe_v {ascdsl.auto_sync}
// CHECK-NEXT:      ascendc.muls_l2 %1, %1, %cst, %arg1
func.func @while_back_edge(%pipe: !ascendc.pipe, %n: i32, %len: i64) {
  %a = ascendc.tbuf : <veccalc>
  ascendc.pipe.init_buffer %pipe, %a, %len : !ascendc.tbuf<veccalc>, i64
  %b = ascendc.tbuf.get_tensor %a : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<64xf32>
  %two = arith.constant 2.0 : f32
  %c0 = arith.constant 0 : i32
  %r = scf.while (%arg = %c0) : (i32) -> i32 {
    ascendc.relu_l2 %b, %b, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
    %cond = arith.cmpi slt, %arg, %n : i32
    scf.condition(%cond) %arg : i32
  } do {
  ^bb0(%arg2: i32):
    ascendc.muls_l2 %b, %b, %two, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, f32, i32
    scf.yield %arg2 : i32
  }
  func.return
}

// A scalar loop over what a copy brought in: the MTE2 -> S flag goes before the loop (once),
// not into its body (once per element); the copy-out after the loop waits for the scalar
// writes (S -> MTE3).
// CHECK-LABEL: func.func @scalar_loop(
// CHECK:         ascendc.data_copy_l2 %1, %arg1, %arg2
// CHECK-NEXT:    %{{.*}} = arith.constant {ascdsl.auto_sync} 0 : i32
// CHECK-NEXT:    ascendc.set_flag mte2_s
// CHECK-NEXT:    ascendc.wait_flag mte2_s
// CHECK-NEXT:    scf.for %arg7 = %arg4 to %arg5 step %arg6 {
// CHECK-NEXT:      [[V:%[0-9]+]] = ascendc.local_tensor.get_value %1, %arg7
// CHECK-NEXT:      ascendc.local_tensor.set_value %3, %arg7, [[V]]
// CHECK-NEXT:    }
// CHECK-NEXT:    %{{.*}} = arith.constant {ascdsl.auto_sync} 0 : i32
// CHECK-NEXT:    ascendc.set_flag s_mte3
// CHECK-NEXT:    ascendc.wait_flag s_mte3
// CHECK-NEXT:    ascendc.data_copy_l2 %arg1, %3, %arg2
func.func @scalar_loop(%pipe: !ascendc.pipe, %g: !ascendc.global_tensor<*xf32>, %n: i32, %len: i64, %lo: index, %hi: index, %st: index) {
  %a = ascendc.tbuf : <vecin>
  ascendc.pipe.init_buffer %pipe, %a, %len : !ascendc.tbuf<vecin>, i64
  %x = ascendc.tbuf.get_tensor %a : !ascendc.tbuf<vecin>, !ascendc.local_tensor<64xf32>
  %b = ascendc.tbuf : <vecout>
  ascendc.pipe.init_buffer %pipe, %b, %len : !ascendc.tbuf<vecout>, i64
  %y = ascendc.tbuf.get_tensor %b : !ascendc.tbuf<vecout>, !ascendc.local_tensor<64xf32>
  ascendc.data_copy_l2 %x, %g, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
  scf.for %i = %lo to %hi step %st {
    %v = ascendc.local_tensor.get_value %x, %i : !ascendc.local_tensor<64xf32>, index, f32
    ascendc.local_tensor.set_value %y, %i, %v : !ascendc.local_tensor<64xf32>, index, f32
  }
  ascendc.data_copy_l2 %g, %y, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<64xf32>, i32
  func.return
}

// Knowledge passes along hand-overs: after S -> V (the flag insert-que-sync puts after a
// SetValue) and V -> MTE3 (the queue's EnQue/DeQue), MTE3 knows the scalar write, so the
// copy-out needs no S -> MTE3 flag of its own.
// CHECK-LABEL: func.func @transitive(
// CHECK:         ascendc.local_tensor.set_value %1, %arg2, %arg4
// CHECK-NEXT:    ascendc.set_flag s_v, %arg5
// CHECK-NEXT:    ascendc.wait_flag s_v, %arg5
// CHECK-NEXT:    ascendc.relu_l2 %1, %1, %arg2
// CHECK-NEXT:    ascendc.que_bind.enque_tensor %0, %1
// CHECK-NEXT:    [[Y2:%[0-9]+]] = ascendc.que_bind.deque_tensor %0
// CHECK-NEXT:    ascendc.data_copy_l2 %arg1, [[Y2]], %arg2
// CHECK-NEXT:    return
func.func @transitive(%pipe: !ascendc.pipe, %g: !ascendc.global_tensor<*xf32>, %n: i32, %len: i64, %s: f32, %id: i32) {
  %q = ascendc.queue : <vecout, 1>
  ascendc.pipe.init_queue %pipe, %q, %n, %len : !ascendc.queue<vecout, 1>, i32, i64
  %y = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<64xf32>
  ascendc.local_tensor.set_value %y, %n, %s : !ascendc.local_tensor<64xf32>, i32, f32
  ascendc.set_flag s_v, %id : i32
  ascendc.wait_flag s_v, %id : i32
  ascendc.relu_l2 %y, %y, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
  ascendc.que_bind.enque_tensor %q, %y : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<64xf32>
  %y2 = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<64xf32>
  ascendc.data_copy_l2 %g, %y2, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<64xf32>, i32
  func.return
}

// ... but not what happened after the set: the second SetValue comes after the S -> V set,
// so the copy-out still needs its S -> MTE3 flag.
// CHECK-LABEL: func.func @after_the_set(
// CHECK:         ascendc.que_bind.enque_tensor %0, %1
// CHECK-NEXT:    [[Y2:%[0-9]+]] = ascendc.que_bind.deque_tensor %0
// CHECK-NEXT:    %{{.*}} = arith.constant {ascdsl.auto_sync} 0 : i32
// CHECK-NEXT:    ascendc.set_flag s_mte3
// CHECK-NEXT:    ascendc.wait_flag s_mte3
// CHECK-NEXT:    ascendc.data_copy_l2 %arg1, [[Y2]], %arg2
func.func @after_the_set(%pipe: !ascendc.pipe, %g: !ascendc.global_tensor<*xf32>, %n: i32, %len: i64, %s: f32, %id: i32) {
  %q = ascendc.queue : <vecout, 1>
  ascendc.pipe.init_queue %pipe, %q, %n, %len : !ascendc.queue<vecout, 1>, i32, i64
  %y = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<64xf32>
  ascendc.set_flag s_v, %id : i32
  ascendc.local_tensor.set_value %y, %n, %s : !ascendc.local_tensor<64xf32>, i32, f32
  ascendc.wait_flag s_v, %id : i32
  ascendc.que_bind.enque_tensor %q, %y : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<64xf32>
  %y2 = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<64xf32>
  ascendc.data_copy_l2 %g, %y2, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<64xf32>, i32
  func.return
}
