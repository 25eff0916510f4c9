// RUN: ascdsl-opt %s -p erase-sync | filecheck %s
// RUN: ascdsl-opt %s -p erase-sync,erase-sync | filecheck %s

// One run of erase-sync reaches its fixed point: a second run erases nothing more. The
// final pipe_all goes with every pipe_all adjacent to it, and with one that flags or event
// ids stood behind (erased in the same run), not one per run.

// CHECK-LABEL: func.func @two_final_barriers(
// CHECK-NEXT:    ascendc.add_l2
// CHECK-NEXT:    return
func.func @two_final_barriers(%t: !ascendc.local_tensor<64xf32>, %n: i32) {
  ascendc.add_l2 %t, %t, %t, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
  ascendc.pipe_barrier pipe_all
  ascendc.pipe_barrier pipe_all
  func.return
}

// A barrier on one pipe before them is the user's and stays.
// CHECK-LABEL: func.func @pipe_v_then_two_final(
// CHECK-NEXT:    ascendc.pipe_barrier pipe_v
// CHECK-NEXT:    return
func.func @pipe_v_then_two_final() {
  ascendc.pipe_barrier pipe_v
  ascendc.pipe_barrier pipe_all
  ascendc.pipe_barrier pipe_all
  func.return
}

// The final pipe_all is behind a scalar flag group (its pipe and id erased with it).
// CHECK-LABEL: func.func @final_behind_flags(
// CHECK-NEXT:    ascendc.pipe_barrier pipe_mte3
// CHECK-NEXT:    return
func.func @final_behind_flags() {
  ascendc.pipe_barrier pipe_mte3
  ascendc.pipe_barrier pipe_all
  %p = ascendc.pipe
  %id = ascendc.pipe.fetch_event_id %p, v_s : i8
  ascendc.set_flag v_s, %id : i8
  ascendc.wait_flag v_s, %id : i8
  func.return
}

// An id taken and given back for the flags only goes with them, and so does the final
// pipe_all behind them; a pipe_all between ops stays.
// CHECK-LABEL: func.func @kept(
// CHECK-NEXT:    ascendc.pipe_barrier pipe_all
// CHECK-NEXT:    ascendc.add_l2
// CHECK-NEXT:    return
func.func @kept(%p: !ascendc.pipe, %t: !ascendc.local_tensor<64xf32>, %n: i32) {
  ascendc.pipe_barrier pipe_all
  ascendc.add_l2 %t, %t, %t, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
  %id = ascendc.pipe.alloc_event_id %p, mte3_mte2 : i32
  ascendc.set_flag mte3_mte2, %id : i32
  ascendc.wait_flag mte3_mte2, %id : i32
  ascendc.pipe.release_event_id %p, %id {event = 19 : i32} : !ascendc.pipe, i32
  ascendc.pipe_barrier pipe_all
  func.return
}
