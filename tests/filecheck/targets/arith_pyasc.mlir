// RUN: ascdsl-opt %s -t ascendc | filecheck %s --check-prefix=PYASC
// RUN: ascdsl-opt %s -t ascendc --ascendc-compilable | filecheck %s --check-prefix=OWN
// Where pyasc's translator prints arith differently from what computes the op's result, `-t
// ascendc` prints pyasc's text and the compilable source the right one: pyasc reads every
// operand with its C++ type's signedness, prints unordered float predicates as the ordered
// operator, and widens a negative operand of mului_extended by sign extension.

// PYASC-LABEL: void unsigned_ops(int32_t v1, int32_t v2, int16_t v3) {
// PYASC-NEXT:    int32_t v4 = v1 / v2;
// PYASC-NEXT:    int32_t v5 = v1 >> v2;
// PYASC-NEXT:    bool v6 = v1 < v2;
// PYASC-NEXT:    int64_t v7 = static_cast<int64_t>(v3);
// PYASC-NEXT:    half v8 = static_cast<half>(v3);
// PYASC-NEXT:    int32_t v9 = static_cast<uint32_t>(v1) % static_cast<uint32_t>(v2);
// OWN-LABEL: void unsigned_ops(int32_t v1, int32_t v2, int16_t v3) {
// OWN-NEXT:    int32_t v4 = static_cast<uint32_t>(v1) / static_cast<uint32_t>(v2);
// OWN-NEXT:    int32_t v5 = static_cast<uint32_t>(v1) >> static_cast<uint32_t>(v2);
// OWN-NEXT:    bool v6 = static_cast<uint32_t>(v1) < static_cast<uint32_t>(v2);
// OWN-NEXT:    int64_t v7 = static_cast<int64_t>(static_cast<uint16_t>(v3));
// OWN-NEXT:    half v8 = static_cast<half>(static_cast<uint16_t>(v3));
// OWN-NEXT:    int32_t v9 = static_cast<uint32_t>(v1) % static_cast<uint32_t>(v2);
func.func @unsigned_ops(%arg0 : i32, %arg1 : i32, %arg2 : i16) {
  %0 = arith.divui %arg0, %arg1 : i32
  %1 = arith.shrui %arg0, %arg1 : i32
  %2 = arith.cmpi ult, %arg0, %arg1 : i32
  %3 = arith.extui %arg2 : i16 to i64
  %4 = arith.uitofp %arg2 : i16 to f16
  // pyasc has no printer for remui: both spellings cast.
  %5 = arith.remui %arg0, %arg1 : i32
  return
}

// PYASC-LABEL: void unordered(float v1, float v2) {
// PYASC-NEXT:    bool v3 = v1 == v2;
// PYASC-NEXT:    bool v4 = v1 < v2;
// PYASC-NEXT:    bool v5 = (v1 != v1 || v2 != v2);
// OWN-LABEL: void unordered(float v1, float v2) {
// OWN-NEXT:    bool v3 = !(v1 < v2 || v1 > v2);
// OWN-NEXT:    bool v4 = !(v1 >= v2);
// OWN-NEXT:    bool v5 = (v1 != v1 || v2 != v2);
func.func @unordered(%arg0 : f32, %arg1 : f32) {
  %0 = arith.cmpf ueq, %arg0, %arg1 : f32
  %1 = arith.cmpf ult, %arg0, %arg1 : f32
  // pyasc has no printer for uno.
  %2 = arith.cmpf uno, %arg0, %arg1 : f32
  return
}

// PYASC-LABEL: void wide_mul(int32_t v1, int32_t v2, int16_t v3, int16_t v4) {
// PYASC-NEXT:    int32_t v5 = v1 * v2;
// PYASC-NEXT:    int32_t v6 = (static_cast<uint64_t>(v1) * static_cast<uint64_t>(v2)) >> 32;
// PYASC-NEXT:    int16_t v7 = v3 * v4;
// PYASC-NEXT:    int16_t v8 = (static_cast<uint32_t>(v3) * static_cast<uint32_t>(v4)) >> 16;
// OWN-LABEL: void wide_mul(int32_t v1, int32_t v2, int16_t v3, int16_t v4) {
// OWN-NEXT:    int32_t v5 = v1 * v2;
// OWN-NEXT:    int32_t v6 = static_cast<int32_t>((static_cast<uint64_t>(static_cast<uint32_t>(v1)) * static_cast<uint64_t>(static_cast<uint32_t>(v2))) >> 32);
// OWN-NEXT:    int16_t v7 = v3 * v4;
// OWN-NEXT:    int16_t v8 = static_cast<int16_t>((static_cast<uint32_t>(static_cast<uint16_t>(v3)) * static_cast<uint32_t>(static_cast<uint16_t>(v4))) >> 16);
func.func @wide_mul(%arg0 : i32, %arg1 : i32, %arg2 : i16, %arg3 : i16) {
  %0, %1 = arith.mului_extended %arg0, %arg1 : i32
  %2, %3 = arith.mului_extended %arg2, %arg3 : i16
  return
}
