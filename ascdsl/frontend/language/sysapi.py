"""System APIs of the kernel language: store atomics, system queries, the system workspace,
cache maintenance and scalar bit ops, with pyasc's names and keyword arguments
(`asc.language.basic.set_atomic`, `sys_var`, `common`, `cache`, `scalar`)."""

from __future__ import annotations

from typing import Any

from ascdsl.dialects.ascendc import (
    CountBitsCntSameAsSignBitOp,
    DataCacheCleanInvalidGlobalNoDcciDstOp,
    DataCacheCleanInvalidGlobalOp,
    DataCachePreloadOp,
    DataSyncBarrierOp,
    DumpAccChkPointOp,
    GetHcclContextOp,
    SetHcclContextOp,
    SetHF32ModeOp,
    SetHF32TransModeOp,
    SetMMLayoutTransformOp,
    MetricsProfStartOp,
    MetricsProfStopOp,
    PrintTimeStampOp,
    GetArchVersionOp,
    GetDataBlockSizeInBytesOp,
    GetICachePreloadStatusOp,
    GetProgramCounterOp,
    GetStoreAtomicConfigOp,
    GetSysWorkspacePtrOp,
    GetSystemCycleOp,
    GetTaskRatioOp,
    ICachePreLoadOp,
    InitSocStateOp,
    RoundMode,
    ScalarCastOp,
    ScalarCountLeadingZeroOp,
    ScalarGetCountOfValueOp,
    ScalarGetSFFValueOp,
    SetAtomicAddOp,
    SetAtomicMaxOp,
    SetAtomicMinOp,
    SetAtomicNoneOp,
    SetAtomicTypeOp,
    SetStoreAtomicConfigOp,
    SetSysWorkspaceOp,
    TrapOp,
)
from ascdsl.dialects.ascendc.enums_sys import AtomicDtype, AtomicOp, CacheLine, DcciDst, MemDsbT
from ascdsl.dialects.gm import gm_pointer_type

from .. import dtypes as dt
from ..builder import current
from ..errors import KernelLanguageError
from ..values import ConstExpr, GlobalAddress, IRValue, PlainValue, describe, materialize, materialize_int
from ._util import dtype_arg, enum_arg, require
from .tensor import BaseTensor, GlobalTensor

# --- store atomics -------------------------------------------------------------------------


def _set_atomic(cls, api: str, dtype: Any) -> None:
    t = dtype_arg(dtype, api)
    current().insert(cls(t.ir))


def set_atomic_add(dtype: Any) -> None:
    """`SetAtomicAdd<T>()`: copies into GM add to what GM holds, in `dtype`."""
    _set_atomic(SetAtomicAddOp, "set_atomic_add", dtype)


def set_atomic_max(dtype: Any) -> None:
    """`SetAtomicMax<T>()`: copies into GM keep the larger value."""
    _set_atomic(SetAtomicMaxOp, "set_atomic_max", dtype)


def set_atomic_min(dtype: Any) -> None:
    """`SetAtomicMin<T>()`: copies into GM keep the smaller value."""
    _set_atomic(SetAtomicMinOp, "set_atomic_min", dtype)


def set_atomic_type(dtype: Any) -> None:
    """`SetAtomicType<T>()`: the element type of the atomic mode already set."""
    _set_atomic(SetAtomicTypeOp, "set_atomic_type", dtype)


def set_atomic_none() -> None:
    """`SetAtomicNone()`: copies into GM overwrite it again."""
    current().insert(SetAtomicNoneOp())


def set_store_atomic_config(atomic_type: Any, atomic_op: Any) -> None:
    """`SetStoreAtomicConfig<atomic_type, atomic_op>()` (ATOMIC_NONE turns atomics off)."""
    api = "set_store_atomic_config"
    t = enum_arg(atomic_type, AtomicDtype, api, "atomic_type")
    o = enum_arg(atomic_op, AtomicOp, api, "atomic_op")
    current().insert(SetStoreAtomicConfigOp(t, o))


def get_store_atomic_config() -> tuple[PlainValue, PlainValue]:
    """`GetStoreAtomicConfig(type, op)`: the AtomicDtype and AtomicOp values set (int16)."""
    op = current().insert(GetStoreAtomicConfigOp(dt.int16.ir))
    return PlainValue(op.results[0], dt.int16), PlainValue(op.results[1], dt.int16)


# --- system queries ------------------------------------------------------------------------


def _query(cls, dtype: dt.DataType) -> PlainValue:
    return PlainValue(current().insert(cls(dtype.ir)).results[0], dtype)


def get_arch_version(core_version: Any) -> None:
    """`GetArchVersion(coreVersion)` (pyasc passes the uint32 output by value)."""
    v = materialize_int(core_version, "get_arch_version(): 'core_version'", dt.uint32)
    current().insert(GetArchVersionOp(v.value))


def get_data_block_size_in_bytes() -> PlainValue:
    """The bytes of one data block (32)."""
    return _query(GetDataBlockSizeInBytesOp, dt.int32)


def get_program_counter() -> PlainValue:
    """The address of the current instruction (int64)."""
    return _query(GetProgramCounterOp, dt.int64)


def get_system_cycle() -> PlainValue:
    """The core's cycle counter (int64)."""
    return _query(GetSystemCycleOp, dt.int64)


def get_task_ratio() -> PlainValue:
    """Vector cores per cube core of the launch (int64)."""
    return _query(GetTaskRatioOp, dt.int64)


def get_icache_preload_status() -> PlainValue:
    """`GetICachePreloadStatus()` (int64)."""
    return _query(GetICachePreloadStatusOp, dt.int64)


def trap() -> None:
    """`Trap()`: stop the kernel here."""
    current().insert(TrapOp())


def init_soc_state() -> None:
    """`InitSocState()`: control registers back to their power-on values."""
    current().insert(InitSocStateOp())


def icache_preload(pre_fetch_len: Any) -> None:
    """`ICachePreLoad(preFetchLen)`."""
    v = materialize_int(pre_fetch_len, "icache_preload(): 'pre_fetch_len'", dt.int64)
    current().insert(ICachePreLoadOp(v.value))


def data_sync_barrier(arg0: Any) -> None:
    """`DataSyncBarrier<MemDsbT>()`: wait for the memory accesses issued so far."""
    current().insert(DataSyncBarrierOp(enum_arg(arg0, MemDsbT, "data_sync_barrier", "arg0")))


# --- the system workspace ------------------------------------------------------------------


def get_sys_workspace() -> GlobalAddress:
    """`GetSysWorkSpacePtr()`: the workspace as a uint8 GM address."""
    op = current().insert(GetSysWorkspacePtrOp(gm_pointer_type(dt.uint8.ir)))
    return GlobalAddress(op.results[0], dt.uint8)


def set_sys_workspace(workspace: Any) -> None:
    """`SetSysWorkspace(workspace)`: a GM address (a kernel argument)."""
    w = require(ConstExpr.unwrap(workspace), GlobalAddress, "set_sys_workspace", "workspace",
                "a GM address (a kernel argument)")
    current().insert(SetSysWorkspaceOp(w.value))


# --- data cache ----------------------------------------------------------------------------


def data_cache_preload(src: Any, cache_offset: Any) -> None:
    """`DataCachePreload(src, cacheOffset)`."""
    g = require(ConstExpr.unwrap(src), GlobalTensor, "data_cache_preload", "src", "a GlobalTensor")
    if g.dtype is not None and g.dtype != dt.uint64:
        raise KernelLanguageError(
            f"data_cache_preload(): 'src' must be a uint64 GlobalTensor (the API's only "
            f"form), got one of {g.dtype.name}"
        )
    off = materialize_int(cache_offset, "data_cache_preload(): 'cache_offset'")
    current().insert(DataCachePreloadOp(g.to_ir(), off.value))


def data_cache_clean_and_invalid(entire_type: Any, dst: Any, dcci_dst: Any = None) -> None:
    """`DataCacheCleanAndInvalid<T, entireType[, dcciDst]>(dst)`."""
    api = "data_cache_clean_and_invalid"
    entire = enum_arg(entire_type, CacheLine, api, "entire_type")
    g = require(ConstExpr.unwrap(dst), GlobalTensor, api, "dst", "a GlobalTensor")
    if ConstExpr.unwrap(dcci_dst) is None:
        current().insert(DataCacheCleanInvalidGlobalNoDcciDstOp(g.to_ir(), entire))
    else:
        which = enum_arg(dcci_dst, DcciDst, api, "dcci_dst")
        current().insert(DataCacheCleanInvalidGlobalOp(g.to_ir(), entire, which))


# --- cube modes and the HCCL context -------------------------------------------------------


def _mode(cls, api: str, value: Any) -> None:
    raw = ConstExpr.unwrap(value)
    if not isinstance(raw, (bool, PlainValue)):
        raise KernelLanguageError(f"{api}(): the mode must be a bool, got {describe(raw)}")
    current().insert(cls(materialize(raw, dt.int1).value))


def set_hf32_mode(hf32_mode: Any) -> None:
    """`SetHF32Mode(on)`."""
    _mode(SetHF32ModeOp, "set_hf32_mode", hf32_mode)


def set_hf32_trans_mode(trans_mode: Any) -> None:
    """`SetHF32TransMode(mode)`."""
    _mode(SetHF32TransModeOp, "set_hf32_trans_mode", trans_mode)


def set_mm_layout_transform(mm_layout_mode: Any) -> None:
    """`SetMMLayoutTransform(on)`."""
    _mode(SetMMLayoutTransformOp, "set_mm_layout_transform", mm_layout_mode)


def set_hccl_context(index: Any, context: Any) -> None:
    """`SetHcclContext<index>(context)`: `index` a compile-time integer, `context` a GM
    address."""
    i = materialize_int(index, "set_hccl_context(): 'index'", dt.uint32)
    ctx = require(ConstExpr.unwrap(context), GlobalAddress, "set_hccl_context", "context",
                  "a GM address")
    current().insert(SetHcclContextOp(i.value, ctx.value))


def get_hccl_context(index: Any) -> GlobalAddress:
    """`GetHcclContext<index>()`: a uint8 GM address."""
    i = materialize_int(index, "get_hccl_context(): 'index'", dt.uint32)
    op = current().insert(GetHcclContextOp(i.value, gm_pointer_type(dt.uint8.ir)))
    return GlobalAddress(op.results[0], dt.uint8)


# --- debug and profiling marks ------------------------------------------------------------


def print_time_stamp(desc_id: Any) -> None:
    """`PrintTimeStamp(descId)`: the core's cycle counter, tagged `desc_id`."""
    v = materialize_int(desc_id, "print_time_stamp(): 'desc_id'")
    current().insert(PrintTimeStampOp(v.value))


def dump_acc_chk_point(tensor: Any, index: Any, count_off: Any, dump_size: Any) -> None:
    """`DumpAccChkPoint(tensor, index, countOff, dumpSize)`: dump `dump_size` elements from
    element `count_off`, tagged `index`."""
    api = "dump_acc_chk_point"
    t = require(ConstExpr.unwrap(tensor), BaseTensor, api, "tensor",
                "a LocalTensor or GlobalTensor")
    vals = [materialize_int(v, f"{api}(): '{n}'", dt.uint32).value
            for v, n in ((index, "index"), (count_off, "count_off"), (dump_size, "dump_size"))]
    current().insert(DumpAccChkPointOp(t.to_ir(), *vals))


def metrics_prof_start() -> None:
    """`MetricsProfStart()`: start of the profiled region."""
    current().insert(MetricsProfStartOp())


def metrics_prof_stop() -> None:
    """`MetricsProfStop()`: end of the profiled region."""
    current().insert(MetricsProfStopOp())


# --- scalar bit ops ------------------------------------------------------------------------


def scalar_cast(value_in: Any, dtype: Any, round_mode: Any) -> PlainValue:
    """`ScalarCast<float, T, roundMode>(value_in)`: a float to int32 or half."""
    api = "scalar_cast"
    t = dtype_arg(dtype, api)
    if t not in (dt.int32, dt.float16):
        raise KernelLanguageError(f"{api}(): 'dtype' must be int32 or float16, got {t.name}")
    mode = enum_arg(round_mode, RoundMode, api, "round_mode")
    v = materialize(value_in, dt.float32)
    return PlainValue(current().insert(ScalarCastOp(v.value, t.ir, mode)).results[0], t)


def _count_value(value: Any, api: str) -> PlainValue:
    value = ConstExpr.unwrap(value)
    if isinstance(value, IRValue) or value not in (0, 1) or isinstance(value, bool):
        raise KernelLanguageError(
            f"{api}(): 'count_value' must be the Python int 0 or 1, got {describe(value)}"
        )
    return materialize_int(value, f"{api}(): 'count_value'")


def scalar_get_sff_value(value_in: Any, count_value: Any) -> PlainValue:
    """The position of the lowest bit of `value_in` (uint64) equal to count_value, or -1."""
    api = "scalar_get_sff_value"
    v = materialize_int(value_in, f"{api}(): 'value_in'", dt.uint64)
    c = _count_value(count_value, api)
    return PlainValue(current().insert(ScalarGetSFFValueOp(v.value, c.value)).results[0], dt.int64)


def scalar_get_count_of_value(value_in: Any, count_value: Any) -> PlainValue:
    """How many of the 64 bits of `value_in` equal count_value."""
    api = "scalar_get_count_of_value"
    v = materialize_int(value_in, f"{api}(): 'value_in'", dt.uint64)
    c = _count_value(count_value, api)
    op = ScalarGetCountOfValueOp(v.value, c.value)
    return PlainValue(current().insert(op).results[0], dt.int64)


def scalar_count_leading_zero(value_in: Any) -> PlainValue:
    """Leading zero bits of `value_in` as a uint64."""
    v = materialize_int(value_in, "scalar_count_leading_zero(): 'value_in'", dt.uint64)
    return PlainValue(current().insert(ScalarCountLeadingZeroOp(v.value)).results[0], dt.int64)


def count_bits_cnt_same_as_sign_bit(value_in: Any) -> PlainValue:
    """Bits below the sign bit of `value_in` (int64) that repeat it."""
    v = materialize_int(value_in, "count_bits_cnt_same_as_sign_bit(): 'value_in'", dt.int64)
    op = CountBitsCntSameAsSignBitOp(v.value)
    return PlainValue(current().insert(op).results[0], dt.int64)


__all__ = [
    "AtomicDtype", "AtomicOp", "CacheLine", "DcciDst", "MemDsbT",
    "set_atomic_add", "set_atomic_max", "set_atomic_min", "set_atomic_type", "set_atomic_none",
    "set_store_atomic_config", "get_store_atomic_config",
    "get_arch_version", "get_data_block_size_in_bytes", "get_program_counter",
    "get_system_cycle", "get_task_ratio", "get_icache_preload_status", "trap",
    "init_soc_state", "icache_preload", "data_sync_barrier",
    "get_sys_workspace", "set_sys_workspace",
    "data_cache_preload", "data_cache_clean_and_invalid",
    "set_hf32_mode", "set_hf32_trans_mode", "set_mm_layout_transform", "set_hccl_context",
    "get_hccl_context",
    "print_time_stamp", "dump_acc_chk_point", "metrics_prof_start", "metrics_prof_stop",
    "scalar_cast", "scalar_get_sff_value", "scalar_get_count_of_value",
    "scalar_count_leading_zero", "count_bits_cnt_same_as_sign_bit",
]
