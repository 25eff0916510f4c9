// RUN: ascdsl-opt %s --hoist-ub-allocation | filecheck %s --check-prefix=PROGRAM
// RUN: ascdsl-opt %s -p 'hoist-ub-allocation{order=pyasc}' | filecheck %s --check-prefix=PYASC
// RUN: ascdsl-opt %s --ascendc-hoist-ub-allocation | filecheck %s --check-prefix=PYASC
// RUN: not ascdsl-opt %s -p 'hoist-ub-allocation{order=mlir}' 2>&1 | filecheck %s --check-prefix=BAD
// pyasc hoists local_tensor_auto with a pattern under MLIR's greedy driver, which pops its
// worklist from the back: the last temporary of a loop lands in front of it first, so two
// temporaries leave the loop in reverse order (pyasc's insert_sync test_softmax: the max
// tensor's TBuf is declared before the sum tensor's). `order=pyasc`, the default under
// pyasc's name, does the same; the default keeps program order.

// PROGRAM-LABEL: func.func @two_temporaries(
// PROGRAM-NEXT:    [[SUM:%[0-9]+]] = ascendc.local_tensor_auto() : <64xf32>
// PROGRAM-NEXT:    [[MAX:%[0-9]+]] = ascendc.local_tensor_auto() : <32xf32>
// PROGRAM-NEXT:    scf.for
// PROGRAM-NEXT:      [[IN:%[0-9]+]] = ascendc.local_tensor_auto() input : <128xf32>
// PROGRAM-NEXT:      "test.op"([[IN]], [[SUM]], [[MAX]])

// PYASC-LABEL: func.func @two_temporaries(
// PYASC-NEXT:    [[MAX:%[0-9]+]] = ascendc.local_tensor_auto() : <32xf32>
// PYASC-NEXT:    [[SUM:%[0-9]+]] = ascendc.local_tensor_auto() : <64xf32>
// PYASC-NEXT:    scf.for
// PYASC-NEXT:      [[IN:%[0-9]+]] = ascendc.local_tensor_auto() input : <128xf32>
// PYASC-NEXT:      "test.op"([[IN]], [[SUM]], [[MAX]])

// BAD: ascdsl-opt: error: invalid options for pass 'hoist-ub-allocation': option 'order' is 'mlir', expected one of program, pyasc
func.func @two_temporaries(%lb: index, %ub: index, %st: index) {
  scf.for %i = %lb to %ub step %st {
    %in = ascendc.local_tensor_auto() input : <128xf32>
    %sum = ascendc.local_tensor_auto() : <64xf32>
    %max = ascendc.local_tensor_auto() : <32xf32>
    "test.op"(%in, %sum, %max) : (!ascendc.local_tensor<128xf32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<32xf32>) -> ()
  }
  func.return
}
