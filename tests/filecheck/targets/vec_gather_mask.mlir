// RUN: ascdsl-opt %s -t ascendc | filecheck %s
// GatherMask as pyasc prints it: the kept count is declared, then passed as Ascend C's
// out-parameter; a pattern tensor adds its element type to the template.

// CHECK-LABEL: void emit_gather_mask(AscendC::LocalTensor<float> v1, AscendC::LocalTensor<uint32_t> v2, bool v3, uint32_t v4, AscendC::GatherMaskParams v5, uint8_t v6) {
// CHECK-NEXT:    uint64_t v7;
// CHECK-NEXT:    AscendC::GatherMask<float, uint32_t, AscendC::defaultGatherMaskMode>(v1, v1, v2, v3, v4, v5, v7);
// CHECK-NEXT:    uint64_t v8;
// CHECK-NEXT:    AscendC::GatherMask<float, AscendC::defaultGatherMaskMode>(v1, v1, v6, v3, v4, v5, v8);
// CHECK-NEXT:    uint64_t v9 = AscendC::GetGatherMaskRemainCount();
func.func @emit_gather_mask(%arg0: !ascendc.local_tensor<256xf32>, %arg1: !ascendc.local_tensor<8xui32>, %arg2: i1, %arg3: ui32, %arg4: !ascendc.gather_mask_params, %arg5: ui8) {
  %0 = ascendc.gather_mask %arg0, %arg0, %arg1, %arg2, %arg3, %arg4, default : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<8xui32>, i1, ui32, !ascendc.gather_mask_params -> ui64
  %1 = ascendc.gather_mask %arg0, %arg0, %arg5, %arg2, %arg3, %arg4, default : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, ui8, i1, ui32, !ascendc.gather_mask_params -> ui64
  %2 = ascendc.get_gather_mask_remain_count : ui64
  return
}
