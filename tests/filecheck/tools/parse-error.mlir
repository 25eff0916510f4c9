// A syntax error is one located diagnostic with the source line and a caret, exit code 1,
// and no Python traceback.
// RUN: not ascdsl-opt %S/Inputs/parse-error-input.mlir 2>&1 | filecheck %s

// CHECK: parse-error-input.mlir:3:25: error: expected a TPosition (gm, a1, a2, b1, b2, c1, c2, co1, co2, vecin, vecout, veccalc, max)
// CHECK-NEXT: {{^}}  %q = ascendc.queue : <vecsomewhere, 1>
// CHECK-NEXT: {{^}}                       ^
// CHECK-NOT: Traceback

// Checks xDSL makes while building IR (here: a block name) are located parse errors too.
// RUN: not ascdsl-opt %S/Inputs/bad-block-label.mlir 2>&1 | filecheck %s --check-prefix=LABEL
// LABEL: bad-block-label.mlir:2:3: error: Invalid Block name format `1`.
// LABEL-NOT: internal error
