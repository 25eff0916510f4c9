// Synchronization, system-variable and debug ops.
// RUN: ascdsl-opt %s | filecheck %s
// RUN: ascdsl-opt %s | ascdsl-opt | filecheck %s
// RUN: ascdsl-opt %s --print-op-generic | ascdsl-opt | filecheck %s

// CHECK-LABEL: func.func @sync
func.func @sync(%id0: i32, %1: i8) {
  // CHECK-NEXT: ascendc.set_flag mte2_v, %arg0 : i32
  ascendc.set_flag mte2_v, %id0 : i32
  // CHECK-NEXT: ascendc.wait_flag v_s, %arg1 : i8
  ascendc.wait_flag v_s, %1 : i8
  // CHECK-NEXT: ascendc.set_flag fix_fix, %arg0 : i32
  ascendc.set_flag fix_fix, %id0 : i32
  // CHECK-NEXT: ascendc.pipe_barrier pipe_v
  ascendc.pipe_barrier pipe_v
  // CHECK-NEXT: ascendc.pipe_barrier pipe_all
  ascendc.pipe_barrier pipe_all
  // CHECK-NEXT: ascendc.pipe_barrier pipe_mte2
  ascendc.pipe_barrier pipe_mte2
  // CHECK-NEXT: ascendc.pipe_barrier pipe_fix
  ascendc.pipe_barrier pipe_fix
  func.return
}

// CHECK-LABEL: func.func @sys_var
func.func @sys_var() {
  // CHECK-NEXT: %0 = ascendc.get_block_idx : index
  %0 = ascendc.get_block_idx : index
  // CHECK-NEXT: %1 = ascendc.get_block_idx : i64
  %1 = ascendc.get_block_idx : i64
  // CHECK-NEXT: %2 = ascendc.get_block_num : i32
  %2 = ascendc.get_block_num : i32
  // CHECK-NEXT: %3 = ascendc.get_sub_block_idx : i32
  %3 = ascendc.get_sub_block_idx : i32
  func.return
}

// CHECK-LABEL: func.func @debug
func.func @debug(%c1_i32: i32, %f: f32, %arg0: !ascendc.global_tensor<*xf32>, %c1_ui32: ui32, %c2_ui32: ui32) {
  // CHECK-NEXT: ascendc.printf %arg0 {desc = "test print %d"} : i32
  ascendc.printf %c1_i32 {desc = "test print %d"} : i32
  // CHECK-NEXT: ascendc.printf %arg0, %arg1 {desc = "%d %f"} : i32, f32
  ascendc.printf %c1_i32, %f {desc = "%d %f"} : i32, f32
  // CHECK-NEXT: ascendc.printf {desc = "hello"}
  ascendc.printf {desc = "hello"}
  // CHECK-NEXT: ascendc.dump_tensor %arg2, %arg3, %arg4 : !ascendc.global_tensor<*xf32>, ui32, ui32
  ascendc.dump_tensor %arg0, %c1_ui32, %c2_ui32 : !ascendc.global_tensor<*xf32>, ui32, ui32
  func.return
}

// CHECK-LABEL: func.func @gm_pointer
func.func @gm_pointer(%x: memref<?xf32, 22>, %off: i32) {
  // CHECK-NEXT: %0 = emitasc.ptr_offset %arg0[%arg1] : memref<?xf32, 22>, i32, memref<?xf32, 22>
  %0 = emitasc.ptr_offset %x[%off] : memref<?xf32, 22>, i32, memref<?xf32, 22>
  func.return
}
