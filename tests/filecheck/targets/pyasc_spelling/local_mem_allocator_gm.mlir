// RUN: ascdsl-opt %s | ascdsl-opt | filecheck %s --check-prefix=IR
// RUN: ascdsl-opt %s -t ascendc | filecheck %s
// (pyasc_spelling/: text that by design does not compile, so test_real_headers.py, which
// compiles every -t ascendc RUN of targets/*.mlir, leaves this folder out.)
// A GM allocator is valid IR, as in pyasc's dialect, and `-t ascendc` prints it as pyasc's
// translator does. The compilable source, the simulator and the kernel language refuse it
// (the headers static_assert "illegal hardware position GM or MAX"): errors.mlir.

// IR-LABEL: func.func @gm_allocator
// IR: ascendc.local_mem_allocator %{{.*}} : i64, !ascendc.local_mem_allocator<0>
// CHECK-LABEL: void gm_allocator(int32_t v1) {
// CHECK-NEXT:    constexpr int64_t c0_i64 = 0;
// CHECK-NEXT:    AscendC::LocalMemAllocator<AscendC::Hardware::GM> v2;
// CHECK-NEXT:    AscendC::LocalTensor<float> v3 = v2.Alloc<AscendC::TPosition::VECIN, float>(v1);
// CHECK-NEXT:    return;
func.func @gm_allocator(%n: i32) {
  %hw = arith.constant 0 : i64
  %a = ascendc.local_mem_allocator %hw : i64, !ascendc.local_mem_allocator<0>
  %t = ascendc.local_mem_allocator.alloc_dynamic %a, vecin, %n, f32 : !ascendc.local_mem_allocator<0>, i32, !ascendc.local_tensor<*xf32>
  return
}
