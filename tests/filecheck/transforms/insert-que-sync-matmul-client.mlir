// RUN: ascdsl-opt %s --insert-que-sync | filecheck %s
// RUN: ascdsl-opt %s -p "insert-que-sync{auto_sync=true},cce-auto-sync" | filecheck %s --check-prefix=ON
// RUN: ascdsl-opt %s --insert-que-sync | ascdsl-opt -p "erase-sync,insert-que-sync" | filecheck %s

// A Matmul client on the vector core (pyasc's insert_sync test_matmul, reduced): each base
// block of C comes into a UB tensor with a synchronous GetTensorC, goes through a vector op
// and out to GM. The client orders that itself (sync_client.py): the call's message waits
// for the server's answer, which comes after the message copy and so after every earlier
// MTE3 op (the previous block's copy-out reading the same buffer); the block is copied in on
// MTE2 and the call's own MTE2_V flag hands it to the vector pipe. insert-que-sync places
// nothing between them: no pipe_barrier(PIPE_ALL) for a FIX write no event joins to MTE3 or
// V (what it placed before it knew), and no flag.
// CHECK-LABEL: func.func @client_blocks(
// CHECK:         scf.for
// CHECK-NOT:       ascendc.pipe_barrier
// CHECK-NOT:       ascendc.set_flag
// CHECK:           ascendc.matmul.get_tensor_c
// CHECK-NEXT:      ascendc.que_bind.enque_tensor
// CHECK-NOT:       ascendc.pipe_barrier
// CHECK-NOT:       ascendc.set_flag
// CHECK:           ascendc.muls_l2
// CHECK-NOT:       ascendc.pipe_barrier
// CHECK-NOT:       ascendc.set_flag
// CHECK:           ascendc.data_copy_l2
// CHECK-NOT:       ascendc.pipe_barrier
// CHECK-NOT:       ascendc.set_flag
// CHECK:           ascendc.que_bind.free_tensor
// CHECK-NEXT:    }
// CHECK-NEXT:    ascendc.pipe_barrier pipe_all
// CHECK-NEXT:    return

// With auto_sync on, insert-que-sync adds nothing either; bisheng's layer keeps its V barrier
// for the vector op of the previous iteration (it does not follow the client's chain across
// the back edge: V -> MTE3 by the queue, MTE3 -> every pipe by the answer).
// ON-LABEL: func.func @client_blocks(
// ON-NOT:     ascendc.set_flag
// ON-NOT:     ascendc.pipe_barrier pipe_all
// ON:         ascendc.pipe_barrier pipe_v {ascdsl.auto_sync}
// ON-NEXT:    ascendc.muls_l2
// ON-NOT:     ascendc.set_flag
// ON-NOT:     ascendc.pipe_barrier
// ON:         ascendc.que_bind.free_tensor
// ON-NEXT:  }
// ON-NEXT:  ascendc.pipe_barrier pipe_all
// ON-NEXT:  return
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
