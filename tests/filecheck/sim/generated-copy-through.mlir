// The sync generator's first shrunk failure (tests/unit/transforms/test_sync_generator.py):
// a copy into an auto tensor and straight back out. After the default pipeline it should run
// clean: insert-que-sync (the first layer) orders the copy-through (MTE2 -> MTE3); it raced
// before the dataflow placement (issue 16 item 3).
// RUN: ascdsl-sim %s -p ascdsl-default --arg x0=f32[64]:rand --arg z=f32[64] --expect "z = x0"
func.func @k(%x0: memref<?xf32, 22>, %z: memref<?xf32, 22>) attributes {ascendc.global} {
  %g0 = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %g0, %x0 : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %gz = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %gz, %z : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %t0 = ascendc.local_tensor_auto() : <64xf32>
  %n = arith.constant 64 : i32
  ascendc.data_copy_l2 %t0, %g0, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
  ascendc.data_copy_l2 %gz, %t0, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<64xf32>, i32
  func.return
}
