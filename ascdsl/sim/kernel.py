"""A kernel compiled for the simulator, and one launch of it on `core_num` cores.

    kernel = SimKernel(module, "vadd")              # compile once
    report = kernel.run(8, [x, y, z, 2048], "raise")  # arrays are 1-D, storage dtype, in place

Cores run one after another (block_idx 0..n-1) against the same GM arrays; each core has its own
memories, clocks and sanitizer. A kernel with SyncAll runs its cores as threads that take turns
(sim/syncall.py), a mixed kernel each block's timelines (sim/mix.py) — every block's at once
when it has a SyncAll or a mode-0 cross-core flag (sim/syncall.py). When all ran, GM ranges
written by one core and accessed by another are checked. Argument checking for users
(numpy/torch, names in messages) is the runtime's job (ascdsl.runtime); this layer takes
prepared values.
"""

from __future__ import annotations

import gc
from collections import Counter
from dataclasses import dataclass

import numpy as np
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Attribute

from ascdsl.dialects.ascendc import soc as soc_table
from ascdsl.dialects.ascendc.ops_block_sync import SyncAllHardOp, SyncAllSoftOp
from ascdsl.dialects.ascendc.ops_cross_core import CrossCoreSetFlagOp
from ascdsl.dialects.ascendc.ops_cube import CubeOp, DataCopyNd2NzOp
from ascdsl.dialects.ascendc.ops_data_copy_ext import LoadImageToLocalOp
from ascdsl.dialects.ascendc.ops_matmul import MatmulOp, RegistMatmulObjOp
from ascdsl.dialects.emitasc import KernelArgAttr, KernelArgument
from ascdsl.dialects.gm import is_gm_pointer
from ascdsl.locations import source_name
from ascdsl.transforms.cce_auto_sync import auto_sync_applied

from .compiler import Program
from .core import CoreSim, Launch
from .crosscore import check_mixed
from .dtypes import SimDType, scalar_converter, sim_dtype
from .errors import NotSimulatedError, SimulationError
from .gm_layout import GMLayout
from .kfc import KernelReturn
from .memory import GMBuffer, GPtr
from . import convoy
from .l2share import ReadLog, TimedShares, resolve
from .memsys import sharing_spans
from .mix import BlockRun, has_vector_work, lanes_of, make_cores
from .report import RunReport
from .sanitizer import check_cross_core
from .structs import decode, layout, struct_of
from .syncall import run_mixed_together, run_together

SANITIZE_MODES = ("raise", "warn", "off")


@dataclass(frozen=True)
class Param:
    """A kernel argument: `gm` (a `memref<?xT, 22>` pointer) or `scalar`."""

    index: int
    name: str
    kind: str
    ir_type: Attribute
    dtype: SimDType | None  # element type of a GM pointer, type of a scalar

    def describe(self) -> str:
        if self.kind == "struct":
            t = self.ir_type.element_type
            cpp = t.cpp_name() if hasattr(t, "cpp_name") else t.struct_name.data  # py_struct
            return f"'{self.name}' (pointer to {cpp})"
        if self.kind == "gm":
            return f"'{self.name}' (GM pointer to {self.dtype.name})"
        return f"'{self.name}' ({self.dtype.name})"


def find_kernel(module: ModuleOp, name: str) -> func.FuncOp:
    kernels = []
    for op in module.ops:
        if isinstance(op, func.FuncOp):
            if op.sym_name.data == name:
                return op
            if "ascendc.global" in op.attributes:
                kernels.append(op.sym_name.data)
    known = ", ".join(kernels) or "none"
    raise KeyError(f"the module has no kernel @{name} (kernels: {known})")


class SimKernel:
    """One kernel of a module, compiled for the simulator (compile once, run many times)."""

    def __init__(self, module: ModuleOp, name: str, soc: str | soc_table.SoC | None = None,
                 kernel_type=None):
        self.soc = soc if isinstance(soc, soc_table.SoC) else soc_table.get_soc(soc)
        self.name = name
        fn = find_kernel(module, name)
        # bisheng's auto-sync layer is in the IR when cce-auto-sync ran on the kernel.
        self.auto_sync = auto_sync_applied(fn)
        self.params = self._params(fn)
        # What the user passes: the launcher adds the FFTS address itself.
        self.user_params = [p for p in self.params if p.kind != "ffts"]
        # A kernel that uses the cube runs on the AI cores' cube units (24 on a 910B1, not
        # the 48 vector cores): that many share the chip's GM path at once.
        # (LoadImageToLocal too: the AIPP writes L1, an AIC-only instruction on the 910B.)
        self.cube = any(isinstance(op, (CubeOp, DataCopyNd2NzOp, RegistMatmulObjOp, MatmulOp,
                                        LoadImageToLocalOp))
                        for op in module.walk())
        # A mixed kernel runs each AI core as an AIC and one or two AIVs (sim/mix.py). Not
        # given, it is detected: pyasc builds every kernel that uses the cube as MIX_AIC_1_2,
        # but one whose vector cores have nothing to do runs the same on the cube cores
        # alone, which is how it is simulated.
        self.kernel_type = kernel_type
        self.lanes = lanes_of(kernel_type)
        if kernel_type is None and self.cube and has_vector_work(module):
            self.lanes = lanes_of("MIX_AIC_1_2")
        # SyncAll makes every core wait for all the others: such a launch runs its cores as
        # threads that take turns (sim/syncall.py) instead of one after another.
        # So does a mode-0 cross-core flag (every AIC, or every AIV, of the launch) in a mixed
        # launch: its AI cores' timelines all run as one turn-taking run.
        self.sync_all = self.all_core_flags = False
        for op in module.walk():
            if isinstance(op, (SyncAllSoftOp, SyncAllHardOp)):
                self.sync_all = True
            elif isinstance(op, CrossCoreSetFlagOp) and op.mode == 0:
                self.all_core_flags = True
        self.program = Program(module, self.soc, mixed=self.lanes is not None)
        self.main = self.program.function(name, None)

    def _params(self, fn: func.FuncOp) -> list[Param]:
        out = []
        kinds = _arg_kinds(fn)
        for i, arg in enumerate(fn.args):
            name = source_name(arg) or f"arg{i}"
            t = arg.type
            if kinds[i] == KernelArgument.FFTS_ADDR:
                out.append(Param(i, name, "ffts", t, sim_dtype(t.element_type)))
            elif struct_of(t) is not None and layout(struct_of(t)) is not None:
                out.append(Param(i, name, "struct", t, None))
            elif is_gm_pointer(t):
                dt = sim_dtype(t.element_type)
                if dt is None:
                    raise NotSimulatedError(
                        f"argument '{name}' points to {t.element_type} elements, which the "
                        "simulator cannot store",
                        _func_site(fn),
                    )
                out.append(Param(i, name, "gm", t, dt))
            elif scalar_converter(t) is not None:
                out.append(Param(i, name, "scalar", t, sim_dtype(t)))
            else:
                raise NotSimulatedError(
                    f"argument '{name}' has type {t}; kernels take GM pointers "
                    "(memref<?xT, 22>) and scalars",
                    _func_site(fn),
                )
        return out

    def run(self, core_num: int, args: list, sanitize: str = "raise",
            trace: bool = False) -> RunReport:
        """Run on `core_num` cores. `args[i]`: a 1-D array of the storage dtype (GM) or a
        Python scalar. `trace=True` keeps the timeline (one record per op executed) for
        `RunReport.save_trace` / `plot`."""
        if sanitize not in SANITIZE_MODES:
            raise ValueError(f"sanitize must be one of {SANITIZE_MODES}, got {sanitize!r}")
        # The launch allocates many short-lived, acyclic objects; cyclic GC passes over the
        # (large) IR would only add pauses. Turned back on once the launch's state is freed,
        # so that the collection it owes then finds only the report.
        gc_was_on = gc.isenabled()
        gc.disable()
        try:
            return self._launch(core_num, args, sanitize, trace)
        finally:
            if gc_was_on:
                gc.enable()

    def _launch(self, core_num: int, args: list, sanitize: str, trace: bool) -> RunReport:
        """`run`, with the collector off."""
        launch = Launch(self, core_num, sanitize, self.soc, trace, cube=self.cube)
        # A mixed launch's timelines each have a GM port (Launch.active counts them), so they
        # share HBM as separate cores do. Who pays a shared line (l2share) stays the L2
        # state's there: its log names cores by block index, which the AIVs of a block reuse.
        lanes = 1 if self.lanes is None else len(self.lanes)
        again = 1 < core_num * lanes <= launch.active
        ms = launch.cost.memsys
        # The time rule for shared lines (l2share) corrects what block order charged; a launch
        # whose cores take turns (SyncAll) reads in another order, so it keeps the L2 state's
        # (a mixed launch always does: SyncAll and mode-0 flags change nothing there).
        if again and self.lanes is None and not (self.sync_all and core_num > 1):
            ms.log = ReadLog()
        if again:
            ms.hists = {}
        report, first_spans = self._run(launch, core_num, args)
        if again:
            spans = sharing_spans(launch.active, first_spans)
            log = ms.log
            timed = resolve(log, ms.shift) if log is not None else None
            queued = convoy.resolve(log.around) \
                if log is not None and ms.same_bytes_bw else None
            ms.log = None
            if spans is not None or timed is not None or queued is not None:
                report = self._retime(core_num, args, launch, trace, spans, timed, queued)
        return report

    def _retime(self, core_num: int, args: list, first: Launch, trace: bool,
                spans: list[tuple[float, float, float]] | None, timed: dict | None,
                queued: dict | None = None) -> RunReport:
        """Time the launch again with HBM shared by the cores moving data at the time
        (ascdsl.sim.memsys, `share_hbm`), from the first pass's HBM spans, with the misses
        of lines several cores read paid by the cores that read them first in time
        (ascdsl.sim.l2share), and with reads around L2 of bytes other cores read at once
        served one after another (ascdsl.sim.convoy). Timing only: it runs on copies of GM
        as the first pass left it, without the sanitizer; the results and findings are the
        first pass's."""
        # One copy per array passed (the same array twice stays one buffer); overlapping views
        # of one array become separate copies (their bytes no longer share L2 lines).
        copies: dict[int, np.ndarray] = {}
        again = [copies.setdefault(id(a), a.copy()) if isinstance(a, np.ndarray) else a
                 for a in args]
        launch = Launch(self, core_num, "off", self.soc, trace, cube=self.cube)
        ms = launch.cost.memsys
        ms.preload(first.cost.memsys)
        if spans is not None:
            ms.share_hbm(spans)
        if timed is not None:
            ms.timed = TimedShares(timed, ms.shift)
        ms.convoy = queued
        report = self._run(launch, core_num, again)[0]
        report.findings = list(first.findings)
        report.printed = "".join(first.printed)
        report.sanitize = first.mode
        return report

    def _run(self, launch: Launch, core_num: int, args: list
             ) -> tuple[RunReport, list[tuple[float, float, float]]]:
        """One pass of `run`: its report and, for each core, when its HBM traffic started and
        ended (a start of -1: none)."""
        sanitize = launch.mode
        values = []
        # The same array passed twice (an in-place kernel, z = x + z) is one GM buffer, so
        # the sanitizer sees both names touch the same bytes.
        seen: dict[tuple, GMBuffer] = {}
        gm_bufs: list[GMBuffer] = []
        user = iter(args)
        for p in self.params:
            if p.kind == "ffts":
                # The FFTS control block's address: the simulator passes flags between its
                # cores directly, so the kernel only hands the pointer to set_ffts_base_addr.
                ffts = np.zeros(1, dtype=np.uint64)
                values.append(GPtr(GMBuffer(p.index, p.name, p.dtype, ffts), 0))
                continue
            a = next(user)
            if p.kind == "gm":
                key = (a.__array_interface__["data"][0], a.nbytes, a.dtype.str)
                buf = seen.get(key)
                if buf is None:
                    buf = seen[key] = GMBuffer(p.index, p.name, p.dtype, a)
                    gm_bufs.append(buf)
                values.append(GPtr(buf, 0))
            elif p.kind == "struct":
                values.append(a if isinstance(a, dict) else
                              decode(p.ir_type.element_type, a, f"argument {p.describe()}"))
            else:
                values.append(p.dtype.scalar(a))
        # GM as the NPU's allocator lays it out: accesses past a tensor's end see its padding
        # and its neighbours; results go back to the callers' arrays when the launch ends.
        layout = GMLayout()
        layout.place(gm_bufs)
        nblocks = len(self.program.block_ops)
        cores: list[CoreSim] = []
        old = np.seterr(all="ignore")
        try:
            if self.lanes is not None:
                cores = run_mixed(self, launch, values, core_num, nblocks)
                return RunReport.build(self, launch, cores), hbm_spans(cores)
            ms = launch.cost.memsys
            if self.sync_all and core_num > 1:
                cores = run_together(self, launch, values, core_num, nblocks)
            for b in range(len(cores), core_num):
                core = CoreSim(launch, b, nblocks)
                self.run_core(core, values)
                ms.finish(core)
                if sanitize != "off" and core_num > 1:
                    core.san.snapshot_gm_writes()
                cores.append(core)
            if sanitize != "off" and core_num > 1:
                clocks = getattr(launch, "block_clocks", None)
                check_cross_core([c.san.gm_log for c in cores], launch.report,
                                 clocks.ordered if clocks is not None and clocks.used else None,
                                 [c.san.gm_written for c in cores], launch.dcache.bufs)
            return RunReport.build(self, launch, cores), hbm_spans(cores)
        finally:
            layout.copy_back()
            np.seterr(**old)

    def run_core(self, core: CoreSim, values: list) -> None:
        """Run the kernel body on one core (timeline) with the launch's argument values."""
        main = self.main
        R = main.template.copy()
        R[0] = core
        for slot, v in zip(main.arg_slots, values):
            R[slot] = v
        try:
            main.body(R)
        except KernelReturn:
            pass  # the AIC's REGIST_MATMUL_OBJ returns once its KFC server stops (sim/kfc.py)
        except SimulationError as e:
            e.findings = core.launch.findings
            raise
        except (KeyboardInterrupt, MemoryError):
            raise
        except Exception as e:  # a bug, or numpy refusing something: locate it
            raise _internal(e, core.block_idx) from e
        if core.checking:
            core.unmatched_flags()
            core.unreleased_event_ids()

    def op_counts(self, cores: list[CoreSim]) -> Counter:
        counts: Counter = Counter()
        # The cores' executions of each block summed first: one pass over the blocks' ops.
        execs = [sum(ns) for ns in zip(*(c.block_execs for c in cores))]
        block_ops = self.program.block_ops
        for bid, n in enumerate(execs):
            if n:
                for name, k in block_ops[bid].items():
                    counts[name] += n * k
        for c in cores:
            for name, n in c.skipped.items():  # the other kind of core's ops (mixed kernels)
                counts[name] -= n
        return +counts

    def issue_cycles(self, core: CoreSim) -> float:
        cyc = self.program.block_cycles
        return sum(n * cyc[b] for b, n in enumerate(core.block_execs)) + core.s_extra


def run_mixed(kernel: SimKernel, launch: Launch, values: list, core_num: int,
              nblocks: int) -> list[CoreSim]:
    """Run a mixed launch: per block, its AIC and AIV timelines interleaved (sim/mix.py) —
    or, when the kernel has a SyncAll or a mode-0 flag, every block's together
    (sim/syncall.py); then the GM check across all timelines (sim/crosscore.py)."""
    together = kernel.sync_all or kernel.all_core_flags
    if together:
        cores, flags = run_mixed_together(kernel, launch, values, core_num, nblocks)
        flag_sets = [flags]
    else:
        cores = []
        flag_sets = []
        for b in range(core_num):
            block = make_cores(launch, b, nblocks, kernel.lanes)
            run = BlockRun(block, lambda c: kernel.run_core(c, values))
            run.run()
            for c in block:
                launch.cost.memsys.finish(c)
            flag_sets.append(run.flags)
            cores.extend(block)
    if launch.mode != "off":
        know = {c: fs.know[c.lane] for fs in flag_sets for c in fs.cores}
        # Races first: a set nobody waited for is usually the other half of a missing wait.
        check_mixed(cores, know, launch.report, together)
        for fs in flag_sets:
            fs.finish()
    return cores


def hbm_spans(cores: list[CoreSim]) -> list[tuple[float, float, float]]:
    """When each core's HBM traffic started and ended (a start of -1: none), and how long its
    HBM share was busy in between."""
    return [(c.hbm_first, c.hbm_free, c.hbm_busy) for c in cores]


def _arg_kinds(fn: func.FuncOp) -> list:
    """Each argument's `emitasc.kernel_arg` kind (legalize-kernel-args), None if unmarked."""
    out: list = [None] * len(fn.args)
    if fn.arg_attrs is None:
        return out
    for i, d in enumerate(fn.arg_attrs.data[: len(out)]):
        kind = d.data.get("emitasc.kernel_arg")
        if isinstance(kind, KernelArgAttr):
            out[i] = kind.data
    return out


def _func_site(fn: func.FuncOp):
    from ascdsl.diagnostics import location_of

    from .errors import Site

    return Site(-1, fn.name, location_of(fn))


def _internal(e: Exception, core: int) -> SimulationError:
    """A located error for an unexpected exception inside an op's closure."""
    site = None
    tb = e.__traceback__
    while tb is not None:
        cand = tb.tb_frame.f_locals.get("site")
        if cand is not None and hasattr(cand, "loc"):
            site = cand
        tb = tb.tb_next
    return SimulationError(
        f"failed in the simulator: {type(e).__name__}: {e} (an internal error; please report it)",
        site,
        core=core,
    )
