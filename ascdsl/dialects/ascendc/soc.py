"""Ascend SoC facts: memory sizes, core counts, clock and data-path rates.

One table, read by the dialect verifiers (buffer sizes), the simulator (memories and the cost
model) and the documentation. Sources and confidence are in docs/simulator.md: sizes and
clocks come from CANN's platform configuration files (Ascend910B*.ini); per-core path rates
are the `[AICoreMemoryRates]` section of the same files, read as bytes per cycle per core.
The simulator's timing constants (`cost`, `vector_cycles`) have no published source; they are
estimates, each marked with its confidence in docs/simulator.md, and live here so that a
calibration changes one table.
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
    # Simulator timing constants in cycles (see COST_910B).
    cost: dict[str, float] = field(default_factory=dict, hash=False)
    # Vector cycles per 256-byte repeat, by Ascend C API name; "default" for the rest.
    vector_cycles: dict[str, float] = field(default_factory=dict, hash=False)

    def capacity(self, hw: Hardware) -> int | None:
        return self.memory.get(hw)

    def path_rate(self, src: Hardware, dst: Hardware) -> float:
        """Bytes per cycle of a copy from `src` to `dst` memory on one core."""
        key = PATH_RATE.get((src, dst), "local_copy")
        return self.rates[key]


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
    # Not in the .ini files: UB->UB copies on the vector unit move one 256-byte repeat per
    # cycle; L0C->GM/L1 (FIX) reuses the UB->GM rate, as the reference suggests.
    "local_copy": 256.0,
    "l0c_gm": 64.0,
    # Chip-wide HBM bandwidth shared by the active cores: 1.6 TB/s at 1.85 GHz (confidence L).
    "hbm_chip": 865.0,
}

# Which `rates` entry a copy between two memories uses (src, dst) -> key.
PATH_RATE: dict[tuple[Hardware, Hardware], str] = {
    (Hardware.GM, Hardware.UB): "gm_read",
    (Hardware.GM, Hardware.L1): "gm_read",
    (Hardware.GM, Hardware.L0A): "gm_read",
    (Hardware.GM, Hardware.L0B): "gm_read",
    (Hardware.UB, Hardware.GM): "ub_gm",
    (Hardware.UB, Hardware.L1): "ub_l1",
    (Hardware.L1, Hardware.L0A): "l1_l0a",
    (Hardware.L1, Hardware.L0B): "l1_l0b",
    (Hardware.L1, Hardware.UB): "l1_ub",
    (Hardware.L1, Hardware.BIAS): "l1_l0b",
    (Hardware.L0C, Hardware.UB): "l0c_ub",
    (Hardware.L0C, Hardware.GM): "l0c_gm",
    (Hardware.L0C, Hardware.L1): "l0c_ub",
}

# Timing constants of the simulator's cost model, in cycles. No vendor source publishes them:
# every value is an estimate (confidence L unless noted), documented in docs/simulator.md.
COST_910B: dict[str, float] = {
    "scalar_issue": 1.0,  # each IR op the scalar unit issues (arith, scf, framework calls)
    "loop_iteration": 2.0,  # scf loop back-edge: increment, compare, branch
    "scalar_ub_access": 10.0,  # GetValue/SetValue on UB or L1
    "scalar_gm_access": 120.0,  # GetValue/SetValue on GM (through the scalar data cache)
    "event_latency": 8.0,  # a set_flag becomes visible to the waiting pipe
    "barrier": 2.0,  # issuing a pipe_barrier
    "mte_issue": 24.0,  # fixed occupancy of one DMA instruction on an MTE pipe
    "mte_burst": 2.0,  # each further burst (block) of a strided DataCopy
    "gm_latency": 200.0,  # GM access latency of a DMA, overlapped with later DMAs
    "local_latency": 16.0,  # the same for on-chip paths (L1, UB, L0)
    "vector_issue": 4.0,  # fixed occupancy of one vector instruction
    "vector_latency": 12.0,  # vector pipeline depth: results land this long after issue ends
    "reduce_level": 8.0,  # each level of a reduction tree after the first pass
}

# Vector cycles per 256-byte repeat (confidence M for 1 cycle on simple ops; L for the rest).
VECTOR_CYCLES_910B: dict[str, float] = {
    "default": 1.0,
    "Div": 2.0,
    "Sqrt": 2.0,
    "Rsqrt": 2.0,
    "Reciprocal": 2.0,
    "Exp": 4.0,
    "Ln": 4.0,
    # Math library APIs: several vector instructions per repeat (confidence L).
    "Erf": 12.0,
    "Tanh": 8.0,
    "Sin": 12.0,
    "Cos": 12.0,
    "Tan": 16.0,
    "Sinh": 8.0,
    "Cosh": 8.0,
    "Floor": 2.0,
    "Ceil": 2.0,
}


def _b(name: str, aic: int, mhz: int) -> SoC:
    return SoC(
        name,
        aic,
        2 * aic,
        mhz,
        dict(_MEMORY_910B),
        dict(_RATES_910B),
        dict(COST_910B),
        dict(VECTOR_CYCLES_910B),
    )


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
