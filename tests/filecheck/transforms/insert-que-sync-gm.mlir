// RUN: ascdsl-opt %s --insert-que-sync | filecheck %s
// RUN: ascdsl-opt %s --insert-que-sync > %t.once.mlir
// RUN: ascdsl-opt %t.once.mlir --insert-que-sync | diff - %t.once.mlir
// RUN: ascdsl-opt %t.once.mlir -p erase-sync,insert-que-sync | diff - %t.once.mlir
// RUN: ascdsl-opt %t.once.mlir --verify-sync 2>&1 >/dev/null | filecheck %s --check-prefix=CLEAN --allow-empty
// RUN: ascdsl-opt %s --verify-sync 2>&1 >/dev/null | filecheck %s --check-prefix=WARN
// GM dependences within a core: nothing but an explicit flag orders an MTE3 store before an
// MTE2 load of the same bytes (the TQue framework orders local buffers only; bisheng's
// auto-sync never orders MTE3 -> MTE2). insert-que-sync compares GM ranges symbolically
// (transforms/gm_ranges.py), so a store followed by a reload of what it stored gets a flag,
// and disjoint ranges (the other half, the next tile of an in-place loop, another argument)
// get none.
// CLEAN-NOT: warning
// WARN: :[[# @LINE + 26]]:3: warning: 'ascendc.data_copy_l2' op unsynchronized MTE3 -> MTE2 dependence
// WARN: :156:5: warning: 'ascendc.data_copy_l2' op unsynchronized MTE3 -> MTE2 dependence

// CHECK-LABEL: func.func @store_then_reload(
// CHECK:         ascendc.data_copy_l2 %1, %4, %c64_i32
// CHECK-NEXT:    %{{.*}} = ascendc.pipe
// CHECK-NEXT:    %[[E:.*]] = ascendc.pipe.fetch_event_id %{{.*}}, mte3_mte2 : i8
// CHECK-NEXT:    ascendc.set_flag mte3_mte2, %[[E]] : i8
// CHECK-NEXT:    ascendc.wait_flag mte3_mte2, %[[E]] : i8
// CHECK-NEXT:    ascendc.data_copy_l2 %6, %1, %c64_i32
func.func @store_then_reload(%x: memref<?xf32, 22>, %z: memref<?xf32, 22>) {
  %n = arith.constant 64 : i32
  %gx = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  %gz = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %gx, %x : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  ascendc.global_tensor.set_global_buffer %gz, %z : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %pipe = ascendc.pipe
  %b = ascendc.tbuf : <vecin>
  %c256 = arith.constant 256 : i32
  ascendc.pipe.init_buffer %pipe, %b, %c256 : !ascendc.tbuf<vecin>, i32
  %t = ascendc.tbuf.get_tensor %b : !ascendc.tbuf<vecin>, !ascendc.local_tensor<64xf32>
  %b2 = ascendc.tbuf : <vecin>
  ascendc.pipe.init_buffer %pipe, %b2, %c256 : !ascendc.tbuf<vecin>, i32
  %t2 = ascendc.tbuf.get_tensor %b2 : !ascendc.tbuf<vecin>, !ascendc.local_tensor<64xf32>
  ascendc.data_copy_l2 %t, %gx, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
  ascendc.data_copy_l2 %gz, %t, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<64xf32>, i32
  ascendc.data_copy_l2 %t2, %gz, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
  ascendc.data_copy_l2 %gx, %t2, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<64xf32>, i32
  return
}

// The reload reads the half after the stored one: no flag.
// CHECK-LABEL: func.func @disjoint_halves(
// CHECK-NOT:     mte3_mte2
// CHECK:         return
func.func @disjoint_halves(%x: memref<?xf32, 22>, %z: memref<?xf32, 22>) {
  %n = arith.constant 64 : i32
  %gx = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  %gz = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %gx, %x : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  ascendc.global_tensor.set_global_buffer %gz, %z : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %pipe = ascendc.pipe
  %b = ascendc.tbuf : <vecin>
  %c256 = arith.constant 256 : i32
  ascendc.pipe.init_buffer %pipe, %b, %c256 : !ascendc.tbuf<vecin>, i32
  %t = ascendc.tbuf.get_tensor %b : !ascendc.tbuf<vecin>, !ascendc.local_tensor<64xf32>
  %b2 = ascendc.tbuf : <vecin>
  ascendc.pipe.init_buffer %pipe, %b2, %c256 : !ascendc.tbuf<vecin>, i32
  %t2 = ascendc.tbuf.get_tensor %b2 : !ascendc.tbuf<vecin>, !ascendc.local_tensor<64xf32>
  ascendc.data_copy_l2 %t, %gx, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
  ascendc.data_copy_l2 %gz, %t, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<64xf32>, i32
  %gz2 = ascendc.global_tensor.subindex %gz[%n] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
  ascendc.data_copy_l2 %t2, %gz2, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
  ascendc.data_copy_l2 %gx, %t2, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<64xf32>, i32
  return
}

// Stored to z, reloaded from x: distinct kernel arguments do not overlap.
// CHECK-LABEL: func.func @distinct_arguments(
// CHECK-NOT:     mte3_mte2
// CHECK:         return
func.func @distinct_arguments(%x: memref<?xf32, 22>, %z: memref<?xf32, 22>) {
  %n = arith.constant 64 : i32
  %gx = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  %gz = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %gx, %x : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  ascendc.global_tensor.set_global_buffer %gz, %z : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %pipe = ascendc.pipe
  %b = ascendc.tbuf : <vecin>
  %c256 = arith.constant 256 : i32
  ascendc.pipe.init_buffer %pipe, %b, %c256 : !ascendc.tbuf<vecin>, i32
  %t = ascendc.tbuf.get_tensor %b : !ascendc.tbuf<vecin>, !ascendc.local_tensor<64xf32>
  %b2 = ascendc.tbuf : <vecin>
  ascendc.pipe.init_buffer %pipe, %b2, %c256 : !ascendc.tbuf<vecin>, i32
  %t2 = ascendc.tbuf.get_tensor %b2 : !ascendc.tbuf<vecin>, !ascendc.local_tensor<64xf32>
  ascendc.data_copy_l2 %t, %gx, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
  ascendc.data_copy_l2 %gz, %t, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<64xf32>, i32
  ascendc.data_copy_l2 %t2, %gx, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
  ascendc.data_copy_l2 %gz, %t2, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<64xf32>, i32
  return
}

// Tile i is read and written back in iteration i: the next iteration's read is the next
// tile (offset i*64 elements, 64 elements long), so the copy-in of tile i+1 may overlap
// the copy-out of tile i.
// CHECK-LABEL: func.func @in_place_tiles(
// CHECK-NOT:     mte3_mte2
// CHECK:         return
func.func @in_place_tiles(%x: memref<?xf32, 22>) {
  %n = arith.constant 64 : i32
  %gx = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %gx, %x : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %pipe = ascendc.pipe
  %c256 = arith.constant 256 : i32
  %b = ascendc.tbuf : <vecin>
  ascendc.pipe.init_buffer %pipe, %b, %c256 : !ascendc.tbuf<vecin>, i32
  %t = ascendc.tbuf.get_tensor %b : !ascendc.tbuf<vecin>, !ascendc.local_tensor<64xf32>
  %b2 = ascendc.tbuf : <vecout>
  ascendc.pipe.init_buffer %pipe, %b2, %c256 : !ascendc.tbuf<vecout>, i32
  %u = ascendc.tbuf.get_tensor %b2 : !ascendc.tbuf<vecout>, !ascendc.local_tensor<64xf32>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c8 = arith.constant 8 : i32
  %one = arith.constant 1.0 : f32
  scf.for %i = %c0 to %c8 step %c1 : i32 {
    %off = arith.muli %i, %n : i32
    %gi = ascendc.global_tensor.subindex %gx[%off] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    ascendc.data_copy_l2 %t, %gi, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.adds_l2 %u, %t, %one, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, f32, i32
    ascendc.data_copy_l2 %gi, %u, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<64xf32>, i32
  }
  return
}

// Iteration i reads tile i-1, which iteration i-1 wrote: a flag before the read.
// CHECK-LABEL: func.func @reload_previous_tile(
// CHECK:         scf.for
// CHECK:           ascendc.set_flag mte3_mte2
// CHECK-NEXT:      ascendc.wait_flag mte3_mte2
// CHECK-NEXT:      ascendc.data_copy_l2 %3, %10, %c64_i32
func.func @reload_previous_tile(%x: memref<?xf32, 22>) {
  %n = arith.constant 64 : i32
  %gx = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %gx, %x : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %pipe = ascendc.pipe
  %c256 = arith.constant 256 : i32
  %b = ascendc.tbuf : <vecin>
  ascendc.pipe.init_buffer %pipe, %b, %c256 : !ascendc.tbuf<vecin>, i32
  %t = ascendc.tbuf.get_tensor %b : !ascendc.tbuf<vecin>, !ascendc.local_tensor<64xf32>
  %b2 = ascendc.tbuf : <vecout>
  ascendc.pipe.init_buffer %pipe, %b2, %c256 : !ascendc.tbuf<vecout>, i32
  %u = ascendc.tbuf.get_tensor %b2 : !ascendc.tbuf<vecout>, !ascendc.local_tensor<64xf32>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c8 = arith.constant 8 : i32
  %one = arith.constant 1.0 : f32
  scf.for %i = %c1 to %c8 step %c1 : i32 {
    %off = arith.muli %i, %n : i32
    %gi = ascendc.global_tensor.subindex %gx[%off] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    %im1 = arith.subi %i, %c1 : i32
    %poff = arith.muli %im1, %n : i32
    %gp = ascendc.global_tensor.subindex %gx[%poff] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    ascendc.data_copy_l2 %t, %gp, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.adds_l2 %u, %t, %one, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, f32, i32
    ascendc.data_copy_l2 %gi, %u, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<64xf32>, i32
  }
  return
}

// Backwards over the tiles: iteration i stores tile 7-i, the next loads tile 6-i.
// CHECK-LABEL: func.func @in_place_reverse(
// CHECK-NOT:     mte3_mte2
// CHECK:         return
func.func @in_place_reverse(%x: memref<?xf32, 22>) {
  %n = arith.constant 64 : i32
  %gx = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %gx, %x : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %pipe = ascendc.pipe
  %c256 = arith.constant 256 : i32
  %b = ascendc.tbuf : <vecin>
  ascendc.pipe.init_buffer %pipe, %b, %c256 : !ascendc.tbuf<vecin>, i32
  %t = ascendc.tbuf.get_tensor %b : !ascendc.tbuf<vecin>, !ascendc.local_tensor<64xf32>
  %b2 = ascendc.tbuf : <vecout>
  ascendc.pipe.init_buffer %pipe, %b2, %c256 : !ascendc.tbuf<vecout>, i32
  %u = ascendc.tbuf.get_tensor %b2 : !ascendc.tbuf<vecout>, !ascendc.local_tensor<64xf32>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c8 = arith.constant 8 : i32
  %one = arith.constant 1.0 : f32
  scf.for %i = %c0 to %c8 step %c1 : i32 {
    %r = arith.subi %c8, %i : i32
    %r1 = arith.subi %r, %c1 : i32
    %off = arith.muli %r1, %n : i32
    %gi = ascendc.global_tensor.subindex %gx[%off] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    ascendc.data_copy_l2 %t, %gi, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.adds_l2 %u, %t, %one, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, f32, i32
    ascendc.data_copy_l2 %gi, %u, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<64xf32>, i32
  }
  return
}

// Loads of 64 elements every 32, stores of 64 every 64: iteration i+1's load overlaps
// iteration i's store.
// CHECK-LABEL: func.func @overlapping_windows(
// CHECK:         scf.for
// CHECK:           ascendc.wait_flag mte3_mte2
// CHECK-NEXT:      ascendc.data_copy_l2 %3, %9, %c64_i32
func.func @overlapping_windows(%x: memref<?xf32, 22>) {
  %n = arith.constant 64 : i32
  %gx = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %gx, %x : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %pipe = ascendc.pipe
  %c256 = arith.constant 256 : i32
  %b = ascendc.tbuf : <vecin>
  ascendc.pipe.init_buffer %pipe, %b, %c256 : !ascendc.tbuf<vecin>, i32
  %t = ascendc.tbuf.get_tensor %b : !ascendc.tbuf<vecin>, !ascendc.local_tensor<64xf32>
  %b2 = ascendc.tbuf : <vecout>
  ascendc.pipe.init_buffer %pipe, %b2, %c256 : !ascendc.tbuf<vecout>, i32
  %u = ascendc.tbuf.get_tensor %b2 : !ascendc.tbuf<vecout>, !ascendc.local_tensor<64xf32>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c8 = arith.constant 8 : i32
  %one = arith.constant 1.0 : f32
  scf.for %i = %c0 to %c8 step %c1 : i32 {
    %off = arith.muli %i, %n : i32
    %gi = ascendc.global_tensor.subindex %gx[%off] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    %c32 = arith.constant 32 : i32
    %half = arith.muli %i, %c32 : i32
    %gh = ascendc.global_tensor.subindex %gx[%half] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    ascendc.data_copy_l2 %t, %gh, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.adds_l2 %u, %t, %one, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, f32, i32
    ascendc.data_copy_l2 %gi, %u, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<64xf32>, i32
  }
  return
}

// A kernel split between cube and vector cores shares GM between cores: only its own
// cross-core flags order that, so GM is not tracked (no flag for the reload).
// CHECK-LABEL: func.func @split_kernel(
// CHECK-NOT:     mte3_mte2
// CHECK:         return
func.func @split_kernel(%x: memref<?xf32, 22>, %z: memref<?xf32, 22>) {
  %n = arith.constant 64 : i32
  %aic = ascendc.ascend_is_aic : i8
  %gx = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  %gz = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %gx, %x : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  ascendc.global_tensor.set_global_buffer %gz, %z : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %pipe = ascendc.pipe
  %b = ascendc.tbuf : <vecin>
  %c256 = arith.constant 256 : i32
  ascendc.pipe.init_buffer %pipe, %b, %c256 : !ascendc.tbuf<vecin>, i32
  %t = ascendc.tbuf.get_tensor %b : !ascendc.tbuf<vecin>, !ascendc.local_tensor<64xf32>
  %b2 = ascendc.tbuf : <vecin>
  ascendc.pipe.init_buffer %pipe, %b2, %c256 : !ascendc.tbuf<vecin>, i32
  %t2 = ascendc.tbuf.get_tensor %b2 : !ascendc.tbuf<vecin>, !ascendc.local_tensor<64xf32>
  ascendc.data_copy_l2 %t, %gx, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
  ascendc.data_copy_l2 %gz, %t, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<64xf32>, i32
  ascendc.data_copy_l2 %t2, %gz, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
  ascendc.data_copy_l2 %gx, %t2, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<64xf32>, i32
  return
}
