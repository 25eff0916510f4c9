// RUN: ascdsl-opt %s -t ascendc | filecheck %s
// Synchronization, system variables and debug output.

// CHECK-LABEL: void emit_flags(int32_t v1) {
// CHECK-NEXT:    AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(v1);
// CHECK-NEXT:    AscendC::WaitFlag<AscendC::HardEvent::MTE2_V>(v1);
// CHECK-NEXT:    AscendC::SetFlag<AscendC::HardEvent::V_MTE3>(v1);
// CHECK-NEXT:    AscendC::WaitFlag<AscendC::HardEvent::MTE3_MTE2>(v1);
// CHECK-NEXT:    AscendC::SetFlag<AscendC::HardEvent::S_V>(v1);
// CHECK-NEXT:    AscendC::WaitFlag<AscendC::HardEvent::FIX_FIX>(v1);
// CHECK-NEXT:    return;
func.func @emit_flags(%arg0 : i32) {
  ascendc.set_flag mte2_v, %arg0 : i32
  ascendc.wait_flag mte2_v, %arg0 : i32
  ascendc.set_flag v_mte3, %arg0 : i32
  ascendc.wait_flag mte3_mte2, %arg0 : i32
  ascendc.set_flag s_v, %arg0 : i32
  ascendc.wait_flag fix_fix, %arg0 : i32
  return
}

// CHECK-LABEL: void emit_barriers() {
// CHECK-NEXT:    AscendC::PipeBarrier<PIPE_V>();
// CHECK-NEXT:    AscendC::PipeBarrier<PIPE_M>();
// CHECK-NEXT:    AscendC::PipeBarrier<PIPE_MTE1>();
// CHECK-NEXT:    AscendC::PipeBarrier<PIPE_MTE2>();
// CHECK-NEXT:    AscendC::PipeBarrier<PIPE_MTE3>();
// CHECK-NEXT:    AscendC::PipeBarrier<PIPE_FIX>();
// CHECK-NEXT:    AscendC::PipeBarrier<PIPE_ALL>();
// CHECK-NEXT:    return;
func.func @emit_barriers() {
  ascendc.pipe_barrier pipe_v
  ascendc.pipe_barrier pipe_m
  ascendc.pipe_barrier pipe_mte1
  ascendc.pipe_barrier pipe_mte2
  ascendc.pipe_barrier pipe_mte3
  ascendc.pipe_barrier pipe_fix
  ascendc.pipe_barrier pipe_all
  return
}

// The API returns int64_t; the value is cast to the IR's result type.
// CHECK-LABEL: void emit_sys_var() {
// CHECK-NEXT:    uint32_t v1 = static_cast<uint32_t>(AscendC::GetBlockIdx());
// CHECK-NEXT:    int64_t v2 = static_cast<int64_t>(AscendC::GetBlockIdx());
// CHECK-NEXT:    int32_t v3 = static_cast<int32_t>(AscendC::GetBlockIdx());
// CHECK-NEXT:    int32_t v4 = static_cast<int32_t>(AscendC::GetBlockNum());
// CHECK-NEXT:    int32_t v5 = AscendC::GetSubBlockIdx();
// CHECK-NEXT:    return;
func.func @emit_sys_var() {
  %0 = ascendc.get_block_idx : index
  %1 = ascendc.get_block_idx : i64
  %2 = ascendc.get_block_idx : i32
  %3 = ascendc.get_block_num : i32
  %4 = ascendc.get_sub_block_idx : i32
  return
}

// CHECK-LABEL: void emit_debug(int32_t v1, AscendC::GlobalTensor<float> v2, uint32_t v3, AscendC::LocalTensor<half> v4) {
// CHECK-NEXT:    AscendC::printf("test print %d", v1);
// CHECK-NEXT:    AscendC::printf("no values\n");
// CHECK-NEXT:    AscendC::printf("quote \" backslash \\ tab \t %d %u", v1, v3);
// CHECK-NEXT:    AscendC::DumpTensor(v2, v3, v3);
// CHECK-NEXT:    AscendC::DumpTensor(v4, v3, v3);
// CHECK-NEXT:    return;
func.func @emit_debug(%arg0 : i32, %arg1 : !ascendc.global_tensor<*xf32>, %arg2 : ui32, %arg3 : !ascendc.local_tensor<64xf16>) {
  ascendc.printf %arg0 {desc = "test print %d"} : i32
  ascendc.printf {desc = "no values\n"}
  ascendc.printf %arg0, %arg2 {desc = "quote \" backslash \\ tab \t %d %u"} : i32, ui32
  ascendc.dump_tensor %arg1, %arg2, %arg2 : !ascendc.global_tensor<*xf32>, ui32, ui32
  ascendc.dump_tensor %arg3, %arg2, %arg2 : !ascendc.local_tensor<64xf16>, ui32, ui32
  return
}

// CHECK-LABEL: void emit_dump_tensor(AscendC::GlobalTensor<float> v1, uint32_t v2, uint32_t v3) {
// CHECK-NEXT:    AscendC::DumpTensor(v1, v2, v3);
func.func @emit_dump_tensor(%arg0 : !ascendc.global_tensor<*xf32>, %arg1 : ui32, %arg2 : ui32) {
  ascendc.dump_tensor %arg0, %arg1, %arg2 : !ascendc.global_tensor<*xf32>, ui32, ui32
  return
}
