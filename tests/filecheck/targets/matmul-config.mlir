// RUN: ascdsl-opt %s -t ascendc | filecheck %s
// A MatmulConfig value as pyasc builds one for GetMatmulApiTiling (its matmul.mlir): declared,
// then its fields set by their C++ names.

// CHECK-LABEL: void f(int32_t v1, uint32_t v2, uint8_t v3) {
// CHECK-NEXT:    constexpr bool c0_i1 = false;
// CHECK-NEXT:    MatmulConfig v4;
// CHECK-NEXT:    v4.doNorm = c0_i1;
// CHECK-NEXT:    v4.iterateMode = v3;
// CHECK-NEXT:    v4.singleCoreMN = v2;
func.func @f(%arg6: i32, %arg7: ui32, %arg9: ui8) {
  %false = arith.constant false
  %9 = ascendc.construct !ascendc.matmul_config()
  emitasc.set_member %9 "doNorm", %false : !ascendc.matmul_config, i1
  emitasc.set_member %9 "iterateMode", %arg9 : !ascendc.matmul_config, ui8
  emitasc.set_member %9 "singleCoreMN", %arg7 : !ascendc.matmul_config, ui32
  return
}
