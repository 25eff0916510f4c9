// RUN: ascdsl-opt %s --legalize-kernel-args -t ascendc | filecheck %s
// A kernel that syncs its cube and vector cores gets the FFTS address as its last argument
// (legalize-kernel-args) and sets it first, as pyasc prints it; the flags keep mode and pipe as
// template arguments.

// CHECK:       extern "C" __global__ __aicore__ void mix(__gm__ float* v1, __gm__ uint64_t* v2_ffts_addr) {
// CHECK-NEXT:    set_ffts_base_addr(*v2_ffts_addr);
// CHECK-NEXT:    constexpr int32_t c3_i32 = 3;
// CHECK-NEXT:    bool v3 = g_coreType == AscendC::AIC;
// CHECK-NEXT:    if (v3) {
// CHECK-NEXT:      AscendC::CrossCoreSetFlag<2, PIPE_FIX>(c3_i32);
// CHECK-NEXT:    }
// CHECK-NEXT:    bool v4 = g_coreType == AscendC::AIV;
// CHECK-NEXT:    if (v4) {
// CHECK-NEXT:      AscendC::CrossCoreWaitFlag<2, PIPE_S>(c3_i32);
// CHECK-NEXT:    }
func.func @mix(%x: memref<?xf32, 22>) attributes {ascendc.aicore, ascendc.global} {
  %c3_i32 = arith.constant 3 : i32
  %0 = ascendc.ascend_is_aic : i1
  scf.if %0 {
    ascendc.cross_core_set_flag %c3_i32, 2, pipe_fix : i32
  }
  %1 = ascendc.ascend_is_aiv : i1
  scf.if %1 {
    ascendc.cross_core_wait_flag %c3_i32, 2, pipe_s : i32
  }
  return
}
