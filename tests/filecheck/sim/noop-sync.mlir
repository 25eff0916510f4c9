// PipeBarrier<PIPE_S> and SetFlag/WaitFlag<HardEvent::MAX> are valid IR (pyasc writes them)
// and compile on the 910B; they order nothing. The simulator runs them as no-ops, reports each
// once as a warning finding, and the kernel's result is unchanged.
// RUN: ascdsl-sim %s --arg x=f32[256]:rand --arg z=f32[256] --expect "z = x" 2>&1 | filecheck %s

// CHECK-DAG: noop-sync.mlir:[[# @LINE + 16]]:3: warning: InvalidArgumentError: 'ascendc.pipe_barrier' op PipeBarrier<PIPE_S> orders nothing (the scalar pipe runs in order); the 910B headers ASCENDC_DEBUG_ASSERT on it (kernel_reg.h), so a CPU-debug or ASCENDC_DEBUG build aborts here
// CHECK-DAG: noop-sync.mlir:[[# @LINE + 18]]:3: warning: EventError: 'ascendc.set_flag' op SetFlag<HardEvent::MAX> orders nothing: MAX is the enum's bound, and the headers compile it to no instruction (kernel_event.h)
// CHECK-DAG: noop-sync.mlir:[[# @LINE + 18]]:3: warning: EventError: 'ascendc.wait_flag' op WaitFlag<HardEvent::MAX> orders nothing
// CHECK-DAG: findings: 3 (3 warnings)
// CHECK-DAG: checks: 1 passed
func.func @copy(%x: memref<?xf32, 22>, %z: memref<?xf32, 22>) attributes {ascendc.global} {
  %n = arith.constant 256 : i32
  %gx = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  %gz = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %gx, %x, %n : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>, i32
  ascendc.global_tensor.set_global_buffer %gz, %z, %n : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>, i32
  %pipe = ascendc.pipe
  %buf = ascendc.tbuf : <vecin>
  %size = arith.constant 1024 : i32
  ascendc.pipe.init_buffer %pipe, %buf, %size : !ascendc.tbuf<vecin>, i32
  %t = ascendc.tbuf.get_tensor %buf : !ascendc.tbuf<vecin>, !ascendc.local_tensor<*xf32>
  ascendc.pipe_barrier pipe_s
  ascendc.data_copy_l2 %t, %gx, %n : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
  %id = arith.constant 0 : i32
  ascendc.set_flag max, %id : i32
  ascendc.wait_flag max, %id : i32
  ascendc.set_flag mte2_mte3, %id : i32
  ascendc.wait_flag mte2_mte3, %id : i32
  ascendc.data_copy_l2 %gz, %t, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  func.return
}
