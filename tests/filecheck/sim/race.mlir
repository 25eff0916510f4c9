// RUN: not ascdsl-sim %s --arg x=f32[64]:ones --arg y=f32[64]:arange --arg z=f32[64] 2>&1 | filecheck %s
// RUN: ascdsl-sim %s --sanitize warn --arg x=f32[64]:ones --arg y=f32[64]:arange --arg z=f32[64] --expect "z = x + y" 2>&1 | filecheck %s --check-prefix=WARN

// The MTE2 -> V wait_flag is missing: the add may read UB before the copies landed.
func.func @vadd(%x: memref<?xf32, 22>, %y: memref<?xf32, 22>, %z: memref<?xf32, 22>) attributes {ascendc.global} {
  %c64 = arith.constant 64 : i32
  %c0 = arith.constant 0 : i32
  %gx = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  %gy = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  %gz = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %gx, %x : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  ascendc.global_tensor.set_global_buffer %gy, %y : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  ascendc.global_tensor.set_global_buffer %gz, %z : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %pipe = ascendc.pipe
  %buf = ascendc.tbuf : <veccalc>
  %c768 = arith.constant 768 : i32
  ascendc.pipe.init_buffer %pipe, %buf, %c768 : !ascendc.tbuf<veccalc>, i32
  %c256 = arith.constant 256 : i32
  %c512 = arith.constant 512 : i32
  %xl = ascendc.tbuf.get_with_offset %buf, %c64, %c0 : !ascendc.tbuf<veccalc>, i32, i32, !ascendc.local_tensor<64xf32>
  %yl = ascendc.tbuf.get_with_offset %buf, %c64, %c256 : !ascendc.tbuf<veccalc>, i32, i32, !ascendc.local_tensor<64xf32>
  %zl = ascendc.tbuf.get_with_offset %buf, %c64, %c512 : !ascendc.tbuf<veccalc>, i32, i32, !ascendc.local_tensor<64xf32>
  ascendc.data_copy_l2 %xl, %gx, %c64 : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
  ascendc.data_copy_l2 %yl, %gy, %c64 : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
  ascendc.add_l2 %zl, %xl, %yl, %c64 : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
  %id2 = ascendc.pipe.fetch_event_id %pipe, v_mte3 : i32
  ascendc.set_flag v_mte3, %id2 : i32
  ascendc.wait_flag v_mte3, %id2 : i32
  ascendc.data_copy_l2 %gz, %zl, %c64 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<64xf32>, i32
  ascendc.pipe_barrier pipe_all
  func.return
}

// CHECK: race.mlir:25:3: error: RaceError: 'ascendc.add_l2' op on PIPE_V reads UB bytes [0, 256) while 'ascendc.data_copy_l2' on PIPE_MTE2 may still be writing them
// CHECK-SAME: set_flag/wait_flag mte2_v
// CHECK-NEXT: ascendc.add_l2 %zl, %xl, %yl, %c64
// CHECK-NEXT: {{^  \^$}}
// CHECK-NEXT: race.mlir:23:3: note: the conflicting write ('ascendc.data_copy_l2' on PIPE_MTE2)

// WARN: kernel vadd on Ascend910B1, 1 core(s), sanitizer warn
// WARN: findings: 2
// WARN: checks: 1 passed
// WARN: race.mlir:25:3: error: RaceError
// WARN: race.mlir:25:3: error: RaceError: {{.*}} reads UB bytes [256, 512)
// WARN: race.mlir:24:3: note
