// RUN: ascdsl-opt %s -t ascendc --ascendc-compilable | filecheck %s
// The cube ops print as the Ascend C basic APIs: the parameter structs are braced with casts
// where a value would narrow (QuantMode_t and CO2Layout are enums), and Fixpipe names its
// FixpipeConfig as the template argument the constant picks (CFG_ROW_MAJOR, CFG_NZ).

// CHECK-LABEL: void cube(
// CHECK:         AscendC::Nd2NzParams v7{static_cast<uint16_t>(c1_i32), static_cast<uint16_t>(c16_i32), static_cast<uint16_t>(c16_i32), static_cast<uint16_t>(c0_i32), static_cast<uint16_t>(c16_i32), static_cast<uint16_t>(c16_i32), static_cast<uint16_t>(c1_i32), static_cast<uint16_t>(c0_i32)};
// CHECK-NEXT:    AscendC::DataCopy(v3, v1, v7);
// CHECK-NEXT:    AscendC::LoadData2DParams v8{static_cast<uint16_t>(c0_i32), static_cast<uint8_t>(c1_i32), static_cast<uint16_t>(c1_i32), static_cast<uint8_t>(c0_i32), static_cast<uint16_t>(c0_i32), cm1_i1, static_cast<uint8_t>(c0_i32)};
// CHECK-NEXT:    AscendC::LoadData(v4, v3, v8);
// The (m, n, k, unitFlag, cmatrixSource, cmatrixInitVal) constructor: six values, not padded.
// CHECK-NEXT:    AscendC::MmadParams v9{static_cast<uint16_t>(c16_i32), static_cast<uint16_t>(c16_i32), static_cast<uint16_t>(c16_i32), static_cast<uint8_t>(c0_i32), c0_i1, cm1_i1};
// CHECK-NEXT:    AscendC::Mmad(v6, v4, v5, v9);
// CHECK-NEXT:    AscendC::FixpipeParamsV220 v10{static_cast<uint16_t>(c16_i32), static_cast<uint16_t>(c16_i32), static_cast<uint16_t>(c16_i32), static_cast<uint32_t>(c16_i32), cm1_i1, static_cast<QuantMode_t>(c1_i32), static_cast<int64_t>(c0_i32), static_cast<uint16_t>(c1_i32), static_cast<uint16_t>(c0_i32), static_cast<uint16_t>(c0_i32), static_cast<uint8_t>(c0_i32), c0_i1};
// CHECK-NEXT:    AscendC::FixpipeConfig v11{static_cast<AscendC::CO2Layout>(c1_i32)};
// CHECK-NEXT:    AscendC::Fixpipe<half, float, AscendC::CFG_ROW_MAJOR>(v2, v6, v10);
// CHECK-NEXT:    AscendC::FixpipeConfig v12{static_cast<AscendC::CO2Layout>(c0_i32)};
// CHECK-NEXT:    AscendC::Fixpipe<half, float, AscendC::CFG_NZ>(v2, v6, v10);
// CHECK-NEXT:    return;
func.func @cube(%a: !ascendc.global_tensor<*xf16>, %c: !ascendc.global_tensor<*xf16>, %a1: !ascendc.local_tensor<*xf16>, %a2: !ascendc.local_tensor<*xf16>, %b2: !ascendc.local_tensor<*xf16>, %co1: !ascendc.local_tensor<*xf32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c16 = arith.constant 16 : i32
  %false = arith.constant false
  %true = arith.constant true
  %0 = ascendc.construct !ascendc.nd2nz_params(%c1, %c16, %c16, %c0, %c16, %c16, %c1, %c0) : i32, i32, i32, i32, i32, i32, i32, i32
  ascendc.data_copy_nd2nz %a1, %a, %0 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, !ascendc.nd2nz_params
  %1 = ascendc.construct !ascendc.load_data_2d_params(%c0, %c1, %c1, %c0, %c0, %true, %c0) : i32, i32, i32, i32, i32, i1, i32
  ascendc.load_data_l0 %a2, %a1, %1 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.load_data_2d_params
  %2 = ascendc.construct !ascendc.mmad_params(%c16, %c16, %c16, %c0, %false, %true) [ui16, ui16, ui16, ui8, i1, i1] : i32, i32, i32, i32, i1, i1
  ascendc.mmad %co1, %a2, %b2, %2 : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.mmad_params
  %3 = ascendc.construct !ascendc.fixpipe_params_v220(%c16, %c16, %c16, %c16, %true, %c1, %c0, %c1, %c0, %c0, %c0, %false) : i32, i32, i32, i32, i1, i32, i32, i32, i32, i32, i32, i1
  %4 = ascendc.construct !ascendc.fixpipe_config(%c1) [!ascendc.co2_layout] : i32
  ascendc.fixpipe %c, %co1, %3, %4 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf32>, !ascendc.fixpipe_params_v220, !ascendc.fixpipe_config
  %5 = ascendc.construct !ascendc.fixpipe_config(%c0) [!ascendc.co2_layout] : i32
  ascendc.fixpipe %c, %co1, %3, %5 : !ascendc.global_tensor<*xf16>, !ascendc.local_tensor<*xf32>, !ascendc.fixpipe_params_v220, !ascendc.fixpipe_config
  return
}

// pyasc's spelling of the core-type tests and GetSubBlockNum.
// CHECK-LABEL: void core_type(
// CHECK-NEXT:    int8_t v1 = g_coreType == AscendC::AIC;
// CHECK-NEXT:    bool v2 = g_coreType == AscendC::AIV;
// CHECK-NEXT:    uint64_t v3 = AscendC::GetSubBlockNum();
// CHECK-NEXT:    return;
func.func @core_type() {
  %0 = ascendc.ascend_is_aic : i8
  %1 = ascendc.ascend_is_aiv : i1
  %2 = ascendc.get_sub_block_num : ui64
  return
}
