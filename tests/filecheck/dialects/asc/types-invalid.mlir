// Bad tile and tensor types are located parse errors.
// RUN: ascdsl-opt %s --split-input-file --verify-diagnostics

// expected-error@+1 {{tile dimensions must be static and positive, got ?x64x}}
func.func @dynamic_tile(%t: !asc.tile<?x64xf32, UB>) {
  func.return
}

// -----

// expected-error@+1 {{expected a tile location (L0A, L0B, L0C, UB, L1)}}
func.func @location(%t: !asc.tile<64xf32, GM>) {
  func.return
}

// -----

// expected-error@+1 {{tile element type must be one of f16, bf16, f32, i8, i16, i32 (i1 for masks), got f64}}
func.func @element(%t: !asc.tile<64xf64, UB>) {
  func.return
}

// -----

// expected-error@+1 {{a tile has a ranked shape of at least one dimension}}
func.func @scalar_tile(%t: !asc.tile<f32, UB>) {
  func.return
}

// -----

// expected-error@+1 {{tensor element type must be one of f16, bf16, f32, i8, i16, i32, got i1}}
func.func @tensor_element(%t: !asc.tensor<?xi1>) {
  func.return
}
