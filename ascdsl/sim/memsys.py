"""The chip's GM path for one launch: HBM shared by the cores, and the L2 cache in front of it.

What the published measurements show matters (docs/simulator.md, "Calibration"), modelled by
mechanism rather than by per-op costs:

- **HBM bandwidth is a chip-wide limit, shared by the cores moving data at the time.** A
  core's HBM traffic (read misses, uncached reads and writes, write-backs) is served in order
  by its share: `CoreSim.hbm_free` is when that share is next free. A core also reads GM no
  faster than its DMA reaches alone (`CoreSim.fetch_free`): a vector core `gm_read_core`, a
  cube core `gm_read_aic` for plain copies and `nd2nz_hbm` for ND2NZ copies; so one core is
  limited by its DMA and 48 by their share of HBM. The share is `hbm_bw` / n over the n
  cores of the launch; when the first pass shows cores that move no HBM data, or move it
  over only part of the launch (`sharing_spans`), the launch is timed again with the share
  at time t taken over the cores whose HBM traffic (in the first pass) had started and was
  not over by t (`hbm_after`), each counted as the fraction of a core its share was busy
  against the busiest core's (`sharing_spans`). A MIX kernel's vector cores that only
  dequantise what the cube cores computed (catlass 12) do not share HBM while the cube cores
  stream operands, and those that fetch a block now and then beside them (asc-devkit's
  matmul_gelu) count as a sliver of a core each; the L2's bandwidth is split the same way.
- **L2** (`l2_bytes`, `l2_line`-byte lines) keeps what GM copies read and write. A line is
  resident while fewer than the L2's capacity of lines were inserted since its last use
  (LRU by reuse distance, chip-wide). Cores run in parallel on hardware but one after another
  here, so distances are counted on the chip's L2 clock (`now`): at a core's time t, the
  lines the cores already simulated had inserted by t plus this core's own, scaled to the
  launch as if the cores not yet simulated insert at their mean rate (a launch of n similar
  cores fills the L2 n times as fast as one core). A launch timed twice needs no such guess
  in its second pass: there the cores not yet simulated insert as they did in the first.
  For write-backs each core owns 1/n of it.
  Writes allocate dirty lines. When a core's share of the L2 is full, every insertion evicts
  the least recently used line, whose chance of being dirty is the dirty share of the core's
  lines; an evicted dirty line is written back to HBM on the core's share.
  A core that reads a line another core brought in gets it from L2 (whichever of the two is
  simulated first pays the miss; a second pass gives it to the readers that come first in
  time, ascdsl.sim.l2share); it waits for the line only when it fetched the line itself
  (other cores' times are not on its clock).
- **Cache modes** (`GlobalTensor::SetL2CacheHint`): with CACHE_MODE_DISABLE, reads that miss
  go to HBM without allocating a line, and writes go to HBM.
- **Panels several cores read at once** (the Matmul API's A and B: every core of a row of
  the split reads the same A rows, every core of a column the same B rows): a read may say
  that `share` cores want the same bytes at about the same time. On hardware one of them
  fetches each line and the others find it in L2, so the chip inserts the line once, not once
  per core, and the fetch is served by the pooled HBM shares of the cores waiting for it. The
  simulated core (whichever of them runs first here) therefore advances its L2 clock by
  1/share per missed line and moves 1/share of the missed bytes on its own HBM share; the rest
  of those bytes arrive like L2 hits.
- **Unaligned bursts**: a burst whose GM address is not a multiple of 32 bytes is read as the
  whole lines it touches, from HBM.
- **Lines another core is fetching** (the time rule of ascdsl.sim.l2share): a read that asks
  for part of such a line joins that fetch and is served when the whole line has landed.
  Plain copies already move their misses as whole lines; for ND2NZ copies, which move only
  the bytes they ask for of their own misses, `merged` says how many bytes of the joined
  lines the read did not ask for (ascdsl.sim.core: they cross its port too). This is why a
  row that ends inside a line a neighbouring core reads costs more than its bytes (catlass
  21's 640-byte rows against its 512-byte ones; BasicMatmul's A rows 8000 bytes apart).

GM arguments are taken to start on a line boundary (device allocations are 2 MB aligned).
"""

from __future__ import annotations

from bisect import bisect_right
from itertools import accumulate

import numpy as np

from ascdsl.dialects.ascendc.enums import CacheMode

from ascdsl.dialects.ascendc.soc import SoC

from .memory import GMBuffer

_NEVER = -(1 << 62)
_PENDING = -1.0  # lines this access is fetching: they land with the access's own data

# Cache modes, as the dialect numbers them (pyasc's dialect: DISABLE 0, NORMAL 1).
CACHE_NORMAL = int(CacheMode.CACHE_MODE_NORMAL)
CACHE_DISABLE = int(CacheMode.CACHE_MODE_DISABLE)

# The state is kept per group of GROUP lines (one bit per line): a contiguous copy touches a
# few groups, not every line. A group shares one last-use stamp (recency is tracked at 32 KB,
# residency per line) and one landing time (a hit waits for the group's latest fetch).
GROUP_SHIFT = 6
GROUP = 1 << GROUP_SHIFT
_FULL = (1 << GROUP) - 1


class Lines:
    """L2 state of one GM buffer, per group of lines: last use (L2 clock), the lines resident
    and dirty (bit masks), when the last fetched ones land and which core fetched them."""

    __slots__ = ("stamp", "have", "dirty", "ready", "owner")

    def __init__(self, n: int):
        self.stamp = [_NEVER] * n
        self.have = [0] * n
        self.dirty = [0] * n
        self.ready = [0.0] * n
        self.owner = [-1] * n


def _masks(a: int, b: int) -> list[tuple[int, int]]:
    """(group, mask of its lines) for the lines a..b."""
    g, last = a >> GROUP_SHIFT, b >> GROUP_SHIFT
    first = _FULL & ~((1 << (a & (GROUP - 1))) - 1)
    end = (2 << (b & (GROUP - 1))) - 1
    if g == last:
        return [(g, first & end)]
    return [(g, first), *((k, _FULL) for k in range(g + 1, last)), (last, end)]


# The chip clock's merge (`MemSystem.finish`) runs in Python up to this many points, in
# numpy above it.
_MERGE_IN_PYTHON = 512


def _steps(counts: list[float]) -> list[float]:
    """The increments of a cumulative count history."""
    return [b - a for a, b in zip([0.0] + counts, counts)]


def _core_key(core) -> tuple:
    """A timeline of the launch, the same in both passes (a block's AIC and AIVs share its
    index)."""
    return core.block_idx, core.lane, core.kind, core.sub_idx


class MemSystem:
    """The GM path of one launch of `active` cores of `soc`."""

    def __init__(self, soc: SoC, active: int):
        c = soc.cost
        self.active = max(1, active)
        self.line = int(c["l2_line"])
        self.shift = self.line.bit_length() - 1
        self.capacity = int(c["l2_bytes"]) // self.line  # lines, whole L2
        self.core_capacity = max(1, self.capacity // self.active)
        n = self.active
        # Per-core rates (bytes per cycle) while `active` cores run.
        self.hbm_rate = c["hbm_bw"] / n
        self.read_rate = c["gm_read_core"]
        # A cube core's MTE2 alone: plain copies and ND2NZ copies of the bytes it misses.
        self.read_rate_aic = c.get("gm_read_aic", self.read_rate)
        self.nd2nz_hbm = c.get("nd2nz_hbm", self.read_rate)
        self.bypass_burst = c.get("bypass_burst", 0.0)
        self.same_bytes_bw = c.get("same_bytes_bw", 0.0)
        self.l2_read_core = c["l2_read_core"]
        self.l2_bw = c["l2_bw"]
        self.l2_rate = min(self.l2_read_core, self.l2_bw / n)
        self.write_rate = c["gm_write_core"]
        # Whether a core streaming from HBM gets less than its DMA reads alone: then the read
        # requests waiting for HBM hold the core's GM port (ascdsl.sim.port).
        self.hbm_bound = self.hbm_rate < self.read_rate
        self.hbm_bw = c["hbm_bw"]
        # The HBM share over time (`share_hbm`): the times at which the number of cores
        # moving data changes, ascending, and each interval's rate per core (`rates[i]` from
        # `bounds[i]` to `bounds[i + 1]`; before the first bound and after the last, a core
        # moving data is alone).
        self.bounds: list[float] | None = None
        self.rates: list[float] = []
        # The first pass's log of reads and the second pass's corrections of who pays for a
        # line several cores read (ascdsl.sim.l2share); None when not kept or not needed.
        self.log = None
        self.timed = None
        # Per core, how many cores read the bytes of each of its reads around L2 at once, in
        # issue order (ascdsl.sim.convoy); None when none shares.
        self.convoy = None
        # Of the lines the last read waits on another core's fetch of (the time rule's
        # concurrent readers), the bytes it did not ask for (`TimedShares.unasked`).
        self.merged = 0
        # The chip's L2 clock (`now`): the lines the cores already simulated had inserted by
        # time t, as a step function (`chip_t` ascending, `chip_n` the sum at each), over
        # `chip_k` cores; `_chip_dn` holds its steps (at `chip_t`), kept for merging.
        self.chip_k = 0
        # A core's history keeps a point each time its count has grown by `chip_step` lines
        # (1/64 of its share: the clock is then off by under 1/64 of the L2), so its length
        # grows with the data moved over the L2's size, not with the copies; one core alone
        # has no one to tell.
        self.chip_step = self.core_capacity / 64 if self.active > 1 else 0.0
        self.chip_t: list[float] = []
        self.chip_n: list[float] = []
        self._chip_dn: list[float] = []
        # A launch timed twice: the first pass keeps each core's history here (`hists`, by
        # `_core_key`); the second starts its clock from the first's whole chip and reads each
        # core's first-pass history from `before` (`preload`).
        self.hists: dict | None = None
        self.before: dict | None = None
        self._asked = self._own = None  # the last core `now` looked up in `before`, its entry

    def share_hbm(self, spans: list[tuple[float, float, float]]) -> None:
        """Share HBM among the cores moving data at the time: core i moved HBM data from
        `spans[i][0]` to `spans[i][1]` in a first pass (cores with none left out), its share
        busy for a fraction `spans[i][2]` of that span. At time t the cores whose span holds t
        share `hbm_bw`, each counted as that fraction of a core: a core that streams holds a
        whole share, one that moves a block now and then (a MIX kernel's vector cores beside
        the cube cores feeding a matmul) a sliver. A core moving data outside every span (it
        got ahead of its first-pass self) has it alone, its own `gm_read_core` then being the
        bound. The L2's bandwidth is split the same way, over the most cores counted at once."""
        delta: dict[float, float] = {}
        for a, b, w in spans:
            if b > a:
                delta[a] = delta.get(a, 0.0) + w
                delta[b] = delta.get(b, 0.0) - w
        self.bounds = bounds = sorted(delta)
        bw = self.hbm_bw
        rates = []
        n = top = 0.0
        for t in bounds:
            n += delta[t]
            top = max(top, n)
            rates.append(bw / max(1.0, n))
        self.rates = rates
        # The port model's test for HBM-bound cores uses the share while most cores read.
        self.hbm_rate = bw / max(1.0, top)
        self.hbm_bound = self.hbm_rate < self.read_rate
        self.l2_rate = min(self.l2_read_core, self.l2_bw / max(1.0, top))

    def hbm_after(self, s: float, nbytes: float) -> float:
        """When a core's HBM share, free from `s`, has moved `nbytes`."""
        bounds = self.bounds
        if bounds is None:
            return s + nbytes / self.hbm_rate
        k = len(bounds)
        j = bisect_right(bounds, s)
        rates = self.rates
        bw = self.hbm_bw
        while j < k:
            rate = rates[j - 1] if j else bw
            room = (bounds[j] - s) * rate
            if nbytes <= room:
                return s + nbytes / rate
            nbytes -= room
            s = bounds[j]
            j += 1
        return s + nbytes / bw

    def lines_of(self, buf: GMBuffer) -> Lines:
        """The L2 state of a GM buffer (kept on the buffer: one launch's)."""
        st = buf.l2
        if st is None:
            # To the end of its allocator segment (ascdsl.sim.gm_layout): a copy may run past
            # the tensor's end.
            a = buf.alloc
            size = a.segment.size - buf.base if a is not None else buf.mem.size
            n = ((size + self.line - 1) >> self.shift >> GROUP_SHIFT) + 2
            st = buf.l2 = Lines(n)
        return st

    # --- one copy ----------------------------------------------------------------------------

    def read(self, core, buf: GMBuffer, start: int, length: int, stride: int, count: int,
             mode: int, share: int = 1) -> tuple[int, int, float, list | int | None]:
        """A read of `count` bursts of `length` bytes, `stride` bytes apart, from byte `start`
        of `buf`: (bytes from HBM, bytes from L2, when the hit lines this core fetched earlier
        land, the groups whose fetched lines land with this read: a list, one group or None)."""
        self.merged = 0
        total = length * count
        if total <= 0:
            return 0, 0, 0.0, None
        clock = core.l2_clock
        if share == 1 and self.timed is None and mode == CACHE_NORMAL and not start & 31 \
                and (stride == length or count == 1):
            # The common case, as `_read_bytes` would take it, without its call.
            shift = self.shift
            a = start >> shift
            b = (start + total - 1) >> shift
            g = a >> GROUP_SHIFT
            if g == b >> GROUP_SHIFT:
                out = self._read_group(core, buf.l2 or self.lines_of(buf), g, a, b, total)
                if self.chip_step and core.l2_clock != clock:
                    self._mark(core)
                return out
        if share > 1:
            out = self._shared_read(core, buf, start, length, stride, count, mode, share)
        elif self.timed is not None and mode == CACHE_NORMAL and not (start | stride) & 31:
            out = self._timed_read(core, buf, start, length, stride, count)
        else:
            out = self._read_bytes(core, buf, start, length, stride, count, mode)
        if self.chip_step and core.l2_clock != clock:
            self._mark(core)
        return out

    def _timed_read(self, core, buf: GMBuffer, start: int, length: int, stride: int,
                    count: int) -> tuple:
        """`read` with the time rule's correction of the lines it pays for
        (ascdsl.sim.l2share): the bytes it moves from HBM instead of L2, or the reverse."""
        hbm, l2, hit_ready, fetched = self._read_bytes(core, buf, start, length, stride, count,
                                                       CACHE_NORMAL)
        timed = self.timed
        d = timed.lines(core.block_idx, buf.index, start, length, stride, count)
        self.merged = timed.unasked
        if d:
            moved = d * self.line
            if moved < -hbm:
                moved = -hbm
            elif moved > l2:
                moved = l2
            hbm += moved
            l2 -= moved
        return hbm, l2, hit_ready, fetched

    def _read_bytes(self, core, buf: GMBuffer, start: int, length: int, stride: int,
                    count: int, mode: int) -> tuple:
        """`read` as the L2 state alone decides it."""
        total = length * count
        st = buf.l2 or self.lines_of(buf)
        shift = self.shift
        allocate = mode == CACHE_NORMAL
        if (stride == length or count == 1) and allocate and not start & 31:
            a = start >> shift
            b = (start + total - 1) >> shift
            g = a >> GROUP_SHIFT
            if g == b >> GROUP_SHIFT:
                return self._read_group(core, st, g, a, b, total)
        fetched: list | None = [] if allocate else None
        if stride == length or count == 1:
            a = start >> shift
            b = (start + total - 1) >> shift
            missed, hit_ready = self._read(core, st, ((a, b),), fetched)
            if allocate and not start & 31:  # the common case
                if missed:
                    self._insert(core, missed)
                    hbm = missed << shift
                    return hbm, max(0, total - hbm), hit_ready, fetched
                return 0, total, hit_ready, fetched
            touched = b - a + 1
            unaligned = start & 31
        else:
            end = length - 1
            spans = [(s >> shift, (s + end) >> shift)
                     for s in [start + k * stride for k in range(count)]]
            touched = count + sum([b - a for a, b in spans])
            missed, hit_ready = self._read(core, st, spans, fetched)
            unaligned = (start | stride) & 31
        if allocate and missed:
            self._insert(core, missed)
        if unaligned:
            # Every line the bursts touch comes from HBM, resident or not.
            return touched << shift, 0, 0.0, fetched
        if allocate:
            hbm = missed << shift  # a miss fills the whole line
            return hbm, max(0, total - hbm), hit_ready, fetched
        # Read around L2: only the 32-byte blocks asked for come from HBM.
        hbm = ((total + 31) >> 5) * missed // touched << 5
        return hbm, max(0, total - hbm), hit_ready, None

    def _shared_read(self, core, buf: GMBuffer, start: int, length: int, stride: int,
                     count: int, mode: int, share: int) -> tuple:
        """`read` of bytes `share` cores want at once (module docstring): the misses count
        1/share on the core's L2 clock and HBM share."""
        clock, resident = core.l2_clock, core.l2_resident
        hbm, l2, hit_ready, fetched = self._read_bytes(core, buf, start, length, stride, count,
                                                       mode)
        if hbm:
            inserted = core.l2_clock - clock
            core.l2_clock = clock + inserted / share
            if core.l2_resident > resident:
                core.l2_resident = resident + (core.l2_resident - resident) / share
            own = hbm // share
            l2 += hbm - own
            hbm = own
        return hbm, l2, hit_ready, fetched

    def write(self, core, buf: GMBuffer, start: int, length: int, stride: int, count: int,
              mode: int) -> tuple[int, int]:
        """A write of bursts as `read` takes them: (bytes to HBM, bytes into L2)."""
        total = length * count
        if total <= 0:
            return 0, 0
        nbytes = (total + 31) >> 5 << 5
        if mode == CACHE_DISABLE:
            return nbytes, 0
        st = buf.l2 or self.lines_of(buf)
        shift = self.shift
        clock = core.l2_clock
        if stride == length or count == 1:
            self._write(core, st, start >> shift, (start + total - 1) >> shift)
        else:
            for k in range(count):
                s = start + k * stride
                self._write(core, st, s >> shift, (s + length - 1) >> shift)
        if self.chip_step and core.l2_clock != clock:
            self._mark(core)
        return 0, nbytes

    # --- the chip's L2 clock -------------------------------------------------------------------

    def now(self, core) -> float:
        """The chip's L2 clock at the core's time: the lines inserted chip-wide so far, as the
        cores already simulated inserted them by then and this one did, scaled to the launch
        (the cores not yet simulated are taken to insert at their mean rate). A line is
        resident while fewer than the L2's capacity of lines were inserted since its last use.
        Scaling the core's own count instead (a core that hits on what another fetched
        inserts little) let that core's clock lag the chip's, and the fetching core's run
        ahead of it: it evicted lines the chip still held (mmb: A re-fetched from HBM).
        A second pass (`preload`) needs no such guess: the cores not yet simulated insert as
        they did in the first pass. The guess scales the first cores' rate to the launch,
        and the first cores to run are the ones that fetch what later cores share: counted
        as the whole launch, they age lines out that the chip still holds."""
        before = self.before
        if before is not None:
            # The second pass: the chip's clock holds every core, the ones not yet finished as
            # the first pass ran them; this core's first run is taken out for its current one.
            j = bisect_right(self.chip_t, core.t)
            chip = self.chip_n[j - 1] if j else 0.0
            if core is not self._asked:
                self._asked, self._own = core, before.get(_core_key(core))
            own = self._own
            if own is not None:
                i = bisect_right(own[0], core.t)
                if i:
                    chip -= own[1][i - 1]
            return chip + core.l2_clock
        k = self.chip_k
        if not k:
            return core.l2_clock * self.active
        j = bisect_right(self.chip_t, core.t)
        done = self.chip_n[j - 1] if j else 0.0
        return (done + core.l2_clock) * self.active / (k + 1)

    def _mark(self, core) -> None:
        """Note the core's L2 count in its history, every `chip_step` lines."""
        hist = core.l2_hist
        if not hist or core.l2_clock - hist[-1][1] >= self.chip_step:
            hist.append((core.t, core.l2_clock))

    def preload(self, first: MemSystem) -> None:
        """Start a second pass's L2 clock from the first pass's (`first`, which kept its
        cores' histories): every core as it ran there until it runs here."""
        self.before = first.hists or {}
        self.chip_t = list(first.chip_t)
        self._chip_dn = list(first._chip_dn)
        self.chip_n = list(first.chip_n)
        self.chip_k = first.chip_k

    def finish(self, core) -> None:
        """Add a core that has run to the chip's L2 clock."""
        hist = core.l2_hist
        self.chip_k += 1
        if hist and core.l2_clock > hist[-1][1]:
            hist.append((core.t, core.l2_clock))
        core.l2_hist = []  # merged: the report keeps the core, not its history
        ht = [t for t, _ in hist]
        hn = [n for _, n in hist]
        dn_core = _steps(hn)
        if self.hists is not None and ht:
            self.hists[_core_key(core)] = (ht, hn)
        if self.before is not None:
            # Its first run leaves the chip's clock as this one joins it.
            own = self.before.get(_core_key(core))
            if own is not None and own[0]:
                ht = ht + own[0]
                dn_core = dn_core + [-d for d in _steps(own[1])]
        if not ht:
            return
        dt, dn = self.chip_t, self._chip_dn
        if len(dt) + len(ht) <= _MERGE_IN_PYTHON:
            # A launch of a few short histories (sim.py's 8 cores: 16 points each): a merge
            # in Python costs a tenth of numpy's calls.
            # Timsort of sorted runs (the chip's, this run's, the first run's taken out) is a
            # stable merge: earlier cores' points first.
            order = sorted(range(len(dt) + len(ht)), key=(dt + ht).__getitem__)
            t_all, n_all = dt + ht, dn + dn_core
            self.chip_t = [t_all[i] for i in order]
            self._chip_dn = [n_all[i] for i in order]
            self.chip_n = list(accumulate(self._chip_dn))
            return
        t = np.concatenate((np.asarray(dt, dtype=np.float64), np.asarray(ht, np.float64)))
        n = np.concatenate((np.asarray(dn, dtype=np.float64), np.asarray(dn_core, np.float64)))
        order = np.argsort(t, kind="stable")
        self.chip_t = t[order].tolist()
        self._chip_dn = n[order].tolist()
        self.chip_n = np.cumsum(n[order]).tolist()

    def landed(self, buf: GMBuffer, groups: list | int, t: float) -> None:
        """The lines a read fetched (in `groups`, or in the one group `groups`) land in L2 at
        `t`."""
        ready = buf.l2.ready
        if groups.__class__ is int:
            ready[groups] = t
            return
        for g in groups:
            ready[g] = t

    def _read_group(self, core, st: Lines, g: int, a: int, b: int, total: int) -> tuple:
        """`read` of the lines a..b of group g (the common case, aligned and cached)."""
        m = _FULL & ~((1 << (a & (GROUP - 1))) - 1) & ((2 << (b & (GROUP - 1))) - 1)
        now = self.now(core)
        age = now - st.stamp[g]
        cap = self.capacity
        hit_ready = 0.0
        if age < cap:
            h = st.have[g]
            miss = m & ~h
            if m & h and st.owner[g] == core.block_idx:
                hit_ready = st.ready[g]
            if age > 0:
                st.stamp[g] = now
            if not miss:
                return 0, total, hit_ready, None
            st.have[g] = h | miss
        else:
            miss = m
            st.have[g] = m
            st.dirty[g] = 0
            st.stamp[g] = now
        st.ready[g] = _PENDING
        st.owner[g] = core.block_idx
        k = miss.bit_count()
        self._insert(core, k)
        hbm = k << self.shift
        return hbm, max(0, total - hbm), hit_ready, g

    def _read(self, core, st: Lines, spans, fetched: list | None) -> tuple[int, float]:
        """The bursts' lines, `spans` of lines a..b in order: (lines missed, landing time of hit
        lines this core fetched). A later burst sees what the earlier ones of the copy did to
        a group (resident, fetching); the chip's clock is the same for all of them (the
        core's time and its count of insertions move only once the copy is placed), so it is
        read once: a copy of 128 short rows costs one clock lookup, not 128."""
        stamp, have, ready, owner = st.stamp, st.have, st.ready, st.owner
        cap = self.capacity
        now = self.now(core)
        me = core.block_idx
        hit_ready = 0.0
        missed = 0
        low = GROUP - 1
        for a, b in spans:
            g = a >> GROUP_SHIFT
            if g == b >> GROUP_SHIFT:
                masks = ((g, ((2 << (b & low)) - 1) ^ ((1 << (a & low)) - 1)),)
            else:
                masks = _masks(a, b)
            for g, m in masks:
                age = now - stamp[g]
                if age < cap:
                    h = have[g]
                    miss = m & ~h
                    if m & h and owner[g] == me and ready[g] > hit_ready:
                        hit_ready = ready[g]
                    if age > 0:
                        stamp[g] = now
                else:
                    miss = m
                    if fetched is not None:
                        have[g] = 0
                        st.dirty[g] = 0
                        stamp[g] = now
                if miss:
                    missed += miss.bit_count()
                    if fetched is not None:
                        have[g] |= miss
                        ready[g] = _PENDING
                        owner[g] = me
                        fetched.append(g)
        return missed, hit_ready

    def _write(self, core, st: Lines, a: int, b: int) -> None:
        stamp, have, dirty = st.stamp, st.have, st.dirty
        cap = self.capacity
        now = self.now(core)
        inserted = newly_dirty = 0
        for g, m in _masks(a, b):
            age = now - stamp[g]
            if age >= cap:
                have[g] = 0
                dirty[g] = 0
            new = m & ~have[g]
            if new:
                inserted += new.bit_count()
                have[g] |= new
            new = m & ~dirty[g]
            if new:
                newly_dirty += new.bit_count()
                dirty[g] |= new
            if age > 0:
                stamp[g] = now
        if inserted:
            self._insert(core, inserted)
        core.l2_dirty += newly_dirty

    def _insert(self, core, k: int) -> None:
        """`k` lines enter the core's share of the L2; when it is full each evicts its least
        recently used line, and evicted dirty lines are written back to HBM."""
        core.l2_clock += k
        free = self.core_capacity - core.l2_resident
        if k <= free:
            core.l2_resident += k
            return
        self._evict(core, k, free)

    def _evict(self, core, k: int, free: float) -> None:
        """`_insert` of `k` lines into a share with `free` room, too little for them."""
        core.l2_resident = self.core_capacity
        evict = k - max(free, 0)
        # LRU does not choose by dirtiness: the dirty share of the evicted lines is their share
        # of the core's lines (a count kept fractional, or evictions of one line at a time
        # would round the write-backs away). Evicting dirty lines first, as this did before,
        # wrote back up to twice the bytes of a kernel that streams reads and writes
        # (bank_conflict_nd2nz: MTE2 +22% against the NPU).
        # (More evictions than the share holds write back every dirty line, no more.)
        wb = core.l2_dirty * min(1.0, evict / self.core_capacity)
        if wb > 0:
            core.l2_dirty -= wb
            core.wb_pending += wb * self.line


# A second, timing-only pass pays when the first pass's mean number of cores moving HBM data
# (over the time from the first core's HBM start to the last one's end, each core counted as
# in `sharing_spans`) is this far under the launch's core count.
SHARING_GAIN = 0.9


def sharing_spans(active: int, spans: list[tuple[float, float, float]]
                  ) -> list[tuple[float, float, float]] | None:
    """The HBM spans (`MemSystem.share_hbm`) of a first pass whose cores moved HBM data from
    `spans[i][0]` to `spans[i][1]` (a start below 0: none) with their share busy for
    `spans[i][2]` cycles of it, or None when sharing by the cores moving data would change
    little: their mean count over the launch's HBM time is at least `SHARING_GAIN` x
    `active`.

    Each span comes back with how much of a core it counts as: its share's busy fraction
    over that of the core whose share was busy longest, at most 1. Cores running the same
    code move data in step, so each counts whole even when its share idles between copies
    (a copy in, a copy out); a core whose share is busy a twentieth as often as the busiest
    core's can overlap it a twentieth of the time at most (a MIX kernel's vector cores
    fetching a block now and then beside cube cores streaming operands)."""
    busy = [(a, b, t / (b - a), t) for a, b, t in spans if a >= 0 and b > a]
    if not busy:
        return None
    top = max(busy, key=lambda s: s[3])[2]
    out = sorted((a, b, min(1.0, f / top) if top > 0 else 1.0) for a, b, f, _ in busy)
    first = out[0][0]
    last = max(b for _, b, _ in out)
    if sum((b - a) * w for a, b, w in out) >= SHARING_GAIN * active * (last - first):
        return None
    return out
