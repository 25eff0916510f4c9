// RUN: ascdsl-opt %s -t ascendc | filecheck %s
// Debug and profiling ops print as pyasc's basic/dump_tensor.mlir prints them.

// CHECK-LABEL: void dumps(AscendC::GlobalTensor<float> v1, AscendC::LocalTensor<float> v2, uint32_t v3, uint32_t v4) {
// CHECK-NEXT:    AscendC::DumpTensor(v1, v3, v4);
// CHECK-NEXT:    AscendC::ShapeInfo v5;
// CHECK-NEXT:    AscendC::DumpTensor(v2, v3, v4, v5);
// CHECK-NEXT:    AscendC::PrintTimeStamp(v3);
// CHECK-NEXT:    AscendC::DumpAccChkPoint(v1, v3, v4, v4);
// CHECK-NEXT:    AscendC::MetricsProfStart();
// CHECK-NEXT:    AscendC::MetricsProfStop();
func.func @dumps(%arg0: !ascendc.global_tensor<*xf32>, %arg1: !ascendc.local_tensor<*xf32>, %arg2: ui32, %arg3: ui32) {
  ascendc.dump_tensor %arg0, %arg2, %arg3 : !ascendc.global_tensor<*xf32>, ui32, ui32
  %0 = ascendc.construct !ascendc.shape_info() []
  ascendc.dump_tensor %arg1, %arg2, %arg3, %0 : !ascendc.local_tensor<*xf32>, ui32, ui32, !ascendc.shape_info
  ascendc.print_time_stamp %arg2 : ui32
  ascendc.dump_acc_chk_point %arg0, %arg2, %arg3, %arg3 : !ascendc.global_tensor<*xf32>, ui32, ui32, ui32
  ascendc.metrics_prof_start
  ascendc.metrics_prof_stop
  return
}
