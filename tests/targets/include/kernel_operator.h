// Test-only declaration of the Ascend C API surface that ascdsl's `ascendc` dialect prints.
//
// Purpose: `g++ -std=c++17 -fsyntax-only -Werror=narrowing` against this header catches
// wrong arity, wrong argument types, wrong template arguments, undeclared names and syntax
// errors in the C++ the Ascend C target emits. It declares (never defines) the classes and
// functions with the signatures and template parameters documented for CANN's Ascend C
// (kernel_tpipe.h, kernel_tensor.h, kernel_operator_*_intf.h, kernel_struct_*.h; 910B / C220).
// It is not CANN's header and has no behaviour; only what the dialect uses is declared.
// Narrowing is an error here because bisheng (clang) rejects `T{x}` that narrows a
// non-constant, while g++ only warns by default.

#ifndef ASCDSL_TEST_KERNEL_OPERATOR_H
#define ASCDSL_TEST_KERNEL_OPERATOR_H

#include <cstddef>
#include <cstdint>

// CCE function and address-space qualifiers (compiler keywords under bisheng).
#define __global__
#define __aicore__
#define __gm__
#define __ca__
#define __cb__
#define __cc__
#define __ubuf__
#define __cbuf__
#define __fbuf__

// half / bfloat16_t are arithmetic types under bisheng. Modelled as classes whose operations
// stay in the type, so that `c ? h : -h` and `h * h` type-check as they do on the device.
struct half {
    uint16_t bits;
    half() = default;
    half(float value);
    explicit operator float() const;
};
half operator+(half a, half b);
half operator-(half a, half b);
half operator*(half a, half b);
half operator/(half a, half b);
half operator-(half a);
bool operator==(half a, half b);
bool operator!=(half a, half b);
bool operator<(half a, half b);
bool operator<=(half a, half b);
bool operator>(half a, half b);
bool operator>=(half a, half b);

struct bfloat16_t {
    uint16_t bits;
    bfloat16_t() = default;
    bfloat16_t(float value);
    explicit operator float() const;
};
bfloat16_t operator+(bfloat16_t a, bfloat16_t b);
bfloat16_t operator-(bfloat16_t a, bfloat16_t b);
bfloat16_t operator*(bfloat16_t a, bfloat16_t b);
bfloat16_t operator/(bfloat16_t a, bfloat16_t b);
bfloat16_t operator-(bfloat16_t a);
bool operator==(bfloat16_t a, bfloat16_t b);
bool operator!=(bfloat16_t a, bfloat16_t b);
bool operator<(bfloat16_t a, bfloat16_t b);
bool operator<=(bfloat16_t a, bfloat16_t b);
bool operator>(bfloat16_t a, bfloat16_t b);
bool operator>=(bfloat16_t a, bfloat16_t b);

// Hardware pipes: a global enum, spelled without a namespace (`PIPE_V`).
enum pipe_t {
    PIPE_S = 0,
    PIPE_V,
    PIPE_M,
    PIPE_MTE1,
    PIPE_MTE2,
    PIPE_MTE3,
    PIPE_ALL,
    PIPE_MTE4,
    PIPE_MTE5,
    PIPE_V2,
    PIPE_FIX,
};

// bisheng intrinsic: base address of the FFTS cross-core flag block.
__aicore__ void set_ffts_base_addr(uint64_t config);

namespace AscendC {

enum class TPosition : uint8_t {
    GM,
    A1,
    A2,
    B1,
    B2,
    C1,
    C2,
    CO1,
    CO2,
    VECIN,
    VECOUT,
    VECCALC,
    LCM = VECCALC,
    SPM,
    SHM = SPM,
    TSCM,
    C2PIPE2GM,
    C2PIPE2LOCAL,
    MAX,
};

enum class HardEvent : uint8_t {
    MTE2_MTE1,
    MTE1_MTE2,
    MTE1_M,
    M_MTE1,
    MTE2_V,
    V_MTE2,
    MTE3_V,
    V_MTE3,
    M_V,
    V_M,
    V_V,
    MTE3_MTE1,
    MTE1_MTE3,
    MTE1_V,
    MTE2_M,
    M_MTE2,
    V_MTE1,
    M_FIX,
    FIX_M,
    MTE3_MTE2,
    MTE2_MTE3,
    S_V,
    V_S,
    S_MTE2,
    MTE2_S,
    S_MTE3,
    MTE3_S,
    MTE2_FIX,
    FIX_MTE2,
    FIX_S,
    M_S,
    FIX_MTE3,
    MTE1_FIX,
    FIX_MTE1,
    FIX_FIX,
    MAX,
};

enum class Hardware : uint8_t { GM, UB, L1, L0A, L0B, L0C, BIAS, FIXBUF, MAX };

enum class RoundMode {
    CAST_NONE = 0,
    CAST_RINT,
    CAST_FLOOR,
    CAST_CEIL,
    CAST_ROUND,
    CAST_TRUNC,
    CAST_ODD,
};

enum class CMPMODE : uint8_t { LT = 0, GT, EQ, LE, GE, NE };
enum class CacheMode { CACHE_MODE_DISABLE = 0, CACHE_MODE_NORMAL = 1, CACHE_MODE_LAST = 2,
                       CACHE_MODE_PERSISTENT = 4 };
enum class CacheRwMode { READ = 1, WRITE = 2, RW = 3 };

using TEventID = int8_t;

// --- parameter structs (kernel_struct_data_copy.h, kernel_struct_binary.h, _unary.h) ---------

struct DataCopyParams {
    __aicore__ DataCopyParams() {}
    __aicore__ DataCopyParams(
        const uint16_t count, const uint16_t len, const uint16_t srcStrideIn, const uint16_t dstStrideIn);
    uint16_t blockCount = 1;
    uint16_t blockLen = 0;
    uint16_t srcStride = 0;
    uint16_t dstStride = 0;
};

struct DataCopyPadParams {
    __aicore__ DataCopyPadParams() {}
    __aicore__ DataCopyPadParams(
        const bool isPadValue, const uint8_t leftPadValue, const uint8_t rightPadValue, const uint64_t padValue);
    bool isPad = false;
    uint8_t leftPadding = 0;
    uint8_t rightPadding = 0;
    uint64_t paddingValue = 0;
};

struct DataCopyExtParams {
    __aicore__ DataCopyExtParams() {}
    __aicore__ DataCopyExtParams(
        const uint16_t count, const uint32_t len, const uint32_t srcStrideIn, const uint32_t dstStrideIn,
        const uint32_t rsvIn);
    uint16_t blockCount = 1;
    uint32_t blockLen = 0;
    uint32_t srcStride = 0;
    uint32_t dstStride = 0;
    uint32_t rsv = 0;
};

template <typename T>
struct DataCopyPadExtParams {
    __aicore__ DataCopyPadExtParams() {}
    __aicore__ DataCopyPadExtParams(
        const bool isPadValue, const uint8_t leftPadValue, const uint8_t rightPadValue, T padValue);
    bool isPad = false;
    uint8_t leftPadding = 0;
    uint8_t rightPadding = 0;
    T paddingValue;
};

struct BinaryRepeatParams {
    __aicore__ BinaryRepeatParams() {}
    __aicore__ BinaryRepeatParams(
        const uint8_t dstBlkStrideIn, const uint8_t src0BlkStrideIn, const uint8_t src1BlkStrideIn,
        const uint8_t dstRepStrideIn, const uint8_t src0RepStrideIn, const uint8_t src1RepStrideIn);
    uint32_t blockNumber = 8;
    uint8_t dstBlkStride = 1;
    uint8_t src0BlkStride = 1;
    uint8_t src1BlkStride = 1;
    uint8_t dstRepStride = 8;
    uint8_t src0RepStride = 8;
    uint8_t src1RepStride = 8;
};

struct UnaryRepeatParams {
    __aicore__ UnaryRepeatParams() {}
    __aicore__ UnaryRepeatParams(
        const uint16_t dstBlkStrideIn, const uint16_t srcBlkStrideIn, const uint8_t dstRepStrideIn,
        const uint8_t srcRepStrideIn);
    __aicore__ UnaryRepeatParams(
        const uint16_t dstBlkStrideIn, const uint16_t srcBlkStrideIn, const uint8_t dstRepStrideIn,
        const uint8_t srcRepStrideIn, const bool halfBlockIn);
    uint32_t blockNumber = 8;
    uint16_t dstBlkStride = 1;
    uint16_t srcBlkStride = 1;
    uint8_t dstRepStride = 8;
    uint8_t srcRepStride = 8;
    bool halfBlock = false;
};

// --- tensors (kernel_tensor.h) --------------------------------------------------------------

template <typename T> class SymbolOverrideAdd;
template <typename T> class SymbolOverrideSub;
template <typename T> class SymbolOverrideMul;
template <typename T> class SymbolOverrideDiv;

template <typename T>
class BaseLocalTensor {};

template <typename T>
class BaseGlobalTensor {};

template <typename T>
class LocalTensor : public BaseLocalTensor<T> {
public:
    __aicore__ LocalTensor() {}
    __aicore__ LocalTensor(TPosition pos, uint32_t addr, uint32_t tileSize);
    __aicore__ T GetValue(const uint32_t index) const;
    template <typename S>
    __aicore__ void SetValue(const uint32_t index, const S value) const;
    __aicore__ LocalTensor operator[](const uint32_t offset) const;
    template <typename U>
    __aicore__ LocalTensor<U> ReinterpretCast() const;
    __aicore__ uint64_t GetPhyAddr() const;
    __aicore__ uint32_t GetSize() const;
    __aicore__ void SetSize(const uint32_t size);
    __aicore__ void operator=(const SymbolOverrideAdd<T>& symbolOverride);
    __aicore__ void operator=(const SymbolOverrideSub<T>& symbolOverride);
    __aicore__ void operator=(const SymbolOverrideMul<T>& symbolOverride);
    __aicore__ void operator=(const SymbolOverrideDiv<T>& symbolOverride);
    __aicore__ SymbolOverrideAdd<T> operator+(const LocalTensor<T>& src1) const;
    __aicore__ SymbolOverrideSub<T> operator-(const LocalTensor<T>& src1) const;
    __aicore__ SymbolOverrideMul<T> operator*(const LocalTensor<T>& src1) const;
    __aicore__ SymbolOverrideDiv<T> operator/(const LocalTensor<T>& src1) const;
};

template <typename T> class SymbolOverrideAdd { public: LocalTensor<T> src0, src1; };
template <typename T> class SymbolOverrideSub { public: LocalTensor<T> src0, src1; };
template <typename T> class SymbolOverrideMul { public: LocalTensor<T> src0, src1; };
template <typename T> class SymbolOverrideDiv { public: LocalTensor<T> src0, src1; };

template <typename T>
class GlobalTensor : public BaseGlobalTensor<T> {
public:
    __aicore__ GlobalTensor() {}
    __aicore__ void SetGlobalBuffer(__gm__ T* buffer, uint64_t bufferSize);
    __aicore__ void SetGlobalBuffer(__gm__ T* buffer);
    __aicore__ const __gm__ T* GetPhyAddr() const;
    __aicore__ T GetValue(const uint64_t offset) const;
    __aicore__ void SetValue(const uint64_t offset, T value);
    __aicore__ uint64_t GetSize() const;
    __aicore__ GlobalTensor operator[](const uint64_t offset) const;
    template <CacheRwMode rwMode = CacheRwMode::RW>
    __aicore__ void SetL2CacheHint(CacheMode mode);
};

template <Hardware hard = Hardware::UB>
class LocalMemAllocator {
public:
    __aicore__ LocalMemAllocator();
    __aicore__ uint32_t GetCurAddr() const;
    template <TPosition pos, class DataType, uint32_t tileSize>
    __aicore__ LocalTensor<DataType> Alloc();
    template <TPosition pos, class DataType>
    __aicore__ LocalTensor<DataType> Alloc(uint32_t tileSize);
};

// --- framework (kernel_tpipe.h) ---------------------------------------------------------------

template <TPosition src, TPosition dst, int32_t depth, auto mask = 0>
class TQueBind {
public:
    __aicore__ TQueBind();
    template <typename T>
    __aicore__ LocalTensor<T> AllocTensor();
    template <typename T>
    __aicore__ void FreeTensor(LocalTensor<T>& tensor);
    template <typename T>
    __aicore__ bool EnQue(const LocalTensor<T>& tensor);
    template <typename T>
    __aicore__ LocalTensor<T> DeQue();
    __aicore__ bool VacantInQue();
    __aicore__ bool HasTensorInQue();
    __aicore__ int32_t GetTensorCountInQue();
    __aicore__ bool HasIdleBuffer();
    TQueBind(const TQueBind&) = delete;
    TQueBind& operator=(const TQueBind&) = delete;
};

template <TPosition pos, int32_t depth, auto mask = 0>
class TQue : public TQueBind<pos, pos, depth, mask> {
public:
    __aicore__ TQue() = default;
};

template <TPosition pos = TPosition::LCM>
class TBuf : public TQueBind<pos, pos, 0, 0> {
public:
    __aicore__ TBuf() = default;
    template <typename T>
    __aicore__ LocalTensor<T> Get();
    template <typename T>
    __aicore__ LocalTensor<T> Get(uint32_t len);
    template <typename T>
    __aicore__ LocalTensor<T> GetWithOffset(uint32_t size, uint32_t bufOffset);
};

template <TPosition pos, uint32_t bufIDSize = 4>
class TBufPool {
public:
    __aicore__ TBufPool();
    template <class T>
    __aicore__ bool InitBuffer(T& que, uint8_t num, uint32_t len);
    template <TPosition bufPos>
    __aicore__ bool InitBuffer(TBuf<bufPos>& buf, uint32_t len);
    __aicore__ void Reset();
    TBufPool(const TBufPool&) = delete;
    TBufPool& operator=(const TBufPool&) = delete;
};

class TPipe {
public:
    __aicore__ TPipe();
    __aicore__ void Init();
    template <class T>
    __aicore__ bool InitBuffer(T& que, uint8_t num, uint32_t len);
    template <TPosition pos>
    __aicore__ bool InitBuffer(TBuf<pos>& buf, uint32_t len);
    template <class T>
    __aicore__ bool InitBufPool(T& bufPool, uint32_t len);
    template <HardEvent evt>
    __aicore__ TEventID AllocEventID();
    template <HardEvent evt>
    __aicore__ void ReleaseEventID(TEventID id);
    template <HardEvent evt>
    __aicore__ TEventID FetchEventID();
    __aicore__ void Destroy();
    __aicore__ void Reset();
    TPipe(const TPipe&) = delete;
    TPipe& operator=(const TPipe&) = delete;
};

__aicore__ TPipe* GetTPipePtr();

// --- data movement (kernel_operator_data_copy_intf.h) -----------------------------------------

template <typename T>
__aicore__ void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const DataCopyParams& repeatParams);
template <typename T>
__aicore__ void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyParams& repeatParams);
template <typename T>
__aicore__ void DataCopy(const LocalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyParams& repeatParams);
template <typename T>
__aicore__ void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const uint32_t count);
template <typename T>
__aicore__ void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t count);
template <typename T>
__aicore__ void DataCopy(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t count);

template <typename T>
__aicore__ void DataCopyPad(
    const LocalTensor<T>& dst, const GlobalTensor<T>& src, const DataCopyParams& dataCopyParams,
    const DataCopyPadParams& padParams);
template <typename T>
__aicore__ void DataCopyPad(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyParams& dataCopyParams);
template <typename T>
__aicore__ void DataCopyPad(
    const LocalTensor<T>& dst, const GlobalTensor<T>& src, const DataCopyExtParams& dataCopyParams,
    const DataCopyPadExtParams<T>& padParams);
template <typename T>
__aicore__ void DataCopyPad(
    const GlobalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyExtParams& dataCopyParams);

// --- vector compute: binary (kernel_operator_vec_binary_intf.h) ------------------------------

#define ASCDSL_DECLARE_BINARY(NAME)                                                                 \
    template <typename T, bool isSetMask = true>                                                    \
    __aicore__ void NAME(                                                                           \
        const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, uint64_t mask[], \
        const uint8_t repeatTime, const BinaryRepeatParams& repeatParams);                          \
    template <typename T, bool isSetMask = true>                                                    \
    __aicore__ void NAME(                                                                           \
        const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, uint64_t mask,   \
        const uint8_t repeatTime, const BinaryRepeatParams& repeatParams);                          \
    template <typename T>                                                                           \
    __aicore__ void NAME(                                                                           \
        const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, const int32_t& count);

ASCDSL_DECLARE_BINARY(Add)
ASCDSL_DECLARE_BINARY(Sub)
ASCDSL_DECLARE_BINARY(Mul)
ASCDSL_DECLARE_BINARY(Div)
ASCDSL_DECLARE_BINARY(Max)
ASCDSL_DECLARE_BINARY(Min)
ASCDSL_DECLARE_BINARY(And)
ASCDSL_DECLARE_BINARY(Or)
ASCDSL_DECLARE_BINARY(AddRelu)
ASCDSL_DECLARE_BINARY(SubRelu)
#undef ASCDSL_DECLARE_BINARY

// --- vector compute: unary (kernel_operator_vec_unary_intf.h) --------------------------------

#define ASCDSL_DECLARE_UNARY(NAME)                                                                  \
    template <typename T, bool isSetMask = true>                                                    \
    __aicore__ void NAME(                                                                           \
        const LocalTensor<T>& dst, const LocalTensor<T>& src, uint64_t mask[], const uint8_t repeatTime, \
        const UnaryRepeatParams& repeatParams);                                                     \
    template <typename T, bool isSetMask = true>                                                    \
    __aicore__ void NAME(                                                                           \
        const LocalTensor<T>& dst, const LocalTensor<T>& src, uint64_t mask, const uint8_t repeatTime, \
        const UnaryRepeatParams& repeatParams);                                                     \
    template <typename T>                                                                           \
    __aicore__ void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t& count);

ASCDSL_DECLARE_UNARY(Abs)
ASCDSL_DECLARE_UNARY(Exp)
ASCDSL_DECLARE_UNARY(Ln)
ASCDSL_DECLARE_UNARY(Relu)
ASCDSL_DECLARE_UNARY(Rsqrt)
ASCDSL_DECLARE_UNARY(Sqrt)
ASCDSL_DECLARE_UNARY(Reciprocal)
ASCDSL_DECLARE_UNARY(Not)
#undef ASCDSL_DECLARE_UNARY

template <typename T>
__aicore__ void Neg(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t count);

// --- vector compute: tensor-scalar (kernel_operator_vec_binary_scalar_intf.h) -----------------

#define ASCDSL_DECLARE_VEC_SCALAR(NAME)                                                             \
    template <typename T, bool isSetMask = true>                                                    \
    __aicore__ void NAME(                                                                           \
        const LocalTensor<T>& dst, const LocalTensor<T>& src, const T& scalarValue, const int32_t& count); \
    template <typename T, bool isSetMask = true>                                                    \
    __aicore__ void NAME(                                                                           \
        const LocalTensor<T>& dst, const LocalTensor<T>& src, const T& scalarValue, uint64_t mask[], \
        const uint8_t repeatTime, const UnaryRepeatParams& repeatParams);                           \
    template <typename T, bool isSetMask = true>                                                    \
    __aicore__ void NAME(                                                                           \
        const LocalTensor<T>& dst, const LocalTensor<T>& src, const T& scalarValue, uint64_t mask,  \
        const uint8_t repeatTime, const UnaryRepeatParams& repeatParams);

ASCDSL_DECLARE_VEC_SCALAR(Adds)
ASCDSL_DECLARE_VEC_SCALAR(Muls)
ASCDSL_DECLARE_VEC_SCALAR(Maxs)
ASCDSL_DECLARE_VEC_SCALAR(Mins)
ASCDSL_DECLARE_VEC_SCALAR(LeakyRelu)
ASCDSL_DECLARE_VEC_SCALAR(ShiftLeft)
ASCDSL_DECLARE_VEC_SCALAR(ShiftRight)
#undef ASCDSL_DECLARE_VEC_SCALAR

// --- duplicate, cast, reductions ---------------------------------------------------------------

template <typename T>
__aicore__ void Duplicate(const LocalTensor<T>& dst, const T& scalarValue, const int32_t& count);
template <typename T, bool isSetMask = true>
__aicore__ void Duplicate(
    const LocalTensor<T>& dst, const T& scalarValue, uint64_t mask[], const uint8_t repeatTime,
    const uint16_t dstBlockStride, const uint8_t dstRepeatStride);
template <typename T, bool isSetMask = true>
__aicore__ void Duplicate(
    const LocalTensor<T>& dst, const T& scalarValue, uint64_t mask, const uint8_t repeatTime,
    const uint16_t dstBlockStride, const uint8_t dstRepeatStride);

template <typename T, typename U, bool isSetMask = true>
__aicore__ void Cast(
    const LocalTensor<T>& dst, const LocalTensor<U>& src, const RoundMode& roundMode, const uint64_t mask[],
    const uint8_t repeatTime, const UnaryRepeatParams& repeatParams);
template <typename T, typename U, bool isSetMask = true>
__aicore__ void Cast(
    const LocalTensor<T>& dst, const LocalTensor<U>& src, const RoundMode& roundMode, const uint64_t mask,
    const uint8_t repeatTime, const UnaryRepeatParams& repeatParams);
template <typename T, typename U>
__aicore__ void Cast(const LocalTensor<T>& dst, const LocalTensor<U>& src, const RoundMode& roundMode, const uint32_t count);

template <typename T>
__aicore__ void ReduceSum(
    const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& sharedTmpBuffer, const int32_t count);
template <typename T>
__aicore__ void ReduceMax(
    const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& sharedTmpBuffer, const int32_t count,
    bool calIndex = 0);
template <typename T>
__aicore__ void ReduceMin(
    const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& sharedTmpBuffer, const int32_t count,
    bool calIndex = 0);

// --- compare and select (kernel_operator_vec_cmpsel_intf.h) ---------------------------------------

enum class SELMODE : uint8_t { VSEL_CMPMASK_SPR = 0, VSEL_TENSOR_SCALAR_MODE, VSEL_TENSOR_TENSOR_MODE };

template <typename T, typename U, bool isSetMask = true>
__aicore__ void Compare(
    const LocalTensor<U>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, CMPMODE cmpMode,
    const uint64_t mask, uint8_t repeatTime, const BinaryRepeatParams& repeatParams);
template <typename T, typename U, bool isSetMask = true>
__aicore__ void CompareScalar(
    const LocalTensor<U>& dst, const LocalTensor<T>& src0, const T src1Scalar, CMPMODE cmpMode,
    const uint64_t mask, uint8_t repeatTime, const UnaryRepeatParams& repeatParams);
template <typename T, typename U, bool isSetMask = true>
__aicore__ void Select(
    const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0,
    const LocalTensor<T>& src1, SELMODE selMode, uint64_t mask, uint8_t repeatTime,
    const BinaryRepeatParams& repeatParams);

// --- math library (adv_api/math/*.h): the overload without a shared temporary buffer -----------

#define ASCDSL_DECLARE_VECTOR_MATH(NAME)                                                          \
    template <typename T, bool isReuseSource = false>                                           \
    __aicore__ void NAME(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,      \
                         const uint32_t calCount);

ASCDSL_DECLARE_VECTOR_MATH(Erf)
ASCDSL_DECLARE_VECTOR_MATH(Tanh)
ASCDSL_DECLARE_VECTOR_MATH(Sin)
ASCDSL_DECLARE_VECTOR_MATH(Cos)
ASCDSL_DECLARE_VECTOR_MATH(Tan)
ASCDSL_DECLARE_VECTOR_MATH(Sinh)
ASCDSL_DECLARE_VECTOR_MATH(Cosh)
ASCDSL_DECLARE_VECTOR_MATH(Floor)
ASCDSL_DECLARE_VECTOR_MATH(Ceil)
#undef ASCDSL_DECLARE_VECTOR_MATH

// --- synchronization, system variables, debug -------------------------------------------------

template <HardEvent event>
__aicore__ void SetFlag(int32_t eventID);
template <HardEvent event>
__aicore__ void WaitFlag(int32_t eventID);
template <pipe_t pipe>
__aicore__ void PipeBarrier();

__aicore__ int64_t GetBlockIdx();
__aicore__ int64_t GetBlockNum();
__aicore__ int64_t GetSubBlockIdx();

template <class... Args>
__aicore__ void printf(__gm__ const char* fmt, Args&&... args);
template <typename T>
__aicore__ void DumpTensor(const LocalTensor<T>& tensor, uint32_t desc, uint32_t dumpSize);
template <typename T>
__aicore__ void DumpTensor(const GlobalTensor<T>& tensor, uint32_t desc, uint32_t dumpSize);

// --- scalar math, as pyasc's emitter spells it ---------------------------------------------------

#define ASCDSL_DECLARE_SCALAR_MATH(NAME) \
    __aicore__ float NAME(float x);      \
    __aicore__ half NAME(half x);        \
    __aicore__ double NAME(double x);

ASCDSL_DECLARE_SCALAR_MATH(Cos)
ASCDSL_DECLARE_SCALAR_MATH(Sin)
ASCDSL_DECLARE_SCALAR_MATH(Log2)
ASCDSL_DECLARE_SCALAR_MATH(Log)
ASCDSL_DECLARE_SCALAR_MATH(Ceil)
ASCDSL_DECLARE_SCALAR_MATH(Floor)
ASCDSL_DECLARE_SCALAR_MATH(Round)
ASCDSL_DECLARE_SCALAR_MATH(Exp)
ASCDSL_DECLARE_SCALAR_MATH(Sqrt)
ASCDSL_DECLARE_SCALAR_MATH(Rsqrt)
#undef ASCDSL_DECLARE_SCALAR_MATH

}  // namespace AscendC

#endif  // ASCDSL_TEST_KERNEL_OPERATOR_H
