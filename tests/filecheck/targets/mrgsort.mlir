// RUN: ascdsl-opt %s | ascdsl-opt | filecheck %s --check-prefix=IR
// RUN: ascdsl-opt %s -t ascendc | filecheck %s
// RUN: ascdsl-opt %s -t ascendc --ascendc-compilable | filecheck %s --check-prefix=CC
// MrgSort (arrays and MrgSort4Info), GetMrgSortResult and the region-proposal ops in pyasc's
// syntax; MrgSort's arrays are counted over the module, as pyasc's printer counts them.

// IR-LABEL: func.func @merge
// IR: ascendc.mrg_sort %{{.*}}, %{{.*}} {isExhaustedSuspension, operandSegmentSizes = array<i32: 1, 1, 4, 4, 1, 1>} : !ascendc.local_tensor<256xf16>, !ascendc.mrg_sort_src_list<f16>
// IR: ascendc.mrg_sort_with_info
// IR: %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} = ascendc.get_mrg_sort_result : ui16, ui16, ui16, ui16
// CHECK-LABEL: void merge(AscendC::LocalTensor<half> v1, AscendC::LocalTensor<half> v2, AscendC::LocalTensor<half> v3, uint16_t v4, uint32_t v5, int32_t v6) {
// CHECK-NEXT:   AscendC::MrgSortSrcList<half> v7{v2, v3, v2, v3};
// CHECK-NEXT:   uint16_t v1_element_count_list_0[] = {v4, v4, v4, v4};
// CHECK-NEXT:   uint32_t v1_sorted_num_0[] = {v5, v5, v5, v5};
// CHECK-NEXT:   AscendC::MrgSort<half, 1>(v1, v7, v1_element_count_list_0, v1_sorted_num_0, v4, v6);
// CHECK-NEXT:   uint16_t v1_element_count_list_1[] = {v4, v4, v4, v6};
// CHECK-NEXT:   uint32_t v1_sorted_num_1[] = {v5, v5, v5, v5};
// CHECK-NEXT:   AscendC::MrgSort<half, 0>(v1, v7, v1_element_count_list_1, v1_sorted_num_1, v4, v6);
// CHECK:        AscendC::MrgSort4Info v{{[0-9]+}}{v{{[0-9]+}}, c0_i1, v4, v4};
// CHECK-NEXT:   AscendC::MrgSort(v1, v7, v{{[0-9]+}});
// CHECK-NEXT:   AscendC::MrgSort4(v1, v7, v{{[0-9]+}});
// CHECK-NEXT:   uint16_t v[[A:[0-9]+]];
// CHECK-NEXT:   uint16_t v[[B:[0-9]+]];
// CHECK-NEXT:   uint16_t v[[C:[0-9]+]];
// CHECK-NEXT:   uint16_t v[[D:[0-9]+]];
// CHECK-NEXT:   AscendC::GetMrgSortResult(v[[A]], v[[B]], v[[C]], v[[D]]);
// CHECK-NEXT:   AscendC::RpSort16(v1, v2, v6);
// CHECK-NEXT:   AscendC::ProposalConcat(v1, v2, v6, v6);
// CHECK-NEXT:   AscendC::ProposalExtract(v1, v2, v6, v6);
// The compiled source casts an array value of another type (a brace initializer must not
// narrow); pyasc's spelling passes it as it is.
// CC: uint16_t v1_element_count_list_1[] = {v4, v4, v4, static_cast<uint16_t>(v6)};
func.func @merge(%dst: !ascendc.local_tensor<256xf16>, %a: !ascendc.local_tensor<128xf16>,
                 %b: !ascendc.local_tensor<128xf16>, %n: ui16, %done: ui32, %r: i32) {
  %l = ascendc.construct !ascendc.mrg_sort_src_list<f16>(%a, %b, %a, %b) [!ascendc.local_tensor<128xf16>, !ascendc.local_tensor<128xf16>, !ascendc.local_tensor<128xf16>, !ascendc.local_tensor<128xf16>] : !ascendc.local_tensor<128xf16>, !ascendc.local_tensor<128xf16>, !ascendc.local_tensor<128xf16>, !ascendc.local_tensor<128xf16>
  ascendc.mrg_sort %dst, %l, %n, %n, %n, %n, %done, %done, %done, %done, %n, %r {operandSegmentSizes = array<i32: 1, 1, 4, 4, 1, 1>, isExhaustedSuspension} : !ascendc.local_tensor<256xf16>, !ascendc.mrg_sort_src_list<f16>, ui16, ui16, ui16, ui16, ui32, ui32, ui32, ui32, ui16, i32
  ascendc.mrg_sort %dst, %l, %n, %n, %n, %r, %done, %done, %done, %done, %n, %r {operandSegmentSizes = array<i32: 1, 1, 4, 4, 1, 1>} : !ascendc.local_tensor<256xf16>, !ascendc.mrg_sort_src_list<f16>, ui16, ui16, ui16, i32, ui32, ui32, ui32, ui32, ui16, i32
  %false = arith.constant 0 : i1
  %c0 = arith.constant 0 : index
  %lengths = memref.alloca() : memref<4xui16>
  memref.store %n, %lengths[%c0] : memref<4xui16>
  %info = ascendc.construct !ascendc.mrg_sort4_info(%lengths, %false, %n, %n) [memref<4xui16>, i1, ui16, ui16] : memref<4xui16>, i1, ui16, ui16
  ascendc.mrg_sort_with_info %dst, %l, %info : !ascendc.local_tensor<256xf16>, !ascendc.mrg_sort_src_list<f16>, !ascendc.mrg_sort4_info
  ascendc.mrg_sort4 %dst, %l, %info : !ascendc.local_tensor<256xf16>, !ascendc.mrg_sort_src_list<f16>, !ascendc.mrg_sort4_info
  %r1, %r2, %r3, %r4 = ascendc.get_mrg_sort_result : ui16, ui16, ui16, ui16
  ascendc.rp_sort16 %dst, %a, %r : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<128xf16>, i32
  ascendc.proposal_concat %dst, %a, %r, %r : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<128xf16>, i32, i32
  ascendc.proposal_extract %dst, %a, %r, %r : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<128xf16>, i32, i32
  return
}
