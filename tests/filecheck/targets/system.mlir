// RUN: ascdsl-opt %s -t ascendc | filecheck %s
// System, atomic, scalar and cross-core sync ops print as pyasc prints them
// (pyasc's test/Target/AscendC/basic/{sys_var,set_atomic,scalar,data_cache,common,
// determine_compute_sync}.mlir).

// CHECK-LABEL: void queries(uint32_t v1, __gm__ int8_t* v2, int64_t v3) {
// CHECK-NEXT:    AscendC::GetArchVersion(v1);
// CHECK-NEXT:    int16_t v4 = AscendC::GetDataBlockSizeInBytes();
// CHECK-NEXT:    int64_t v5 = AscendC::GetProgramCounter();
// CHECK-NEXT:    int32_t v6 = AscendC::GetSystemCycle();
// CHECK-NEXT:    int64_t v7 = AscendC::GetTaskRatio();
// CHECK-NEXT:    int64_t v8 = AscendC::GetICachePreloadStatus();
// CHECK-NEXT:    AscendC::ICachePreLoad(v3);
// CHECK-NEXT:    AscendC::Trap();
// CHECK-NEXT:    AscendC::InitSocState();
// CHECK-NEXT:    AscendC::SetSysWorkspace(reinterpret_cast<__gm__ uint8_t*>(v2));
// CHECK-NEXT:    __gm__ uint8_t* v9 = GetSysWorkSpacePtr();
// CHECK-NEXT:    AscendC::DataSyncBarrier<AscendC::MemDsbT::UB>();
// CHECK-NEXT:    return;
func.func @queries(%arg0: ui32, %arg1: memref<?xi8, 22>, %arg2: i64) {
  ascendc.get_arch_version %arg0 : ui32
  %0 = ascendc.get_data_block_size_in_bytes : i16
  %1 = ascendc.get_program_counter : i64
  %2 = ascendc.get_system_cycle : i32
  %3 = ascendc.get_task_ratio : i64
  %4 = ascendc.get_icache_preload_status : i64
  ascendc.icache_preload %arg2 : i64
  ascendc.trap
  ascendc.init_soc_state
  ascendc.set_sys_workspace %arg1 : memref<?xi8, 22>
  %5 = ascendc.get_sys_workspace_ptr : memref<?xi8, 22>
  ascendc.data_sync_barrier {memDsbType = 2 : i32} : () -> ()
  return
}

// CHECK-LABEL: void cache(AscendC::GlobalTensor<half> v1, AscendC::GlobalTensor<uint64_t> v2, int32_t v3) {
// CHECK-NEXT:    AscendC::DataCachePreload(v2, v3);
// CHECK-NEXT:    AscendC::DataCacheCleanAndInvalid<half, AscendC::CacheLine::ENTIRE_DATA_CACHE, AscendC::DcciDst::CACHELINE_ALL>(v1);
// CHECK-NEXT:    AscendC::DataCacheCleanAndInvalid<half, AscendC::CacheLine::SINGLE_CACHE_LINE>(v1);
func.func @cache(%arg0: !ascendc.global_tensor<*xf16>, %arg1: !ascendc.global_tensor<*xui64>, %arg2: i32) {
  ascendc.data_cache_preload %arg1, %arg2 : !ascendc.global_tensor<*xui64>, i32
  ascendc.data_cache_clean_invalid_global %arg0 {dcciDst = 0 : i32, entireType = 1 : i32} : !ascendc.global_tensor<*xf16>
  ascendc.data_cache_clean_invalid_global_nodccidst %arg0 {entireType = 0 : i32} : !ascendc.global_tensor<*xf16>
  return
}

// CHECK-LABEL: void scalar(float v1, uint64_t v2, int64_t v3) {
// CHECK-NEXT:    half v4 = AscendC::ScalarCast<float, half, AscendC::RoundMode::CAST_RINT>(v1);
// CHECK-NEXT:    constexpr int32_t c1_i32 = 1;
// CHECK-NEXT:    int64_t v5 = AscendC::ScalarGetSFFValue<c1_i32>(v2);
// CHECK-NEXT:    int64_t v6 = AscendC::ScalarGetCountOfValue<c1_i32>(v2);
// CHECK-NEXT:    int64_t v7 = AscendC::ScalarCountLeadingZero(v2);
// CHECK-NEXT:    int64_t v8 = AscendC::CountBitsCntSameAsSignBit(v3);
func.func @scalar(%arg0: f32, %arg1: ui64, %arg2: i64) {
  %0 = ascendc.scalar_cast %arg0 {dtype = f16, roundMode = 1 : i32} : f32 -> f16
  %c1_i32 = arith.constant 1 : i32
  %1 = ascendc.scalar_get_sff_value %arg1, %c1_i32 : ui64, i32 -> i64
  %2 = ascendc.scalar_get_count_of_value %arg1, %c1_i32 : ui64, i32 -> i64
  %3 = ascendc.scalar_count_leading_zero %arg1 : ui64 -> i64
  %4 = ascendc.count_bits_cnt_same_as_sign_bit %arg2 : i64 -> i64
  return
}

// CHECK-LABEL: void atomics() {
// CHECK-NEXT:    AscendC::SetAtomicAdd<float>();
// CHECK-NEXT:    AscendC::SetAtomicMax<half>();
// CHECK-NEXT:    AscendC::SetAtomicMin<int32_t>();
// CHECK-NEXT:    AscendC::SetAtomicType<bfloat16_t>();
// CHECK-NEXT:    AscendC::SetAtomicNone();
// CHECK-NEXT:    AscendC::SetStoreAtomicConfig<AscendC::AtomicDtype::ATOMIC_BF16, AscendC::AtomicOp::ATOMIC_SUM>();
// CHECK-NEXT:    uint16_t v1;
// CHECK-NEXT:    uint16_t v2;
// CHECK-NEXT:    AscendC::GetStoreAtomicConfig(v1, v2);
func.func @atomics() {
  ascendc.set_atomic_add {dtype = f32} : () -> ()
  ascendc.set_atomic_max {dtype = f16} : () -> ()
  ascendc.set_atomic_min {dtype = i32} : () -> ()
  ascendc.set_atomic_type {dtype = bf16} : () -> ()
  ascendc.set_atomic_none : () -> ()
  ascendc.set_store_atomic_config atomic_bf16, atomic_sum
  %0, %1 = ascendc.get_store_atomic_config : ui16, ui16
  return
}

// CHECK-LABEL: void block_sync(AscendC::GlobalTensor<int32_t> v1, AscendC::LocalTensor<int32_t> v2, int32_t v3) {
// CHECK-NEXT:    AscendC::WaitPreBlock(v1, v2);
// CHECK-NEXT:    AscendC::NotifyNextBlock(v1, v2);
// CHECK-NEXT:    AscendC::IBSet(v1, v2, v3, v3);
// CHECK-NEXT:    AscendC::IBWait(v1, v2, v3, v3);
// CHECK-NEXT:    AscendC::SyncAll(v1, v2, v3);
// CHECK-NEXT:    AscendC::SyncAll();
func.func @block_sync(%arg0: !ascendc.global_tensor<*xi32>, %arg1: !ascendc.local_tensor<*xi32>, %arg2: i32) {
  ascendc.wait_pre_block %arg0, %arg1 : !ascendc.global_tensor<*xi32>, !ascendc.local_tensor<*xi32>
  ascendc.notify_next_block %arg0, %arg1 : !ascendc.global_tensor<*xi32>, !ascendc.local_tensor<*xi32>
  ascendc.ib_set %arg0, %arg1, %arg2, %arg2 {isAIVOnly} : !ascendc.global_tensor<*xi32>, !ascendc.local_tensor<*xi32>, i32, i32
  ascendc.ib_wait %arg0, %arg1, %arg2, %arg2 : !ascendc.global_tensor<*xi32>, !ascendc.local_tensor<*xi32>, i32, i32
  ascendc.sync_all_soft %arg0, %arg1, %arg2 : !ascendc.global_tensor<*xi32>, !ascendc.local_tensor<*xi32>, i32
  ascendc.sync_all_hard
  return
}

// CHECK-LABEL: void modes(bool v1, __gm__ uint8_t* v2) {
// CHECK-NEXT:    AscendC::SetHF32Mode(v1);
// CHECK-NEXT:    AscendC::SetHF32TransMode(v1);
// CHECK-NEXT:    AscendC::SetMMLayoutTransform(v1);
// CHECK-NEXT:    constexpr int32_t c1_i32 = 1;
// CHECK-NEXT:    AscendC::SetHcclContext<c1_i32>(v2);
// CHECK-NEXT:    __gm__ uint8_t* v3 = AscendC::GetHcclContext<c1_i32>();
func.func @modes(%arg0: i1, %arg1: memref<?xui8, 22>) {
  ascendc.set_hf32_mode %arg0 : i1
  ascendc.set_hf32_trans_mode %arg0 : i1
  ascendc.set_mm_layout_transform %arg0 : i1
  %c1_i32 = arith.constant 1 : i32
  ascendc.set_hccl_context %c1_i32, %arg1 : i32, memref<?xui8, 22>
  %0 = ascendc.get_hccl_context %c1_i32 : i32, memref<?xui8, 22>
  return
}
