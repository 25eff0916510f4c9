// An address list whose origin says nothing of the element type is a located error.
// RUN: not ascdsl-opt %s -t ascendc 2>&1 | filecheck %s --check-prefix=ERR
// ERR: trans5hd-invalid.mlir:5:3: error: 'ascendc.trans_data_to_5hd_uint_list' op the element type of TransDataTo5HD<T> cannot be inferred
func.func @unknown(%a: ui64, %p: !ascendc.trans_data_to_5hd_params) {
  ascendc.trans_data_to_5hd_uint_list %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %p {operandSegmentSizes = array<i32: 16, 16, 1>} : ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, !ascendc.trans_data_to_5hd_params
  return
}
