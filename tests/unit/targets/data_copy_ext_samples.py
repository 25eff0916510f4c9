"""Written samples of the remaining DataCopy forms (ops_data_copy_ext.py) for the all-ops
printer test and the real-header check: each is typed as the 910B headers' overload takes it
(GM <-> UB for the pad and slice copies, an f32 L0C source for the CO12 copy)."""

from __future__ import annotations

import ascdsl.dialects.ascendc as A

_G = "!ascendc.global_tensor<f32>"
_L = "!ascendc.local_tensor<64xf32>"

SAMPLES: dict[type, str] = {
    A.DataCopyEnhancedOp: f"""
func.func @{{name}}(%g: {_G}, %l: {_L}, %p: !ascendc.data_copy_params, %e: !ascendc.data_copy_enhanced_params) {{
  ascendc.data_copy_enhanced %l, %g, %p, %e : {_L}, {_G}, !ascendc.data_copy_params, !ascendc.data_copy_enhanced_params
  return
}}""",
    A.DataCopyCO12DstOp: f"""
func.func @{{name}}(%g: !ascendc.global_tensor<f16>, %c: {_L}, %n: i32) {{
  %p = ascendc.construct !ascendc.data_copy_co12dst_params(%n, %n, %n, %n) : i32, i32, i32, i32
  ascendc.data_copy_co12dst %g, %c, %p : !ascendc.global_tensor<f16>, {_L}, !ascendc.data_copy_co12dst_params
  return
}}""",
    A.DataCopySliceOp: f"""
func.func @{{name}}(%g: {_G}, %l: {_L}, %n: i32, %d: ui32) {{
  %s = ascendc.construct !ascendc.slice_info(%n, %n, %n, %n, %n) : i32, i32, i32, i32, i32
  ascendc.data_copy_slice %l, %g, %s, %s, %d {{operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>}} : {_L}, {_G}, !ascendc.slice_info, !ascendc.slice_info, ui32
  return
}}""",
    A.DataCopyPadExtL0Op: f"""
func.func @{{name}}(%g: {_G}, %l: {_L}, %n: i32, %v: f32) {{
  %true = arith.constant true
  %p = ascendc.construct !ascendc.data_copy_ext_params(%n, %n, %n, %n, %n) : i32, i32, i32, i32, i32
  %q = ascendc.construct !ascendc.data_copy_pad_ext_params<f32>(%true, %n, %n, %v) : i1, i32, i32, f32
  ascendc.data_copy_pad_l0_ext %l, %g, %p, %q : {_L}, {_G}, !ascendc.data_copy_ext_params, !ascendc.data_copy_pad_ext_params<f32>
  return
}}""",
    A.DataCopyPadExtL2Op: f"""
func.func @{{name}}(%g: {_G}, %l: {_L}, %p: !ascendc.data_copy_ext_params) {{
  ascendc.data_copy_pad_l2_ext %g, %l, %p : {_G}, {_L}, !ascendc.data_copy_ext_params
  return
}}""",
    A.DataCopyPadNd2NzOp: f"""
func.func @{{name}}(%l: {_L}, %a: !ascendc.local_tensor<64xf32>, %p: !ascendc.data_copy_params, %z: !ascendc.nd2nz_params) {{
  ascendc.data_copy_pad_nd2nz %l, %a, %p, %z : {_L}, !ascendc.local_tensor<64xf32>, !ascendc.data_copy_params, !ascendc.nd2nz_params
  return
}}""",
    A.DataCopyPadExtNd2NzOp: f"""
func.func @{{name}}(%l: {_L}, %a: !ascendc.local_tensor<64xf32>, %p: !ascendc.data_copy_ext_params, %z: !ascendc.nd2nz_params) {{
  ascendc.data_copy_pad_nd2nz_ext %l, %a, %p, %z : {_L}, !ascendc.local_tensor<64xf32>, !ascendc.data_copy_ext_params, !ascendc.nd2nz_params
  return
}}""",
    A.SetPadValueOp: """
func.func @{name}(%v: f32) {
  ascendc.set_pad_value %v {pos = 9 : i32} : f32
  return
}""",
    A.LoadImageToLocalOp: """
func.func @{name}(%l: !ascendc.local_tensor<64xf16>, %n: i32) {
  %p = ascendc.construct !ascendc.load_image_to_local_params(%n, %n, %n, %n, %n, %n, %n, %n, %n) : i32, i32, i32, i32, i32, i32, i32, i32, i32
  ascendc.load_image_to_local %l, %p : !ascendc.local_tensor<64xf16>, !ascendc.load_image_to_local_params
  return
}""",
    A.CheckLocalMemoryIAOp: """
func.func @{name}(%n: i32) {
  %p = ascendc.construct !ascendc.check_local_memory_ia_param(%n, %n, %n) : i32, i32, i32
  ascendc.check_local_memory_ia %p : !ascendc.check_local_memory_ia_param
  return
}""",
    A.SetAippFunctionsOp: """
func.func @{name}(%g: !ascendc.global_tensor<i8>, %n: i32, %b: i1, %v: i8, %h: f16, %s: i16, %u: ui8) {
  %pad = ascendc.construct !ascendc.aipp_padding_params(%n, %v, %v, %v, %v) [ui32, i8, i8, i8, i8] : i32, i8, i8, i8, i8
  %swap = ascendc.construct !ascendc.aipp_swap_params(%b, %b, %b) [i8, i8, i8] : i1, i1, i1
  %line = ascendc.construct !ascendc.aipp_single_line_params(%b) [i8] : i1
  %dtc = ascendc.construct !ascendc.aipp_dtc_params(%u, %u, %u, %h, %h, %h, %h, %h, %h, %n) [ui8, ui8, ui8, f16, f16, f16, f16, f16, f16, ui32] : ui8, ui8, ui8, f16, f16, f16, f16, f16, f16, i32
  %cpad = ascendc.construct !ascendc.aipp_cpadding_params(%n, %v) [ui32, i8] : i32, i8
  %csc = ascendc.construct !ascendc.aipp_csc_params(%b, %s, %s, %s, %s, %s, %s, %s, %s, %s, %u, %u, %u, %u, %u, %u) : i1, i16, i16, i16, i16, i16, i16, i16, i16, i16, ui8, ui8, ui8, ui8, ui8, ui8
  %p = ascendc.construct !ascendc.aipp_params(%pad, %swap, %line, %dtc, %cpad, %csc) : !ascendc.aipp_padding_params, !ascendc.aipp_swap_params, !ascendc.aipp_single_line_params, !ascendc.aipp_dtc_params, !ascendc.aipp_cpadding_params, !ascendc.aipp_csc_params
  ascendc.set_aipp_functions %g, %p, format = RGB888_U8 : (!ascendc.global_tensor<i8>, !ascendc.aipp_params) -> ()
  return
}""",
    A.GetShapeSizeOp: """
func.func @{name}(%t: !ascendc.local_tensor<64xf32>) -> i32 {
  %s = ascendc.local_tensor.get_shape_info %t : !ascendc.local_tensor<64xf32>, !ascendc.shape_info
  %n = ascendc.get_shape_size %s : !ascendc.shape_info -> i32
  return %n : i32
}""",
}
