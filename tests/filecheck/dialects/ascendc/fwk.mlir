// Framework ops (TPipe, TQue, TQueBind, TBuf, TBufPool): pyasc's syntax round-trips,
// including the unqualified `: <vecin, 1>` of object types, and so does the generic form.
// RUN: ascdsl-opt %s | filecheck %s
// RUN: ascdsl-opt %s | ascdsl-opt | filecheck %s
// RUN: ascdsl-opt %s --print-op-generic | ascdsl-opt | filecheck %s

// CHECK-LABEL: func.func @objects
func.func @objects() {
  // CHECK-NEXT: %0 = ascendc.pipe
  %0 = ascendc.pipe
  // CHECK-NEXT: %1 = ascendc.queue : <vecin, 1>
  %1 = ascendc.queue : <vecin, 1>
  // The qualified input spelling is accepted and printed unqualified, as MLIR does.
  // CHECK-NEXT: %2 = ascendc.queue : <vecout, 2>
  %2 = ascendc.queue : !ascendc.queue<vecout, 2>
  // CHECK-NEXT: %3 = ascendc.que_bind : <vecin, vecin, 0>
  %que_bind = ascendc.que_bind : <vecin, vecin, 0>
  // CHECK-NEXT: %4 = ascendc.tbuf : <veccalc>
  %3 = ascendc.tbuf : <veccalc>
  // CHECK-NEXT: %5 = ascendc.tBufPool : <vecin, 4>
  %4 = ascendc.tBufPool : <vecin, 4>
  // CHECK-NEXT: %6 = ascendc.get_tpipe_ptr
  %5 = ascendc.get_tpipe_ptr
  func.return
}

// CHECK-LABEL: func.func @pipe_members
func.func @pipe_members(%pipe: !ascendc.pipe, %q: !ascendc.queue<vecin, 1>, %b: !ascendc.tbuf<veccalc>, %num: i32, %len: i64) {
  // CHECK-NEXT: ascendc.pipe.init_queue %arg0, %arg1, %arg3, %arg4 : !ascendc.queue<vecin, 1>, i32, i64
  ascendc.pipe.init_queue %pipe, %q, %num, %len : !ascendc.queue<vecin, 1>, i32, i64
  // CHECK-NEXT: ascendc.pipe.init_buffer %arg0, %arg2, %arg4 : !ascendc.tbuf<veccalc>, i64
  ascendc.pipe.init_buffer %pipe, %b, %len : !ascendc.tbuf<veccalc>, i64
  // CHECK-NEXT: ascendc.pipe.init %arg0 : !ascendc.pipe
  ascendc.pipe.init %pipe : !ascendc.pipe
  // CHECK-NEXT: ascendc.pipe.reset %arg0 : !ascendc.pipe
  ascendc.pipe.reset %pipe : !ascendc.pipe
  // CHECK-NEXT: %0 = ascendc.pipe.alloc_event_id %arg0, mte2_v : i32
  %id0 = ascendc.pipe.alloc_event_id %pipe, mte2_v : i32
  // CHECK-NEXT: %1 = ascendc.pipe.fetch_event_id %arg0, v_s : i8
  %1 = ascendc.pipe.fetch_event_id %pipe, v_s : i8
  // CHECK-NEXT: ascendc.pipe.release_event_id %arg0, %0 {event = 4 : i32} : !ascendc.pipe, i32
  ascendc.pipe.release_event_id %pipe, %id0 {event = 4 : i32} : !ascendc.pipe, i32
  // CHECK-NEXT: ascendc.pipe.destroy %arg0 : !ascendc.pipe
  ascendc.pipe.destroy %pipe : !ascendc.pipe
  func.return
}

// CHECK-LABEL: func.func @queue_members
func.func @queue_members(%q: !ascendc.queue<vecin, 1>, %o: !ascendc.que_bind<vecin, vecout, 1>) {
  // CHECK-NEXT: %0 = ascendc.que_bind.alloc_tensor %arg0 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
  %0 = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
  // CHECK-NEXT: ascendc.que_bind.enque_tensor %arg0, %0 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
  ascendc.que_bind.enque_tensor %q, %0 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
  // CHECK-NEXT: %1 = ascendc.que_bind.deque_tensor %arg0 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
  %1 = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
  // CHECK-NEXT: ascendc.que_bind.free_tensor %arg0, %1 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
  ascendc.que_bind.free_tensor %q, %1 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
  // CHECK-NEXT: %2 = ascendc.que_bind.alloc_tensor %arg1 : !ascendc.que_bind<vecin, vecout, 1>, !ascendc.local_tensor<32xf16>
  %2 = ascendc.que_bind.alloc_tensor %o : !ascendc.que_bind<vecin, vecout, 1>, !ascendc.local_tensor<32xf16>
  func.return
}

// CHECK-LABEL: func.func @tbuf_members
func.func @tbuf_members(%b: !ascendc.tbuf<veccalc>, %n: i32, %off: i32) {
  // CHECK-NEXT: %0 = ascendc.tbuf.get_tensor %arg0 : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<64xf32>
  %0 = ascendc.tbuf.get_tensor %b : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<64xf32>
  // CHECK-NEXT: %1 = ascendc.tbuf.get_tensor %arg0, %arg1 : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<64xf32>, i32
  %1 = ascendc.tbuf.get_tensor %b, %n : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<64xf32>, i32
  // CHECK-NEXT: %2 = ascendc.tbuf.get_with_offset %arg0, %arg1, %arg2 : !ascendc.tbuf<veccalc>, i32, i32, !ascendc.local_tensor<16xi32>
  %2 = ascendc.tbuf.get_with_offset %b, %n, %off : !ascendc.tbuf<veccalc>, i32, i32, !ascendc.local_tensor<16xi32>
  func.return
}
