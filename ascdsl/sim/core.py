"""The state of one simulated core while it runs: memories, pipe clocks, events, the sanitizer.

Timing: the scalar unit issues ops in program order; `t` is its clock. An op for pipe P starts
at max(t, free[P]) and occupies P until `free[P]`; its results land at `done[P]` (later, by the
op's latency). set_flag on pipe A fires at max(t, free[A], done[A]) + event latency;
wait_flag makes pipe B (or the scalar unit, for S) start nothing before that time;
pipe_barrier(P) holds P until its own results have landed; pipe_barrier(PIPE_ALL) holds
everything. The core's time is when its last result lands.

A pipe is busy while it has an op in flight (from its start until its results land), which is
what msprof's per-pipe times measure; `busy[P]` adds up those intervals without counting an
overlap twice, and the trace holds one slice per op covering the part of the busy time it adds.
Copies to or from GM are timed with the launch's memory system (`gm_copy`, ascdsl.sim.memsys).
"""

from __future__ import annotations

import numpy as np

from ascdsl.dialects.ascendc import AllocEventIdOp
from ascdsl.dialects.ascendc import soc as soc_table
from ascdsl.dialects.ascendc.enums import HardEvent, Hardware

from .cost import CostModel
from .dcache import LaunchDCache
from .errors import (
    AllocatorError,
    DeadlockError,
    EventError,
    SimulationError,
    Site,
    UBOverflowError,
)
from .memory import GMBuffer, Memory
from .gm_fast import group_copy
from .memsys import CACHE_NORMAL, GROUP_SHIFT
from .port import close_write, open_write, share
from .queues import owner_of
from .sanitizer import EVENT_DST, EVENT_SRC, NPIPES, PIPE_NAMES, S, Sanitizer

# The op whose event ids must be given back (by the op name a `Site` holds).
ALLOC_EVENT_ID = AllocEventIdOp.name

# Vector mask register: (kind, value) with kind "count" (elements per repeat) or "bits".
FULL_MASK = ("full", None)


class Launch:
    """What all cores of one launch share: mode, findings, cost model, SoC."""

    def __init__(self, kernel, core_num: int, mode: str, soc: soc_table.SoC,
                 trace: bool = False, cube: bool = False):
        self.kernel = kernel
        self.core_num = core_num
        self.mode = mode
        self.soc = soc
        self.trace = trace
        # Cores that run at once share the chip's GM path (later blocks run in waves).
        self.active = max(1, min(core_num, soc.cores_of(cube)))
        lanes = getattr(kernel, "lanes", None)
        if lanes:
            self.active *= len(lanes)  # each core of an AI core has its own GM port
        self.cost = CostModel(soc, self.active)
        self.findings: list[SimulationError] = []
        self._seen: set = set()
        self.printed: list[str] = []
        # On-chip memories, reused by the cores of the launch (each core starts from zeros).
        self.mems: dict[tuple[int, Hardware], Memory] = {}
        # Whether the kernel's IR holds bisheng's auto-sync layer (cce-auto-sync ran on it).
        self.auto_sync = bool(getattr(kernel, "auto_sync", False))
        # Signals between cores (NotifyNextBlock, IBSet): sim/blocksync.py, made on first use.
        self.block_clocks = None
        # The cores' scalar data caches (sim/dcache.py): lines appear at scalar GM accesses.
        self.dcache = LaunchDCache()
        # A mixed (AIC + AIV) launch: the core kinds of one AI core's timelines, e.g.
        # ("aic", "aiv", "aiv") for MIX_AIC_1_2 (sim/mix.py); None runs one timeline per block.
        self.lanes: tuple[str, ...] | None = getattr(kernel, "lanes", None)

    def report(self, err: SimulationError) -> None:
        """A sanitizer finding: raised in "raise" mode, recorded once in "warn" mode; a
        warning finding is recorded in both."""
        if self.mode == "raise" and not err.warning:
            raise err
        key = err.key()
        if key in self._seen:
            return
        self._seen.add(key)
        self.findings.append(err)


class CoreSim:
    """One core (block) of a launch. Compiled closures reach it as `R[0]`."""

    __slots__ = (
        "launch", "block_idx", "block_num", "soc", "cost", "checking", "san", "t", "free", "done",
        "busy", "first", "last", "trace", "syncs", "flags", "last_wait", "mems", "tpipe", "pipes",
        "allocator", "mask", "block_execs", "s_extra", "event_latency", "land", "memsys",
        "hbm_free", "hbm_first", "hbm_busy", "l2_clock", "l2_hist", "l2_resident", "l2_dirty",
        "wb_pending", "fetch_free", "cmpmask", "same_bytes_wait",
        "wb_t", "wr", "wr_recs", "gm_read", "nd2nz_hbm",
        "atomic", "sys_workspace", "lane", "kind", "sub_idx", "sub_num", "hw_block_idx", "xrun",
        "skipped", "vms4_sr", "rsvd_cnt", "aipp", "placed", "clobbers", "counter", "uflags",
        "hf32", "load3d", "deq_scale", "sparse_idx",
    )

    def __init__(self, launch: Launch, block_idx: int, nblocks: int, lane: int = 0,
                 kind: str | None = None, sub_idx: int = 0, sub_num: int = 1):
        self.launch = launch
        self.block_idx = block_idx  # the AI core (block) this timeline belongs to
        self.block_num = launch.core_num
        # Which timeline of its AI core this is (0 unless the launch is mixed), the kind of
        # core that runs it ("aic" / "aiv"), and what GetSubBlockIdx / GetSubBlockNum /
        # GetBlockIdx return there: an AIV's block index counts vector cores
        # (block * sub_num + sub_idx, kernel_operator_sys_var_impl.h), an AIC's counts AI cores.
        self.lane = lane
        if kind is None:
            kind = "aic" if getattr(launch.kernel, "cube", False) else "aiv"
        self.kind = kind
        self.sub_idx = sub_idx
        self.sub_num = sub_num
        self.hw_block_idx = block_idx * sub_num + sub_idx if kind == "aiv" else block_idx
        self.xrun = None  # the BlockRun interleaving a mixed AI core's timelines (sim/mix.py)
        self.skipped: dict[str, int] = {}  # ops that were no-ops on this kind of core, by name
        self.hf32 = None  # the site of the SetHF32Mode(true) in force, if any
        self.soc = launch.soc
        cost = launch.cost
        self.cost = cost
        self.checking = launch.mode != "off"
        self.san = (
            Sanitizer(block_idx, launch.report, launch.core_num > 1 or launch.lanes is not None,
                      auto_sync=launch.auto_sync, owner=self.owner_of,
                      dcache=launch.dcache.bufs)
            if self.checking else None
        )
        self.t = 0.0
        self.free = [0.0] * NPIPES
        self.done = [0.0] * NPIPES
        self.busy = [0.0] * NPIPES
        self.land = [0.0] * NPIPES  # end of each pipe's busy time so far
        # Each pipe's first busy start and last busy end, for steady-state utilization.
        self.first = [float("inf")] * NPIPES
        self.last = [0.0] * NPIPES
        # The timeline grows with every op executed, so it is kept only when asked for
        # (`trace=True`); without it a core's memory does not depend on the run's length.
        self.trace: list[tuple] | None = [] if launch.trace else None  # (pipe, start, dur, site)
        # (src, t_set, dst, t_release, event, id, set_site, wait_site) per wait, with the trace
        self.syncs: list[tuple] | None = [] if launch.trace else None
        self.flags: dict[tuple[HardEvent, int], tuple] = {}
        self.last_wait: dict[tuple[HardEvent, int], Site] = {}
        self.mems: dict[Hardware, Memory] = {}
        self.tpipe = None  # the TPipe GetTPipePtr() returns
        self.pipes: list = []  # every TPipe constructed on this core
        self.allocator: Site | None = None  # the first LocalMemAllocator constructed
        self.mask = FULL_MASK
        # SetMaskCount: the mask register's low word counts the elements of the next vector
        # instruction over all its repeats (sim/lower/mask.py); SetMaskNorm clears it.
        self.counter = False
        # The 128-bit CMPMASK register of Compare/Select (sim/lower/cmpsel.py).
        self.cmpmask = np.zeros(16, dtype=np.uint8)
        # VMS4_SR: regions of each list the last MrgSort merged (GetMrgSortResult reads it).
        self.vms4_sr = (0, 0, 0, 0)
        self.rsvd_cnt = 0  # what GatherMask kept last (GetGatherMaskRemainCount)
        self.deq_scale = None  # the DEQSCALE register SetDeqScale wrote (sim/lower/deq.py)
        self.load3d = None  # the 3D-load registers, made by the first op that sets one (img2col)
        self.sparse_idx = None  # the cube's 4:2 index buffer, made by LoadDataWithSparse (sparse)
        # The AIPP registers SetAippFunctions wrote (config, src0, src1), or None (sim/aipp.py).
        self.aipp = None
        # UB as the NPU has it (sim/ub_layout.py): static tensors and allocator tiles placed
        # ((memory, addr, bytes) -> (site, what)), and the bytes of buffers in use that an
        # overrun wrote (None while there are none: the in-bounds path tests only that).
        self.placed: dict = {}
        self.clobbers: list | None = None
        # L0C's UnitFlag state per memory (sim/lower/unitflag.py); None until an op uses it.
        self.uflags: dict | None = None
        # The store-atomic register (sim/atomic.py): None, or how copies into GM combine.
        self.atomic = None
        self.sys_workspace = None  # the GPtr SetSysWorkspace set
        self.block_execs = [0] * nblocks
        self.s_extra = 0.0
        self.event_latency = cost.event_latency
        # The core's part of the GM path: its HBM share is free from `hbm_free`; L2 lines it
        # inserted, holds and holds dirty; write-back bytes waiting for its HBM share.
        self.memsys = cost.memsys
        # What this core's DMA reads from HBM alone: a cube core's MTE2 and a vector core's
        # are separate engines with their own rates (soc.py: gm_read_aic, gm_read_core).
        self.gm_read = self.memsys.read_rate_aic if kind == "aic" else self.memsys.read_rate
        self.nd2nz_hbm = self.memsys.nd2nz_hbm
        self.hbm_free = 0.0
        self.hbm_first = -1.0  # when its first HBM transfer started (-1: none yet)
        # How long its HBM share was moving its data: over its span, how much of a core it was
        # for the launch's HBM (MemSystem.share_hbm).
        self.hbm_busy = 0.0
        # Cycles its reads around L2 waited behind other cores reading the same bytes
        # (ascdsl.sim.convoy): what staggering the cores' order would save.
        self.same_bytes_wait = 0.0
        self.fetch_free = 0.0
        self.l2_clock = 0
        # (time, l2_clock) every MemSystem.chip_step lines, for the chip's L2 clock
        self.l2_hist: list[tuple[float, float]] = []
        self.l2_resident = 0
        self.l2_dirty = 0
        self.wb_pending = 0
        self.wb_t = 0.0  # when the write-backs last put on the HBM share were evicted
        # A GM write that reads timed after it may still slow down (ascdsl.sim.port).
        self.wr: list | None = None
        self.wr_recs: list | None = None

    # --- memories -------------------------------------------------------------------------

    def memory(self, hw: Hardware, site: Site | None) -> Memory:
        mem = self.mems.get(hw)
        if mem is None:
            # Keyed by timeline too: the timelines of a mixed AI core run interleaved, each
            # with its own UB or L1/L0 (blocks run one after another and can share).
            key = (self.lane, hw)
            mem = self.launch.mems.get(key)
            if mem is None:
                size = self.soc.capacity(hw)
                if size is None:
                    raise UBOverflowError(
                        f"uses {hw.name}, a memory {self.soc.name} does not have",
                        site,
                        core=self.block_idx,
                    )
                mem = self.launch.mems[key] = Memory(hw, size)
            else:
                mem.bytes.fill(0)
            self.mems[hw] = mem
        return mem

    # --- findings -------------------------------------------------------------------------

    def finding(self, err: SimulationError) -> None:
        if err.core is None:
            err.set_core(self.block_idx)
        self.launch.report(err)

    # --- timing ---------------------------------------------------------------------------

    def run(self, p: int, occ: float, lat: float, site: Site) -> None:
        """Issue an op of `occ` cycles to pipe `p`; its results land `lat` cycles after."""
        wr = self.wr
        if wr is not None and wr[0] == p:
            close_write(self)  # this op starts after the open write, so it sees when it ends
        free = self.free
        start = self.t
        if free[p] > start:
            start = free[p]
        end = start + occ
        free[p] = end
        self._landed(p, start, end + lat, site)

    def _landed(self, p: int, start: float, end: float, site: Site) -> None:
        """An op of pipe `p` in flight from `start` until its results land at `end`."""
        done = self.done
        if end > done[p]:
            done[p] = end
        land = self.land
        lo = land[p]
        if start > lo:
            lo = start
        if end > lo:
            self.busy[p] += end - lo
            land[p] = end
            if lo < self.first[p]:
                self.first[p] = lo
            self.last[p] = end  # land[p] only grows, so this is the latest end
            if self.trace is not None:
                self.trace.append((p, lo, end - lo, site))
        elif end == start:
            if start < self.first[p]:
                self.first[p] = start
            if start > self.last[p]:
                self.last[p] = start
            if self.trace is not None:
                self.trace.append((p, start, 0.0, site))

    def busy_wait(self, p: int, start: float, end: float, site: Site) -> None:
        """Pipe `p` holds an issued instruction from `start` to `end` while it waits for a
        flag (a UnitFlag Fixpipe waiting for its units): busy, and free no sooner than `end`."""
        self._landed(p, start, end, site)
        if end > self.free[p]:
            self.free[p] = end

    _group_copy = group_copy  # the common copies (ascdsl.sim.gm_fast)

    def gm_copy(self, p: int, buf: GMBuffer, start: int, length: int, stride: int, count: int,
                write: bool, mode: int, site: Site, burst: float | None = None,
                l2_cap: float | None = None, shared: int = 1,
                write_rate: float | None = None) -> None:
        """A copy of `count` bursts of `length` bytes, `stride` apart, from byte `start` of GM
        buffer `buf` (into it if `write`), on pipe `p` (see ascdsl.sim.memsys).

        The engine issues the copy (`mte_issue` + `burst`, by default `mte_burst`, per burst: the
        pipe's occupancy; `l2_cap` marks a converting copy, ND2NZ: its L2 hits move no faster
        than `l2_cap` and one row per `nd2nz_row` cycles; `shared`: how many cores read the same
        bytes at once, see ascdsl.sim.memsys; `write_rate`: a write's bytes into L2 per cycle
        when not the core's GM write rate, e.g. FIX);
        a read then moves its bytes through the core's read port, one copy after the other:
        L2 hits at the core's L2 rate, misses at the core's own rate (`gm_read_core` on a
        vector core; `gm_read_aic`, or `nd2nz_hbm` for ND2NZ, whose misses cross as the bytes
        asked for, but lines joined in another core's fetch whole, on a cube core) and no faster
        than the core's HBM share delivers them; it lands `gm_latency` after its last byte. A
        write moves its bytes into L2 at `gm_write_core` (or to HBM, around L2); write-backs it
        causes drain on the HBM share without holding it. While HBM is saturated, a write and
        the core's reads share the core's GM port (ascdsl.sim.port)."""
        ms = self.memsys
        if burst is None and mode == CACHE_NORMAL and (count == 1 or stride == length) \
                and length * count > 0 and (write or shared == 1 and l2_cap is None
                                             and not start & 31 and ms.timed is None):
            a = start >> ms.shift
            b = (start + length * count - 1) >> ms.shift
            if a >> GROUP_SHIFT == b >> GROUP_SHIFT:  # one group of lines: ascdsl.sim.gm_fast
                self._group_copy(p, buf, start, length, count, stride, a, b, write, write_rate,
                                 site)
                return
        wr = self.wr
        if wr is not None and wr[0] == p:
            close_write(self)
        cost = self.cost
        eng = cost.mte_issue + count * (cost.mte_burst if burst is None else burst)
        if write:
            hbm, l2 = ms.write(self, buf, start, length, stride, count, mode)
            if l2:
                eng += l2 / (write_rate or ms.write_rate)
        else:
            hbm, l2, hit_ready, fetched = ms.read(self, buf, start, length, stride, count, mode,
                                                  shared)
        company = 1.0
        if ms.convoy is not None and not write and mode != CACHE_NORMAL:
            ks = ms.convoy.get(self.block_idx)
            if ks:
                company = ks.popleft()
        t0 = self.t
        free = self.free
        if free[p] > t0:
            t0 = free[p]
        free[p] = t0 + eng
        end = t0 + eng
        busy_from = t0
        hbm_end = 0.0
        wb = self.wb_pending
        port = t0
        if not write and self.fetch_free > port:
            port = self.fetch_free  # a read's requests go out when the port reaches it
        if hbm or wb:
            # The core's HBM share drains the write-backs first, then moves this copy's bytes.
            self.wb_pending = 0
            s = self.hbm_free
            if port > s:
                s = port
            if self.hbm_first < 0:
                self.hbm_first = s
            s_in = s
            if wb:
                s = ms.hbm_after(s, wb)
            if write:
                self.wb_t = t0  # evicted by this write: they drain while it moves its bytes
            if hbm:
                # A read that waits for write-backs evicted before it was requested has not
                # started (not busy time); one whose request was out when a later write evicted
                # them is in flight and slowed down (busy: add-4's MTE2).
                if s > busy_from and self.wb_t <= port:
                    busy_from = s
                elif port > busy_from:
                    busy_from = port
                from_ = s
                s = ms.hbm_after(s, hbm)
                if mode != CACHE_NORMAL and not write:
                    # Each burst read around L2 is a request of its own to HBM, which holds the
                    # core's share `bypass_burst` cycles beyond its bytes (data_copy's 128-byte
                    # bursts, dc-ub-8 and dc-l1-7: 1.6 times their bytes' time at 48 cores).
                    # A core alone hides it under its DMA's own rate (cat-12). Writes around L2
                    # have no such row.
                    total = length * count
                    s += ms.bypass_burst * count * (hbm / total if hbm < total else 1.0)
                    if company > 1.0:
                        # Cores reading these bytes at once are served one after another
                        # (ascdsl.sim.convoy).
                        queued = from_ + company * hbm / ms.same_bytes_bw
                        if queued > s:
                            self.same_bytes_wait += queued - s
                            s = queued
                hbm_end = s
            self.hbm_busy += s - s_in
            self.hbm_free = s
        if not write:
            req = port
            if l2_cap is None:
                port += l2 / ms.l2_rate + hbm / self.gm_read
            else:
                # A converting copy (ND2NZ) moves its L2 hits no faster than `l2_cap`, and
                # a row per `nd2nz_row` cycles at best (mm-1's 128-byte rows: 36 B/cycle;
                # mm-5's 1 KB rows reach the byte cap instead). Its misses fill whole lines on
                # the HBM share (hbm_end), but only the bytes it asked for cross the core's
                # port, at `nd2nz_hbm` (cat-21-c's 512-byte rows; charging the whole lines
                # makes mm-0/mm-1's 128-byte rows, a quarter of a line each, 17-30% slow).
                # A line another core is fetching at the time (ascdsl.sim.l2share) is the
                # exception: the request joins that fetch and is served when the whole line
                # has landed, so the line crosses whole, as a plain copy's misses do.
                total = length * count
                asked = total - l2
                if asked > hbm:
                    asked = hbm
                hits = l2 / min(ms.l2_rate, l2_cap)
                rows = count * cost.nd2nz_row * l2 / total
                port += (hits if hits > rows else rows) + (asked + ms.merged) / self.nd2nz_hbm
            if hbm_end > port:
                port = hbm_end
            if hit_ready > port:
                port = hit_ready
            self.fetch_free = port
            if self.wr is not None and hbm and ms.hbm_bound and port > busy_from:
                share(self, busy_from, port, hbm + l2)
            if hbm:
                if fetched is not None:
                    ms.landed(buf, fetched, hbm_end)  # the lines are in L2 from then on
                port += cost.gm_latency
            if ms.log is not None:
                if mode != CACHE_NORMAL:
                    ms.log.around.append((self.block_idx, req, port, buf.index, start, length,
                                          stride, count))
                elif shared == 1 and not (start | stride) & 31:
                    ms.log.reads.append((self.block_idx, req, port, buf.index, start, length,
                                         stride, count))
            if port > end:
                end = port
        elif hbm_end > end:
            end = hbm_end
        elif l2 and ms.hbm_bound:
            open_write(self, p, t0, end - l2 / ms.write_rate, l2, ms.write_rate, end, end)
        self._landed(p, busy_from, end, site)

    def run_scalar(self, occ: float, site: Site) -> None:
        """An op the scalar unit executes itself (GetValue/SetValue): it holds the issue."""
        start = self.t
        self.t = start + occ
        self.s_extra += occ
        self.last[S] = start + occ
        if start < self.first[S]:
            self.first[S] = start
        if self.trace is not None:
            self.trace.append((S, start, occ, site))

    def hold(self, p: int, when: float) -> float:
        """Make pipe `p` (or the scalar unit) start nothing before `when`; the release time."""
        if p == S:
            if when > self.t:
                self.t = when
            return self.t
        if when > self.free[p]:
            self.free[p] = when
        return self.free[p]

    def barrier(self, p: int) -> None:
        if self.wr is not None:
            close_write(self)
        if self.done[p] > self.free[p]:
            self.free[p] = self.done[p]
        if self.san is not None:
            self.san.barrier(p)

    def barrier_all(self) -> None:
        if self.wr is not None:
            close_write(self)
        t = max(self.t, max(self.free), max(self.done))
        self.t = t
        for p in range(NPIPES):
            self.free[p] = t
            self.done[p] = t
        if self.san is not None:
            self.san.barrier_all()

    def end_time(self) -> float:
        return max(self.t, max(self.free), max(self.done))

    # --- events ---------------------------------------------------------------------------

    def check_id(self, evt: HardEvent, eid, site: Site) -> bool:
        if isinstance(eid, int) and 0 <= eid < soc_table.EVENT_IDS:
            return True
        if self.checking:
            self.finding(
                EventError(
                    f"uses event id {eid} of {evt.keyword}; the hardware has ids 0 to "
                    f"{soc_table.EVENT_IDS - 1} per event",
                    site,
                )
            )
        return False

    # A pending user set_flag is kept under `event * 64 + id` (ids 0..63; a tuple otherwise):
    # (fire time, sanitizer snapshot, set site, event, id). TQue events are kept on their
    # queue buffer instead (`queue_set` / `queue_wait`), with ids from the TPipe's pool; a user
    # flag on an id a queue holds is the collision Ascend C's docs warn about. A flag of
    # bisheng's auto-sync (`own`: the cce-auto-sync pass marks it) is kept apart: bisheng
    # takes ids of its own, so it never consumes, or is lost to, the kernel's pending flag of
    # the same event and id (the pass writes id 0 for all of them).

    def set_flag(self, evt: HardEvent, eid: int, site: Site, own: bool = False) -> None:
        src = EVENT_SRC[evt]
        if own:
            key = (evt, eid, own)
        else:
            key = evt * 64 + eid if 0 <= eid < 64 else (evt, eid)
        flags = self.flags
        if self.checking:
            if key in flags:
                self._set_twice(evt, eid, src, site, flags[key][2])
            holder = None if own else self._queue_holder(evt, eid)
            if holder is not None:
                self._collision(evt, eid, site, holder)
        t = self.t
        f = self.free[src]
        if f > t:
            t = f
        f = self.done[src]
        if f > t:
            t = f
        san = self.san
        rec = (
            t + self.event_latency,
            san.snapshot(src) if san is not None else None,
            site,
            evt,
            eid,
        )
        wr = self.wr
        if wr is not None and wr[0] == src:
            rec = list(rec)  # its time moves with the open write (ascdsl.sim.port)
            self.wr_recs.append(rec)
        flags[key] = rec

    def _queue_holder(self, evt: HardEvent, eid: int) -> Site | None:
        """The queue op holding event id `eid` of `evt` in the current TPipe, if any."""
        pipe = self.tpipe
        if pipe is None:
            return None
        pool = pipe.pools.get(evt)
        if pool is None or not (0 <= eid < 64 and pool.mask >> eid & 1):
            return None
        holder = pool.holders.get(eid)
        return holder if holder is not None and holder.name.startswith("ascendc.que_bind") else None

    def _collision(self, evt: HardEvent, eid: int, site: Site, holder: Site) -> None:
        self.finding(
            EventError(
                f"uses {evt.keyword} id {eid}, which the TPipe has given to a queue's pending "
                "EnQue/FreeTensor event: the two share one hardware flag (take ids from "
                "AllocEventID/FetchEventID)",
                site,
                other=holder,
                other_note="the queue op holding the id",
            )
        )

    def _set_twice(self, evt: HardEvent, eid: int, src: int, site: Site, first: Site) -> None:
        self.finding(
            EventError(
                f"sets {evt.keyword} id {eid} while an earlier set_flag of it was not waited "
                "for yet: the second set is lost and a later wait_flag would pass too early",
                site,
                PIPE_NAMES[src],
                other=first,
                other_pipe=PIPE_NAMES[src],
                other_note="the earlier set_flag",
            )
        )

    def wait_flag(self, evt: HardEvent, eid: int, site: Site, own: bool = False) -> None:
        if own:
            key = (evt, eid, own)
        else:
            key = evt * 64 + eid if 0 <= eid < 64 else (evt, eid)
        pending = self.flags.pop(key, None)
        if pending is None:
            self._never_set(evt, eid, key, site)
        self.last_wait[key] = site
        self.queue_wait(evt, eid, pending, site)

    def queue_wait(self, evt: HardEvent, eid: int, record: tuple, site: Site) -> None:
        """A wait_flag on the record of its set (a TQue's DeQue / AllocTensor, or a plain
        WaitFlag): the destination pipe, or the scalar unit, is held until the set fires."""
        if record.__class__ is list and self.wr is not None:
            self._observed(record)
        t_set, snap, set_site = record[0], record[1], record[2]
        dst = EVENT_DST[evt]
        if dst == S:
            if t_set > self.t:
                self.t = t_set
            release = self.t
        else:
            free = self.free
            if t_set > free[dst]:
                free[dst] = t_set
            release = free[dst]
        if snap is not None:
            self.san.join(dst, snap)
        if self.syncs is not None:
            self.syncs.append((EVENT_SRC[evt], t_set, dst, release, evt, eid, set_site, site))

    def queue_set(self, evt: HardEvent, eid: int, site: Site) -> tuple:
        """A TQue's set_flag (EnQue, FreeTensor); the record goes on the queue buffer."""
        src = EVENT_SRC[evt]
        if self.checking and evt * 64 + eid in self.flags:
            self._collision(evt, eid, self.flags[evt * 64 + eid][2], site)
        t = self.t
        f = self.free[src]
        if f > t:
            t = f
        f = self.done[src]
        if f > t:
            t = f
        san = self.san
        rec = (t + self.event_latency, san.snapshot(src) if san is not None else None, site)
        wr = self.wr
        if wr is not None and wr[0] == src:
            rec = list(rec)  # its time moves with the open write (ascdsl.sim.port)
            self.wr_recs.append(rec)
        return rec

    def _observed(self, rec: list) -> None:
        """A wait consumes `rec`: if the open write set it, the write can no longer move."""
        for r in self.wr_recs:
            if r is rec:
                close_write(self)
                return

    def _never_set(self, evt: HardEvent, eid: int, key, site: Site):
        dst = EVENT_DST[evt]
        notes = []
        last = self.last_wait.get(key)
        if last is not None:
            notes.append((last, "the last set_flag of this event id was consumed here"))
        holder = self._queue_holder(evt, eid)
        if holder is not None:
            notes.append((holder, "a queue's pending event holds this id"))
        raise DeadlockError(
            f"waits for {evt.keyword} id {eid} but no set_flag of it is pending: the "
            f"{PIPE_NAMES[dst]} pipe would wait forever",
            site,
            PIPE_NAMES[dst],
            notes=notes,
            core=self.block_idx,
        )

    def memory_managers_mixed(self, site: Site, other: Site, first_is_pipe: bool) -> None:
        """A LocalMemAllocator and a TPipe on one core (`site` is the later of the two)."""
        self.finding(
            AllocatorError(
                "mixes a LocalMemAllocator and a TPipe on one core: both hand out on-chip "
                "memory from address 0, so their buffers overlap. LocalMemAllocator is for "
                "the static-tensor style without TPipe/TQue; use one or the other",
                site,
                other=other,
                other_note="the TPipe" if first_is_pipe else "the LocalMemAllocator",
            )
        )

    def unreleased_event_ids(self) -> None:
        """At the end of the kernel: ids AllocEventID gave out that no ReleaseEventID (nor a
        TPipe Reset/Destroy) gave back."""
        for pipe in self.pipes:
            for pool in pipe.pools.values():
                for eid, holder in pool.holders.items():
                    if holder is not None and holder.name == ALLOC_EVENT_ID:
                        self.finding(
                            EventError(
                                f"allocates {pool.evt.keyword} id {eid} and never releases it "
                                "before the kernel ends: AllocEventID and ReleaseEventID must "
                                "come in pairs (event ids are few; a held one is lost to "
                                "later allocations)",
                                holder,
                            )
                        )

    def owner_of(self, mem: Memory, lo: int, hi: int) -> str | None:
        """What holds bytes [lo, hi) of `mem` on this core (ascdsl.sim.queues.owner_of)."""
        return owner_of(self.pipes, mem, lo, hi)

    def unmatched_flags(self) -> None:
        """At the end of the kernel: user set_flags nobody waited for."""
        for _, _, site, evt, eid in self.flags.values():
            self.finding(
                EventError(
                    f"sets {evt.keyword} id {eid} but no wait_flag consumes it before the kernel "
                    "ends (set_flag and wait_flag must come in pairs)",
                    site,
                    PIPE_NAMES[EVENT_SRC[evt]],
                )
            )
