// Bad uses of the remaining DataCopy forms are located errors naming the rule.
// RUN: ascdsl-opt %s --split-input-file --verify-diagnostics

func.func @pad_ext_type(%g: !ascendc.global_tensor<f16>, %l: !ascendc.local_tensor<f16>, %p: !ascendc.data_copy_ext_params, %q: !ascendc.data_copy_pad_ext_params<f32>) {
  // expected-error@+1 {{DataCopyPadExtParams<f32> pads a tensor of f16: the padding value has the tensor's type}}
  ascendc.data_copy_pad_l0_ext %l, %g, %p, %q : !ascendc.local_tensor<f16>, !ascendc.global_tensor<f16>, !ascendc.data_copy_ext_params, !ascendc.data_copy_pad_ext_params<f32>
  return
}

// -----

func.func @pad_ext_direction(%g: !ascendc.global_tensor<f16>, %l: !ascendc.local_tensor<f16>, %p: !ascendc.data_copy_ext_params) {
  // expected-error@+1 {{DataCopyPad with only DataCopyExtParams copies a local tensor to GM}}
  ascendc.data_copy_pad_l2_ext %l, %g, %p : !ascendc.local_tensor<f16>, !ascendc.global_tensor<f16>, !ascendc.data_copy_ext_params
  return
}

// -----

func.func @slice_counts(%g: !ascendc.global_tensor<f16>, %l: !ascendc.local_tensor<f16>, %s: !ascendc.slice_info) {
  // expected-error@+1 {{2 destination and 1 source SliceInfos: both sides need one per dimension}}
  ascendc.data_copy_slice %l, %g, %s, %s, %s {operandSegmentSizes = array<i32: 1, 1, 2, 1, 0>} : !ascendc.local_tensor<f16>, !ascendc.global_tensor<f16>, !ascendc.slice_info, !ascendc.slice_info, !ascendc.slice_info
  return
}

// -----

func.func @pad_value_pos(%v: i32) {
  // expected-error@+1 {{SetPadValue's position is MAX, VECIN or VECOUT, got A1}}
  ascendc.set_pad_value %v {pos = 1 : i32} : i32
  return
}

// -----

func.func @co12_from_gm(%g: !ascendc.global_tensor<f16>, %p: !ascendc.data_copy_co12dst_params) {
  // expected-error@+1 {{DataCopy with DataCopyCO12DstParams reads L0C: the source must be a local tensor}}
  ascendc.data_copy_co12dst %g, %g, %p : !ascendc.global_tensor<f16>, !ascendc.global_tensor<f16>, !ascendc.data_copy_co12dst_params
  return
}
