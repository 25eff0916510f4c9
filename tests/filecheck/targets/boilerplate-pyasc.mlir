// RUN: ascdsl-opt %s --split-input-file -p 'generate-boilerplate{mode=pyasc}' | filecheck %s --check-prefix=PYASC
// RUN: ascdsl-opt %s --split-input-file --ascendc-generate-boilerplate --ascendc-generate-boilerplate | filecheck %s --check-prefix=PYASC
// RUN: ascdsl-opt %s --split-input-file --generate-boilerplate | filecheck %s --check-prefix=ASCDSL
// RUN: not ascdsl-opt %s --split-input-file -p 'generate-boilerplate{mode=mlir}' 2>&1 | filecheck %s --check-prefix=BAD
// pyasc's GenerateBoilerplate tests three conditions one after the other: a list descriptor
// (list_tensor_desc or list_tensor_desc_v2) adds kernel_operator_list_tensor_intf.h, a
// registered Matmul lib/matmul_intf.h, a tensor_desc kernel_operator_list_tensor_intf.h
// again. `mode=pyasc` (the default under pyasc's name) writes that list, the duplicate
// included; a second run adds nothing. The default mode includes each header once.

// PYASC:      module {
// PYASC-NEXT:   emitc.include "kernel_operator.h"
// PYASC-NEXT:   emitc.include "kernel_operator_list_tensor_intf.h"
// PYASC-NEXT:   emitc.include "kernel_operator_list_tensor_intf.h"
// PYASC-NEXT:   func.func @both
// ASCDSL:      module {
// ASCDSL-NEXT:   emitc.include "kernel_operator.h"
// ASCDSL-NEXT:   emitc.include "kernel_operator_list_tensor_intf.h"
// ASCDSL-NEXT:   func.func @both
// BAD: ascdsl-opt: error: invalid options for pass 'generate-boilerplate': option 'mode' is 'mlir', expected one of ascdsl, pyasc
func.func @both(%arg0: memref<?xui8, 22>) attributes {ascendc.global} {
  %0 = "emitc.constant"() <{value = 4294967295 : ui32}> : () -> ui32
  %1 = ascendc.list_tensor_desc_v2 %arg0, %0, %0 : !ascendc.list_tensor_desc, memref<?xui8, 22>, ui32, ui32
  %2 = ascendc.tensor_desc f32 : !ascendc.tensor_desc
  %3 = "emitc.constant"() <{value = 0 : ui32}> : () -> ui32
  ascendc.list_tensor_desc_get_desc %1, %2, %3 : !ascendc.list_tensor_desc, !ascendc.tensor_desc, ui32
  return
}

// -----

// A tensor descriptor alone: pyasc's third condition, one include.
// PYASC:      module {
// PYASC-NEXT:   emitc.include "kernel_operator.h"
// PYASC-NEXT:   emitc.include "kernel_operator_list_tensor_intf.h"
// PYASC-NEXT:   func.func @desc_only
// ASCDSL:      module {
// ASCDSL-NEXT:   emitc.include "kernel_operator.h"
// ASCDSL-NEXT:   emitc.include "kernel_operator_list_tensor_intf.h"
// ASCDSL-NEXT:   func.func @desc_only
func.func @desc_only() attributes {ascendc.global} {
  %0 = ascendc.tensor_desc f32 : !ascendc.tensor_desc
  return
}
