"""Enums of the system APIs: store atomics, data-cache maintenance, data barriers.

Values are the C++ enumerators of the Ascend C headers (kernel_operator_common_intf.h,
kernel_reg.h, kernel_event.h).
"""

from __future__ import annotations

from .enums import AscEnum


class AtomicDtype(AscEnum):
    """The element type of `SetStoreAtomicConfig` (AscendC::AtomicDtype)."""

    ATOMIC_NONE = 0
    ATOMIC_F32 = 1
    ATOMIC_F16 = 2
    ATOMIC_S16 = 3
    ATOMIC_S32 = 4
    ATOMIC_S8 = 5
    ATOMIC_BF16 = 6


class AtomicOp(AscEnum):
    """The reduction of `SetStoreAtomicConfig` (AscendC::AtomicOp): the headers have one."""

    ATOMIC_SUM = 0


class CacheLine(AscEnum):
    """How much `DataCacheCleanAndInvalid` covers (AscendC::CacheLine)."""

    SINGLE_CACHE_LINE = 0
    ENTIRE_DATA_CACHE = 1


class DcciDst(AscEnum):
    """Which cache lines `DataCacheCleanAndInvalid` targets (AscendC::DcciDst)."""

    CACHELINE_ALL = 0
    CACHELINE_UB = 1
    CACHELINE_OUT = 2
    CACHELINE_ATOMIC = 3


class MemDsbT(AscEnum):
    """What `DataSyncBarrier` waits for (AscendC::MemDsbT)."""

    ALL = 0
    DDR = 1
    UB = 2
    SEQ = 3


SYS_ENUMS: tuple[type[AscEnum], ...] = (AtomicDtype, AtomicOp, CacheLine, DcciDst, MemDsbT)
