// A broken extension is one located line naming it; the built-in passes still run, and the
// exit status says that something failed.
// RUN: not ascdsl-opt --load-extension %S/Inputs/broken_extension.py %s --canonicalize 2>&1 | filecheck %s
// RUN: not ascdsl-opt --load-extension %S/Inputs/broken_extension.py -show-dialects 2>&1 | filecheck %s --check-prefix=DIALECTS
// RUN: not ascdsl-opt --load-extension %S/Inputs/no_such_extension.py %s 2>&1 | filecheck %s --check-prefix=MISSING

// CHECK:      {{.*}}broken_extension.py:5:1: error: extension 'broken_extension' (file {{.*}}broken_extension.py) failed to load: RuntimeError: the researcher's bug
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @f() -> i32 {
// CHECK-NEXT:     %{{.*}} = arith.constant 2 : i32
func.func @f() -> i32 {
  %c = arith.constant 1 : i32
  %d = arith.addi %c, %c : i32
  func.return %d : i32
}

// What it registered before failing is gone again.
// DIALECTS:     failed to load
// DIALECTS-NOT: brokenx
// DIALECTS:     Available Dialects: arith, asc, ascendc, builtin, emitasc, emitc, func, math, memref, scf, test

// MISSING: error: extension '{{.*}}no_such_extension.py': no such file
