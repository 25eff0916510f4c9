// @above, @below, @+N and same-line expectations. The @below one points at the comment line
// right below it, which has no diagnostic, so exactly that expectation is reported missing.
// RUN: not ascdsl-opt %S/Inputs/designators.mlir --verify-diagnostics 2>&1 | filecheck %s

// CHECK-DAG: designators.mlir:4:6: error: expected error "'event' = 40 is not a HardEvent" was not produced
// CHECK-DAG: designators.mlir:6:3: error: unexpected error: 'ascendc.wait_flag' op 'event' = 40 is not a HardEvent
// CHECK-NOT: designators.mlir:{{[0-9]+}}:{{[0-9]+}}: error
