// IR as pyasc dumps it after its passes runs as it is: emitc.include, the ffts_addr argument
// and set_ffts_base_addr, index offsets, locations; the arguments are named by their
// locations (`%arg0 ... loc("x"(#loc1))`), as pyasc names them.
// RUN: ascdsl-sim %s --cores 2 --arg x=f32[256]:rand --arg z=f32[256] --arg n=128 --arg ffts_addr=ui64[1] --expect "z = x + 1" | filecheck %s
// CHECK: checks: 1 passed

#loc1 = loc("scale.py":10:0)
#loc20 = loc("x"(#loc1))
#loc21 = loc("z"(#loc1))
#loc22 = loc("n"(#loc1))
#loc23 = loc("ffts_addr")
module {
  emitc.include "kernel_operator.h" loc(#loc)
  func.func @k(%arg0: memref<?xf32, 22> {emitasc.kernel_arg = #emitasc<kernel_arg explicit>} loc("x"(#loc1)), %arg1: memref<?xf32, 22> {emitasc.kernel_arg = #emitasc<kernel_arg explicit>} loc("z"(#loc1)), %arg2: i32 {emitasc.kernel_arg = #emitasc<kernel_arg explicit>} loc("n"(#loc1)), %arg3: memref<?xui64, 22> {emitasc.kernel_arg = #emitasc<kernel_arg ffts_addr>} loc("ffts_addr")) attributes {ascendc.aicore, ascendc.global} {
    ascendc.set_ffts_base_addr %arg3 : memref<?xui64, 22> loc(#loc)
    %c0_i32 = arith.constant 0 : i32 loc(#loc)
    %c1_i32 = arith.constant 1 : i32 loc(#loc)
    %cst = arith.constant 1.000000e+00 : f32 loc(#loc)
    %0 = ascendc.get_block_idx : i32 loc(#loc2)
    %1 = arith.muli %0, %arg2 : i32 loc(#loc3)
    %2 = arith.index_cast %1 : i32 to index loc(#loc4)
    %3 = emitasc.ptr_offset %arg0[%2] : memref<?xf32, 22>, memref<?xf32, 22> loc(#loc4)
    %4 = emitasc.ptr_offset %arg1[%2] : memref<?xf32, 22>, memref<?xf32, 22> loc(#loc5)
    %5 = ascendc.global_tensor : !ascendc.global_tensor<*xf32> loc(#loc4)
    ascendc.global_tensor.set_global_buffer %5, %3 : !ascendc.global_tensor<*xf32>, memref<?xf32, 22> loc(#loc4)
    %6 = ascendc.global_tensor : !ascendc.global_tensor<*xf32> loc(#loc5)
    ascendc.global_tensor.set_global_buffer %6, %4 : !ascendc.global_tensor<*xf32>, memref<?xf32, 22> loc(#loc5)
    scf.for %arg4 = %c0_i32 to %arg2 step %c1_i32  : i32 {
      %7 = ascendc.global_tensor.get_value %5, %arg4 : !ascendc.global_tensor<*xf32>, i32, f32 loc(#loc6)
      %8 = arith.addf %7, %cst : f32 loc(#loc6)
      ascendc.global_tensor.set_value %6, %arg4, %8 : !ascendc.global_tensor<*xf32>, i32, f32 loc(#loc6)
    } loc(#loc6)
    ascendc.pipe_barrier pipe_all loc(#loc)
    return loc(#loc)
  } loc(#loc1)
} loc(#loc)
#loc = loc(unknown)
#loc2 = loc("scale.py":11:11)
#loc3 = loc("scale.py":11:33)
#loc4 = loc("scale.py":12:21)
#loc5 = loc("scale.py":13:21)
#loc6 = loc("scale.py":15:9)
