// Ops of dialects ascdsl does not know read (in the generic form) with
// --allow-unregistered-dialect, and print back with their locations; without the flag they
// are a located error that names the flag.
// RUN: ascdsl-opt %s --allow-unregistered-dialect --mlir-print-debuginfo | filecheck %s
// RUN: ascdsl-opt %s -allow-unregistered-dialect --mlir-print-debuginfo | ascdsl-opt --allow-unregistered-dialect --mlir-print-debuginfo | filecheck %s
// RUN: not ascdsl-opt %s 2>&1 | filecheck %s --check-prefix=ERR

// CHECK:      %{{.*}} = "acme.op"(%{{.*}}) {tag = "x"} : (i32) -> i32 loc([[L:#loc[0-9]*]])
// CHECK-NEXT: "acme.sink"(%{{.*}}) : (i32) -> () loc([[L]])
// CHECK:      [[L]] = loc("k.py":3:4)
func.func @k(%a: i32) {
  %0 = "acme.op"(%a) {tag = "x"} : (i32) -> i32 loc(#loc1)
  "acme.sink"(%0) : (i32) -> () loc(#loc1)
  return
}
#loc1 = loc("k.py":3:4)

// ERR: allow-unregistered-dialect.mlir:12:8: error: Operation acme.op is not registered: its dialect is not one ascdsl knows (`--allow-unregistered-dialect` reads such ops in the generic form, `"dialect.op"(...)`)
