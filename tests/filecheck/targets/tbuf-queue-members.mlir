// RUN: ascdsl-opt %s -t ascendc | filecheck %s
// A TBuf's inherited queue members print as member calls on the TBuf, as pyasc prints them.

// CHECK-LABEL: void tbuf_queue_members() {
// CHECK-NEXT:    AscendC::TPipe v1;
// CHECK-NEXT:    AscendC::TBuf<AscendC::TPosition::VECCALC> v2;
// CHECK-NEXT:    {{.*}} = 1024;
// CHECK-NEXT:    v1.InitBuffer(v2, {{.+}});
// CHECK-NEXT:    AscendC::LocalTensor<uint8_t> v3 = v2.AllocTensor<uint8_t>();
// CHECK-NEXT:    v2.EnQue(v3);
// CHECK-NEXT:    AscendC::LocalTensor<float> v4 = v2.DeQue<float>();
// CHECK-NEXT:    v2.FreeTensor(v4);
// CHECK-NEXT:    return;
// CHECK-NEXT:  }
func.func @tbuf_queue_members() {
  %pipe = ascendc.pipe
  %b = ascendc.tbuf : <veccalc>
  %c1024 = arith.constant 1024 : i32
  ascendc.pipe.init_buffer %pipe, %b, %c1024 : !ascendc.tbuf<veccalc>, i32
  %t = ascendc.que_bind.alloc_tensor %b : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xui8>
  ascendc.que_bind.enque_tensor %b, %t : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xui8>
  %d = ascendc.que_bind.deque_tensor %b : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xf32>
  ascendc.que_bind.free_tensor %b, %d : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xf32>
  func.return
}
