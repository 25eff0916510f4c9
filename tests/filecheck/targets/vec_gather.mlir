// Gather / Gatherb / Scatter / Brcb in pyasc's syntax with their parameter structs: each
// round-trips and prints its Ascend C overload (L1 masks as `uint64_t name[]` arrays).
// RUN: ascdsl-opt %s | ascdsl-opt | filecheck %s --check-prefix=IR
// RUN: ascdsl-opt %s --print-op-generic | ascdsl-opt | filecheck %s --check-prefix=IR
// RUN: ascdsl-opt %s -t ascendc | filecheck %s --check-prefix=CPP

// IR-LABEL: func.func @moves
// IR-NEXT: ascendc.gather_l0 %arg0, %arg1, %arg2, %arg3, %arg5, %arg6, %arg7 : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui32>, ui32, ui64, ui8, ui16
// IR-NEXT: ascendc.gather_l1 %arg0, %arg1, %arg2, %arg3, %arg5, %arg6, %arg7 : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui32>, ui32, ui64, ui8, ui16
// IR-NEXT: ascendc.gather_l2 %arg0, %arg1, %arg2, %arg3, %arg4 : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui32>, ui32, i32
// IR-NEXT: ascendc.gatherb_l0 %arg0, %arg1, %arg2, %arg6, %arg8 : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui32>, ui8, !ascendc.gather_repeat_params
// IR-NEXT: ascendc.scatter_l0 %arg0, %arg1, %arg2, %arg3, %arg5, %arg6, %arg6 : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui32>, ui32, ui64, ui8, ui8
// IR-NEXT: ascendc.scatter_l1 %arg0, %arg1, %arg2, %arg3, %arg5, %arg6, %arg6 : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui32>, ui32, ui64, ui8, ui8
// IR-NEXT: ascendc.scatter_l2 %arg0, %arg1, %arg2, %arg3, %arg4 : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui32>, ui32, i32
// IR-NEXT: ascendc.brcb_l0 %arg0, %arg1, %arg6, %arg9 : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, ui8, !ascendc.brcb_repeat_params

// CPP-LABEL: void moves(
// CPP-NEXT: AscendC::Gather(v1, v2, v3, v4, v6, v7, v8);
// CPP-NEXT: uint64_t v1_mask_list0[] = {v6};
// CPP-NEXT: AscendC::Gather(v1, v2, v3, v4, v1_mask_list0, v7, v8);
// CPP-NEXT: AscendC::Gather(v1, v2, v3, v4, v5);
// CPP-NEXT: AscendC::Gatherb(v1, v2, v3, v7, v9);
// CPP-NEXT: AscendC::Scatter(v1, v2, v3, v4, v6, v7, v7);
// CPP-NEXT: uint64_t v1_mask_list0[] = {v6};
// CPP-NEXT: AscendC::Scatter(v1, v2, v3, v4, v1_mask_list0, v7, v7);
// CPP-NEXT: AscendC::Scatter(v1, v2, v3, v4, v5);
// CPP-NEXT: AscendC::Brcb(v1, v2, v7, v10);
func.func @moves(%d: !ascendc.local_tensor<*xf32>, %s: !ascendc.local_tensor<*xf32>, %o: !ascendc.local_tensor<*xui32>, %base: ui32, %n: i32, %m: ui64, %r: ui8, %rep: ui16, %gp: !ascendc.gather_repeat_params, %bp: !ascendc.brcb_repeat_params) {
  ascendc.gather_l0 %d, %s, %o, %base, %m, %r, %rep : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui32>, ui32, ui64, ui8, ui16
  ascendc.gather_l1 %d, %s, %o, %base, %m, %r, %rep : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui32>, ui32, ui64, ui8, ui16
  ascendc.gather_l2 %d, %s, %o, %base, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui32>, ui32, i32
  ascendc.gatherb_l0 %d, %s, %o, %r, %gp : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui32>, ui8, !ascendc.gather_repeat_params
  ascendc.scatter_l0 %d, %s, %o, %base, %m, %r, %r : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui32>, ui32, ui64, ui8, ui8
  ascendc.scatter_l1 %d, %s, %o, %base, %m, %r, %r : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui32>, ui32, ui64, ui8, ui8
  ascendc.scatter_l2 %d, %s, %o, %base, %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xui32>, ui32, i32
  ascendc.brcb_l0 %d, %s, %r, %bp : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, ui8, !ascendc.brcb_repeat_params
  return
}
