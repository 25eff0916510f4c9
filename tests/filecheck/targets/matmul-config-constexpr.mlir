// RUN: ascdsl-opt %s -t ascendc | filecheck %s
// pyasc's `constexpr static` MatmulConfig (test_matmul.py::test_get_matmul_api_tiling): MatmulConfig
// is an aggregate without constructors (matmul_config.h), so `static constexpr` compiles.

// CHECK-LABEL: void matmul_config_constexpr() {
// CHECK:         static constexpr MatmulConfig v1{c0_i1, c0_i1, c0_i1, static_cast<uint32_t>(c0_i32), static_cast<uint32_t>(c0_i32), static_cast<uint32_t>(c0_i32), c0_i1, c0_i1, c0_i1, c0_i1, static_cast<uint32_t>(c0_i32), static_cast<uint32_t>(c0_i32), static_cast<uint32_t>(c0_i32), static_cast<uint32_t>(c0_i32), static_cast<uint32_t>(c0_i32), static_cast<uint32_t>(c0_i32), static_cast<uint32_t>(c0_i32), static_cast<uint32_t>(c0_i32), cm1_i1, c0_i1, c0_i1, c0_i1, c0_i1, cm1_i1, static_cast<BatchMode>(c1_i32), cm1_i1, cm1_i1, cm1_i1, cm1_i1, cm1_i1, cm1_i1, cm1_i1, static_cast<uint8_t>(c255_i32), cm1_i1, c0_i1, c0_i1, c0_i1, static_cast<IterateOrder>(c2_i32), static_cast<ScheduleType>(c0_i32), static_cast<bool>(c0_i32), cm1_i1, c0_i1, c0_i1, c0_i1, c0_i1, c0_i1, c0_i1, c0_i1, static_cast<uint32_t>(c65536_i32), static_cast<BatchOutMode>(c0_i32)};
// The Matmul library's header declares MatmulConfig (the real-header sweep compiles this).
emitc.include "kernel_operator.h"
emitc.include "lib/matmul_intf.h"
func.func @matmul_config_constexpr() {
  %true = arith.constant true
  %false = arith.constant false
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %c255_i32 = arith.constant 255 : i32
  %c2_i32 = arith.constant 2 : i32
  %c65536_i32 = arith.constant 65536 : i32
  %cfg = ascendc.construct !ascendc.matmul_config(%false, %false, %false, %c0_i32, %c0_i32, %c0_i32, %false, %false, %false, %false, %c0_i32, %c0_i32, %c0_i32, %c0_i32, %c0_i32, %c0_i32, %c0_i32, %c0_i32, %true, %false, %false, %false, %false, %true, %c1_i32, %true, %true, %true, %true, %true, %true, %true, %c255_i32, %true, %false, %false, %false, %c2_i32, %c0_i32, %c0_i32, %true, %false, %false, %false, %false, %false, %false, %false, %c65536_i32, %c0_i32) [i1, i1, i1, ui32, ui32, ui32, i1, i1, i1, i1, ui32, ui32, ui32, ui32, ui32, ui32, ui32, ui32, i1, i1, i1, i1, i1, i1, !ascendc.batch_mode, i1, i1, i1, i1, i1, i1, i1, ui8, i1, i1, i1, i1, !ascendc.iterate_order, !ascendc.schedule_type, i1, i1, i1, i1, i1, i1, i1, i1, i1, ui32, !ascendc.batch_out_mode] constexpr static : i1, i1, i1, i32, i32, i32, i1, i1, i1, i1, i32, i32, i32, i32, i32, i32, i32, i32, i1, i1, i1, i1, i1, i1, i32, i1, i1, i1, i1, i1, i1, i1, i32, i1, i1, i1, i1, i32, i32, i32, i1, i1, i1, i1, i1, i1, i1, i1, i32, i32
  func.return
}
