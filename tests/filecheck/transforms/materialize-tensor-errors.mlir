// RUN: ascdsl-opt %s --split-input-file --materialize-tensor --verify-diagnostics

func.func @no_byte_size() {
  // expected-error@below {{cannot compute the byte size of a tensor of index}}
  %0 = ascendc.local_tensor_auto() : <64xindex>
  func.return
}

// -----

func.func @no_elements() {
  // expected-error@below {{the tensor !ascendc.local_tensor<0x8xf32> has no elements to allocate}}
  %0 = ascendc.local_tensor_auto() input : <0x8xf32>
  func.return
}

// -----

func.func @unranked_without_sizes() {
  // expected-error@below {{the size of the unranked tensor !ascendc.local_tensor<*xf32> is not given (no size operands)}}
  %0 = ascendc.local_tensor_auto() : <*xf32>
  func.return
}

// -----

// Was "error: pass 'materialize-tensor' failed: VerifyException: Integer value ... is out of
// range for type i64", with no location (ascdsl-sim: an internal error).
func.func @too_large() {
  // expected-error@below {{the tensor !ascendc.local_tensor<99999999999999999999xf32> is too large to allocate: its byte length does not fit i64}}
  %0 = ascendc.local_tensor_auto() : <99999999999999999999xf32>
  func.return
}

// -----

func.func @too_large_dynamic(%n: i64) {
  // expected-error@below {{the tensor !ascendc.local_tensor<?x4611686018427387904xf32> is too large to allocate}}
  %1 = ascendc.local_tensor_auto(%n) : <?x4611686018427387904xf32>
  func.return
}
