// Each `// -----` chunk is processed on its own; outputs are separated the same way, and
// diagnostics keep the line numbers of the whole file.
// RUN: ascdsl-opt %s --split-input-file --canonicalize-barriers | filecheck %s
// RUN: not ascdsl-opt %S/Inputs/split-error.mlir --split-input-file 2>&1 | filecheck %s --check-prefix=ERR

// CHECK-LABEL: func.func @first
// CHECK-NEXT:    ascendc.pipe_barrier pipe_v
// CHECK-NEXT:    return
// CHECK:       // -----
// CHECK-LABEL: func.func @second
// CHECK-NEXT:    ascendc.pipe_barrier pipe_all
// CHECK-NEXT:    return
func.func @first() {
  ascendc.pipe_barrier pipe_v
  ascendc.pipe_barrier pipe_v
  func.return
}

// -----

func.func @second() {
  ascendc.pipe_barrier pipe_mte2
  ascendc.pipe_barrier pipe_all
  func.return
}

// ERR: split-error.mlir:8:3: error: 'ascendc.pipe_barrier' op 'pipe' = 11 is not a Pipe
