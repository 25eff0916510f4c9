// System queries, workspace, cache maintenance, scalar bit ops, store atomics and cross-core
// sync: pyasc's textual forms round-trip (custom and generic).
// RUN: ascdsl-opt %s | filecheck %s
// RUN: ascdsl-opt %s | ascdsl-opt | filecheck %s
// RUN: ascdsl-opt %s --print-op-generic | ascdsl-opt | filecheck %s

// CHECK-LABEL: func.func @queries
func.func @queries(%v: ui32, %ws: memref<?xi8, 22>, %len: i64) {
  // CHECK-NEXT: ascendc.get_arch_version %{{.*}} : ui32
  ascendc.get_arch_version %v : ui32
  // CHECK-NEXT: %{{.*}} = ascendc.get_data_block_size_in_bytes : i16
  %0 = ascendc.get_data_block_size_in_bytes : i16
  // CHECK-NEXT: %{{.*}} = ascendc.get_program_counter : i64
  %1 = ascendc.get_program_counter : i64
  // CHECK-NEXT: %{{.*}} = ascendc.get_system_cycle : i32
  %2 = ascendc.get_system_cycle : i32
  // CHECK-NEXT: %{{.*}} = ascendc.get_task_ratio : i64
  %3 = ascendc.get_task_ratio : i64
  // CHECK-NEXT: %{{.*}} = ascendc.get_icache_preload_status :{{ $}}
  %4 = ascendc.get_icache_preload_status : i64
  // CHECK-NEXT: ascendc.icache_preload %{{.*}} : i64
  ascendc.icache_preload %len : i64
  // CHECK-NEXT: ascendc.trap
  ascendc.trap
  // CHECK-NEXT: ascendc.init_soc_state
  ascendc.init_soc_state
  // CHECK-NEXT: ascendc.set_sys_workspace %{{.*}} : memref<?xi8, 22>
  ascendc.set_sys_workspace %ws : memref<?xi8, 22>
  // CHECK-NEXT: %{{.*}} = ascendc.get_sys_workspace_ptr : memref<?xi8, 22>
  %5 = ascendc.get_sys_workspace_ptr : memref<?xi8, 22>
  // CHECK-NEXT: ascendc.data_sync_barrier {memDsbType = 2 : i32} :{{ $}}
  ascendc.data_sync_barrier {memDsbType = 2 : i32} : () -> ()
  func.return
}

// CHECK-LABEL: func.func @cache
func.func @cache(%g: !ascendc.global_tensor<*xf32>, %p: !ascendc.global_tensor<*xui64>, %off: i32) {
  // CHECK-NEXT: ascendc.data_cache_preload %{{.*}}, %{{.*}} : !ascendc.global_tensor<*xui64>, i32
  ascendc.data_cache_preload %p, %off : !ascendc.global_tensor<*xui64>, i32
  // CHECK-NEXT: ascendc.data_cache_clean_invalid_global %{{.*}} {dcciDst = 2 : i32, entireType = 0 : i32} : !ascendc.global_tensor<*xf32>
  ascendc.data_cache_clean_invalid_global %g {dcciDst = 2 : i32, entireType = 0 : i32} : !ascendc.global_tensor<*xf32>
  // CHECK-NEXT: ascendc.data_cache_clean_invalid_global_nodccidst %{{.*}} {entireType = 1 : i32} : !ascendc.global_tensor<*xf32>
  ascendc.data_cache_clean_invalid_global_nodccidst %g {entireType = 1 : i32} : !ascendc.global_tensor<*xf32>
  func.return
}

// CHECK-LABEL: func.func @scalar
func.func @scalar(%f: f32, %u: ui64, %s: i64, %c: i32) {
  // CHECK-NEXT: %{{.*}} = ascendc.scalar_cast %{{.*}} {dtype = i32, roundMode = 4 : i32} : f32 -> i32
  %0 = ascendc.scalar_cast %f {dtype = i32, roundMode = 4 : i32} : f32 -> i32
  // CHECK-NEXT: %{{.*}} = ascendc.scalar_get_sff_value %{{.*}}, %{{.*}} : ui64, i32 -> i64
  %1 = ascendc.scalar_get_sff_value %u, %c : ui64, i32 -> i64
  // CHECK-NEXT: %{{.*}} = ascendc.scalar_get_count_of_value %{{.*}}, %{{.*}} : ui64, i32 -> i64
  %2 = ascendc.scalar_get_count_of_value %u, %c : ui64, i32 -> i64
  // CHECK-NEXT: %{{.*}} = ascendc.scalar_count_leading_zero %{{.*}} : ui64 -> i64
  %3 = ascendc.scalar_count_leading_zero %u : ui64 -> i64
  // CHECK-NEXT: %{{.*}} = ascendc.count_bits_cnt_same_as_sign_bit %{{.*}} : i64 -> i64
  %4 = ascendc.count_bits_cnt_same_as_sign_bit %s : i64 -> i64
  func.return
}

// CHECK-LABEL: func.func @atomics
func.func @atomics() {
  // CHECK-NEXT: ascendc.set_atomic_add {dtype = f16} :{{ $}}
  ascendc.set_atomic_add {dtype = f16} : () -> ()
  // CHECK-NEXT: ascendc.set_atomic_max {dtype = f32} :{{ $}}
  ascendc.set_atomic_max {dtype = f32} : () -> ()
  // CHECK-NEXT: ascendc.set_atomic_min {dtype = i32} :{{ $}}
  ascendc.set_atomic_min {dtype = i32} : () -> ()
  // CHECK-NEXT: ascendc.set_atomic_type {dtype = bf16} :{{ $}}
  ascendc.set_atomic_type {dtype = bf16} : () -> ()
  // CHECK-NEXT: ascendc.set_atomic_none :{{ $}}
  ascendc.set_atomic_none : () -> ()
  // CHECK-NEXT: ascendc.set_store_atomic_config atomic_f32, atomic_sum
  ascendc.set_store_atomic_config atomic_f32, atomic_sum
  // CHECK-NEXT: %{{.*}}, %{{.*}} = ascendc.get_store_atomic_config : ui16, ui16
  %t, %o = ascendc.get_store_atomic_config : ui16, ui16
  func.return
}

// CHECK-LABEL: func.func @block_sync
func.func @block_sync(%gm: !ascendc.global_tensor<*xi32>, %ub: !ascendc.local_tensor<*xi32>, %b: i32) {
  // CHECK-NEXT: ascendc.notify_next_block %{{.*}}, %{{.*}} : <*xi32>, <*xi32>
  ascendc.notify_next_block %gm, %ub : !ascendc.global_tensor<*xi32>, !ascendc.local_tensor<*xi32>
  // CHECK-NEXT: ascendc.wait_pre_block %{{.*}}, %{{.*}} : <*xi32>, <*xi32>
  ascendc.wait_pre_block %gm, %ub : !ascendc.global_tensor<*xi32>, !ascendc.local_tensor<*xi32>
  // CHECK-NEXT: ascendc.ib_set %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {isAIVOnly} : !ascendc.global_tensor<*xi32>, !ascendc.local_tensor<*xi32>, i32, i32
  ascendc.ib_set %gm, %ub, %b, %b {isAIVOnly} : !ascendc.global_tensor<*xi32>, !ascendc.local_tensor<*xi32>, i32, i32
  // CHECK-NEXT: ascendc.ib_wait %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : !ascendc.global_tensor<*xi32>, !ascendc.local_tensor<*xi32>, i32, i32
  ascendc.ib_wait %gm, %ub, %b, %b : !ascendc.global_tensor<*xi32>, !ascendc.local_tensor<*xi32>, i32, i32
  // CHECK-NEXT: ascendc.sync_all_soft %{{.*}}, %{{.*}}, %{{.*}} : !ascendc.global_tensor<*xi32>, !ascendc.local_tensor<*xi32>, i32
  ascendc.sync_all_soft %gm, %ub, %b : !ascendc.global_tensor<*xi32>, !ascendc.local_tensor<*xi32>, i32
  // CHECK-NEXT: ascendc.sync_all_hard {isAIVOnly}
  ascendc.sync_all_hard {isAIVOnly}
  func.return
}

// CHECK-LABEL: func.func @modes
func.func @modes(%m: i1, %ctx: memref<?xui8, 22>, %i: ui32) {
  // CHECK-NEXT: ascendc.set_hf32_mode %{{.*}} : i1
  ascendc.set_hf32_mode %m : i1
  // CHECK-NEXT: ascendc.set_hf32_trans_mode %{{.*}} : i1
  ascendc.set_hf32_trans_mode %m : i1
  // CHECK-NEXT: ascendc.set_mm_layout_transform %{{.*}} : i1
  ascendc.set_mm_layout_transform %m : i1
  // CHECK-NEXT: ascendc.set_hccl_context %{{.*}}, %{{.*}} : ui32, memref<?xui8, 22>
  ascendc.set_hccl_context %i, %ctx : ui32, memref<?xui8, 22>
  // CHECK-NEXT: %{{.*}} = ascendc.get_hccl_context %{{.*}} : ui32, memref<?xui8, 22>
  %0 = ascendc.get_hccl_context %i : ui32, memref<?xui8, 22>
  func.return
}

// The forms pyasc's frontend prints (its dumps): nothing after the colon of a unit op, the
// result type left out, unqualified workspace types. They print in the lit files' forms.
// CHECK-LABEL: func.func @pyasc_frontend_forms
func.func @pyasc_frontend_forms(%g: !ascendc.global_tensor<*xi32>, %u: !ascendc.local_tensor<*xi32>) {
  // CHECK-NEXT: ascendc.set_atomic_add {dtype = f16} :{{ $}}
  ascendc.set_atomic_add {dtype = f16} :
  // CHECK-NEXT: ascendc.set_atomic_none :{{ $}}
  ascendc.set_atomic_none :
  // CHECK-NEXT: ascendc.data_sync_barrier {memDsbType = 0 : i32} :{{ $}}
  ascendc.data_sync_barrier {memDsbType = 0 : i32} :
  // CHECK-NEXT: %{{.*}} = ascendc.get_icache_preload_status :{{ $}}
  %0 = ascendc.get_icache_preload_status :
  // CHECK-NEXT: ascendc.notify_next_block %{{.*}}, %{{.*}} : <*xi32>, <*xi32>
  ascendc.notify_next_block %g, %u : <*xi32>, <*xi32>
  // CHECK-NEXT: ascendc.wait_pre_block %{{.*}}, %{{.*}} : <*xi32>, <*xi32>
  ascendc.wait_pre_block %g, %u : <*xi32>, <*xi32>
  func.return
}
