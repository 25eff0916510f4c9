// The rules Ascend C's headers enforce on pools and queue members, as located errors.
// RUN: ascdsl-opt %s --split-input-file --verify-diagnostics

func.func @pool_of_another_memory(%n: ui32) {
  %a = ascendc.tBufPool : <vecin, 4>
  %b = ascendc.tBufPool : <a1, 4>
  // expected-error@+1 {{a pool at a1 cannot be carved from or share a pool at vecin: they are different memories (L1 and UB)}}
  %0 = ascendc.tbuf_pool.init_buf_pool(%a, %b, %n) : !ascendc.tbuf_pool<vecin, 4>, !ascendc.tbuf_pool<a1, 4>, ui32 -> i1
  return
}

// -----

func.func @more_buffers_than_ids(%len: i32) {
  %a = ascendc.tBufPool : <vecin, 2>
  %q = ascendc.queue : <vecin, 2>
  %c3 = arith.constant 3 : i32
  // expected-error@+1 {{a TBufPool<vecin, 2> hands out 1 to 2 buffers (its buffer id count), got 3}}
  ascendc.tbuf_pool.init_queue %a, %q, %c3, %len : !ascendc.tbuf_pool<vecin, 2>, !ascendc.queue<vecin, 2>, i32, i32
  return
}

// -----

func.func @in_place_needs_depth_0(%q: !ascendc.queue<vecin, 2>, %t: !ascendc.local_tensor<*xf32>) {
  // expected-error@+1 {{the in-place AllocTensor<T>(tensor) needs a depth-0 queue, got depth 2}}
  ascendc.que_bind.alloc_tensor_in_place %q, %t : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
  return
}

// -----

func.func @query_on_depth_0(%b: !ascendc.que_bind<vecin, vecin, 0>) {
  // expected-error@+1 {{VacantInQue() is not supported on a depth-0 queue}}
  %0 = ascendc.que_bind.vacant_in_que %b : !ascendc.que_bind<vecin, vecin, 0>, i1
  return
}

// -----

func.func @wrong_base(%q: !ascendc.queue<vecout, 1>) {
  // expected-error@+1 {{AscendC::TQue<AscendC::TPosition::VECOUT, 1> is a TQueBind<vecout, gm, 1>, not AscendC::TQueBind<AscendC::TPosition::GM, AscendC::TPosition::VECOUT, 1>}}
  %0 = ascendc.to_que_bind %q : !ascendc.queue<vecout, 1>, !ascendc.que_bind<gm, vecout, 1>
  return
}
