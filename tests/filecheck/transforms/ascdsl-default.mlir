// RUN: ascdsl-opt %s --ascdsl-default | filecheck %s
// Neither layer: no insert-que-sync, and no cce-auto-sync (which would add bisheng's V -> V barrier).
// RUN: ascdsl-opt %s -p 'ascdsl-default{insert-sync=false auto-sync=false}' | filecheck %s --check-prefix=NOSYNC
// RUN: ascdsl-opt %s -p privatize-func,inline,symbol-dce,canonicalize,input-output-tensor,hoist-ub-allocation,materialize-tensor,unify-pipe,canonicalize,cse,erase-sync,hoist-que-bind,insert-que-sync,unify-pipe,canonicalize | filecheck %s

// The helpers are inlined and dropped; only the kernel is left.
// CHECK-NOT: func.func @copy_in
// CHECK-NOT: func.func @compute
// CHECK-NOT: func.func @copy_out

// Without the synchronization half (insert-sync=false, as pyasc's insert_sync=False): no
// enque/deque/barrier, and the queues stay in the loop where materialize-tensor made them
// (hoist-que-bind belongs to that half too).
// NOSYNC-LABEL: func.func @vadd(
// NOSYNC:         scf.for
// NOSYNC-NEXT:      %[[Q:.*]] = ascendc.queue : <vecin, 1>
// NOSYNC-NEXT:      ascendc.pipe.init_queue %{{.*}}, %[[Q]]
// NOSYNC-NEXT:      %[[T:.*]] = ascendc.que_bind.alloc_tensor %[[Q]]
// NOSYNC-NEXT:      ascendc.global_tensor.subindex
// NOSYNC-NEXT:      ascendc.data_copy_l2 %[[T]]
// NOSYNC-NOT:     enque_tensor
// NOSYNC-NOT:     deque_tensor
// NOSYNC-NOT:     pipe_barrier
// NOSYNC:         return

// A LocalTensorAuto vadd kernel (pyasc's insert_sync/test_vadd): z = x + y over tiles, with
// jit helpers for copy-in, compute and copy-out that the pipeline inlines; one temporary
// (never copied to or from GM) lives in a TBuf allocated once, outside the loop.
func.func @copy_in(%g: !ascendc.global_tensor<*xf32>, %off: index, %n: i32) -> !ascendc.local_tensor<128xf32> {
  %t = ascendc.local_tensor_auto() : <128xf32>
  %src = ascendc.global_tensor.subindex %g[%off] : !ascendc.global_tensor<*xf32>, index, !ascendc.global_tensor<*xf32>
  ascendc.data_copy_l2 %t, %src, %n : !ascendc.local_tensor<128xf32>, !ascendc.global_tensor<*xf32>, i32
  func.return %t : !ascendc.local_tensor<128xf32>
}

func.func @compute(%x: !ascendc.local_tensor<128xf32>, %y: !ascendc.local_tensor<128xf32>, %scale: f32, %n: i32) -> !ascendc.local_tensor<128xf32> {
  %sum = ascendc.local_tensor_auto() : <128xf32>
  ascendc.add_l2 %sum, %x, %y, %n : !ascendc.local_tensor<128xf32>, !ascendc.local_tensor<128xf32>, !ascendc.local_tensor<128xf32>, i32
  %z = ascendc.local_tensor_auto() : <128xf32>
  ascendc.muls_l2 %z, %sum, %scale, %n : !ascendc.local_tensor<128xf32>, !ascendc.local_tensor<128xf32>, f32, i32
  func.return %z : !ascendc.local_tensor<128xf32>
}

func.func @copy_out(%g: !ascendc.global_tensor<*xf32>, %off: index, %z: !ascendc.local_tensor<128xf32>, %n: i32) {
  %dst = ascendc.global_tensor.subindex %g[%off] : !ascendc.global_tensor<*xf32>, index, !ascendc.global_tensor<*xf32>
  ascendc.data_copy_l2 %dst, %z, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<128xf32>, i32
  func.return
}

// CHECK-LABEL: func.func @vadd(
// CHECK-NEXT:    %0 = ascendc.pipe
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK-NEXT:    %c128 = arith.constant 128 : index
// CHECK-NEXT:    %c1024 = arith.constant 1024 : index
// CHECK-NEXT:    %c128_i32 = arith.constant 128 : i32
// CHECK-NEXT:    %cst = arith.constant 5.000000e-01 : f32
// CHECK-NEXT:    [[GX:%[0-9]+]] = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
// CHECK-NEXT:    ascendc.global_tensor.set_global_buffer [[GX]], %arg0 : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
// CHECK-NEXT:    [[GY:%[0-9]+]] = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
// CHECK-NEXT:    ascendc.global_tensor.set_global_buffer [[GY]], %arg1 : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
// CHECK-NEXT:    [[GZ:%[0-9]+]] = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
// CHECK-NEXT:    ascendc.global_tensor.set_global_buffer [[GZ]], %arg2 : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
// CHECK-NEXT:    %c512_i64 = arith.constant 512 : i64
// CHECK-NEXT:    [[V1:%[0-9]+]] = ascendc.tbuf : <veccalc>
// CHECK-NEXT:    ascendc.pipe.init_buffer %0, [[V1]], %c512_i64 : !ascendc.tbuf<veccalc>, i64
// CHECK-NEXT:    [[SUM:%[0-9]+]] = ascendc.tbuf.get_tensor [[V1]] : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<128xf32>
// CHECK-NEXT:    %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:    [[V2:%[0-9]+]] = ascendc.queue : <vecin, 1>
// CHECK-NEXT:    ascendc.pipe.init_queue %0, [[V2]], %c1_i32, %c512_i64 : !ascendc.queue<vecin, 1>, i32, i64
// CHECK-NEXT:    [[V3:%[0-9]+]] = ascendc.queue : <vecin, 1>
// CHECK-NEXT:    ascendc.pipe.init_queue %0, [[V3]], %c1_i32, %c512_i64 : !ascendc.queue<vecin, 1>, i32, i64
// CHECK-NEXT:    [[V4:%[0-9]+]] = ascendc.queue : <vecout, 1>
// CHECK-NEXT:    ascendc.pipe.init_queue %0, [[V4]], %c1_i32, %c512_i64 : !ascendc.queue<vecout, 1>, i32, i64
// CHECK-NEXT:    scf.for %arg3 = %c0 to %c1024 step %c128 {
// CHECK-NEXT:      [[T:%[0-9]+]] = ascendc.que_bind.alloc_tensor [[V2]] : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<128xf32>
// CHECK-NEXT:      [[SRC:%[0-9]+]] = ascendc.global_tensor.subindex [[GX]][%arg3] : !ascendc.global_tensor<*xf32>, index, !ascendc.global_tensor<*xf32>
// CHECK-NEXT:      ascendc.data_copy_l2 [[T]], [[SRC]], %c128_i32 : !ascendc.local_tensor<128xf32>, !ascendc.global_tensor<*xf32>, i32
// CHECK-NEXT:      ascendc.que_bind.enque_tensor [[V2]], [[T]] : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<128xf32>
// CHECK-NEXT:      [[T_1:%[0-9]+]] = ascendc.que_bind.alloc_tensor [[V3]] : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<128xf32>
// CHECK-NEXT:      [[SRC_1:%[0-9]+]] = ascendc.global_tensor.subindex [[GY]][%arg3] : !ascendc.global_tensor<*xf32>, index, !ascendc.global_tensor<*xf32>
// CHECK-NEXT:      ascendc.data_copy_l2 [[T_1]], [[SRC_1]], %c128_i32 : !ascendc.local_tensor<128xf32>, !ascendc.global_tensor<*xf32>, i32
// CHECK-NEXT:      ascendc.que_bind.enque_tensor [[V3]], [[T_1]] : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<128xf32>
// CHECK-NEXT:      [[T_2:%[0-9]+]] = ascendc.que_bind.deque_tensor [[V2]] : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<128xf32>
// CHECK-NEXT:      [[T_3:%[0-9]+]] = ascendc.que_bind.deque_tensor [[V3]] : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<128xf32>
// CHECK-NEXT:      ascendc.add_l2 [[SUM]], [[T_2]], [[T_3]], %c128_i32 : !ascendc.local_tensor<128xf32>, !ascendc.local_tensor<128xf32>, !ascendc.local_tensor<128xf32>, i32
// CHECK-NEXT:      [[Z_1:%[0-9]+]] = ascendc.que_bind.alloc_tensor [[V4]] : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<128xf32>
// CHECK-NEXT:      ascendc.pipe_barrier pipe_v
// CHECK-NEXT:      ascendc.muls_l2 [[Z_1]], [[SUM]], %cst, %c128_i32 : !ascendc.local_tensor<128xf32>, !ascendc.local_tensor<128xf32>, f32, i32
// CHECK-NEXT:      ascendc.que_bind.enque_tensor [[V4]], [[Z_1]] : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<128xf32>
// CHECK-NEXT:      [[DST:%[0-9]+]] = ascendc.global_tensor.subindex [[GZ]][%arg3] : !ascendc.global_tensor<*xf32>, index, !ascendc.global_tensor<*xf32>
// CHECK-NEXT:      [[Z_2:%[0-9]+]] = ascendc.que_bind.deque_tensor [[V4]] : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<128xf32>
// CHECK-NEXT:      ascendc.data_copy_l2 [[DST]], [[Z_2]], %c128_i32 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<128xf32>, i32
// CHECK-NEXT:      ascendc.que_bind.free_tensor [[V4]], [[Z_1]] : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<128xf32>
// CHECK-NEXT:      ascendc.que_bind.free_tensor [[V3]], [[T_1]] : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<128xf32>
// CHECK-NEXT:      ascendc.que_bind.free_tensor [[V2]], [[T]] : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<128xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    ascendc.pipe_barrier pipe_all
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @vadd(%x: memref<?xf32, 22>, %y: memref<?xf32, 22>, %z: memref<?xf32, 22>) attributes {ascendc.global} {
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  %c1024 = arith.constant 1024 : index
  %n = arith.constant 128 : i32
  %half = arith.constant 0.5 : f32
  %gx = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %gx, %x : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %gy = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %gy, %y : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %gz = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %gz, %z : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %unused = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  scf.for %off = %c0 to %c1024 step %c128 {
    %xl = func.call @copy_in(%gx, %off, %n) : (!ascendc.global_tensor<*xf32>, index, i32) -> !ascendc.local_tensor<128xf32>
    %yl = func.call @copy_in(%gy, %off, %n) : (!ascendc.global_tensor<*xf32>, index, i32) -> !ascendc.local_tensor<128xf32>
    %zl = func.call @compute(%xl, %yl, %half, %n) : (!ascendc.local_tensor<128xf32>, !ascendc.local_tensor<128xf32>, f32, i32) -> !ascendc.local_tensor<128xf32>
    func.call @copy_out(%gz, %off, %zl, %n) : (!ascendc.global_tensor<*xf32>, index, !ascendc.local_tensor<128xf32>, i32) -> ()
  }
  func.return
}

// Nothing follows the kernel either.
// CHECK-NOT: func.func
