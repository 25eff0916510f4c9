"""Ascend SoC facts: memory sizes, core counts, clock, data paths and the timing model's numbers.

One table, read by the dialect verifiers (buffer sizes), the simulator (memories and the cost
model) and the documentation. Every number is a `Fact` that says where it comes from:

- `ini`: CANN's platform configuration files (`Ascend910B*.ini`, published in hicann/runtime,
  src/platform/platform_config): sizes, clocks, core counts, per-core path rates;
- a document (Ascend C API docs, asc-devkit best-practice READMEs), named;
- `fitted to <rows>`: chosen so that the simulator reproduces those published measurements
  (the rows of benchmarks/calibration, named by their ids; `python benchmarks/calibration.py`
  prints them and how far the model is from each);
- `estimate`: nothing published bears on it, and the calibration rows are insensitive to it.

docs/simulator.md (section "Calibration") explains the model these numbers feed.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .enums import Hardware

KB = 1024
MB = 1024 * KB

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

INI = "CANN platform file Ascend910B*.ini"
BANK_DOC = "asc-devkit bank_conflict_ub README (UB address encoding, A2/A3)"


@dataclass(frozen=True)
class Fact:
    """A number of the SoC table, its unit and its source (see the module docstring)."""

    value: float
    unit: str
    source: str


@dataclass(frozen=True)
class SoC:
    name: str
    aic_cores: int
    aiv_cores: int
    clock_mhz: int
    memory: dict[Hardware, int] = field(hash=False)
    # Bytes per cycle per core of the on-chip paths, by name (CANN `[AICoreMemoryRates]`).
    rates: dict[str, float] = field(hash=False)
    # Every timing number with its source: the memory system, DMA, vector, scalar, task.
    facts: dict[str, Fact] = field(default_factory=dict, hash=False)
    # Vector cycles per 256-byte repeat, by Ascend C API name; "default" for the rest.
    vector_cycles: dict[str, float] = field(default_factory=dict, hash=False)

    @property
    def cost(self) -> dict[str, float]:
        """The timing numbers by name (values of `facts`)."""
        c = self.__dict__.get("_cost")
        if c is None:
            c = {k: f.value for k, f in self.facts.items()}
            object.__setattr__(self, "_cost", c)
        return c

    def capacity(self, hw: Hardware) -> int | None:
        return self.memory.get(hw)

    def path_rate(self, src: Hardware, dst: Hardware) -> float:
        """Bytes per cycle of an on-chip copy from `src` to `dst` memory on one core."""
        key = PATH_RATE.get((src, dst), "local_copy")
        return self.rates[key]

    def cores_of(self, cube: bool) -> int:
        """Cores a kernel of that kind runs on at once (AIC for cube kernels, else AIV)."""
        return self.aic_cores if cube else self.aiv_cores


_MEMORY_910B = {
    Hardware.UB: 192 * KB,
    Hardware.L1: 512 * KB,
    Hardware.L0A: 64 * KB,
    Hardware.L0B: 64 * KB,
    Hardware.L0C: 128 * KB,
    Hardware.BIAS: 1 * KB,
    Hardware.FIXBUF: 7 * KB,
}

# On-chip paths, bytes per cycle per core: CANN `[AICoreMemoryRates]` (identical for B1-B4).
_RATES_910B = {
    "l1_l0a": 512.0,
    "l1_l0b": 256.0,
    "l1_ub": 128.0,
    "l0c_ub": 256.0,
    "ub_l1": 128.0,
    # Not in the .ini files: UB->UB copies on the vector unit move one 256-byte repeat per
    # cycle; L0C->GM/L1 (FIX) is taken at the UB->GM rate of the same files.
    "local_copy": 256.0,
    "l0c_l1": 64.0,
}

# Which `rates` entry an on-chip copy between two memories uses (src, dst) -> key. Copies
# that touch GM are timed by the memory-system model (ascdsl.sim.memsys), not by a rate.
PATH_RATE: dict[tuple[Hardware, Hardware], str] = {
    (Hardware.UB, Hardware.L1): "ub_l1",
    (Hardware.L1, Hardware.L0A): "l1_l0a",
    (Hardware.L1, Hardware.L0B): "l1_l0b",
    (Hardware.L1, Hardware.UB): "l1_ub",
    (Hardware.L1, Hardware.BIAS): "l1_l0b",
    (Hardware.L0C, Hardware.UB): "l0c_ub",
    (Hardware.L0C, Hardware.L1): "l0c_l1",
}


def _f(value: float, unit: str, source: str) -> Fact:
    return Fact(float(value), unit, source)


# The timing model of the 910B (dav-c220 cores; B1-B4 share it and differ in clock, cores and
# L2). Cycles are AI-core cycles. Row ids (add-1, dc-ub-3, ...) are the published measurements
# in benchmarks/calibration/rows.py.
TIMING_910B: dict[str, Fact] = {
    # --- scalar unit ---------------------------------------------------------------------
    "scalar_issue": _f(1, "cycles/op", "estimate (each IR op the scalar unit issues; the PTO "
                       "Dhrystone report's 0.96 DMIPS/MHz is about 1.7 cycles per instruction)"),
    "loop_iteration": _f(2, "cycles", "estimate (increment, compare, branch)"),
    "scalar_ub_access": _f(8.3, "cycles", "fitted to add-0 (aiv_scalar_time of a GetValue/"
                           "SetValue loop: 34 cycles per element, 3 accesses + 9 other ops)"),
    "scalar_gm_access": _f(120, "cycles", "estimate (GM through the scalar data cache)"),
    "event_latency": _f(8, "cycles", "estimate (set_flag to the waiting pipe)"),
    "barrier": _f(2, "cycles", "estimate (issuing a pipe_barrier)"),
    # --- vector unit ---------------------------------------------------------------------
    "vector_issue": _f(22, "cycles/instr", "fitted to add-1, add-6 (aiv_vec_time: every Add "
                       "costs its repeats + 22); also matches bank-ub-2 vs bank-ub-1"),
    "vector_latency": _f(0, "cycles", "not separable from vector_issue in the published data"),
    "bank_read_conflict": _f(1, "cycles/beat", "fitted to add-1 vs add-6 (aiv_vec_time: two "
                             "sources in one UB bank group read in two beats)"),
    "bank_write_conflict": _f(0.77, "cycles/repeat", f"{BANK_DOC}, scenario 5 vs 1 "
                              "(3751 vs 2390)"),
    "ub_bank_groups": _f(16, "groups", f"{INI} ubbank_group_num; {BANK_DOC}"),
    "ub_bank_row": _f(32, "bytes", f"{INI} ubblock_size; {BANK_DOC}"),
    "reduce_level": _f(8, "cycles/level", "estimate (each reduction tree level after the "
                       "first pass)"),
    # --- DMA engines (MTE2, MTE3, MTE1, FIX) --------------------------------------------
    "mte_issue": _f(20, "cycles/instr", "fitted to dc-ub-1 (48 x 49152 single-burst 128-byte "
                    "copies: 20.6 cycles each)"),
    "mte_burst": _f(0.7, "cycles/burst", "estimate (issuing one more burst of a strided copy; "
                    "the rows are insensitive to it: issue overlaps the bytes)"),
    "gm_latency": _f(180, "cycles", "fitted to add-1, add-2, add-3 (serial copy-in: MTE2 "
                     "time per step beyond the bytes: 189, 207, 129 cycles)"),
    "local_latency": _f(16, "cycles", "estimate (on-chip paths)"),
    # --- memory system: HBM, L2, per-core GM rates ---------------------------------------
    "hbm_bw": _f(820, "bytes/cycle (chip)", "fitted to dc-ub-3 (48 cores stream 302 MB "
                 "GM->UB: 1.49 TB/s by MTE2 time); Huawei's theoretical 1.8 TB/s is 973"),
    "l2_bw": _f(3250, "bytes/cycle (chip)", "fitted to dc-ub-6 (L2 hits at 6.0 TB/s); "
                "Huawei's theoretical figure is 5.2 TB/s"),
    "gm_read_core": _f(32, "bytes/cycle", f"{INI} [AICoreMemoryRates] gm read; with "
                       "gm_latency it gives add-1's 43 GB/s for 8 KB copies"),
    "gm_write_core": _f(29.7, "bytes/cycle", "fitted to add-1 (one AIV writes 8 KB copies at "
                        "51 GB/s: aiv_mte3_time); add-3 agrees at 48 cores"),
    "l2_read_core": _f(110, "bytes/cycle", f"{INI} [AICoreMemoryRates] l2 read"),
    "l2_line": _f(512, "bytes", "Ascend C guide 'Storage units' (GM moves best 512-byte "
                  "aligned); asc-devkit data_copy README (512 B alignment on A2/A3)"),
    # --- task ----------------------------------------------------------------------------
    "task_head": _f(850, "cycles", "fitted to add-0, add-1 (Task Duration - aiv_time with one "
                    "core: 0.46 us)"),
    "block_dispatch": _f(325, "cycles/core", "fitted to dc-ub-1, -2, -3, -6 (Task Duration - "
                         "aiv_time of 48 balanced cores: 6.4-11.2 us, mean 8.7 us)"),
    # --- cube unit (for the cube path; not yet exercised by the simulator) ---------------
    "cube_macs": _f(4096, "fp16 MACs/cycle", f"{INI} cube_m/n/k_size (16 x 16 x 16)"),
}

# Vector cycles per 256-byte repeat, by Ascend C API (1 for simple ops: asc-devkit
# add_high_performance README, "128 half per cycle"; the others are estimates).
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

# Sizes and clocks by SKU ({INI}): AIC cores, clock (MHz), L2 bytes.
_SKUS = (
    ("Ascend910B1", 24, 1850, 192 * MB),
    ("Ascend910B2", 24, 1800, 192 * MB),
    ("Ascend910B2C", 24, 1800, 192 * MB),
    ("Ascend910B3", 20, 1800, 192 * MB),
    ("Ascend910B4", 20, 1500, 96 * MB),
    ("Ascend910B4-1", 20, 1500, 168 * MB),
)


def _b(name: str, aic: int, mhz: int, l2: int) -> SoC:
    facts = dict(TIMING_910B)
    facts["l2_bytes"] = _f(l2, "bytes", f"{INI} l2_size")
    return SoC(name, aic, 2 * aic, mhz, dict(_MEMORY_910B), dict(_RATES_910B), facts,
               dict(VECTOR_CYCLES_910B))


SOCS: dict[str, SoC] = {s.name: s for s in (_b(*sku) for sku in _SKUS)}

DEFAULT_SOC = "Ascend910B1"


def get_soc(name: str | None = None) -> SoC:
    key = name or DEFAULT_SOC
    try:
        return SOCS[key]
    except KeyError:
        raise ValueError(f"unknown SoC '{key}'; known: {', '.join(SOCS)}") from None
