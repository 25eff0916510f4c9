"""Simulated time against published NPU measurements: the calibration table of the cost model.

    python benchmarks/calibration.py                 # every row (about 20 minutes of CPU)
    python benchmarks/calibration.py --rows add-4,dc-ub-3
    python benchmarks/calibration.py --json out.json # also write the figures

Each row of benchmarks/calibration/rows.py is a kernel measured on an Atlas A2 (910B, 1.85
GHz) with msprof; benchmarks/calibration/ re-creates it in ascdsl (same algorithm, shape, cores,
tiling and buffering) and this script runs it on the simulator (sanitizer off) and compares
Task Duration, aiv_time and the per-pipe busy times, each as msprof names it.

Rows have a role: "fit" rows chose constants of the SoC table (ascdsl/dialects/ascendc/soc.py
says which), "held-out" rows did not and check the model, "unlisted" rows are published
measurements kept out of the reference table to check the calibration ("unlisted-fit": one a
constant was fitted to, counted with neither). Goals, over the fit and
held-out rows: every Task Duration within 25 %, their median within 10 %, every listed per-pipe
time within 25 %. Exit status 1 if a goal is missed.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

# The simulator's Mmad multiplies small blocks with numpy; a multithreaded BLAS on a loaded
# machine spins its threads against each other (100x slower for a 128 x 64 x 256 block).
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import numpy as np  # noqa: E402

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "calibration"))

import add_high_performance  # noqa: E402
import bank_conflict  # noqa: E402
import bank_conflict_nd2nz  # noqa: E402
import catlass_basic_matmul  # noqa: E402
import catlass_optimized_matmul  # noqa: E402
import catlass_quant_matmul  # noqa: E402
import catlass_splitk_matmul  # noqa: E402
import data_copy  # noqa: E402
import matmul_basic_api  # noqa: E402
import matmul_gelu  # noqa: E402
import matmul_high_performance  # noqa: E402
import matmul_tuning  # noqa: E402
import quant_group_matmul  # noqa: E402
from rows import (AIC, AIC_MAX, AIV, AIV_PIPES, BANK_FIT, BANK_ROWS, MM_PIPES,  # noqa: E402
                  NOT_YET, QUANT_SHAPES, ROWS, TD, Row)

import ascdsl.runtime.config as config  # noqa: E402
from ascdsl.dialects.ascendc.soc import SOCS  # noqa: E402
from ascdsl.sim.report import mix_head_cycles  # noqa: E402
from ascdsl.sim.dtypes import f32_to_bf16  # noqa: E402

# add-0 runs its scalar loop on 8 of the 8192 rows (67 million GetValue/SetValue elements would
# take the simulator an hour): every step of that kernel is the same, so the per-core times
# scale by 8192 / 8; the task's fixed start is added once.
SCALAR_ROWS = 8


def run_add(case: int) -> tuple[dict, str]:
    rows = SCALAR_ROWS if case == 0 else add_high_performance.M
    n = rows * add_high_performance.N
    rng = np.random.default_rng(case)
    x = rng.random(n, dtype=np.float32).astype(np.float16)
    y = rng.random(n, dtype=np.float32).astype(np.float16)
    z = np.zeros_like(x)
    report = add_high_performance.launch(case, x, y, z, rows)
    want = (x.astype(np.float32) + y.astype(np.float32)).astype(np.float16)
    if case != 0:
        want = x + y
    if not np.array_equal(z, want):
        raise SystemExit(f"add case {case}: wrong result")
    figures = report.msprof()
    note = ""
    if case == 0:
        scale = add_high_performance.M / rows
        head = report.task_cycles - max(report.core_cycles)
        for k in list(figures):
            if k.endswith("(us)") and k != TD:
                figures[k] *= scale
        figures[TD] = head / report.clock_mhz + (figures[TD] - head / report.clock_mhz) * scale
        note = f"simulated on {rows} of {add_high_performance.M} rows, times x {scale:g}"
    return figures, note


def run_nd2nz(case: int) -> tuple[dict, str]:
    k = bank_conflict_nd2nz
    x = (np.arange(k.M * k.N, dtype=np.int64) % 2039).astype(np.float16).reshape(k.M, k.N)
    z = np.zeros_like(x)
    report = k.launch(x, z, case)
    if not np.array_equal(z, k.reference(x)):
        raise SystemExit(f"bank_conflict_nd2nz case {case}: wrong result")
    return report.msprof(), ""


def run_copy(scenario: int) -> tuple[dict, str]:
    m, n = data_copy.shape(scenario)
    src = np.arange(m * n, dtype=np.uint16).view(np.float16)
    report = data_copy.launch(scenario, src)
    return report.msprof(), ""


# Rows of its block of C each core computes per pass (SetTail), of singleM; the per-core
# figures are scaled by singleM / rows. One row of output blocks is the same work as the next
# once L2 holds B, so a few rows of blocks show the steady state; the first pays the misses.
MATMUL_ROWS = {0: 64, 1: 128, 2: 512, 3: 512, 4: 512, 5: 512, 6: 256, 7: 256, 8: 256}


def run_matmul(case: int) -> tuple[dict, str]:
    mm = matmul_high_performance
    cores, single_m, single_n, base_m, _, _, _ = mm.CASES[case]
    rows = min(MATMUL_ROWS[case], single_m)
    rng = np.random.default_rng(case)
    n = mm.M * mm.K
    # Quarter-integers: every product and partial sum is exact in f32.
    a = (rng.integers(-4, 5, n, dtype=np.int8).astype(np.float16) / np.float16(4))
    bt = (rng.integers(-4, 5, n, dtype=np.int8).astype(np.float16) / np.float16(4))
    c = np.zeros(mm.M * mm.N, np.float16)
    report = mm.launch(case, a, bt, c, rows)
    a2, b2, c2 = a.reshape(mm.M, mm.K), bt.reshape(mm.N, mm.K), c.reshape(mm.M, mm.N)
    # Check the first and the last core's rows (the last one owns the N tail).
    m_blocks = mm.M_CORE_ROWS if case in mm.L2_SPLIT else -(-mm.M // single_m)
    for core in {0, cores - 1}:
        r0 = (core % m_blocks) * single_m
        c0 = (core // m_blocks) * single_n
        cols = min(single_n, mm.N - c0)
        want = a2[r0:r0 + rows].astype(np.float32) @ b2[c0:c0 + cols].astype(np.float32).T
        if not np.array_equal(c2[r0:r0 + rows, c0:c0 + cols], want.astype(np.float16)):
            raise SystemExit(f"matmul case {case}: wrong result on core {core}")
    scale = single_m / rows
    clock = report.clock_mhz
    head = report.task_cycles - max(report.core_cycles)
    # Cores with the same work differ by the misses the first of each group sharing an A or B
    # panel pays (the others find the lines in L2): a first touch, which the full kernel pays
    # once, so it is added once instead of scaled with the rows.
    work = mm.blocks_of(case)
    base = {}
    for w, cyc in zip(work, report.core_cycles):
        base[w] = min(base.get(w, cyc), cyc)
    core_time = [base[w] * scale + (cyc - base[w]) for w, cyc in zip(work, report.core_cycles)]
    figures = {TD: (head + max(core_time)) / clock, AIC: sum(core_time) / cores / clock}
    for pipe, name in MM_PIPES.items():
        busy = sum(cr.busy.get(pipe, 0.0) for cr in report.cores) / cores
        figures[name] = busy * scale / clock
    note = f"simulated {rows} of each core's {single_m} rows, times x {scale:g}"
    return figures, note


# matmul_basic_api (mmb-*): the base rows of M each core runs per round, and one more; the
# per-core times and pipes are extended linearly from the two runs to singleCoreM / baseM.
# The step between them is one base row of every N block, A's first touch of that row
# included (the first core of a core row to read it pays the misses, as on the full run);
# B's panels are first read in the shorter run and counted once. The sample does not matter
# (mmb-1: TD 4,558 us from 1 and 2 rows, 4,555 from 2 and 3 and from 3 and 4, 4,555 for the
# whole kernel simulated once, 10 minutes of CPU); 1 is the cheapest. It did while the first
# pass's L2 clock took a line used ahead of it for an eviction (+51% / +33% / +120%).
MMB_ROWS = 1


def run_matmul_basic(scenario: int) -> tuple[dict, str]:
    mb = matmul_basic_api
    rng = np.random.default_rng(scenario)
    n = mb.M * mb.K
    # Quarter-integers: every product and partial sum is exact in f32.
    a = (rng.integers(-4, 5, n, dtype=np.int8).astype(np.float16) / np.float16(4))
    bt = (rng.integers(-4, 5, n, dtype=np.int8).astype(np.float16) / np.float16(4))
    runs = []
    for r in (MMB_ROWS, MMB_ROWS + 1):
        c = np.zeros(mb.M * mb.N, np.float16)
        runs.append(mb.launch(scenario, a, bt, c, r))
    a2, b2, c2 = a.reshape(mb.M, mb.K), bt.reshape(mb.N, mb.K), c.reshape(mb.M, mb.N)
    rows = (MMB_ROWS + 1) * mb.BASE_M
    for core in {0, mb.CORES - 1}:  # the last core owns the 512-column N tail
        firsts, c0, cols = mb.owner_rows(scenario, core)
        for r0 in firsts:
            want = a2[r0:r0 + rows].astype(np.float32) @ b2[c0:c0 + cols].astype(np.float32).T
            if not np.array_equal(c2[r0:r0 + rows, c0:c0 + cols], want.astype(np.float16)):
                raise SystemExit(f"matmul_basic_api scenario {scenario}: wrong result on core "
                                 f"{core}")
    full = mb.blocks_per_round(scenario)
    figures = extend_rows(runs, full, ((None, AIC, MM_PIPES),))  # a cube launch: AICs only
    note = (f"{MMB_ROWS} and {MMB_ROWS + 1} of each core's {full} base rows of M per round, "
            f"extended to {full}")
    return figures, note


def extend_rows(runs: list, full: int, kinds: tuple) -> dict:
    """The figures of a launch run at MMB_ROWS and MMB_ROWS + 1 base rows of M (`runs`), each
    timeline extended linearly to `full` rows: Task Duration from the slowest, and for each
    (core kind or None for every timeline, its time's key, {pipe: key}) of `kinds` the mean
    time and pipe busy times of the timelines of that kind."""

    def extend(x0: float, x1: float) -> float:
        return x1 + (x1 - x0) * (full - MMB_ROWS - 1)

    r0, r1 = runs
    clock = r1.clock_mhz
    head = r1.task_cycles - max(r1.core_cycles)
    core = [extend(x0, x1) for x0, x1 in zip(r0.core_cycles, r1.core_cycles)]
    figures = {TD: (head + max(core)) / clock}
    for kind, total, pipes in kinds:
        mine = [i for i, cr in enumerate(r1.cores) if kind is None or cr.kind == kind]
        figures[total] = sum(core[i] for i in mine) / len(mine) / clock
        for pipe, name in pipes.items():
            busy = [sum(r.cores[i].busy.get(pipe, 0.0) for i in mine) / len(mine) for r in runs]
            figures[name] = extend(*busy) / clock
    return figures


def run_matmul_gelu(scenario: int) -> tuple[dict, str]:
    """mmg-1: the fused kernel shortened as mmb-1 is (MMB_ROWS and MMB_ROWS + 1 base rows of M
    on every timeline, cube and vector, extended linearly to singleCoreM), checked against
    numpy's f32 GELU of the exact product on the first and the last core's rows."""
    mg = matmul_gelu
    rng = np.random.default_rng(16)
    n = mg.M * mg.K
    # Multiples of 1/8 in [-1/8, 1/8]: the f32 product is exact, and it lands in GELU's curved
    # part (|x| of a few units) rather than where it is x or 0.
    a = (rng.integers(-1, 2, n, dtype=np.int8).astype(np.float16) / np.float16(8))
    bt = (rng.integers(-1, 2, n, dtype=np.int8).astype(np.float16) / np.float16(8))
    c = np.zeros(mg.M * mg.N, np.float32)
    runs = [mg.launch(a, bt, c, r) for r in (MMB_ROWS, MMB_ROWS + 1)]
    a2, b2, c2 = a.reshape(mg.M, mg.K), bt.reshape(mg.N, mg.K), c.reshape(mg.M, mg.N)
    rows = (MMB_ROWS + 1) * mg.BASE_M
    for core in (0, mg.CORES - 1):  # the last core owns the 512-column N tail
        r0, _, c0, cols = mg.owner(core)
        x = a2[r0:r0 + rows].astype(np.float32) @ b2[c0:c0 + cols].astype(np.float32).T
        # The simulator rounds each of the eight vector ops in f32 as numpy does; 4 ulp of
        # slack leaves room for a differently rounded exp, not for a wrong block.
        if not np.allclose(c2[r0:r0 + rows, c0:c0 + cols], mg.gelu_reference(x), rtol=5e-7,
                           atol=0):
            raise SystemExit(f"matmul_gelu: wrong result on core {core}")
    full = mg.SINGLE_M // mg.BASE_M
    figures = extend_rows(runs, full, (("aic", AIC, MM_PIPES), ("aiv", AIV, AIV_PIPES)))
    note = (f"MIX; {MMB_ROWS} and {MMB_ROWS + 1} of each core's {full} base rows of M, "
            f"extended to {full}")
    return figures, note


# catlass rows: (M, N, K, the assembly, L1 stages simulated per block or None for all of K).
# With `stages`, every block's K is simulated over `stages` and `stages` + 1 L1 stages and the
# per-core times extended linearly to K / TK stages: a stage is the same work at any K while L2
# holds both matrices, as it does for 00-a and 00-b (16 + 32 and 32 + 64 MB), and all of K
# would take the simulator minutes of CPU per row. The extension keeps each core's own slope,
# so the cores that pay their panels' misses (the first readers in time, ascdsl.sim.l2share)
# stay the slowest.
_FP32_B_COL = dict(dtype=np.float32, b_col_major=True)
CATLASS = {
    "00-a": (2048, 4096, 4000, catlass_basic_matmul.Config(), 2),
    "00-b": (4096, 4096, 8000, catlass_basic_matmul.Config(), 2),
    "f32-a": (1, 768, 5120, catlass_basic_matmul.Config((128, 128, 256), 64, **_FP32_B_COL),
              None),
    "f32-b": (1, 768, 5120, catlass_basic_matmul.Config((16, 32, 1024), 256, **_FP32_B_COL),
              None),
    "tun-1": (256, 512, 1024, catlass_basic_matmul.Config((32, 128, 128), 32, 3, 0), None),
    "tun-2": (256, 512, 1024, catlass_basic_matmul.Config((64, 128, 128), 64, 3, 1), None),
}


def run_catlass(case: str) -> tuple[dict, str]:
    cb = catlass_basic_matmul
    m, n, k, cfg, stages = CATLASS[case]
    row = next(r for r in ROWS if r.kernel == ("catlass_basic_matmul", case))
    old = config.soc
    config.soc = row.extra["soc"]
    tk = cfg.tile[2]
    runs = []
    try:
        cores = SOCS[config.soc].aic_cores
        # Quarter-integers (every product and partial sum exact in f32, C rounded once) that
        # differ from block to block: a block computed from the wrong panels or stored in the
        # wrong place shows.
        rng = np.random.default_rng(15)
        a2 = (rng.integers(-4, 5, (m, k)) / 4).astype(cfg.dtype)
        b2 = (rng.integers(-4, 5, (k, n)) / 4).astype(cfg.dtype)
        a = a2.ravel()
        b = (np.ascontiguousarray(b2.T) if cfg.b_col_major else b2).ravel()
        for st in (0,) if stages is None else (stages, stages + 1):
            c = np.zeros(m * n, cfg.dtype)
            report = cb.launch(a, b, c, m, n, k, cores, st, cfg)
            k_run = k if st == 0 else min(k, st * tk)  # a shortened run: the first stages
            want = a2[:, :k_run].astype(np.float32) @ b2[:k_run].astype(np.float32)
            if not np.array_equal(c, want.astype(cfg.dtype).ravel()):
                raise SystemExit(f"catlass {case}: wrong result")
            runs.append(report)
    finally:
        config.soc = old
    last = runs[-1]
    clock = last.clock_mhz
    head = last.task_cycles - max(last.core_cycles)
    if stages is None:
        figures = last.msprof()
        note = config_name(row)
    else:
        full = k / tk

        def extend(x0: float, x1: float) -> float:
            return x0 + (x1 - x0) * (full - stages)

        r0, r1 = runs
        core = [extend(x0, x1) for x0, x1 in zip(r0.core_cycles, r1.core_cycles)]
        figures = {TD: (head + max(core)) / clock, AIC: sum(core) / cores / clock}
        for pipe, name in MM_PIPES.items():
            busy = [sum(cr.busy.get(pipe, 0.0) for cr in r.cores) / cores for r in runs]
            figures[name] = extend(*busy) / clock
        note = (f"{config_name(row)}; {stages} and {stages + 1} of {cb.stage_count(k, cfg)} "
                f"L1 stages per block, extended to {full:g}")
    return figures, note


# The Preload block's kernels: catlass 06 (the optimisation guide's TileShape case 1) and 21
# (its TileShape case 2, B in zN or row-major; its swizzle case 1, 21-e/f): M, N, K, the L1
# tile (L0 K a quarter of L1 K) and B's layout.
_CO = catlass_optimized_matmul
CATLASS_06 = {"06-a": (1024, 576, 6144, (128, 256, 256), _CO.B_COL),
              "06-b": (1024, 576, 6144, (256, 128, 256), _CO.B_COL),
              "21-a": (20, 6144, 16384, (128, 256, 256), _CO.B_ZN),
              "21-b": (20, 6144, 16384, (32, 320, 128), _CO.B_ZN),
              "21-c": (20, 6144, 16384, (128, 256, 256), _CO.B_ROW),
              "21-d": (20, 6144, 16384, (32, 320, 128), _CO.B_ROW),
              "21-e": (160, 6144, 2048, (128, 256, 256), _CO.B_ZN),
              "21-f": (160, 6144, 2048, (128, 256, 256), _CO.B_ZN)}
# GemmIdentityBlockSwizzle<offset, direction> where a row departs from the examples' <3, 0>.
CATLASS_06_SWIZZLE = {"21-e": (3, 1), "21-f": (4, 1)}


def catlass_operands(m: int, n: int, k: int, layout: int):
    """A, B laid out as `layout` says, and the expected C: quarter-integers (every product and
    partial sum exact in f32, so C is A B rounded once to half) that differ from block to block,
    so a block computed from the wrong panels or stored in the wrong place shows."""
    rng = np.random.default_rng(15)
    a = (rng.integers(-4, 5, m * k) / 4).astype(np.float16)
    b = (rng.integers(-4, 5, (k, n)) / 4).astype(np.float16)
    if layout == _CO.B_COL:
        given = np.ascontiguousarray(b.T).ravel()
    elif layout == _CO.B_ZN:  # 16-column strips, each K rows of 16 in a row
        given = b.reshape(k, n // 16, 16).transpose(1, 0, 2).ravel()
    else:
        given = b.ravel()
    want = a.reshape(m, k).astype(np.float32) @ b.astype(np.float32)
    return a, given, want.astype(np.float16).ravel()


def run_catlass_06(case: str) -> tuple[dict, str]:
    co = catlass_optimized_matmul
    m, n, k, tile, layout = CATLASS_06[case]
    row = next(r for r in ROWS if r.kernel == ("catlass_optimized_matmul", case))
    old = config.soc
    config.soc = row.extra["soc"]
    try:
        cores = SOCS[config.soc].aic_cores
        a, b, want = catlass_operands(m, n, k, layout)
        c = np.zeros(m * n, np.float16)
        offset, direction = CATLASS_06_SWIZZLE.get(case, (3, 0))
        report = co.launch(a, b, c, m, n, k, cores,
                           co.Config(tile, tile[2] // 4, offset, direction, layout))
        if not np.array_equal(c, want):
            raise SystemExit(f"catlass {case}: wrong result")
    finally:
        config.soc = old
    figures = report.msprof()
    # The M pipe's share of the task: the simulated utilisation, against the one the
    # published time implies (FLOPs / (cores x 16^3 x 2 x clock x time)).
    clock = report.clock_mhz
    flops = 2.0 * m * n * k
    peak = cores * 16 ** 3 * 2 * clock * 1e6
    td = figures[TD] * 1e-6
    figures["M utilisation (sim)"] = flops / (peak * td)
    figures["M utilisation (published)"] = flops / (peak * row.measured[TD] * 1e-6)
    figures["M busy / task (sim)"] = report.busy.get("PIPE_M", 0.0) / cores / report.task_cycles
    note = (f"{config_name(row)}; M pipe: sim {figures['M utilisation (sim)']:.1%} of peak over "
            f"the task (busy {figures['M busy / task (sim)']:.1%}), published time implies "
            f"{figures['M utilisation (published)']:.1%}")
    return figures, note


def run_quant(case: str) -> tuple[dict, str]:
    """catlass 12 or 52 (one MIX launch each) at the row's shape, checked against numpy."""
    cq = catlass_quant_matmul
    example, shape = case.split("-")
    m, n, k = QUANT_SHAPES[shape]
    row = next(r for r in ROWS if r.kernel == ("catlass_quant_matmul", case))
    rng = np.random.default_rng(len(case) + k)
    # catlass's example data: int8 in [-16, 16], scales in [0, 1).
    a = rng.integers(-16, 17, m * k, dtype=np.int8)
    b = rng.integers(-16, 17, n * k, dtype=np.int8)
    sdt = np.float16 if example == "12" else np.float32
    scale = rng.random(n, dtype=np.float32).astype(sdt)
    pt = rng.random(m, dtype=np.float32).astype(sdt)
    want = cq.reference(a, b, scale, pt, m, n, k).ravel()
    old = config.soc
    config.soc = row.extra["soc"]
    try:
        soc = SOCS[config.soc]
        cores = soc.aic_cores
        if example == "12":
            d = np.zeros(m * n, np.float16)
            report = cq.launch_quant(a, b, scale, pt, d, m, n, k, cores)
            ok = np.array_equal(d, want.astype(np.float16))
        else:
            d = np.zeros(m * n, np.uint16)  # bf16 bit patterns
            report = cq.launch_splitk(a, b, scale, pt, d, m, n, k, cores)
            ok = np.array_equal(d, f32_to_bf16(want))
    finally:
        config.soc = old
    if not ok:
        raise SystemExit(f"catlass {case}: wrong result")
    clock = soc.clock_mhz
    figures = report.msprof()
    aic = [c for c in report.cores if c.kind == "aic"]
    busiest = max(aic, key=lambda c: c.cycles)
    pipes = ", ".join(f"{p.removeprefix('PIPE_')} {busiest.busy.get(p, 0.0) / clock:.2f}"
                      for p in ("PIPE_MTE2", "PIPE_MTE1", "PIPE_M", "PIPE_FIX"))
    blocks = -(-m // cq.TILE[0]) * -(-n // cq.TILE[1])
    if example == "12":
        note = (f"{config_name(row)}; MIX, {blocks} of {cores} AI cores with a block; the "
                f"busiest AIC's pipes (us): {pipes}")
    else:
        aiv = max((c for c in report.cores if c.kind == "aiv"), key=lambda c: c.cycles)
        note = (f"{config_name(row)}; MIX, split-K factor "
                f"{cq.splitk_factor(m, n, k, cores)} over {blocks} blocks; the busiest AIC's "
                f"pipes (us): {pipes}; the slowest AIV ends at {aiv.cycles / clock:.2f} us")
    return figures, note


# catlass 34's single-core split-K matmul: (M, N, K, K stages simulated in phase 2 or None for
# all of K). Its three phases (AIV padding, AIC split-K, AIV cast) are chip-wide steps of one
# MIX task, separated by a barrier over all vector cores and cross-core flags; the simulator
# runs them as three launches (catlass_splitk_matmul.py says why). The task is put together
# from their per-core times: block i's cores start i x block_dispatch after block 0 (the
# task's 24 blocks); the AICs start one barrier and one flag (2 x cross_core_latency) after the
# last AIV's padding; the cast starts one flag and one barrier after the last AIC; plus
# task_head once. With `stages`, phase 2 runs `stages` and `stages` + 1 K stages of 512 (each
# a pass over every block of the core's range, the first without atomics) and each AIC's time
# and pipe busy times are extended linearly to K / 512 stages; phases 1 and 3 run whole.
CATLASS_34 = {"34-a": (2048, 4096, 4000, 1), "34-b": (4096, 4096, 8000, 1),
              "34-c": (4096, 4096, 40000, 1), "34-d": (2048, 4096, 80000, 1)}


def run_splitk(case: str) -> tuple[dict, str]:
    sk = catlass_splitk_matmul
    m, n, k, stages = CATLASS_34[case]
    row = next(r for r in ROWS if r.kernel == ("catlass_splitk_matmul", case))
    old = config.soc
    config.soc = row.extra["soc"]
    soc = SOCS[config.soc]
    runs = []
    try:
        aic, aiv = soc.aic_cores, soc.aiv_cores
        # Quarter-integers, as for run_catlass: exact f32 sums (atomic adds in any order),
        # one rounding to half, different in every block.
        rng = np.random.default_rng(34)
        a2 = rng.integers(-4, 5, (m, k), dtype=np.int8).astype(np.float16) / np.float16(4)
        b2 = rng.integers(-4, 5, (k, n), dtype=np.int8).astype(np.float16) / np.float16(4)
        a, b = a2.ravel(), b2.ravel()
        padded: dict = {}  # phase 1 does not depend on the stages: run once
        for st in (0,) if stages is None else (stages, stages + 1):
            c = np.zeros(m * n, np.float16)
            runs.append(sk.run(a, b, c, m, n, k, aic, aiv, st, padded))
            k_run = k if st == 0 else min(k, st * sk.TK)  # a shortened run: the first stages
            want = a2[:, :k_run].astype(np.float32) @ b2[:k_run].astype(np.float32)
            if not np.array_equal(c, want.astype(np.float16).ravel()):
                raise SystemExit(f"catlass {case}: wrong result")
    finally:
        config.soc = old
    pad, cube, cast = runs[-1]
    full = k / sk.TK

    def extend(x0: float, x1: float) -> float:
        return x1 if stages is None else x0 + (x1 - x0) * (full - stages)

    cube_cores = [extend(*xs) for xs in zip(*(r[1].core_cycles for r in runs))]
    cost = soc.cost
    step, lat = cost["block_dispatch"], cost["cross_core_latency"]
    start_aiv = [(j // 2) * step for j in range(aiv)]
    p1 = max(s + cyc for s, cyc in zip(start_aiv, pad.core_cycles))
    aic_end = [max(p1 + 2 * lat, i * step) + cyc for i, cyc in enumerate(cube_cores)]
    p2 = max(aic_end) + 2 * lat
    p3 = p2 + max(cast.core_cycles)
    clock = cube.clock_mhz
    head = cost["task_head"] + mix_head_cycles(soc, aic)  # one MIX task over every AI core
    figures = {TD: (head + p3) / clock,
               AIC: sum(e - i * step for i, e in enumerate(aic_end)) / aic / clock,
               AIV: sum(p3 - s for s in start_aiv) / aiv / clock}
    for pipe, name in MM_PIPES.items():
        busy = [sum(cr.busy.get(pipe, 0.0) for cr in r[1].cores) / aic for r in runs]
        figures[name] = extend(*busy) / clock
    for pipe, short in (("PIPE_MTE2", "mte2"), ("PIPE_V", "vec"), ("PIPE_MTE3", "mte3"),
                        ("PIPE_S", "scalar")):
        busy = sum(cr.busy.get(pipe, 0.0) for r in (pad, cast) for cr in r.cores)
        figures[f"aiv_{short}_time(us)"] = busy / aiv / clock
    figures["phase pad (us)"] = p1 / clock
    figures["phase split-K (us)"] = (p2 - p1) / clock
    figures["phase cast (us)"] = (p3 - p2) / clock
    note = config_name(row) + f", {aiv} AIV"
    if stages is not None:
        note += (f"; split-K phase: {stages} and {stages + 1} of {sk.stage_count(k)} K stages, "
                 f"extended to {full:g}")
    return figures, note


def config_name(row: Row) -> str:
    soc = SOCS[row.extra["soc"]]
    return f"{soc.name}: {soc.aic_cores} AIC at {soc.clock_mhz} MHz"


RUNNERS = {"add_high_performance": run_add, "data_copy": run_copy,
           "matmul_high_performance": run_matmul, "matmul_basic_api": run_matmul_basic,
           "matmul_gelu": run_matmul_gelu,
           "catlass_basic_matmul": run_catlass,
           "catlass_optimized_matmul": run_catlass_06, "bank_conflict_nd2nz": run_nd2nz,
           "catlass_quant_matmul": run_quant, "catlass_splitk_matmul": run_splitk,
           "quant_group_matmul": quant_group_matmul.run, "matmul_tuning": matmul_tuning.run}


def err(sim: float, meas: float) -> float:
    return (sim - meas) / meas


def bank_check() -> list[dict]:
    """The bank-conflict scenarios, each relative to scenario 1."""
    out = []
    base_sim = base_pub = None
    for s, row in BANK_ROWS.items():
        report = bank_conflict.launch(s, BANK_ROWS)
        v = report.busy["PIPE_V"]
        if base_sim is None:
            base_sim, base_pub = v, row[-1]
        out.append({"scenario": s, "measured": row[-1] / base_pub, "simulated": v / base_sim,
                    "role": "fit" if s in BANK_FIT else "unlisted"})
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rows", help="comma-separated row ids (default: all)")
    ap.add_argument("--json", help="write the figures to this file")
    opts = ap.parse_args(argv)
    config.sanitize = "off"
    wanted = set(opts.rows.split(",")) if opts.rows else None
    rows = [r for r in ROWS if wanted is None or r.id in wanted]
    if wanted is not None and len(rows) != len(wanted):
        known = ", ".join(r.id for r in ROWS)
        print(f"unknown row id in {opts.rows!r}; known: {known}", file=sys.stderr)
        return 2

    results = []
    print("ascdsl simulator vs published msprof measurements (Atlas A2, us; err = sim/meas - 1)")
    for row in rows:
        if row.kernel is None:
            continue
        t0 = time.process_time()
        sim, note = RUNNERS[row.kernel[0]](row.kernel[1])
        cpu = time.process_time() - t0
        results.append((row, sim, note, cpu))
        print_row(row, sim, note, cpu)

    missing = [r for r in rows if r.kernel is None]
    if missing:
        print("\nnot reproduced yet:")
        for r in missing:
            print(f"  {r.id:<9} {r.what}: {r.missing}")
    if wanted is None:
        for what, why in NOT_YET:
            print(f"  {what}: {why}")

    bank = bank_check() if wanted is None else []
    if bank:
        print("\nUB bank conflicts (asc-devkit bank_conflict_ub; vector time relative to "
              "scenario 1)")
        for b in bank:
            print(f"  scenario {b['scenario']} ({b['role']:<8}) measured {b['measured']:.3f}  "
                  f"simulated {b['simulated']:.3f}  err {err(b['simulated'], b['measured']):+.1%}")

    ok = summary(results)
    if opts.json:
        data = {
            "rows": [
                {"id": r.id, "role": r.role, "what": r.what, "note": note, "cpu_s": cpu,
                 "figures": {k: {"measured": r.measured[k], "simulated": sim.get(k),
                                 "listed": k in r.listed} for k in r.measured}}
                for r, sim, note, cpu in results
            ],
            "bank": bank,
        }
        Path(opts.json).write_text(json.dumps(data, indent=1))
    return 0 if ok else 1


def print_row(row: Row, sim: dict, note: str, cpu: float) -> None:
    head = f"\n{row.id} [{row.role}] {row.what}"
    if note:
        head += f" ({note})"
    print(head + f"  [{cpu:.1f} s]")
    for k, meas in row.measured.items():
        s = sim.get(k)
        mark = "" if k in row.listed else "   (not in the reference table)"
        if s is None:
            print(f"  {k:<22} {meas:>12.3f} {'-':>12}{mark}")
        else:
            print(f"  {k:<22} {meas:>12.3f} {s:>12.3f} {err(s, meas):>+8.1%}{mark}")
    if len(row.measured) == 1:
        # Only the total is published (catlass): the simulated pipes say where the time goes.
        for k, s in sim.items():
            if k not in row.measured and k.endswith("(us)"):
                print(f"  {k:<22} {'-':>12} {s:>12.3f}   (not published)")


def headline(row: Row) -> str:
    """The figure a row's total is compared on: Task Duration, or where a source publishes
    none (the Matmul tuning cases) the mean, else the slowest, core's time."""
    return next(k for k in (TD, AIC, AIC_MAX) if k in row.measured)


def summary(results) -> bool:
    print("\nsummary (Task Duration; the core time where a row publishes none)")
    ok = True
    for roles, title in ((("fit", "held-out"), "reference rows"), (("fit",), "  fit rows"),
                         (("held-out",), "  held-out rows"), (("unlisted",), "unlisted rows"),
                         (("unlisted-fit",), "unlisted fit rows")):
        errs = [abs(err(sim[headline(r)], r.measured[headline(r)])) for r, sim, _, _ in results
                if r.role in roles]
        if not errs:
            continue
        worst = max(errs)
        line = (f"  {title:<17} {len(errs):>2} rows: median {statistics.median(errs):.1%}, "
                f"worst {worst:.1%}")
        if roles == ("fit", "held-out"):
            met = worst <= 0.25 and statistics.median(errs) <= 0.10
            ok &= met
            line += "   goal: all <= 25%, median <= 10%: " + ("ok" if met else "MISS")
        print(line)
    pipes = [(r.id, k, abs(err(sim[k], r.measured[k]))) for r, sim, _, _ in results
             if r.role in ("fit", "held-out") for k in r.listed
             if k not in (TD, AIV, AIC) and k in sim]
    if pipes:
        bad = [p for p in pipes if p[2] > 0.25]
        print(f"  per-pipe times (listed): {len(pipes) - len(bad)} of {len(pipes)} within 25%, "
              f"median {statistics.median(p[2] for p in pipes):.1%}"
              + ("" if not bad else "; over: " + ", ".join(f"{i} {k} {e:.0%}" for i, k, e in bad)))
        ok &= not bad
    aiv = [abs(err(sim[k], r.measured[k])) for r, sim, _, _ in results
           if r.role in ("fit", "held-out") for k in (AIV, AIC) if k in sim and k in r.measured]
    if aiv:
        print(f"  aiv_time / aic_time: median {statistics.median(aiv):.1%}, "
              f"worst {max(aiv):.1%}")
    return ok


if __name__ == "__main__":
    sys.exit(main())
