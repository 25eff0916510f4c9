// Issue 16's kernels, as a new user writes them: each runs clean and right after the default
// pipeline, and without the synchronisation the pipeline placed (`erase-sync` after it) it
// races, with a finding that names the layer which would have had to order the pair.
// relu(b, a); muls(b, b) (V -> V, bisheng's layer) is sim/auto-sync.mlir; static tensors
// with pyasc's placement, transforms/insert-que-sync-tutorial-01.mlir.
//
// Copy-through: GM -> auto tensor -> GM (MTE2 -> MTE3).
// RUN: ascdsl-sim %s --kernel copy_through -p ascdsl-default --cores 2 --arg x=f32[128]:randn --arg z=f32[128] --expect "z = x" | filecheck %s --check-prefix=CLEAN
// RUN: not ascdsl-sim %s --kernel copy_through -p ascdsl-default,erase-sync --cores 2 --arg x=f32[128]:randn --arg z=f32[128] 2>&1 | filecheck %s --check-prefix=THROUGH
// In place: a copy into an auto tensor, then a vector op on it in place (MTE2 -> V).
// RUN: ascdsl-sim %s --kernel in_place -p ascdsl-default --cores 2 --arg x=f32[128]:randn --arg z=f32[128] --expect "z = x * 2" | filecheck %s --check-prefix=CLEAN
// RUN: not ascdsl-sim %s --kernel in_place -p ascdsl-default,erase-sync --cores 2 --arg x=f32[128]:randn --arg z=f32[128] 2>&1 | filecheck %s --check-prefix=INPLACE
// A queue-less TBuf reused by every tile of a loop (MTE2 -> V -> MTE3, and back over the
// back edge: the next copy-in must wait for this tile's copy-out).
// RUN: ascdsl-sim %s --kernel tbuf_tiles -p ascdsl-default --cores 2 --arg x=f32[512]:randn --arg z=f32[512] --expect "z = x + 1" | filecheck %s --check-prefix=CLEAN
// RUN: not ascdsl-sim %s --kernel tbuf_tiles -p ascdsl-default,erase-sync --cores 2 --arg x=f32[512]:randn --arg z=f32[512] 2>&1 | filecheck %s --check-prefix=TBUF
// Static tensors (LocalTensor at a fixed UB address), the same loop. Neither a TBuf nor a
// static tensor has a queue, so the TQue framework orders nothing of theirs: the race is the
// author's (with insert_sync, insert-que-sync's).
// RUN: ascdsl-sim %s --kernel static_tiles -p ascdsl-default --cores 2 --arg x=f32[512]:randn --arg z=f32[512] --expect "z = x * 3" | filecheck %s --check-prefix=CLEAN
// RUN: not ascdsl-sim %s --kernel static_tiles -p ascdsl-default,erase-sync --cores 2 --arg x=f32[512]:randn --arg z=f32[512] 2>&1 | filecheck %s --check-prefix=STATIC

// CLEAN: findings: none
// CLEAN: checks: 1 passed

// THROUGH: RaceError: 'ascendc.data_copy_l2' op on PIPE_MTE3 reads UB
// THROUGH-SAME: 'ascendc.data_copy_l2' on PIPE_MTE2
// THROUGH-SAME: layer: the TQue framework orders PIPE_MTE2 -> PIPE_MTE3

// INPLACE: RaceError: 'ascendc.muls_l2' op on PIPE_V reads UB
// INPLACE-SAME: 'ascendc.data_copy_l2' on PIPE_MTE2
// INPLACE-SAME: layer: the TQue framework orders PIPE_MTE2 -> PIPE_V

// TBUF: RaceError: 'ascendc.adds_l2' op on PIPE_V reads UB
// TBUF-SAME: 'ascendc.data_copy_l2' on PIPE_MTE2
// TBUF-SAME: layer: the kernel's author

// STATIC: RaceError: 'ascendc.muls_l2' op on PIPE_V reads UB
// STATIC-SAME: 'ascendc.data_copy_l2' on PIPE_MTE2
// STATIC-SAME: layer: the kernel's author

func.func @copy_through(%x: memref<?xf32, 22>, %z: memref<?xf32, 22>) attributes {ascendc.global} {
  %gx = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  %gz = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  %n = arith.constant 64 : i32
  %core = ascendc.get_block_idx : i32
  %off32 = arith.muli %core, %n : i32
  %off = arith.index_cast %off32 : i32 to index
  %xo = emitasc.ptr_offset %x[%off] : memref<?xf32, 22>, memref<?xf32, 22>
  %zo = emitasc.ptr_offset %z[%off] : memref<?xf32, 22>, memref<?xf32, 22>
  ascendc.global_tensor.set_global_buffer %gx, %xo : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  ascendc.global_tensor.set_global_buffer %gz, %zo : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %a = ascendc.local_tensor_auto() : <64xf32>
  ascendc.data_copy_l2 %a, %gx, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
  ascendc.data_copy_l2 %gz, %a, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<64xf32>, i32
  func.return
}

func.func @in_place(%x: memref<?xf32, 22>, %z: memref<?xf32, 22>) attributes {ascendc.global} {
  %gx = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  %gz = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  %n = arith.constant 64 : i32
  %core = ascendc.get_block_idx : i32
  %off32 = arith.muli %core, %n : i32
  %off = arith.index_cast %off32 : i32 to index
  %xo = emitasc.ptr_offset %x[%off] : memref<?xf32, 22>, memref<?xf32, 22>
  %zo = emitasc.ptr_offset %z[%off] : memref<?xf32, 22>, memref<?xf32, 22>
  ascendc.global_tensor.set_global_buffer %gx, %xo : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  ascendc.global_tensor.set_global_buffer %gz, %zo : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %a = ascendc.local_tensor_auto() : <64xf32>
  %two = arith.constant 2.0 : f32
  ascendc.data_copy_l2 %a, %gx, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
  ascendc.muls_l2 %a, %a, %two, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, f32, i32
  ascendc.data_copy_l2 %gz, %a, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<64xf32>, i32
  func.return
}

func.func @tbuf_tiles(%x: memref<?xf32, 22>, %z: memref<?xf32, 22>) attributes {ascendc.global} {
  %gx = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  %gz = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  %n = arith.constant 64 : i32
  %per_core = arith.constant 256 : i32
  %core = ascendc.get_block_idx : i32
  %off32 = arith.muli %core, %per_core : i32
  %off = arith.index_cast %off32 : i32 to index
  %xo = emitasc.ptr_offset %x[%off] : memref<?xf32, 22>, memref<?xf32, 22>
  %zo = emitasc.ptr_offset %z[%off] : memref<?xf32, 22>, memref<?xf32, 22>
  ascendc.global_tensor.set_global_buffer %gx, %xo : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  ascendc.global_tensor.set_global_buffer %gz, %zo : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %p = ascendc.pipe
  %b = ascendc.tbuf : <veccalc>
  %bytes = arith.constant 256 : i32
  ascendc.pipe.init_buffer %p, %b, %bytes : !ascendc.tbuf<veccalc>, i32
  %t = ascendc.tbuf.get_tensor %b : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<64xf32>
  %one = arith.constant 1.0 : f32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  scf.for %i = %c0 to %c4 step %c1 : i32 {
    %o = arith.muli %i, %n : i32
    %xi = ascendc.global_tensor.subindex %gx[%o] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    %zi = ascendc.global_tensor.subindex %gz[%o] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    ascendc.data_copy_l2 %t, %xi, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.adds_l2 %t, %t, %one, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, f32, i32
    ascendc.data_copy_l2 %zi, %t, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<64xf32>, i32
  }
  func.return
}

func.func @static_tiles(%x: memref<?xf32, 22>, %z: memref<?xf32, 22>) attributes {ascendc.global} {
  %gx = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  %gz = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  %n = arith.constant 64 : i32
  %per_core = arith.constant 256 : i32
  %core = ascendc.get_block_idx : i32
  %off32 = arith.muli %core, %per_core : i32
  %off = arith.index_cast %off32 : i32 to index
  %xo = emitasc.ptr_offset %x[%off] : memref<?xf32, 22>, memref<?xf32, 22>
  %zo = emitasc.ptr_offset %z[%off] : memref<?xf32, 22>, memref<?xf32, 22>
  ascendc.global_tensor.set_global_buffer %gx, %xo : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  ascendc.global_tensor.set_global_buffer %gz, %zo : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %in_addr = "emitc.constant"() <{value = 0 : ui32}> : () -> ui32
  %out_addr = "emitc.constant"() <{value = 256 : ui32}> : () -> ui32
  %len = "emitc.constant"() <{value = 64 : ui32}> : () -> ui32
  %xl = ascendc.local_tensor_v2 vecin, %in_addr, %len : !ascendc.local_tensor<*xf32>
  %zl = ascendc.local_tensor_v2 vecout, %out_addr, %len : !ascendc.local_tensor<*xf32>
  %three = arith.constant 3.0 : f32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  scf.for %i = %c0 to %c4 step %c1 : i32 {
    %o = arith.muli %i, %n : i32
    %xi = ascendc.global_tensor.subindex %gx[%o] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    %zi = ascendc.global_tensor.subindex %gz[%o] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    ascendc.data_copy_l2 %xl, %xi, %n : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.muls_l2 %zl, %xl, %three, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, f32, i32
    ascendc.data_copy_l2 %zi, %zl, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
  }
  func.return
}
