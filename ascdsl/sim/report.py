"""What a simulated launch returns: time, pipe utilization, op counts, findings, a timeline.

Two times: `cycles` is the launch's busy time (the slowest core of each wave), and
`task_cycles` / `task_duration_us` the estimate comparable to msprof's Task Duration, which adds
the task's start and finish and the staggered start of its blocks (`task_head`,
`block_dispatch` in the SoC table). `msprof()` names the figures as msprof's PipeUtilization
report does (`aiv_time(us)`, `aiv_vec_time(us)`, `aiv_mte2_ratio`, ...).

`RunReport.save_trace(path)` writes Chrome-trace JSON (open it in Perfetto or chrome://tracing):
one process per core, one track per pipe, one slice per op named with its kernel source line,
and instant events where set_flag fires and where the waiting pipe is released.
`RunReport.plot(path)` draws the same timeline as a PNG with matplotlib (the `plot` extra).
"""

from __future__ import annotations

import json
import os
from collections import Counter
from dataclasses import dataclass, field

from ascdsl.fileio import replacing, write_atomically

from .errors import SimulationError
from .sanitizer import NPIPES, PIPE_NAMES, S

# msprof's name of each pipe's busy time (`<core>_<name>_time(us)`, `<core>_<name>_ratio`).
MSPROF_PIPE = {
    "PIPE_V": "vec",
    "PIPE_S": "scalar",
    "PIPE_MTE1": "mte1",
    "PIPE_MTE2": "mte2",
    "PIPE_MTE3": "mte3",
    "PIPE_M": "mac",
    "PIPE_FIX": "fixpipe",
}
# Pipes that only the cube core (AIC) has: msprof reports them as `aic_*`.
CUBE_PIPES = frozenset({"PIPE_MTE1", "PIPE_M", "PIPE_FIX"})


@dataclass
class CoreReport:
    """One core: its cycles, busy cycles per pipe and its timeline."""

    index: int
    cycles: float
    busy: dict[str, float]
    trace: list[tuple] | None = field(repr=False)  # (pipe, start, occupancy, site); None
    syncs: list[tuple] | None = field(repr=False)  # unless the launch kept its timeline
    spans: dict[int, tuple[float, float, float]] = field(default_factory=dict, repr=False)
    """Per pipe index with ops: (first op start, last op end, busy cycles of its ops)."""
    block: int = -1  # the AI core (block) it belongs to; -1: `index`
    kind: str = ""  # "aic" / "aiv" in a mixed launch, else ""
    sub_idx: int = 0

    @property
    def label(self) -> str:
        """`core 3`, or `block 1 AIV0` for a timeline of a mixed launch."""
        if not self.kind:
            return f"core {self.index}"
        return f"block {self.block} " + ("AIC" if self.kind == "aic" else f"AIV{self.sub_idx}")


_INF = float("inf")  # a pipe's first op time while it has run none (CoreSim.first)


class RunReport:
    """The result of one simulated launch (pyasc's launch returns nothing; this is extra)."""

    def __init__(
        self,
        kernel: str,
        soc: str,
        clock_mhz: float,
        core_num: int,
        sanitize: str,
        cores: list[CoreReport],
        cycles: float,
        op_counts: Counter,
        findings: list[SimulationError],
        printed: str,
        task_cycles: float | None = None,
        core_kind: str = "aiv",
    ):
        self.kernel = kernel
        self.soc = soc
        self.clock_mhz = clock_mhz
        self.core_num = core_num
        self.sanitize = sanitize
        self.cores = cores
        self.cycles = cycles
        self.core_cycles = [c.cycles for c in cores]
        self.op_counts = op_counts
        self.findings = findings
        self.printed = printed
        self.busy: dict[str, float] = {}
        for c in cores:
            for p, v in c.busy.items():
                self.busy[p] = self.busy.get(p, 0.0) + v
        alive = sum(self.core_cycles) or 1.0
        self.utilization = {p: v / alive for p, v in self.busy.items()}
        self.task_cycles = cycles if task_cycles is None else task_cycles
        self.core_kind = core_kind
        # Cycles the cores' reads around L2 waited behind other cores reading the same bytes
        # at once (ascdsl.sim.convoy), summed over the cores.
        self.same_bytes_wait = 0.0

    @classmethod
    def build(cls, kernel, launch, cores) -> RunReport:
        soc = launch.soc
        reports = []
        mixed = getattr(kernel, "lanes", None) is not None
        for c in cores:
            busy = {PIPE_NAMES[p]: c.busy[p] for p in range(NPIPES) if p != S and c.busy[p]}
            busy[PIPE_NAMES[S]] = kernel.issue_cycles(c)
            spans = {p: (c.first[p], c.last[p], c.s_extra if p == S else c.busy[p])
                     for p in range(NPIPES) if c.first[p] != _INF}
            if mixed:
                reports.append(CoreReport(len(reports), c.end_time(), busy, c.trace, c.syncs,
                                          spans, c.block_idx, c.kind, c.sub_idx))
            else:
                reports.append(CoreReport(c.block_idx, c.end_time(), busy, c.trace, c.syncs,
                                          spans))
        # Blocks beyond the SoC's cores of the kernel's kind (AIC for cube kernels) run in
        # later waves; a mixed block takes as long as its slowest core.
        cube = bool(getattr(kernel, "cube", False)) or mixed
        waves = soc.cores_of(cube)
        per_block: dict[int, float] = {}
        for c, r in zip(cores, reports):
            per_block[c.block_idx] = max(per_block.get(c.block_idx, 0.0), r.cycles)
        per_core = [per_block[b] for b in sorted(per_block)]
        total = sum(max(per_core[i:i + waves]) for i in range(0, len(per_core), waves))
        report = cls(
            kernel.name,
            soc.name,
            soc.clock_mhz,
            launch.core_num,
            launch.mode,
            reports,
            total,
            kernel.op_counts(cores),
            list(launch.findings),
            "".join(launch.printed),
            task_cycles(soc, per_core, waves, mixed),
            "mix" if mixed else "aic" if cube else "aiv",
        )
        report.same_bytes_wait = sum(c.same_bytes_wait for c in cores)
        return report

    # --- numbers --------------------------------------------------------------------------

    @property
    def microseconds(self) -> float:
        """Estimated kernel time at the SoC clock (no launch overhead)."""
        return self.cycles / self.clock_mhz

    @property
    def task_duration_us(self) -> float:
        """Estimate of msprof's Task Duration: start, the blocks (staggered), completion."""
        return self.task_cycles / self.clock_mhz

    @property
    def core_time_us(self) -> float:
        """Mean time of a core from its start to its last result (msprof's `aiv_time`)."""
        return sum(self.core_cycles) / max(len(self.core_cycles), 1) / self.clock_mhz

    def pipe_time_us(self, pipe: str) -> float:
        """Mean busy time of a pipe per core (`"PIPE_MTE2"` or `"MTE2"`), in microseconds."""
        name = pipe if pipe.startswith("PIPE_") else "PIPE_" + pipe
        return self.busy.get(name, 0.0) / max(len(self.cores), 1) / self.clock_mhz

    def msprof(self) -> dict[str, float]:
        """The figures msprof's op summary reports, under its names: `Task Duration(us)`,
        `<core>_time(us)`, `<core>_total_cycles`, and per pipe `<core>_<pipe>_time(us)` and
        `<core>_<pipe>_ratio` (busy time over the core's time; averages over cores)."""
        kind = self.core_kind
        if kind == "mix":
            return self._msprof_mixed()
        out = {
            "Task Duration(us)": self.task_duration_us,
            f"{kind}_time(us)": self.core_time_us,
            f"{kind}_total_cycles": sum(self.core_cycles),
        }
        span = sum(self.core_cycles) or 1.0
        for pipe, short in MSPROF_PIPE.items():
            if pipe not in self.busy:
                continue
            prefix = "aic" if pipe in CUBE_PIPES else kind
            out[f"{prefix}_{short}_time(us)"] = self.pipe_time_us(pipe)
            out[f"{prefix}_{short}_ratio"] = self.busy[pipe] / span
        return out

    def _msprof_mixed(self) -> dict[str, float]:
        # msprof reports a mixed kernel's cube and vector cores apart (aic_*, aiv_*).
        out = {"Task Duration(us)": self.task_duration_us}
        for kind in ("aic", "aiv"):
            mine = [c for c in self.cores if c.kind == kind]
            total = sum(c.cycles for c in mine)
            out[f"{kind}_time(us)"] = total / max(len(mine), 1) / self.clock_mhz
            out[f"{kind}_total_cycles"] = total
            for pipe, short in MSPROF_PIPE.items():
                busy = sum(c.busy.get(pipe, 0.0) for c in mine)
                if busy:
                    out[f"{kind}_{short}_time(us)"] = busy / len(mine) / self.clock_mhz
                    out[f"{kind}_{short}_ratio"] = busy / (total or 1.0)
        return out

    def timeline_cycles(self) -> dict[str, float]:
        """Cycles of each timeline by label (`block 0 AIC`, `block 0 AIV0`, ...)."""
        return {c.label: c.cycles for c in self.cores}

    @property
    def ops_executed(self) -> int:
        return sum(self.op_counts.values())

    def pipe_utilization(self, pipe: str, core: int | None = None, steady: bool = False) -> float:
        """Busy fraction of a pipe (`"PIPE_MTE2"` or `"MTE2"`).

        `steady=True` measures between the pipe's first op start and last op end (the kernel's
        steady state for that pipe, leaving out prologue and epilogue); `core=None` averages over
        the cores.
        """
        name = pipe if pipe.startswith("PIPE_") else "PIPE_" + pipe
        p = PIPE_NAMES.index(name)
        cores = self.cores if core is None else [self.cores[core]]
        busy = span = 0.0
        for c in cores:
            if steady:
                if p not in c.spans:
                    continue
                first, last, cycles = c.spans[p]
                span += last - first
                busy += cycles
            else:
                span += c.cycles
                busy += c.busy.get(name, 0.0)
        return busy / span if span else 0.0

    # --- text -----------------------------------------------------------------------------

    def summary(self) -> str:
        lines = [
            f"kernel {self.kernel} on {self.soc}, {self.core_num} core(s), "
            f"sanitizer {self.sanitize}",
            f"  time: {self.cycles:,.0f} cycles = {self.microseconds:.2f} us "
            f"at {self.clock_mhz} MHz",
            f"  task duration (msprof Task Duration estimate): {self.task_duration_us:.2f} us",
        ]
        if self.core_kind == "mix":
            for c in self.cores[:6]:
                lines.append(f"  {c.label}: {c.cycles:,.0f} cycles")
            if len(self.cores) > 6:
                lines.append(f"  ... and {len(self.cores) - 6} more timelines")
        elif self.core_num > 1:
            lo, hi = min(self.core_cycles), max(self.core_cycles)
            lines.append(f"  per core: {lo:,.0f} .. {hi:,.0f} cycles")
        lines.append(f"  {'pipe':<10} {'busy cycles':>14} {'utilization':>12} "
                     f"{'us per core':>12}  msprof")
        for p in PIPE_NAMES:
            if p in self.busy:
                prefix = ("aic" if p in CUBE_PIPES else "aiv" if p == "PIPE_V" else "aic/aiv") \
                    if self.core_kind == "mix" else \
                    "aic" if p in CUBE_PIPES else self.core_kind
                lines.append(f"  {p:<10} {self.busy[p]:>14,.0f} {self.utilization[p]:>11.1%} "
                             f"{self.pipe_time_us(p):>12.2f}  {prefix}_{MSPROF_PIPE[p]}_time")
        if self.same_bytes_wait:
            lines.append(
                f"  reads around L2 waited {self.same_bytes_wait / len(self.cores):,.0f} cycles "
                "per core behind other cores reading the same bytes at once (stagger the "
                "cores' order over the data)")
        lines.append(f"  ops executed: {self.ops_executed:,}")
        for name, n in self.op_counts.most_common(12):
            lines.append(f"    {n:>10,}  {name}")
        if len(self.op_counts) > 12:
            lines.append(f"    ... and {len(self.op_counts) - 12} more op kinds")
        if self.findings:
            warned = sum(1 for f in self.findings if f.warning)
            lines.append(f"  findings: {len(self.findings)}"
                         + (f" ({warned} warning{'s' * (warned != 1)})" if warned else ""))
        else:
            off = " (sanitizer off)" if self.sanitize == "off" else ""
            lines.append("  findings: none" + off)
        return "\n".join(lines)

    def __str__(self) -> str:
        text = self.summary()
        for f in self.findings:
            text += "\n" + str(f)
        return text

    def __repr__(self) -> str:
        return (
            f"RunReport({self.kernel}: {self.cycles:,.0f} cycles, {self.microseconds:.2f} us, "
            f"{self.core_num} cores, {len(self.findings)} findings)"
        )

    # --- timeline -------------------------------------------------------------------------

    def _require_trace(self, what: str) -> None:
        if any(c.trace is None for c in self.cores):
            raise ValueError(
                f"RunReport.{what} needs the launch's timeline, which is kept only when asked "
                "for: launch with trace=True (exe.launch(..., trace=True)), or set "
                "ascdsl.config.trace = True before launching a @jit kernel (ascdsl-sim: "
                "--trace / --plot)"
            )

    def trace_events(self) -> dict:
        """The Chrome-trace / Perfetto JSON object of the launch (needs trace=True)."""
        self._require_trace("trace_events")
        mhz = float(self.clock_mhz)
        events: list[dict] = []
        for c in self.cores:
            pid = c.index
            events.append({"ph": "M", "name": "process_name", "pid": pid, "tid": 0,
                           "args": {"name": c.label}})
            events.append({"ph": "M", "name": "process_sort_index", "pid": pid, "tid": 0,
                           "args": {"sort_index": c.index}})
            used = sorted(
                {e[0] for e in c.trace} | {s[0] for s in c.syncs} | {s[2] for s in c.syncs}
            )
            for p in used:
                events.append({"ph": "M", "name": "thread_name", "pid": pid, "tid": p,
                               "args": {"name": PIPE_NAMES[p]}})
                events.append({"ph": "M", "name": "thread_sort_index", "pid": pid, "tid": p,
                               "args": {"sort_index": p}})
            for p, start, occ, site in c.trace:
                events.append({
                    "name": site.label(),
                    "cat": PIPE_NAMES[p],
                    "ph": "X",
                    "ts": start / mhz,
                    "dur": occ / mhz,
                    "pid": pid,
                    "tid": p,
                    "args": {"op": site.name, "loc": site.where(), "start_cycle": start,
                             "cycles": occ},
                })
            for src, t_set, dst, t_rel, evt, eid, set_site, wait_site in c.syncs:
                events.append({"name": f"set_flag {evt.keyword}#{eid}", "cat": "sync", "ph": "i",
                               "s": "t", "ts": t_set / mhz, "pid": pid, "tid": src,
                               "args": {"loc": set_site.where()}})
                events.append({"name": f"wait_flag {evt.keyword}#{eid}", "cat": "sync", "ph": "i",
                               "s": "t", "ts": t_rel / mhz, "pid": pid, "tid": dst,
                               "args": {"loc": wait_site.where()}})
        return {
            "traceEvents": events,
            "displayTimeUnit": "ns",
            "otherData": {
                "kernel": self.kernel,
                "soc": self.soc,
                "clock_mhz": self.clock_mhz,
                "cores": self.core_num,
                "cycles": self.cycles,
            },
        }

    def save_trace(self, path: str) -> None:
        """Write the Chrome-trace JSON timeline to `path` (atomically; needs trace=True)."""
        self._require_trace("save_trace")
        write_atomically(path, json.dumps(self.trace_events()).encode())

    def plot(self, path: str, max_cores: int = 8) -> None:
        """Draw the pipes' timeline (first `max_cores` cores) as an image (PNG by suffix;
        needs trace=True)."""
        self._require_trace("plot")
        try:
            from matplotlib.backends.backend_agg import FigureCanvasAgg
            from matplotlib.figure import Figure
        except ImportError:
            raise ImportError(
                "RunReport.plot needs matplotlib: pip install 'ascdsl[plot]' (or matplotlib)"
            ) from None
        mhz = float(self.clock_mhz)
        rows = []
        for c in self.cores[:max_cores]:
            for p in sorted({e[0] for e in c.trace}):
                rows.append((c, p))
        fig = Figure(figsize=(12, 1.0 + 0.35 * max(len(rows), 1)))
        FigureCanvasAgg(fig)
        ax = fig.add_subplot(1, 1, 1)
        colors = ["#7f7f7f", "#1f77b4", "#9467bd", "#8c564b", "#2ca02c", "#d62728", "#ff7f0e"]
        for y, (c, p) in enumerate(rows):
            spans = [(e[1] / mhz, max(e[2] / mhz, 1e-6)) for e in c.trace if e[0] == p]
            ax.broken_barh(spans, (y - 0.4, 0.8), facecolors=colors[p % len(colors)])
        ax.set_yticks(range(len(rows)))
        ax.set_yticklabels([f"{c.label} {PIPE_NAMES[p]}" for c, p in rows])
        ax.invert_yaxis()
        ax.set_xlabel("time (us)")
        ax.set_title(f"{self.kernel} on {self.soc}: {self.cycles:,.0f} cycles "
                     f"({self.microseconds:.2f} us)")
        fig.tight_layout()
        suffix = os.path.splitext(path)[1].lstrip(".") or "png"
        with replacing(path, "." + suffix) as tmp:
            fig.savefig(tmp, format=suffix)


def task_cycles(soc, core_cycles: list[float], wave: int, mixed: bool = False) -> float:
    """The task's duration as msprof measures it: the task starts (`task_head`, which also
    covers its completion, plus `mix_head_cycles` for a MIX task), block i of a wave starts
    `block_dispatch` cycles after block i-1, and a wave starts when the previous one has
    finished."""
    c = soc.cost
    head, step = c["task_head"], c["block_dispatch"]
    if mixed:
        head += mix_head_cycles(soc, len(core_cycles))
    t = 0.0
    for w in range(0, len(core_cycles), wave):
        t = max(t + i * step + cyc for i, cyc in enumerate(core_cycles[w:w + wave]))
    return head + t


def mix_head_cycles(soc, blocks: int) -> float:
    """What starting a MIX task of `blocks` blocks costs over a pure cube or vector task
    (`mix_head` + `mix_head_chip` x the share of the AI cores launched: catlass's cost model)."""
    c = soc.cost
    share = min(blocks, soc.aic_cores) / soc.aic_cores
    return (c["mix_head"] + c["mix_head_chip"] * share) * soc.clock_mhz
