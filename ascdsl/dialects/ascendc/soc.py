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

from .enums import Hardware, Pipe, TPosition

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

# Which pipe fills a buffer at a position and which pipe drains it (910B, split AIC/AIV): the
# two ends of a TQue's EnQue/DeQue events. CO2 (cube results in UB) is taken to be filled by
# FIX and read by the vector unit. Read by the simulator's queues and insert-que-sync.
POSITION_PIPES: dict[TPosition, tuple[Pipe, Pipe]] = {
    TPosition.VECIN: (Pipe.PIPE_MTE2, Pipe.PIPE_V),
    TPosition.VECOUT: (Pipe.PIPE_V, Pipe.PIPE_MTE3),
    TPosition.VECCALC: (Pipe.PIPE_V, Pipe.PIPE_V),
    TPosition.A1: (Pipe.PIPE_MTE2, Pipe.PIPE_MTE1),
    TPosition.B1: (Pipe.PIPE_MTE2, Pipe.PIPE_MTE1),
    TPosition.C1: (Pipe.PIPE_MTE2, Pipe.PIPE_MTE1),
    TPosition.A2: (Pipe.PIPE_MTE1, Pipe.PIPE_M),
    TPosition.B2: (Pipe.PIPE_MTE1, Pipe.PIPE_M),
    TPosition.C2: (Pipe.PIPE_MTE1, Pipe.PIPE_M),
    TPosition.CO1: (Pipe.PIPE_M, Pipe.PIPE_FIX),
    TPosition.CO2: (Pipe.PIPE_FIX, Pipe.PIPE_V),
}


def queue_end_pipes(src: TPosition, dst: TPosition) -> tuple[Pipe, Pipe] | None:
    """(producer, consumer) pipes of a TQue/TQueBind from `src` to `dst`; None if unknown."""
    write_pos = dst if src == TPosition.GM else src
    read_pos = src if dst == TPosition.GM else dst
    w = POSITION_PIPES.get(write_pos)
    r = POSITION_PIPES.get(read_pos)
    if w is None or r is None:
        return None
    return w[0], r[1]


# A TPipe may hand out at most this many queue/buffer blocks in one kernel (InitBuffer docs).
MAX_PIPE_BUFFERS = 64
# A TQue holds at most this many buffers on A2 (one hardware event id per buffer).
MAX_QUEUE_BUFFERS = 8
# Event ids per HardEvent on A2/A3.
EVENT_IDS = 8
# The largest blockDim of an Ascend kernel launch (blocks beyond the cores run in waves).
MAX_CORE_NUM = 65535
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
    # The advanced APIs' implementations on this SoC, by Ascend C API name (`Library`).
    library: dict[str, Library] = field(default_factory=dict, hash=False)

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

    def header_constant(self, name: str) -> int | None:
        """The value the Ascend C headers give the named constant on this SoC
        (`::AscendC::TOTAL_L1_SIZE`, with or without the namespace), or None if it is not one
        of `HEADER_CONSTANTS`: kernels read them as opaque C++ (`asc.property`), and bisheng
        fixes the value per target."""
        key = name.removeprefix("::").removeprefix("AscendC::")
        fact = HEADER_CONSTANTS.get(key)
        if fact is None:
            return None
        return self.memory.get(fact) if isinstance(fact, Hardware) else fact


# Named constants of the Ascend C headers (kernel_utils_constants.h and the per-arch
# kernel_operator_*_impl.h): a memory's size comes from the SoC's memory table, so the value a
# kernel reads and the capacity the simulator enforces are one number.
HEADER_CONSTANTS: dict[str, Hardware | int] = {
    "TOTAL_L1_SIZE": Hardware.L1,
    "TOTAL_L0A_SIZE": Hardware.L0A,
    "TOTAL_L0B_SIZE": Hardware.L0B,
    "TOTAL_L0C_SIZE": Hardware.L0C,
    "TOTAL_UB_SIZE": Hardware.UB,
    "TOTAL_VEC_LOCAL_SIZE": Hardware.UB,
    "ONE_BLK_SIZE": BLOCK_BYTES,
    "DEFAULT_C0_SIZE": BLOCK_BYTES,
    "BLOCK_CUBE": 16,
}

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
    "cross_core_latency": _f(100, "cycles", "estimate (CrossCoreSetFlag to the other core's "
                             "wait: a message through the FFTS, not measured)"),
    "barrier": _f(2, "cycles", "estimate (issuing a pipe_barrier)"),
    "kfc_post": _f(40, "cycles", "estimate (a Matmul client's message: S->MTE3 flag and a "
                   "64-byte UB->GM copy on MTE3; kfc_comm_client.h)"),
    "kfc_latency": _f(250, "cycles", "estimate (the message reaching the KFC server: the GM "
                      "write lands, the server's poll reads the line through its data cache "
                      "(dcci), as scalar_gm_access plus a write; not measured)"),
    "kfc_dispatch": _f(60, "cycles", "estimate (the server decoding a message and calling "
                       "the Matmul method: scalar work of KfcServer::Run; not measured)"),
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
    "mte1_issue": _f(7.5, "cycles/instr", "fitted to mm-0 and mm-1 with mte1_rate "
                     "(aic_mte1_time: 143 and 367 cycles a step, each one LoadData3DV2 of A "
                     "and one LoadData2D of B, 16 and 48 KB); mmb-1/2 (five a step) check it"),
    "mte1_rate": _f(146, "bytes/cycle", "fitted to mm-0 and mm-1 with mte1_issue (32 KB "
                    "more a step in 224 more cycles); LoadData2D and LoadData3DV2 alike, "
                    "under the .ini's L1 -> L0A / L0B widths (512 / 256)"),
    "local_latency": _f(16, "cycles", "estimate (on-chip paths)"),
    # --- memory system: HBM, L2, per-core GM rates ---------------------------------------
    "hbm_bw": _f(820, "bytes/cycle (chip)", "fitted to dc-ub-3 (48 cores stream 302 MB "
                 "GM->UB: 1.49 TB/s by MTE2 time); Huawei's theoretical 1.8 TB/s is 973"),
    "bypass_burst": _f(4.1, "cycles/burst", "fitted to dc-ub-8 (asc-devkit data_copy, 48 AIV "
                       "each read a 6 MB matrix around L2 in 128-byte bursts, staggered: "
                       "aiv_mte2_time 307.38 us, 4.08 cycles a burst beyond the core's 1/48 of "
                       "hbm_bw; not in npu-timings.md, published beside its rows); dc-l1-7 "
                       "(the GM->L1 ND2NZ variant on 24 AIC: 209.80 us, model 208.6) checks "
                       "it: a burst read around L2 holds the core's HBM share this long beyond "
                       "its bytes"),
    "same_bytes_bw": _f(344, "bytes/cycle (chip)", "fitted to dc-ub-7 (asc-devkit data_copy: "
                        "48 AIV read one 6 MB matrix around L2 in 128-byte bursts, all in the "
                        "same order: aiv_mte2_time 474.72 us, 48 x 128 bytes per 17.9 cycles; "
                        "not in npu-timings.md, published beside its rows); dc-l1-6 (24 AIC, "
                        "ND2NZ, 240.20 us: 340 bytes/cycle) checks it: k cores reading the same "
                        "bytes around L2 at once receive them one after another at this rate "
                        "(ascdsl.sim.convoy)"),
    "l2_bw": _f(3250, "bytes/cycle (chip)", "fitted to dc-ub-6 (L2 hits at 6.0 TB/s); "
                "Huawei's theoretical figure is 5.2 TB/s"),
    "gm_read_core": _f(32, "bytes/cycle", f"{INI} [AICoreMemoryRates] gm read, taken for the "
                       "vector core's MTE2: with gm_latency it gives add-1's 43 GB/s for 8 KB "
                       "copies (the cube core's rates are gm_read_aic and nd2nz_hbm)"),
    "gm_read_aic": _f(88, "bytes/cycle", "fitted to cat-21-a (catlass 21_basic_matmul_preload_zN, "
                      "B in zN: after 16 of 20 cube cores finish their one 8 MB column panel of "
                      "B, the 4 with two stream the second alone, with plain copies of 8 KB "
                      "bursts; 181.4 us); a cube core's MTE2 from HBM, not the vector core's "
                      "(gm_read_core, add-1)"),
    "nd2nz_hbm": _f(44, "bytes/cycle", "fitted to cat-21-c (the same kernel with B row-major: "
                    "ND2NZ copies of 512-byte rows from HBM, 238.8 us): the misses of an ND2NZ "
                    "copy (the bytes asked for; whole lines where it joins another core's fetch, "
                    "ascdsl.sim.memsys) cross a cube core's port at this rate, its L2 hits at "
                    "nd2nz_rate; "
                    "catlass's optimisation guide: row- and column-major copies are slower than "
                    "zN ones"),
    "gm_write_core": _f(29.7, "bytes/cycle", "fitted to add-1 (one AIV writes 8 KB copies at "
                        "51 GB/s: aiv_mte3_time); add-3 agrees at 48 cores"),
    "gm_rw_core": _f(28.5, "bytes/cycle", "fitted to add-5 and add-6 (aiv_mte3_time 160 and "
                     "121 us for the same writes: while a read of the core waits on its HBM "
                     "share, a write joining it moves at this minus the read's rate; 27.3 fits "
                     "add-5 alone, 29.5 add-6); add-4 checks it (ascdsl.sim.port)"),
    "nd2nz_rate": _f(77, "bytes/cycle", "fitted to mm-5 (aic_mte2_time: the MDL template's "
                     "ND2NZ copies of 1 KB and 512 B rows GM->L1 at 76.8 B/cycle per core while "
                     "nearly every read hits L2; the asc-devkit matmul README: ND2NZ lowers the "
                     "L2 bandwidth); mm-4 (256 B rows: 71.6) checks it"),
    "nd2nz_row": _f(3.4, "cycles/row", "fitted to mm-1 (aic_mte2_time: ND2NZ copies of 128-byte "
                    "rows move 35.6 B/cycle, one row per 3.4-3.6 cycles, well under the byte "
                    "cap); mm-0, mm-3 and the data_copy README's GM->L1 rows check it"),
    "l2_read_core": _f(110, "bytes/cycle", f"{INI} [AICoreMemoryRates] l2 read"),
    "l2_line": _f(512, "bytes", "Ascend C guide 'Storage units' (GM moves best 512-byte "
                  "aligned); asc-devkit data_copy README (512 B alignment on A2/A3)"),
    # --- task ----------------------------------------------------------------------------
    "task_head": _f(850, "cycles", "fitted to add-0, add-1 (Task Duration - aiv_time with one "
                    "core: 0.46 us)"),
    "block_dispatch": _f(325, "cycles/core", "fitted to dc-ub-1, -2, -3, -6 (Task Duration - "
                         "aiv_time of 48 balanced cores: 6.4-11.2 us, mean 8.7 us)"),
    # A MIX task starts its AIVs beside the AICs. catlass's kernel selection for A2/A3
    # (examples/102_dynamic_optimized_matmul/include/select_kernel_b16.h, GetPaddingTag)
    # charges a MIX kernel over a pure cube one `headCost = 1 + 7 * blockDim / coreNum` us, from
    # its on-device measurements (doc/CommonMatmul.md: "starting a mix kernel costs about 1-5
    # us extra"); not fitted here.
    "mix_head": _f(1.0, "us", "catlass's cost model (select_kernel_b16.h headCost): a MIX "
                   "task's start over a pure cube task's, its fixed part"),
    "mix_head_chip": _f(7.0, "us", "catlass's cost model (select_kernel_b16.h headCost): its "
                        "part that grows with the blocks launched, 7 us for a block on every "
                        "AI core"),
    # --- cube unit (Mmad on the M pipe: ascdsl.sim.lower.cube) ---------------------------
    "cube_macs": _f(4096, "fp16 MACs/cycle", f"{INI} cube_m/n/k_size (16 x 16 x 16)"),
    "cube_issue": _f(59, "cycles/instr", "fitted to mm-1 (aic_mac_time: each 128 x 256 x 64 "
                     "Mmad takes its 512 fractal cycles + 63); mm-0 (64 x 64 x 64: 64 + 61) "
                     "checks it"),
    "fix_rate": _f(68, "bytes/cycle", "fitted to mm-5 (aic_fixpipe_time 47.9 us: the MDL "
                   "template's Fixpipe moves a 128 x 256 half block of C in 1037 cycles); mm-4 "
                   "(970 cycles) checks it; a hand-written Fixpipe (fixpipe.py) is charged "
                   "the same"),
    # The Ascend C guide's constant-tiling case (Matmul性能调优案例, 128 x 30720 x 64 on 24
    # AIC): the Matmul's initialisation, from the core's start to its first MTE2, takes 3.536
    # us with the tiling from the host and 2.185 us with a constant one (its pipeline figures).
    "mm_init": _f(3984, "cycles", "fitted to mmt-ct-b's pipeline figure (2.185 us from the "
                  "core's start to the first MTE2 with a constant tiling, 4042 cycles at 1.85 "
                  "GHz, less the 58 the simulator charges on that path): the Matmul object's "
                  "setup (REGIST_MATMUL_OBJ / Init) on the scalar unit"),
    "mm_init_tiling": _f(1826, "cycles", "fitted to mmt-ct-a's pipeline figure (3.536 us with "
                         "the tiling from the host: 2499 cycles over mm_init's case, less the "
                         "first block's mm_tiling_scalar): reading and checking a run-time "
                         "TCubeTiling"),
    "fix_lead": _f(5.5, "Mmads", "fitted to mm-1 (aic_fixpipe_time: with UnitFlag the Matmul API "
                   "issues a block's Fixpipe 5.5 K steps before its last Mmad ends, 10,220 "
                   "cycles of 1,760-cycle steps, and FIX is busy waiting from then); mm-0 "
                   "(3,870 of 670) checks it; a block of fewer steps waits for fewer; a "
                   "hand-written UnitFlag Fixpipe is issued the same way (mmb-1/2: FIX -72% "
                   "-> +20%)"),
    "mm_tiling_scalar": _f(673, "cycles/block", "fitted to mm-7 vs mm-6 (Task Duration 4053.44 "
                           "vs 4088.36 us, 96 blocks a core: the Matmul API's scalar work per "
                           "block that a constant tiling folds away, exposed after the M -> FIX "
                           "wait; ascdsl.sim.lower.matmul_sched)"),
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
}


@dataclass(frozen=True)
class Library:
    """An advanced API as the Ascend C library implements it on a SoC.

    The library splits its `calCount` elements into chunks that fit its scratch space and runs
    the same vector instructions on every chunk (counter mask mode: one instruction covers the
    chunk). `mix[dtype]` is that instruction sequence for one element type (`"f32"`, `"f16"`,
    ...) as `"count API ..."` (`"2Cast Sub"`); half inputs are mostly computed in float.
    `scratch[dtype]` is the scratch bytes the library needs per element (its tiling code's
    `*_CALC_PROC` factor times the element size): a chunk holds `tmp bytes / scratch` elements
    (rounded down to 32), at least one 256-byte repeat of them (`min_tmp` overrides that
    minimum). `source` says where the counts come from.
    """

    mix: dict[str, str]
    scratch: dict[str, int]
    source: str
    min_tmp: int | None = None

    def instructions(self, dtype: str) -> dict[str, int]:
        """The chunk's instructions for `dtype` as {API: count} (float's when not listed)."""
        text = self.mix.get(dtype, self.mix.get("f32", ""))
        out: dict[str, int] = {}
        for word in text.split():
            digits = len(word) - len(word.lstrip("0123456789"))
            n = int(word[:digits]) if digits else 1
            out[word[digits:]] = out.get(word[digits:], 0) + n
        return out

    def scratch_per_element(self, dtype: str) -> int:
        return self.scratch.get(dtype, self.scratch.get("f32", 0))


_IMPL = "asc-devkit impl/adv_api/detail"
_PROPOSAL = "asc-devkit impl/basic_api/kernel_operator_proposal_intf_impl.h"
_MATH = f"vector instructions of one chunk, counted in {_IMPL}/math/<api>/ (dav-c220 path); " \
    "scratch from impl/adv_api/tiling/math/<api>_tiling*.cpp"


def _m(f32: str, f16: str, s32: int, s16: int, **extra) -> Library:
    return Library({"f32": f32, "f16": f16}, {"f32": s32, "f16": s16}, _MATH, **extra)


# The math library and the other advanced APIs on the 910B (dav-c220 vector cores). The
# counts are static: where the implementation branches on the data (Digamma, Lgamma: the
# positive and negative ranges) both branches run on every chunk, masked, and are counted.
LIBRARY_910B: dict[str, Library] = {
    "Acosh": _m("2Mul Adds Sqrt Add Div Ln", "2Cast 2Mul Adds Sqrt Add Div Ln", 4, 4),
    "Acos": _m("11Mul 9Muls 10Adds 2Sqrt Mins 2Cast Add Abs Div",
               "8Cast 10Mul 9Muls 10Adds Sqrt 2Abs Mins Add Div", 8, 12),
    "Asinh": _m("2Abs 2Mul 2Adds Sqrt Add Ln Muls Div",
                "3Cast 2Abs 2Mul 2Adds Sqrt Add Ln Muls Div", 12, 6),
    "Asin": _m("11Mul 8Muls 9Adds 2Sqrt Mins 2Cast Add Abs Div",
               "7Cast 10Mul 8Muls 9Adds Sqrt 2Abs Mins Add Div", 8, 12),
    "Atanh": _m("2Adds 2Muls Div Ln", "2Cast 2Adds 2Muls Div Ln", 4, 8),
    "Atan": _m("Mins Maxs 5Abs 17Mul 7Muls 19Adds 4Div 3Min",
               "2Cast Mins Maxs 5Abs 17Mul 7Muls 19Adds 4Div 3Min", 20, 24),
    "Ceil": _m("2Cast", "4Cast", 4, 4),
    "Cosh": _m("Adds Exp Duplicate Div Add", "2Cast Adds Exp Duplicate Div Add", 8, 12),
    "Cos": _m("10Muls 8Adds 2Cast 5Sub 6Mul Add Mins Maxs",
              "4Cast 10Muls 8Adds 5Sub 6Mul Add Mins Maxs", 12, 16),
    "Digamma": _m("64Duplicate 20Compare 14Select 28Add 8And 8Cast 4Not 16Adds 4Ln 18Div "
                  "10Muls 22Sub 24Mul",
                  "12Cast 30Sub 24Muls 46Duplicate 16Div 20Compare 12Select 16Add 8And 4Not "
                  "10Adds 4Ln 12Mul", 28, 32),
    "Erfc": _m("2Mins Maxs Abs 15Adds 2Div 3Muls 14Mul Exp Add",
               "2Cast 2Mins Maxs Abs 15Adds 2Div 3Muls 14Mul Exp Add", 28, 32),
    "Erf": _m("Mins Maxs 10Mul Muls 10Adds Div", "2Cast Mins Maxs 10Mul Muls 10Adds Div",
              12, 16),
    "Floor": _m("2Cast", "4Cast", 0, 4),
    "Frac": _m("Cast Sub", "3Cast Sub", 0, 8),
    "Lgamma": _m("46Duplicate 36Compare 4Abs 36Muls 86Adds 62Mul 44Add 8Ln 28Select 16And "
                 "2Div 2Reciprocal 4Sub 6Cast 8Not",
                 "22Duplicate 6Cast 22Adds 10Div 26Muls 26Ln 32Add 4Mul 6Sub 6Compare "
                 "8Select 4Abs 6Not 2And", 32, 26),
    "Log": _m("Ln", "Ln", 0, 0),
    "Round": _m("Cast", "3Cast", 4, 2),
    "Sign": _m("3Duplicate 2Compare 2Select Add", "3Duplicate 2Compare 2Select Add", 12, 6),
    "Sinh": _m("Muls 2Adds 2Exp Sub", "2Cast Muls 2Adds 2Exp Sub", 4, 8),
    "Sin": _m("9Muls 2Cast 4Sub 6Mul Add 5Adds", "4Cast 9Muls 4Sub 6Mul Add 5Adds", 12, 16),
    "Tanh": _m("Mins Maxs Muls Exp 2Adds Div", "2Cast Mins Maxs Muls Exp 2Adds Div", 4, 8),
    "Tan": _m("8Adds 7Muls Cast 11Sub 5Mul Div", "3Cast 8Adds 7Muls 11Sub 5Mul Div", 16, 20),
    "Trunc": _m("Cast", "3Cast", 4, 4),
    "Power": Library(
        {"f32": "6Abs Ln 2Mul Exp 4Cast 3Muls 2Sub Adds ShiftRight 9CompareScalar 3And "
                "3Select 4Or",
         "f16": "6Cast 6Abs Ln 2Mul Exp 3Muls 2Sub Adds ShiftRight 9CompareScalar 3And "
                "3Select 4Or",
         "i32": "5Cast 7CompareScalar 3Muls 13Duplicate 9Select 2ShiftRight 2ReduceSum 2Mul "
                "Sub Adds Div"},
        {"f32": 16, "f16": 28, "i32": 24}, _MATH),
    "Xor": Library({"i16": "4And 2Or 2Not", "ui16": "4And 2Or 2Not"}, {"i16": 2, "ui16": 2},
                   _MATH),
    "Axpy": Library({"f32": "Muls Add", "f16": "Muls Add", "f16>f32": "Cast Muls Add"},
                    {"f32": 4, "f16": 8, "f16>f32": 8}, _MATH),
    "ClampMax": _m("Mins", "Mins", 4, 2),
    "ClampMin": _m("Maxs", "Maxs", 4, 2),
    # Activations (impl/adv_api/detail/activation/<api>/, tiling/activation/)
    "Gelu": _m("2Mul Muls Add Muls Exp Adds Div", "2Cast 2Mul Muls Add Muls Exp Adds Div",
               12, 12, min_tmp=768),
    "FasterGelu": _m("Muls Exp Adds Div", "2Cast Muls Exp Adds Div", 12, 12, min_tmp=768),
    "Sigmoid": _m("Muls Exp Adds Duplicate Div", "2Cast Muls Exp Adds Duplicate Div", 4, 2,
                  min_tmp=256),
    "Silu": _m("Muls Exp Adds Div", "Muls Exp Adds Div", 0, 0),
    "Swish": _m("Muls Exp Adds Div", "Muls Exp Adds Div", 0, 0),
    "SwiGLU": _m("Muls Exp Adds Div Mul", "3Cast Muls Exp Adds Div Mul", 0, 12),
    # Exp: the basic Exp instruction at Taylor level 0; level k adds 3 instructions per term
    # (`ascdsl.sim.cost.CostModel.library` builds the sequence from this base).
    "Exp": _m("Adds Cast Sub Exp 3Adds Mul", "2Cast Sub Exp 3Adds Mul", 12, 16),
    # Row APIs: one chunk is `splitM` rows; the reductions fold the row (Max/Add), finish with
    # a WholeReduce and broadcast the row value back (Brcb).
    "SoftMax": Library(
        {"f32": "2Max WholeReduceMax Brcb Sub Exp 2Add WholeReduceSum Brcb Div",
         "f16": "4Cast 2Max WholeReduceMax Brcb Sub Exp 2Add WholeReduceSum Brcb Div"},
        {"f32": 4, "f16": 8},
        f"{_IMPL}/activation/softmax/membase/common/softmax_impl/softmax_generic_nd_impl.h "
        "(SoftMaxGenericNDImpl, one path of NewReduceMax/SumLastNDImpl)"),
    "SimpleSoftMax": Library(
        {"f32": "Brcb Sub Exp Brcb Div", "f16": "2Cast Brcb Sub Exp Brcb Div"},
        {"f32": 4, "f16": 8},
        f"{_IMPL}/activation/softmax/membase (SimpleSoftMaxGenericNDImpl, one path)"),
    "LogSoftMax": Library(
        {"f32": "2Max WholeReduceMax Brcb Sub Exp 2Add WholeReduceSum Brcb Div Ln",
         "f16": "4Cast 2Max WholeReduceMax Brcb Sub Exp 2Add WholeReduceSum Brcb Div Ln"},
        {"f32": 4, "f16": 8},
        f"{_IMPL}/activation/softmax/membase/common/logsoftmax_common_impl.h (one path)"),
    "LayerNorm": Library(
        {"f32": "Muls 2Add WholeReduceSum Brcb Sub Mul Muls 2Add WholeReduceSum Adds Rsqrt "
                "Brcb Mul Mul Add",
         "f16": "3Cast Muls 2Add WholeReduceSum Brcb Sub Mul Muls 2Add WholeReduceSum Adds "
                "Rsqrt Brcb Mul Mul Add"},
        {"f32": 8, "f16": 12},
        f"{_IMPL}/normalization/layernorm/layernorm_common_basic_impl.h (one path)"),
    "RmsNorm": Library(
        {"f32": "Mul 2Add WholeReduceSum Muls Adds Sqrt Brcb Div Mul",
         "f16": "3Cast Mul 2Add WholeReduceSum Muls Adds Sqrt Brcb Div Mul"},
        {"f32": 4, "f16": 8}, f"{_IMPL}/normalization/rmsnorm (estimate of one path)"),
    "AscendQuant": Library(
        {"f32": "Muls Adds 2Cast", "f16": "Muls Adds Cast"},
        {"f32": 2, "f16": 2},
        f"{_IMPL}/quantization/quant; scratch: GetAscendQuantMaxMinTmpSize (2 bytes per "
        "element, at least 512)", min_tmp=512),
    # AscendDequant with a scale vector, keyed "dstT<scaleT": the scale row to float once
    # (Adds +0 of a float row, Cast of bfloat16, GatherMask of a uint64's low words), then per
    # chunk of k rows Cast int32 -> float, Mul by the scale row (one instruction of k repeats
    # per 64 scaled columns and a norm-mode one for the rest; one per row past 2040 columns),
    # and the rows to dstT (Adds +0 into float, else Cast; one a row when dstT pads the row).
    # Scratch: a float per element of the chunk after the float scale row; the minimum is
    # GetAscendDequantMaxMinTmpSize's (2n + 72 floats). ascdsl.sim.lower.dequant_broadcast
    # counts the chunks and loops.
    "AscendDequant": Library(
        {"f32<f32": "Adds Cast Mul Adds", "f32<bf16": "Cast Cast Mul Adds",
         "bf16<bf16": "Cast Cast Mul Cast", "bf16<f32": "Adds Cast Mul Cast",
         "f16<ui64": "GatherMask Cast Mul Cast"},
        {k: 4 for k in ("f32<f32", "f32<bf16", "bf16<bf16", "bf16<f32", "f16<ui64")},
        f"{_IMPL}/quantization/dequant/ascend_dequant_common_impl.h (CalculateByInner); "
        "scratch: impl/adv_api/tiling/quantization/ascend_dequant_tiling_impl.cpp"),
    # BroadCast<T, dim, axis>, keyed by the implementation's path: [m, 1] -> [m, n] ("last")
    # Brcb's each row's value into a 32-byte block (8 rows a repeat), then Copy's the blocks
    # along the rows, a round of rows at a time; a row not 32-byte aligned is built padded and
    # packed by a GatherMask ("last_unaligned"). [1, n] -> [m, n] ("first") Or's the row into 8
    # rows at a time after a Duplicate of a zero block. Equal sizes Copy, one element
    # Duplicates; 8-bit elements go through half ("b8": a Cast each way). Scratch bytes per row
    # of a round: one block ("last"), plus a padded row when unaligned; the minimum is
    # GetBroadCastMaxMinTmpSize's.
    "BroadCast": Library(
        {"last": "Brcb Copy", "last_unaligned": "Brcb Copy GatherMask", "first": "Duplicate Or",
         "same": "Copy", "one": "Duplicate", "b8": "Cast Cast"},
        {"last": 32, "last_unaligned": 32},
        f"{_IMPL}/pad/broadcast/broadcast_v220_impl.h, broadcast_common_utils.h, "
        "broadcast_common_impl.h (BroadCastCommon, the dav-c220 path); scratch: "
        "impl/adv_api/tiling/pad/broadcast_tiling.cpp (GetBroadCastMaxMinTmpSize220)"),
    # dav-c220: Concat rebinds the tensor (`concat = src;`), Extract is two GatherMask.
    "Concat": Library({"f32": ""}, {"f32": 0}, _PROPOSAL),
    "Extract": Library({"f32": "2GatherMask"}, {"f32": 0}, _PROPOSAL),
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
               dict(VECTOR_CYCLES_910B), dict(LIBRARY_910B))


SOCS: dict[str, SoC] = {s.name: s for s in (_b(*sku) for sku in _SKUS)}

DEFAULT_SOC = "Ascend910B1"


def get_soc(name: str | None = None) -> SoC:
    key = name or DEFAULT_SOC
    try:
        return SOCS[key]
    except KeyError:
        raise ValueError(f"unknown SoC '{key}'; known: {', '.join(SOCS)}") from None
