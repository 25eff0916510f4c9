// set_aipp_functions in pyasc's generic form: one optional operand, so no
// operandSegmentSizes; the operand count says whether src1 is there.
// RUN: ascdsl-opt %s | filecheck %s

// CHECK:      ascendc.set_aipp_functions %{{.*}}, %{{.*}}, format = RGB888_U8 : (!ascendc.global_tensor<*xi8>, !ascendc.aipp_params) -> ()
// CHECK-NEXT: ascendc.set_aipp_functions %{{.*}}, %{{.*}}, %{{.*}}, format = YUV420SP_U8 : (!ascendc.global_tensor<*xi8>, !ascendc.global_tensor<*xi8>, !ascendc.aipp_params) -> ()
func.func @aipp(%a: !ascendc.global_tensor<*xi8>, %b: !ascendc.global_tensor<*xi8>, %p: !ascendc.aipp_params) {
  "ascendc.set_aipp_functions"(%a, %p) {format = 4 : i32} : (!ascendc.global_tensor<*xi8>, !ascendc.aipp_params) -> ()
  "ascendc.set_aipp_functions"(%a, %b, %p) {format = 0 : i32} : (!ascendc.global_tensor<*xi8>, !ascendc.global_tensor<*xi8>, !ascendc.aipp_params) -> ()
  func.return
}
