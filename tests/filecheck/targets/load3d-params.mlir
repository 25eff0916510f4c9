// RUN: ascdsl-opt %s | ascdsl-opt | filecheck %s --check-prefix=IR
// RUN: ascdsl-opt %s -t ascendc | filecheck %s --check-prefix=PYASC
// RUN: ascdsl-opt %s -t ascendc --ascendc-compilable | filecheck %s
// The img2col load structs as pyasc's frontend constructs them: padList as four bytes (22
// values for V1 and V2, no enSmallK in V2) and V2Pro's eight. pyasc's translator prints the
// values as one brace list (PYASC), which no constructor of the headers takes; the
// compilable spelling builds the uint8_t[4] first and calls the constructor, T being the
// loaded tensors' element type.

// IR-LABEL: func.func @load3d
// IR: ascendc.construct !ascendc.load_data_3d_params_v1({{.*}}) [ui8, ui8, ui8, ui8, ui16, ui16, ui16, ui8, ui8, i16, i16, ui8, ui8, ui8, ui8, ui8, ui8, ui8, ui8, ui8, ui8, ui16]
// IR: ascendc.construct !ascendc.load_data_3d_params_v2({{.*}}) [ui8, ui8, ui8, ui8, ui16, ui16, ui8, ui16, ui16, ui16, ui16, ui8, ui8, ui8, ui8, ui8, ui8, i1, ui16, i1, i1, i1]
// IR: ascendc.construct !ascendc.load_data_3d_params_v2_pro(
// PYASC: AscendC::LoadData3DParamsV1 v{{[0-9]+}}{v{{[0-9]+}}, v
// CHECK: const uint8_t [[P1:v[0-9]+]]_pad[4] = {[[Z:v[0-9]+]], [[Z]], [[Z]], [[Z]]};
// CHECK-NEXT: AscendC::LoadData3DParamsV1<half> [[P1]]([[P1]]_pad, [[H:v[0-9]+]], [[H]],
// CHECK-SAME: static_cast<half>(
// CHECK: const uint8_t [[P2:v[0-9]+]]_pad[4] = {
// CHECK-NEXT: AscendC::LoadData3DParamsV2<half> [[P2]]([[P2]]_pad,
// CHECK-SAME: , false, static_cast<half>(
// CHECK: AscendC::LoadData3DParamsV2Pro v{{[0-9]+}}{
// CHECK: AscendC::LoadData(v{{[0-9]+}}, v{{[0-9]+}}, [[P1]]);
// CHECK: AscendC::LoadData(v{{[0-9]+}}, v{{[0-9]+}}, [[P2]]);
func.func @load3d() {
  %0 = "emitc.constant"() <{value = 0 : ui32}> : () -> ui32
  %1 = "emitc.constant"() <{value = 512 : ui32}> : () -> ui32
  %a1 = ascendc.local_tensor_v2 a1, %0, %1 : !ascendc.local_tensor<*xf16>
  %a2 = ascendc.local_tensor_v2 a2, %0, %1 : !ascendc.local_tensor<*xf16>
  %b0 = "emitc.constant"() <{value = 0 : ui8}> : () -> ui8
  %w16 = "emitc.constant"() <{value = 16 : ui16}> : () -> ui16
  %w0 = "emitc.constant"() <{value = 0 : ui16}> : () -> ui16
  %s0 = arith.constant 0 : i16
  %b1 = "emitc.constant"() <{value = 1 : ui8}> : () -> ui8
  %b3 = "emitc.constant"() <{value = 3 : ui8}> : () -> ui8
  %b16 = "emitc.constant"() <{value = 16 : ui8}> : () -> ui8
  %f = arith.constant false
  %q0 = "emitc.constant"() <{value = 0 : ui64}> : () -> ui64
  %q1 = "emitc.constant"() <{value = 1103823438081 : ui64}> : () -> ui64
  %v1 = ascendc.construct !ascendc.load_data_3d_params_v1(%b0, %b0, %b0, %b0, %w16, %w16, %w0, %b0, %b0, %s0, %s0, %b1, %b1, %b3, %b3, %b1, %b1, %b1, %b0, %b1, %b0, %w0) [ui8, ui8, ui8, ui8, ui16, ui16, ui16, ui8, ui8, i16, i16, ui8, ui8, ui8, ui8, ui8, ui8, ui8, ui8, ui8, ui8, ui16] : ui8, ui8, ui8, ui8, ui16, ui16, ui16, ui8, ui8, i16, i16, ui8, ui8, ui8, ui8, ui8, ui8, ui8, ui8, ui8, ui8, ui16
  %v2 = ascendc.construct !ascendc.load_data_3d_params_v2(%b0, %b0, %b0, %b0, %w16, %w16, %b16, %w16, %w16, %w0, %w0, %b1, %b1, %b3, %b3, %b1, %b1, %f, %w0, %f, %f, %f) [ui8, ui8, ui8, ui8, ui16, ui16, ui8, ui16, ui16, ui16, ui16, ui8, ui8, ui8, ui8, ui8, ui8, i1, ui16, i1, i1, i1] : ui8, ui8, ui8, ui8, ui16, ui16, ui8, ui16, ui16, ui16, ui16, ui8, ui8, ui8, ui8, ui8, ui8, i1, ui16, i1, i1, i1
  %v3 = ascendc.construct !ascendc.load_data_3d_params_v2_pro(%w16, %f, %f, %f, %f, %f, %q0, %q1) [ui16, i1, i1, i1, i1, i1, ui64, ui64] : ui16, i1, i1, i1, i1, i1, ui64, ui64
  ascendc.load_data_3d_l0_v1 %a2, %a1, %v1 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.load_data_3d_params_v1
  ascendc.load_data_3d_l0_v2 %a2, %a1, %v2 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.load_data_3d_params_v2
  ascendc.load_data_3d_l0_v2pro %a2, %a1, %v3 : !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.load_data_3d_params_v2_pro
  return
}
