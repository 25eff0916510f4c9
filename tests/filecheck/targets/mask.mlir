// RUN: ascdsl-opt %s | ascdsl-opt | filecheck %s --check-prefix=IR
// RUN: ascdsl-opt %s -t ascendc | filecheck %s
// The mask register ops as pyasc's common.mlir writes and prints them.

// IR-LABEL: func.func @masks
// IR: ascendc.reset_mask
// IR: ascendc.set_vector_mask_l0 %{{.*}} {dtype = f16, mode = 1 : i32} : i32
// IR: ascendc.set_vector_mask_l1 %{{.*}}, %{{.*}} {dtype = f32, mode = 0 : i32} : i64, i64
// CHECK-LABEL: void masks(int32_t v1, int64_t v2, int64_t v3) {
// CHECK-NEXT:   AscendC::ResetMask();
// CHECK-NEXT:   AscendC::SetMaskCount();
// CHECK-NEXT:   AscendC::SetMaskNorm();
// CHECK-NEXT:   AscendC::SetVectorMask<half, AscendC::MaskMode::COUNTER>(v1);
// CHECK-NEXT:   AscendC::SetVectorMask<float, AscendC::MaskMode::NORMAL>(v2, v3);
// CHECK-NEXT:   return;
func.func @masks(%len: i32, %maskHigh: i64, %maskLow: i64) {
  ascendc.reset_mask
  ascendc.set_mask_count
  ascendc.set_mask_norm
  ascendc.set_vector_mask_l0 %len {dtype = f16, mode = 1 : i32} : i32
  ascendc.set_vector_mask_l1 %maskHigh, %maskLow {dtype = f32, mode = 0 : i32} : i64, i64
  return
}
