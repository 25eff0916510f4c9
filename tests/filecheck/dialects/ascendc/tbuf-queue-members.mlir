// Ascend C's TBuf<pos> derives from TQueBind<pos, pos, 0, 0>: AllocTensor, EnQue, DeQue and
// FreeTensor are members of a TBuf too, and pyasc's kernels call them (test_bilinear_interpolation).
// RUN: ascdsl-opt %s | filecheck %s
// RUN: ascdsl-opt %s | ascdsl-opt | filecheck %s
// RUN: ascdsl-opt %s --print-op-generic | ascdsl-opt | filecheck %s

// CHECK-LABEL: func.func @tbuf_queue_members(
// CHECK-SAME:    [[B:%[^ :]+]]: !ascendc.tbuf<veccalc>
// CHECK-NEXT:    [[T:%[^ ]+]] = ascendc.que_bind.alloc_tensor [[B]] : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xui8>
// CHECK-NEXT:    ascendc.que_bind.enque_tensor [[B]], [[T]] : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xui8>
// CHECK-NEXT:    [[D:%[^ ]+]] = ascendc.que_bind.deque_tensor [[B]] : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xf32>
// CHECK-NEXT:    ascendc.que_bind.free_tensor [[B]], [[D]] : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xf32>
func.func @tbuf_queue_members(%b: !ascendc.tbuf<veccalc>) {
  %t = ascendc.que_bind.alloc_tensor %b : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xui8>
  ascendc.que_bind.enque_tensor %b, %t : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xui8>
  %d = ascendc.que_bind.deque_tensor %b : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xf32>
  ascendc.que_bind.free_tensor %b, %d : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xf32>
  func.return
}
