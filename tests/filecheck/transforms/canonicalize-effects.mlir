// RUN: ascdsl-opt %s -p canonicalize | filecheck %s
// RUN: ascdsl-opt %s -p dce | filecheck %s
// RUN: ascdsl-opt %s -p cse,canonicalize | filecheck %s --check-prefixes=CHECK,CSE

// xDSL's canonicalize, dce and cse only drop or merge ops they know to be free of effects.
// ascendc ops that do something (flags, copies, queue and buffer ops, pipes, events) carry
// no memory-effect trait, so they stay even when their results are unused; the Pure ones
// (views, system variables, param structs, casts, get_tpipe_ptr) go when unused; a
// global_tensor goes when unused but two of them are never merged (each is an object that
// SetGlobalBuffer points somewhere else).

// CHECK-LABEL: func.func @kept(
// CHECK-NEXT:    [[PIPE:%[0-9]+]] = ascendc.pipe
// CHECK-NEXT:    [[Q:%[0-9]+]] = ascendc.queue : <vecin, 1>
// CHECK-NEXT:    [[BUF:%[0-9]+]] = ascendc.tbuf : <veccalc>
// CHECK-NEXT:    ascendc.pipe.init_queue [[PIPE]], [[Q]], %arg1, %arg2
// CHECK-NEXT:    ascendc.pipe.init_buffer [[PIPE]], [[BUF]], %arg2
// CHECK-NEXT:    [[UNUSED_TENSOR:%[0-9]+]] = ascendc.tbuf.get_tensor [[BUF]]
// CHECK-NEXT:    [[T:%[0-9]+]] = ascendc.que_bind.alloc_tensor [[Q]]
// CHECK-NEXT:    ascendc.data_copy_l2 [[T]], %arg0, %arg1
// CHECK-NEXT:    ascendc.que_bind.enque_tensor [[Q]], [[T]]
// CHECK-NEXT:    [[UNUSED_DEQUE:%[0-9]+]] = ascendc.que_bind.deque_tensor [[Q]]
// CHECK-NEXT:    [[ID:%[0-9]+]] = ascendc.pipe.fetch_event_id [[PIPE]], mte2_v : i8
// CHECK-NEXT:    ascendc.set_flag mte2_v, [[ID]] : i8
// CHECK-NEXT:    ascendc.wait_flag mte2_v, [[ID]] : i8
// CHECK-NEXT:    [[UNUSED_ID:%[0-9]+]] = ascendc.pipe.fetch_event_id [[PIPE]], v_s : i8
// CHECK-NEXT:    ascendc.pipe_barrier pipe_v
// CHECK-NEXT:    [[UNUSED_VALUE:%[0-9]+]] = ascendc.local_tensor.get_value [[T]], %arg3
// CHECK-NEXT:    ascendc.que_bind.free_tensor [[Q]], [[T]]
// CHECK-NEXT:    return
func.func @kept(%g: !ascendc.global_tensor<*xf32>, %n: i32, %len: i64, %i: index) {
  %pipe = ascendc.pipe
  %q = ascendc.queue : <vecin, 1>
  %buf = ascendc.tbuf : <veccalc>
  ascendc.pipe.init_queue %pipe, %q, %n, %len : !ascendc.queue<vecin, 1>, i32, i64
  ascendc.pipe.init_buffer %pipe, %buf, %len : !ascendc.tbuf<veccalc>, i64
  %unused_tensor = ascendc.tbuf.get_tensor %buf : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<64xf32>
  %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
  ascendc.data_copy_l2 %t, %g, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
  ascendc.que_bind.enque_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
  %unused_deque = ascendc.que_bind.deque_tensor %q : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
  %id = ascendc.pipe.fetch_event_id %pipe, mte2_v : i8
  ascendc.set_flag mte2_v, %id : i8
  ascendc.wait_flag mte2_v, %id : i8
  %unused_id = ascendc.pipe.fetch_event_id %pipe, v_s : i8
  ascendc.pipe_barrier pipe_v
  %unused_value = ascendc.local_tensor.get_value %t, %i : !ascendc.local_tensor<64xf32>, index, f32
  ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
  func.return
}

// CHECK-LABEL: func.func @dropped_when_unused(
// CHECK-NEXT:    return
func.func @dropped_when_unused(%g: !ascendc.global_tensor<*xf32>, %t: !ascendc.local_tensor<64xf32>, %i: index, %h: i16) {
  %gt = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  %lt = ascendc.local_tensor : !ascendc.local_tensor<64xf32>
  %gv = ascendc.global_tensor.subindex %g[%i] : !ascendc.global_tensor<*xf32>, index, !ascendc.global_tensor<*xf32>
  %lv = ascendc.local_tensor.subindex %t[%i] : !ascendc.local_tensor<64xf32>, index, !ascendc.local_tensor<64xf32>
  %cast = ascendc.reinterpret_cast %t : !ascendc.local_tensor<64xf32> to !ascendc.local_tensor<64xi32>
  %idx = ascendc.get_block_idx : index
  %num = ascendc.get_block_num : i32
  %params = ascendc.construct !ascendc.data_copy_params(%h, %h, %h, %h) : i16, i16, i16, i16
  %pipe = ascendc.get_tpipe_ptr
  func.return
}

// CHECK-LABEL: func.func @global_tensors_not_merged(
// CHECK-NEXT:    [[A:%[0-9]+]] = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
// CHECK-NEXT:    ascendc.global_tensor.set_global_buffer [[A]], %arg0
// CHECK-NEXT:    [[B:%[0-9]+]] = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
// CHECK-NEXT:    ascendc.global_tensor.set_global_buffer [[B]], %arg1
// CSE-NEXT:      [[VA:%[0-9]+]] = ascendc.global_tensor.subindex %0[%arg2]
// CSE-NEXT:      "test.op"([[VA]], [[VA]], %1)
func.func @global_tensors_not_merged(%x: memref<?xf32, 22>, %y: memref<?xf32, 22>, %i: index) {
  %a = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %a, %x : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %b = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %b, %y : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %va = ascendc.global_tensor.subindex %a[%i] : !ascendc.global_tensor<*xf32>, index, !ascendc.global_tensor<*xf32>
  %va2 = ascendc.global_tensor.subindex %a[%i] : !ascendc.global_tensor<*xf32>, index, !ascendc.global_tensor<*xf32>
  "test.op"(%va, %va2, %b) : (!ascendc.global_tensor<*xf32>, !ascendc.global_tensor<*xf32>, !ascendc.global_tensor<*xf32>) -> ()
  func.return
}

// Two pipes or two queues are two objects, too.
// CSE-LABEL: func.func @objects_not_merged(
// CSE-NEXT:    [[P1:%[0-9]+]] = ascendc.pipe
// CSE-NEXT:    [[P2:%[0-9]+]] = ascendc.pipe
// CSE-NEXT:    [[Q1:%[0-9]+]] = ascendc.queue : <vecin, 1>
// CSE-NEXT:    [[Q2:%[0-9]+]] = ascendc.queue : <vecin, 1>
// CSE-NEXT:    "test.op"([[P1]], [[P2]], [[Q1]], [[Q2]])
func.func @objects_not_merged() {
  %p1 = ascendc.pipe
  %p2 = ascendc.pipe
  %q1 = ascendc.queue : <vecin, 1>
  %q2 = ascendc.queue : <vecin, 1>
  "test.op"(%p1, %p2, %q1, %q2) : (!ascendc.pipe, !ascendc.pipe, !ascendc.queue<vecin, 1>, !ascendc.queue<vecin, 1>) -> ()
  func.return
}
