// RUN: ascdsl-opt %s -t ascendc | filecheck %s
// Structured control flow. Loop-carried values are variables declared before the loop and
// assigned from scf.yield at the end of the body (as if simultaneously); as in pyasc, the
// loop's results are variables of their own, declared first and assigned after the loop.
// scf.if results are declared first and assigned in each branch.

// CHECK-LABEL: void emit_for(int32_t v1, int32_t v2, int32_t v3) {
// CHECK-NEXT:     for (int32_t v4 = v1; v4 < v2; v4 += v3) {
// CHECK-NEXT:       AscendC::PipeBarrier<PIPE_V>();
// CHECK-NEXT:     }
// CHECK-NEXT:     return;
// CHECK-NEXT:   }
func.func @emit_for(%arg0 : i32, %arg1 : i32, %arg2 : i32) {
  scf.for %i = %arg0 to %arg1 step %arg2 : i32 {
    ascendc.pipe_barrier pipe_v
  }
  return
}

// CHECK-LABEL: void emit_for_iter_args(uint32_t v1) {
// CHECK-NEXT:     constexpr uint32_t c0_idx = 0;
// CHECK-NEXT:     constexpr uint32_t c1_idx = 1;
// CHECK-NEXT:     constexpr int32_t c0_i32 = 0;
// CHECK-NEXT:     int32_t v2;
// CHECK-NEXT:     int32_t v3;
// CHECK-NEXT:     int32_t v4 = c0_i32;
// CHECK-NEXT:     int32_t v5 = c0_i32;
// CHECK-NEXT:     for (uint32_t v6 = c0_idx; v6 < v1; v6 += c1_idx) {
// CHECK-NEXT:       int32_t v7 = static_cast<int32_t>(v6);
// CHECK-NEXT:       int32_t v8 = v4 + v7;
// CHECK-NEXT:       v4 = v8;
// CHECK-NEXT:       v5 = v7;
// CHECK-NEXT:     }
// CHECK-NEXT:     v2 = v4;
// CHECK-NEXT:     v3 = v5;
// CHECK-NEXT:     int32_t v9 = v2 * v3;
// CHECK-NEXT:     return;
// CHECK-NEXT:   }
func.func @emit_for_iter_args(%arg0 : index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i32
  %r:2 = scf.for %i = %c0 to %arg0 step %c1 iter_args(%acc = %zero, %last = %zero) -> (i32, i32) {
    %iv = arith.index_cast %i : index to i32
    %next = arith.addi %acc, %iv : i32
    scf.yield %next, %iv : i32, i32
  }
  %p = arith.muli %r#0, %r#1 : i32
  return
}

// Swapping two loop variables needs temporaries.
// CHECK-LABEL: void emit_for_swap(int32_t v1, int32_t v2, AscendC::LocalTensor<float> v3, AscendC::LocalTensor<float> v4) {
// CHECK-NEXT:     AscendC::LocalTensor<float> v5;
// CHECK-NEXT:     AscendC::LocalTensor<float> v6;
// CHECK-NEXT:     AscendC::LocalTensor<float> v7 = v3;
// CHECK-NEXT:     AscendC::LocalTensor<float> v8 = v4;
// CHECK-NEXT:     for (int32_t v9 = v1; v9 < v2; v9 += v1) {
// CHECK-NEXT:       AscendC::Add(v7, v8, v8, v2);
// CHECK-NEXT:       AscendC::LocalTensor<float> v10 = v8;
// CHECK-NEXT:       AscendC::LocalTensor<float> v11 = v7;
// CHECK-NEXT:       v7 = v10;
// CHECK-NEXT:       v8 = v11;
// CHECK-NEXT:     }
// CHECK-NEXT:     v5 = v7;
// CHECK-NEXT:     v6 = v8;
// CHECK-NEXT:     AscendC::Add(v5, v5, v6, v2);
// CHECK-NEXT:     return;
// CHECK-NEXT:   }
func.func @emit_for_swap(%arg0 : i32, %arg1 : i32, %arg2 : !ascendc.local_tensor<64xf32>, %arg3 : !ascendc.local_tensor<64xf32>) {
  %r:2 = scf.for %i = %arg0 to %arg1 step %arg0 iter_args(%ping = %arg2, %pong = %arg3) -> (!ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>) : i32 {
    ascendc.add_l2 %ping, %pong, %pong, %arg1 : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
    scf.yield %pong, %ping : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>
  }
  ascendc.add_l2 %r#0, %r#0, %r#1, %arg1 : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
  return
}

// CHECK-LABEL: void emit_nested_for(int64_t v1) {
// CHECK-NEXT:     for (int64_t v2 = v1; v2 < v1; v2 += v1) {
// CHECK-NEXT:       for (int64_t v3 = v2; v3 < v1; v3 += v1) {
// CHECK-NEXT:         int64_t v4 = v2 + v3;
// CHECK-NEXT:       }
// CHECK-NEXT:     }
// CHECK-NEXT:     return;
// CHECK-NEXT:   }
func.func @emit_nested_for(%arg0 : i64) {
  scf.for %i = %arg0 to %arg0 step %arg0 : i64 {
    scf.for %j = %i to %arg0 step %arg0 : i64 {
      %s = arith.addi %i, %j : i64
    }
  }
  return
}

// CHECK-LABEL: void emit_if(bool v1, int32_t v2, int32_t v3) {
// CHECK-NEXT:     if (v1) {
// CHECK-NEXT:       AscendC::PipeBarrier<PIPE_ALL>();
// CHECK-NEXT:     }
// CHECK-NEXT:     int32_t v4;
// CHECK-NEXT:     float v5;
// CHECK-NEXT:     if (v1) {
// CHECK-NEXT:       int32_t v6 = v2 + v3;
// CHECK-NEXT:       constexpr float c1_5_f32 = (float)1.500000000e+00;
// CHECK-NEXT:       v4 = v6;
// CHECK-NEXT:       v5 = c1_5_f32;
// CHECK-NEXT:     } else {
// CHECK-NEXT:       constexpr float c2_f32 = (float)2.000000000e+00;
// CHECK-NEXT:       v4 = v2;
// CHECK-NEXT:       v5 = c2_f32;
// CHECK-NEXT:     }
// CHECK-NEXT:     if (v1) {
// CHECK-NEXT:       AscendC::PipeBarrier<PIPE_V>();
// CHECK-NEXT:     } else {
// CHECK-NEXT:       AscendC::PipeBarrier<PIPE_MTE2>();
// CHECK-NEXT:     }
// CHECK-NEXT:     return;
// CHECK-NEXT:   }
func.func @emit_if(%arg0 : i1, %arg1 : i32, %arg2 : i32) {
  scf.if %arg0 {
    ascendc.pipe_barrier pipe_all
  }
  %0:2 = scf.if %arg0 -> (i32, f32) {
    %s = arith.addi %arg1, %arg2 : i32
    %a = arith.constant 1.5 : f32
    scf.yield %s, %a : i32, f32
  } else {
    %b = arith.constant 2.0 : f32
    scf.yield %arg1, %b : i32, f32
  }
  scf.if %arg0 {
    ascendc.pipe_barrier pipe_v
  } else {
    ascendc.pipe_barrier pipe_mte2
  }
  return
}

// CHECK-LABEL: void emit_while(int32_t v1, int32_t v2) {
// CHECK-NEXT:     int32_t v3;
// CHECK-NEXT:     int32_t v4 = v1;
// CHECK-NEXT:     while (true) {
// CHECK-NEXT:       bool v5 = v4 < v2;
// CHECK-NEXT:       if (!v5) {
// CHECK-NEXT:         v3 = v4;
// CHECK-NEXT:         break;
// CHECK-NEXT:       };
// CHECK-NEXT:       int32_t v6 = v4;
// CHECK-NEXT:       int32_t v7 = v6 + v1;
// CHECK-NEXT:       v4 = v7;
// CHECK-NEXT:     };
// CHECK-NEXT:     return;
// CHECK-NEXT:   }
func.func @emit_while(%arg0 : i32, %arg1 : i32) {
  %r = scf.while (%arg = %arg0) : (i32) -> i32 {
    %cond = arith.cmpi slt, %arg, %arg1 : i32
    scf.condition(%cond) %arg : i32
  } do {
  ^bb0(%x: i32):
    %next = arith.addi %x, %arg0 : i32
    scf.yield %next : i32
  }
  return
}

// The after region receives the values scf.condition forwards; the results are those of
// the last scf.condition.
// CHECK-LABEL: void emit_while_with_results(int32_t v1, int32_t v2) {
// CHECK-NEXT:     int32_t v3;
// CHECK-NEXT:     float v4;
// CHECK-NEXT:     int32_t v5 = v1;
// CHECK-NEXT:     int32_t v6 = v2;
// CHECK-NEXT:     while (true) {
// CHECK-NEXT:       bool v7 = v5 < v6;
// CHECK-NEXT:       float v8 = static_cast<float>(v5);
// CHECK-NEXT:       if (!v7) {
// CHECK-NEXT:         v3 = v6;
// CHECK-NEXT:         v4 = v8;
// CHECK-NEXT:         break;
// CHECK-NEXT:       };
// CHECK-NEXT:       int32_t v9 = v6;
// CHECK-NEXT:       float v10 = v8;
// CHECK-NEXT:       int32_t v11 = v9 - v1;
// CHECK-NEXT:       v5 = v9;
// CHECK-NEXT:       v6 = v11;
// CHECK-NEXT:     };
// CHECK-NEXT:     int32_t v12 = v3 + v3;
// CHECK-NEXT:     return;
// CHECK-NEXT:   }
func.func @emit_while_with_results(%arg0 : i32, %arg1 : i32) {
  %r:2 = scf.while (%a = %arg0, %b = %arg1) : (i32, i32) -> (i32, f32) {
    %cond = arith.cmpi slt, %a, %b : i32
    %f = arith.sitofp %a : i32 to f32
    scf.condition(%cond) %b, %f : i32, f32
  } do {
  ^bb0(%x: i32, %y: f32):
    %d = arith.subi %x, %arg0 : i32
    scf.yield %x, %d : i32, i32
  }
  %u = arith.addi %r#0, %r#0 : i32
  return
}

// CHECK-LABEL: void emit_index_switch(uint32_t v1) {
// CHECK-NEXT:     int32_t v2;
// CHECK-NEXT:     switch(v1) {
// CHECK-NEXT:     case 1: {
// CHECK-NEXT:       constexpr int32_t c45_i32 = 45;
// CHECK-NEXT:       v2 = c45_i32;
// CHECK-NEXT:     } break;
// CHECK-NEXT:     case 2: {
// CHECK-NEXT:       constexpr int32_t c67_i32 = 67;
// CHECK-NEXT:       v2 = c67_i32;
// CHECK-NEXT:     } break;
// CHECK-NEXT:     default: {
// CHECK-NEXT:       int32_t v3 = static_cast<int32_t>(v1);
// CHECK-NEXT:       v2 = v3;
// CHECK-NEXT:     }
// CHECK-NEXT:     }
// CHECK-NEXT:     return;
// CHECK-NEXT:   }
func.func @emit_index_switch(%arg0: index) {
  %0 = scf.index_switch %arg0 -> i32
  case 1 {
    %1 = arith.constant 45 : i32
    scf.yield %1 : i32
  }
  case 2 {
    %1 = arith.constant 67 : i32
    scf.yield %1 : i32
  }
  default {
    %1 = arith.index_cast %arg0 : index to i32
    scf.yield %1 : i32
  }
  return
}
