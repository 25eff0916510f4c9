// A kernel whose tiles cannot fit is a located error naming the tiles, largest first.
// RUN: ascdsl-opt %s -p lower-asc-vector,lower-asc-buffers --split-input-file --verify-diagnostics

func.func @too_big(%p: memref<?xf32, 22>, %n: i32, %i: i32) {
  %t = asc.tensor %p(%n) : memref<?xf32, 22> -> !asc.tensor<?xf32>
  // expected-error@+2 {{'ascendc.local_tensor_auto' op the kernel needs 261120 bytes of UB but Ascend910B1 has 196608: the tiles below are live at the same time (largest first); use smaller tiles or fewer tiles at once}}
  // expected-note@+1 {{65280 bytes: !ascendc.local_tensor<16320xf32> (input)}}
  %x = asc.load %t[%i] : !asc.tensor<?xf32> -> !asc.tile<16320xf32, UB>
  // expected-note@+1 {{65280 bytes: !ascendc.local_tensor<16320xf32> (input)}}
  %y = asc.load %t[%n] : !asc.tensor<?xf32> -> !asc.tile<16320xf32, UB>
  // expected-note@+1 {{65280 bytes: !ascendc.local_tensor<16320xf32> (temporary)}}
  %a = asc.mul %x, %y : !asc.tile<16320xf32, UB>
  // expected-note@+1 {{65280 bytes: !ascendc.local_tensor<16320xf32> (output)}}
  %b = asc.add %a, %x : !asc.tile<16320xf32, UB>
  asc.store %b, %t[%i] : !asc.tile<16320xf32, UB>, !asc.tensor<?xf32>
  func.return
}

// -----

func.func @too_many_loads(%p: memref<?xf32, 22>, %n: i32) {
  %t = asc.tensor %p(%n) : memref<?xf32, 22> -> !asc.tensor<?xf32>
  // expected-error@+2 {{the kernel keeps 9 tiles loaded from GM in one function, each in its own queue, but a TPipe has 8 event ids per direction: load or store fewer tiles (or unroll less)}}
  // expected-note@+1 {{input tile}}
  %x0 = asc.load %t[%n] : !asc.tensor<?xf32> -> !asc.tile<64xf32, UB>
  %x1 = asc.load %t[%n] : !asc.tensor<?xf32> -> !asc.tile<64xf32, UB> // expected-note {{input tile}}
  %x2 = asc.load %t[%n] : !asc.tensor<?xf32> -> !asc.tile<64xf32, UB> // expected-note {{input tile}}
  %x3 = asc.load %t[%n] : !asc.tensor<?xf32> -> !asc.tile<64xf32, UB> // expected-note {{input tile}}
  %x4 = asc.load %t[%n] : !asc.tensor<?xf32> -> !asc.tile<64xf32, UB> // expected-note {{input tile}}
  %x5 = asc.load %t[%n] : !asc.tensor<?xf32> -> !asc.tile<64xf32, UB> // expected-note {{input tile}}
  %x6 = asc.load %t[%n] : !asc.tensor<?xf32> -> !asc.tile<64xf32, UB> // expected-note {{input tile}}
  %x7 = asc.load %t[%n] : !asc.tensor<?xf32> -> !asc.tile<64xf32, UB> // expected-note {{input tile}}
  %x8 = asc.load %t[%n] : !asc.tensor<?xf32> -> !asc.tile<64xf32, UB> // expected-note {{input tile}}
  %s0 = asc.add %x0, %x1 : !asc.tile<64xf32, UB>
  %s1 = asc.add %s0, %x2 : !asc.tile<64xf32, UB>
  %s2 = asc.add %s1, %x3 : !asc.tile<64xf32, UB>
  %s3 = asc.add %s2, %x4 : !asc.tile<64xf32, UB>
  %s4 = asc.add %s3, %x5 : !asc.tile<64xf32, UB>
  %s5 = asc.add %s4, %x6 : !asc.tile<64xf32, UB>
  %s6 = asc.add %s5, %x7 : !asc.tile<64xf32, UB>
  %s7 = asc.add %s6, %x8 : !asc.tile<64xf32, UB>
  asc.store %s7, %t[%n] : !asc.tile<64xf32, UB>, !asc.tensor<?xf32>
  func.return
}
