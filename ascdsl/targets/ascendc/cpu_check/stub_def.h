// ascdsl's stand-in for the CPU-debug header CANN's tikicpulib provides under this name.
//
// The Ascend C headers include "stub_def.h" when ASCENDC_CPU_DEBUG=1: it gives the host
// compiler what bisheng knows natively. This one is only good for `g++ -fsyntax-only`
// (ascdsl.targets.ascendc.check): nothing here links or runs. The CCE intrinsics the headers
// call are declared in ascdsl_intrinsics.h, generated from the headers at first use.
#pragma once

#include <cassert>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <iostream>
#include <string>
#include <type_traits>
#include <vector>

// Function and address-space qualifiers of the device dialect: no meaning on the host.
#define __aicore__
#define __global__
#define __host__
#define __host_aicore__
#define __simd_callee__
#define __simt_callee__
#define __disable_kernel_type_autoinfer__
#define __BLOCK_LOCAL__
#define __WORKGROUP_LOCAL__
#define __gm__
#define __ubuf__
#define __cbuf__
#define __ca__
#define __cb__
#define __cc__
#define __fbuf__
#define __biasbuf__
#define __ssbuf__
#define __simt_gm__
#define __local_mem__
#define __sync_alias__
#define __sync_noalias__
#define __check_sync_alias__
#define __in_pipe__(...)
#define __out_pipe__(...)
#define __inout_pipe__(...)
#define ASCENDC_HOST
#define ASCENDC_AICORE
#define ASCENDC_HOST_AICORE

// Narrow floating-point element types: storage and conversions, enough for overload
// resolution and the headers' arithmetic (values are not computed).
template <int Tag>
struct AscdslNarrowFloat {
    uint16_t bits = 0;
    AscdslNarrowFloat() = default;
    template <class T, class = std::enable_if_t<std::is_arithmetic_v<T>>>
    AscdslNarrowFloat(T) {}
    operator float() const { return 0.0f; }
    float ToFloat() const { return 0.0f; }
    AscdslNarrowFloat operator-() const { return *this; }
    AscdslNarrowFloat &operator+=(const AscdslNarrowFloat &) { return *this; }
    AscdslNarrowFloat &operator-=(const AscdslNarrowFloat &) { return *this; }
    AscdslNarrowFloat &operator*=(const AscdslNarrowFloat &) { return *this; }
    AscdslNarrowFloat &operator/=(const AscdslNarrowFloat &) { return *this; }
};
using half = AscdslNarrowFloat<0>;
using bfloat16_t = AscdslNarrowFloat<1>;
using fp8_e4m3fn_t = AscdslNarrowFloat<2>;
using fp8_e5m2_t = AscdslNarrowFloat<3>;
using fp8_e8m0_t = AscdslNarrowFloat<4>;
using hifloat8_t = AscdslNarrowFloat<5>;
using fp4x2_e1m2_t = AscdslNarrowFloat<6>;
using fp4x2_e2m1_t = AscdslNarrowFloat<7>;
using float32_t = float;

// Hardware enumerations the compiler predefines for the device.
enum pipe_t : uint8_t {
    PIPE_S, PIPE_V, PIPE_M, PIPE_MTE1, PIPE_MTE2, PIPE_MTE3, PIPE_ALL, PIPE_MTE4, PIPE_MTE5,
    PIPE_V2, PIPE_FIX, PIPE_NUM
};
enum event_t : uint8_t {
    EVENT_ID0, EVENT_ID1, EVENT_ID2, EVENT_ID3, EVENT_ID4, EVENT_ID5, EVENT_ID6, EVENT_ID7
};
enum mem_t : uint8_t { L1, L0A, L0B, L0C, UB, BT, OUT = 0x10 };
enum bm_t : uint8_t { BM_DISABLE, BM_ENABLE };
enum class pad_t : uint8_t { PAD_NONE, PAD_MODE1, PAD_MODE2, PAD_MODE3, PAD_MODE4, PAD_MODE5 };
enum class Order_t : uint8_t { VALUE_INDEX, INDEX_VALUE, ONLY_VALUE, ONLY_INDEX };
enum class cache_line_t : uint8_t { SINGLE_CACHE_LINE, ENTIRE_DATA_CACHE };
enum class dcci_dst_t : uint8_t { CACHELINE_ALL, CACHELINE_UB, CACHELINE_OUT, CACHELINE_ATOMIC };
enum mem_dsb_t : uint8_t { DSB_ALL, DSB_DDR, DSB_UB, DSB_SEQ };
enum addr_cal_mode_t : uint8_t { inc, dec };
enum atomic_type_t : uint8_t {
    ATOMIC_NONE_T, ATOMIC_F32, ATOMIC_F16, ATOMIC_S16, ATOMIC_S32, ATOMIC_S8, ATOMIC_BF16
};
enum atomic_op_t : uint8_t { ATOMIC_SUM, ATOMIC_MAX, ATOMIC_MIN };
enum ub_addr8_t : uint8_t { VA0, VA1, VA2, VA3, VA4, VA5, VA6, VA7 };
enum vpart_t : uint8_t { L128, H128 };
// Unscoped, as the compiler defines it: the Matmul library assigns a QuantMode_t to a uint8_t
// (copy_cube_out_fixpipe.h: `param.quantMode = ...GetMatmulQuantMode()`).
enum QuantMode_t : uint8_t {
    NoQuant, F322F16, F322BF16, DEQF16, VDEQF16, DEQS16, VDEQS16, REQ8, VREQ8, REQ4, VREQ4,
    QF322B8_PRE, VQF322B8_PRE, QF322F16_PRE, VQF322F16_PRE, QF322BF16_PRE, VQF322BF16_PRE,
    QF322F32_PRE, VQF322F32_PRE, QF322FP8_PRE, VQF322FP8_PRE, QF322HIF8_PRE, VQF322HIF8_PRE,
    QF322HIF8_PRE_HYBRID, VQF322HIF8_PRE_HYBRID, QS322BF16_PRE, VQS322BF16_PRE, QF162B8_PRE,
    VQF162B8_PRE, QF162S16_PRE, VQF162S16_PRE, QF162S4_PRE, VQF162S4_PRE
};

// Register-level vector types, only named in declarations.
struct vector_bool {};
struct vector_align {};
struct vector_address {};

// State the CPU-debug model keeps; declared, never defined (nothing links).
extern int32_t g_coreType;
extern int32_t g_matmulCount;
extern uint64_t g_fixpipeNdNzParam;
extern int64_t block_idx;
extern int64_t block_num;
extern int64_t sub_block_idx;
extern int64_t g_taskRation;
namespace AscendC {
constexpr int32_t AIC_TYPE = 1;
constexpr int32_t AIV_TYPE = 2;
extern bool g_isVdeq;
}  // namespace AscendC

// What an intrinsic whose result is used returns: converts to whatever is asked for.
struct AscdslAnyValue {
    template <class T>
    operator T() const { return T(); }
};

#include "ascdsl_intrinsics.h"
