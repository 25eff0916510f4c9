// relu(b, a); muls(b, b, 2.0) on auto tensors: a V -> V pair that bisheng's --cce-auto-sync
// orders on hardware. ascdsl-sim models it by default (--auto-sync=on) and the kernel runs
// clean; with --auto-sync=off it runs as written and the sanitizer names the missing layer.
// RUN: ascdsl-sim %s -p ascdsl-default --arg x=f32[64]:randn --arg z=f32[64] --expect "z = maximum(x, 0) * 2" | filecheck %s
// RUN: not ascdsl-sim %s -p ascdsl-default --auto-sync=off --arg x=f32[64]:randn --arg z=f32[64] 2>&1 | filecheck %s --check-prefix=OFF
// RUN: ascdsl-opt %s --ascdsl-default -t ascendc | filecheck %s --check-prefix=CPP
// RUN: ascdsl-opt %s --ascdsl-default -t ascendc --print-auto-sync | filecheck %s --check-prefix=CPP-OFF

// CHECK: checks: 1 passed

// OFF: auto-sync.mlir:34:3: error: RaceError: 'ascendc.muls_l2' op on PIPE_V reads UB
// OFF-SAME: layer: bisheng's --cce-auto-sync would order PIPE_V -> PIPE_V on hardware, but this kernel runs without it
// OFF: auto-sync.mlir:33:3: note: the conflicting write ('ascendc.relu_l2' on PIPE_V)

// The printer leaves the barrier to bisheng, unless asked to print it:
// CPP:      AscendC::Relu(
// CPP-NOT:  PipeBarrier<PIPE_V>
// CPP:      AscendC::Muls<

// CPP-OFF:      AscendC::Relu(
// CPP-OFF:      AscendC::PipeBarrier<PIPE_V>();
// CPP-OFF-NEXT: AscendC::Muls<
func.func @relu_muls(%x: memref<?xf32, 22>, %z: memref<?xf32, 22>) attributes {ascendc.global} {
  %gx = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  %gz = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %gx, %x : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  ascendc.global_tensor.set_global_buffer %gz, %z : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %a = ascendc.local_tensor_auto() : <64xf32>
  %b = ascendc.local_tensor_auto() : <64xf32>
  %n = arith.constant 64 : i32
  %two = arith.constant 2.0 : f32
  ascendc.data_copy_l2 %a, %gx, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
  ascendc.relu_l2 %b, %a, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
  ascendc.muls_l2 %b, %b, %two, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, f32, i32
  ascendc.data_copy_l2 %gz, %b, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<64xf32>, i32
  func.return
}
