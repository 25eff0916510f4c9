"""Ascend SoC facts: memory sizes, core counts, clock and data-path rates.

One table, read by the dialect verifiers (buffer sizes), the simulator (memories and the cost
model) and the documentation. Sources and confidence are in docs/simulator.md: sizes and
clocks come from CANN's platform configuration files (Ascend910B*.ini); per-core path rates
are the `[AICoreMemoryRates]` section of the same files, read as bytes per cycle per core.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .enums import Hardware

KB = 1024

# Alignment rules of Ascend C (General Restrictions): start addresses per memory.
ALIGNMENT = {
    Hardware.GM: 1,
    Hardware.UB: 32,
    Hardware.L1: 32,
    Hardware.L0A: 512,
    Hardware.L0B: 512,
    Hardware.L0C: 64,
    Hardware.BIAS: 64,
    Hardware.FIXBUF: 32,
}

# A TPipe may hand out at most this many queue/buffer blocks in one kernel (InitBuffer docs).
MAX_PIPE_BUFFERS = 64
# A TQue holds at most this many buffers on A2 (one hardware event id per buffer).
MAX_QUEUE_BUFFERS = 8
# Event ids per HardEvent on A2/A3.
EVENT_IDS = 8
# One vector repeat reads 8 blocks of 32 bytes.
VECTOR_REPEAT_BYTES = 256
BLOCK_BYTES = 32


@dataclass(frozen=True)
class SoC:
    name: str
    aic_cores: int
    aiv_cores: int
    clock_mhz: int
    memory: dict[Hardware, int] = field(hash=False)
    # Bytes per cycle per core, by path (CANN `[AICoreMemoryRates]`).
    rates: dict[str, float] = field(hash=False)

    def capacity(self, hw: Hardware) -> int | None:
        return self.memory.get(hw)


_MEMORY_910B = {
    Hardware.UB: 192 * KB,
    Hardware.L1: 512 * KB,
    Hardware.L0A: 64 * KB,
    Hardware.L0B: 64 * KB,
    Hardware.L0C: 128 * KB,
    Hardware.BIAS: 1 * KB,
    Hardware.FIXBUF: 7 * KB,
}

_RATES_910B = {
    "gm_read": 32.0,
    "gm_write": 32.0,
    "l2_read": 110.0,
    "l2_write": 86.0,
    "ub_gm": 64.0,
    "ub_l2": 64.0,
    "l1_l0a": 512.0,
    "l1_l0b": 256.0,
    "l1_ub": 128.0,
    "l0c_ub": 256.0,
    "ub_l1": 128.0,
}


def _b(name: str, aic: int, mhz: int) -> SoC:
    return SoC(name, aic, 2 * aic, mhz, dict(_MEMORY_910B), dict(_RATES_910B))


SOCS: dict[str, SoC] = {
    s.name: s
    for s in (
        _b("Ascend910B1", 24, 1850),
        _b("Ascend910B2", 24, 1800),
        _b("Ascend910B2C", 24, 1800),
        _b("Ascend910B3", 20, 1800),
        _b("Ascend910B4", 20, 1500),
        _b("Ascend910B4-1", 20, 1500),
    )
}

DEFAULT_SOC = "Ascend910B1"


def get_soc(name: str | None = None) -> SoC:
    key = name or DEFAULT_SOC
    try:
        return SOCS[key]
    except KeyError:
        raise ValueError(f"unknown SoC '{key}'; known: {', '.join(SOCS)}") from None
