// RUN: ascdsl-sim %s --kernel-type MIX_AIC_1_2 --arg ws=f32[8] --arg out=f32[32] --print out --kernel handoff 2>&1 | filecheck %s
// RUN: not ascdsl-sim %s --kernel-type MIX_AIC_1_2 --arg ws=f32[8] --arg out=f32[32] --kernel no_wait 2>&1 | filecheck %s --check-prefix=RACE
// RUN: not ascdsl-sim %s --kernel-type AIV_ONLY --arg ws=f32[8] --arg out=f32[32] --kernel handoff 2>&1 | filecheck %s --check-prefix=VEC
// The cube core writes 5.0 into the workspace, writes its DCache line back to GM and sets
// flag 2 (mode 2); each vector core waits, then copies it into its own 64-byte line of out
// (cores writing GM through SetValue stay a cache line apart: GlobalTensor SetValue.md).
// Three timelines; the FFTS address is the launcher's (the user passes ws and out only).

// CHECK:      block 0 AIC:
// CHECK-NEXT: block 0 AIV0:
// CHECK-NEXT: block 0 AIV1:
// CHECK:      findings: none
// CHECK:      out = array([5., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 5.,

// @no_wait leaves out the vector cores' wait: the sanitizer names the AIC's write and the
// AIV's read.
// RACE:      cross-core.mlir:62:5: error: RaceError: 'ascendc.global_tensor.set_value' op on PIPE_S of the AIC of AI core 0 writes GM 'ws' bytes [0, 4) that its AIV0 reads too
// RACE:      cross-core.mlir:75:5: note: the access of the AIV0 of AI core 0 ('ascendc.global_tensor.get_value' on PIPE_S)

// Launched on vector cores only, the flags are refused: no cube core would set them.
// VEC: error: NotSimulatedError: 'ascendc.cross_core_wait_flag' op is simulated in mixed launches (kernel_type MIX_AIC_1_2 or MIX_AIC_1_1)
func.func @handoff(%ws: memref<?xf32, 22>, %out: memref<?xf32, 22>, %ffts_addr: memref<?xui64, 22> {emitasc.kernel_arg = #emitasc<kernel_arg ffts_addr>}) attributes {ascendc.global} {
  ascendc.set_ffts_base_addr %ffts_addr : memref<?xui64, 22>
  %0 = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  %c8 = arith.constant 8 : i32
  ascendc.global_tensor.set_global_buffer %0, %ws, %c8 : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>, i32
  %c0 = arith.constant 0 : i32
  %c2 = arith.constant 2 : i32
  %aic = ascendc.ascend_is_aic : i1
  scf.if %aic {
    %five = arith.constant 5.000000e+00 : f32
    ascendc.global_tensor.set_value %0, %c0, %five : !ascendc.global_tensor<*xf32>, i32, f32
    ascendc.data_cache_clean_invalid_global %0 {dcciDst = 2 : i32, entireType = 0 : i32} : !ascendc.global_tensor<*xf32>
    ascendc.cross_core_set_flag %c2, 2, pipe_s : i32
  }
  %aiv = ascendc.ascend_is_aiv : i1
  scf.if %aiv {
    ascendc.cross_core_wait_flag %c2, 0, pipe_s : i32
    %1 = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
    %sub = ascendc.get_sub_block_idx : i32
    %c16 = arith.constant 16 : i32
    %off = arith.muli %sub, %c16 : i32
    %i = arith.index_cast %off : i32 to index
    %p = emitasc.ptr_offset %out[%i] : memref<?xf32, 22>, memref<?xf32, 22>
    ascendc.global_tensor.set_global_buffer %1, %p, %c8 : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>, i32
    %v = ascendc.global_tensor.get_value %0, %c0 : !ascendc.global_tensor<*xf32>, i32, f32
    ascendc.global_tensor.set_value %1, %c0, %v : !ascendc.global_tensor<*xf32>, i32, f32
  }
  return
}

func.func @no_wait(%ws: memref<?xf32, 22>, %out: memref<?xf32, 22>, %ffts_addr: memref<?xui64, 22> {emitasc.kernel_arg = #emitasc<kernel_arg ffts_addr>}) attributes {ascendc.global} {
  ascendc.set_ffts_base_addr %ffts_addr : memref<?xui64, 22>
  %0 = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  %c8 = arith.constant 8 : i32
  ascendc.global_tensor.set_global_buffer %0, %ws, %c8 : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>, i32
  %c0 = arith.constant 0 : i32
  %c2 = arith.constant 2 : i32
  %aic = ascendc.ascend_is_aic : i1
  scf.if %aic {
    %five = arith.constant 5.000000e+00 : f32
    ascendc.global_tensor.set_value %0, %c0, %five : !ascendc.global_tensor<*xf32>, i32, f32
    ascendc.data_cache_clean_invalid_global %0 {dcciDst = 2 : i32, entireType = 0 : i32} : !ascendc.global_tensor<*xf32>
    ascendc.cross_core_set_flag %c2, 2, pipe_s : i32
  }
  %aiv = ascendc.ascend_is_aiv : i1
  scf.if %aiv {
    %1 = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
    %sub = ascendc.get_sub_block_idx : i32
    %c16 = arith.constant 16 : i32
    %off = arith.muli %sub, %c16 : i32
    %i = arith.index_cast %off : i32 to index
    %p = emitasc.ptr_offset %out[%i] : memref<?xf32, 22>, memref<?xf32, 22>
    ascendc.global_tensor.set_global_buffer %1, %p, %c8 : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>, i32
    %v = ascendc.global_tensor.get_value %0, %c0 : !ascendc.global_tensor<*xf32>, i32, f32
    ascendc.global_tensor.set_value %1, %c0, %v : !ascendc.global_tensor<*xf32>, i32, f32
  }
  return
}
