// RUN: ascdsl-opt %s -t ascendc | filecheck %s
// A kernel that prints gets pyasc's dump buffer: the `dump_addr` argument and InitDump.

// CHECK-LABEL: extern "C" __global__ __aicore__ void prints(__gm__ half* v1, __gm__ uint8_t* dump_addr) {
// CHECK-NEXT:    #if defined ASCENDC_DUMP
// CHECK-NEXT:      constexpr uint32_t ascendc_one_core_dump_size = 1048576;
// CHECK-NEXT:      AscendC::InitDump(false, dump_addr, ascendc_one_core_dump_size);
// CHECK-NEXT:      uint64_t asc_timestamp = 0;
// CHECK-NEXT:      uint64_t asc_version = 0;
// CHECK-NEXT:      __gm__ char* asc_version_str = nullptr;
// CHECK-NEXT:      GetCannVersion(asc_version_str, asc_version, asc_timestamp);
// CHECK-NEXT:      if (asc_timestamp == 0) {
// CHECK-NEXT:        AscendC::printf("[WARNING]: CANN TimeStamp is invalid,                 CANN TimeStamp is %u\n", asc_timestamp);
// CHECK-NEXT:      } else {
// CHECK-NEXT:        AscendC::printf("CANN Version: %s, TimeStamp: %u\n",                 (__gm__ const char*)(asc_version_str), asc_timestamp);
// CHECK-NEXT:      }
// CHECK-NEXT:    #endif
// CHECK-NEXT:    AscendC::printf("%p", v1);
// CHECK-NEXT:    return;
func.func @prints(%arg0: memref<?xf16, 22>) attributes {ascendc.aicore, ascendc.global} {
  ascendc.printf %arg0 {desc = "%p"} : memref<?xf16, 22>
  return
}

// A kernel without printf or DumpTensor keeps its arguments (PrintTimeStamp does not dump).
// CHECK-LABEL: extern "C" __global__ __aicore__ void quiet(uint32_t v1) {
// CHECK-NEXT:    AscendC::PrintTimeStamp(v1);
func.func @quiet(%arg0: ui32) attributes {ascendc.aicore, ascendc.global} {
  ascendc.print_time_stamp %arg0 : ui32
  return
}

// Helpers (not kernels) never take the buffer.
// CHECK-LABEL: void helper(int32_t v1) {
// CHECK-NEXT:    AscendC::printf("%d", v1);
func.func @helper(%arg0: i32) {
  ascendc.printf %arg0 {desc = "%d"} : i32
  return
}
