// z = x + y in 256-element tiles with compiler-managed tensors (local_tensor_auto) and no
// synchronization: `--ascdsl-default` gives the tensors queue buffers and inserts the sync.
//   ascdsl-opt examples/ir/vadd_auto.mlir --ascdsl-default -t ascendc
//   ascdsl-sim examples/ir/vadd_auto.mlir -p ascdsl-default --cores 8 --arg x=f32[16384]:rand \
//       --arg y=f32[16384]:rand --arg z=f32[16384] --arg n=2048 --expect "z = x + y"
func.func @vadd(%x: memref<?xf32, 22>, %y: memref<?xf32, 22>, %z: memref<?xf32, 22>, %n: i32) attributes {ascendc.global} {
  %gx = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  %gy = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  %gz = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  %core = ascendc.get_block_idx : i32
  %off = arith.muli %core, %n : i32
  %px = emitasc.ptr_offset %x[%off] : memref<?xf32, 22>, i32, memref<?xf32, 22>
  ascendc.global_tensor.set_global_buffer %gx, %px : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %py = emitasc.ptr_offset %y[%off] : memref<?xf32, 22>, i32, memref<?xf32, 22>
  ascendc.global_tensor.set_global_buffer %gy, %py : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %pz = emitasc.ptr_offset %z[%off] : memref<?xf32, 22>, i32, memref<?xf32, 22>
  ascendc.global_tensor.set_global_buffer %gz, %pz : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %a = ascendc.local_tensor_auto() : <256xf32>
  %b = ascendc.local_tensor_auto() : <256xf32>
  %c = ascendc.local_tensor_auto() : <256xf32>
  %tile = arith.constant 256 : i32
  %tiles = arith.divsi %n, %tile : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %tiles step %c1 : i32 {
    %start = arith.muli %i, %tile : i32
    %sx = ascendc.global_tensor.subindex %gx[%start] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    ascendc.data_copy_l2 %a, %sx, %tile : !ascendc.local_tensor<256xf32>, !ascendc.global_tensor<*xf32>, i32
    %sy = ascendc.global_tensor.subindex %gy[%start] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    ascendc.data_copy_l2 %b, %sy, %tile : !ascendc.local_tensor<256xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.add_l2 %c, %a, %b, %tile : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32
    %sz = ascendc.global_tensor.subindex %gz[%start] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    ascendc.data_copy_l2 %sz, %c, %tile : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<256xf32>, i32
  }
  func.return
}
