// RUN: ascdsl-opt %s --verify-diagnostics --split-input-file

func.func @elements_match(%d: !ascendc.local_tensor<256xf16>, %s: !ascendc.local_tensor<256xf32>, %r: i8, %m: ui32, %p: !ascendc.gather_mask_params, %k: ui8) {
  // expected-error@+1 {{element type mismatch: dst is f16 but src0 is f32}}
  %0 = ascendc.gather_mask %d, %s, %k, %r, %m, %p, default : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf32>, ui8, i8, ui32, !ascendc.gather_mask_params -> ui64
  func.return
}

// -----

func.func @mode_keyword(%d: !ascendc.local_tensor<256xf16>, %r: i8, %m: ui32, %p: !ascendc.gather_mask_params, %k: ui8) {
  // expected-error@+1 {{expected a GatherMaskMode keyword}}
  %0 = ascendc.gather_mask %d, %d, %k, %r, %m, %p, other : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, ui8, i8, ui32, !ascendc.gather_mask_params -> ui64
  func.return
}
