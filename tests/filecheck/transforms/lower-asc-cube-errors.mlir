// What lower-asc-cube refuses, each at its op with the rule.
// RUN: ascdsl-opt %s -p lower-asc-cube --split-input-file --verify-diagnostics

// Two 64 KB L0A tiles live at once (both operands of one matmul stay in L0A until it runs):
// 128 KB of L0A, which has 64 KB; named largest first at their lines.
func.func @l0a_too_small(%a_ptr: memref<?xf16, 22>, %c_ptr: memref<?xf32, 22>) {
  %a = asc.tensor %a_ptr() : memref<?xf16, 22> -> !asc.tensor<256x128xf16>
  %c = asc.tensor %c_ptr() : memref<?xf32, 22> -> !asc.tensor<256x128xf32>
  %c0 = arith.constant 0 : i32
  %l1 = asc.load %a[%c0, %c0] : !asc.tensor<256x128xf16> -> !asc.tile<256x128xf16, L1>
  // expected-error@+2 {{'asc.copy' op the kernel needs 131072 bytes of L0A but Ascend910B1 has 65536: the tiles below are live at the same time (largest first); use smaller tiles or fewer tiles at once}}
  // expected-note@+1 {{65536 bytes: !asc.tile<256x128xf16, L0A>}}
  %x = asc.copy %l1[%c0, %c0] : !asc.tile<256x128xf16, L1> -> !asc.tile<256x128xf16, L0A>
  // expected-note@+1 {{65536 bytes: !asc.tile<256x128xf16, L0A>}}
  %x2 = asc.copy %l1[%c0, %c0] : !asc.tile<256x128xf16, L1> -> !asc.tile<256x128xf16, L0A>
  %y = asc.copy %l1[%c0, %c0] : !asc.tile<256x128xf16, L1> -> !asc.tile<128x128xf16, L0B>
  %r = asc.matmul %x, %y : !asc.tile<256x128xf16, L0A>, !asc.tile<128x128xf16, L0B> -> !asc.tile<256x128xf32, L0C>
  asc.matmul_acc %x2, %y, %r : !asc.tile<256x128xf16, L0A>, !asc.tile<128x128xf16, L0B>, !asc.tile<256x128xf32, L0C>
  asc.store %r, %c[%c0, %c0] : !asc.tile<256x128xf32, L0C>, !asc.tensor<256x128xf32>
  func.return
}

// -----

func.func @f32_operands(%a_ptr: memref<?xf32, 22>) {
  %a = asc.tensor %a_ptr() : memref<?xf32, 22> -> !asc.tensor<64x64xf32>
  %c0 = arith.constant 0 : i32
  %l1 = asc.load %a[%c0, %c0] : !asc.tensor<64x64xf32> -> !asc.tile<64x64xf32, L1>
  %x = asc.copy %l1[%c0, %c0] : !asc.tile<64x64xf32, L1> -> !asc.tile<64x64xf32, L0A>
  %y = asc.copy %l1[%c0, %c0] : !asc.tile<64x64xf32, L1> -> !asc.tile<64x64xf32, L0B>
  // expected-error@+1 {{'asc.matmul' op multiplies f32 tiles; the lowering handles f16 and bf16 (LoadData transposes B's fractals for 16-bit types only)}}
  %r = asc.matmul %x, %y : !asc.tile<64x64xf32, L0A>, !asc.tile<64x64xf32, L0B> -> !asc.tile<64x64xf32, L0C>
  asc.store %r, %a[%c0, %c0] : !asc.tile<64x64xf32, L0C>, !asc.tensor<64x64xf32>
  func.return
}

// -----

func.func @off_grid(%a_ptr: memref<?xf16, 22>) {
  %a = asc.tensor %a_ptr() : memref<?xf16, 22> -> !asc.tensor<64x64xf16>
  %c0 = arith.constant 0 : i32
  %c8 = arith.constant 8 : i32
  %l1 = asc.load %a[%c0, %c0] : !asc.tensor<64x64xf16> -> !asc.tile<64x64xf16, L1>
  // expected-error@+1 {{'asc.copy' op copies a box at offset 8 of dimension 0; boxes start on the fractal grid (multiples of 16)}}
  %x = asc.copy %l1[%c8, %c0] : !asc.tile<64x64xf16, L1> -> !asc.tile<32x64xf16, L0A>
  func.return
}

// -----

func.func @accumulate_under_if(%a_ptr: memref<?xf16, 22>, %c_ptr: memref<?xf32, 22>, %p: i1) {
  %a = asc.tensor %a_ptr() : memref<?xf16, 22> -> !asc.tensor<64x64xf16>
  %c = asc.tensor %c_ptr() : memref<?xf32, 22> -> !asc.tensor<64x64xf32>
  %c0 = arith.constant 0 : i32
  %l1 = asc.load %a[%c0, %c0] : !asc.tensor<64x64xf16> -> !asc.tile<64x64xf16, L1>
  %x = asc.copy %l1[%c0, %c0] : !asc.tile<64x64xf16, L1> -> !asc.tile<64x64xf16, L0A>
  %y = asc.copy %l1[%c0, %c0] : !asc.tile<64x64xf16, L1> -> !asc.tile<64x64xf16, L0B>
  %acc = asc.zeros_acc : !asc.tile<64x64xf32, L0C>
  // expected-error@+1 {{'scf.if' op holds a matmul_acc whose accumulator is made outside it; accumulating under scf.if is not lowered}}
  scf.if %p {
    asc.matmul_acc %x, %y, %acc : !asc.tile<64x64xf16, L0A>, !asc.tile<64x64xf16, L0B>, !asc.tile<64x64xf32, L0C>
  }
  asc.store %acc, %c[%c0, %c0] : !asc.tile<64x64xf32, L0C>, !asc.tensor<64x64xf32>
  func.return
}

// -----

func.func @never_written(%c_ptr: memref<?xf32, 22>) {
  %c = asc.tensor %c_ptr() : memref<?xf32, 22> -> !asc.tensor<64x64xf32>
  %c0 = arith.constant 0 : i32
  %acc = asc.zeros_acc : !asc.tile<64x64xf32, L0C>
  // expected-error@+1 {{'asc.store' op stores an accumulator that no matmul_acc writes; L0C has no zero fill}}
  asc.store %acc, %c[%c0, %c0] : !asc.tile<64x64xf32, L0C>, !asc.tensor<64x64xf32>
  func.return
}

// -----

func.func @mixed(%a_ptr: memref<?xf16, 22>, %n: i32) {
  %a = asc.tensor %a_ptr() : memref<?xf16, 22> -> !asc.tensor<64x64xf16>
  %c0 = arith.constant 0 : i32
  // expected-note@+1 {{the cube is used here}}
  %l1 = asc.load %a[%c0, %c0] : !asc.tensor<64x64xf16> -> !asc.tile<64x64xf16, L1>
  // expected-error@+1 {{'asc.load' op uses a UB tile in a kernel that uses the cube unit; kernels that mix cube and vector work (AIC + AIV) are not lowered yet}}
  %u = asc.load %a[%c0, %c0] : !asc.tensor<64x64xf16> -> !asc.tile<64x64xf16, UB>
  func.return
}
