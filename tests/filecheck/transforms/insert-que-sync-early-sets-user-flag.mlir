// RUN: ascdsl-opt %s --insert-que-sync | filecheck %s

// A hand-written flag of the same event with a constant id stops the move: crossing the
// user's wait, the set would take id 0 (AllocEventID's lowest free) while the user's set of
// id 0 is still pending. The set goes right after that wait, still before the copy of y.
// CHECK-LABEL: func.func @user_flag(
// CHECK:         ascendc.set_flag mte2_v, %c0_i32 : i32
// CHECK-NEXT:    ascendc.data_copy_l2 %3, %arg1, %arg3
// CHECK-NEXT:    ascendc.wait_flag mte2_v, %c0_i32 : i32
// CHECK-NEXT:    %[[P4:.*]] = ascendc.pipe
// CHECK-NEXT:    %[[ID4:.*]] = ascendc.pipe.alloc_event_id %[[P4]], mte2_v : i8
// CHECK-NEXT:    ascendc.set_flag mte2_v, %[[ID4]] : i8
// CHECK-NEXT:    ascendc.data_copy_l2 %4, %arg2, %arg3
// CHECK-NEXT:    ascendc.wait_flag mte2_v, %[[ID4]] : i8
// CHECK-NEXT:    ascendc.pipe.release_event_id %[[P4]], %[[ID4]] {event = 4 : i32} : !ascendc.pipe, i8
// CHECK-NEXT:    ascendc.muls_l2 %5, %3, %cst, %arg3
func.func @user_flag(%pipe: !ascendc.pipe, %gx: !ascendc.global_tensor<*xf32>, %gy: !ascendc.global_tensor<*xf32>, %n: i32, %len: i64) {
  %c0 = arith.constant 0 : i32
  %bx = ascendc.tbuf : <veccalc>
  ascendc.pipe.init_buffer %pipe, %bx, %len : !ascendc.tbuf<veccalc>, i64
  %by = ascendc.tbuf : <veccalc>
  ascendc.pipe.init_buffer %pipe, %by, %len : !ascendc.tbuf<veccalc>, i64
  %bz = ascendc.tbuf : <veccalc>
  ascendc.pipe.init_buffer %pipe, %bz, %len : !ascendc.tbuf<veccalc>, i64
  %x = ascendc.tbuf.get_tensor %bx : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<64xf32>
  %y = ascendc.tbuf.get_tensor %by : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<64xf32>
  %z = ascendc.tbuf.get_tensor %bz : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<64xf32>
  %two = arith.constant 2.0 : f32
  ascendc.set_flag mte2_v, %c0 : i32
  ascendc.data_copy_l2 %x, %gx, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
  ascendc.wait_flag mte2_v, %c0 : i32
  ascendc.data_copy_l2 %y, %gy, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
  ascendc.muls_l2 %z, %x, %two, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, f32, i32
  func.return
}
