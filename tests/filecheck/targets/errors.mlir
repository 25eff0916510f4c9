// RUN: ascdsl-opt %s --split-input-file --verify-diagnostics -t ascendc --ascendc-compilable
// What the Ascend C target refuses in the source it compiles, each with the op, its line and
// the reason (pyasc's spelling prints scalar math the headers reject: pyasc_spelling/math.mlir).

func.func @auto_tensor() {
  // expected-error@+1 {{'ascendc.local_tensor_auto' op is a compiler-managed tensor with no Ascend C form yet; run materialize-tensor (or the whole --ascdsl-default pipeline) before printing Ascend C}}
  %0 = ascendc.local_tensor_auto() input : <64xf32>
  return
}

// -----

func.func @no_rule(%arg0 : f32) {
  // expected-error@+1 {{'math.cbrt' op has no Ascend C printing rule}}
  %0 = math.cbrt %arg0 : f32
  return
}

// -----

// Ascend C has no scalar transcendental functions (pyasc prints AscendC::Cos(x), which the
// real headers reject: AscendC::Cos takes LocalTensors).
func.func @no_scalar_form(%arg0 : f16) {
  // expected-error@+1 {{'math.cos' op has no Ascend C form on a scalar: the AI core's scalar unit has no transcendental functions and the API offers none for scalars (AscendC::Cos works on LocalTensors: compute the value in a tensor, or before the kernel)}}
  %0 = math.cos %arg0 : f16
  return
}

// -----

func.func @no_scalar_exp2(%arg0 : f32) {
  // expected-error@+1 {{'math.exp2' op has no Ascend C form on a scalar}}
  %0 = math.exp2 %arg0 : f32
  return
}

// -----

func.func @no_scalar_atan2(%arg0 : f32, %arg1 : f32) {
  // expected-error@+1 {{'math.atan2' op has no Ascend C form on a scalar}}
  %0 = math.atan2 %arg0, %arg1 : f32
  return
}

// -----

func.func @no_double_sqrt(%arg0 : f64) {
  // expected-error@+1 {{'math.sqrt' op works on f64; Ascend C's scalar unit computes this on f16, bf16 or f32 only}}
  %0 = math.sqrt %arg0 : f64
  return
}

// -----

func.func @no_rule_test_dialect() {
  // expected-error@+1 {{'test.op' op has no Ascend C printing rule}}
  %0 = "test.op"() : () -> i32
  return
}

// -----

// expected-error@+1 {{'func.func' op returns 2 values; a C++ function returns one}}
func.func @two_results(%arg0 : i32) -> (i32, i32) {
  return %arg0, %arg0 : i32, i32
}

// -----

// expected-error@+1 {{'func.func' op is a kernel (ascendc.global) and must not return a value}}
func.func @kernel_result(%arg0 : i32) -> i32 attributes {ascendc.global} {
  return %arg0 : i32
}

// -----

// expected-error@+1 {{'func.func' op function name 'bad name' is not a C++ identifier}}
func.func @"bad name"() {
  return
}

// -----

// expected-error@+1 {{'func.func' op type i7 has no Ascend C spelling}}
func.func @odd_width(%arg0 : i7) {
  return
}

// -----

func.func @tile_size_not_constant(%arg0 : i32) {
  %hw = arith.constant 1 : i64
  %0 = ascendc.local_mem_allocator %hw : i64, !ascendc.local_mem_allocator<1>
  // expected-error@+1 {{'ascendc.local_mem_allocator.alloc' op 'tile_size' is a C++ template argument and must be an integer arith.constant}}
  %1 = ascendc.local_mem_allocator.alloc %0, vecin, %arg0, f32 : !ascendc.local_mem_allocator<1>, i32, !ascendc.local_tensor<*xf32>
  return
}

// -----

func.func @construct_out_of_range() {
  %big = arith.constant 70000 : i32
  // expected-error@+1 {{'ascendc.construct' op value 70000 does not fit blockCount, a uint16_t field of AscendC::DataCopyParams}}
  %0 = ascendc.construct !ascendc.data_copy_params(%big, %big) : i32, i32
  return
}

// -----

// An index is a uint32_t in Ascend C: -1 is 4294967295 there.
func.func @construct_negative_index() {
  %m1 = arith.constant -1 : index
  // expected-error@+1 {{'ascendc.construct' op value 4294967295 does not fit blockCount, a uint16_t field of AscendC::DataCopyParams}}
  %0 = ascendc.construct !ascendc.data_copy_params(%m1) : index
  return
}

// -----

func.func @construct_constexpr() {
  // expected-error@+1 {{'ascendc.construct' op AscendC::DataCopyParams has no constexpr constructor; construct it without `constexpr`}}
  %0 = ascendc.construct !ascendc.data_copy_params() constexpr
  return
}

// -----

func.func @dynamic_alloca(%arg0 : index) {
  // expected-error@+1 {{'memref.alloca' op needs a static shape for a C array, got memref<?xi32>}}
  %0 = memref.alloca(%arg0) : memref<?xi32>
  return
}

// -----

func.func @pipe_through_loop(%arg0 : index) {
  %p = ascendc.pipe
  // expected-error@+1 {{'scf.for' op carries a !ascendc.pipe through its results; Ascend C objects cannot be copied}}
  %r = scf.for %i = %arg0 to %arg0 step %arg0 iter_args(%q = %p) -> (!ascendc.pipe) {
    scf.yield %q : !ascendc.pipe
  }
  return
}

// -----

// A module-level op that is not a function.
// expected-error@+1 {{'test.op' op cannot be printed at module level; the Ascend C target prints func.func ops there}}
"test.op"() : () -> ()

// -----

func.func @wide_mul_i8(%arg0 : i8, %arg1 : i8) {
  // expected-error@+1 {{'arith.mului_extended' op works on i8; pyasc's translator and ascdsl print i32 and i16 only}}
  %0, %1 = arith.mului_extended %arg0, %arg1 : i8
  return
}

// -----

// pyasc's IR may hold a GM allocator (its dialect and `-t ascendc` print it:
// pyasc_spelling/local_mem_allocator_gm.mlir); the headers static_assert on it.
func.func @allocator_on_gm() {
  %hw = arith.constant 0 : i64
  // expected-error@+1 {{'ascendc.local_mem_allocator' op LocalMemAllocator<Hardware::GM> is rejected by Ascend C: an allocator hands out an on-chip memory (UB, L1, L0A, L0B, L0C, BIAS, FIXBUF)}}
  %a = ascendc.local_mem_allocator %hw : i64, !ascendc.local_mem_allocator<0>
  func.return
}
