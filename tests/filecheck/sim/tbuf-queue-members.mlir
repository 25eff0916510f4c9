// RUN: not ascdsl-sim %s --kernel tbuf_enque_is_no_sync --auto-sync=off --arg x=f32[64]:ones --arg z=f32[64] 2>&1 | filecheck %s
// RUN: ascdsl-sim %s --kernel tbuf_enque_is_no_sync -p ascdsl-default --auto-sync=off --arg x=f32[64]:arange --arg z=f32[64] --expect "z = x + x" 2>&1 | filecheck %s --check-prefix=SYNC
// RUN: ascdsl-opt %s --ascdsl-default | filecheck %s --check-prefix=IR

// EnQue and DeQue on a TBuf are no-ops in the headers (TBuf derives from TQueBind and overrides
// them with `(void)(0)`): they do not order the copy-in before the add, as a TQue's would.
func.func @tbuf_enque_is_no_sync(%x: memref<?xf32, 22>, %z: memref<?xf32, 22>) attributes {ascendc.global} {
  %c64 = arith.constant 64 : i32
  %gx = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  %gz = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %gx, %x : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  ascendc.global_tensor.set_global_buffer %gz, %z : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %pipe = ascendc.pipe
  %a = ascendc.tbuf : <vecin>
  %b = ascendc.tbuf : <vecout>
  %c256 = arith.constant 256 : i32
  ascendc.pipe.init_buffer %pipe, %a, %c256 : !ascendc.tbuf<vecin>, i32
  ascendc.pipe.init_buffer %pipe, %b, %c256 : !ascendc.tbuf<vecout>, i32
  %t = ascendc.que_bind.alloc_tensor %a : !ascendc.tbuf<vecin>, !ascendc.local_tensor<64xf32>
  ascendc.data_copy_l2 %t, %gx, %c64 : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
  ascendc.que_bind.enque_tensor %a, %t : !ascendc.tbuf<vecin>, !ascendc.local_tensor<64xf32>
  %d = ascendc.que_bind.deque_tensor %a : !ascendc.tbuf<vecin>, !ascendc.local_tensor<64xf32>
  %u = ascendc.que_bind.alloc_tensor %b : !ascendc.tbuf<vecout>, !ascendc.local_tensor<64xf32>
  ascendc.add_l2 %u, %d, %d, %c64 : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
  %id = ascendc.pipe.fetch_event_id %pipe, v_mte3 : i32
  ascendc.set_flag v_mte3, %id : i32
  ascendc.wait_flag v_mte3, %id : i32
  ascendc.data_copy_l2 %gz, %u, %c64 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<64xf32>, i32
  ascendc.que_bind.free_tensor %a, %d : !ascendc.tbuf<vecin>, !ascendc.local_tensor<64xf32>
  ascendc.que_bind.free_tensor %b, %u : !ascendc.tbuf<vecout>, !ascendc.local_tensor<64xf32>
  ascendc.pipe_barrier pipe_all
  func.return
}

// CHECK: tbuf-queue-members.mlir:24:3: error: RaceError: 'ascendc.add_l2' op on PIPE_V reads UB bytes [0, 256) while 'ascendc.data_copy_l2' on PIPE_MTE2 may still be writing them

// SYNC: checks: 1 passed

// ascdsl's sync orders the tensor with flags, as for TBuf.Get: the TBuf's EnQue is gone (erase-sync
// drops the user's sync before inserting its own), its DeQue is the Get it is, none are added.
// IR:      ascendc.data_copy_l2
// IR-NOT:  ascendc.que_bind.enque_tensor
// IR:      ascendc.set_flag mte2_v
// IR-NEXT: ascendc.wait_flag mte2_v
// IR-NEXT: ascendc.add_l2
// IR-NOT:  ascendc.que_bind.deque_tensor

// A TBuf's DeQue with no EnQue before it is valid (it is Get<T>()): ascdsl's passes keep it as
// the TBuf's Get.
// IR-LABEL: func.func @tbuf_deque_alone
// IR:       [[B:%[^ ]+]] = ascendc.tbuf : <veccalc>
// IR:       ascendc.tbuf.get_tensor [[B]] : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<64xf32>
// IR-NOT:   ascendc.que_bind.deque_tensor
// IR:       return
func.func @tbuf_deque_alone(%x: memref<?xf32, 22>) attributes {ascendc.global} {
  %c64 = arith.constant 64 : i32
  %gx = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %gx, %x : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %pipe = ascendc.pipe
  %b = ascendc.tbuf : <veccalc>
  %c256 = arith.constant 256 : i32
  ascendc.pipe.init_buffer %pipe, %b, %c256 : !ascendc.tbuf<veccalc>, i32
  %d = ascendc.que_bind.deque_tensor %b : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<64xf32>
  ascendc.data_copy_l2 %d, %gx, %c64 : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
  func.return
}
