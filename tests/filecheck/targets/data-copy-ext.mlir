// The DataCopy forms whose C++ the op facts do not spell, and AIPP's aggregates.
// RUN: ascdsl-opt %s -t ascendc | filecheck %s

// CHECK-LABEL: void slice(
func.func @slice(%g: !ascendc.global_tensor<f32>, %l: !ascendc.local_tensor<64xf32>, %n: i32, %d: ui32) {
  // CHECK:      AscendC::SliceInfo [[S:v[0-9]+]]{
  %s = ascendc.construct !ascendc.slice_info(%n, %n, %n, %n, %n) : i32, i32, i32, i32, i32
  // CHECK-NEXT: AscendC::SliceInfo [[L:v[0-9]+]]_slice_info[] = {[[S]]};
  // CHECK-NEXT: AscendC::SliceInfo [[G:v[0-9]+]]_slice_info[] = {[[S]]};
  // CHECK-NEXT: AscendC::DataCopy([[L]], [[G]], [[L]]_slice_info, [[G]]_slice_info, v{{[0-9]+}});
  ascendc.data_copy_slice %l, %g, %s, %s, %d {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<f32>, !ascendc.slice_info, !ascendc.slice_info, ui32
  return
}

// CHECK-LABEL: void pad_value(
func.func @pad_value(%v: f32) {
  // CHECK-NEXT: AscendC::SetPadValue<float, AscendC::TPosition::VECIN>(v1);
  ascendc.set_pad_value %v {pos = 9 : i32} : f32
  return
}

// CHECK-LABEL: void co12(
func.func @co12(%g: !ascendc.global_tensor<f16>, %c: !ascendc.local_tensor<64xf32>, %n: i32) {
  // The enum field left out keeps its default through a cast.
  // CHECK-NEXT: AscendC::DataCopyCO12DstParams v4{v3, v3, v3, v3, static_cast<QuantMode_t>(0), 0, 0, 0};
  %p = ascendc.construct !ascendc.data_copy_co12dst_params(%n, %n, %n, %n) : i32, i32, i32, i32
  // CHECK-NEXT: AscendC::DataCopy(v1, v2, v4);
  ascendc.data_copy_co12dst %g, %c, %p : !ascendc.global_tensor<f16>, !ascendc.local_tensor<64xf32>, !ascendc.data_copy_co12dst_params
  return
}

// CHECK-LABEL: void aipp(
func.func @aipp(%g: !ascendc.global_tensor<i8>, %n: i32, %b: i1, %v: i8, %h: f16, %s: i16, %u: ui8) {
  %pad = ascendc.construct !ascendc.aipp_padding_params(%n, %v, %v, %v, %v) [ui32, i8, i8, i8, i8] : i32, i8, i8, i8, i8
  %swap = ascendc.construct !ascendc.aipp_swap_params(%b, %b, %b) [i8, i8, i8] : i1, i1, i1
  %line = ascendc.construct !ascendc.aipp_single_line_params(%b) [i8] : i1
  %dtc = ascendc.construct !ascendc.aipp_dtc_params(%u, %u, %u, %h, %h, %h, %h, %h, %h, %n) [ui8, ui8, ui8, f16, f16, f16, f16, f16, f16, ui32] : ui8, ui8, ui8, f16, f16, f16, f16, f16, f16, i32
  %cpad = ascendc.construct !ascendc.aipp_cpadding_params(%n, %v) [ui32, i8] : i32, i8
  %csc = ascendc.construct !ascendc.aipp_csc_params(%b, %s, %s, %s, %s, %s, %s, %s, %s, %s, %u, %u, %u, %u, %u, %u) : i1, i16, i16, i16, i16, i16, i16, i16, i16, i16, ui8, ui8, ui8, ui8, ui8, ui8
  // The parts print nothing of their own: AippParams<T> (T from the padding values) is
  // assigned member by member, as pyasc's translator prints it.
  // CHECK-NEXT: ;
  // CHECK:      AscendC::AippParams<int8_t> [[P:v[0-9]+]];
  // CHECK-NEXT: [[P]].paddingParams.paddingMode = v2;
  // CHECK:      [[P]].swapParams.isSwapRB = v3;
  // CHECK:      [[P]].cscParams.cscBiasOut2 = v7;
  %p = ascendc.construct !ascendc.aipp_params(%pad, %swap, %line, %dtc, %cpad, %csc) : !ascendc.aipp_padding_params, !ascendc.aipp_swap_params, !ascendc.aipp_single_line_params, !ascendc.aipp_dtc_params, !ascendc.aipp_cpadding_params, !ascendc.aipp_csc_params
  // CHECK:      AscendC::SetAippFunctions(v1, AscendC::AippInputFormat::RGB888_U8, [[P]]);
  ascendc.set_aipp_functions %g, %p, format = RGB888_U8 : (!ascendc.global_tensor<i8>, !ascendc.aipp_params) -> ()
  return
}
