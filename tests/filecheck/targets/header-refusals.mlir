// IR pyasc accepts but the Ascend C headers refuse: `-t ascendc` prints pyasc's text, the
// source that gets compiled stops at the op with the header's rule.
// RUN: ascdsl-opt %s -t ascendc --split-input-file | filecheck %s --check-prefix=PYASC
// RUN: not ascdsl-opt %s -t ascendc --ascendc-compilable --split-input-file 2>&1 | filecheck %s --check-prefix=ERR

// PYASC-LABEL: void ib(AscendC::GlobalTensor<uint8_t> v1, AscendC::LocalTensor<uint8_t> v2, int32_t v3) {
// PYASC-NEXT:    AscendC::IBSet(v1, v2, v3, v3);
// ERR: header-refusals.mlir:[[# @LINE + 2]]:3: error: 'ascendc.ib_set' op IBSet takes int32_t workspaces (GlobalTensor<int32_t>, LocalTensor<int32_t> in kernel_operator_block_sync_intf.h), not ui8 ones
func.func @ib(%gm: !ascendc.global_tensor<*xui8>, %ub: !ascendc.local_tensor<*xui8>, %b: i32) {
  ascendc.ib_set %gm, %ub, %b, %b : !ascendc.global_tensor<*xui8>, !ascendc.local_tensor<*xui8>, i32, i32
  func.return
}

// -----

// PYASC-LABEL: void gm(__gm__ float* v1) {
// PYASC-NEXT:    AscendC::GlobalTensor<int32_t> v2;
// PYASC-NEXT:    v2.SetGlobalBuffer(v1);
// ERR: header-refusals.mlir:[[# @LINE + 3]]:3: error: 'ascendc.global_tensor.set_global_buffer' op SetGlobalBuffer(__gm__ T*) of a GlobalTensor of i32 takes a pointer to i32, not to f32
func.func @gm(%p: memref<?xf32, 22>) {
  %g = ascendc.global_tensor : !ascendc.global_tensor<i32>
  ascendc.global_tensor.set_global_buffer %g, %p : !ascendc.global_tensor<i32>, memref<?xf32, 22>
  func.return
}

// -----

// PYASC-LABEL: void hccl(__gm__ uint8_t* v1, uint32_t v2) {
// PYASC-NEXT:    AscendC::SetHcclContext<v2>(v1);
// ERR: header-refusals.mlir:[[# @LINE + 2]]:3: error: 'ascendc.set_hccl_context' op 'index' is a C++ template argument and must be an integer arith.constant
func.func @hccl(%ctx: memref<?xui8, 22>, %i: ui32) {
  ascendc.set_hccl_context %i, %ctx : ui32, memref<?xui8, 22>
  func.return
}

// -----

// PYASC-LABEL: void dequant_pair(AscendC::LocalTensor<half> v1, AscendC::LocalTensor<int32_t> v2, AscendC::LocalTensor<float> v3, AscendC::DequantParams v4) {
// PYASC-NEXT:    AscendC::AscendDequant<half, float, AscendC::DeQuantMode::DEQUANT_WITH_SINGLE_ROW>(v1, v2, v3, v4);
// ERR: header-refusals.mlir:[[# @LINE + 2]]:3: error: 'ascendc.ascend_dequant' op AscendDequant with a scale vector takes (dst, deqScale) elements (f32, f32), (f32, bf16), (bf16, bf16), (bf16, f32), (f16, ui64) (the static_assert of IsTemplateValid), not (f16, f32)
func.func @dequant_pair(%h: !ascendc.local_tensor<256xf16>, %s: !ascendc.local_tensor<256xi32>, %c: !ascendc.local_tensor<64xf32>, %p: !ascendc.dequant_params) {
  ascendc.ascend_dequant %h, %s, %c, %p {mode = 0 : i32} : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xi32>, !ascendc.local_tensor<64xf32>, !ascendc.dequant_params
  func.return
}

// -----

// PYASC-LABEL: void broadcast_types(AscendC::LocalTensor<float> v1, AscendC::LocalTensor<half> v2, uint32_t v3) {
// PYASC:         AscendC::BroadCast<float, 2, 1>(v1, v2, v1_dst_shape, v1_src_shape);
// ERR: header-refusals.mlir:[[# @LINE + 2]]:3: error: 'ascendc.broadcast' op BroadCast<T, dim, axis> takes dst and src of one element type, not f32 and f16
func.func @broadcast_types(%d: !ascendc.local_tensor<256xf32>, %s: !ascendc.local_tensor<64xf16>, %n: ui32) {
  ascendc.broadcast %d, %s, %n, %n, %n, %n {axis = 1 : i32, dim = 2 : i32} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<64xf16>, ui32, ui32, ui32, ui32
  func.return
}

// -----

// pyasc's Target/AscendC/basic/vec_vconv.mlir writes it; CastIntrinsicsImpl(float*, float*)
// has no CAST_NONE case (an ASCENDC_DEBUG_ASSERT, nothing in a release build).
// PYASC-LABEL: void cast_none(AscendC::LocalTensor<float> v1, AscendC::LocalTensor<float> v2, int32_t v3) {
// PYASC-NEXT:    AscendC::Cast<float, float>(v1, v2, AscendC::RoundMode::CAST_NONE, v3);
// ERR: header-refusals.mlir:[[# @LINE + 2]]:3: error: 'ascendc.cast_l2' op a f32 -> f32 Cast takes CAST_RINT, CAST_FLOOR, CAST_CEIL, CAST_ROUND or CAST_TRUNC on dav_c220; with CAST_NONE the headers assert (debug build) or write nothing (release)
func.func @cast_none(%d: !ascendc.local_tensor<64xf32>, %s: !ascendc.local_tensor<64xf32>, %n: i32) {
  ascendc.cast_l2 %d, %s, %n {roundMode = 0 : i32} : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
  func.return
}
