// A location alias that is never defined, or defined through itself, is a located error.
// RUN: not ascdsl-opt %s --split-input-file 2>&1 | filecheck %s

func.func @undefined() {
  return loc(#loc9)
}
// CHECK: location-errors.mlir:[[# @LINE - 2]]:14: error: undefined location alias '#loc9' (no `#loc9 = loc(...)` in this input)

// -----

func.func @cycle() {
  return loc(#loc1)
}
#loc1 = loc("a"(#loc2))
#loc2 = loc("b"(#loc1))
// CHECK: location-errors.mlir:[[# @LINE - 1]]:17: error: location alias '#loc1' is defined through itself

// -----

// `fused<...>` needs its `>`.
func.func @fused() {
  return loc(fused<"m"["a.py":1:1])
}
// CHECK: location-errors.mlir:[[# @LINE - 2]]:23: error: Expected '>' after the metadata of a fused location

// -----

// Locations nest at most 64 levels, written out or through aliases.
func.func @deep() {
  return loc("a"("a"("a"("a"("a"("a"("a"("a"("a"("a"("a"("a"("a"("a"("a"("a"("a"("a"("a"("a"("a"("a"("a"("a"("a"("a"("a"("a"("a"("a"("a"("a"("a"("a"("a"("a"("a"("a"("a"("a"("a"("a"("a"("a"("a"("a"("a"("a"("a"("a"("a"("a"("a"("a"("a"("a"("a"("a"("a"("a"("a"("a"("a"("a"("f.py":1:1)))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))
}
// CHECK: location-errors.mlir:[[# @LINE - 2]]:{{[0-9]+}}: error: locations nest more than 64 levels deep here (ascdsl's limit is 64)
