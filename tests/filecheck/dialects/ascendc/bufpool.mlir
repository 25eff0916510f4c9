// TBufPool members and the queue extras in pyasc's syntax: the ` , %share` of InitBufPool,
// the positions of EnQue/DeQue as keywords, and TBufPool.Reset in the generic form pyasc
// prints (it declares no assembly format).
// RUN: ascdsl-opt %s | filecheck %s
// RUN: ascdsl-opt %s | ascdsl-opt | filecheck %s
// RUN: ascdsl-opt %s --print-op-generic | ascdsl-opt | filecheck %s

// CHECK-LABEL: func.func @pools
func.func @pools(%n: ui32, %len: i32) {
  %pipe = ascendc.pipe
  // CHECK: %[[A:.*]] = ascendc.tBufPool : <vecin, 4>
  %a = ascendc.tBufPool : <vecin, 4>
  %b = ascendc.tBufPool : <vecin, 4>
  // CHECK: ascendc.pipe.init_buf_pool(%{{.*}}, %[[A]], %{{.*}}) : !ascendc.pipe, !ascendc.tbuf_pool<vecin, 4>, ui32 -> i1
  %0 = ascendc.pipe.init_buf_pool(%pipe, %a, %n) : !ascendc.pipe, !ascendc.tbuf_pool<vecin, 4>, ui32 -> i1
  // CHECK: ascendc.pipe.init_buf_pool(%{{.*}}, %{{.*}}, %{{.*}}) , %[[A]] : !ascendc.pipe, !ascendc.tbuf_pool<vecin, 4>, ui32 , !ascendc.tbuf_pool<vecin, 4> -> i1
  %1 = ascendc.pipe.init_buf_pool(%pipe, %b, %n) , %a : !ascendc.pipe, !ascendc.tbuf_pool<vecin, 4>, ui32 , !ascendc.tbuf_pool<vecin, 4> -> i1
  %c = ascendc.tBufPool : <vecin, 2>
  // pyasc prints the owner pool unqualified (its TBufPoolType operand); both forms are read.
  // CHECK: ascendc.tbuf_pool.init_buf_pool(%[[A]], %{{.*}}, %{{.*}}) : <vecin, 4>, !ascendc.tbuf_pool<vecin, 2>, ui32 -> i1
  %2 = ascendc.tbuf_pool.init_buf_pool(%a, %c, %n) : !ascendc.tbuf_pool<vecin, 4>, !ascendc.tbuf_pool<vecin, 2>, ui32 -> i1
  %q = ascendc.queue : <vecin, 2>
  %t = ascendc.tbuf : <veccalc>
  // CHECK: ascendc.tbuf_pool.init_queue %[[A]], %{{.*}}, %{{.*}}, %{{.*}} : !ascendc.tbuf_pool<vecin, 4>, !ascendc.queue<vecin, 2>, i32, i32
  ascendc.tbuf_pool.init_queue %a, %q, %len, %len : !ascendc.tbuf_pool<vecin, 4>, !ascendc.queue<vecin, 2>, i32, i32
  // CHECK: ascendc.tbuf_pool.init_buffer %[[A]], %{{.*}}, %{{.*}} : !ascendc.tbuf_pool<vecin, 4>, !ascendc.tbuf<veccalc>, i32
  ascendc.tbuf_pool.init_buffer %a, %t, %len : !ascendc.tbuf_pool<vecin, 4>, !ascendc.tbuf<veccalc>, i32
  // CHECK: ascendc.tbuf_pool.reset %[[A]] : !ascendc.tbuf_pool<vecin, 4>
  "ascendc.tbuf_pool.reset"(%a) : (!ascendc.tbuf_pool<vecin, 4>) -> ()
  return
}

// CHECK-LABEL: func.func @queue_members
func.func @queue_members(%q: !ascendc.queue<vecin, 2>, %b: !ascendc.que_bind<vecin, vecin, 0>, %t: !ascendc.local_tensor<*xf32>) {
  // CHECK: ascendc.que_bind.enque_tensor_pos %{{.*}}, %{{.*}}, gm, vecin : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
  ascendc.que_bind.enque_tensor_pos %q, %t, gm, vecin : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
  // CHECK: ascendc.que_bind.deque_tensor_pos %{{.*}}, gm, vecin : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
  %0 = ascendc.que_bind.deque_tensor_pos %q, gm, vecin : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
  // CHECK: ascendc.que_bind.alloc_tensor_in_place %{{.*}}, %{{.*}} : !ascendc.que_bind<vecin, vecin, 0>, !ascendc.local_tensor<*xf32>
  ascendc.que_bind.alloc_tensor_in_place %b, %t : !ascendc.que_bind<vecin, vecin, 0>, !ascendc.local_tensor<*xf32>
  // CHECK: ascendc.que_bind.deque_tensor_in_place %{{.*}}, %{{.*}} : !ascendc.que_bind<vecin, vecin, 0>, !ascendc.local_tensor<*xf32>
  ascendc.que_bind.deque_tensor_in_place %b, %t : !ascendc.que_bind<vecin, vecin, 0>, !ascendc.local_tensor<*xf32>
  // CHECK: ascendc.que_bind.get_tensor_count_in_que %{{.*}} : !ascendc.queue<vecin, 2>, i32
  %1 = ascendc.que_bind.get_tensor_count_in_que %q : !ascendc.queue<vecin, 2>, i32
  // CHECK: ascendc.que_bind.vacant_in_que %{{.*}} : !ascendc.queue<vecin, 2>, i1
  %2 = ascendc.que_bind.vacant_in_que %q : !ascendc.queue<vecin, 2>, i1
  // CHECK: ascendc.to_que_bind %{{.*}} : !ascendc.queue<vecin, 2>, !ascendc.que_bind<gm, vecin, 2>
  %3 = ascendc.to_que_bind %q : !ascendc.queue<vecin, 2>, !ascendc.que_bind<gm, vecin, 2>
  return
}
