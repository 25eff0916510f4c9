// Every op of the `asc` dialect round-trips: custom syntax, and generic form back to custom.
// RUN: ascdsl-opt %s | filecheck %s
// RUN: ascdsl-opt %s | ascdsl-opt | filecheck %s
// RUN: ascdsl-opt %s --print-op-generic | ascdsl-opt | filecheck %s

// CHECK-LABEL: func.func @memory
func.func @memory(%p: memref<?xf32, 22>, %n: i32, %i: i32, %s: f32) {
  // CHECK-NEXT: %0 = asc.tensor %arg0(%arg1, %arg1) : memref<?xf32, 22> -> !asc.tensor<?x?xf32>
  %t = asc.tensor %p(%n, %n) : memref<?xf32, 22> -> !asc.tensor<?x?xf32>
  // CHECK-NEXT: %1 = asc.tensor %arg0() : memref<?xf32, 22> -> !asc.tensor<8x1024xf32>
  %u = asc.tensor %p() : memref<?xf32, 22> -> !asc.tensor<8x1024xf32>
  // CHECK-NEXT: %2 = asc.dim %0, 1 : !asc.tensor<?x?xf32>
  %d = asc.dim %t, 1 : !asc.tensor<?x?xf32>
  // CHECK-NEXT: %3 = asc.load %0[%arg2, %arg1] : !asc.tensor<?x?xf32> -> !asc.tile<1x1024xf32, UB>
  %x = asc.load %t[%i, %n] : !asc.tensor<?x?xf32> -> !asc.tile<1x1024xf32, UB>
  // CHECK-NEXT: %4 = asc.load %0[%arg2, %arg1] pad(%arg3 : f32) : !asc.tensor<?x?xf32> -> !asc.tile<2x64xf32, L1>
  %y = asc.load %t[%i, %n] pad(%s : f32) : !asc.tensor<?x?xf32> -> !asc.tile<2x64xf32, L1>
  // CHECK-NEXT: asc.store %3, %0[%arg2, %arg1] : !asc.tile<1x1024xf32, UB>, !asc.tensor<?x?xf32>
  asc.store %x, %t[%i, %n] : !asc.tile<1x1024xf32, UB>, !asc.tensor<?x?xf32>
  // CHECK-NEXT: %5 = asc.get_value %0[%arg2, %arg2] : !asc.tensor<?x?xf32> -> f32
  %v = asc.get_value %t[%i, %i] : !asc.tensor<?x?xf32> -> f32
  // CHECK-NEXT: asc.set_value %5, %0[%arg2, %arg2] : f32, !asc.tensor<?x?xf32>
  asc.set_value %v, %t[%i, %i] : f32, !asc.tensor<?x?xf32>
  // CHECK-NEXT: %6 = asc.copy %4[%arg2, %arg1] : !asc.tile<2x64xf32, L1> -> !asc.tile<2x32xf32, L0A>
  %a = asc.copy %y[%i, %n] : !asc.tile<2x64xf32, L1> -> !asc.tile<2x32xf32, L0A>
  // CHECK-NEXT: asc.atomic_rmw add %3, %0[%arg2, %arg1] : !asc.tile<1x1024xf32, UB>, !asc.tensor<?x?xf32>
  asc.atomic_rmw add %x, %t[%i, %n] : !asc.tile<1x1024xf32, UB>, !asc.tensor<?x?xf32>
  // CHECK-NEXT: asc.atomic_rmw max %3, %0[%arg2, %arg1] : !asc.tile<1x1024xf32, UB>, !asc.tensor<?x?xf32>
  asc.atomic_rmw max %x, %t[%i, %n] : !asc.tile<1x1024xf32, UB>, !asc.tensor<?x?xf32>
  func.return
}

// CHECK-LABEL: func.func @elementwise
func.func @elementwise(%x: !asc.tile<64xf32, UB>, %y: !asc.tile<64xf32, UB>, %s: f32, %k: !asc.tile<64xi32, UB>, %c: i32) {
  // CHECK-NEXT: %0 = asc.add %arg0, %arg1 : !asc.tile<64xf32, UB>
  %0 = asc.add %x, %y : !asc.tile<64xf32, UB>
  // CHECK-NEXT: %1 = asc.sub %arg0, %arg1 : !asc.tile<64xf32, UB>
  %1 = asc.sub %x, %y : !asc.tile<64xf32, UB>
  // CHECK-NEXT: %2 = asc.mul %arg0, %arg1 : !asc.tile<64xf32, UB>
  %2 = asc.mul %x, %y : !asc.tile<64xf32, UB>
  // CHECK-NEXT: %3 = asc.div %arg0, %arg1 : !asc.tile<64xf32, UB>
  %3 = asc.div %x, %y : !asc.tile<64xf32, UB>
  // CHECK-NEXT: %4 = asc.maximum %arg0, %arg1 : !asc.tile<64xf32, UB>
  %4 = asc.maximum %x, %y : !asc.tile<64xf32, UB>
  // CHECK-NEXT: %5 = asc.minimum %arg0, %arg1 : !asc.tile<64xf32, UB>
  %5 = asc.minimum %x, %y : !asc.tile<64xf32, UB>
  // CHECK-NEXT: %6 = asc.adds %arg0, %arg2 : !asc.tile<64xf32, UB>, f32
  %6 = asc.adds %x, %s : !asc.tile<64xf32, UB>, f32
  // CHECK-NEXT: %7 = asc.subs %arg0, %arg2 : !asc.tile<64xf32, UB>, f32
  %7 = asc.subs %x, %s : !asc.tile<64xf32, UB>, f32
  // CHECK-NEXT: %8 = asc.muls %arg0, %arg2 : !asc.tile<64xf32, UB>, f32
  %8 = asc.muls %x, %s : !asc.tile<64xf32, UB>, f32
  // CHECK-NEXT: %9 = asc.divs %arg0, %arg2 : !asc.tile<64xf32, UB>, f32
  %9 = asc.divs %x, %s : !asc.tile<64xf32, UB>, f32
  // CHECK-NEXT: %10 = asc.maxs %arg0, %arg2 : !asc.tile<64xf32, UB>, f32
  %10 = asc.maxs %x, %s : !asc.tile<64xf32, UB>, f32
  // CHECK-NEXT: %11 = asc.mins %arg0, %arg2 : !asc.tile<64xf32, UB>, f32
  %11 = asc.mins %x, %s : !asc.tile<64xf32, UB>, f32
  // CHECK-NEXT: %12 = asc.shls %arg3, %arg4 : !asc.tile<64xi32, UB>, i32
  %12 = asc.shls %k, %c : !asc.tile<64xi32, UB>, i32
  // CHECK-NEXT: %13 = asc.shrs %arg3, %arg4 : !asc.tile<64xi32, UB>, i32
  %13 = asc.shrs %k, %c : !asc.tile<64xi32, UB>, i32
  // CHECK-NEXT: %14 = asc.exp %arg0 : !asc.tile<64xf32, UB>
  %14 = asc.exp %x : !asc.tile<64xf32, UB>
  // CHECK-NEXT: %15 = asc.exp2 %arg0 : !asc.tile<64xf32, UB>
  %15 = asc.exp2 %x : !asc.tile<64xf32, UB>
  // CHECK-NEXT: %16 = asc.log %arg0 : !asc.tile<64xf32, UB>
  %16 = asc.log %x : !asc.tile<64xf32, UB>
  // CHECK-NEXT: %17 = asc.log2 %arg0 : !asc.tile<64xf32, UB>
  %17 = asc.log2 %x : !asc.tile<64xf32, UB>
  // CHECK-NEXT: %18 = asc.sqrt %arg0 : !asc.tile<64xf32, UB>
  %18 = asc.sqrt %x : !asc.tile<64xf32, UB>
  // CHECK-NEXT: %19 = asc.rsqrt %arg0 : !asc.tile<64xf32, UB>
  %19 = asc.rsqrt %x : !asc.tile<64xf32, UB>
  // CHECK-NEXT: %20 = asc.erf %arg0 : !asc.tile<64xf32, UB>
  %20 = asc.erf %x : !asc.tile<64xf32, UB>
  // CHECK-NEXT: %21 = asc.tanh %arg0 : !asc.tile<64xf32, UB>
  %21 = asc.tanh %x : !asc.tile<64xf32, UB>
  // CHECK-NEXT: %22 = asc.sin %arg0 : !asc.tile<64xf32, UB>
  %22 = asc.sin %x : !asc.tile<64xf32, UB>
  // CHECK-NEXT: %23 = asc.cos %arg0 : !asc.tile<64xf32, UB>
  %23 = asc.cos %x : !asc.tile<64xf32, UB>
  // CHECK-NEXT: %24 = asc.tan %arg0 : !asc.tile<64xf32, UB>
  %24 = asc.tan %x : !asc.tile<64xf32, UB>
  // CHECK-NEXT: %25 = asc.sinh %arg0 : !asc.tile<64xf32, UB>
  %25 = asc.sinh %x : !asc.tile<64xf32, UB>
  // CHECK-NEXT: %26 = asc.cosh %arg0 : !asc.tile<64xf32, UB>
  %26 = asc.cosh %x : !asc.tile<64xf32, UB>
  // CHECK-NEXT: %27 = asc.floor %arg0 : !asc.tile<64xf32, UB>
  %27 = asc.floor %x : !asc.tile<64xf32, UB>
  // CHECK-NEXT: %28 = asc.ceil %arg0 : !asc.tile<64xf32, UB>
  %28 = asc.ceil %x : !asc.tile<64xf32, UB>
  // CHECK-NEXT: %29 = asc.abs %arg3 : !asc.tile<64xi32, UB>
  %29 = asc.abs %k : !asc.tile<64xi32, UB>
  // CHECK-NEXT: %30 = asc.neg %arg0 : !asc.tile<64xf32, UB>
  %30 = asc.neg %x : !asc.tile<64xf32, UB>
  // CHECK-NEXT: %31 = asc.relu %arg0 : !asc.tile<64xf32, UB>
  %31 = asc.relu %x : !asc.tile<64xf32, UB>
  // CHECK-NEXT: %32 = asc.cmp ge %arg0, %arg1 : !asc.tile<64xf32, UB>
  %32 = asc.cmp ge %x, %y : !asc.tile<64xf32, UB>
  // CHECK-NEXT: %33 = asc.cmps lt %arg0, %arg2 : !asc.tile<64xf32, UB>, f32
  %33 = asc.cmps lt %x, %s : !asc.tile<64xf32, UB>, f32
  // CHECK-NEXT: %34 = asc.select %32, %arg0, %arg1 : !asc.tile<64xf32, UB>
  %34 = asc.select %32, %x, %y : !asc.tile<64xf32, UB>
  // CHECK-NEXT: %35 = asc.cast %arg0 : !asc.tile<64xf32, UB> -> !asc.tile<64xf16, UB>
  %35 = asc.cast %x : !asc.tile<64xf32, UB> -> !asc.tile<64xf16, UB>
  // CHECK-NEXT: %36 = asc.splat %arg2 : f32 -> !asc.tile<64xf32, UB>
  %36 = asc.splat %s : f32 -> !asc.tile<64xf32, UB>
  func.return
}

// CHECK-LABEL: func.func @shape_and_reduce
func.func @shape_and_reduce(%x: !asc.tile<4x64xf32, UB>, %r: !asc.tile<64xf32, UB>, %g: !asc.tile<64xf32, UB>, %e: f32) {
  // CHECK-NEXT: %0 = asc.reshape %arg0 : !asc.tile<4x64xf32, UB> -> !asc.tile<256xf32, UB>
  %0 = asc.reshape %x : !asc.tile<4x64xf32, UB> -> !asc.tile<256xf32, UB>
  // CHECK-NEXT: %1 = asc.broadcast %arg1 : !asc.tile<64xf32, UB> -> !asc.tile<4x64xf32, UB>
  %1 = asc.broadcast %r : !asc.tile<64xf32, UB> -> !asc.tile<4x64xf32, UB>
  // CHECK-NEXT: %2 = asc.concat %arg0, %1 : !asc.tile<4x64xf32, UB>, !asc.tile<4x64xf32, UB> -> !asc.tile<8x64xf32, UB>
  %2 = asc.concat %x, %1 : !asc.tile<4x64xf32, UB>, !asc.tile<4x64xf32, UB> -> !asc.tile<8x64xf32, UB>
  // CHECK-NEXT: %3 = asc.reduce sum %arg0 [1] : !asc.tile<4x64xf32, UB> -> !asc.tile<4xf32, UB>
  %3 = asc.reduce sum %x [1] : !asc.tile<4x64xf32, UB> -> !asc.tile<4xf32, UB>
  // CHECK-NEXT: %4 = asc.reduce prod %arg0 [0] : !asc.tile<4x64xf32, UB> -> !asc.tile<1x64xf32, UB>
  %4 = asc.reduce prod %x [0] : !asc.tile<4x64xf32, UB> -> !asc.tile<1x64xf32, UB>
  // CHECK-NEXT: %5 = asc.reduce_as_1d max %arg0 : !asc.tile<4x64xf32, UB> -> f32
  %5 = asc.reduce_as_1d max %x : !asc.tile<4x64xf32, UB> -> f32
  // CHECK-NEXT: %6 = asc.softmax %arg0 : !asc.tile<4x64xf32, UB> -> !asc.tile<4x64xf32, UB>
  %6 = asc.softmax %x : !asc.tile<4x64xf32, UB> -> !asc.tile<4x64xf32, UB>
  // CHECK-NEXT: %7 = asc.rms_norm %arg0, %arg2, %arg3 : !asc.tile<4x64xf32, UB>, !asc.tile<64xf32, UB>, f32 -> !asc.tile<4x64xf32, UB>
  %7 = asc.rms_norm %x, %g, %e : !asc.tile<4x64xf32, UB>, !asc.tile<64xf32, UB>, f32 -> !asc.tile<4x64xf32, UB>
  func.return
}

// CHECK-LABEL: func.func @cube_and_masks
func.func @cube_and_masks(%a: !asc.tile<16x32xf16, L0A>, %b: !asc.tile<32x16xf16, L0B>, %x: !asc.tile<64xf32, UB>, %n: i64, %o: f32) {
  // CHECK-NEXT: %0 = asc.zeros_acc : !asc.tile<16x16xf32, L0C>
  %acc = asc.zeros_acc : !asc.tile<16x16xf32, L0C>
  // CHECK-NEXT: %1 = asc.matmul %arg0, %arg1 : !asc.tile<16x32xf16, L0A>, !asc.tile<32x16xf16, L0B> -> !asc.tile<16x16xf32, L0C>
  %c = asc.matmul %a, %b : !asc.tile<16x32xf16, L0A>, !asc.tile<32x16xf16, L0B> -> !asc.tile<16x16xf32, L0C>
  // CHECK-NEXT: asc.matmul_acc %arg0, %arg1, %0 : !asc.tile<16x32xf16, L0A>, !asc.tile<32x16xf16, L0B>, !asc.tile<16x16xf32, L0C>
  asc.matmul_acc %a, %b, %acc : !asc.tile<16x32xf16, L0A>, !asc.tile<32x16xf16, L0B>, !asc.tile<16x16xf32, L0C>
  // CHECK-NEXT: asc.count_mask %arg3 other %arg4 : f32 {
  // CHECK-NEXT:   %2 = asc.exp %arg2 : !asc.tile<64xf32, UB>
  // CHECK-NEXT:   asc.yield
  // CHECK-NEXT: }
  asc.count_mask %n other %o : f32 {
    %0 = asc.exp %x : !asc.tile<64xf32, UB>
    asc.yield
  }
  // CHECK-NEXT: asc.bitwise_mask %arg3, %arg3 {
  // CHECK-NEXT:   %2 = asc.relu %arg2 : !asc.tile<64xf32, UB>
  // CHECK-NEXT:   asc.yield
  // CHECK-NEXT: }
  asc.bitwise_mask %n, %n {
    %1 = asc.relu %x : !asc.tile<64xf32, UB>
    asc.yield
  }
  func.return
}
