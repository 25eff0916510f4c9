// Bad cube IR is a located error naming the rule.
// RUN: ascdsl-opt %s --split-input-file --verify-diagnostics

func.func @mmad_params_type(%d: !ascendc.local_tensor<*xf32>, %a: !ascendc.local_tensor<*xf16>, %p: !ascendc.load_data_2d_params) {
  // expected-error@+1 {{expected !ascendc.mmad_params (MmadParams), got !ascendc.load_data_2d_params}}
  "ascendc.mmad"(%d, %a, %a, %p) : (!ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.load_data_2d_params) -> ()
  return
}

// -----

func.func @load_from_gm_needs_g2l(%d: !ascendc.local_tensor<*xf16>, %g: !ascendc.global_tensor<*xf16>, %p: !ascendc.load_data_2d_params) {
  // expected-error@+1 {{expected a local tensor (!ascendc.local_tensor), got !ascendc.global_tensor<*xf16>}}
  "ascendc.load_data_l0"(%d, %g, %p) : (!ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, !ascendc.load_data_2d_params) -> ()
  return
}

// -----

func.func @too_many_fields(%n: i32) {
  // expected-error@+1 {{AscendC::FixpipeConfig has 1 fields (format), got 2 values}}
  %0 = ascendc.construct !ascendc.fixpipe_config(%n, %n) : i32, i32
  return
}
