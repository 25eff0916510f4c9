// RUN: ascdsl-opt %s -t ascendc --ascendc-compilable | filecheck %s
// Data movement and parameter structs (ascendc.construct).

// CHECK-LABEL: void emit_data_copy(AscendC::GlobalTensor<int32_t> v1, AscendC::LocalTensor<int32_t> v2, AscendC::DataCopyParams v3, int32_t v4) {
// CHECK-NEXT:    AscendC::DataCopy(v1, v2, v3);
// CHECK-NEXT:    AscendC::DataCopy(v2, v1, v3);
// CHECK-NEXT:    AscendC::DataCopy(v1, v2, v4);
// CHECK-NEXT:    AscendC::DataCopy(v2, v1, v4);
// CHECK-NEXT:    AscendC::DataCopy(v2, v2, v4);
// CHECK-NEXT:    return;
func.func @emit_data_copy(%arg0 : !ascendc.global_tensor<i32>, %arg1 : !ascendc.local_tensor<i32>, %arg2 : !ascendc.data_copy_params, %arg3 : i32) {
  ascendc.data_copy_l0 %arg0, %arg1, %arg2 : !ascendc.global_tensor<i32>, !ascendc.local_tensor<i32>, !ascendc.data_copy_params
  ascendc.data_copy_l0 %arg1, %arg0, %arg2 : !ascendc.local_tensor<i32>, !ascendc.global_tensor<i32>, !ascendc.data_copy_params
  ascendc.data_copy_l2 %arg0, %arg1, %arg3 : !ascendc.global_tensor<i32>, !ascendc.local_tensor<i32>, i32
  ascendc.data_copy_l2 %arg1, %arg0, %arg3 : !ascendc.local_tensor<i32>, !ascendc.global_tensor<i32>, i32
  ascendc.data_copy_l2 %arg1, %arg1, %arg3 : !ascendc.local_tensor<i32>, !ascendc.local_tensor<i32>, i32
  return
}

// Values whose type is the field's type go in as they are; others are cast, since a brace
// initializer must not narrow. Missing trailing fields get their defaults: the structs'
// constructors take all fields.
// CHECK-LABEL: void emit_data_copy_pad(AscendC::GlobalTensor<int32_t> v1, AscendC::LocalTensor<int32_t> v2, uint16_t v3, bool v4, uint8_t v5, uint64_t v6, int32_t v7) {
// CHECK-NEXT:    AscendC::DataCopyParams v8{v3, v3, v3, v3};
// CHECK-NEXT:    AscendC::DataCopyPadParams v9{v4, v5, v5, v6};
// CHECK-NEXT:    AscendC::DataCopyPad(v2, v1, v8, v9);
// CHECK-NEXT:    AscendC::DataCopyPad(v1, v2, v8);
// CHECK-NEXT:    AscendC::DataCopyParams v10{static_cast<uint16_t>(v7), static_cast<uint16_t>(v7), 0, 0};
// CHECK-NEXT:    return;
func.func @emit_data_copy_pad(%arg0 : !ascendc.global_tensor<i32>, %arg1 : !ascendc.local_tensor<i32>, %arg2 : ui16, %arg3 : i1, %arg4 : ui8, %arg5 : ui64, %arg6 : i32) {
  %0 = ascendc.construct !ascendc.data_copy_params(%arg2, %arg2, %arg2, %arg2) : ui16, ui16, ui16, ui16
  %1 = ascendc.construct !ascendc.data_copy_pad_params(%arg3, %arg4, %arg4, %arg5) : i1, ui8, ui8, ui64
  ascendc.data_copy_pad_l0 %arg1, %arg0, %0, %1 : !ascendc.local_tensor<i32>, !ascendc.global_tensor<i32>, !ascendc.data_copy_params, !ascendc.data_copy_pad_params
  ascendc.data_copy_pad_l2 %arg0, %arg1, %0 : !ascendc.global_tensor<i32>, !ascendc.local_tensor<i32>, !ascendc.data_copy_params
  %2 = ascendc.construct !ascendc.data_copy_params(%arg6, %arg6) : i32, i32
  return
}

// Integer constants that fit the field need no cast (a constexpr does not narrow).
// CHECK-LABEL: void emit_construct_constants(int64_t v1) {
// CHECK-NEXT:    constexpr int32_t c1_i32 = 1;
// CHECK-NEXT:    constexpr int32_t c8_i32 = 8;
// CHECK-NEXT:    AscendC::DataCopyParams v2;
// CHECK-NEXT:    AscendC::BinaryRepeatParams v3{static_cast<uint8_t>(c1_i32), static_cast<uint8_t>(c1_i32), static_cast<uint8_t>(c1_i32), static_cast<uint8_t>(c8_i32), static_cast<uint8_t>(c8_i32), static_cast<uint8_t>(c8_i32)};
// CHECK-NEXT:    AscendC::UnaryRepeatParams v4{static_cast<uint16_t>(c1_i32), static_cast<uint16_t>(c1_i32), static_cast<uint8_t>(c8_i32), static_cast<uint8_t>(c8_i32)};
// CHECK-NEXT:    AscendC::DataCopyExtParams v5{static_cast<uint16_t>(c1_i32), static_cast<uint32_t>(v1), static_cast<uint32_t>(c8_i32), static_cast<uint32_t>(c8_i32), static_cast<uint32_t>(c1_i32)};
// CHECK-NEXT:    return;
func.func @emit_construct_constants(%arg0 : i64) {
  %c1 = arith.constant 1 : i32
  %c8 = arith.constant 8 : i32
  %0 = ascendc.construct !ascendc.data_copy_params()
  %1 = ascendc.construct !ascendc.binary_repeat_params(%c1, %c1, %c1, %c8, %c8, %c8) : i32, i32, i32, i32, i32, i32
  %2 = ascendc.construct !ascendc.unary_repeat_params(%c1, %c1, %c8, %c8) : i32, i32, i32, i32
  %3 = ascendc.construct !ascendc.data_copy_ext_params(%c1, %arg0, %c8, %c8, %c1) : i32, i64, i32, i32, i32
  return
}

// An explicit cast list wins over the field types (as pyasc's `[ui32, ...]`).
// CHECK-LABEL: void emit_construct_cast_list(int32_t v1, uint32_t v2) {
// CHECK-NEXT:    AscendC::DataCopyExtParams v3{static_cast<uint16_t>(v1), v2, static_cast<uint32_t>(v1), static_cast<uint32_t>(v1), v2};
// CHECK-NEXT:    static AscendC::DataCopyParams v4;
func.func @emit_construct_cast_list(%arg0 : i32, %arg1 : ui32) {
  %0 = ascendc.construct !ascendc.data_copy_ext_params(%arg0, %arg1, %arg0, %arg0, %arg1) [ui16, ui32, ui32, ui32, ui32] : i32, ui32, i32, i32, ui32
  %1 = ascendc.construct !ascendc.data_copy_params() static
  return
}

// CHECK-LABEL: void emit_data_copy_count(AscendC::GlobalTensor<int32_t> v1, AscendC::LocalTensor<int32_t> v2, AscendC::DataCopyParams v3, AscendC::BinaryRepeatParams v4, AscendC::UnaryRepeatParams v5, int32_t v6) {
// CHECK-NEXT:    AscendC::DataCopy(v1, v2, v3);
// CHECK-NEXT:    AscendC::DataCopy(v1, v2, v6);
func.func @emit_data_copy_count(%arg0 : !ascendc.global_tensor<i32>, %arg1 : !ascendc.local_tensor<i32>, %arg2 : !ascendc.data_copy_params, %arg3 : !ascendc.binary_repeat_params, %arg4 : !ascendc.unary_repeat_params, %arg5 : i32) {
  ascendc.data_copy_l0 %arg0, %arg1, %arg2 : !ascendc.global_tensor<i32>, !ascendc.local_tensor<i32>, !ascendc.data_copy_params
  ascendc.data_copy_l2 %arg0, %arg1, %arg5 : !ascendc.global_tensor<i32>, !ascendc.local_tensor<i32>, i32
  return
}

// CHECK-LABEL: void emit_data_copy_pad_pair(AscendC::GlobalTensor<int32_t> v1, AscendC::LocalTensor<int32_t> v2, uint16_t v3) {
// CHECK-NEXT:    AscendC::DataCopyParams v4{v3, v3, v3, v3};
// CHECK-NEXT:    AscendC::DataCopyPadParams v5{static_cast<bool>(v3), static_cast<uint8_t>(v3), static_cast<uint8_t>(v3), static_cast<uint64_t>(v3)};
// CHECK-NEXT:    AscendC::DataCopyPad(v2, v1, v4, v5);
func.func @emit_data_copy_pad_pair(%arg0 : !ascendc.global_tensor<i32>, %arg1 : !ascendc.local_tensor<i32>, %arg2 : ui16) {
  %0 = ascendc.construct !ascendc.data_copy_params(%arg2, %arg2, %arg2, %arg2) : ui16, ui16, ui16, ui16
  %1 = ascendc.construct !ascendc.data_copy_pad_params(%arg2, %arg2, %arg2, %arg2) : ui16, ui16, ui16, ui16
  ascendc.data_copy_pad_l0 %arg1, %arg0, %0, %1 : !ascendc.local_tensor<i32>, !ascendc.global_tensor<i32>, !ascendc.data_copy_params, !ascendc.data_copy_pad_params
  return
}
