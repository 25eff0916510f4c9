// RUN: ascdsl-opt %s --hoist-ub-allocation | filecheck %s
// RUN: ascdsl-opt %s --ascendc-hoist-ub-allocation | filecheck %s
// RUN: ascdsl-opt %s --hoist-ub-allocation=exclude-in-out=false | filecheck %s --check-prefix=ALL

// ALL-LABEL: func.func @hoist_temporaries(
// ALL-NEXT:    [[TMP:%[0-9]+]] = ascendc.local_tensor_auto() : <64xf32>
// ALL-NEXT:    [[IN:%[0-9]+]] = ascendc.local_tensor_auto() input : <64xf32>
// ALL-NEXT:    [[OUT:%[0-9]+]] = ascendc.local_tensor_auto() output : <64xf32>
// ALL-NEXT:    scf.for

// A temporary leaves the loops; tensors flagged input or output stay (they become queue
// buffers allocated and freed per iteration). With exclude-in-out=false they move too.
// CHECK-LABEL: func.func @hoist_temporaries(
// CHECK-NEXT:    [[TMP:%[0-9]+]] = ascendc.local_tensor_auto() : <64xf32>
// CHECK-NEXT:    scf.for %arg4 = %arg0 to %arg1 step %arg2 {
// CHECK-NEXT:      scf.if %arg3 {
// CHECK-NEXT:        [[IN:%[0-9]+]] = ascendc.local_tensor_auto() input : <64xf32>
// CHECK-NEXT:        [[OUT:%[0-9]+]] = ascendc.local_tensor_auto() output : <64xf32>
// CHECK-NEXT:        "test.op"([[TMP]], [[IN]], [[OUT]]) : (!ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>) -> ()
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @hoist_temporaries(%lb: index, %ub: index, %st: index, %c: i1) {
  scf.for %i = %lb to %ub step %st {
    scf.if %c {
      %tmp = ascendc.local_tensor_auto() : <64xf32>
      %in = ascendc.local_tensor_auto() input : <64xf32>
      %out = ascendc.local_tensor_auto() output : <64xf32>
      "test.op"(%tmp, %in, %out) : (!ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>) -> ()
    }
  }
  func.return
}

// A size operand made in the loop keeps the tensor in the loop; one made outside does not.
// CHECK-LABEL: func.func @dynamic_sizes(
// CHECK-NEXT:    [[OUTER:%[0-9]+]] = ascendc.local_tensor_auto(%arg3) : <?xf32>
// CHECK-NEXT:    scf.for %arg4 = %arg0 to %arg1 step %arg2 {
// CHECK-NEXT:      [[M:%[0-9]+]] = arith.index_cast %arg4 : index to i64
// CHECK-NEXT:      [[INNER:%[0-9]+]] = ascendc.local_tensor_auto([[M]]) : <?xf32>
// CHECK-NEXT:      "test.op"([[INNER]], [[OUTER]]) : (!ascendc.local_tensor<?xf32>, !ascendc.local_tensor<?xf32>) -> ()
// CHECK-NEXT:    }
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @dynamic_sizes(%lb: index, %ub: index, %st: index, %n: i64) {
  scf.for %i = %lb to %ub step %st {
    %m = arith.index_cast %i : index to i64
    %inner = ascendc.local_tensor_auto(%m) : <?xf32>
    %outer = ascendc.local_tensor_auto(%n) : <?xf32>
    "test.op"(%inner, %outer) : (!ascendc.local_tensor<?xf32>, !ascendc.local_tensor<?xf32>) -> ()
  }
  func.return
}
