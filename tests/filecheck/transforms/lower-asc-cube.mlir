// lower-asc-cube alone: L1 / L0 tiles get static tensors (or, with buffers=tbuf, TBuf bytes),
// loads into L1 are Nd2Nz copies, copies to L0A / L0B LoadData, matmul_acc an Mmad whose
// isBias comes from a flag carried by the K loop (false on its first step), the L0C store a
// Fixpipe.
// RUN: ascdsl-opt %s -p "lower-asc-cube{buffers=tbuf}" | filecheck %s
// RUN: ascdsl-opt %s -p lower-asc-cube | filecheck %s --check-prefix=STATIC
// RUN: ascdsl-opt %s -p lower-asc-cube,canonicalize --split-input-file | filecheck %s --check-prefix=FOLD

// CHECK-LABEL: func.func @matmul_k_loop
// CHECK:         %[[PIPE:.*]] = ascendc.pipe
// CHECK-NEXT:    %[[CO1:.*]] = ascendc.tbuf : <co1>
// CHECK-NEXT:    %[[CO1_LEN:.*]] = arith.constant 65536 : i32
// CHECK-NEXT:    ascendc.pipe.init_buffer %[[PIPE]], %[[CO1]], %[[CO1_LEN]]
// CHECK-NEXT:    %[[A1:.*]] = ascendc.tbuf : <a1>
// CHECK-NEXT:    %[[A1_LEN:.*]] = arith.constant 81920 : i32
// CHECK-NEXT:    ascendc.pipe.init_buffer %[[PIPE]], %[[A1]], %[[A1_LEN]]
// CHECK-NEXT:    %[[A2:.*]] = ascendc.tbuf : <a2>
// CHECK-NEXT:    %[[A2_LEN:.*]] = arith.constant 8192 : i32
// CHECK-NEXT:    ascendc.pipe.init_buffer %[[PIPE]], %[[A2]], %[[A2_LEN]]
// CHECK-NEXT:    %[[B2:.*]] = ascendc.tbuf : <b2>
// CHECK-NEXT:    %[[B2_LEN:.*]] = arith.constant 32768 : i32
// CHECK-NEXT:    ascendc.pipe.init_buffer %[[PIPE]], %[[B2]], %[[B2_LEN]]
// CHECK:         %[[C:.*]] = ascendc.tbuf.get_with_offset %[[CO1]], %c16384_i32, %c0_i32 : !ascendc.tbuf<co1>, i32, i32, !ascendc.local_tensor<16384xf32>
// CHECK-NEXT:    %[[FALSE:.*]] = arith.constant false
// CHECK:         %[[AL1:.*]] = ascendc.tbuf.get_with_offset %[[A1]], %c8192_i32, %c0_i32
// CHECK:         %[[ND:.*]] = ascendc.construct !ascendc.nd2nz_params(%c1_i32, %c64_i32, %c128_i32, %c0_i32, %c128_i32, %c64_i32, %c1_i32, %c0_i32)
// CHECK-NEXT:    ascendc.data_copy_nd2nz %[[AL1]], %{{.*}}, %[[ND]]
// CHECK:         %[[BL1:.*]] = ascendc.tbuf.get_with_offset %[[A1]], %c32768_i32, %c16384_i32
// CHECK:         ascendc.data_copy_nd2nz %[[BL1]]
// CHECK:         %[[DONE:.*]] = scf.for %{{.*}} = %c0_i32_2 to %c2_i32_3 step %c1_i32_4 iter_args(%[[W:.*]] = %[[FALSE]]) -> (i1) : i32 {
// A's box [64, 64] at column i * 64 is fractal (i * 64 / 16) * 4 of the NZ tile (4 fractals
// per column block): 4 LoadData, one per row block, of 4 fractals 4 apart.
// CHECK-NEXT:      %[[K:.*]] = arith.muli
// CHECK-NEXT:      %[[AL0:.*]] = ascendc.tbuf.get_with_offset %[[A2]], %c4096_i32, %c0_i32
// CHECK-NEXT:      %[[COL:.*]] = arith.divsi %[[K]], %c16_i32
// CHECK-NEXT:      %[[START:.*]] = arith.muli %[[COL]], %c4_i32
// CHECK-NEXT:      %[[P0:.*]] = ascendc.construct !ascendc.load_data_2d_params(%[[START]], %c4_i32, %c4_i32, %c0_i32, %c0_i32, %c0_i32, %c0_i32)
// CHECK-NEXT:      ascendc.load_data_l0 %[[AL0]], %[[AL1]], %[[P0]]
// CHECK-COUNT-3:   ascendc.load_data_l0 %{{.*}}, %[[AL1]]
// B's box [64, 256] at row i * 64: 4 LoadData of 16 transposed fractals, 8 apart.
// CHECK:           %[[BL0:.*]] = ascendc.tbuf.get_with_offset %[[B2]], %c16384_i32, %c0_i32
// CHECK-NEXT:      %[[ROW:.*]] = arith.divsi %[[K]], %c16_i32
// CHECK-NEXT:      %[[P1:.*]] = ascendc.construct !ascendc.load_data_2d_params(%[[ROW]], %c16_i32, %c8_i32, %c0_i32, %c0_i32, %c1_i32, %c0_i32)
// CHECK-NEXT:      ascendc.load_data_l0 %[[BL0]], %[[BL1]], %[[P1]]
// CHECK-COUNT-3:   ascendc.load_data_l0 %{{.*}}, %[[BL1]]
// CHECK:           %[[BIAS:.*]] = arith.extui %[[W]] : i1 to i32
// CHECK-NEXT:      %[[MP:.*]] = ascendc.construct !ascendc.mmad_params(%c64_i32, %c256_i32, %c64_i32, %[[BIAS]], %c0_i32, %c0_i32, %c0_i32, %c0_i32) [ui16, ui16, ui16, i1, i32, i1, i1, i1]
// CHECK-NEXT:      ascendc.mmad %[[C]], %[[AL0]], %[[BL0]], %[[MP]]
// CHECK-NEXT:      %[[TRUE:.*]] = arith.constant true
// CHECK-NEXT:      scf.yield %[[TRUE]] : i1
// CHECK:         %[[FP:.*]] = ascendc.construct !ascendc.fixpipe_params_v220(%c256_i32, %c64_i32, %c64_i32, %c256_i32, %c0_i32, %c0_i32, %c0_i32, %c1_i32,
// CHECK-NEXT:    %[[CFG:.*]] = ascendc.construct !ascendc.fixpipe_config(%c1_i32)
// CHECK-NEXT:    ascendc.fixpipe %{{.*}}, %[[C]], %[[FP]], %[[CFG]]
// CHECK-NOT:     asc.matmul
// CHECK-NOT:     asc.copy

// The default: static tensors at the planned byte addresses, each memory from 0.
// STATIC-LABEL: func.func @matmul_k_loop
// STATIC-NOT:     ascendc.tbuf
// STATIC:         %[[A0:.*]] = builtin.unrealized_conversion_cast %c0_i32 : i32 to ui32
// STATIC-NEXT:    %[[N0:.*]] = builtin.unrealized_conversion_cast %c16384_i32 : i32 to ui32
// STATIC-NEXT:    %[[C:.*]] = ascendc.local_tensor_v2 co1, %[[A0]], %[[N0]] : !ascendc.local_tensor<16384xf32>
// STATIC:         ascendc.local_tensor_v2 a1, %{{.*}}, %{{.*}} : !ascendc.local_tensor<8192xf16>
// STATIC:         %[[B1_ADDR:.*]] = builtin.unrealized_conversion_cast %c16384_i32 : i32 to ui32
// STATIC-NEXT:    %[[B1_LEN:.*]] = builtin.unrealized_conversion_cast %c32768_i32 : i32 to ui32
// STATIC-NEXT:    ascendc.local_tensor_v2 a1, %[[B1_ADDR]], %[[B1_LEN]] : !ascendc.local_tensor<32768xf16>
// STATIC:         scf.for
// STATIC:           %[[AL0:.*]] = ascendc.local_tensor_v2 a2, %{{.*}}, %{{.*}} : !ascendc.local_tensor<4096xf16>
// STATIC:           %[[BL0:.*]] = ascendc.local_tensor_v2 b2, %{{.*}}, %{{.*}} : !ascendc.local_tensor<16384xf16>
// STATIC:           ascendc.mmad %[[C]], %[[AL0]], %[[BL0]]
// STATIC-NOT:     ascendc.tbuf
func.func @matmul_k_loop(%a_ptr: memref<?xf16, 22>, %b_ptr: memref<?xf16, 22>, %c_ptr: memref<?xf32, 22>) attributes {ascendc.global} {
  %0 = asc.tensor %a_ptr() : memref<?xf16, 22> -> !asc.tensor<64x128xf16>
  %1 = asc.tensor %b_ptr() : memref<?xf16, 22> -> !asc.tensor<128x256xf16>
  %2 = asc.tensor %c_ptr() : memref<?xf32, 22> -> !asc.tensor<64x256xf32>
  %3 = asc.zeros_acc : !asc.tile<64x256xf32, L0C>
  %c0 = arith.constant 0 : i32
  %5 = asc.load %0[%c0, %c0] : !asc.tensor<64x128xf16> -> !asc.tile<64x128xf16, L1>
  %6 = asc.load %1[%c0, %c0] : !asc.tensor<128x256xf16> -> !asc.tile<128x256xf16, L1>
  %c2 = arith.constant 2 : i32
  %c1 = arith.constant 1 : i32
  %c64 = arith.constant 64 : i32
  scf.for %i = %c0 to %c2 step %c1 : i32 {
    %10 = arith.muli %i, %c64 : i32
    %11 = asc.copy %5[%c0, %10] : !asc.tile<64x128xf16, L1> -> !asc.tile<64x64xf16, L0A>
    %13 = asc.copy %6[%10, %c0] : !asc.tile<128x256xf16, L1> -> !asc.tile<64x256xf16, L0B>
    asc.matmul_acc %11, %13, %3 : !asc.tile<64x64xf16, L0A>, !asc.tile<64x256xf16, L0B>, !asc.tile<64x256xf32, L0C>
  }
  asc.store %3, %2[%c0, %c0] : !asc.tile<64x256xf32, L0C>, !asc.tensor<64x256xf32>
  func.return
}

// -----

// Straight-line accumulation: the flags are constants; the first Mmad writes, the second adds.
// A [32, 64] box has 2 row blocks and 4 column blocks: one LoadData per row block. Its
// transposed B box [64, 16] has 4 row blocks of 1 fractal: one LoadData with a dstGap.
// FOLD-LABEL: func.func @straight
// FOLD:         ascendc.construct !ascendc.mmad_params(%c32_i32, %c16_i32, %c64_i32, %c0_i32,
// FOLD:         ascendc.construct !ascendc.mmad_params(%c32_i32, %c16_i32, %c64_i32, %c1_i32,
// FOLD:         ascendc.construct !ascendc.fixpipe_params_v220(%c16_i32, %c32_i32, %c32_i32, %c16_i32, %c0_i32, %c0_i32,
func.func @straight(%a_ptr: memref<?xf16, 22>, %c_ptr: memref<?xf32, 22>) attributes {ascendc.global} {
  %a = asc.tensor %a_ptr() : memref<?xf16, 22> -> !asc.tensor<64x64xf16>
  %c = asc.tensor %c_ptr() : memref<?xf32, 22> -> !asc.tensor<32x16xf32>
  %c0 = arith.constant 0 : i32
  %l1 = asc.load %a[%c0, %c0] : !asc.tensor<64x64xf16> -> !asc.tile<64x64xf16, L1>
  %x = asc.copy %l1[%c0, %c0] : !asc.tile<64x64xf16, L1> -> !asc.tile<32x64xf16, L0A>
  %y = asc.copy %l1[%c0, %c0] : !asc.tile<64x64xf16, L1> -> !asc.tile<64x16xf16, L0B>
  %acc = asc.zeros_acc : !asc.tile<32x16xf32, L0C>
  asc.matmul_acc %x, %y, %acc : !asc.tile<32x64xf16, L0A>, !asc.tile<64x16xf16, L0B>, !asc.tile<32x16xf32, L0C>
  asc.matmul_acc %x, %y, %acc : !asc.tile<32x64xf16, L0A>, !asc.tile<64x16xf16, L0B>, !asc.tile<32x16xf32, L0C>
  asc.store %acc, %c[%c0, %c0] : !asc.tile<32x16xf32, L0C>, !asc.tensor<32x16xf32>
  func.return
}
