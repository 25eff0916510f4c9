// RUN: ascdsl-opt %s --input-output-tensor | filecheck %s
// RUN: ascdsl-opt %s --ascendc-input-output-tensor | filecheck %s

// Filled from GM: input; copied to GM: output (pyasc's input_output_tensor_ub_gm).
// CHECK-LABEL: func.func @ub_gm(
// CHECK-NEXT:    %0 = ascendc.local_tensor_auto() input : <64xf32>
// CHECK-NEXT:    ascendc.data_copy_l2 %0, %arg0, %arg3 : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
// CHECK-NEXT:    %1 = ascendc.local_tensor_auto() input : <64xf32>
// CHECK-NEXT:    ascendc.data_copy_l2 %1, %arg1, %arg3 : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
// CHECK-NEXT:    %2 = ascendc.local_tensor_auto() output : <64xf32>
// CHECK-NEXT:    ascendc.data_copy_l2 %arg2, %2, %arg3 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<64xf32>, i32
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @ub_gm(%g0: !ascendc.global_tensor<*xf32>, %g1: !ascendc.global_tensor<*xf32>, %g2: !ascendc.global_tensor<*xf32>, %n: i32) {
  %0 = ascendc.local_tensor_auto() : <64xf32>
  ascendc.data_copy_l2 %0, %g0, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
  %1 = ascendc.local_tensor_auto() : <64xf32>
  ascendc.data_copy_l2 %1, %g1, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
  %2 = ascendc.local_tensor_auto() : <64xf32>
  ascendc.data_copy_l2 %g2, %2, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<64xf32>, i32
  func.return
}

// A UB-to-UB copy sets nothing (pyasc's input_output_tensor_ub_ub); flags the copies do
// not justify are dropped.
// CHECK-LABEL: func.func @ub_ub(
// CHECK-NEXT:    %0 = ascendc.local_tensor_auto() input : <64xf32>
// CHECK-NEXT:    ascendc.data_copy_l2 %0, %arg0, %arg1 : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
// CHECK-NEXT:    %1 = ascendc.local_tensor_auto() : <64xf32>
// CHECK-NEXT:    ascendc.data_copy_l2 %1, %0, %arg1 : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @ub_ub(%g: !ascendc.global_tensor<*xf32>, %n: i32) {
  %0 = ascendc.local_tensor_auto() : <64xf32>
  ascendc.data_copy_l2 %0, %g, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
  %1 = ascendc.local_tensor_auto() input output : <64xf32>
  ascendc.data_copy_l2 %1, %0, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
  func.return
}

// Copies through a view of the tensor count; a tensor both filled and stored gets both.
// CHECK-LABEL: func.func @through_views(
// CHECK-NEXT:    %0 = ascendc.local_tensor_auto() input : <128xf32>
// CHECK-NEXT:    [[V:%[0-9]+]] = ascendc.local_tensor.subindex %0[%arg2] : !ascendc.local_tensor<128xf32>, index, !ascendc.local_tensor<128xf32>
// CHECK-NEXT:    ascendc.data_copy_l2 [[V]], %arg0, %arg1 : !ascendc.local_tensor<128xf32>, !ascendc.global_tensor<*xf32>, i32
// CHECK-NEXT:    [[V1:%[0-9]+]] = ascendc.local_tensor_auto() output : <128xf32>
// CHECK-NEXT:    [[C:%[0-9]+]] = ascendc.reinterpret_cast [[V1]] : !ascendc.local_tensor<128xf32> to !ascendc.local_tensor<128xi32>
// CHECK-NEXT:    [[CI:%[0-9]+]] = ascendc.reinterpret_cast [[C]] : !ascendc.local_tensor<128xi32> to !ascendc.local_tensor<128xf32>
// CHECK-NEXT:    ascendc.data_copy_l2 %arg0, [[CI]], %arg1 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<128xf32>, i32
// CHECK-NEXT:    [[V2:%[0-9]+]] = ascendc.local_tensor_auto() input output : <128xf32>
// CHECK-NEXT:    ascendc.data_copy_l2 [[V2]], %arg0, %arg1 : !ascendc.local_tensor<128xf32>, !ascendc.global_tensor<*xf32>, i32
// CHECK-NEXT:    ascendc.data_copy_l2 %arg0, [[V2]], %arg1 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<128xf32>, i32
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @through_views(%g: !ascendc.global_tensor<*xf32>, %n: i32, %i: index) {
  %0 = ascendc.local_tensor_auto() : <128xf32>
  %v = ascendc.local_tensor.subindex %0[%i] : !ascendc.local_tensor<128xf32>, index, !ascendc.local_tensor<128xf32>
  ascendc.data_copy_l2 %v, %g, %n : !ascendc.local_tensor<128xf32>, !ascendc.global_tensor<*xf32>, i32
  %1 = ascendc.local_tensor_auto() : <128xf32>
  %c = ascendc.reinterpret_cast %1 : !ascendc.local_tensor<128xf32> to !ascendc.local_tensor<128xi32>
  %ci = ascendc.reinterpret_cast %c : !ascendc.local_tensor<128xi32> to !ascendc.local_tensor<128xf32>
  ascendc.data_copy_l2 %g, %ci, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<128xf32>, i32
  %2 = ascendc.local_tensor_auto() : <128xf32>
  ascendc.data_copy_l2 %2, %g, %n : !ascendc.local_tensor<128xf32>, !ascendc.global_tensor<*xf32>, i32
  ascendc.data_copy_l2 %g, %2, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<128xf32>, i32
  func.return
}

// A tensor produced by a loop and copied to GM is staged through a fresh output tensor,
// shared by all the GM copies of that result.
// CHECK-LABEL: func.func @loop_result(
// CHECK-NEXT:    [[INIT:%[0-9]+]] = ascendc.local_tensor_auto() : <64xf32>
// CHECK-NEXT:    [[V0:%[0-9]+]] = ascendc.local_tensor_auto() output : <64xf32>
// CHECK-NEXT:    [[R:%[0-9]+]] = scf.for %arg7 = %arg4 to %arg5 step %arg6 iter_args(%arg8 = [[INIT]]) -> (!ascendc.local_tensor<64xf32>) {
// CHECK-NEXT:      ascendc.adds_l2 %arg8, %arg8, %arg2, %arg3 : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, f32, i32
// CHECK-NEXT:      scf.yield %arg8 : !ascendc.local_tensor<64xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    %c64_i64 = arith.constant 64 : i64
// CHECK-NEXT:    ascendc.data_copy_l2 [[V0]], [[R]], %c64_i64 : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i64
// CHECK-NEXT:    ascendc.data_copy_l2 %arg0, [[V0]], %arg3 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<64xf32>, i32
// CHECK-NEXT:    ascendc.data_copy_l2 %arg1, [[V0]], %arg3 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<64xf32>, i32
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @loop_result(%g: !ascendc.global_tensor<*xf32>, %h: !ascendc.global_tensor<*xf32>, %s: f32, %n: i32, %lb: index, %ub: index, %st: index) {
  %init = ascendc.local_tensor_auto() : <64xf32>
  %r = scf.for %i = %lb to %ub step %st iter_args(%acc = %init) -> (!ascendc.local_tensor<64xf32>) {
    ascendc.adds_l2 %acc, %acc, %s, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, f32, i32
    scf.yield %acc : !ascendc.local_tensor<64xf32>
  }
  ascendc.data_copy_l2 %g, %r, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<64xf32>, i32
  ascendc.data_copy_l2 %h, %r, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<64xf32>, i32
  func.return
}

// The same for an scf.if result; a result used otherwise is left alone.
// CHECK-LABEL: func.func @if_result(
// CHECK-NEXT:    %0 = ascendc.local_tensor_auto() output : <64xf32>
// CHECK-NEXT:    [[R:%[0-9]+]] = scf.if %arg3 -> (!ascendc.local_tensor<64xf32>) {
// CHECK-NEXT:      scf.yield %arg1 : !ascendc.local_tensor<64xf32>
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.yield %arg2 : !ascendc.local_tensor<64xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    %c64_i64 = arith.constant 64 : i64
// CHECK-NEXT:    ascendc.data_copy_l2 %0, [[R]], %c64_i64 : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i64
// CHECK-NEXT:    ascendc.data_copy_l2 %arg0, %0, %arg4 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<64xf32>, i32
// CHECK-NEXT:    [[R2:%[0-9]+]] = scf.if %arg3 -> (!ascendc.local_tensor<64xf32>) {
// CHECK-NEXT:      scf.yield %arg1 : !ascendc.local_tensor<64xf32>
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.yield %arg2 : !ascendc.local_tensor<64xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    ascendc.exp_l2 %arg1, [[R2]], %arg4 : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @if_result(%g: !ascendc.global_tensor<*xf32>, %a: !ascendc.local_tensor<64xf32>, %b: !ascendc.local_tensor<64xf32>, %c: i1, %n: i32) {
  %r = scf.if %c -> (!ascendc.local_tensor<64xf32>) {
    scf.yield %a : !ascendc.local_tensor<64xf32>
  } else {
    scf.yield %b : !ascendc.local_tensor<64xf32>
  }
  ascendc.data_copy_l2 %g, %r, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<64xf32>, i32
  %r2 = scf.if %c -> (!ascendc.local_tensor<64xf32>) {
    scf.yield %a : !ascendc.local_tensor<64xf32>
  } else {
    scf.yield %b : !ascendc.local_tensor<64xf32>
  }
  ascendc.exp_l2 %a, %r2, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
  func.return
}
