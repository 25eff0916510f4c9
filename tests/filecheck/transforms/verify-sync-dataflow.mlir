// RUN: ascdsl-opt %s --split-input-file --verify-sync --verify-diagnostics
// RUN: ascdsl-opt %s --split-input-file --insert-que-sync --verify-sync 2>&1 >/dev/null | filecheck %s --check-prefix=FIXED --allow-empty
// verify-sync warns where the simulator's sanitizer would report a race, once per missing
// dependence; after insert-que-sync it has nothing to say.
// FIXED-NOT: unsynchronized

// Copy-through a queue-less buffer: MTE3 reads what MTE2 wrote.
func.func @copy_through(%g: !ascendc.global_tensor<*xf32>, %o: !ascendc.global_tensor<*xf32>, %n: i32) {
  %p = ascendc.pipe
  %b = ascendc.tbuf : <veccalc>
  %t = ascendc.tbuf.get_tensor %b : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<64xf32>
  // expected-note@below {{the earlier access ('ascendc.data_copy_l2' on PIPE_MTE2)}}
  ascendc.data_copy_l2 %t, %g, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
  // expected-warning@below {{unsynchronized MTE2 -> MTE3 dependence: 'ascendc.data_copy_l2' on PIPE_MTE3 accesses a buffer that PIPE_MTE2 may still be accessing; order them with set_flag/wait_flag mte2_mte3}}
  ascendc.data_copy_l2 %o, %t, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<64xf32>, i32
  func.return
}

// -----

// In place after a copy-in: MTE2 -> V; a queue tensor read without its DeQue gets no event.
func.func @in_place(%g: !ascendc.global_tensor<*xf32>, %n: i32, %s: f32) {
  %q = ascendc.queue : <vecin, 1>
  %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
  // expected-note@below {{the earlier access ('ascendc.data_copy_l2' on PIPE_MTE2)}}
  ascendc.data_copy_l2 %t, %g, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
  // expected-warning@below {{unsynchronized MTE2 -> V dependence}}
  ascendc.muls_l2 %t, %t, %s, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, f32, i32
  ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
  func.return
}

// -----

// V -> V: the second op reads the first one's result.
func.func @vector_chain(%a: !ascendc.local_tensor<64xf32>, %n: i32, %s: f32) {
  %b = ascendc.tbuf : <veccalc>
  %t = ascendc.tbuf.get_tensor %b : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<64xf32>
  // expected-note@below {{the earlier access ('ascendc.relu_l2' on PIPE_V)}}
  ascendc.relu_l2 %t, %a, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
  // expected-warning@below {{unsynchronized V -> V dependence: this vector op uses an earlier vector op's result with no pipe_barrier(PIPE_V) between them (bisheng's --cce-auto-sync inserts it when on)}}
  ascendc.muls_l2 %t, %t, %s, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, f32, i32
  func.return
}

// -----

// Scalar access: GetValue of what MTE2 wrote, then MTE3 copies out what SetValue wrote.
func.func @scalar(%g: !ascendc.global_tensor<*xf32>, %o: !ascendc.global_tensor<*xf32>, %n: i32, %i: index) {
  %b = ascendc.tbuf : <veccalc>
  %t = ascendc.tbuf.get_tensor %b : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<64xf32>
  // expected-note@below {{the earlier access ('ascendc.data_copy_l2' on PIPE_MTE2)}}
  ascendc.data_copy_l2 %t, %g, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
  // expected-warning@below {{unsynchronized MTE2 -> S dependence}}
  %v = ascendc.local_tensor.get_value %t, %i : !ascendc.local_tensor<64xf32>, index, f32
  // expected-note@below {{the earlier access ('ascendc.local_tensor.set_value' on PIPE_S)}}
  ascendc.local_tensor.set_value %t, %i, %v : !ascendc.local_tensor<64xf32>, index, f32
  // expected-warning@below {{unsynchronized S -> MTE3 dependence}}
  ascendc.data_copy_l2 %o, %t, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<64xf32>, i32
  func.return
}

// -----

// Over a back edge: the next iteration's copy-in overwrites what this iteration's add read.
func.func @back_edge(%g: !ascendc.global_tensor<*xf32>, %out: !ascendc.local_tensor<64xf32>, %n: i32, %lb: index, %ub: index, %st: index) {
  %b = ascendc.tbuf : <veccalc>
  %t = ascendc.tbuf.get_tensor %b : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<64xf32>
  scf.for %i = %lb to %ub step %st {
    // expected-warning@below {{unsynchronized V -> MTE2 dependence}}
    ascendc.data_copy_l2 %t, %g, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
    %c = arith.constant 0 : index
    ascendc.set_flag mte2_v, %c : index
    ascendc.wait_flag mte2_v, %c : index
    // expected-note@below {{the earlier access ('ascendc.add_l2' on PIPE_V)}}
    ascendc.add_l2 %out, %t, %t, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
    ascendc.pipe_barrier pipe_v
  }
  func.return
}
