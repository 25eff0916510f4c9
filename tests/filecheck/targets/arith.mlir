// RUN: ascdsl-opt %s -t ascendc --ascendc-compilable | filecheck %s
// arith on scalars, in the source ascdsl compiles. Signedness-dependent ops read their
// operands with the op's signedness: iN prints as intN_t and index as uint32_t, so `divui` on
// i32 and `divsi` on index cast. pyasc's text (plain `-t ascendc`) does not: arith_pyasc.mlir.

// CHECK-LABEL: void emit_binary_ops(int32_t v1, int32_t v2) {
// CHECK-NEXT:    int32_t v3 = v1 + v2;
// CHECK-NEXT:    int32_t v4 = v1 - v2;
// CHECK-NEXT:    int32_t v5 = v1 * v2;
// CHECK-NEXT:    int32_t v6 = v1 / v2;
// CHECK-NEXT:    int32_t v7 = v1 % v2;
// CHECK-NEXT:    int32_t v8 = (v1 + v2 - 1) / v2;
// CHECK-NEXT:    int32_t v9 = v1 << v2;
// CHECK-NEXT:    int32_t v10 = v1 >> v2;
// CHECK-NEXT:    int32_t v11 = static_cast<uint32_t>(v1) >> static_cast<uint32_t>(v2);
// CHECK-NEXT:    int32_t v12 = v1 & v2;
// CHECK-NEXT:    int32_t v13 = v1 | v2;
// CHECK-NEXT:    int32_t v14 = v1 ^ v2;
// CHECK-NEXT:    int32_t v15 = static_cast<uint32_t>(v1) / static_cast<uint32_t>(v2);
// CHECK-NEXT:    int32_t v16 = static_cast<uint32_t>(v1) % static_cast<uint32_t>(v2);
// CHECK-NEXT:    int32_t v17 = (static_cast<uint32_t>(v1) + static_cast<uint32_t>(v2) - 1) / static_cast<uint32_t>(v2);
// CHECK-NEXT:    int32_t v18 = v1 / v2 - ((v1 % v2 != 0) && ((v1 < 0) != (v2 < 0)));
// CHECK-NEXT:    int32_t v19 = ((v1 > v2) ? (v1) : (v2));
// CHECK-NEXT:    int32_t v20 = ((v1 < v2) ? (v1) : (v2));
// CHECK-NEXT:    int32_t v21 = ((static_cast<uint32_t>(v1) > static_cast<uint32_t>(v2)) ? (static_cast<uint32_t>(v1)) : (static_cast<uint32_t>(v2)));
// CHECK-NEXT:    int32_t v22 = ((static_cast<uint32_t>(v1) < static_cast<uint32_t>(v2)) ? (static_cast<uint32_t>(v1)) : (static_cast<uint32_t>(v2)));
// CHECK-NEXT:    return;
func.func @emit_binary_ops(%0 : i32, %1 : i32) {
  %2 = arith.addi %0, %1 : i32
  %3 = arith.subi %0, %1 : i32
  %4 = arith.muli %0, %1 : i32
  %5 = arith.divsi %0, %1 : i32
  %6 = arith.remsi %0, %1 : i32
  %7 = arith.ceildivsi %0, %1 : i32
  %8 = arith.shli %0, %1 : i32
  %9 = arith.shrsi %0, %1 : i32
  %10 = arith.shrui %0, %1 : i32
  %11 = arith.andi %0, %1 : i32
  %12 = arith.ori %0, %1 : i32
  %13 = arith.xori %0, %1 : i32
  %14 = arith.divui %0, %1 : i32
  %15 = arith.remui %0, %1 : i32
  %16 = arith.ceildivui %0, %1 : i32
  %17 = arith.floordivsi %0, %1 : i32
  %18 = arith.maxsi %0, %1 : i32
  %19 = arith.minsi %0, %1 : i32
  %20 = arith.maxui %0, %1 : i32
  %21 = arith.minui %0, %1 : i32
  return
}

// CHECK-LABEL: void emit_index_ops(uint32_t v1, uint32_t v2) {
// CHECK-NEXT:    uint32_t v3 = v1 * v2;
// CHECK-NEXT:    uint32_t v4 = v1 / v2;
// CHECK-NEXT:    uint32_t v5 = static_cast<int32_t>(v1) / static_cast<int32_t>(v2);
// CHECK-NEXT:    bool v6 = static_cast<int32_t>(v1) < static_cast<int32_t>(v2);
// CHECK-NEXT:    bool v7 = v1 < v2;
func.func @emit_index_ops(%arg0 : index, %arg1 : index) {
  %0 = arith.muli %arg0, %arg1 : index
  %1 = arith.divui %arg0, %arg1 : index
  %2 = arith.divsi %arg0, %arg1 : index
  %3 = arith.cmpi slt, %arg0, %arg1 : index
  %4 = arith.cmpi ult, %arg0, %arg1 : index
  return
}

// CHECK-LABEL: void emit_float_ops(float v1, float v2) {
// CHECK-NEXT:    float v3 = v1 + v2;
// CHECK-NEXT:    float v4 = v1 - v2;
// CHECK-NEXT:    float v5 = v1 * v2;
// CHECK-NEXT:    float v6 = v1 / v2;
// CHECK-NEXT:    float v7 = -v1;
// CHECK-NEXT:    float v8 = ((v1 > v2) ? (v1) : (v2));
// CHECK-NEXT:    float v9 = ((v1 < v2) ? (v1) : (v2));
// CHECK-NEXT:    float v10 = ((v1 > v2) ? (v1) : (v2));
// CHECK-NEXT:    float v11 = ((v1 < v2) ? (v1) : (v2));
func.func @emit_float_ops(%arg0 : f32, %arg1 : f32) {
  %0 = arith.addf %arg0, %arg1 : f32
  %1 = arith.subf %arg0, %arg1 : f32
  %2 = arith.mulf %arg0, %arg1 : f32
  %3 = arith.divf %arg0, %arg1 : f32
  %4 = arith.negf %arg0 : f32
  %5 = arith.maximumf %arg0, %arg1 : f32
  %6 = arith.minimumf %arg0, %arg1 : f32
  %7 = arith.maxnumf %arg0, %arg1 : f32
  %8 = arith.minnumf %arg0, %arg1 : f32
  return
}

// CHECK-LABEL: void emit_cmpi_op(int32_t v1, int32_t v2) {
// CHECK-NEXT:    bool v3 = v1 == v2;
// CHECK-NEXT:    bool v4 = v1 != v2;
// CHECK-NEXT:    bool v5 = v1 >= v2;
// CHECK-NEXT:    bool v6 = v1 > v2;
// CHECK-NEXT:    bool v7 = static_cast<uint32_t>(v1) >= static_cast<uint32_t>(v2);
// CHECK-NEXT:    bool v8 = static_cast<uint32_t>(v1) > static_cast<uint32_t>(v2);
// CHECK-NEXT:    bool v9 = v1 <= v2;
// CHECK-NEXT:    bool v10 = v1 < v2;
// CHECK-NEXT:    bool v11 = static_cast<uint32_t>(v1) <= static_cast<uint32_t>(v2);
// CHECK-NEXT:    bool v12 = static_cast<uint32_t>(v1) < static_cast<uint32_t>(v2);
// CHECK-NEXT:    return;
func.func @emit_cmpi_op(%arg0: i32, %arg1: i32) {
  %0 = arith.cmpi eq, %arg0, %arg1 : i32
  %1 = arith.cmpi ne, %arg0, %arg1 : i32
  %2 = arith.cmpi sge, %arg0, %arg1 : i32
  %3 = arith.cmpi sgt, %arg0, %arg1 : i32
  %4 = arith.cmpi uge, %arg0, %arg1 : i32
  %5 = arith.cmpi ugt, %arg0, %arg1 : i32
  %6 = arith.cmpi sle, %arg0, %arg1 : i32
  %7 = arith.cmpi slt, %arg0, %arg1 : i32
  %8 = arith.cmpi ule, %arg0, %arg1 : i32
  %9 = arith.cmpi ult, %arg0, %arg1 : i32
  return
}

// Ordered predicates are false on NaN, unordered ones true.
// CHECK-LABEL: void emit_cmpf_op(float v1, float v2) {
// CHECK-NEXT:    bool v3 = false;
// CHECK-NEXT:    bool v4 = v1 == v2;
// CHECK-NEXT:    bool v5 = v1 > v2;
// CHECK-NEXT:    bool v6 = v1 >= v2;
// CHECK-NEXT:    bool v7 = v1 < v2;
// CHECK-NEXT:    bool v8 = v1 <= v2;
// CHECK-NEXT:    bool v9 = (v1 < v2 || v1 > v2);
// CHECK-NEXT:    bool v10 = (v1 == v1 && v2 == v2);
// CHECK-NEXT:    bool v11 = !(v1 < v2 || v1 > v2);
// CHECK-NEXT:    bool v12 = !(v1 <= v2);
// CHECK-NEXT:    bool v13 = !(v1 < v2);
// CHECK-NEXT:    bool v14 = !(v1 >= v2);
// CHECK-NEXT:    bool v15 = !(v1 > v2);
// CHECK-NEXT:    bool v16 = v1 != v2;
// CHECK-NEXT:    bool v17 = (v1 != v1 || v2 != v2);
// CHECK-NEXT:    bool v18 = true;
func.func @emit_cmpf_op(%arg0: f32, %arg1: f32) {
  %0 = arith.cmpf false, %arg0, %arg1 : f32
  %1 = arith.cmpf oeq, %arg0, %arg1 : f32
  %2 = arith.cmpf ogt, %arg0, %arg1 : f32
  %3 = arith.cmpf oge, %arg0, %arg1 : f32
  %4 = arith.cmpf olt, %arg0, %arg1 : f32
  %5 = arith.cmpf ole, %arg0, %arg1 : f32
  %6 = arith.cmpf one, %arg0, %arg1 : f32
  %7 = arith.cmpf ord, %arg0, %arg1 : f32
  %8 = arith.cmpf ueq, %arg0, %arg1 : f32
  %9 = arith.cmpf ugt, %arg0, %arg1 : f32
  %10 = arith.cmpf uge, %arg0, %arg1 : f32
  %11 = arith.cmpf ult, %arg0, %arg1 : f32
  %12 = arith.cmpf ule, %arg0, %arg1 : f32
  %13 = arith.cmpf une, %arg0, %arg1 : f32
  %14 = arith.cmpf uno, %arg0, %arg1 : f32
  %15 = arith.cmpf true, %arg0, %arg1 : f32
  return
}

// CHECK-LABEL: void emit_select_op(bool v1, int32_t v2, int32_t v3, AscendC::LocalTensor<float> v4, AscendC::LocalTensor<float> v5) {
// CHECK-NEXT:    int32_t v6 = v1 ? v2 : v3;
// CHECK-NEXT:    AscendC::LocalTensor<float> v7 = v1 ? v4 : v5;
func.func @emit_select_op(%arg0: i1, %arg1: i32, %arg2: i32, %arg3: !ascendc.local_tensor<64xf32>, %arg4: !ascendc.local_tensor<64xf32>) {
  %0 = arith.select %arg0, %arg1, %arg2 : i32
  %1 = arith.select %arg0, %arg3, %arg4 : !ascendc.local_tensor<64xf32>
  return
}

// extui zero-extends and uitofp reads the source as unsigned, whatever its C++ type.
// CHECK-LABEL: void emit_casts(int16_t v1, float v2, uint32_t v3, uint16_t v4) {
// CHECK-NEXT:    int32_t v5 = static_cast<int32_t>(v1);
// CHECK-NEXT:    int64_t v6 = static_cast<int64_t>(static_cast<uint16_t>(v1));
// CHECK-NEXT:    int8_t v7 = static_cast<int8_t>(v1);
// CHECK-NEXT:    half v8 = static_cast<half>(v1);
// CHECK-NEXT:    double v9 = static_cast<double>(v2);
// CHECK-NEXT:    half v10 = static_cast<half>(v2);
// CHECK-NEXT:    int32_t v11 = static_cast<int32_t>(v2);
// CHECK-NEXT:    half v12 = *reinterpret_cast<half*>(&v1);
// CHECK-NEXT:    int32_t v13 = static_cast<int32_t>(v3);
// CHECK-NEXT:    uint32_t v14 = static_cast<uint32_t>(v1);
// CHECK-NEXT:    half v15 = static_cast<half>(static_cast<uint16_t>(v1));
// CHECK-NEXT:    int32_t v16 = static_cast<int32_t>(static_cast<uint32_t>(v2));
// CHECK-NEXT:    int32_t v17 = static_cast<int32_t>(static_cast<int16_t>(v4));
// CHECK-NEXT:    uint32_t v18 = static_cast<uint32_t>(v1);
// CHECK-NEXT:    return;
func.func @emit_casts(%arg0: i16, %arg1: f32, %arg2: index, %arg3: ui16) {
  %0 = arith.extsi %arg0 : i16 to i32
  %1 = arith.extui %arg0 : i16 to i64
  %2 = arith.trunci %arg0 : i16 to i8
  %3 = arith.sitofp %arg0 : i16 to f16
  %4 = arith.extf %arg1 : f32 to f64
  %5 = arith.truncf %arg1 : f32 to f16
  %6 = arith.fptosi %arg1 : f32 to i32
  %7 = arith.bitcast %arg0 : i16 to f16
  %8 = arith.index_cast %arg2 : index to i32
  %9 = arith.index_cast %arg0 : i16 to index
  %10 = arith.uitofp %arg0 : i16 to f16
  %11 = arith.fptoui %arg1 : f32 to i32
  %12 = arith.extsi %arg3 : ui16 to i32
  %13 = builtin.unrealized_conversion_cast %arg0 : i16 to ui32
  return
}

// trunci to i1 keeps the lowest bit (2 is false); C++'s conversion to bool alone tests non-zero.
// CHECK-LABEL: emit_trunc_bool(int32_t v1)
// CHECK: bool v2 = static_cast<bool>(v1 & 1);
func.func @emit_trunc_bool(%arg0: i32) {
  %0 = arith.trunci %arg0 : i32 to i1
  return
}
