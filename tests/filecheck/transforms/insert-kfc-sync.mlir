// RUN: ascdsl-opt %s -p insert-kfc-sync,legalize-kernel-args | filecheck %s
// RUN: ascdsl-opt %s -p insert-kfc-sync,insert-kfc-sync | filecheck %s --check-prefix=TWICE
// RUN: ascdsl-opt %s -p insert-kfc-sync,legalize-kernel-args -t ascendc | filecheck %s --check-prefix=CPP
// A mixed kernel that registers a Matmul object starts, on the cube core, with the FFTS
// message that releases the vector cores' REGIST_MATMUL_OBJ (flag 15, mode 2: 3873), and so
// gets the ffts_addr argument; a kernel without one is left alone.

// CHECK-LABEL: func.func @mixed(
// CHECK-SAME:  %[[FFTS:[^:]+]]: memref<?xui64, 22> {emitasc.kernel_arg = #emitasc<kernel_arg ffts_addr>}
// CHECK-NEXT:  ascendc.set_ffts_base_addr %[[FFTS]] : memref<?xui64, 22>
// CHECK-NEXT:  %[[AIC:.*]] = ascendc.ascend_is_aic : i1
// CHECK-NEXT:  scf.if %[[AIC]] {
// CHECK-NEXT:    %[[CFG:.*]] = arith.constant 3873 : i64
// CHECK-NEXT:    ascendc.ffts_cross_core_sync %[[CFG]] {pipe = 5 : i32} : i64
// CHECK-NEXT:  }
// CHECK-NEXT:  ascendc.pipe

// TWICE-COUNT-1: ascendc.ffts_cross_core_sync
// TWICE-NOT:     ascendc.ffts_cross_core_sync

// CHECK-LABEL: func.func @no_matmul(
// CHECK-NOT:   ffts
// CHECK:       return

// CPP-LABEL: void mixed(
// CPP-SAME:  __gm__ uint64_t* [[FFTS:v[0-9]+_ffts_addr]])
// CPP-NEXT:  set_ffts_base_addr(*[[FFTS]]);
// CPP-NEXT:  bool [[V:v[0-9]+]] = g_coreType == AscendC::AIC;
// CPP-NEXT:  if ([[V]]) {
// CPP-NEXT:    constexpr int64_t c3873_i64 = 3873;
// CPP-NEXT:    ffts_cross_core_sync(PIPE_MTE3, c3873_i64);
// CPP-NEXT:  }
emitc.include "kernel_operator.h"
emitc.include "lib/matmul_intf.h"
func.func @mixed(%ws: memref<?xui8, 22>) attributes {ascendc.aicore, ascendc.global} {
  %pipe = ascendc.pipe
  %mm = ascendc.construct !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, false, 0 : i32, veccalc, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, do_basic_block = false, do_multi_data_load = false, basic_m = 0 : i32, basic_n = 0 : i32, basic_k = 0 : i32, intrinsics_check = false, is_n_batch = false, en_vec_nd2nz = false, do_special_basic_block = false, do_mte2_preload = 0 : i32, single_core_m = 0 : i32, single_core_n = 0 : i32, single_core_k = 0 : i32, step_m = 0 : i32, step_n = 0 : i32, base_mn = 0 : i32, single_core_mn = 0 : i32, en_unit_flag = true, is_per_tensor = false, has_anti_quant_offset = false, do_ib_share_norm = false, do_special_mdl = false, enable_init = true, batch_mode = 1 : i32, enable_end = true, enable_get_tensor_c = true, enable_set_org_shape = true, enable_set_bias = true, enable_set_tail = true, enable_quant_vector = true, enable_set_define_data = true, iterate_mode = 255 : i32, enable_reuse = true, enable_ub_reuse = false, enable_l1_cache_ub = false, intra_block_part_sum = false, iterate_order = 2 : i32, schedule_type = 0 : i32, enable_double_cache = false, is_bias_batch = true, enable_static_pad_zeros = false, is_partial_output = false, enable_mix_dual_master = false, is_a2b2_shared = false, is_enable_channel_split = false, enable_kdim_reorder_load = false, is_co1_shared = false, shared_co1_buffer_size = 65536 : i32, batch_out_mode = 0 : i32>>()
  ascendc.regist_matmul_obj %pipe, %ws, %mm : !ascendc.pipe, memref<?xui8, 22>, !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, f16, false, 0 : i32, veccalc, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, do_basic_block = false, do_multi_data_load = false, basic_m = 0 : i32, basic_n = 0 : i32, basic_k = 0 : i32, intrinsics_check = false, is_n_batch = false, en_vec_nd2nz = false, do_special_basic_block = false, do_mte2_preload = 0 : i32, single_core_m = 0 : i32, single_core_n = 0 : i32, single_core_k = 0 : i32, step_m = 0 : i32, step_n = 0 : i32, base_mn = 0 : i32, single_core_mn = 0 : i32, en_unit_flag = true, is_per_tensor = false, has_anti_quant_offset = false, do_ib_share_norm = false, do_special_mdl = false, enable_init = true, batch_mode = 1 : i32, enable_end = true, enable_get_tensor_c = true, enable_set_org_shape = true, enable_set_bias = true, enable_set_tail = true, enable_quant_vector = true, enable_set_define_data = true, iterate_mode = 255 : i32, enable_reuse = true, enable_ub_reuse = false, enable_l1_cache_ub = false, intra_block_part_sum = false, iterate_order = 2 : i32, schedule_type = 0 : i32, enable_double_cache = false, is_bias_batch = true, enable_static_pad_zeros = false, is_partial_output = false, enable_mix_dual_master = false, is_a2b2_shared = false, is_enable_channel_split = false, enable_kdim_reorder_load = false, is_co1_shared = false, shared_co1_buffer_size = 65536 : i32, batch_out_mode = 0 : i32>>
  return
}

func.func @no_matmul(%ws: memref<?xui8, 22>) attributes {ascendc.aicore, ascendc.global} {
  %pipe = ascendc.pipe
  return
}
