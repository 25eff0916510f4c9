// RUN: ascdsl-opt %s --legalize-kernel-args | filecheck %s
// RUN: ascdsl-opt %s --ascendc-legalize-kernel-args=ffts-addr=always | filecheck %s --check-prefix=ALWAYS
// RUN: ascdsl-opt %s --legalize-kernel-args=ffts-addr=always -t ascendc | filecheck %s --check-prefix=CPP
// RUN: not ascdsl-opt %s --legalize-kernel-args=ffts-addr=sometimes 2>&1 | filecheck %s --check-prefix=BAD
// Kernel arguments are marked `explicit`. `ffts_addr` is added only when a cross-core sync
// needs it (cross-core flags: targets/cross-core.mlir); `ffts-addr=always` is pyasc's
// behaviour. Helpers (no ascendc.global) and declarations are left alone.

// CHECK:       func.func @kernel(%arg0: memref<?xf32, 22> {emitasc.kernel_arg = #emitasc<kernel_arg explicit>}, %arg1: i32 {emitasc.kernel_arg = #emitasc<kernel_arg explicit>}) attributes {ascendc.global} {
// CHECK:       func.func @helper(%arg0: i32) {

// ALWAYS:      func.func @kernel(%arg0: memref<?xf32, 22> {emitasc.kernel_arg = #emitasc<kernel_arg explicit>}, %arg1: i32 {emitasc.kernel_arg = #emitasc<kernel_arg explicit>}, %arg2: memref<?xui64, 22> {emitasc.kernel_arg = #emitasc<kernel_arg ffts_addr>}) attributes {ascendc.global} {
// ALWAYS:      func.func @helper(%arg0: i32) {

// CPP:         extern "C" __global__ __aicore__ void kernel(__gm__ float* v1, int32_t v2, __gm__ uint64_t* v3_ffts_addr) {
// CPP-NEXT:      set_ffts_base_addr(*v3_ffts_addr);
// CPP-NEXT:      return;

// BAD: ascdsl-opt: error: invalid options for pass 'legalize-kernel-args': option 'ffts-addr' is 'sometimes', expected one of auto, always, never
func.func @kernel(%x: memref<?xf32, 22>, %n: i32) attributes {ascendc.global} {
  return
}

func.func @helper(%y: i32) {
  return
}
