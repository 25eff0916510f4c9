// RUN: ascdsl-opt %s --insert-que-sync | filecheck %s
// RUN: ascdsl-opt %s -p "insert-que-sync{early_sets=false}" | filecheck %s --check-prefix=ADJ
// RUN: ascdsl-opt %s --insert-que-sync | ascdsl-opt -p erase-sync,insert-que-sync | filecheck %s
// RUN: ascdsl-opt %s --insert-que-sync | ascdsl-opt --erase-sync | filecheck %s --check-prefix=ERASED

// Each set_flag goes right after its producer, not just before its wait: the copy of B no
// longer holds up the LoadData of A (examples/05_mmad sets its flags the same way). A moved
// set takes its id with alloc_event_id until the release after the wait (FetchEventID only
// peeks at the lowest free id, which the second MTE2_MTE1 set would take again). What the
// move leaves unordered (the LoadData of B on the copy of B) gets its own pair, whose set
// already sits after its producer. erase-sync takes everything out again, ids included.
// CHECK-LABEL: func.func @cube_stage(
// CHECK:         ascendc.data_copy_nd2nz %3, %arg0, %7
// CHECK-NEXT:    %[[P0:.*]] = ascendc.pipe
// CHECK-NEXT:    %[[ID0:.*]] = ascendc.pipe.alloc_event_id %[[P0]], mte2_mte1 : i8
// CHECK-NEXT:    ascendc.set_flag mte2_mte1, %[[ID0]] : i8
// CHECK-NEXT:    ascendc.data_copy_nd2nz %4, %arg1, %7
// CHECK-NEXT:    ascendc.wait_flag mte2_mte1, %[[ID0]] : i8
// CHECK-NEXT:    ascendc.pipe.release_event_id %[[P0]], %[[ID0]] {event = 0 : i32} : !ascendc.pipe, i8
// CHECK-NEXT:    ascendc.load_data_l0 %5, %3, %8
// CHECK-NEXT:    %[[P1:.*]] = ascendc.pipe
// CHECK-NEXT:    %[[ID1:.*]] = ascendc.pipe.fetch_event_id %[[P1]], mte2_mte1 : i8
// CHECK-NEXT:    ascendc.set_flag mte2_mte1, %[[ID1]] : i8
// CHECK-NEXT:    ascendc.wait_flag mte2_mte1, %[[ID1]] : i8
// CHECK-NEXT:    ascendc.load_data_l0 %6, %4, %8
// CHECK-NEXT:    ascendc.pipe_barrier pipe_all

// early_sets=false: one pair, set just before its wait, ordering both LoadDatas.
// ADJ-LABEL: func.func @cube_stage(
// ADJ:         ascendc.data_copy_nd2nz %4, %arg1, %7
// ADJ-NEXT:    %[[P:.*]] = ascendc.pipe
// ADJ-NEXT:    %[[ID:.*]] = ascendc.pipe.fetch_event_id %[[P]], mte2_mte1 : i8
// ADJ-NEXT:    ascendc.set_flag mte2_mte1, %[[ID]] : i8
// ADJ-NEXT:    ascendc.wait_flag mte2_mte1, %[[ID]] : i8
// ADJ-NEXT:    ascendc.load_data_l0 %5, %3, %8
// ADJ-NEXT:    ascendc.load_data_l0 %6, %4, %8
// ADJ-NEXT:    ascendc.pipe_barrier pipe_all

// ERASED-LABEL: func.func @cube_stage(
// ERASED:         ascendc.data_copy_nd2nz %3, %arg0, %7
// ERASED-NEXT:    ascendc.data_copy_nd2nz %4, %arg1, %7
// ERASED-NEXT:    ascendc.load_data_l0 %5, %3, %8
// ERASED-NEXT:    ascendc.load_data_l0 %6, %4, %8
// ERASED-NEXT:    return
func.func @cube_stage(%ga: !ascendc.global_tensor<*xf16>, %gb: !ascendc.global_tensor<*xf16>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c8 = arith.constant 8 : i32
  %c64 = arith.constant 64 : i32
  %c128 = arith.constant 128 : i32
  %c512 = arith.constant 512 : i32
  %c16384 = arith.constant 16384 : i32
  %c8192 = arith.constant 8192 : i32
  %zero = builtin.unrealized_conversion_cast %c0 : i32 to ui32
  %half = builtin.unrealized_conversion_cast %c16384 : i32 to ui32
  %size = builtin.unrealized_conversion_cast %c8192 : i32 to ui32
  %a1 = ascendc.local_tensor_v2 a1, %zero, %size : !ascendc.local_tensor<8192xf16>
  %b1 = ascendc.local_tensor_v2 a1, %half, %size : !ascendc.local_tensor<8192xf16>
  %a2 = ascendc.local_tensor_v2 a2, %zero, %size : !ascendc.local_tensor<8192xf16>
  %b2 = ascendc.local_tensor_v2 b2, %zero, %size : !ascendc.local_tensor<8192xf16>
  %nd = ascendc.construct !ascendc.nd2nz_params(%c1, %c128, %c64, %c0, %c512, %c128, %c1, %c0) : i32, i32, i32, i32, i32, i32, i32, i32
  %ld = ascendc.construct !ascendc.load_data_2d_params(%c0, %c8, %c1, %c0, %c0, %c0, %c0) : i32, i32, i32, i32, i32, i32, i32
  ascendc.data_copy_nd2nz %a1, %ga, %nd : !ascendc.local_tensor<8192xf16>, !ascendc.global_tensor<*xf16>, !ascendc.nd2nz_params
  ascendc.data_copy_nd2nz %b1, %gb, %nd : !ascendc.local_tensor<8192xf16>, !ascendc.global_tensor<*xf16>, !ascendc.nd2nz_params
  ascendc.load_data_l0 %a2, %a1, %ld : !ascendc.local_tensor<8192xf16>, !ascendc.local_tensor<8192xf16>, !ascendc.load_data_2d_params
  ascendc.load_data_l0 %b2, %b1, %ld : !ascendc.local_tensor<8192xf16>, !ascendc.local_tensor<8192xf16>, !ascendc.load_data_2d_params
  func.return
}

// The same on the vector core, TBufs: muls waits for the copy of x only; the add reads y
// (MTE2) and z (the muls' result: a V -> V barrier, the pass's default vector_barriers).
// CHECK-LABEL: func.func @two_inputs(
// CHECK:         ascendc.data_copy_l2 %3, %arg1, %arg4
// CHECK-NEXT:    %[[P2:.*]] = ascendc.pipe
// CHECK-NEXT:    %[[ID2:.*]] = ascendc.pipe.alloc_event_id %[[P2]], mte2_v : i8
// CHECK-NEXT:    ascendc.set_flag mte2_v, %[[ID2]] : i8
// CHECK-NEXT:    ascendc.data_copy_l2 %4, %arg2, %arg4
// CHECK-NEXT:    ascendc.wait_flag mte2_v, %[[ID2]] : i8
// CHECK-NEXT:    ascendc.pipe.release_event_id %[[P2]], %[[ID2]] {event = 4 : i32} : !ascendc.pipe, i8
// CHECK-NEXT:    ascendc.muls_l2 %5, %3, %cst, %arg4
// CHECK-NEXT:    %[[P3:.*]] = ascendc.pipe
// CHECK-NEXT:    %[[ID3:.*]] = ascendc.pipe.fetch_event_id %[[P3]], mte2_v : i8
// CHECK-NEXT:    ascendc.set_flag mte2_v, %[[ID3]] : i8
// CHECK-NEXT:    ascendc.wait_flag mte2_v, %[[ID3]] : i8
// CHECK-NEXT:    ascendc.pipe_barrier pipe_v
// CHECK-NEXT:    ascendc.add_l2 %5, %5, %4, %arg4
func.func @two_inputs(%pipe: !ascendc.pipe, %gx: !ascendc.global_tensor<*xf32>, %gy: !ascendc.global_tensor<*xf32>, %gz: !ascendc.global_tensor<*xf32>, %n: i32, %len: i64) {
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
  ascendc.data_copy_l2 %x, %gx, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
  ascendc.data_copy_l2 %y, %gy, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
  ascendc.muls_l2 %z, %x, %two, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, f32, i32
  ascendc.add_l2 %z, %z, %y, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
  ascendc.data_copy_l2 %gz, %z, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<64xf32>, i32
  func.return
}

// Over a loop's back edge (cube core): the copy into a1 waits for the previous iteration's
// LoadData from a1, so its MTE1_MTE2 flag is set right after that LoadData in the previous
// iteration (not after the LoadData of B too), with a set before the loop for the first
// iteration and a wait after it for the last one; the id is taken before the loop and given
// back after it (05_mmad's flags between K steps).
// CHECK-LABEL: func.func @cube_loop(
// CHECK:         %[[P5:.*]] = ascendc.pipe
// CHECK-NEXT:    %[[ID5:.*]] = ascendc.pipe.alloc_event_id %[[P5]], mte1_mte2 : i8
// CHECK-NEXT:    ascendc.set_flag mte1_mte2, %[[ID5]] : i8
// CHECK-NEXT:    scf.for %arg3 = %c0_i32 to %arg2 step %c1_i32 : i32 {
// CHECK-NEXT:      ascendc.wait_flag mte1_mte2, %[[ID5]] : i8
// CHECK-NEXT:      ascendc.data_copy_nd2nz %3, %arg0, %7
// CHECK:           ascendc.load_data_l0 %5, %3, %8
// CHECK-NEXT:      ascendc.set_flag mte1_mte2, %[[ID5]] : i8
// CHECK:           ascendc.load_data_l0 %6, %4, %8
// CHECK-NEXT:    }
// CHECK-NEXT:    ascendc.wait_flag mte1_mte2, %[[ID5]] : i8
// CHECK-NEXT:    ascendc.pipe.release_event_id %[[P5]], %[[ID5]] {event = 1 : i32} : !ascendc.pipe, i8
// CHECK-NEXT:    ascendc.pipe_barrier pipe_all
func.func @cube_loop(%ga: !ascendc.global_tensor<*xf16>, %gb: !ascendc.global_tensor<*xf16>, %steps: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c8 = arith.constant 8 : i32
  %c64 = arith.constant 64 : i32
  %c128 = arith.constant 128 : i32
  %c512 = arith.constant 512 : i32
  %c16384 = arith.constant 16384 : i32
  %c8192 = arith.constant 8192 : i32
  %zero = builtin.unrealized_conversion_cast %c0 : i32 to ui32
  %half = builtin.unrealized_conversion_cast %c16384 : i32 to ui32
  %size = builtin.unrealized_conversion_cast %c8192 : i32 to ui32
  %a1 = ascendc.local_tensor_v2 a1, %zero, %size : !ascendc.local_tensor<8192xf16>
  %b1 = ascendc.local_tensor_v2 a1, %half, %size : !ascendc.local_tensor<8192xf16>
  %a2 = ascendc.local_tensor_v2 a2, %zero, %size : !ascendc.local_tensor<8192xf16>
  %b2 = ascendc.local_tensor_v2 b2, %zero, %size : !ascendc.local_tensor<8192xf16>
  %nd = ascendc.construct !ascendc.nd2nz_params(%c1, %c128, %c64, %c0, %c512, %c128, %c1, %c0) : i32, i32, i32, i32, i32, i32, i32, i32
  %ld = ascendc.construct !ascendc.load_data_2d_params(%c0, %c8, %c1, %c0, %c0, %c0, %c0) : i32, i32, i32, i32, i32, i32, i32
  scf.for %t = %c0 to %steps step %c1 : i32 {
    ascendc.data_copy_nd2nz %a1, %ga, %nd : !ascendc.local_tensor<8192xf16>, !ascendc.global_tensor<*xf16>, !ascendc.nd2nz_params
    ascendc.data_copy_nd2nz %b1, %gb, %nd : !ascendc.local_tensor<8192xf16>, !ascendc.global_tensor<*xf16>, !ascendc.nd2nz_params
    ascendc.load_data_l0 %a2, %a1, %ld : !ascendc.local_tensor<8192xf16>, !ascendc.local_tensor<8192xf16>, !ascendc.load_data_2d_params
    ascendc.load_data_l0 %b2, %b1, %ld : !ascendc.local_tensor<8192xf16>, !ascendc.local_tensor<8192xf16>, !ascendc.load_data_2d_params
  }
  func.return
}
