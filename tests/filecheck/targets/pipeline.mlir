// RUN: ascdsl-opt %s --ascdsl-default --generate-boilerplate --legalize-kernel-args -t ascendc | filecheck %s
// End to end: a kernel written with compiler-managed tensors (local_tensor_auto, no
// synchronization) goes through the default pipeline (materialize-tensor, insert-que-sync,
// ...) and prints as Ascend C. The checks name the Ascend C calls, not the exact schedule the
// synchronization passes choose.

// CHECK:       #include "kernel_operator.h"
// CHECK:       extern "C" __global__ __aicore__ void vadd(__gm__ float* v1, __gm__ float* v2, __gm__ float* v3) {
// CHECK:         AscendC::TPipe [[PIPE:v[0-9]+]];
// CHECK:         v{{[0-9]+}}.SetGlobalBuffer(v1);
// CHECK:         AscendC::TQue<AscendC::TPosition::VECIN, 1> [[QX:v[0-9]+]];
// CHECK-NEXT:    [[PIPE]].InitBuffer([[QX]], c1_i32, c1024_i64);
// CHECK:         AscendC::TQue<AscendC::TPosition::VECOUT, 1> [[QZ:v[0-9]+]];
// CHECK-NEXT:    [[PIPE]].InitBuffer([[QZ]], c1_i32, c1024_i64);
// CHECK:         for (uint32_t [[I:v[0-9]+]] = c0_idx; [[I]] < c4_idx; [[I]] += c1_idx) {
// CHECK:           AscendC::LocalTensor<float> [[LX:v[0-9]+]] = [[QX]].AllocTensor<float>();
// CHECK:           AscendC::DataCopy([[LX]], v{{[0-9]+}}, c256_i32);
// CHECK-NEXT:      [[QX]].EnQue([[LX]]);
// CHECK:           AscendC::LocalTensor<float> [[DX:v[0-9]+]] = [[QX]].DeQue<float>();
// CHECK:           AscendC::Add(v{{[0-9]+}}, [[DX]], v{{[0-9]+}}, c256_i32);
// CHECK:           AscendC::DataCopy(v{{[0-9]+}}, v{{[0-9]+}}, c256_i32);
// CHECK:           [[QX]].FreeTensor(
// CHECK:         }
// CHECK-NEXT:    AscendC::PipeBarrier<PIPE_ALL>();
// CHECK-NEXT:    return;
// CHECK-NEXT:  }

func.func @vadd(%x: memref<?xf32, 22>, %y: memref<?xf32, 22>, %z: memref<?xf32, 22>) attributes {ascendc.global} {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : i32
  %c256i = arith.constant 256 : index
  %gx = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  %gy = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  %gz = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %gx, %x : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  ascendc.global_tensor.set_global_buffer %gy, %y : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  ascendc.global_tensor.set_global_buffer %gz, %z : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  scf.for %i = %c0 to %c4 step %c1 {
    %off = arith.muli %i, %c256i : index
    %sx = ascendc.global_tensor.subindex %gx[%off] : !ascendc.global_tensor<*xf32>, index, !ascendc.global_tensor<*xf32>
    %sy = ascendc.global_tensor.subindex %gy[%off] : !ascendc.global_tensor<*xf32>, index, !ascendc.global_tensor<*xf32>
    %sz = ascendc.global_tensor.subindex %gz[%off] : !ascendc.global_tensor<*xf32>, index, !ascendc.global_tensor<*xf32>
    %lx = ascendc.local_tensor_auto() : <256xf32>
    %ly = ascendc.local_tensor_auto() : <256xf32>
    %lz = ascendc.local_tensor_auto() : <256xf32>
    ascendc.data_copy_l2 %lx, %sx, %c256 : !ascendc.local_tensor<256xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.data_copy_l2 %ly, %sy, %c256 : !ascendc.local_tensor<256xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.add_l2 %lz, %lx, %ly, %c256 : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32
    ascendc.data_copy_l2 %sz, %lz, %c256 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<256xf32>, i32
  }
  return
}
