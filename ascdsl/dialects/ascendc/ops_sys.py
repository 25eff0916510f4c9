"""System queries, the system workspace, cache maintenance and scalar bit ops.

pyasc's `asc.language.basic.sys_var`, `common`, `cache` and `scalar`: small scalar-unit APIs.
Each runs on the scalar pipe (PIPE_S) and touches no tensor data, except that the cache ops
name the GM tensor whose lines they clean or preload.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import IntegerAttr, i64
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import ParsePropInAttrDict, operand_def, prop_def, result_def
from xdsl.utils.exceptions import VerifyException

from .base import AscendCOp, Cpp, CppStyle, asc_op, enum_attr
from .constraints import GLOBAL, INT, MEMREF
from .enums import Pipe, RoundMode
from .enums_sys import CacheLine, DcciDst, MemDsbT
from .syntax_sys import DefaultResultSyntax, UnitFunctionSyntax

# --- system queries ------------------------------------------------------------------------


class _QueryOp(AscendCOp):
    """`T v = AscendC::Api();` on the scalar unit. Not Pure: cycle counter and program counter
    change between two reads, so two queries must not be merged."""

    value = result_def(INT)
    assembly_format = "attr-dict `:` type($value)"

    def __init__(self, result_type: Attribute = i64):
        super().__init__(result_types=[result_type])


@asc_op(cpp=Cpp("GetDataBlockSizeInBytes"), pipe=Pipe.PIPE_S)
class GetDataBlockSizeInBytesOp(_QueryOp):
    """`GetDataBlockSizeInBytes()`: the bytes of one data block (32 on the 910B)."""

    name = "ascendc.get_data_block_size_in_bytes"


@asc_op(cpp=Cpp("GetProgramCounter"), pipe=Pipe.PIPE_S)
class GetProgramCounterOp(_QueryOp):
    """`GetProgramCounter()`: the address of the current instruction."""

    name = "ascendc.get_program_counter"


@asc_op(cpp=Cpp("GetSystemCycle"), pipe=Pipe.PIPE_S)
class GetSystemCycleOp(_QueryOp):
    """`GetSystemCycle()`: the core's cycle counter."""

    name = "ascendc.get_system_cycle"


@asc_op(cpp=Cpp("GetTaskRatio"), pipe=Pipe.PIPE_S)
class GetTaskRatioOp(_QueryOp):
    """`GetTaskRatio()`: vector cores per cube core of the launch (1 for a vector-only one)."""

    name = "ascendc.get_task_ratio"


@asc_op(cpp=Cpp("GetICachePreloadStatus"), pipe=Pipe.PIPE_S)
class GetICachePreloadStatusOp(DefaultResultSyntax, _QueryOp):
    """`GetICachePreloadStatus()`: 0 once the instruction-cache preload has finished."""

    name = "ascendc.get_icache_preload_status"
    DEFAULT_RESULT: ClassVar[Attribute] = i64  # pyasc's frontend leaves the type out
    assembly_format = None


@asc_op(cpp=Cpp("GetArchVersion"), pipe=Pipe.PIPE_S)
class GetArchVersionOp(AscendCOp):
    """`GetArchVersion(coreVersion)`: the chip reports its architecture version through the
    `uint32_t&` argument (an output parameter pyasc passes by value)."""

    name = "ascendc.get_arch_version"
    core_version = operand_def(INT)
    assembly_format = "$core_version attr-dict `:` type($core_version)"

    def __init__(self, core_version: SSAValue):
        super().__init__(operands=[core_version])

    def verify_facts(self) -> None:
        # The C++ parameter is `uint32_t&`: any other type does not bind to it.
        if str(self.core_version.type) != "ui32":
            raise VerifyException(
                f"the core version is a uint32_t& output, not {self.core_version.type}"
            )


@asc_op(cpp=Cpp("Trap"), pipe=Pipe.PIPE_S)
class TrapOp(AscendCOp):
    """`Trap()`: stop the kernel with an exception (the simulator reports where)."""

    name = "ascendc.trap"
    assembly_format = "attr-dict"


@asc_op(cpp=Cpp("InitSocState"), pipe=Pipe.PIPE_S)
class InitSocStateOp(AscendCOp):
    """`InitSocState()`: reset the control registers (atomic mode, mask mode, ...) to their
    power-on values."""

    name = "ascendc.init_soc_state"
    assembly_format = "attr-dict"


@asc_op(cpp=Cpp("ICachePreLoad"), pipe=Pipe.PIPE_S)
class ICachePreLoadOp(AscendCOp):
    """`ICachePreLoad(preFetchLen)`: prefetch instructions into the instruction cache."""

    name = "ascendc.icache_preload"
    pre_fetch_len = operand_def(INT)
    assembly_format = "$pre_fetch_len attr-dict `:` type($pre_fetch_len)"

    def __init__(self, pre_fetch_len: SSAValue):
        super().__init__(operands=[pre_fetch_len])


# --- the system workspace ------------------------------------------------------------------


@asc_op(cpp=Cpp("SetSysWorkspace"), pipe=Pipe.PIPE_S)
class SetSysWorkspaceOp(AscendCOp):
    """`SetSysWorkspace(ptr)`: the GM scratch area the framework's APIs (SyncAll, matmul)
    use; printed through `reinterpret_cast<__gm__ uint8_t*>` as the API takes bytes."""

    name = "ascendc.set_sys_workspace"
    workspace = operand_def(MEMREF)
    assembly_format = "$workspace attr-dict `:` type($workspace)"

    def __init__(self, workspace: SSAValue):
        super().__init__(operands=[workspace])


@asc_op(cpp=Cpp("GetSysWorkSpacePtr", namespace=""), pipe=Pipe.PIPE_S)
class GetSysWorkspacePtrOp(AscendCOp):
    """`GetSysWorkSpacePtr()`: the pointer SetSysWorkspace set (a global of the headers, not
    in `AscendC::`)."""

    name = "ascendc.get_sys_workspace_ptr"
    ptr = result_def(MEMREF)
    assembly_format = "attr-dict `:` type($ptr)"

    def __init__(self, result_type: Attribute):
        super().__init__(result_types=[result_type])


# --- data cache ----------------------------------------------------------------------------


@asc_op(cpp=Cpp("DataCachePreload"), pipe=Pipe.PIPE_S, reads=("src",))
class DataCachePreloadOp(AscendCOp):
    """`DataCachePreload(src, cacheOffset)`: load the scalar data cache line at `src` +
    `cacheOffset` bytes ahead of scalar reads."""

    name = "ascendc.data_cache_preload"
    src = operand_def(GLOBAL)
    cache_offset = operand_def(INT)
    assembly_format = "operands attr-dict `:` type(operands)"

    def __init__(self, src: SSAValue, cache_offset: SSAValue):
        super().__init__(operands=[src, cache_offset])

    def verify_facts(self) -> None:
        # kernel_operator_cache_intf.h takes `const GlobalTensor<uint64_t>&` only.
        elem = getattr(self.src.type, "element_type", None)
        if str(elem) != "ui64":
            raise VerifyException(f"DataCachePreload reads a global tensor of ui64, not {elem}")


class _DcciOp(AscendCOp):
    dst = operand_def(GLOBAL)
    entireType = prop_def(IntegerAttr)
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "$dst attr-dict `:` type($dst)"


@asc_op(
    cpp=Cpp("DataCacheCleanAndInvalid", template=("elem:dst", "enum:entireType", "enum:dcciDst")),
    pipe=Pipe.PIPE_S,
    enums={"entireType": CacheLine, "dcciDst": DcciDst},
)
class DataCacheCleanInvalidGlobalOp(_DcciOp):
    """`DataCacheCleanAndInvalid<T, entireType, dcciDst>(dst)`: write back and drop the
    scalar data cache lines of `dst` (one line or the whole cache)."""

    name = "ascendc.data_cache_clean_invalid_global"
    dcciDst = prop_def(IntegerAttr)

    def __init__(self, dst: SSAValue, entire: CacheLine, dcci_dst: DcciDst):
        super().__init__(
            operands=[dst],
            properties={"entireType": enum_attr(entire), "dcciDst": enum_attr(dcci_dst)},
        )


@asc_op(
    cpp=Cpp("DataCacheCleanAndInvalid", template=("elem:dst", "enum:entireType")),
    pipe=Pipe.PIPE_S,
    enums={"entireType": CacheLine},
)
class DataCacheCleanInvalidGlobalNoDcciDstOp(_DcciOp):
    """`DataCacheCleanAndInvalid<T, entireType>(dst)`: the form without a DcciDst."""

    name = "ascendc.data_cache_clean_invalid_global_nodccidst"

    def __init__(self, dst: SSAValue, entire: CacheLine):
        super().__init__(operands=[dst], properties={"entireType": enum_attr(entire)})


@asc_op(
    cpp=Cpp("DataSyncBarrier", template=("enum:memDsbType",)),
    pipe=Pipe.PIPE_S,
    enums={"memDsbType": MemDsbT},
)
class DataSyncBarrierOp(UnitFunctionSyntax, AscendCOp):
    """`DataSyncBarrier<MemDsbT>()`: the scalar unit waits until the memory accesses issued
    before it have completed."""

    name = "ascendc.data_sync_barrier"
    memDsbType = prop_def(IntegerAttr)

    def __init__(self, kind: MemDsbT = MemDsbT.ALL):
        super().__init__(properties={"memDsbType": enum_attr(kind)})


# --- scalar bit ops ------------------------------------------------------------------------


@asc_op(
    # The source type is the operand's scalar type, which no Cpp source names: a target rule.
    cpp=Cpp("ScalarCast", CppStyle.SPECIAL),
    pipe=Pipe.PIPE_S,
    enums={"roundMode": RoundMode},
)
class ScalarCastOp(AscendCOp):
    """`ScalarCast<float, T, roundMode>(v)`: convert a float scalar to int32 or half with a
    rounding mode."""

    name = "ascendc.scalar_cast"
    value = operand_def()
    result = result_def()
    dtype = prop_def(Attribute)
    roundMode = prop_def(IntegerAttr)
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "$value attr-dict `:` type($value) `->` type($result)"

    def __init__(self, value: SSAValue, dtype: Attribute, round_mode: RoundMode):
        super().__init__(
            operands=[value],
            result_types=[dtype],
            properties={"dtype": dtype, "roundMode": enum_attr(round_mode)},
        )

    def verify_facts(self) -> None:
        if self.dtype != self.result.type:
            raise VerifyException(
                f"dtype {self.dtype} and the result type {self.result.type} must match"
            )
        if str(self.dtype) not in ("i32", "f16"):
            raise VerifyException(f"ScalarCast converts to i32 or f16, not {self.dtype}")


class _BitQueryOp(AscendCOp):
    """`int64_t v = AscendC::Api<countValue>(valueIn);` (countValue 0 or 1)."""

    value = operand_def(INT)
    count_value = operand_def(INT)
    result = result_def(INT)
    assembly_format = (
        "$value `,` $count_value attr-dict `:` type($value) `,` type($count_value) "
        "`->` type($result)"
    )

    def __init__(self, value: SSAValue, count_value: SSAValue, result_type: Attribute = i64):
        super().__init__(operands=[value, count_value], result_types=[result_type])


@asc_op(
    cpp=Cpp("ScalarGetSFFValue", template=("value:count_value",), args=("value",)),
    pipe=Pipe.PIPE_S,
)
class ScalarGetSFFValueOp(_BitQueryOp):
    """`ScalarGetSFFValue<c>(v)`: the position of the lowest bit of `v` equal to c, -1 if none."""

    name = "ascendc.scalar_get_sff_value"


@asc_op(
    cpp=Cpp("ScalarGetCountOfValue", template=("value:count_value",), args=("value",)),
    pipe=Pipe.PIPE_S,
)
class ScalarGetCountOfValueOp(_BitQueryOp):
    """`ScalarGetCountOfValue<c>(v)`: how many of the 64 bits of `v` equal c."""

    name = "ascendc.scalar_get_count_of_value"


class _BitCountOp(AscendCOp):
    value = operand_def(INT)
    result = result_def(INT)
    assembly_format = "$value attr-dict `:` type($value) `->` type($result)"

    def __init__(self, value: SSAValue, result_type: Attribute = i64):
        super().__init__(operands=[value], result_types=[result_type])


@asc_op(cpp=Cpp("ScalarCountLeadingZero"), pipe=Pipe.PIPE_S)
class ScalarCountLeadingZeroOp(_BitCountOp):
    """`ScalarCountLeadingZero(v)`: leading zero bits of the uint64 `v` (64 for 0)."""

    name = "ascendc.scalar_count_leading_zero"


@asc_op(cpp=Cpp("CountBitsCntSameAsSignBit"), pipe=Pipe.PIPE_S)
class CountBitsCntSameAsSignBitOp(_BitCountOp):
    """`CountBitsCntSameAsSignBit(v)`: how many bits below the sign bit of the int64 `v`
    repeat it before the first that differs (63 for 0 and -1)."""

    name = "ascendc.count_bits_cnt_same_as_sign_bit"


# --- cube modes and the HCCL context -------------------------------------------------------


class _ModeOp(AscendCOp):
    """`AscendC::Api(bool)`: a mode register of the cube unit."""

    mode = operand_def(INT)
    assembly_format = "$mode attr-dict `:` type($mode)"

    def __init__(self, mode: SSAValue):
        super().__init__(operands=[mode])


@asc_op(cpp=Cpp("SetHF32Mode"), pipe=Pipe.PIPE_S)
class SetHF32ModeOp(_ModeOp):
    """`SetHF32Mode(on)`: the cube multiplies f32 inputs as HF32."""

    name = "ascendc.set_hf32_mode"


@asc_op(cpp=Cpp("SetHF32TransMode"), pipe=Pipe.PIPE_S)
class SetHF32TransModeOp(_ModeOp):
    """`SetHF32TransMode(mode)`: how f32 is rounded to HF32 (to nearest even or away)."""

    name = "ascendc.set_hf32_trans_mode"


@asc_op(cpp=Cpp("SetMMLayoutTransform"), pipe=Pipe.PIPE_S)
class SetMMLayoutTransformOp(_ModeOp):
    """`SetMMLayoutTransform(on)`: Mmad reads its L0 operands column-major first."""

    name = "ascendc.set_mm_layout_transform"


@asc_op(cpp=Cpp("SetHcclContext", template=("value:index",), args=("context",)),
        pipe=Pipe.PIPE_S)
class SetHcclContextOp(AscendCOp):
    """`SetHcclContext<index>(context)`: the GM address of communication context `index`."""

    name = "ascendc.set_hccl_context"
    index = operand_def(INT)
    context = operand_def(MEMREF)
    assembly_format = "$index `,` $context attr-dict `:` type($index) `,` type($context)"

    def __init__(self, index: SSAValue, context: SSAValue):
        super().__init__(operands=[index, context])


@asc_op(cpp=Cpp("GetHcclContext", template=("value:index",), args=()), pipe=Pipe.PIPE_S)
class GetHcclContextOp(AscendCOp):
    """`GetHcclContext<index>()`: the address SetHcclContext gave context `index`."""

    name = "ascendc.get_hccl_context"
    index = operand_def(INT)
    context = result_def(MEMREF)
    assembly_format = "$index attr-dict `:` type($index) `,` type($context)"

    def __init__(self, index: SSAValue, result_type: Attribute):
        super().__init__(operands=[index], result_types=[result_type])


SYS_OPS: list[type[AscendCOp]] = [
    GetDataBlockSizeInBytesOp,
    GetProgramCounterOp,
    GetSystemCycleOp,
    GetTaskRatioOp,
    GetICachePreloadStatusOp,
    GetArchVersionOp,
    TrapOp,
    InitSocStateOp,
    ICachePreLoadOp,
    SetSysWorkspaceOp,
    GetSysWorkspacePtrOp,
    DataCachePreloadOp,
    DataCacheCleanInvalidGlobalOp,
    DataCacheCleanInvalidGlobalNoDcciDstOp,
    DataSyncBarrierOp,
    ScalarCastOp,
    ScalarGetSFFValueOp,
    ScalarGetCountOfValueOp,
    ScalarCountLeadingZeroOp,
    CountBitsCntSameAsSignBitOp,
    SetHF32ModeOp,
    SetHF32TransModeOp,
    SetMMLayoutTransformOp,
    SetHcclContextOp,
    GetHcclContextOp,
]

