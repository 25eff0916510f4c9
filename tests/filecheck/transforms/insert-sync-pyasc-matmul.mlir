// RUN: ascdsl-opt %s --ascendc-insert-sync | filecheck %s
// RUN: ascdsl-opt %s -p 'insert-que-sync{mode=pyasc}' | filecheck %s
// RUN: ascdsl-opt %s --insert-que-sync | filecheck %s --check-prefix=ASCDSL

// pyasc's insert-sync enqueues after the ops its dialect declares `OpWithDst`; no op of the
// Matmul API is one (pyasc's Matmul.td), so a GetTensorC into a queue's tensor gets no
// enque/deque pair: the vector op reads the tensor as allocated, and the first enque is the
// vector op's, before the copy-out (pyasc's ascir.mlir of its insert_sync test_matmul). The
// default mode keeps the TQue protocol's enque after the GetTensorC.
// CHECK-LABEL: func.func @client_blocks(
// CHECK:         scf.for
// CHECK-NEXT:      [[T:%[0-9]+]] = ascendc.que_bind.alloc_tensor
// CHECK-NEXT:      ascendc.matmul.get_tensor_c %{{[0-9]+}}, [[T]],
// CHECK-NEXT:      ascendc.muls_l2 [[T]], [[T]],
// CHECK-NEXT:      ascendc.que_bind.enque_tensor %{{[0-9]+}}, [[T]]
// CHECK-NEXT:      [[D:%[0-9]+]] = ascendc.que_bind.deque_tensor
// CHECK-NEXT:      ascendc.data_copy_l2 %{{[0-9]+}}, [[D]],
// CHECK-NEXT:      ascendc.que_bind.free_tensor %{{[0-9]+}}, [[T]]
// CHECK-NEXT:    }

// ASCDSL-LABEL: func.func @client_blocks(
// ASCDSL:         ascendc.matmul.get_tensor_c
// ASCDSL-NEXT:    ascendc.que_bind.enque_tensor
emitc.include "kernel_operator.h"
emitc.include "lib/matmul_intf.h"
func.func @client_blocks(%gc: memref<?xf32, 22>, %n: i32, %blocks: index) attributes {ascendc.global} {
  %pipe = ascendc.pipe
  %mm = ascendc.construct !ascendc.matmul<gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, veccalc, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, do_basic_block = false, do_multi_data_load = false, basic_m = 0 : i32, basic_n = 0 : i32, basic_k = 0 : i32, intrinsics_check = false, is_n_batch = false, en_vec_nd2nz = false, do_special_basic_block = false, do_mte2_preload = 0 : i32, single_core_m = 0 : i32, single_core_n = 0 : i32, single_core_k = 0 : i32, step_m = 0 : i32, step_n = 0 : i32, base_mn = 0 : i32, single_core_mn = 0 : i32, en_unit_flag = true, is_per_tensor = false, has_anti_quant_offset = false, do_ib_share_norm = false, do_special_mdl = false, enable_init = true, batch_mode = 1 : i32, enable_end = true, enable_get_tensor_c = true, enable_set_org_shape = true, enable_set_bias = true, enable_set_tail = true, enable_quant_vector = true, enable_set_define_data = true, iterate_mode = 255 : i32, enable_reuse = true, enable_ub_reuse = false, enable_l1_cache_ub = false, intra_block_part_sum = false, iterate_order = 2 : i32, schedule_type = 0 : i32, enable_double_cache = false, is_bias_batch = true, enable_static_pad_zeros = false, is_partial_output = false, enable_mix_dual_master = false, is_a2b2_shared = false, is_enable_channel_split = false, enable_kdim_reorder_load = false, is_co1_shared = false, shared_co1_buffer_size = 65536 : i32, batch_out_mode = 0 : i32>>()
  %c = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %c, %gc : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %q = ascendc.queue : <vecout, 1>
  %size = arith.constant 16384 : i64
  %one = arith.constant 1 : i32
  ascendc.pipe.init_queue %pipe, %q, %one, %size : !ascendc.queue<vecout, 1>, i32, i64
  %atomic = arith.constant 0 : i8
  %true = arith.constant true
  %two = arith.constant 2.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %blocks step %c1 {
    %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<4096xf32>
    ascendc.matmul.get_tensor_c %mm, %t, %atomic, %true, %true : !ascendc.matmul<gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, veccalc, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, f32, <do_norm = true, do_basic_block = false, do_multi_data_load = false, basic_m = 0 : i32, basic_n = 0 : i32, basic_k = 0 : i32, intrinsics_check = false, is_n_batch = false, en_vec_nd2nz = false, do_special_basic_block = false, do_mte2_preload = 0 : i32, single_core_m = 0 : i32, single_core_n = 0 : i32, single_core_k = 0 : i32, step_m = 0 : i32, step_n = 0 : i32, base_mn = 0 : i32, single_core_mn = 0 : i32, en_unit_flag = true, is_per_tensor = false, has_anti_quant_offset = false, do_ib_share_norm = false, do_special_mdl = false, enable_init = true, batch_mode = 1 : i32, enable_end = true, enable_get_tensor_c = true, enable_set_org_shape = true, enable_set_bias = true, enable_set_tail = true, enable_quant_vector = true, enable_set_define_data = true, iterate_mode = 255 : i32, enable_reuse = true, enable_ub_reuse = false, enable_l1_cache_ub = false, intra_block_part_sum = false, iterate_order = 2 : i32, schedule_type = 0 : i32, enable_double_cache = false, is_bias_batch = true, enable_static_pad_zeros = false, is_partial_output = false, enable_mix_dual_master = false, is_a2b2_shared = false, is_enable_channel_split = false, enable_kdim_reorder_load = false, is_co1_shared = false, shared_co1_buffer_size = 65536 : i32, batch_out_mode = 0 : i32>>, !ascendc.local_tensor<4096xf32>, i8, i1, i1
    ascendc.muls_l2 %t, %t, %two, %n : !ascendc.local_tensor<4096xf32>, !ascendc.local_tensor<4096xf32>, f32, i32
    ascendc.data_copy_l2 %c, %t, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<4096xf32>, i32
    ascendc.que_bind.free_tensor %q, %t : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<4096xf32>
  }
  func.return
}
