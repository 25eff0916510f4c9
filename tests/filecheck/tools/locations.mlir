// Locations as MLIR (and pyasc, in every dump) writes them: on ops, function and block
// arguments, through aliases defined before the module (those arguments need) and after it
// (those of ops, used before their definition), in every form: file:line:col, names, call
// sites, fused locations with and without metadata, unknown.
// RUN: ascdsl-opt %s --mlir-print-debuginfo | filecheck %s
// Printing with locations and reading back gives the same text.
// RUN: ascdsl-opt %s --mlir-print-debuginfo | ascdsl-opt --mlir-print-debuginfo | filecheck %s
// In the generic form too.
// RUN: ascdsl-opt %s --mlir-print-debuginfo --mlir-print-op-generic | ascdsl-opt --mlir-print-debuginfo | filecheck %s
// Without --mlir-print-debuginfo no location is printed.
// RUN: ascdsl-opt %s | filecheck %s --check-prefix=PLAIN

#loc1 = loc("kernel.py":10:0)
#loc20 = loc("n"(#loc1))
module {
  func.func @k(%arg0: memref<?xf32, 22> loc("x"(#loc1)), %arg1: i32 loc(#loc20)) attributes {ascendc.global} {
    %0 = ascendc.get_block_idx : i32 loc(#loc2)
    %1 = arith.muli %0, %arg1 : i32 loc(#loc3)
    %2 = arith.index_cast %1 : i32 to index loc(#loc3)
    %3 = emitasc.ptr_offset %arg0[%2] : memref<?xf32, 22>, memref<?xf32, 22> loc(#loc4)
    %c0_i32 = arith.constant 0 : i32 loc(#loc5)
    %4 = scf.while (%arg2 = %c0_i32) : (i32) -> i32 {
      %5 = arith.cmpi slt, %arg2, %arg1 : i32 loc(#loc6)
      scf.condition(%5) %arg2 : i32 loc(#loc6)
    } do {
    ^bb0(%arg2: i32 loc(unknown)):
      %c1_i32 = arith.constant 1 : i32 loc(#loc7)
      %6 = arith.addi %arg2, %c1_i32 : i32 loc(#loc7)
      scf.yield %6 : i32 loc(#loc7)
    } loc(#loc6)
    return loc(#loc)
  } loc(#loc1)
} loc(#loc)
#loc = loc(unknown)
#loc2 = loc("kernel.py":11:12)
#loc3 = loc(fused<"scale">[#loc2, "kernel.py":11:30])
#loc4 = loc(callsite(#loc8 at #loc2))
#loc5 = loc("kernel.py":12:5)
#loc6 = loc(fused[#loc5, "kernel.py":12:11])
#loc7 = loc("i"(#loc5))
#loc8 = loc("helper.py":3:1)

// Aliases are renumbered as MLIR numbers them: `#loc` first, then those nesting no other
// alias in the order the printer meets them (an op's location before its body), then the
// deeper ones; the ones arguments use come before the module.
// CHECK:      #loc = loc(unknown)
// CHECK-NEXT: #loc1 = loc("kernel.py":10:0)
// CHECK-NEXT: #loc7 = loc("x"(#loc1))
// CHECK-NEXT: #loc8 = loc("n"(#loc1))
// CHECK-NEXT: {{(builtin.)?}}module {
// CHECK-NEXT:   func.func @k(%arg0: memref<?xf32, 22> loc("x"(#loc1)), %arg1: i32 loc("n"(#loc1))) attributes {ascendc.global} {
// CHECK-NEXT:     %0 = ascendc.get_block_idx : i32 loc(#loc2)
// CHECK-NEXT:     %1 = arith.muli %0, %arg1 : i32 loc(#loc9)
// CHECK-NEXT:     %2 = arith.index_cast %1 : i32 to index loc(#loc9)
// CHECK-NEXT:     %3 = emitasc.ptr_offset %arg0[%2] : memref<?xf32, 22>, memref<?xf32, 22> loc(#loc10)
// CHECK-NEXT:     %c0_i32 = arith.constant 0 : i32 loc(#loc5)
// CHECK-NEXT:     %4 = scf.while (%arg2 = %c0_i32) : (i32) -> i32 {
// CHECK-NEXT:       %5 = arith.cmpi slt, %arg2, %arg1 : i32 loc(#loc11)
// CHECK-NEXT:       scf.condition(%5) %arg2 : i32 loc(#loc11)
// CHECK-NEXT:     } do {
// CHECK-NEXT:     ^bb0(%arg2{{(_1)?}}: i32 loc(unknown)):
// CHECK-NEXT:       %c1_i32 = arith.constant 1 : i32 loc(#loc12)
// CHECK-NEXT:       %5 = arith.addi %arg2{{(_1)?}}, %c1_i32 : i32 loc(#loc12)
// CHECK-NEXT:       scf.yield %5 : i32 loc(#loc12)
// CHECK-NEXT:     } loc(#loc11)
// CHECK-NEXT:     {{(func.)?}}return loc(#loc)
// CHECK-NEXT:   } loc(#loc1)
// CHECK-NEXT: } loc(#loc)
// CHECK-NEXT: #loc2 = loc("kernel.py":11:12)
// CHECK-NEXT: #loc3 = loc("kernel.py":11:30)
// CHECK-NEXT: #loc4 = loc("helper.py":3:1)
// CHECK-NEXT: #loc5 = loc("kernel.py":12:5)
// CHECK-NEXT: #loc6 = loc("kernel.py":12:11)
// CHECK-NEXT: #loc9 = loc(fused<"scale">[#loc2, #loc3])
// CHECK-NEXT: #loc10 = loc(callsite(#loc4 at #loc2))
// CHECK-NEXT: #loc11 = loc(fused[#loc5, #loc6])
// CHECK-NEXT: #loc12 = loc("i"(#loc5))
// CHECK-NOT:  loc

// PLAIN-NOT: loc(
// PLAIN-NOT: #loc
