// GatherMask with a pattern tensor or a built-in pattern number, and
// GetGatherMaskRemainCount, in pyasc's syntax (also through the generic form).
// RUN: ascdsl-opt %s | filecheck %s
// RUN: ascdsl-opt %s --print-op-generic | ascdsl-opt | filecheck %s

// CHECK-LABEL: func.func @gather_mask
func.func @gather_mask(%d: !ascendc.local_tensor<256xf16>, %bits: !ascendc.local_tensor<16xui16>, %r: i8, %m: ui32, %p: !ascendc.gather_mask_params, %k: ui8) {
  // CHECK-NEXT: %{{.*}} = ascendc.gather_mask %arg0, %arg0, %arg1, %arg2, %arg3, %arg4, default : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<16xui16>, i8, ui32, !ascendc.gather_mask_params -> ui64
  %0 = ascendc.gather_mask %d, %d, %bits, %r, %m, %p, default : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<16xui16>, i8, ui32, !ascendc.gather_mask_params -> ui64
  // CHECK-NEXT: %{{.*}} = ascendc.gather_mask %arg0, %arg0, %arg5, %arg2, %arg3, %arg4, default : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, ui8, i8, ui32, !ascendc.gather_mask_params -> ui64
  %1 = ascendc.gather_mask %d, %d, %k, %r, %m, %p, default : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, ui8, i8, ui32, !ascendc.gather_mask_params -> ui64
  // CHECK-NEXT: %{{.*}} = ascendc.get_gather_mask_remain_count : ui64
  %2 = ascendc.get_gather_mask_remain_count : ui64
  func.return
}
