// What lower-asc-vector does not lower is a located error saying why (and what runs it).
// RUN: ascdsl-opt %s -p lower-asc-vector --split-input-file --verify-diagnostics

func.func @matmul(%a: !asc.tile<16x32xf16, L0A>, %b: !asc.tile<32x16xf16, L0B>, %z: i32, %t: !asc.tensor<?x?xf32>) {
  // expected-error@+1 {{'asc.matmul' op is not lowered to ascendc: cube ops are lowered by lower-asc-cube, which runs before lower-asc-vector}}
  %c = asc.matmul %a, %b : !asc.tile<16x32xf16, L0A>, !asc.tile<32x16xf16, L0B> -> !asc.tile<16x16xf32, L0C>
  asc.store %c, %t[%z, %z] : !asc.tile<16x16xf32, L0C>, !asc.tensor<?x?xf32>
  func.return
}

// -----

func.func @if_yields_a_tile(%p: memref<?xf32, 22>, %n: i32, %i: i32, %c: i1) {
  %t = asc.tensor %p(%n) : memref<?xf32, 22> -> !asc.tensor<?xf32>
  // expected-note@+1 {{the tile is made here}}
  %x = asc.load %t[%i] : !asc.tensor<?xf32> -> !asc.tile<64xf32, UB>
  %r = scf.if %c -> (!asc.tile<64xf32, UB>) {
    %y = asc.add %x, %x : !asc.tile<64xf32, UB>
    scf.yield %y : !asc.tile<64xf32, UB>
  } else {
    // expected-error@+1 {{'scf.yield' op uses a tile (!asc.tile<64xf32, UB>); carrying tiles through scf.yield is not lowered yet (scf.for iter_args are)}}
    scf.yield %x : !asc.tile<64xf32, UB>
  }
  asc.store %r, %t[%i] : !asc.tile<64xf32, UB>, !asc.tensor<?xf32>
  func.return
}

// -----

func.func @int8(%p: memref<?xi8, 22>, %n: i32, %i: i32) {
  %t = asc.tensor %p(%n) : memref<?xi8, 22> -> !asc.tensor<?xi8>
  %x = asc.load %t[%i] : !asc.tensor<?xi8> -> !asc.tile<256xi8, UB>
  // expected-error@+1 {{'asc.add' op computes on i8 elements, which the 910B vector unit does not support for this operation (f16, f32, i16, i32)}}
  %y = asc.add %x, %x : !asc.tile<256xi8, UB>
  asc.store %y, %t[%i] : !asc.tile<256xi8, UB>, !asc.tensor<?xi8>
  func.return
}

// -----

func.func @prod_rows(%p: memref<?xf32, 22>, %n: i32, %i: i32) {
  %c0 = arith.constant 0 : i32
  %t = asc.tensor %p(%n, %n) : memref<?xf32, 22> -> !asc.tensor<?x?xf32>
  %u = asc.tensor %p(%n) : memref<?xf32, 22> -> !asc.tensor<?xf32>
  %x = asc.load %t[%i, %c0] : !asc.tensor<?x?xf32> -> !asc.tile<4x64xf32, UB>
  // expected-error@+1 {{'asc.reduce' op reduces with prod along the last axis, which has no Ascend C reduction (the reference simulator runs it)}}
  %y = asc.reduce prod %x [1] : !asc.tile<4x64xf32, UB> -> !asc.tile<4xf32, UB>
  asc.store %y, %u[%i] : !asc.tile<4xf32, UB>, !asc.tensor<?xf32>
  func.return
}
