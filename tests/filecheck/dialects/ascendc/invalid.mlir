// One test per verifier rule: each is a located error naming the op and the rule.
// RUN: ascdsl-opt %s --split-input-file --verify-diagnostics

// A TBuf is a queue here (it derives from TQueBind); a pipe is not.
func.func @alloc_from_pipe(%b: !ascendc.pipe) {
  // expected-error@+1 {{'ascendc.que_bind.alloc_tensor' op expected a queue or a TBuf (!ascendc.queue, !ascendc.que_bind or !ascendc.tbuf), got !ascendc.pipe}}
  %t = ascendc.que_bind.alloc_tensor %b : !ascendc.pipe, !ascendc.local_tensor<64xf32>
  func.return
}

// -----

func.func @alloc_from_pipe_generic(%b: !ascendc.pipe) {
  // expected-error@+1 {{operand 'queue' at position 0 does not verify: expected a queue or a TBuf}}
  %t = "ascendc.que_bind.alloc_tensor"(%b) : (!ascendc.pipe) -> !ascendc.local_tensor<64xf32>
  func.return
}

// -----

func.func @binary_element_mismatch(%a: !ascendc.local_tensor<64xf32>, %b: !ascendc.local_tensor<64xf16>, %n: i32) {
  // expected-error@+1 {{element type mismatch: dst is f32 but src1 is f16 (AscendC::Add takes LocalTensor<T> for all of them)}}
  ascendc.add_l2 %a, %a, %b, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf16>, i32
  func.return
}

// -----

func.func @unary_element_mismatch(%a: !ascendc.local_tensor<64xf32>, %b: !ascendc.local_tensor<64xi32>, %n: i32) {
  // expected-error@+1 {{element type mismatch: dst is f32 but src is i32 (AscendC::Exp}}
  ascendc.exp_l2 %a, %b, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xi32>, i32
  func.return
}

// -----

func.func @reduce_element_mismatch(%a: !ascendc.local_tensor<64xf32>, %t: !ascendc.local_tensor<64xf16>, %n: i32) {
  // expected-error@+1 {{element type mismatch: dst is f32 but shared_tmp_buffer is f16}}
  ascendc.reduce_sum_l2 %a, %a, %t, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf16>, i32
  func.return
}

// -----

func.func @vector_needs_local(%g: !ascendc.global_tensor<*xf32>, %a: !ascendc.local_tensor<64xf32>, %n: i32) {
  // expected-error@+1 {{'ascendc.mul_l2' op expected a local tensor (!ascendc.local_tensor), got !ascendc.global_tensor<*xf32>}}
  ascendc.mul_l2 %g, %a, %a, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
  func.return
}

// -----

func.func @event_out_of_range(%id: i32) {
  // expected-error@+1 {{'event' = 99 is not a HardEvent (valid values 0 to 35)}}
  "ascendc.set_flag"(%id) <{event = 99 : i32}> : (i32) -> ()
  func.return
}

// -----

func.func @event_keyword(%id: i32) {
  // expected-error@+1 {{expected a HardEvent keyword}}
  ascendc.wait_flag mte9_v, %id : i32
  func.return
}

// -----

func.func @pipe_out_of_range() {
  // expected-error@+1 {{'pipe' = 11 is not a Pipe (valid values 0 to 10)}}
  "ascendc.pipe_barrier"() <{pipe = 11 : i32}> : () -> ()
  func.return
}

// -----

func.func @release_bad_event(%p: !ascendc.pipe, %id: i32) {
  // expected-error@+1 {{'event' = 40 is not a HardEvent}}
  ascendc.pipe.release_event_id %p, %id {event = 40 : i32} : !ascendc.pipe, i32
  func.return
}

// -----

func.func @too_many_buffers(%q: !ascendc.queue<vecin, 1>, %n: i32) {
  %c8 = arith.constant 8 : i32
  %c32 = arith.constant 32 : i32
  // expected-error@+1 {{the pipe hands out 72 buffers; a kernel may use at most 64 (TPipe::InitBuffer)}}
  %p = ascendc.pipe
  ascendc.pipe.init_queue %p, %q, %c8, %c32 : !ascendc.queue<vecin, 1>, i32, i32
  ascendc.pipe.init_queue %p, %q, %c8, %c32 : !ascendc.queue<vecin, 1>, i32, i32
  ascendc.pipe.init_queue %p, %q, %c8, %c32 : !ascendc.queue<vecin, 1>, i32, i32
  ascendc.pipe.init_queue %p, %q, %c8, %c32 : !ascendc.queue<vecin, 1>, i32, i32
  ascendc.pipe.init_queue %p, %q, %c8, %c32 : !ascendc.queue<vecin, 1>, i32, i32
  ascendc.pipe.init_queue %p, %q, %c8, %c32 : !ascendc.queue<vecin, 1>, i32, i32
  ascendc.pipe.init_queue %p, %q, %c8, %c32 : !ascendc.queue<vecin, 1>, i32, i32
  ascendc.pipe.init_queue %p, %q, %c8, %c32 : !ascendc.queue<vecin, 1>, i32, i32
  ascendc.pipe.init_queue %p, %q, %c8, %c32 : !ascendc.queue<vecin, 1>, i32, i32
  func.return
}

// -----

func.func @queue_buffer_count(%p: !ascendc.pipe, %q: !ascendc.queue<vecin, 1>) {
  %c9 = arith.constant 9 : i32
  %c32 = arith.constant 32 : i32
  // expected-error@+1 {{a queue gets 1 to 8 buffers (one event id each), got 9}}
  ascendc.pipe.init_queue %p, %q, %c9, %c32 : !ascendc.queue<vecin, 1>, i32, i32
  func.return
}

// -----

func.func @queue_larger_than_ub(%p: !ascendc.pipe, %q: !ascendc.queue<vecin, 2>) {
  %c2 = arith.constant 2 : i32
  %len = arith.constant 100000 : i32
  // expected-error@+1 {{InitBuffer(2 x 100000 B) needs 200000 bytes at vecin, more than the 196608 bytes of UB on Ascend910B1}}
  ascendc.pipe.init_queue %p, %q, %c2, %len : !ascendc.queue<vecin, 2>, i32, i32
  func.return
}

// -----

func.func @tbuf_larger_than_l1(%p: !ascendc.pipe, %b: !ascendc.tbuf<a1>) {
  %len = arith.constant 600000 : i64
  // expected-error@+1 {{InitBuffer(600000 B) needs 600000 bytes at a1, more than the 524288 bytes of L1}}
  ascendc.pipe.init_buffer %p, %b, %len : !ascendc.tbuf<a1>, i64
  func.return
}

// -----

func.func @zero_length(%p: !ascendc.pipe, %b: !ascendc.tbuf<veccalc>) {
  %len = arith.constant 0 : i32
  // expected-error@+1 {{buffer length must be positive, got 0 bytes}}
  ascendc.pipe.init_buffer %p, %b, %len : !ascendc.tbuf<veccalc>, i32
  func.return
}

// -----

func.func @deque_depth_zero(%q: !ascendc.que_bind<vecin, vecout, 0>) {
  // expected-error@+1 {{DeQue<T>() needs a queue depth of at least 1; depth 0 is for the in-place DeQue}}
  %t = ascendc.que_bind.deque_tensor %q : !ascendc.que_bind<vecin, vecout, 0>, !ascendc.local_tensor<64xf32>
  func.return
}

// -----

func.func @unaligned_offset(%b: !ascendc.tbuf<veccalc>, %n: i32) {
  %off = arith.constant 48 : i32
  // expected-error@+1 {{bufOffset must be 32-byte aligned, got 48}}
  %t = ascendc.tbuf.get_with_offset %b, %n, %off : !ascendc.tbuf<veccalc>, i32, i32, !ascendc.local_tensor<16xf32>
  func.return
}

// -----

func.func @unaligned_static_tensor(%tile: ui32) {
  %c100 = arith.constant 100 : i32
  %addr = builtin.unrealized_conversion_cast %c100 : i32 to ui32
  // expected-error@+1 {{a static LocalTensor address must be 32-byte aligned, got 100}}
  %t = ascendc.local_tensor_v2 vecin, %addr, %tile : !ascendc.local_tensor<*xf32>
  func.return
}

// -----

func.func @set_global_buffer_pointer(%g: !ascendc.global_tensor<*xf32>, %x: i64) {
  // expected-error@+1 {{'ascendc.global_tensor.set_global_buffer' op expected a GM pointer (memref<?xT, 22>), got i64}}
  ascendc.global_tensor.set_global_buffer %g, %x : !ascendc.global_tensor<*xf32>, i64
  func.return
}

// -----

func.func @subindex_element(%g: !ascendc.global_tensor<*xf32>, %i: index) {
  // expected-error@+1 {{operator[]: element type f32 does not match i32}}
  %s = ascendc.global_tensor.subindex %g[%i] : !ascendc.global_tensor<*xf32>, index, !ascendc.global_tensor<*xi32>
  func.return
}

// -----

func.func @set_value_type(%t: !ascendc.local_tensor<64xf32>, %i: ui32, %v: i32) {
  // expected-error@+1 {{SetValue value: element type f32 does not match i32}}
  ascendc.local_tensor.set_value %t, %i, %v : !ascendc.local_tensor<64xf32>, ui32, i32
  func.return
}

// -----

func.func @allocator_hardware(%hw: i64) {
  %c2 = arith.constant 2 : i64
  // expected-error@+1 {{hardware operand 2 does not match the allocator type's 1}}
  %a = ascendc.local_mem_allocator %c2 : i64, !ascendc.local_mem_allocator<1>
  func.return
}

// -----

func.func @allocator_dtype(%a: !ascendc.local_mem_allocator<1>, %n: i32) {
  // expected-error@+1 {{Alloc<pos, T>: element type f32 does not match f16}}
  %t = ascendc.local_mem_allocator.alloc %a, vecin, %n, f16 : !ascendc.local_mem_allocator<1>, i32, !ascendc.local_tensor<*xf32>
  func.return
}

// -----

func.func @allocator_position(%a: !ascendc.local_mem_allocator<1>, %n: i32) {
  // expected-error@+1 {{position a1 lives in L1, not in the allocator's UB}}
  %t = ascendc.local_mem_allocator.alloc_dynamic %a, a1, %n, f32 : !ascendc.local_mem_allocator<1>, i32, !ascendc.local_tensor<*xf32>
  func.return
}

// -----

func.func @auto_dynamic_dims(%n: i64) {
  // expected-error@+1 {{the shape has 2 dynamic dimension(s) but 1 size operand(s) were given (one per `?` dimension, or one per dimension as pyasc writes)}}
  %t = ascendc.local_tensor_auto(%n) : <?x?xf32>
  func.return
}

// -----

func.func @auto_every_dimension_disagrees() {
  %c8 = arith.constant 8 : i64
  %c32 = arith.constant 32 : i64
  // expected-error@+1 {{size operand #0 is 8 but dimension 0 of !ascendc.local_tensor<4x32xf32> is 4}}
  %t = ascendc.local_tensor_auto(%c8, %c32) : <4x32xf32>
  func.return
}

// -----

func.func @copy_gm_to_gm(%a: !ascendc.global_tensor<*xf32>, %b: !ascendc.global_tensor<*xf32>, %n: i32) {
  // expected-error@+1 {{DataCopy cannot copy GM to GM; stage the data through a local tensor}}
  ascendc.data_copy_l2 %a, %b, %n : !ascendc.global_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
  func.return
}

// -----

func.func @copy_element(%a: !ascendc.local_tensor<64xf32>, %b: !ascendc.global_tensor<*xf16>, %n: i32) {
  // expected-error@+1 {{element type mismatch: dst is f32 but src is f16 (DataCopy copies T to T)}}
  ascendc.data_copy_l2 %a, %b, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf16>, i32
  func.return
}

// -----

func.func @construct_too_many(%a: i32) {
  // expected-error@+1 {{AscendC::DataCopyParams has 4 fields (blockCount, blockLen, srcStride, dstStride), got 5 values}}
  %p = ascendc.construct !ascendc.data_copy_params(%a, %a, %a, %a, %a) : i32, i32, i32, i32, i32
  func.return
}

// -----

func.func @construct_cast_count(%a: i32) {
  // expected-error@+1 {{1 cast types given for 2 values}}
  %p = ascendc.construct !ascendc.data_copy_params(%a, %a) [ui16] : i32, i32
  func.return
}

// -----

func.func @cast_needs_rounding(%d: !ascendc.local_tensor<64xi32>, %s: !ascendc.local_tensor<64xf32>, %n: i32) {
  // expected-error@+1 {{a f32 -> i32 cast needs a rounding mode (CAST_RINT, CAST_FLOOR, CAST_CEIL, CAST_ROUND or CAST_TRUNC), got CAST_NONE}}
  ascendc.cast_l2 %d, %s, %n {roundMode = 0 : i32} : !ascendc.local_tensor<64xi32>, !ascendc.local_tensor<64xf32>, i32
  func.return
}

// -----

func.func @cast_odd(%d: !ascendc.local_tensor<64xf32>, %s: !ascendc.local_tensor<64xf16>, %n: i32) {
  // expected-error@+1 {{a f16 -> f32 cast takes CAST_NONE only, got CAST_ODD}}
  ascendc.cast_l2 %d, %s, %n {roundMode = 6 : i32} : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf16>, i32
  func.return
}

// -----

func.func @cast_mode_of_pair(%d: !ascendc.local_tensor<64xi8>, %s: !ascendc.local_tensor<64xf16>, %n: i32) {
  // expected-error@+1 {{a f16 -> i8 cast takes CAST_NONE, CAST_RINT, CAST_FLOOR, CAST_CEIL, CAST_ROUND or CAST_TRUNC, got CAST_ODD}}
  ascendc.cast_l2 %d, %s, %n {roundMode = 6 : i32} : !ascendc.local_tensor<64xi8>, !ascendc.local_tensor<64xf16>, i32
  func.return
}

// -----

func.func @cast_pair(%d: !ascendc.local_tensor<64xbf16>, %s: !ascendc.local_tensor<64xf16>, %n: i32) {
  // expected-error@+1 {{dav_c220 has no f16 -> bf16 Cast; from f16 it converts to f32, i8, ui8, i16, i32}}
  ascendc.cast_l2 %d, %s, %n {roundMode = 1 : i32} : !ascendc.local_tensor<64xbf16>, !ascendc.local_tensor<64xf16>, i32
  func.return
}

// -----

func.func @cast_round_mode_range(%d: !ascendc.local_tensor<64xf32>, %s: !ascendc.local_tensor<64xf16>, %n: i32) {
  // expected-error@+1 {{'roundMode' = 9 is not a RoundMode (valid values 0 to 6)}}
  ascendc.cast_l2 %d, %s, %n {roundMode = 9 : i32} : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf16>, i32
  func.return
}

// -----

func.func @l1_mask_words(%d: !ascendc.local_tensor<64xf32>, %m: i64, %n: i32, %p: !ascendc.binary_repeat_params) {
  // expected-error@+1 {{expected a ui64 mask word, got i64}}
  ascendc.add_l1 %d, %d, %d, %m, %n, %p : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i64, i32, !ascendc.binary_repeat_params
  func.return
}

// -----

func.func @repeat_params_type(%d: !ascendc.local_tensor<64xf32>, %n: i32, %p: !ascendc.unary_repeat_params) {
  // expected-error@+1 {{expected !ascendc.binary_repeat_params, got !ascendc.unary_repeat_params}}
  ascendc.add_l0 %d, %d, %d, %n, %n, %p : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32, i32, !ascendc.unary_repeat_params
  func.return
}

// -----

func.func @local_tensor_v2_position(%a: ui32) {
  // expected-error@+1 {{expected a TPosition keyword}}
  %t = ascendc.local_tensor_v2 nowhere, %a, %a : !ascendc.local_tensor<*xf32>
  func.return
}

// -----

func.func @duplicate_scalar(%d: !ascendc.local_tensor<64xf16>, %s: f32, %n: i32) {
  // expected-error@+1 {{scalar type f32 does not match the tensor element type f16 (Duplicate<T> takes a T scalar)}}
  ascendc.duplicate_l2 %d, %s, %n : !ascendc.local_tensor<64xf16>, f32, i32
  func.return
}

// -----

func.func @pad_l0_direction(%l: !ascendc.local_tensor<32xf16>, %g: !ascendc.global_tensor<*xf16>, %p: !ascendc.data_copy_params, %q: !ascendc.data_copy_pad_params) {
  // expected-error@+1 {{DataCopyPad with DataCopyPadParams copies GM to a local tensor (use data_copy_pad_l2 for local to GM)}}
  ascendc.data_copy_pad_l0 %g, %l, %p, %q : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<32xf16>, !ascendc.data_copy_params, !ascendc.data_copy_pad_params
  func.return
}

// -----

func.func @pad_l2_direction(%l: !ascendc.local_tensor<32xf16>, %g: !ascendc.global_tensor<*xf16>, %p: !ascendc.data_copy_params) {
  // expected-error@+1 {{DataCopyPad with only DataCopyParams copies a local tensor to GM}}
  ascendc.data_copy_pad_l2 %l, %g, %p : !ascendc.local_tensor<32xf16>, !ascendc.global_tensor<*xf16>, !ascendc.data_copy_params
  func.return
}

// -----

func.func @l2_cache_mode_pyasc_does_not_take(%g: !ascendc.global_tensor<*xf32>) {
  // expected-error@+1 {{'ascendc.global_tensor.set_l2_cache_hint' op has cache mode 2; pyasc's SetL2CacheHint takes CACHE_MODE_DISABLE (0) or CACHE_MODE_NORMAL (1)}}
  ascendc.global_tensor.set_l2_cache_hint %g {mode = 2 : i32, rwMode = 3 : i32} : !ascendc.global_tensor<*xf32>
  func.return
}

// -----

func.func @l2_cache_rw_mode(%g: !ascendc.global_tensor<*xf32>) {
  // expected-error@+1 {{'ascendc.global_tensor.set_l2_cache_hint' op 'rwMode' = 0 is not a CacheRwMode (valid values 1 to 3)}}
  ascendc.global_tensor.set_l2_cache_hint %g {mode = 1 : i32, rwMode = 0 : i32} : !ascendc.global_tensor<*xf32>
  func.return
}

// -----

func.func @alloc_position_elsewhere(%n: i32) {
  %hw = arith.constant 1 : i64
  %a = ascendc.local_mem_allocator %hw : i64, !ascendc.local_mem_allocator<1>
  // expected-error@+1 {{position a1 lives in L1, not in the allocator's UB}}
  %t = ascendc.local_mem_allocator.alloc_dynamic %a, a1, %n, f32 : !ascendc.local_mem_allocator<1>, i32, !ascendc.local_tensor<*xf32>
  func.return
}

// -----

// SetDeqScale's overloads are (half) and (float, int16_t, bool): a sign mode without its offset
// also printed as text that read back with the sign mode taken for the offset.
func.func @deq_scale_sign_without_offset(%s: f32, %sign: i1) {
  // expected-error@+1 {{SetDeqScale takes a scale alone, or a scale, an offset and a sign mode}}
  "ascendc.set_deq_scale"(%s, %sign) <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (f32, i1) -> ()
  func.return
}
