// hoist-que-bind moved a TBuf's Get (tbuf.get_tensor, operand: the TBuf only) out of the loop
// while the TBuf's InitBuffer stayed in it (its length is computed in the loop body): the
// kernel then took a tensor from a TBuf without memory before the loop (the simulator's
// QueueError; on hardware an undefined address). Get now stays after its InitBuffer, in both
// orders; the default pipeline runs the kernel.
// RUN: ascdsl-opt %s --hoist-que-bind | filecheck %s
// RUN: ascdsl-opt %s --ascendc-hoist-que-bind | filecheck %s
// RUN: ascdsl-opt %s --hoist-que-bind | ascdsl-opt --hoist-que-bind | filecheck %s
// RUN: ascdsl-sim %s -p ascdsl-default --arg x=f32[256]:randn --arg z=f32[256] --arg m=64 --expect "z = x + 1" | filecheck %s --check-prefix=SIM
// SIM: findings: none
// SIM: checks: 1 passed

// CHECK:         %[[B:[0-9]+]] = ascendc.tbuf : <veccalc>
// CHECK-NOT:     ascendc.tbuf.get_tensor
// CHECK:         scf.for
// CHECK:           %[[SZ:[0-9]+]] = arith.muli %arg2, %c4_i32
// CHECK-NEXT:      ascendc.pipe.init_buffer %{{[0-9]+}}, %[[B]], %[[SZ]]
// CHECK-NEXT:      ascendc.tbuf.get_tensor %[[B]]

func.func @hr(%x: memref<?xf32, 22>, %z: memref<?xf32, 22>, %m: i32) attributes {ascendc.global} {
  %gx = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  %gz = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %gx, %x : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  ascendc.global_tensor.set_global_buffer %gz, %z : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %n = arith.constant 64 : i32
  %bytes = arith.constant 256 : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c4 = arith.constant 4 : i32
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %p = ascendc.pipe
  scf.for %i = %c0 to %c4 step %c1 : i32 {
    %o = arith.muli %i, %n : i32
    %xi = ascendc.global_tensor.subindex %gx[%o] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    %zi = ascendc.global_tensor.subindex %gz[%o] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    %b = ascendc.tbuf : <veccalc>
    %sz = arith.muli %m, %c4 : i32
    ascendc.pipe.init_buffer %p, %b, %sz : !ascendc.tbuf<veccalc>, i32
    %t = ascendc.tbuf.get_tensor %b : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<64xf32>
    ascendc.data_copy_l2 %t, %xi, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.adds_l2 %t, %t, %one, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, f32, i32
    ascendc.data_copy_l2 %zi, %t, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<64xf32>, i32
  }
  func.return
}
