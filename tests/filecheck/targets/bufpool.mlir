// RUN: ascdsl-opt %s -t ascendc | filecheck %s
// TBufPool and the queue extras as pyasc's translator prints them (its fwk.mlir), with the
// queue passed by reference as ascdsl passes every Ascend C object.

// CHECK-LABEL: void emit_tbuf_pool(uint32_t v1) {
// CHECK-NEXT:   AscendC::TPipe v2;
// CHECK-NEXT:   AscendC::TBufPool<AscendC::TPosition::VECIN, 4> v3;
// CHECK-NEXT:   AscendC::TBufPool<AscendC::TPosition::VECIN, 4> v4;
// CHECK-NEXT:   bool v5 = v2.InitBufPool(v4, v1);
// CHECK-NEXT:   bool v6 = v2.InitBufPool(v4, v1, v3);
// CHECK-NEXT:   bool v7 = v3.InitBufPool(v4, v1);
// CHECK-NEXT:   AscendC::TQue<AscendC::TPosition::VECIN, 1> v8;
// CHECK-NEXT:   constexpr int32_t c1_i32 = 1;
// CHECK-NEXT:   constexpr int32_t c512_i32 = 512;
// CHECK-NEXT:   v4.InitBuffer(v8, c1_i32, c512_i32);
// CHECK-NEXT:   AscendC::TBuf<AscendC::TPosition::VECCALC> v9;
// CHECK-NEXT:   v4.InitBuffer(v9, c512_i32);
// CHECK-NEXT:   v4.Reset();
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @emit_tbuf_pool(%arg0 : ui32) {
  %0 = ascendc.pipe
  %1 = ascendc.tBufPool : <vecin, 4>
  %2 = ascendc.tBufPool : <vecin, 4>
  %4 = ascendc.pipe.init_buf_pool(%0, %2, %arg0) : !ascendc.pipe, !ascendc.tbuf_pool<vecin, 4>, ui32 -> i1
  %5 = ascendc.pipe.init_buf_pool(%0, %2, %arg0) , %1 : !ascendc.pipe, !ascendc.tbuf_pool<vecin, 4>, ui32 , !ascendc.tbuf_pool<vecin, 4> -> i1
  %7 = ascendc.tbuf_pool.init_buf_pool(%1, %2, %arg0) : !ascendc.tbuf_pool<vecin, 4>, !ascendc.tbuf_pool<vecin, 4>, ui32 -> i1
  %q = ascendc.queue : <vecin, 1>
  %c1 = arith.constant 1 : i32
  %c512 = arith.constant 512 : i32
  ascendc.tbuf_pool.init_queue %2, %q, %c1, %c512 : !ascendc.tbuf_pool<vecin, 4>, !ascendc.queue<vecin, 1>, i32, i32
  %t = ascendc.tbuf : <veccalc>
  ascendc.tbuf_pool.init_buffer %2, %t, %c512 : !ascendc.tbuf_pool<vecin, 4>, !ascendc.tbuf<veccalc>, i32
  "ascendc.tbuf_pool.reset"(%2) : (!ascendc.tbuf_pool<vecin, 4>) -> ()
  return
}

// CHECK-LABEL: void emit_queue_members(AscendC::TQue<AscendC::TPosition::VECIN, 2> v1, AscendC::TQueBind<AscendC::TPosition::VECIN, AscendC::TPosition::VECIN, 0> v2, AscendC::LocalTensor<float> v3) {
// CHECK-NEXT:   v1.EnQue<AscendC::TPosition::GM, AscendC::TPosition::VECIN>(v3);
// CHECK-NEXT:   AscendC::LocalTensor<float> v4 = v1.DeQue<AscendC::TPosition::GM, AscendC::TPosition::VECIN, float>();
// CHECK-NEXT:   v2.AllocTensor<float>(v3);
// CHECK-NEXT:   v2.DeQue<float>(v3);
// CHECK-NEXT:   int32_t v5 = v1.GetTensorCountInQue();
// CHECK-NEXT:   bool v6 = v1.HasIdleBuffer();
// CHECK-NEXT:   bool v7 = v1.HasTensorInQue();
// CHECK-NEXT:   bool v8 = v1.VacantInQue();
// CHECK-NEXT:   AscendC::TQueBind<AscendC::TPosition::GM, AscendC::TPosition::VECIN, 2>& v9 = v1;
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @emit_queue_members(%q: !ascendc.queue<vecin, 2>, %b: !ascendc.que_bind<vecin, vecin, 0>, %t: !ascendc.local_tensor<*xf32>) {
  ascendc.que_bind.enque_tensor_pos %q, %t, gm, vecin : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
  %0 = ascendc.que_bind.deque_tensor_pos %q, gm, vecin : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
  ascendc.que_bind.alloc_tensor_in_place %b, %t : !ascendc.que_bind<vecin, vecin, 0>, !ascendc.local_tensor<*xf32>
  ascendc.que_bind.deque_tensor_in_place %b, %t : !ascendc.que_bind<vecin, vecin, 0>, !ascendc.local_tensor<*xf32>
  %1 = ascendc.que_bind.get_tensor_count_in_que %q : !ascendc.queue<vecin, 2>, i32
  %2 = ascendc.que_bind.has_idle_buffer %q : !ascendc.queue<vecin, 2>, i1
  %3 = ascendc.que_bind.has_tensor_in_que %q : !ascendc.queue<vecin, 2>, i1
  %4 = ascendc.que_bind.vacant_in_que %q : !ascendc.queue<vecin, 2>, i1
  %5 = ascendc.to_que_bind %q : !ascendc.queue<vecin, 2>, !ascendc.que_bind<gm, vecin, 2>
  return
}
