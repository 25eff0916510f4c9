// RUN: ascdsl-opt %s --hoist-ub-allocation | filecheck %s
// RUN: ascdsl-opt %s --ascendc-hoist-ub-allocation | filecheck %s
// RUN: ascdsl-opt %s --hoist-ub-allocation=exclude-in-out=false | filecheck %s --check-prefix=ALL

// ALL-LABEL: func.func @hoist_temporaries(
// ALL-NEXT:    %tmp = ascendc.local_tensor_auto() : <64xf32>
// ALL-NEXT:    %in = ascendc.local_tensor_auto() input : <64xf32>
// ALL-NEXT:    %out = ascendc.local_tensor_auto() output : <64xf32>
// ALL-NEXT:    scf.for

// A temporary leaves the loops; tensors flagged input or output stay (they become queue
// buffers allocated and freed per iteration). With exclude-in-out=false they move too.
// CHECK-LABEL: func.func @hoist_temporaries(
// CHECK-NEXT:    %tmp = ascendc.local_tensor_auto() : <64xf32>
// CHECK-NEXT:    scf.for %i = %lb to %ub step %st {
// CHECK-NEXT:      scf.if %c {
// CHECK-NEXT:        %in = ascendc.local_tensor_auto() input : <64xf32>
// CHECK-NEXT:        %out = ascendc.local_tensor_auto() output : <64xf32>
// CHECK-NEXT:        "test.op"(%tmp, %in, %out) : (!ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>) -> ()
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return
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
// CHECK-NEXT:    %outer = ascendc.local_tensor_auto(%n) : <?xf32>
// CHECK-NEXT:    scf.for %i = %lb to %ub step %st {
// CHECK-NEXT:      %m = arith.index_cast %i : index to i64
// CHECK-NEXT:      %inner = ascendc.local_tensor_auto(%m) : <?xf32>
// CHECK-NEXT:      "test.op"(%inner, %outer) : (!ascendc.local_tensor<?xf32>, !ascendc.local_tensor<?xf32>) -> ()
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return
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
