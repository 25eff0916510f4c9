// lower-asc-vector: each asc op becomes ascendc instructions on local_tensor_auto buffers.
// RUN: ascdsl-opt %s -p lower-asc-vector | filecheck %s

// A contiguous 32-byte-multiple box is one DataCopy; 2 repeats of 64 f32 with a full mask.
// CHECK-LABEL: func.func @load_add_store
// CHECK:       %[[X:.*]] = ascendc.local_tensor_auto() : <128xf32>
// CHECK-NEXT:  %[[GX:.*]] = ascendc.global_tensor.subindex %{{.*}}[%arg2]
// CHECK-NEXT:  ascendc.data_copy_l2 %[[X]], %[[GX]], %c128_i32
// CHECK:       %[[Z:.*]] = ascendc.local_tensor_auto() : <128xf32>
// CHECK-NEXT:  ascendc.add_l0 %[[Z]], %[[X]], %[[X]], %c64_i64, %c2_i32, %{{.*}} {isSetMask}
// CHECK:       ascendc.data_copy_l2 %{{.*}}, %[[Z]], %c128_i32 : !ascendc.global_tensor<*xf32>
func.func @load_add_store(%p: memref<?xf32, 22>, %n: i32, %i: i32) {
  %t = asc.tensor %p(%n) : memref<?xf32, 22> -> !asc.tensor<?xf32>
  %x = asc.load %t[%i] : !asc.tensor<?xf32> -> !asc.tile<128xf32, UB>
  %z = asc.add %x, %x : !asc.tile<128xf32, UB>
  asc.store %z, %t[%i] : !asc.tile<128xf32, UB>, !asc.tensor<?xf32>
  func.return
}

// 100 f32 = 64 + a tail of 36: the tail is its own instruction, on views at element 64.
// 400 bytes are no multiple of 32: DataCopyPad of one 400-byte block.
// CHECK-LABEL: func.func @tail
// CHECK:       ascendc.construct !ascendc.data_copy_params(%c1_i32, %c400_i32, %c0_i32, %c0_i32)
// CHECK:       ascendc.data_copy_pad_l0
// CHECK:       ascendc.exp_l0 %[[Y:.*]], %[[X:.*]], %c64_i64, %c1_i32,
// CHECK-NEXT:  %[[YT:.*]] = ascendc.local_tensor.subindex %[[Y]][%c64_i32]
// CHECK-NEXT:  %[[XT:.*]] = ascendc.local_tensor.subindex %[[X]][%c64_i32]
// CHECK-NEXT:  ascendc.exp_l0 %[[YT]], %[[XT]], %c36_i64, %c1_i32,
func.func @tail(%p: memref<?xf32, 22>, %n: i32, %i: i32) {
  %t = asc.tensor %p(%n) : memref<?xf32, 22> -> !asc.tensor<?xf32>
  %x = asc.load %t[%i] : !asc.tensor<?xf32> -> !asc.tile<100xf32, UB>
  %y = asc.exp %x : !asc.tile<100xf32, UB>
  asc.store %y, %t[%i] : !asc.tile<100xf32, UB>, !asc.tensor<?xf32>
  func.return
}

// A [4, 64] box of a [n, m] tensor: 4 rows of 256 bytes, the GM gap (m - 64) * 4 bytes.
// The offset is linearized row-major (i * m + j).
// CHECK-LABEL: func.func @strided_rows
// CHECK:       %[[ROW:.*]] = arith.muli %arg3, %arg2 : i32
// CHECK-NEXT:  %[[LIN:.*]] = arith.addi %arg4, %[[ROW]] : i32
// CHECK-NEXT:  %[[SRC:.*]] = ascendc.global_tensor.subindex %{{.*}}[%[[LIN]]]
// CHECK-NEXT:  %[[GAP:.*]] = arith.subi %arg2, %c64_i32 : i32
// CHECK-NEXT:  %[[BYTES:.*]] = arith.muli %[[GAP]], %c4_i32 : i32
// CHECK-NEXT:  %[[P:.*]] = ascendc.construct !ascendc.data_copy_params(%c4_i32, %c256_i32, %[[BYTES]], %c0_i32)
// CHECK:       ascendc.data_copy_pad_l0 %{{.*}}, %[[SRC]], %[[P]]
func.func @strided_rows(%p: memref<?xf32, 22>, %n: i32, %m: i32, %i: i32, %j: i32) {
  %t = asc.tensor %p(%n, %m) : memref<?xf32, 22> -> !asc.tensor<?x?xf32>
  %x = asc.load %t[%i, %j] : !asc.tensor<?x?xf32> -> !asc.tile<4x64xf32, UB>
  %y = asc.relu %x : !asc.tile<4x64xf32, UB>
  asc.store %y, %t[%i, %j] : !asc.tile<4x64xf32, UB>, !asc.tensor<?x?xf32>
  func.return
}

// x - s is Adds(x, -s); x / s is Muls(x, 1 / s); comparisons write bit masks (ui8) that
// select_l0 reads; f16 runs 128 elements a repeat.
// CHECK-LABEL: func.func @scalars_and_select
// CHECK:       %[[NEG:.*]] = arith.negf %arg3 : f16
// CHECK-NEXT:  ascendc.adds_l0 %{{.*}}, %{{.*}}, %[[NEG]], %c128_i64, %c4_i32
// CHECK:       %[[INV:.*]] = arith.divf %{{.*}}, %arg3 : f16
// CHECK-NEXT:  ascendc.muls_l0 %{{.*}}, %{{.*}}, %[[INV]], %c128_i64, %c4_i32
// CHECK:       %[[M:.*]] = ascendc.local_tensor_auto() : <256xui8>
// CHECK-NEXT:  ascendc.compare_scalar_l0 %[[M]], %{{.*}}, %arg3, %c128_i64, %c4_i32, %{{.*}} {cmpMode = 1 : i64, isSetMask}
// CHECK:       ascendc.select_l0 %{{.*}}, %[[M]], %{{.*}}, %{{.*}}, %c128_i64, %c4_i32, %{{.*}} {selMode = 2 : i32, isSetMask}
func.func @scalars_and_select(%p: memref<?xf16, 22>, %n: i32, %i: i32, %s: f16) {
  %t = asc.tensor %p(%n) : memref<?xf16, 22> -> !asc.tensor<?xf16>
  %x = asc.load %t[%i] : !asc.tensor<?xf16> -> !asc.tile<512xf16, UB>
  %a = asc.subs %x, %s : !asc.tile<512xf16, UB>, f16
  %b = asc.divs %a, %s : !asc.tile<512xf16, UB>, f16
  %m = asc.cmps gt %b, %s : !asc.tile<512xf16, UB>, f16
  %w = asc.select %m, %b, %x : !asc.tile<512xf16, UB>
  asc.store %w, %t[%i] : !asc.tile<512xf16, UB>, !asc.tensor<?xf16>
  func.return
}

// A [1, 64] row broadcast to [4, 64] is one Muls(x, 1) of 4 repeats: destination repeat
// stride one row (8 blocks), source repeat stride 0.
// CHECK-LABEL: func.func @broadcast_row
// CHECK:       %[[P:.*]] = ascendc.construct !ascendc.unary_repeat_params(%c1_i32, %c1_i32, %c8_i32, %c0_i32)
// CHECK:       ascendc.muls_l0 %{{.*}}, %{{.*}}, %{{.*}}, %c64_i64, %c4_i32, %[[P]]
func.func @broadcast_row(%p: memref<?xf32, 22>, %n: i32, %i: i32) {
  %t = asc.tensor %p(%n) : memref<?xf32, 22> -> !asc.tensor<?xf32>
  %x = asc.load %t[%i] : !asc.tensor<?xf32> -> !asc.tile<64xf32, UB>
  %r = asc.reshape %x : !asc.tile<64xf32, UB> -> !asc.tile<1x64xf32, UB>
  %b = asc.broadcast %r : !asc.tile<1x64xf32, UB> -> !asc.tile<4x64xf32, UB>
  %f = asc.reshape %b : !asc.tile<4x64xf32, UB> -> !asc.tile<256xf32, UB>
  asc.store %f, %t[%i] : !asc.tile<256xf32, UB>, !asc.tensor<?xf32>
  func.return
}

// Softmax of a row: ReduceMax + GetValue, Adds(-max) and Exp into a scratch row,
// ReduceSum + GetValue, then one Muls(1 / sum) writes the result.
// CHECK-LABEL: func.func @softmax
// CHECK:       ascendc.reduce_max_l2 %[[OUT:.*]], %[[X:.*]], %[[WORK:.*]], %c1024_i32, %false
// CHECK-NEXT:  %[[MAX:.*]] = ascendc.local_tensor.get_value %[[OUT]], %c0_i32
// CHECK-NEXT:  %[[NEG:.*]] = arith.negf %[[MAX]] : f32
// CHECK-NEXT:  ascendc.adds_l0 %[[E:.*]], %[[X]], %[[NEG]], %c64_i64, %c16_i32
// CHECK-NEXT:  ascendc.exp_l0 %[[E]], %[[E]], %c64_i64, %c16_i32
// CHECK-NEXT:  ascendc.reduce_sum_l2 %[[OUT]], %[[E]], %[[WORK]], %c1024_i32
// CHECK-NEXT:  %[[SUM:.*]] = ascendc.local_tensor.get_value %[[OUT]], %c0_i32
// CHECK-NEXT:  %[[INV:.*]] = arith.divf %{{.*}}, %[[SUM]] : f32
// CHECK-NEXT:  ascendc.muls_l0 %{{.*}}, %[[E]], %[[INV]], %c64_i64, %c16_i32
func.func @softmax(%p: memref<?xf32, 22>, %n: i32, %i: i32) {
  %t = asc.tensor %p(%n) : memref<?xf32, 22> -> !asc.tensor<?xf32>
  %x = asc.load %t[%i] : !asc.tensor<?xf32> -> !asc.tile<1024xf32, UB>
  %y = asc.softmax %x : !asc.tile<1024xf32, UB> -> !asc.tile<1024xf32, UB>
  asc.store %y, %t[%i] : !asc.tile<1024xf32, UB>, !asc.tensor<?xf32>
  func.return
}

// A tile loaded and stored unchanged goes through one vector copy (UB to UB): its buffer
// is filled by MTE2 and the copy-out's by the vector unit.
// CHECK-LABEL: func.func @load_store
// CHECK:       ascendc.data_copy_l2 %[[IN:.*]], %{{.*}}, %c64_i32 : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>
// CHECK-NEXT:  %[[OUT:.*]] = ascendc.local_tensor_auto() : <64xf32>
// CHECK-NEXT:  ascendc.data_copy_l2 %[[OUT]], %[[IN]], %c64_i32 : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>
func.func @load_store(%p: memref<?xf32, 22>, %n: i32, %i: i32) {
  %t = asc.tensor %p(%n) : memref<?xf32, 22> -> !asc.tensor<?xf32>
  %x = asc.load %t[%i] : !asc.tensor<?xf32> -> !asc.tile<64xf32, UB>
  asc.store %x, %t[%i] : !asc.tile<64xf32, UB>, !asc.tensor<?xf32>
  func.return
}

// An unused load is dead: nothing is emitted for it.
// CHECK-LABEL: func.func @dead
// CHECK-NOT:   ascendc.data_copy
// CHECK:       return
func.func @dead(%p: memref<?xf32, 22>, %n: i32, %i: i32) {
  %t = asc.tensor %p(%n) : memref<?xf32, 22> -> !asc.tensor<?xf32>
  %x = asc.load %t[%i] : !asc.tensor<?xf32> -> !asc.tile<64xf32, UB>
  func.return
}

// A tile carried through a loop gets one buffer: filled from the initial tile before the
// loop and from the yielded tile at the end of each iteration; the loop keeps its scalars.
// CHECK-LABEL: func.func @carried
// CHECK:       ascendc.duplicate_l0
// CHECK-NEXT:  %[[ACC:.*]] = ascendc.local_tensor_auto() : <64xf32>
// CHECK-NEXT:  ascendc.data_copy_l2 %[[ACC]], %{{.*}}, %{{c64_i32[_0-9]*}} : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>
// CHECK-NEXT:  %{{.*}} = scf.for %arg2 = %c0_i32_0 to %arg1 step %c1_i32_1 iter_args(%arg3 = %cst) -> (f32) : i32 {
// CHECK:         ascendc.add_l0 %[[SUM:.*]], %[[ACC]], %{{.*}}, %{{c64_i64[_0-9]*}}
// CHECK:         ascendc.data_copy_l2 %[[ACC]], %[[SUM]], %{{c64_i32[_0-9]*}}
// CHECK-NEXT:    scf.yield %{{.*}} : f32
// CHECK:       ascendc.adds_l0 %{{.*}}, %[[ACC]],
func.func @carried(%p: memref<?xf32, 22>, %n: i32) {
  %t = asc.tensor %p(%n) : memref<?xf32, 22> -> !asc.tensor<?xf32>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %z = arith.constant 0.0 : f32
  %init = asc.splat %z : f32 -> !asc.tile<64xf32, UB>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init, %s = %z) -> (!asc.tile<64xf32, UB>, f32) : i32 {
    %x = asc.load %t[%i] : !asc.tensor<?xf32> -> !asc.tile<64xf32, UB>
    %y = asc.add %acc, %x : !asc.tile<64xf32, UB>
    %v = asc.reduce_as_1d sum %x : !asc.tile<64xf32, UB> -> f32
    %s2 = arith.addf %s, %v : f32
    scf.yield %y, %s2 : !asc.tile<64xf32, UB>, f32
  }
  %o = asc.adds %r#0, %r#1 : !asc.tile<64xf32, UB>, f32
  asc.store %o, %t[%c0] : !asc.tile<64xf32, UB>, !asc.tensor<?xf32>
  func.return
}

// An atomic store is the store with its copy-out between SetAtomic<Kind><T>() and
// SetAtomicNone(); a tile loaded and stored unchanged is staged (UB to UB) before the mode is
// set, since the mode changes copies into GM only.
// CHECK-LABEL: func.func @atomics
// CHECK:       ascendc.add_l0
// CHECK-NEXT:  ascendc.set_atomic_add {dtype = f32}
// CHECK-NEXT:  %[[G:.*]] = ascendc.global_tensor.subindex
// CHECK-NEXT:  ascendc.data_copy_l2 %[[G]], %{{.*}}, %c128_i32 : !ascendc.global_tensor<*xf32>
// CHECK-NEXT:  ascendc.set_atomic_none
// CHECK:       ascendc.data_copy_l2 %{{.*}}, %{{.*}}, %c128_i32 : !ascendc.local_tensor<128xf32>,
// CHECK-NEXT:  ascendc.set_atomic_max {dtype = f32}
// CHECK-NEXT:  ascendc.global_tensor.subindex
// CHECK-NEXT:  ascendc.data_copy_l2
// CHECK-NEXT:  ascendc.set_atomic_none
func.func @atomics(%p: memref<?xf32, 22>, %n: i32, %i: i32) {
  %t = asc.tensor %p(%n) : memref<?xf32, 22> -> !asc.tensor<?xf32>
  %x = asc.load %t[%i] : !asc.tensor<?xf32> -> !asc.tile<128xf32, UB>
  %z = asc.add %x, %x : !asc.tile<128xf32, UB>
  asc.atomic_rmw add %z, %t[%i] : !asc.tile<128xf32, UB>, !asc.tensor<?xf32>
  asc.atomic_rmw max %x, %t[%i] : !asc.tile<128xf32, UB>, !asc.tensor<?xf32>
  func.return
}
