// RUN: ascdsl-opt %s --materialize-tensor | filecheck %s

// Static shapes: a depth-1 vecin / vecout queue with its buffer (elements x bytes), the
// alloc in place and the free before the block's terminator, in reverse allocation order.
// CHECK-LABEL: func.func @static_shapes(
// CHECK-NEXT:    %c256_i64 = arith.constant 256 : i64
// CHECK-NEXT:    %0 = ascendc.pipe
// CHECK-NEXT:    %1 = ascendc.queue : <vecin, 1>
// CHECK-NEXT:    %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:    ascendc.pipe.init_queue %0, %1, %c1_i32, %c256_i64 : !ascendc.queue<vecin, 1>, i32, i64
// CHECK-NEXT:    %2 = ascendc.que_bind.alloc_tensor %1 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
// CHECK-NEXT:    %c256_i64_0 = arith.constant 256 : i64
// CHECK-NEXT:    %3 = ascendc.pipe
// CHECK-NEXT:    %4 = ascendc.queue : <vecout, 1>
// CHECK-NEXT:    %c1_i32_1 = arith.constant 1 : i32
// CHECK-NEXT:    ascendc.pipe.init_queue %3, %4, %c1_i32_1, %c256_i64_0 : !ascendc.queue<vecout, 1>, i32, i64
// CHECK-NEXT:    %5 = ascendc.que_bind.alloc_tensor %4 : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<4x32xf16>
// CHECK-NEXT:    %c256_i64_2 = arith.constant 256 : i64
// CHECK-NEXT:    %6 = ascendc.pipe
// CHECK-NEXT:    %7 = ascendc.queue : <vecout, 1>
// CHECK-NEXT:    %c1_i32_3 = arith.constant 1 : i32
// CHECK-NEXT:    ascendc.pipe.init_queue %6, %7, %c1_i32_3, %c256_i64_2 : !ascendc.queue<vecout, 1>, i32, i64
// CHECK-NEXT:    %8 = ascendc.que_bind.alloc_tensor %7 : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<64xf32>
// CHECK-NEXT:    ascendc.que_bind.free_tensor %7, %8 : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<64xf32>
// CHECK-NEXT:    ascendc.que_bind.free_tensor %4, %5 : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<4x32xf16>
// CHECK-NEXT:    ascendc.que_bind.free_tensor %1, %2 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
// CHECK-NEXT:    return %2, %5, %8 : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<4x32xf16>, !ascendc.local_tensor<64xf32>
// CHECK-NEXT:  }
func.func @static_shapes() -> (!ascendc.local_tensor<64xf32>, !ascendc.local_tensor<4x32xf16>, !ascendc.local_tensor<64xf32>) {
  %0 = ascendc.local_tensor_auto() input : <64xf32>
  %1 = ascendc.local_tensor_auto() output : <4x32xf16>
  %2 = ascendc.local_tensor_auto() input output : <64xf32>
  func.return %0, %1, %2 : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<4x32xf16>, !ascendc.local_tensor<64xf32>
}

// A temporary is a TBuf.
// CHECK-LABEL: func.func @temporary(
// CHECK-NEXT:    %c256_i64 = arith.constant 256 : i64
// CHECK-NEXT:    %0 = ascendc.pipe
// CHECK-NEXT:    %1 = ascendc.tbuf : <veccalc>
// CHECK-NEXT:    ascendc.pipe.init_buffer %0, %1, %c256_i64 : !ascendc.tbuf<veccalc>, i64
// CHECK-NEXT:    %2 = ascendc.tbuf.get_tensor %1 : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<64xf32>
// CHECK-NEXT:    return %2 : !ascendc.local_tensor<64xf32>
// CHECK-NEXT:  }
func.func @temporary() -> !ascendc.local_tensor<64xf32> {
  %0 = ascendc.local_tensor_auto() : <64xf32>
  func.return %0 : !ascendc.local_tensor<64xf32>
}

// Dynamic shapes multiply the size operands with arith.muli; constant operands and the
// static dimensions fold into the constant factor.
// CHECK-LABEL: func.func @dynamic_shapes(
// CHECK-NEXT:    %c4_i64 = arith.constant 4 : i64
// CHECK-NEXT:    %c16_i64 = arith.constant 16 : i64
// CHECK-NEXT:    [[V0:%[0-9]+]] = arith.muli %c16_i64, %arg0 : i64
// CHECK-NEXT:    [[V1:%[0-9]+]] = arith.muli [[V0]], %arg1 : i64
// CHECK-NEXT:    %2 = ascendc.pipe
// CHECK-NEXT:    %3 = ascendc.queue : <vecin, 1>
// CHECK-NEXT:    %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:    ascendc.pipe.init_queue %2, %3, %c1_i32, %1 : !ascendc.queue<vecin, 1>, i32, i64
// CHECK-NEXT:    %4 = ascendc.que_bind.alloc_tensor %3 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
// CHECK-NEXT:    %c8_i64 = arith.constant 8 : i64
// CHECK-NEXT:    [[V5:%[0-9]+]] = arith.muli %c8_i64, %arg0 : i64
// CHECK-NEXT:    %6 = ascendc.pipe
// CHECK-NEXT:    %7 = ascendc.queue : <vecout, 1>
// CHECK-NEXT:    %c1_i32_0 = arith.constant 1 : i32
// CHECK-NEXT:    ascendc.pipe.init_queue %6, %7, %c1_i32_0, [[V5]] : !ascendc.queue<vecout, 1>, i32, i64
// CHECK-NEXT:    %8 = ascendc.que_bind.alloc_tensor %7 : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<4x?xf16>
// CHECK-NEXT:    ascendc.que_bind.free_tensor %7, %8 : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<4x?xf16>
// CHECK-NEXT:    ascendc.que_bind.free_tensor %3, %4 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<*xf32>
// CHECK-NEXT:    return %4, %8 : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<4x?xf16>
// CHECK-NEXT:  }
func.func @dynamic_shapes(%n: i64, %m: i64) -> (!ascendc.local_tensor<*xf32>, !ascendc.local_tensor<4x?xf16>) {
  %c4 = arith.constant 4 : i64
  %0 = ascendc.local_tensor_auto(%c4, %n, %m) input : <*xf32>
  %1 = ascendc.local_tensor_auto(%n) output : <4x?xf16>
  func.return %0, %1 : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<4x?xf16>
}

// pyasc writes a size operand for every dimension; only the `?` ones count.
// CHECK-LABEL: func.func @every_dimension_given(
// CHECK-NEXT:    %c4_i64 = arith.constant 4 : i64
// CHECK-NEXT:    %c32_i64 = arith.constant 32 : i64
// CHECK-NEXT:    %c512_i64 = arith.constant 512 : i64
// CHECK:         ascendc.pipe.init_buffer %{{.*}}, %{{.*}}, %c512_i64 : !ascendc.tbuf<veccalc>, i64
// CHECK:         %[[N:.*]] = arith.muli %c16_i64, %arg0 : i64
// CHECK:         ascendc.pipe.init_buffer %{{.*}}, %{{.*}}, %[[N]] : !ascendc.tbuf<veccalc>, i64
func.func @every_dimension_given(%n: i64) -> (!ascendc.local_tensor<4x32xf32>, !ascendc.local_tensor<4x?xf32>) {
  %c4 = arith.constant 4 : i64
  %c32 = arith.constant 32 : i64
  %0 = ascendc.local_tensor_auto(%c4, %c32) : <4x32xf32>
  %1 = ascendc.local_tensor_auto(%c4, %n) : <4x?xf32>
  func.return %0, %1 : !ascendc.local_tensor<4x32xf32>, !ascendc.local_tensor<4x?xf32>
}

// Elements smaller than a byte round the size up.
// CHECK-LABEL: func.func @sub_byte(
// CHECK-NEXT:    %c2_i64 = arith.constant 2 : i64
// CHECK-NEXT:    %0 = ascendc.pipe
// CHECK-NEXT:    %1 = ascendc.tbuf : <veccalc>
// CHECK-NEXT:    ascendc.pipe.init_buffer %0, %1, %c2_i64 : !ascendc.tbuf<veccalc>, i64
// CHECK-NEXT:    %2 = ascendc.tbuf.get_tensor %1 : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<12xi1>
// CHECK-NEXT:    %c4_i64 = arith.constant 4 : i64
// CHECK-NEXT:    [[V3:%[0-9]+]] = arith.muli %c4_i64, %arg0 : i64
// CHECK-NEXT:    %c8_i64 = arith.constant 8 : i64
// CHECK-NEXT:    %4 = arith.ceildivui %3, %c8_i64 : i64
// CHECK-NEXT:    %5 = ascendc.pipe
// CHECK-NEXT:    %6 = ascendc.tbuf : <veccalc>
// CHECK-NEXT:    ascendc.pipe.init_buffer %5, %6, %4 : !ascendc.tbuf<veccalc>, i64
// CHECK-NEXT:    %7 = ascendc.tbuf.get_tensor %6 : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<?xi4>
// CHECK-NEXT:    return %2, %7 : !ascendc.local_tensor<12xi1>, !ascendc.local_tensor<?xi4>
// CHECK-NEXT:  }
func.func @sub_byte(%n: i64) -> (!ascendc.local_tensor<12xi1>, !ascendc.local_tensor<?xi4>) {
  %0 = ascendc.local_tensor_auto() : <12xi1>
  %1 = ascendc.local_tensor_auto(%n) : <?xi4>
  func.return %0, %1 : !ascendc.local_tensor<12xi1>, !ascendc.local_tensor<?xi4>
}

// In a loop body, the free goes before the scf.yield.
// CHECK-LABEL: func.func @in_loop(
// CHECK-NEXT:    scf.for %arg3 = %arg0 to %arg1 step %arg2 {
// CHECK-NEXT:      %c256_i64 = arith.constant 256 : i64
// CHECK-NEXT:      %0 = ascendc.pipe
// CHECK-NEXT:      %1 = ascendc.queue : <vecin, 1>
// CHECK-NEXT:      %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:      ascendc.pipe.init_queue %0, %1, %c1_i32, %c256_i64 : !ascendc.queue<vecin, 1>, i32, i64
// CHECK-NEXT:      %2 = ascendc.que_bind.alloc_tensor %1 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
// CHECK-NEXT:      "test.op"(%2) : (!ascendc.local_tensor<64xf32>) -> ()
// CHECK-NEXT:      ascendc.que_bind.free_tensor %1, %2 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @in_loop(%lb: index, %ub: index, %st: index) {
  scf.for %i = %lb to %ub step %st {
    %0 = ascendc.local_tensor_auto() input : <64xf32>
    "test.op"(%0) : (!ascendc.local_tensor<64xf32>) -> ()
  }
  func.return
}

// Every use of the input tensor is in the loop body: the alloc moves to the start of the body
// and the free before its terminator, so each iteration frees and re-allocates the queue's
// one buffer. That pair orders the next iteration's copy-in after this iteration's reads.
// The queue itself stays where the tensor was declared (hoist-que-bind would move it anyway).
// CHECK-LABEL: func.func @loop_local(
// CHECK:         %1 = ascendc.queue : <vecin, 1>
// CHECK:         ascendc.pipe.init_queue %0, %1, %c1_i32, %c256_i64
// CHECK-NEXT:    scf.for %arg6 = %arg3 to %arg4 step %arg5 : i32 {
// CHECK-NEXT:      [[A:%[0-9]+]] = ascendc.que_bind.alloc_tensor %1 : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
// CHECK-NEXT:      ascendc.data_copy_l2 [[A]], %arg0, %arg2
// CHECK-NEXT:      ascendc.exp_l2 %arg1, [[A]], %arg2
// CHECK-NEXT:      ascendc.que_bind.free_tensor %1, [[A]] : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<64xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @loop_local(%g: !ascendc.global_tensor<*xf32>, %t: !ascendc.local_tensor<64xf32>, %n: i32, %lb: i32, %ub: i32, %st: i32) {
  %a = ascendc.local_tensor_auto() input : <64xf32>
  scf.for %i = %lb to %ub step %st : i32 {
    ascendc.data_copy_l2 %a, %g, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.exp_l2 %t, %a, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
  }
  func.return
}

// A use outside the loop keeps the alloc at the tensor's block (the value must survive it).
// CHECK-LABEL: func.func @used_after_loop(
// CHECK:         [[A:%[0-9]+]] = ascendc.que_bind.alloc_tensor %1
// CHECK-NEXT:    scf.for
// CHECK:         ascendc.exp_l2 %arg1, [[A]], %arg2
// CHECK-NEXT:    ascendc.que_bind.free_tensor %1, [[A]]
// CHECK-NEXT:    return
func.func @used_after_loop(%g: !ascendc.global_tensor<*xf32>, %t: !ascendc.local_tensor<64xf32>, %n: i32, %lb: i32, %ub: i32, %st: i32) {
  %a = ascendc.local_tensor_auto() input : <64xf32>
  scf.for %i = %lb to %ub step %st : i32 {
    ascendc.data_copy_l2 %a, %g, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
  }
  ascendc.exp_l2 %t, %a, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
  func.return
}
