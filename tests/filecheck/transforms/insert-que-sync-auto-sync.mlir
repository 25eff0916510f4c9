// RUN: ascdsl-opt %s --insert-que-sync | filecheck %s --check-prefix=OFF
// RUN: ascdsl-opt %s -p "insert-que-sync{auto_sync=true}" | filecheck %s --check-prefix=ON
// RUN: ascdsl-opt %s -p "insert-que-sync{auto_sync=true},cce-auto-sync" | filecheck %s --check-prefix=BOTH
// RUN: ascdsl-opt %s -p "insert-que-sync{auto_sync=true}" | ascdsl-opt -p "erase-sync,insert-que-sync{auto_sync=true}" | filecheck %s --check-prefix=ON

// The S-pair rule. A copy-in, a vector op and a SetValue on one TBuf, then a copy-out.
// With auto_sync off (a toolchain run with --cce-auto-sync=off) insert-que-sync orders all
// of it: MTE2 -> V, V -> S (S then knows the copy too), S -> MTE3.
// OFF-LABEL: func.func @scalar_between(
// OFF:         ascendc.set_flag mte2_v
// OFF:         ascendc.muls_l2
// OFF:         ascendc.set_flag v_s
// OFF-NEXT:    ascendc.wait_flag v_s
// OFF-NEXT:    ascendc.local_tensor.set_value
// OFF:         ascendc.set_flag s_mte3
// OFF-NEXT:    ascendc.wait_flag s_mte3
// OFF-NEXT:    ascendc.data_copy_l2 %arg2, %1, %arg3
// OFF-NOT:     ascendc.set_flag

// With auto_sync (cce-auto-sync runs next, bisheng's --cce-auto-sync on hardware) the pairs
// to and from the scalar pipe are bisheng's: insert-que-sync keeps the MTE2 -> V pair only,
// which bisheng never places (the cross-pipe pairs among V, MTE2 and MTE3 are the TQue
// framework's or the author's).
// ON-LABEL: func.func @scalar_between(
// ON:         ascendc.data_copy_l2 %1, %arg1, %arg3
// ON-NEXT:    %[[P:.*]] = ascendc.pipe
// ON-NEXT:    %[[ID:.*]] = ascendc.pipe.fetch_event_id %[[P]], mte2_v : i8
// ON-NEXT:    ascendc.set_flag mte2_v, %[[ID]] : i8
// ON-NEXT:    ascendc.wait_flag mte2_v, %[[ID]] : i8
// ON-NEXT:    ascendc.muls_l2 %1, %1, %cst, %arg3
// ON-NEXT:    ascendc.local_tensor.set_value %1, %c3_i32, %cst
// ON-NEXT:    ascendc.data_copy_l2 %arg2, %1, %arg3
// ON-NEXT:    ascendc.pipe_barrier pipe_all

// cce-auto-sync then adds them, marked as bisheng's (the printer leaves them to bisheng):
// its V -> S teaches S the copy-in too (V waited for it), so no MTE2 -> S besides.
// BOTH-LABEL: func.func @scalar_between(
// BOTH:         ascendc.wait_flag mte2_v
// BOTH-NEXT:    ascendc.muls_l2 %1, %1, %cst, %arg3
// BOTH-NEXT:    %{{.*}} = arith.constant {ascdsl.auto_sync} 0 : i32
// BOTH-NEXT:    ascendc.set_flag v_s, %{{.*}} {ascdsl.auto_sync} : i32
// BOTH-NEXT:    ascendc.wait_flag v_s, %{{.*}} {ascdsl.auto_sync} : i32
// BOTH-NEXT:    ascendc.local_tensor.set_value %1, %c3_i32, %cst
// BOTH:         ascendc.set_flag s_mte3, %{{.*}} {ascdsl.auto_sync} : i32
// BOTH-NEXT:    ascendc.wait_flag s_mte3, %{{.*}} {ascdsl.auto_sync} : i32
// BOTH-NEXT:    ascendc.data_copy_l2 %arg2, %1, %arg3
func.func @scalar_between(%pipe: !ascendc.pipe, %gx: !ascendc.global_tensor<*xf32>, %gz: !ascendc.global_tensor<*xf32>, %n: i32, %len: i64) {
  %bx = ascendc.tbuf : <veccalc>
  ascendc.pipe.init_buffer %pipe, %bx, %len : !ascendc.tbuf<veccalc>, i64
  %x = ascendc.tbuf.get_tensor %bx : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<64xf32>
  %two = arith.constant 2.0 : f32
  %i = arith.constant 3 : i32
  ascendc.data_copy_l2 %x, %gx, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
  ascendc.muls_l2 %x, %x, %two, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, f32, i32
  ascendc.local_tensor.set_value %x, %i, %two : !ascendc.local_tensor<64xf32>, i32, f32
  ascendc.data_copy_l2 %gz, %x, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<64xf32>, i32
  func.return
}
