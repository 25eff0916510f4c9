// scf.while is left after its condition (`before`) region, never from the end of its body:
// what that region does on its last run is still pending after the loop. The dataflows of
// insert-que-sync / verify-sync (sync_dataflow.py) and of cce-auto-sync took the loop's exit
// state as the join of its entry and the end of the body, where the body's own syncs had
// ordered the condition region's accesses: the copy-in (MTE2) or the vector write of the
// last condition run reached the op after the loop unordered (the simulator's RaceError).
// RUN: ascdsl-opt %s --insert-que-sync | filecheck %s
// RUN: ascdsl-opt %s --insert-que-sync > %t.once.mlir
// RUN: ascdsl-opt %t.once.mlir --insert-que-sync | diff - %t.once.mlir
// RUN: ascdsl-opt %t.once.mlir --verify-sync 2>&1 >/dev/null | filecheck %s --check-prefix=CLEAN --allow-empty
// RUN: ascdsl-sim %t.once.mlir --kernel copy_in_in_condition --arg arg0=f32[256]:randn --arg arg1=f32[256] --expect "arg1 = concatenate([arg0[:192] + 1, arg0[192:] * 2])" | filecheck %s --check-prefix=SIM
// RUN: ascdsl-opt %s --cce-auto-sync | filecheck %s --check-prefix=CCE
// RUN: ascdsl-sim %s --kernel vector_write_in_condition --arg x=f32[64] --arg z=f32[64] | filecheck %s --check-prefix=SIM
// CLEAN-NOT: unsynchronized
// SIM: findings: none

// The muls after the loop reads what the condition region's last copy-in wrote.
// CHECK-LABEL: func.func @copy_in_in_condition(
// CHECK:         scf.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    arith.muli
// CHECK-NEXT:    ascendc.global_tensor.subindex
// CHECK-NEXT:    ascendc.pipe
// CHECK-NEXT:    ascendc.pipe.fetch_event_id %{{.*}}, mte2_v
// CHECK-NEXT:    ascendc.set_flag mte2_v
// CHECK-NEXT:    ascendc.wait_flag mte2_v
// CHECK-NEXT:    ascendc.muls_l2

// The get_value after the loop reads what the condition region's last adds wrote.
// CCE-LABEL: func.func @vector_write_in_condition(
// CCE:         scf.yield
// CCE-NEXT:    }
// CCE-NEXT:    arith.constant {ascdsl.auto_sync}
// CCE-NEXT:    ascendc.set_flag v_s
// CCE-NEXT:    ascendc.wait_flag v_s
// CCE-NEXT:    ascendc.local_tensor.get_value

func.func @copy_in_in_condition(%x: memref<?xf32, 22>, %z: memref<?xf32, 22>) attributes {ascendc.global} {
  %gx = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  %gz = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %gx, %x : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  ascendc.global_tensor.set_global_buffer %gz, %z : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %n = arith.constant 64 : i32
  %bytes = arith.constant 256 : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c4 = arith.constant 4 : i32
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %p = ascendc.pipe
  %b = ascendc.tbuf : <veccalc>
  %bytes2 = arith.constant 512 : i32
  ascendc.pipe.init_buffer %p, %b, %bytes2 : !ascendc.tbuf<veccalc>, i32
  %t = ascendc.tbuf.get_with_offset %b, %n, %c0 : !ascendc.tbuf<veccalc>, i32, i32, !ascendc.local_tensor<64xf32>
  %c256 = arith.constant 256 : i32
  %u = ascendc.tbuf.get_with_offset %b, %n, %c256 : !ascendc.tbuf<veccalc>, i32, i32, !ascendc.local_tensor<64xf32>
  %r = scf.while (%i = %c0) : (i32) -> i32 {
    %o = arith.muli %i, %n : i32
    %xi = ascendc.global_tensor.subindex %gx[%o] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    ascendc.data_copy_l2 %t, %xi, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
    %c = arith.cmpi slt, %i, %c3 : i32
    scf.condition(%c) %i : i32
  } do {
  ^bb0(%j: i32):
    %o = arith.muli %j, %n : i32
    %zi = ascendc.global_tensor.subindex %gz[%o] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    ascendc.adds_l2 %u, %t, %one, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, f32, i32
    ascendc.data_copy_l2 %zi, %u, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<64xf32>, i32
    %j1 = arith.addi %j, %c1 : i32
    scf.yield %j1 : i32
  }
  %o3 = arith.muli %c3, %n : i32
  %z3 = ascendc.global_tensor.subindex %gz[%o3] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
  ascendc.muls_l2 %t, %t, %two, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, f32, i32
  ascendc.data_copy_l2 %z3, %t, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<64xf32>, i32
  func.return
}

func.func @vector_write_in_condition(%x: memref<?xf32, 22>, %z: memref<?xf32, 22>) attributes {ascendc.global} {
  %gx = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  %gz = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %gx, %x : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  ascendc.global_tensor.set_global_buffer %gz, %z : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %n = arith.constant 64 : i32
  %bytes = arith.constant 256 : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c4 = arith.constant 4 : i32
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %p = ascendc.pipe
  %b = ascendc.tbuf : <veccalc>
  ascendc.pipe.init_buffer %p, %b, %bytes : !ascendc.tbuf<veccalc>, i32
  %t = ascendc.tbuf.get_tensor %b : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<64xf32>
  %zero = arith.constant 0.0 : f32
  %u0 = arith.constant 0 : i32
  ascendc.duplicate_l2 %t, %zero, %n : !ascendc.local_tensor<64xf32>, f32, i32
  %r = scf.while (%i = %c0) : (i32) -> i32 {
    ascendc.adds_l2 %t, %t, %one, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, f32, i32
    %c = arith.cmpi slt, %i, %c3 : i32
    scf.condition(%c) %i : i32
  } do {
  ^bb0(%j: i32):
    %v = ascendc.local_tensor.get_value %t, %u0 : !ascendc.local_tensor<64xf32>, i32, f32
    %j1 = arith.addi %j, %c1 : i32
    scf.yield %j1 : i32
  }
  %w = ascendc.local_tensor.get_value %t, %u0 : !ascendc.local_tensor<64xf32>, i32, f32
  ascendc.global_tensor.set_value %gz, %u0, %w : !ascendc.global_tensor<*xf32>, i32, f32
  func.return
}
