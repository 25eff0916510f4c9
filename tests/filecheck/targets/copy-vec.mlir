// RUN: ascdsl-opt %s | ascdsl-opt | filecheck %s --check-prefix=IR
// RUN: ascdsl-opt %s -t ascendc | filecheck %s
// Copy as pyasc's data_copy.mlir writes and prints it: copy_l1 takes a count, copy_l0 ui64
// mask words (an array named after the destination), isSetMask a template constant.

// IR-LABEL: func.func @emit_copy
// IR: ascendc.copy_l1 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, ui64, ui8, !ascendc.copy_repeat_params, i8
// IR: ascendc.copy_l0 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, ui64, ui64, ui8, !ascendc.copy_repeat_params, i8
// CHECK-LABEL: void emit_copy(AscendC::LocalTensor<half> v1, AscendC::LocalTensor<half> v2, uint64_t v3, uint8_t v4, uint8_t v5, uint64_t v6, uint16_t v7, uint16_t v8) {
// CHECK-NEXT:    constexpr int8_t c1_i8 = 1;
// CHECK-NEXT:    AscendC::CopyRepeatParams v9{v7, v7, v8, v8};
// CHECK-NEXT:    AscendC::Copy<half, c1_i8>(v1, v2, v3, v4, v9);
// CHECK-NEXT:    uint64_t v1_mask_list0[] = {v6, v6};
// CHECK-NEXT:    AscendC::Copy<half, c1_i8>(v1, v2, v1_mask_list0, v5, v9);
// CHECK-NEXT:    return;
func.func @emit_copy(%dst : !ascendc.local_tensor<*xf16>, %src : !ascendc.local_tensor<*xf16>,
                    %mask_cont : ui64, %repeat_cont : ui8, %repeat_bit : ui8, %mask_bit : ui64,
                    %stride : ui16, %rep_size : ui16) {
  %is_set_mask_true = arith.constant 1 : i8
  %params = ascendc.construct !ascendc.copy_repeat_params(%stride, %stride, %rep_size, %rep_size) [ui16, ui16, ui16, ui16] : ui16, ui16, ui16, ui16
  "ascendc.copy_l1"(%dst, %src, %mask_cont, %repeat_cont, %params, %is_set_mask_true)
    : (!ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, ui64, ui8, !ascendc.copy_repeat_params, i8) -> ()
  "ascendc.copy_l0"(%dst, %src, %mask_bit, %mask_bit, %repeat_bit, %params, %is_set_mask_true)
    : (!ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, ui64, ui64, ui8, !ascendc.copy_repeat_params, i8) -> ()
  return
}
