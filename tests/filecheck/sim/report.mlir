// RUN: ascdsl-sim %s --cores 2 --arg x=f32[1024]:rand --arg y=f32[1024]:rand --arg z=f32[1024] --arg n=512 --expect "z = 2 * x + y" | filecheck %s

// z = 2x + y per core on 512-element slices, through a queue pair and hand-written offsets.
func.func @axpy(%x: memref<?xf32, 22>, %y: memref<?xf32, 22>, %z: memref<?xf32, 22>, %n: i32) attributes {ascendc.global} {
  %idx = ascendc.get_block_idx : i32
  %off = arith.muli %idx, %n : i32
  %xp = emitasc.ptr_offset %x[%off] : memref<?xf32, 22>, i32, memref<?xf32, 22>
  %yp = emitasc.ptr_offset %y[%off] : memref<?xf32, 22>, i32, memref<?xf32, 22>
  %zp = emitasc.ptr_offset %z[%off] : memref<?xf32, 22>, i32, memref<?xf32, 22>
  %gx = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  %gy = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  %gz = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %gx, %xp, %n : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>, i32
  ascendc.global_tensor.set_global_buffer %gy, %yp, %n : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>, i32
  ascendc.global_tensor.set_global_buffer %gz, %zp, %n : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>, i32
  %pipe = ascendc.pipe
  %qin = ascendc.queue : <vecin, 1>
  %qout = ascendc.queue : <vecout, 1>
  %c1 = arith.constant 1 : i32
  %c4096 = arith.constant 4096 : i32
  ascendc.pipe.init_queue %pipe, %qin, %c1, %c4096 : !ascendc.queue<vecin, 1>, i32, i32
  ascendc.pipe.init_queue %pipe, %qout, %c1, %c4096 : !ascendc.queue<vecout, 1>, i32, i32
  %a = ascendc.que_bind.alloc_tensor %qin : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
  %c512 = arith.constant 512 : i32
  %b = ascendc.local_tensor.subindex %a[%c512] : !ascendc.local_tensor<*xf32>, i32, !ascendc.local_tensor<*xf32>
  ascendc.data_copy_l2 %a, %gx, %n : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
  ascendc.data_copy_l2 %b, %gy, %n : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
  ascendc.que_bind.enque_tensor %qin, %a : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
  %xa = ascendc.que_bind.deque_tensor %qin : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
  %ya = ascendc.local_tensor.subindex %xa[%c512] : !ascendc.local_tensor<*xf32>, i32, !ascendc.local_tensor<*xf32>
  %o = ascendc.que_bind.alloc_tensor %qout : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
  %two = arith.constant 2.0 : f32
  ascendc.muls_l2 %o, %xa, %two, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, f32, i32
  ascendc.pipe_barrier pipe_v
  ascendc.add_l2 %o, %o, %ya, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  ascendc.que_bind.enque_tensor %qout, %o : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
  ascendc.que_bind.free_tensor %qin, %xa : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
  %oc = ascendc.que_bind.deque_tensor %qout : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
  ascendc.data_copy_l2 %gz, %oc, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  ascendc.que_bind.free_tensor %qout, %oc : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<*xf32>
  ascendc.pipe_barrier pipe_all
  func.return
}

// CHECK: kernel axpy on Ascend910B1, 2 core(s), sanitizer raise
// CHECK-NEXT: time: {{[0-9,]+}} cycles = {{[0-9.]+}} us at 1850 MHz
// CHECK: PIPE_V
// CHECK: PIPE_MTE2
// CHECK: PIPE_MTE3
// CHECK: ops executed:
// CHECK: 6  ascendc.data_copy_l2
// CHECK: findings: none
// CHECK: checks: 1 passed
