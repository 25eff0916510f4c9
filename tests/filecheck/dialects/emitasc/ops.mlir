// The twelve emitasc ops in pyasc's syntax: each reads, prints back the same way, and reads
// back from its generic form.
// RUN: ascdsl-opt %s | filecheck %s
// RUN: ascdsl-opt %s | ascdsl-opt | filecheck %s
// RUN: ascdsl-opt %s --mlir-print-op-generic | ascdsl-opt | filecheck %s

!S = !emitasc.py_struct<"Tiling", [i32, f32], ["n", "scale"]>
!O = !emitasc.py_struct<"Outer", [!emitasc.py_struct<"Tiling", [i32, f32], ["n", "scale"]>, i64], ["inner", "id"]>

// CHECK: emitasc.declare_py_struct !emitasc.py_struct<"Tiling", [i32, f32], ["n", "scale"]>
// CHECK: emitasc.declare_py_struct !emitasc.py_struct<"Outer", [!emitasc.py_struct<"Tiling", [i32, f32], ["n", "scale"]>, i64], ["inner", "id"]>
emitasc.declare_py_struct !S
emitasc.declare_py_struct !O

// CHECK-LABEL: func.func @structs(
func.func @structs(%p: memref<?x!O, 22>, %v: i32) {
  // CHECK-NEXT: %[[V0:[a-z0-9_]+]] = emitasc.copy_struct %arg0 : memref<?x!emitasc.py_struct<"Outer", {{.*}}, 22>, !emitasc.py_struct<"Outer", {{.*}}>
  %o = emitasc.copy_struct %p : memref<?x!O, 22>, !O
  // CHECK-NEXT: %[[V1:[a-z0-9_]+]] = emitasc.member %[[V0]] "inner" : !emitasc.py_struct<"Outer", {{.*}}>, !emitasc.py_struct<"Tiling", [i32, f32], ["n", "scale"]>
  %s = emitasc.member %o "inner" : !O, !S
  // CHECK-NEXT: %[[V2:[a-z0-9_]+]] = emitasc.member %[[V1]] "n" : !emitasc.py_struct<"Tiling", [i32, f32], ["n", "scale"]>, i32
  %n = emitasc.member %s "n" : !S, i32
  // CHECK-NEXT: emitasc.set_member %[[V1]] "n", %arg1 : !emitasc.py_struct<"Tiling", [i32, f32], ["n", "scale"]>, i32
  emitasc.set_member %s "n", %v : !S, i32
  // CHECK-NEXT: %[[V3:[a-z0-9_]+]] = emitasc.member_ptr %arg0[1] "id" : memref<?x!emitasc.py_struct<"Outer", {{.*}}, 22>, memref<?xi64, 22>
  %idp = emitasc.member_ptr %p[1] "id" : memref<?x!O, 22>, memref<?xi64, 22>
  // CHECK-NEXT: %[[V4:[a-z0-9_]+]] = emitasc.member_ref %arg0[1] : memref<?x!emitasc.py_struct<"Outer", {{.*}}, 22>, i64
  %id = emitasc.member_ref %p[1] : memref<?x!O, 22>, i64
  return
}

// CHECK-LABEL: func.func @pointers(
func.func @pointers(%x: memref<?xf32, 22>, %i: index, %a: i32) {
  // CHECK-NEXT: %[[V0:[a-z0-9_]+]] = emitasc.ptr_offset %arg0[%arg1] : memref<?xf32, 22>, memref<?xf32, 22>
  %0 = emitasc.ptr_offset %x[%i] : memref<?xf32, 22>, memref<?xf32, 22>
  // CHECK-NEXT: %[[V1:[a-z0-9_]+]] = emitasc.ptr_offset %arg0[512 ] : memref<?xf32, 22>, memref<?xf32, 22>
  %1 = emitasc.ptr_offset %x[ 512 ] : memref<?xf32, 22>, memref<?xf32, 22>
  // ascdsl's earlier form: an integer offset, whose type is written.
  // CHECK-NEXT: %[[V2:[a-z0-9_]+]] = emitasc.ptr_offset %arg0[%arg2] : memref<?xf32, 22>, i32, memref<?xf32, 22>
  %2 = emitasc.ptr_offset %x[%a] : memref<?xf32, 22>, i32, memref<?xf32, 22>
  // CHECK-NEXT: %[[V3:[a-z0-9_]+]] = emitasc.reinterpret_cast %arg0 : memref<?xf32, 22> to memref<?xi32, 22>
  %3 = emitasc.reinterpret_cast %x : memref<?xf32, 22> to memref<?xi32, 22>
  // CHECK-NEXT: %[[V4:[a-z0-9_]+]] = emitasc.variable 7 : i32, memref<1xi32>
  %v = emitasc.variable 7 : i32, memref<1xi32>
  // CHECK-NEXT: %[[V5:[a-z0-9_]+]] = emitasc.variable 1.500000e+00 : f32, memref<1xf32>
  %f = emitasc.variable 1.5 : f32, memref<1xf32>
  // CHECK-NEXT: %[[V6:[a-z0-9_]+]] = emitasc.variable %arg2 : i32, memref<1xi32>
  %w = emitasc.variable %a : i32, memref<1xi32>
  // CHECK-NEXT: %[[V7:[a-z0-9_]+]] = emitasc.dereference %[[V6]] : memref<1xi32>, i32
  %d = emitasc.dereference %w : memref<1xi32>, i32
  return
}

// CHECK-LABEL: func.func @opaque(
func.func @opaque(%a: i32, %b: i32) -> i32 {
  // CHECK-NEXT: %[[V0:[a-z0-9_]+]] = emitasc.call_opaque "AscendC::Std::max"(%arg0, %arg1) : (i32, i32) -> i32
  %0 = emitasc.call_opaque "AscendC::Std::max" (%a, %b) : (i32, i32) -> i32
  // CHECK-NEXT: emitasc.call_opaque "AscendC::PipeBarrier<PIPE_ALL>"() : () -> ()
  emitasc.call_opaque "AscendC::PipeBarrier<PIPE_ALL>" () : () -> ()
  // CHECK-NEXT: emitasc.verbatim "$0 += $1;" %arg0, %arg1 : i32, i32
  emitasc.verbatim "$0 += $1;" %a, %b : i32, i32
  // The text alone, followed by an op with a result (MLIR would read `%1` as an operand).
  // CHECK-NEXT: emitasc.verbatim "// text"
  // CHECK-NEXT: %[[V1:[a-z0-9_]+]] = arith.addi %[[V0]], %arg0 : i32
  emitasc.verbatim "// text"
  %1 = arith.addi %0, %a : i32
  return %1 : i32
}

// A kernel argument's kind for the launcher.
// CHECK: func.func @kernel(%arg0: memref<?xf32, 22> {emitasc.kernel_arg = #emitasc<kernel_arg explicit>}, %arg1: memref<?xui64, 22> {emitasc.kernel_arg = #emitasc<kernel_arg ffts_addr>})
func.func @kernel(%x: memref<?xf32, 22> {emitasc.kernel_arg = #emitasc<kernel_arg explicit>}, %ffts: memref<?xui64, 22> {emitasc.kernel_arg = #emitasc<kernel_arg ffts_addr>}) attributes {ascendc.global} {
  ascendc.set_ffts_base_addr %ffts : memref<?xui64, 22>
  return
}
