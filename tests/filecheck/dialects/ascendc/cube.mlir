// The cube ops (LoadData, Mmad, Fixpipe, Nd2Nz copies) and their parameter structs in pyasc's
// syntax: they print as they parse, also through the generic form.
// RUN: ascdsl-opt %s | filecheck %s
// RUN: ascdsl-opt %s | ascdsl-opt | filecheck %s
// RUN: ascdsl-opt %s --print-op-generic | ascdsl-opt | filecheck %s

// CHECK-LABEL: func.func @cube
func.func @cube(%a: !ascendc.global_tensor<*xf16>, %c: !ascendc.global_tensor<*xf32>, %a1: !ascendc.local_tensor<*xf16>, %a2: !ascendc.local_tensor<*xf16>, %b2: !ascendc.local_tensor<*xf16>, %co1: !ascendc.local_tensor<*xf32>, %bias: !ascendc.local_tensor<*xf32>, %n: i32, %f: i1) {
  // CHECK-NEXT: %0 = ascendc.construct !ascendc.nd2nz_params(%arg7, %arg7, %arg7, %arg7, %arg7, %arg7, %arg7, %arg7) : i32, i32, i32, i32, i32, i32, i32, i32
  %0 = ascendc.construct !ascendc.nd2nz_params(%n, %n, %n, %n, %n, %n, %n, %n) : i32, i32, i32, i32, i32, i32, i32, i32
  // CHECK-NEXT: ascendc.data_copy_nd2nz %arg2, %arg0, %0 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, !ascendc.nd2nz_params
  ascendc.data_copy_nd2nz %a1, %a, %0 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, !ascendc.nd2nz_params
  // CHECK-NEXT: %1 = ascendc.construct !ascendc.load_data_2d_params(%arg7, %arg7, %arg7, %arg7, %arg7, %arg8, %arg7) [ui16, ui8, ui16, ui8, ui16, i1, ui8] : i32, i32, i32, i32, i32, i1, i32
  %1 = ascendc.construct !ascendc.load_data_2d_params(%n, %n, %n, %n, %n, %f, %n) [ui16, ui8, ui16, ui8, ui16, i1, ui8] : i32, i32, i32, i32, i32, i1, i32
  // CHECK-NEXT: ascendc.load_data_l0 %arg3, %arg2, %1 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.load_data_2d_params
  ascendc.load_data_l0 %a2, %a1, %1 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.load_data_2d_params
  // CHECK-NEXT: ascendc.load_data_g2l %arg3, %arg0, %1 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, !ascendc.load_data_2d_params
  ascendc.load_data_g2l %a2, %a, %1 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, !ascendc.load_data_2d_params
  // CHECK-NEXT: %2 = ascendc.construct !ascendc.mmad_params(%arg7, %arg7, %arg7, %arg8, %arg7, %arg8, %arg8, %arg8) : i32, i32, i32, i1, i32, i1, i1, i1
  %2 = ascendc.construct !ascendc.mmad_params(%n, %n, %n, %f, %n, %f, %f, %f) : i32, i32, i32, i1, i32, i1, i1, i1
  // CHECK-NEXT: ascendc.mmad %arg5, %arg3, %arg4, %2 : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.mmad_params
  ascendc.mmad %co1, %a2, %b2, %2 : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.mmad_params
  // CHECK-NEXT: ascendc.mmad_with_bias %arg5, %arg3, %arg4, %arg6, %2 : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf32>, !ascendc.mmad_params
  ascendc.mmad_with_bias %co1, %a2, %b2, %bias, %2 : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf32>, !ascendc.mmad_params
  // CHECK-NEXT: %3 = ascendc.construct !ascendc.fixpipe_params_v220(%arg7, %arg7, %arg7, %arg7, %arg8, %arg7, %arg7, %arg7, %arg7, %arg7, %arg7, %arg8) [ui16, ui16, ui16, ui32, i1, !ascendc.quant_mode_t, ui64, ui16, ui16, ui16, ui8, i1] : i32, i32, i32, i32, i1, i32, i32, i32, i32, i32, i32, i1
  %3 = ascendc.construct !ascendc.fixpipe_params_v220(%n, %n, %n, %n, %f, %n, %n, %n, %n, %n, %n, %f) [ui16, ui16, ui16, ui32, i1, !ascendc.quant_mode_t, ui64, ui16, ui16, ui16, ui8, i1] : i32, i32, i32, i32, i1, i32, i32, i32, i32, i32, i32, i1
  // CHECK-NEXT: %4 = ascendc.construct !ascendc.fixpipe_config(%arg7) [!ascendc.co2_layout] : i32
  %4 = ascendc.construct !ascendc.fixpipe_config(%n) [!ascendc.co2_layout] : i32
  // CHECK-NEXT: ascendc.fixpipe %arg1, %arg5, %3, %4 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.fixpipe_params_v220, !ascendc.fixpipe_config
  ascendc.fixpipe %c, %co1, %3, %4 : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.fixpipe_params_v220, !ascendc.fixpipe_config
  // CHECK-NEXT: return
  return
}

// CHECK-LABEL: func.func @core_type
func.func @core_type() {
  // CHECK-NEXT: %0 = ascendc.ascend_is_aic : i8
  %0 = ascendc.ascend_is_aic : i8
  // CHECK-NEXT: %1 = ascendc.ascend_is_aiv : i1
  %1 = ascendc.ascend_is_aiv : i1
  // CHECK-NEXT: %2 = ascendc.get_sub_block_num : ui64
  %2 = ascendc.get_sub_block_num : ui64
  // CHECK-NEXT: return
  return
}
