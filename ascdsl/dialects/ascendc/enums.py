"""Ascend C enumerations with their IR keyword and their C++ spelling.

pyasc stores these as i32 (CMPMODE as i64) integer attributes: the generic form is
`{event = 4 : i32}` and the custom syntax prints a keyword (`mte2_v`). Each enum here knows
both spellings and the C++ one (`AscendC::HardEvent::MTE2_V`, `PIPE_V`), so the parser, the
printer, the Ascend C target and the frontend read one table.
"""

from __future__ import annotations

from enum import IntEnum


class AscEnum(IntEnum):
    """Base of the Ascend C enums: values are the C++ enumerator values."""

    # C++ qualified prefix of an enumerator, e.g. "AscendC::HardEvent::".
    @classmethod
    def cpp_prefix(cls) -> str:
        return f"AscendC::{cls.__name__}::"

    # Bit width of the integer attribute that stores the value in the IR.
    @classmethod
    def ir_width(cls) -> int:
        return 32

    @property
    def keyword(self) -> str:
        """The bare IR keyword (`mte2_v`, `pipe_v`, `vecin`)."""
        return self.name.lower()

    @property
    def cpp(self) -> str:
        return self.cpp_prefix() + self.name

    @classmethod
    def keywords(cls) -> dict[str, AscEnum]:
        table = cls.__dict__.get("_kw_table")
        if table is None:
            table = {m.keyword: m for m in cls}
            table.update(cls._aliases())
            setattr(cls, "_kw_table", table)
        return table

    @classmethod
    def _aliases(cls) -> dict[str, AscEnum]:
        return {}

    @classmethod
    def from_keyword(cls, word: str) -> AscEnum | None:
        return cls.keywords().get(word)

    @classmethod
    def describe(cls) -> str:
        return ", ".join(m.keyword for m in cls)


class TPosition(AscEnum):
    """Logical buffer positions (AscendC::TPosition)."""

    GM = 0
    A1 = 1
    A2 = 2
    B1 = 3
    B2 = 4
    C1 = 5
    C2 = 6
    CO1 = 7
    CO2 = 8
    VECIN = 9
    VECOUT = 10
    VECCALC = 11
    MAX = 12

    @classmethod
    def _aliases(cls) -> dict[str, AscEnum]:
        # pyasc's enum attribute also knows the underscored spellings.
        return {"vec_in": cls.VECIN, "vec_out": cls.VECOUT, "vec_calc": cls.VECCALC}

    @property
    def hardware(self) -> Hardware:
        """The physical memory that holds buffers at this position (910B, split arch)."""
        return _POSITION_HARDWARE[self]


class HardEvent(AscEnum):
    """Synchronization events between two pipes (AscendC::HardEvent), source_destination."""

    MTE2_MTE1 = 0
    MTE1_MTE2 = 1
    MTE1_M = 2
    M_MTE1 = 3
    MTE2_V = 4
    V_MTE2 = 5
    MTE3_V = 6
    V_MTE3 = 7
    M_V = 8
    V_M = 9
    V_V = 10
    MTE3_MTE1 = 11
    MTE1_MTE3 = 12
    MTE1_V = 13
    MTE2_M = 14
    M_MTE2 = 15
    V_MTE1 = 16
    M_FIX = 17
    FIX_M = 18
    MTE3_MTE2 = 19
    MTE2_MTE3 = 20
    S_V = 21
    V_S = 22
    S_MTE2 = 23
    MTE2_S = 24
    S_MTE3 = 25
    MTE3_S = 26
    MTE2_FIX = 27
    FIX_MTE2 = 28
    FIX_S = 29
    M_S = 30
    FIX_MTE3 = 31
    MTE1_FIX = 32
    FIX_MTE1 = 33
    FIX_FIX = 34
    MAX = 35

    @property
    def src_pipe(self) -> Pipe:
        if self is HardEvent.MAX:
            raise ValueError("HardEvent.MAX names no pipes")
        return Pipe["PIPE_" + self.name.split("_")[0]]

    @property
    def dst_pipe(self) -> Pipe:
        if self is HardEvent.MAX:
            raise ValueError("HardEvent.MAX names no pipes")
        return Pipe["PIPE_" + self.name.split("_")[1]]

    @classmethod
    def between(cls, src: Pipe, dst: Pipe) -> HardEvent | None:
        """The event that orders `src` before `dst`, if the hardware has one."""
        return cls.__members__.get(f"{src.short}_{dst.short}")


class Pipe(AscEnum):
    """Hardware pipes (pipe_t). C++ spells them without a namespace (`PIPE_V`)."""

    PIPE_S = 0
    PIPE_V = 1
    PIPE_M = 2
    PIPE_MTE1 = 3
    PIPE_MTE2 = 4
    PIPE_MTE3 = 5
    PIPE_ALL = 6
    PIPE_MTE4 = 7
    PIPE_MTE5 = 8
    PIPE_V2 = 9
    PIPE_FIX = 10

    @classmethod
    def cpp_prefix(cls) -> str:
        return ""

    @property
    def short(self) -> str:
        """`V`, `MTE2`, ... as in HardEvent names."""
        return self.name[len("PIPE_") :]


class Hardware(AscEnum):
    """Physical memories (AscendC::Hardware)."""

    GM = 0
    UB = 1
    L1 = 2
    L0A = 3
    L0B = 4
    L0C = 5
    BIAS = 6
    FIXBUF = 7
    MAX = 8


class RoundMode(AscEnum):
    """Rounding of AscendC::Cast (AscendC::RoundMode)."""

    CAST_NONE = 0
    CAST_RINT = 1
    CAST_FLOOR = 2
    CAST_CEIL = 3
    CAST_ROUND = 4
    CAST_TRUNC = 5
    CAST_ODD = 6


class CmpMode(AscEnum):
    """Comparison modes of AscendC::Compare (AscendC::CMPMODE); stored as i64."""

    LT = 0
    GT = 1
    EQ = 2
    LE = 3
    GE = 4
    NE = 5

    @classmethod
    def cpp_prefix(cls) -> str:
        return "AscendC::CMPMODE::"

    @classmethod
    def ir_width(cls) -> int:
        return 64


class CacheMode(AscEnum):
    """L2 cache modes of `GlobalTensor::SetL2CacheHint` (AscendC::CacheMode).

    The values are those of pyasc's dialect, the ones its translator prints: `mode = 0` is
    `CACHE_MODE_DISABLE` (its lit test Target/AscendC/core.mlir). pyasc's Python enum
    (asc.CacheMode) numbers them the other way round (NORMAL = 0, DISABLE = 1) and passes the
    number on, so pyasc's own kernel asking for CACHE_MODE_NORMAL prints CACHE_MODE_DISABLE
    (test_global_tensor.py::test_set_l2_cache_hint). ascdsl's kernel language names the
    member, so it writes the value that prints what the kernel asked for.
    """

    CACHE_MODE_DISABLE = 0
    CACHE_MODE_NORMAL = 1
    CACHE_MODE_LAST = 2
    CACHE_MODE_PERSISTENT = 4


class CacheRwMode(AscEnum):
    """Which accesses a cache hint applies to (AscendC::CacheRwMode)."""

    READ = 1
    WRITE = 2
    RW = 3


_POSITION_HARDWARE = {
    TPosition.GM: Hardware.GM,
    TPosition.A1: Hardware.L1,
    TPosition.B1: Hardware.L1,
    TPosition.C1: Hardware.L1,
    TPosition.A2: Hardware.L0A,
    TPosition.B2: Hardware.L0B,
    TPosition.C2: Hardware.BIAS,
    TPosition.CO1: Hardware.L0C,
    TPosition.CO2: Hardware.UB,
    TPosition.VECIN: Hardware.UB,
    TPosition.VECOUT: Hardware.UB,
    TPosition.VECCALC: Hardware.UB,
    TPosition.MAX: Hardware.MAX,
}

ALL_ENUMS: tuple[type[AscEnum], ...] = (
    TPosition, HardEvent, Pipe, Hardware, RoundMode, CmpMode, CacheMode, CacheRwMode
)
