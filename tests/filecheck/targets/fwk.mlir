// RUN: ascdsl-opt %s -t ascendc | filecheck %s
// Framework objects: TPipe, TQue, TQueBind, TBuf, TBufPool, event ids, queue members.

// CHECK-LABEL: void emit_pipe() {
// CHECK-NEXT:    AscendC::TPipe v1;
// CHECK-NEXT:    int32_t v2 = v1.AllocEventID<AscendC::HardEvent::MTE2_V>();
// CHECK-NEXT:    AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(v2);
// CHECK-NEXT:    AscendC::WaitFlag<AscendC::HardEvent::MTE2_V>(v2);
// CHECK-NEXT:    v1.ReleaseEventID<AscendC::HardEvent::MTE2_V>(v2);
// CHECK-NEXT:    int8_t v3 = v1.FetchEventID<AscendC::HardEvent::V_MTE3>();
// CHECK-NEXT:    AscendC::SetFlag<AscendC::HardEvent::V_MTE3>(v3);
// CHECK-NEXT:    AscendC::WaitFlag<AscendC::HardEvent::V_MTE3>(v3);
// CHECK-NEXT:    v1.Init();
// CHECK-NEXT:    v1.Reset();
// CHECK-NEXT:    v1.Destroy();
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @emit_pipe() {
  %0 = ascendc.pipe
  %1 = ascendc.pipe.alloc_event_id %0, mte2_v : i32
  ascendc.set_flag mte2_v, %1 : i32
  ascendc.wait_flag mte2_v, %1 : i32
  ascendc.pipe.release_event_id %0, %1 {event = 4 : i32} : !ascendc.pipe, i32
  %2 = ascendc.pipe.fetch_event_id %0, v_mte3 : i8
  ascendc.set_flag v_mte3, %2 : i8
  ascendc.wait_flag v_mte3, %2 : i8
  ascendc.pipe.init %0 : !ascendc.pipe
  ascendc.pipe.reset %0 : !ascendc.pipe
  ascendc.pipe.destroy %0 : !ascendc.pipe
  return
}

// GetTPipePtr() returns a pointer: bound by reference so that member calls stay `.`.
// It is a global function of the Ascend C headers, outside namespace AscendC.
// CHECK-LABEL: void emit_tpipe_ptr() {
// CHECK-NEXT:    AscendC::TPipe& v1 = *GetTPipePtr();
// CHECK-NEXT:    int32_t v2 = v1.FetchEventID<AscendC::HardEvent::S_V>();
func.func @emit_tpipe_ptr() {
  %pipe = ascendc.get_tpipe_ptr
  %0 = ascendc.pipe.fetch_event_id %pipe, s_v : i32
  return
}

// CHECK-LABEL: void emit_objects() {
// CHECK-NEXT:    AscendC::TQue<AscendC::TPosition::VECIN, 2> v1;
// CHECK-NEXT:    AscendC::TQue<AscendC::TPosition::VECOUT, 1> v2;
// CHECK-NEXT:    AscendC::TQueBind<AscendC::TPosition::GM, AscendC::TPosition::VECCALC, 1> v3;
// CHECK-NEXT:    AscendC::TBuf<AscendC::TPosition::VECCALC> v4;
// CHECK-NEXT:    AscendC::TBuf<AscendC::TPosition::A1> v5;
// CHECK-NEXT:    AscendC::TBufPool<AscendC::TPosition::VECIN, 4> v6;
func.func @emit_objects() {
  %0 = ascendc.queue : <vecin, 2>
  %1 = ascendc.queue : !ascendc.queue<vecout, 1>
  %2 = ascendc.que_bind : <gm, veccalc, 1>
  %3 = ascendc.tbuf : <veccalc>
  %4 = ascendc.tbuf : <a1>
  %5 = ascendc.tBufPool : <vec_in, 4>
  return
}

// CHECK-LABEL: void emit_init_queue(int32_t v1, int32_t v2) {
// CHECK-NEXT:    AscendC::TPipe v3;
// CHECK-NEXT:    AscendC::TQue<AscendC::TPosition::VECIN, 1> v4;
// CHECK-NEXT:    v3.InitBuffer(v4, v1, v2);
// CHECK-NEXT:    return;
func.func @emit_init_queue(%arg0 : i32, %arg1 : i32) {
  %0 = ascendc.pipe
  %1 = ascendc.queue : !ascendc.queue<vecin, 1>
  ascendc.pipe.init_queue %0, %1, %arg0, %arg1 : !ascendc.queue<vecin, 1>, i32, i32
  return
}

// CHECK-LABEL: void emit_init_buffer(int32_t v1) {
// CHECK-NEXT:    AscendC::TPipe v2;
// CHECK-NEXT:    AscendC::TBuf<AscendC::TPosition::GM> v3;
// CHECK-NEXT:    v2.InitBuffer(v3, v1);
// CHECK-NEXT:    return;
func.func @emit_init_buffer(%arg0 : i32) {
  %0 = ascendc.pipe
  %1 = ascendc.tbuf : !ascendc.tbuf<gm>
  ascendc.pipe.init_buffer %0, %1, %arg0 : !ascendc.tbuf<gm>, i32
  return
}

// CHECK-LABEL: void emit_get_tensor(uint32_t v1) {
// CHECK-NEXT:    AscendC::TBuf<AscendC::TPosition::VECCALC> v2;
// CHECK-NEXT:    AscendC::LocalTensor<int32_t> v3 = v2.Get<int32_t>();
// CHECK-NEXT:    AscendC::LocalTensor<half> v4 = v2.Get<half>(v1);
// CHECK-NEXT:    AscendC::LocalTensor<int32_t> v5 = v2.GetWithOffset<int32_t>(v1, v1);
// CHECK-NEXT:    return;
func.func @emit_get_tensor(%arg0 : ui32) {
  %0 = ascendc.tbuf : <veccalc>
  %1 = ascendc.tbuf.get_tensor %0 : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<i32>
  %2 = ascendc.tbuf.get_tensor %0, %arg0 : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xf16>, ui32
  %3 = ascendc.tbuf.get_with_offset %0, %arg0, %arg0 : !ascendc.tbuf<veccalc>, ui32, ui32, !ascendc.local_tensor<*xi32>
  return
}

// A queue parameter of a helper is a reference: the helper uses the caller's queue.
// CHECK-LABEL: void emit_base_queue_operations(AscendC::TQue<AscendC::TPosition::VECIN, 1> v1) {
// CHECK-NEXT:    AscendC::LocalTensor<int32_t> v2 = v1.AllocTensor<int32_t>();
// CHECK-NEXT:    v1.EnQue(v2);
// CHECK-NEXT:    AscendC::LocalTensor<int32_t> v3 = v1.DeQue<int32_t>();
// CHECK-NEXT:    v1.FreeTensor(v2);
// CHECK-NEXT:    return;
func.func @emit_base_queue_operations(%arg0 : !ascendc.queue<vecin, 1>) {
  %0 = ascendc.que_bind.alloc_tensor %arg0 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<i32>
  ascendc.que_bind.enque_tensor %arg0, %0 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<i32>
  %1 = ascendc.que_bind.deque_tensor %arg0 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<i32>
  ascendc.que_bind.free_tensor %arg0, %0 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<i32>
  return
}

// CHECK-LABEL: void emit_que_bind(AscendC::TQueBind<AscendC::TPosition::VECIN, AscendC::TPosition::VECOUT, 2> v1) {
// CHECK-NEXT:    AscendC::LocalTensor<float> v2 = v1.AllocTensor<float>();
func.func @emit_que_bind(%arg0 : !ascendc.que_bind<vecin, vecout, 2>) {
  %0 = ascendc.que_bind.alloc_tensor %arg0 : !ascendc.que_bind<vecin, vecout, 2>, !ascendc.local_tensor<32xf32>
  return
}

// CHECK-LABEL: void emit_get() {
// CHECK-NEXT:    AscendC::TBuf<AscendC::TPosition::GM> v1;
// CHECK-NEXT:    AscendC::LocalTensor<int32_t> v2 = v1.Get<int32_t>();
// CHECK-NEXT:    return;
func.func @emit_get() {
  %0 = ascendc.tbuf : !ascendc.tbuf<gm>
  %1 = ascendc.tbuf.get_tensor %0 : !ascendc.tbuf<gm>, !ascendc.local_tensor<i32>
  return
}

// CHECK-LABEL: void emit_get_with_offset(uint32_t v1) {
// CHECK-NEXT:    AscendC::TBuf<AscendC::TPosition::GM> v2;
// CHECK-NEXT:    AscendC::LocalTensor<int32_t> v3 = v2.GetWithOffset<int32_t>(v1, v1);
// CHECK-NEXT:    return;
func.func @emit_get_with_offset(%arg0 : ui32) {
  %0 = ascendc.tbuf : !ascendc.tbuf<gm>
  %1 = ascendc.tbuf.get_with_offset %0, %arg0, %arg0 : !ascendc.tbuf<gm>, ui32, ui32, !ascendc.local_tensor<*xi32>
  return
}
