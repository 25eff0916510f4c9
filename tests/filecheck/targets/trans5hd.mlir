// RUN: ascdsl-opt %s -t ascendc --ascendc-compilable | filecheck %s
// RUN: ascdsl-opt %s -t ascendc | filecheck %s --check-prefix=PYASC
// TransDataTo5HD<T>: T comes from the tensor whose GetPhyAddr made the addresses, as
// pyasc's translator infers it; list arrays are named as pyasc names them. In compiled
// source a second array of one name gets a suffix; pyasc's spelling (-t ascendc) declares it
// twice, as pyasc's translator does.
// PYASC:       TransDataTo5HD<half>(v1_list, v2_list, v3);
// PYASC-NEXT:  AscendC::LocalTensor<half> v1_list[] = {v1
// PYASC-NEXT:  AscendC::LocalTensor<half> v1_list[] = {v1
// PYASC-NEXT:  TransDataTo5HD<half>(v1_list, v1_list, v3);

// CHECK-LABEL: void lists(AscendC::LocalTensor<half> v1, AscendC::LocalTensor<half> v2, AscendC::TransDataTo5HDParams v3, uint32_t v4) {
// CHECK-NEXT:   AscendC::LocalTensor<half> v1_list[] = {v1, v1, v1, v1, v1, v1, v1, v1, v1, v1, v1, v1, v1, v1, v1, v1};
// CHECK-NEXT:   AscendC::LocalTensor<half> v2_list[] = {v2, v2, v2, v2, v2, v2, v2, v2, v2, v2, v2, v2, v2, v2, v2, v2};
// CHECK-NEXT:   AscendC::TransDataTo5HD<half>(v1_list, v2_list, v3);
// CHECK-NEXT:   AscendC::LocalTensor<half> v1_list_1[] = {v1, v1, v1, v1, v1, v1, v1, v1, v1, v1, v1, v1, v1, v1, v1, v1};
// CHECK-NEXT:   AscendC::LocalTensor<half> v1_list_2[] = {v1, v1, v1, v1, v1, v1, v1, v1, v1, v1, v1, v1, v1, v1, v1, v1};
// CHECK-NEXT:   AscendC::TransDataTo5HD<half>(v1_list_1, v1_list_2, v3);
// CHECK-NEXT:   uint64_t v5 = reinterpret_cast<uint64_t>(v2.GetPhyAddr(v4));
// CHECK-NEXT:   uint64_t v3_dst_list[] = {v5, v5, v5, v5, v5, v5, v5, v5, v5, v5, v5, v5, v5, v5, v5, v5};
// CHECK-NEXT:   uint64_t v3_src_list[] = {v5, v5, v5, v5, v5, v5, v5, v5, v5, v5, v5, v5, v5, v5, v5, v5};
// CHECK-NEXT:   AscendC::TransDataTo5HD<half>(v3_dst_list, v3_src_list, v3);
// CHECK-NEXT:   return;
func.func @lists(%d: !ascendc.local_tensor<256xf16>, %s: !ascendc.local_tensor<256xf16>, %p: !ascendc.trans_data_to_5hd_params, %i: ui32) {
  ascendc.trans_data_to_5hd_tensor_list %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %p {operandSegmentSizes = array<i32: 16, 16, 1>} : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, !ascendc.trans_data_to_5hd_params
  ascendc.trans_data_to_5hd_tensor_list %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %p {operandSegmentSizes = array<i32: 16, 16, 1>} : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, !ascendc.trans_data_to_5hd_params
  %a = ascendc.local_tensor.get_phy_addr %s, %i : !ascendc.local_tensor<256xf16>, ui64, ui32
  ascendc.trans_data_to_5hd_uint_list %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %p {operandSegmentSizes = array<i32: 16, 16, 1>} : ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, !ascendc.trans_data_to_5hd_params
  return
}

