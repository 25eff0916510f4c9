// RUN: ascdsl-opt %s -t ascendc --ascendc-compilable | filecheck %s
// The advanced APIs print as pyasc prints them: the template flags as 0/1, isReuseSource and
// taylorExpandLevel as template arguments, optional operands left out of the call.

// CHECK-LABEL: void math_forms(
// CHECK-NEXT:    constexpr bool c0_i1 = false;
// CHECK-NEXT:    constexpr int32_t c256_i32 = 256;
// CHECK-NEXT:    AscendC::Acos<half, c0_i1>(v1, v2, v3, c256_i32);
// CHECK-NEXT:    AscendC::Acos<half, c0_i1>(v1, v2, c256_i32);
// CHECK-NEXT:    AscendC::Acos<half, c0_i1>(v1, v2, v3);
// CHECK-NEXT:    AscendC::Acos<half, c0_i1>(v1, v2);
// CHECK-NEXT:    AscendC::Log<half, c0_i1>(v1, v2, c256_i32);
// CHECK-NEXT:    return;
func.func @math_forms(%arg0: !ascendc.local_tensor<256xf16>, %arg1: !ascendc.local_tensor<256xf16>, %arg2: !ascendc.local_tensor<4096xui8>) {
  %false = arith.constant false
  %n = arith.constant 256 : i32
  ascendc.acos %arg0, %arg1, %arg2, %n, %false : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<4096xui8>, i32, i1
  ascendc.acos %arg0, %arg1, %n, %false : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, i32, i1
  ascendc.acos %arg0, %arg1, %arg2, %false : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<4096xui8>, i1
  ascendc.acos %arg0, %arg1, %false : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, i1
  ascendc.log %arg0, %arg1, %n, %false : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, i32, i1
  return
}

// CHECK-LABEL: void other_math(
// CHECK:         AscendC::Power<float, c0_i1>(v1, v2, v3, v5, c256_i32);
// CHECK-NEXT:    AscendC::Xor<int16_t, cm1_i1>(v6, v6, v6, c256_i32);
// CHECK-NEXT:    AscendC::Axpy<float, half, c0_i1>(v1, v4, c2_f16, v5, c256_i32);
// CHECK-NEXT:    AscendC::ClampMax<float, c0_i1>(v1, v2, c2_f32, c256_i32);
// CHECK-NEXT:    AscendC::ClampMin<float, c0_i1>(v1, v2, v5, c2_f32, c256_i32);
// CHECK-NEXT:    AscendC::Exp<float, c3_i8, c0_i1>(v1, v2, v5, c256_i32);
// CHECK-NEXT:    AscendC::Exp<float, c3_i8, c0_i1>(v1, v2, c256_i32);
func.func @other_math(%arg0: !ascendc.local_tensor<256xf32>, %arg1: !ascendc.local_tensor<256xf32>, %arg2: !ascendc.local_tensor<256xf32>, %arg3: !ascendc.local_tensor<256xf16>, %arg4: !ascendc.local_tensor<4096xui8>, %arg5: !ascendc.local_tensor<256xi16>) {
  %false = arith.constant false
  %true = arith.constant true
  %n = arith.constant 256 : i32
  %lvl = arith.constant 3 : i8
  %h = arith.constant 2.0 : f16
  %x = arith.constant 2.0 : f32
  ascendc.power %arg0, %arg1, %arg2, %arg4, %n, %false : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<4096xui8>, i32, i1
  ascendc.xor %arg5, %arg5, %arg5, %n, %true : !ascendc.local_tensor<256xi16>, !ascendc.local_tensor<256xi16>, !ascendc.local_tensor<256xi16>, i32, i1
  ascendc.axpy %arg0, %arg3, %h, %arg4, %n, %false : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf16>, f16, !ascendc.local_tensor<4096xui8>, i32, i1
  ascendc.clamp_max %arg0, %arg1, %x, %n, %false : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, f32, i32, i1
  ascendc.clamp_min %arg0, %arg1, %arg4, %x, %n, %false : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<4096xui8>, f32, i32, i1
  ascendc.exp %arg0, %arg1, %n, %lvl, %arg4, %false : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32, i8, !ascendc.local_tensor<4096xui8>, i1
  ascendc.exp %arg0, %arg1, %n, %lvl, %false : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32, i8, i1
  return
}

// CHECK-LABEL: void rows(
// CHECK:         SoftMaxTiling v[[T:[0-9]+]]{static_cast<uint32_t>(c8_i32), static_cast<uint32_t>(c64_i32), static_cast<uint32_t>(c512_i32), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
// CHECK:         AscendC::SoftMaxShapeInfo v[[INFO:[0-9]+]]{static_cast<uint32_t>(c8_i32), static_cast<uint32_t>(c64_i32), static_cast<uint32_t>(c8_i32), static_cast<uint32_t>(c64_i32)};
// CHECK-NEXT:    AscendC::SoftMax<half, 0, 1, 0>(v1, v2, v3, v1, v[[T]], v[[INFO]]);
// CHECK-NEXT:    AscendC::SoftMax<half, 0, 0, 0>(v1, v2, v3, v1, v4, v[[T]]);
// CHECK-NEXT:    AscendC::SimpleSoftMax<half, 1, 0, 0>(v1, v2, v3, v1, v[[T]]);
// CHECK:         RmsNormTiling v[[R:[0-9]+]]{static_cast<uint32_t>(c1_i32), static_cast<uint32_t>(c8_i32), static_cast<uint32_t>(c64_i32), static_cast<uint32_t>(c64_i32), c0_015625_f32, 0, 0, 0, 0, 0, 0, 0};
// CHECK:         AscendC::RmsNorm<half, 0>(v1, v1, v1, v4, c0_0010004_f16, v[[R]]);
// CHECK-NEXT:    AscendC::RmsNorm<half, 1>(v1, v1, v1, c0_0010004_f16, v[[R]]);
func.func @rows(%arg0: !ascendc.local_tensor<512xf16>, %arg1: !ascendc.local_tensor<64xf32>, %arg2: !ascendc.local_tensor<64xf32>, %arg3: !ascendc.local_tensor<4096xui8>) {
  %c8 = arith.constant 8 : i32
  %c64 = arith.constant 64 : i32
  %c512 = arith.constant 512 : i32
  %0 = ascendc.construct !ascendc.softmax_tiling(%c8, %c64, %c512) : i32, i32, i32
  %1 = ascendc.construct !ascendc.softmax_shape_info(%c8, %c64, %c8, %c64) : i32, i32, i32, i32
  ascendc.softmax %arg0, %arg1, %arg2, %arg0, %0, %1 {basicBlock} : !ascendc.local_tensor<512xf16>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<512xf16>, !ascendc.softmax_tiling, !ascendc.softmax_shape_info
  ascendc.softmax %arg0, %arg1, %arg2, %arg0, %arg3, %0 : !ascendc.local_tensor<512xf16>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<512xf16>, !ascendc.local_tensor<4096xui8>, !ascendc.softmax_tiling
  ascendc.simple_softmax %arg0, %arg1, %arg2, %arg0, %0 {reuseSource} : !ascendc.local_tensor<512xf16>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<512xf16>, !ascendc.softmax_tiling
  %c1 = arith.constant 1 : i32
  %inv = arith.constant 0.015625 : f32
  %2 = ascendc.construct !ascendc.rmsnorm_tiling(%c1, %c8, %c64, %c64, %inv) : i32, i32, i32, i32, f32
  %eps = arith.constant 0.001 : f16
  ascendc.rmsnorm %arg0, %arg0, %arg0, %eps, %2, %arg3 : !ascendc.local_tensor<512xf16>, !ascendc.local_tensor<512xf16>, !ascendc.local_tensor<512xf16>, f16, !ascendc.rmsnorm_tiling, !ascendc.local_tensor<4096xui8>
  ascendc.rmsnorm %arg0, %arg0, %arg0, %eps, %2 {basicBlock} : !ascendc.local_tensor<512xf16>, !ascendc.local_tensor<512xf16>, !ascendc.local_tensor<512xf16>, f16, !ascendc.rmsnorm_tiling
  return
}

// CHECK-LABEL: void quant_and_sort(
// CHECK:         static constexpr AscendC::AscendQuantConfig v[[CFG:[0-9]+]]{{{.*}}};
// CHECK:         AscendC::AscendQuant<float, 0, v[[CFG]]>(v1, v2, v3, c2_f32, c0_5_f32, c256_i32);
// CHECK-NEXT:    AscendC::AscendQuant<float, 1>(v1, v2, c2_f32, c0_5_f32, c256_i32);
// CHECK-NEXT:    AscendC::Concat(v4, v4, v4, c8_i32);
// CHECK-NEXT:    AscendC::Extract(v4, v5, v4, c8_i32);
func.func @quant_and_sort(%arg0: !ascendc.local_tensor<256xi8>, %arg1: !ascendc.local_tensor<256xf32>, %arg2: !ascendc.local_tensor<4096xui8>, %arg3: !ascendc.local_tensor<512xf32>, %arg4: !ascendc.local_tensor<256xui32>) {
  %c32 = arith.constant 32 : i32
  %c0 = arith.constant 0 : i32
  %n = arith.constant 256 : i32
  %c8 = arith.constant 8 : i32
  %3 = ascendc.construct !ascendc.ascend_quant_config(%c32, %c0, %c0, %n) [ui32, ui32, ui32, ui32] constexpr static : i32, i32, i32, i32
  %scale = arith.constant 2.0 : f32
  %offset = arith.constant 0.5 : f32
  ascendc.quant %arg0, %arg1, %scale, %offset, %n, %arg2, %3 : !ascendc.local_tensor<256xi8>, !ascendc.local_tensor<256xf32>, f32, f32, i32, !ascendc.local_tensor<4096xui8>, !ascendc.ascend_quant_config
  ascendc.quant %arg0, %arg1, %scale, %offset, %n {isReuseSource} : !ascendc.local_tensor<256xi8>, !ascendc.local_tensor<256xf32>, f32, f32, i32
  ascendc.concat %arg3, %arg3, %arg3, %c8 : !ascendc.local_tensor<512xf32>, !ascendc.local_tensor<512xf32>, !ascendc.local_tensor<512xf32>, i32
  ascendc.extract %arg3, %arg4, %arg3, %c8 : !ascendc.local_tensor<512xf32>, !ascendc.local_tensor<256xui32>, !ascendc.local_tensor<512xf32>, i32
  return
}

// CHECK-LABEL: void beyond_pyasc(
// CHECK:         AscendC::Gelu<float, 1, 0>(v1, v2, v3, c256_i32);
// CHECK-NEXT:    AscendC::FasterGelu<float, 0, 1>(v1, v2, c256_i32);
// CHECK-NEXT:    AscendC::Sigmoid<float, 0>(v1, v2, v3, c256_i32);
// CHECK-NEXT:    AscendC::Silu<float, 1>(v1, v2, c256_i32);
// CHECK-NEXT:    AscendC::Swish<float, 0>(v1, v2, c256_i32, c1_5_f32);
// CHECK-NEXT:    AscendC::SwiGLU<float, 0>(v1, v2, v2, c1_5_f32, v3, c256_i32);
// CHECK:         LogSoftMaxTiling v[[LT:[0-9]+]]{static_cast<uint32_t>(c8_i32), static_cast<uint32_t>(c32_i32), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
// CHECK-NEXT:    AscendC::LogSoftMax<float, 0, 0>(v1, v4, v4, v2, v3, v[[LT]]);
// CHECK:         LayerNormTiling v[[NT:[0-9]+]]{static_cast<uint32_t>(c1_i32), static_cast<uint32_t>(c8_i32), static_cast<uint32_t>(c32_i32), static_cast<uint32_t>(c32_i32), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, static_cast<float>(0)};
// CHECK-NEXT:    AscendC::LayerNorm<float, 0>(v1, v4, v4, v2, v5, v5, c1_5_f32, v[[NT]]);
func.func @beyond_pyasc(%arg0: !ascendc.local_tensor<256xf32>, %arg1: !ascendc.local_tensor<256xf32>, %arg2: !ascendc.local_tensor<4096xui8>, %arg3: !ascendc.local_tensor<64xf32>, %arg4: !ascendc.local_tensor<32xf32>) {
  %n = arith.constant 256 : i32
  %b = arith.constant 1.5 : f32
  ascendc.gelu %arg0, %arg1, %arg2, %n {highPrecision} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<4096xui8>, i32
  ascendc.faster_gelu %arg0, %arg1, %n {highPerformance} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32
  ascendc.sigmoid %arg0, %arg1, %arg2, %n : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<4096xui8>, i32
  ascendc.silu %arg0, %arg1, %n {isReuseSource} : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32
  ascendc.swish %arg0, %arg1, %n, %b : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32, f32
  ascendc.swiglu %arg0, %arg1, %arg1, %b, %arg2, %n : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, f32, !ascendc.local_tensor<4096xui8>, i32
  %c8 = arith.constant 8 : i32
  %c32 = arith.constant 32 : i32
  %0 = ascendc.construct !ascendc.log_softmax_tiling(%c8, %c32) : i32, i32
  ascendc.log_softmax %arg0, %arg3, %arg3, %arg1, %arg2, %0 : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<4096xui8>, !ascendc.log_softmax_tiling
  %c1 = arith.constant 1 : i32
  %1 = ascendc.construct !ascendc.layernorm_tiling(%c1, %c8, %c32, %c32) : i32, i32, i32, i32
  ascendc.layernorm %arg0, %arg3, %arg3, %arg1, %arg4, %arg4, %b, %1 : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<32xf32>, !ascendc.local_tensor<32xf32>, f32, !ascendc.layernorm_tiling
  return
}
