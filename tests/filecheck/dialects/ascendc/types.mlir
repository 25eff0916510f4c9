// Every ascendc type prints as it was written, reparses, and survives the generic form.
// RUN: ascdsl-opt %s | filecheck %s
// RUN: ascdsl-opt %s | ascdsl-opt | filecheck %s
// RUN: ascdsl-opt %s --print-op-generic | ascdsl-opt | filecheck %s

// CHECK-LABEL: func.func @types
// CHECK-SAME: !ascendc.pipe
// CHECK-SAME: !ascendc.queue<vecin, 2>
// CHECK-SAME: !ascendc.queue<vecout, 1>
// CHECK-SAME: !ascendc.que_bind<vecin, vecout, 1>
// CHECK-SAME: !ascendc.que_bind<gm, veccalc, 0>
// CHECK-SAME: !ascendc.tbuf<veccalc>
// CHECK-SAME: !ascendc.tbuf_pool<vecin, 4>
// CHECK-SAME: !ascendc.local_tensor<64xf32>
// CHECK-SAME: !ascendc.local_tensor<?xf16>
// CHECK-SAME: !ascendc.local_tensor<58x?x78x900x?xi16>
// CHECK-SAME: !ascendc.local_tensor<*xf16>
// CHECK-SAME: !ascendc.local_tensor<i32>
// CHECK-SAME: !ascendc.global_tensor<*xf16>
// CHECK-SAME: !ascendc.global_tensor<1024xbf16>
// CHECK-SAME: !ascendc.global_tensor<i32>
// CHECK-SAME: !ascendc.base_local_tensor<16xi8>
// CHECK-SAME: !ascendc.base_global_tensor<*xui8>
// CHECK-SAME: !ascendc.local_mem_allocator<0>
// CHECK-SAME: !ascendc.local_mem_allocator<1>
// CHECK-SAME: !ascendc.data_copy_params
// CHECK-SAME: !ascendc.data_copy_pad_params
// CHECK-SAME: !ascendc.data_copy_ext_params
// CHECK-SAME: !ascendc.binary_repeat_params
// CHECK-SAME: !ascendc.unary_repeat_params
// CHECK-SAME: memref<?xf32, 22>
// CHECK-SAME: memref<*xf16, 22>
func.func @types(
    %p: !ascendc.pipe,
    %q1: !ascendc.queue<vecin, 2>, %q2: !ascendc.queue<vecout, 1>,
    %b1: !ascendc.que_bind<vecin, vecout, 1>, %b2: !ascendc.que_bind<gm, veccalc, 0>,
    %tb: !ascendc.tbuf<veccalc>, %tp: !ascendc.tbuf_pool<vecin, 4>,
    %l1: !ascendc.local_tensor<64xf32>, %l2: !ascendc.local_tensor<?xf16>,
    %l3: !ascendc.local_tensor<58x?x78x900x?xi16>, %l4: !ascendc.local_tensor<*xf16>,
    %l5: !ascendc.local_tensor<i32>,
    %g1: !ascendc.global_tensor<*xf16>, %g2: !ascendc.global_tensor<1024xbf16>,
    %g3: !ascendc.global_tensor<i32>,
    %bl: !ascendc.base_local_tensor<16xi8>, %bg: !ascendc.base_global_tensor<*xui8>,
    %a0: !ascendc.local_mem_allocator<0>, %a1: !ascendc.local_mem_allocator<1>,
    %s1: !ascendc.data_copy_params, %s2: !ascendc.data_copy_pad_params,
    %s3: !ascendc.data_copy_ext_params, %s4: !ascendc.binary_repeat_params,
    %s5: !ascendc.unary_repeat_params,
    %m1: memref<?xf32, 22>, %m2: memref<*xf16, 22>) {
  func.return
}

// The input spelling of pyasc's positions with underscores is accepted too.
// CHECK-LABEL: func.func @position_aliases
// CHECK-SAME: !ascendc.queue<vecin, 1>
// CHECK-SAME: !ascendc.tbuf<veccalc>
func.func @position_aliases(%q: !ascendc.queue<vec_in, 1>, %t: !ascendc.tbuf<vec_calc>) {
  func.return
}
