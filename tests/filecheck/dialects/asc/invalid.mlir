// One test per verifier rule of the `asc` dialect: a located error naming the op and the rule.
// RUN: ascdsl-opt %s --split-input-file --verify-diagnostics

func.func @tensor_sizes(%p: memref<?xf32, 22>, %n: i32) {
  // expected-error@+1 {{'asc.tensor' op the tensor has 2 dynamic dimension(s) but 1 size operand(s) were given}}
  %t = asc.tensor %p(%n) : memref<?xf32, 22> -> !asc.tensor<?x?xf32>
  func.return
}

// -----

func.func @tensor_element(%p: memref<?xf16, 22>, %n: i32) {
  // expected-error@+1 {{'asc.tensor' op the pointer holds f16 elements but the tensor f32 elements}}
  %t = asc.tensor %p(%n) : memref<?xf16, 22> -> !asc.tensor<?xf32>
  func.return
}

// -----

func.func @dim_range(%t: !asc.tensor<?xf32>) {
  // expected-error@+1 {{'asc.dim' op dimension 1 is out of range for a rank-1 tensor}}
  %d = asc.dim %t, 1 : !asc.tensor<?xf32>
  func.return
}

// -----

func.func @load_rank(%t: !asc.tensor<?xf32>, %i: i32) {
  // expected-error@+1 {{'asc.load' op asc.load moves a rank-2 tile to or from a rank-1 tensor; the ranks must agree (reshape the tile)}}
  %x = asc.load %t[%i] : !asc.tensor<?xf32> -> !asc.tile<1x64xf32, UB>
  func.return
}

// -----

func.func @load_offsets(%t: !asc.tensor<?x?xf32>, %i: i32) {
  // expected-error@+1 {{'asc.load' op asc.load takes one offset per dimension: 2 expected, got 1}}
  %x = asc.load %t[%i] : !asc.tensor<?x?xf32> -> !asc.tile<1x64xf32, UB>
  func.return
}

// -----

func.func @load_element(%t: !asc.tensor<?xf32>, %i: i32) {
  // expected-error@+1 {{'asc.load' op the tile holds f16 elements but the tensor f32 (asc.cast the tile first)}}
  %x = asc.load %t[%i] : !asc.tensor<?xf32> -> !asc.tile<64xf16, UB>
  func.return
}

// -----

func.func @load_location(%t: !asc.tensor<?xf32>, %i: i32) {
  // expected-error@+1 {{'asc.load' op a load fills a UB or L1 tile, not L0A (load to L1, then asc.copy to L0A/L0B)}}
  %x = asc.load %t[%i] : !asc.tensor<?xf32> -> !asc.tile<64xf32, L0A>
  func.return
}

// -----

func.func @load_pad(%t: !asc.tensor<?xf32>, %i: i32, %p: f16) {
  // expected-error@+1 {{'asc.load' op the pad value is f16 but the tile holds f32}}
  %x = asc.load %t[%i] pad(%p : f16) : !asc.tensor<?xf32> -> !asc.tile<64xf32, UB>
  func.return
}

// -----

func.func @store_location(%t: !asc.tensor<?xf32>, %i: i32, %x: !asc.tile<64xf32, L1>) {
  // expected-error@+1 {{'asc.store' op a store writes a UB (or L0C) tile to GM, not a L1 tile}}
  asc.store %x, %t[%i] : !asc.tile<64xf32, L1>, !asc.tensor<?xf32>
  func.return
}

// -----

func.func @copy_path(%x: !asc.tile<64xf32, UB>, %i: i32) {
  // expected-error@+1 {{'asc.copy' op there is no data path from UB to L0A}}
  %y = asc.copy %x[%i] : !asc.tile<64xf32, UB> -> !asc.tile<64xf32, L0A>
  func.return
}

// -----

func.func @copy_larger(%x: !asc.tile<64xf32, L1>, %i: i32) {
  // expected-error@+1 {{'asc.copy' op the result's dimension 0 (128) is larger than the source's (64)}}
  %y = asc.copy %x[%i] : !asc.tile<64xf32, L1> -> !asc.tile<128xf32, L0A>
  func.return
}

// -----

func.func @binary_types(%x: !asc.tile<64xf32, UB>, %y: !asc.tile<64xf16, UB>) {
  // expected-error@+1 {{'asc.add' op lhs and rhs must have the same type, got !asc.tile<64xf32, UB> and !asc.tile<64xf16, UB>}}
  %z = "asc.add"(%x, %y) : (!asc.tile<64xf32, UB>, !asc.tile<64xf16, UB>) -> !asc.tile<64xf32, UB>
  func.return
}

// -----

func.func @binary_location(%x: !asc.tile<64xf32, L1>) {
  // expected-error@+1 {{'asc.add' op lhs is a tile in L1; asc.add runs on the vector unit, on UB tiles (asc.copy moves a tile to UB)}}
  %z = asc.add %x, %x : !asc.tile<64xf32, L1>
  func.return
}

// -----

func.func @scalar_type(%x: !asc.tile<64xf32, UB>, %s: f16) {
  // expected-error@+1 {{'asc.adds' op the scalar is f16 but the tile holds f32 elements (convert the scalar first)}}
  %z = asc.adds %x, %s : !asc.tile<64xf32, UB>, f16
  func.return
}

// -----

func.func @shift_float(%x: !asc.tile<64xf32, UB>, %s: f32) {
  // expected-error@+1 {{'asc.shls' op asc.shls shifts integer tiles, not f32}}
  %z = asc.shls %x, %s : !asc.tile<64xf32, UB>, f32
  func.return
}

// -----

func.func @exp_int(%x: !asc.tile<64xi32, UB>) {
  // expected-error@+1 {{'asc.exp' op asc.exp is defined on f16, bf16 and f32 tiles; the operand has i32 elements}}
  %z = asc.exp %x : !asc.tile<64xi32, UB>
  func.return
}

// -----

func.func @select_mask(%m: !asc.tile<32xi1, UB>, %x: !asc.tile<64xf32, UB>) {
  // expected-error@+1 {{'asc.select' op the mask must be !asc.tile<64xi1, UB>, got !asc.tile<32xi1, UB>}}
  %z = "asc.select"(%m, %x, %x) : (!asc.tile<32xi1, UB>, !asc.tile<64xf32, UB>, !asc.tile<64xf32, UB>) -> !asc.tile<64xf32, UB>
  func.return
}

// -----

func.func @cmp_result(%x: !asc.tile<64xf32, UB>) {
  // expected-error@+1 {{'asc.cmp' op the result must be !asc.tile<64xi1, UB>, got !asc.tile<64xf32, UB>}}
  %z = "asc.cmp"(%x, %x) <{mode = 1 : i32}> : (!asc.tile<64xf32, UB>, !asc.tile<64xf32, UB>) -> !asc.tile<64xf32, UB>
  func.return
}

// -----

func.func @cmp_mode(%x: !asc.tile<64xf32, UB>) {
  // expected-error@+1 {{'asc.cmp' op 'mode' must be a CompareMode (lt, gt, eq, le, ge, ne), got 9 : i32}}
  %z = "asc.cmp"(%x, %x) <{mode = 9 : i32}> : (!asc.tile<64xf32, UB>, !asc.tile<64xf32, UB>) -> !asc.tile<64xi1, UB>
  func.return
}

// -----

func.func @cmp_keyword(%x: !asc.tile<64xf32, UB>) {
  // expected-error@+1 {{expected a CompareMode keyword (lt, gt, eq, le, ge, ne), got 'greater'}}
  %z = asc.cmp greater %x, %x : !asc.tile<64xf32, UB>
  func.return
}

// -----

func.func @cast_same(%x: !asc.tile<64xf32, UB>) {
  // expected-error@+1 {{'asc.cast' op a cast from f32 to itself}}
  %z = asc.cast %x : !asc.tile<64xf32, UB> -> !asc.tile<64xf32, UB>
  func.return
}

// -----

func.func @cast_shape(%x: !asc.tile<64xf32, UB>) {
  // expected-error@+1 {{'asc.cast' op a cast keeps shape and location: !asc.tile<64xf32, UB> to !asc.tile<32xf16, UB> (asc.reshape / asc.copy)}}
  %z = asc.cast %x : !asc.tile<64xf32, UB> -> !asc.tile<32xf16, UB>
  func.return
}

// -----

func.func @splat_type(%s: f16) {
  // expected-error@+1 {{'asc.splat' op the value is f16 but the tile holds f32 elements (convert the scalar first)}}
  %z = asc.splat %s : f16 -> !asc.tile<64xf32, UB>
  func.return
}

// -----

func.func @reshape_count(%x: !asc.tile<64xf32, UB>) {
  // expected-error@+1 {{'asc.reshape' op a reshape keeps the element count: [64] has 64 elements, [2, 64] has 128}}
  %z = asc.reshape %x : !asc.tile<64xf32, UB> -> !asc.tile<2x64xf32, UB>
  func.return
}

// -----

func.func @broadcast_shape(%x: !asc.tile<2x64xf32, UB>) {
  // expected-error@+1 {{'asc.broadcast' op cannot broadcast shape [2, 64] to [4, 64] (each source dimension, from the last, must be 1 or equal)}}
  %z = asc.broadcast %x : !asc.tile<2x64xf32, UB> -> !asc.tile<4x64xf32, UB>
  func.return
}

// -----

func.func @concat_rows(%x: !asc.tile<2x64xf32, UB>) {
  // expected-error@+1 {{'asc.concat' op the inputs have 4 rows in all but the result has 6}}
  %z = asc.concat %x, %x : !asc.tile<2x64xf32, UB>, !asc.tile<2x64xf32, UB> -> !asc.tile<6x64xf32, UB>
  func.return
}

// -----

func.func @reduce_dims(%x: !asc.tile<2x64xf32, UB>) {
  // expected-error@+1 {{'asc.reduce' op dimensions [2] must be distinct and within 0..1}}
  %z = asc.reduce sum %x [2] : !asc.tile<2x64xf32, UB> -> !asc.tile<2xf32, UB>
  func.return
}

// -----

func.func @reduce_shape(%x: !asc.tile<2x64xf32, UB>) {
  // expected-error@+1 {{'asc.reduce' op reducing [1] of [2, 64] gives [2, 1] (or [2]), not [64]}}
  %z = asc.reduce max %x [1] : !asc.tile<2x64xf32, UB> -> !asc.tile<64xf32, UB>
  func.return
}

// -----

func.func @reduce_prod_scalar(%x: !asc.tile<64xf32, UB>) {
  // expected-error@+1 {{'asc.reduce_as_1d' op a product reduction to a scalar is not defined (asc2 has none)}}
  %z = asc.reduce_as_1d prod %x : !asc.tile<64xf32, UB> -> f32
  func.return
}

// -----

func.func @softmax_rank(%x: !asc.tile<2x2x64xf32, UB>) {
  // expected-error@+1 {{'asc.softmax' op softmax takes 1-d or 2-d tiles, got rank 3}}
  %z = asc.softmax %x : !asc.tile<2x2x64xf32, UB> -> !asc.tile<2x2x64xf32, UB>
  func.return
}

// -----

func.func @rms_norm_gamma(%x: !asc.tile<2x64xf32, UB>, %g: !asc.tile<32xf32, UB>, %e: f32) {
  // expected-error@+1 {{'asc.rms_norm' op gamma must hold 64 f32 elements (one per column), got !asc.tile<32xf32, UB>}}
  %z = asc.rms_norm %x, %g, %e : !asc.tile<2x64xf32, UB>, !asc.tile<32xf32, UB>, f32 -> !asc.tile<2x64xf32, UB>
  func.return
}

// -----

func.func @matmul_inner(%a: !asc.tile<16x32xf16, L0A>, %b: !asc.tile<16x16xf16, L0B>) {
  // expected-error@+1 {{'asc.matmul' op inner dimensions differ: 16x32 times 16x16}}
  %c = asc.matmul %a, %b : !asc.tile<16x32xf16, L0A>, !asc.tile<16x16xf16, L0B> -> !asc.tile<16x16xf32, L0C>
  func.return
}

// -----

func.func @matmul_acc_type(%a: !asc.tile<16x32xf16, L0A>, %b: !asc.tile<32x16xf16, L0B>, %acc: !asc.tile<16x16xf16, L0C>) {
  // expected-error@+1 {{'asc.matmul_acc' op the accumulator must be a 16x16 f32 tile in L0C, got !asc.tile<16x16xf16, L0C>}}
  asc.matmul_acc %a, %b, %acc : !asc.tile<16x32xf16, L0A>, !asc.tile<32x16xf16, L0B>, !asc.tile<16x16xf16, L0C>
  func.return
}

// -----

func.func @zeros_acc_location() {
  // expected-error@+1 {{'asc.zeros_acc' op an accumulator lives in L0C, not UB}}
  %acc = asc.zeros_acc : !asc.tile<16x16xf32, UB>
  func.return
}

// -----

func.func @atomic_location(%x: !asc.tile<64xf32, L1>, %t: !asc.tensor<?xf32>, %i: i32) {
  // expected-error@+1 {{'asc.atomic_rmw' op atomics store UB tiles, not L1 tiles}}
  asc.atomic_rmw add %x, %t[%i] : !asc.tile<64xf32, L1>, !asc.tensor<?xf32>
  func.return
}
