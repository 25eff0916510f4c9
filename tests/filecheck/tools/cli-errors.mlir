// Command-line mistakes are one-line errors (exit 2), never a traceback.
// RUN: not ascdsl-opt %s --no-such-pass 2>&1 | filecheck %s --check-prefix=FLAG
// RUN: not ascdsl-opt %s -p no-such-pass 2>&1 | filecheck %s --check-prefix=PASS
// RUN: not ascdsl-opt %s -p 'canonicalize-barriers{bogus=1}' 2>&1 | filecheck %s --check-prefix=OPT
// RUN: not ascdsl-opt %s -t no-such-target 2>&1 | filecheck %s --check-prefix=TARGET
// RUN: not ascdsl-opt %S/Inputs/does-not-exist.mlir 2>&1 | filecheck %s --check-prefix=MISSING

// FLAG: ascdsl-opt: error: unknown option or pass '--no-such-pass' (ascdsl-opt --list-passes shows the passes)
// FLAG-NOT: Traceback
// PASS: ascdsl-opt: error: unknown pass 'no-such-pass' (ascdsl-opt --list-passes shows the passes)
// OPT: ascdsl-opt: error: invalid options for pass 'canonicalize-barriers':
// TARGET: ascdsl-opt: error: unknown target 'no-such-target' (known: mlir,
// MISSING: ascdsl-opt: error: cannot read '{{.*}}does-not-exist.mlir':

func.func @f() {
  func.return
}
