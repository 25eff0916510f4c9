// RUN: ascdsl-opt %s --split-input-file --verify-diagnostics
// Dominance and scope of SSA values, as MLIR's verifier checks them: a use must come after
// its definition (or inside ops after it), stay inside the defining region, not sit inside
// the defining op, and not cross a func.func (IsolatedFromAbove).

func.func @use_before_def() {
  // expected-error@+1 {{'arith.addi' op operand #0 does not dominate this use (it is defined after it)}}
  %1 = arith.addi %0, %0 : i32
  // expected-note@+1 {{operand defined here}}
  %0 = arith.constant 1 : i32
  func.return
}

// -----

func.func @use_in_region_before_def(%c: i1) {
  scf.if %c {
    // expected-error@+1 {{operand #0 does not dominate this use}}
    %1 = arith.addi %2, %2 : i32
    scf.yield
  }
  // expected-note@+1 {{operand defined here}}
  %2 = arith.constant 1 : i32
  func.return
}

// -----

func.func @own_result_inside_region() {
  // expected-note@+1 {{operand defined here}}
  %1 = scf.execute_region -> i32 {
    // expected-error@+1 {{operand #0 is a result of an op that encloses this use}}
    %2 = arith.addi %1, %1 : i32
    scf.yield %2 : i32
  }
  func.return
}

// -----

func.func @across_isolated_from_above() {
  // expected-note@+1 {{operand defined here}}
  %0 = arith.constant 1 : i32
  func.func @inner() {
    // expected-error@+1 {{operand #0 is defined outside the 'func.func' op that isolates this use from values above it}}
    %1 = arith.addi %0, %0 : i32
    func.return
  }
  func.return
}

// -----

func.func @undefined() {
  // expected-error@+1 {{use of undefined value '%nowhere'}}
  %1 = arith.addi %nowhere, %nowhere : i32
  func.return
}

// -----

// Uses that dominate are fine: later in the block, nested in later ops, and across blocks
// the defining block dominates (test.termop branches to its successors).
func.func @fine(%c: i1) -> i32 {
  %0 = arith.constant 1 : i32
  scf.if %c {
    %1 = arith.addi %0, %0 : i32
    scf.yield
  }
  "test.termop"() [^bb1] : () -> ()
^bb1:
  %2 = arith.addi %0, %0 : i32
  func.return %2 : i32
}

// -----

func.func @block_does_not_dominate(%c: i1) -> i32 {
  "test.termop"() [^bb1, ^bb2] : () -> ()
^bb1:
  // expected-note@+1 {{operand defined here}}
  %0 = arith.constant 1 : i32
  "test.termop"() [^bb2] : () -> ()
^bb2:
  // expected-error@+1 {{operand #0 does not dominate this use (its block does not dominate the use's)}}
  %1 = arith.addi %0, %0 : i32
  func.return %1 : i32
}

// -----

// A block no path reaches may use anything its region defines (MLIR's rule).
func.func @unreachable() -> i32 {
  "test.termop"() [^bb2] : () -> ()
^bb1:
  %1 = arith.addi %0, %0 : i32
  "test.termop"() [^bb2] : () -> ()
^bb2:
  %0 = arith.constant 1 : i32
  func.return %0 : i32
}
