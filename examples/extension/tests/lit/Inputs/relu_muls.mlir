// y = max(x, 0) * s in 256-element tiles, written as Relu then an in-place Muls, with
// compiler-managed tensors and no synchronization but the PIPE_V barrier the Muls needs
// after the Relu (`ascdsl-default` adds the rest).
func.func @relu_muls(%x: memref<?xf32, 22>, %y: memref<?xf32, 22>, %n: i32, %s: f32) attributes {ascendc.global} {
  %gx = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  %gy = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %gx, %x : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  ascendc.global_tensor.set_global_buffer %gy, %y : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %a = ascendc.local_tensor_auto() : <256xf32>
  %b = ascendc.local_tensor_auto() : <256xf32>
  %tile = arith.constant 256 : i32
  %tiles = arith.divsi %n, %tile : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %tiles step %c1 : i32 {
    %start = arith.muli %i, %tile : i32
    %sx = ascendc.global_tensor.subindex %gx[%start] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    ascendc.data_copy_l2 %a, %sx, %tile : !ascendc.local_tensor<256xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.relu_l2 %b, %a, %tile : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32
    ascendc.pipe_barrier pipe_v
    ascendc.muls_l2 %b, %b, %s, %tile : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, f32, i32
    %sy = ascendc.global_tensor.subindex %gy[%start] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    ascendc.data_copy_l2 %sy, %b, %tile : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<256xf32>, i32
  }
  func.return
}
