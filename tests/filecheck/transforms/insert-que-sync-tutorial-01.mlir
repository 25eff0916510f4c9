// pyasc's tutorial 01 (add.py, static tensors with hand-written flags), as pyasc's frontend
// emits it (codegen.mlir, pyasc 1.1.1, locations dropped). --ascdsl-default erases the
// user's flags; the default insert-que-sync puts back what the static tensors need, so the
// result runs race-free. pyasc's placement (what ascdsl did before) leaves them unordered.
// RUN: ascdsl-opt %s --ascdsl-default | filecheck %s
// RUN: ascdsl-opt %s --ascdsl-default | ascdsl-sim - --cores 8 --arg arg0=f32[16384]:rand --arg arg1=f32[16384]:rand --arg arg2=f32[16384]:zeros --arg arg3=2048 --expect "arg2 = arg0 + arg1" | filecheck %s --check-prefix=SIM
// RUN: ascdsl-opt %s -p "erase-sync{mode=pyasc},insert-que-sync{mode=pyasc}" > %t.pyasc.mlir
// RUN: not ascdsl-sim %t.pyasc.mlir --cores 8 --arg arg0=f32[16384]:rand --arg arg1=f32[16384]:rand --arg arg2=f32[16384]:zeros --arg arg3=2048 2>&1 | filecheck %s --check-prefix=PYASC

// SIM: findings: none
// SIM: checks: 1 passed
// PYASC: RaceError: 'ascendc.add_l2' op on PIPE_V reads UB bytes
// PYASC-SAME: 'ascendc.data_copy_l2' on PIPE_MTE2

// Each iteration: the copy-in waits for the previous add's reads (V_MTE2, over the back
// edge), the add for the copies (MTE2_V) and for the previous copy-out of its destination
// (MTE3_V), which also orders it after its own previous write (V_MTE3 then MTE3_V: no
// pipe_v barrier needed); the copy-out waits for the add (V_MTE3).
// CHECK-LABEL: func.func @vadd_kernel(
// CHECK:         scf.for
// CHECK:           ascendc.set_flag v_mte2
// CHECK-NEXT:      ascendc.wait_flag v_mte2
// CHECK-NEXT:      ascendc.data_copy_l2
// CHECK-NEXT:      ascendc.local_tensor.subindex
// CHECK-NEXT:      ascendc.global_tensor.subindex
// CHECK-NEXT:      ascendc.data_copy_l2
// CHECK-NEXT:      ascendc.local_tensor.subindex
// CHECK-NEXT:      ascendc.pipe.fetch_event_id %{{.*}}, mte2_v
// CHECK-NEXT:      ascendc.set_flag mte2_v
// CHECK-NEXT:      ascendc.wait_flag mte2_v
// CHECK-NEXT:      ascendc.pipe.fetch_event_id %{{.*}}, mte3_v
// CHECK-NEXT:      ascendc.set_flag mte3_v
// CHECK-NEXT:      ascendc.wait_flag mte3_v
// CHECK-NEXT:      ascendc.add_l2
// CHECK-NEXT:      ascendc.global_tensor.subindex
// CHECK-NEXT:      ascendc.pipe.fetch_event_id %{{.*}}, v_mte3
// CHECK-NEXT:      ascendc.set_flag v_mte3
// CHECK-NEXT:      ascendc.wait_flag v_mte3
// CHECK-NEXT:      ascendc.data_copy_l2
// CHECK-NEXT:    }
// CHECK-NEXT:    ascendc.pipe_barrier pipe_all

module {
  func.func @vadd_kernel(%arg0: memref<?xf32, 22>, %arg1: memref<?xf32, 22>, %arg2: memref<?xf32, 22>, %arg3: i32) attributes {ascendc.aicore, ascendc.global} {
    %0 = ascendc.get_block_idx : i32
    %1 = arith.muli %0, %arg3 : i32
    %2 = arith.index_cast %1 : i32 to index
    %3 = emitasc.ptr_offset %arg0[%2] : memref<?xf32, 22>, memref<?xf32, 22>
    %4 = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
    ascendc.global_tensor.set_global_buffer %4, %3, %arg3 : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>, i32
    %5 = arith.index_cast %1 : i32 to index
    %6 = emitasc.ptr_offset %arg1[%5] : memref<?xf32, 22>, memref<?xf32, 22>
    %7 = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
    ascendc.global_tensor.set_global_buffer %7, %6, %arg3 : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>, i32
    %8 = arith.index_cast %1 : i32 to index
    %9 = emitasc.ptr_offset %arg2[%8] : memref<?xf32, 22>, memref<?xf32, 22>
    %10 = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
    ascendc.global_tensor.set_global_buffer %10, %9, %arg3 : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>, i32
    %c8_i32 = arith.constant 8 : i32
    %11 = arith.divsi %arg3, %c8_i32 : i32
    %c2_i32 = arith.constant 2 : i32
    %12 = arith.divsi %11, %c2_i32 : i32
    %c2_i32_0 = arith.constant 2 : i32
    %13 = arith.muli %12, %c2_i32_0 : i32
    %c4_i32 = arith.constant 4 : i32
    %14 = arith.muli %13, %c4_i32 : i32
    %c2_i32_1 = arith.constant 2 : i32
    %15 = arith.muli %12, %c2_i32_1 : i32
    %16 = "emitc.constant"() <{value = 0 : ui32}> : () -> ui32
    %17 = emitc.cast %15 : i32 to ui32
    %18 = ascendc.local_tensor_v2 vecin, %16, %17 : !ascendc.local_tensor<*xf32>
    %c2_i32_2 = arith.constant 2 : i32
    %19 = arith.muli %12, %c2_i32_2 : i32
    %20 = emitc.cast %14 : i32 to ui32
    %21 = emitc.cast %19 : i32 to ui32
    %22 = ascendc.local_tensor_v2 vecin, %20, %21 : !ascendc.local_tensor<*xf32>
    %23 = arith.addi %14, %14 : i32
    %c2_i32_3 = arith.constant 2 : i32
    %24 = arith.muli %12, %c2_i32_3 : i32
    %25 = emitc.cast %23 : i32 to ui32
    %26 = emitc.cast %24 : i32 to ui32
    %27 = ascendc.local_tensor_v2 vecout, %25, %26 : !ascendc.local_tensor<*xf32>
    %c0_i32 = arith.constant 0 : i32
    %c16_i32 = arith.constant 16 : i32
    %c1_i32 = arith.constant 1 : i32
    scf.for %arg4 = %c0_i32 to %c16_i32 step %c1_i32  : i32 {
      %c2_i32_4 = arith.constant 2 : i32
      %28 = arith.remsi %arg4, %c2_i32_4 : i32
      %29 = arith.muli %28, %12 : i32
      %30 = ascendc.local_tensor.subindex %18[%29] : !ascendc.local_tensor<*xf32>, i32, !ascendc.local_tensor<*xf32>
      %31 = arith.muli %arg4, %12 : i32
      %32 = ascendc.global_tensor.subindex %4[%31] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
      ascendc.data_copy_l2 %30, %32, %12 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
      %33 = arith.muli %28, %12 : i32
      %34 = ascendc.local_tensor.subindex %22[%33] : !ascendc.local_tensor<*xf32>, i32, !ascendc.local_tensor<*xf32>
      %35 = arith.muli %arg4, %12 : i32
      %36 = ascendc.global_tensor.subindex %7[%35] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
      ascendc.data_copy_l2 %34, %36, %12 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
      ascendc.set_flag mte2_v, %28 : i32
      ascendc.wait_flag mte2_v, %28 : i32
      %37 = arith.muli %28, %12 : i32
      %38 = ascendc.local_tensor.subindex %27[%37] : !ascendc.local_tensor<*xf32>, i32, !ascendc.local_tensor<*xf32>
      %39 = arith.muli %28, %12 : i32
      %40 = ascendc.local_tensor.subindex %18[%39] : !ascendc.local_tensor<*xf32>, i32, !ascendc.local_tensor<*xf32>
      %41 = arith.muli %28, %12 : i32
      %42 = ascendc.local_tensor.subindex %22[%41] : !ascendc.local_tensor<*xf32>, i32, !ascendc.local_tensor<*xf32>
      ascendc.add_l2 %38, %40, %42, %12 : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
      ascendc.set_flag v_mte3, %28 : i32
      ascendc.wait_flag v_mte3, %28 : i32
      %43 = arith.muli %arg4, %12 : i32
      %44 = ascendc.global_tensor.subindex %10[%43] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
      %45 = arith.muli %28, %12 : i32
      %46 = ascendc.local_tensor.subindex %27[%45] : !ascendc.local_tensor<*xf32>, i32, !ascendc.local_tensor<*xf32>
      ascendc.data_copy_l2 %44, %46, %12 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
      ascendc.set_flag mte3_mte2, %28 : i32
      ascendc.wait_flag mte3_mte2, %28 : i32
    }
    return
  }
}
