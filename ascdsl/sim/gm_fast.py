"""The common GM copies, shortcut: a read (aligned, cached) or a write (cached) that touches
one group of L2 lines, timed as `CoreSim.gm_copy` times it, in one body.

Most copies of most kernels are of this kind (a vector kernel's tiles). The general path
reaches the same arithmetic through `MemSystem.read` / `write`, `_read_group` / `_write`,
`now`, `_insert` and `_mark`, and a dozen branches for the kinds of copy this is not; in the
interpreter each call and each test costs as much as the work itself, and the general path
made the simulator's 16K vadd (benchmarks/sim.py) twice as slow as before the GM model. These
is `CoreSim._group_copy` (a method: `self` is the core).
tests/unit/sim/test_gm_fast_path.py holds it to the general path, op for op.
"""

from __future__ import annotations

from bisect import bisect_right

from .memory import GMBuffer
from .memsys import _PENDING, GROUP, GROUP_SHIFT
from .port import close_write, open_write, share

_GMASK = GROUP - 1  # a line's bit in its group's mask


def group_copy(self, p: int, buf: GMBuffer, start: int, length: int, count: int, stride: int,
               a: int, b: int, write: bool, write_rate: float | None, site) -> None:
    """`gm_copy` of an aligned, cached read or a cached write of the lines a..b of one group:
    `MemSystem.read` / `write` (`_read_group` / `_write`, `now`, `_insert`, `_mark`) and the
    timing of a copy of normal mode."""
    ms = self.memsys
    wr = self.wr
    if wr is not None and wr[0] == p:
        close_write(self)
    cost = self.cost
    eng = cost.mte_issue + count * cost.mte_burst
    st = buf.l2 or ms.lines_of(buf)
    g = a >> GROUP_SHIFT
    m = ((2 << (b & _GMASK)) - 1) ^ ((1 << (a & _GMASK)) - 1)  # lines a..b
    k = ms.chip_k
    if ms.before is not None:
        now = ms.now(self)
    elif k:  # MemSystem.now, a first pass's
        j = bisect_right(ms.chip_t, self.t)
        now = ((ms.chip_n[j - 1] if j else 0.0) + self.l2_clock) * ms.active / (k + 1)
    else:
        now = self.l2_clock * ms.active
    age = now - st.stamp[g]
    hit_ready = 0.0
    if write:  # MemSystem._write: the lines new to L2 are inserted, the clean ones dirtied
        if age >= ms.capacity:
            st.have[g] = 0
            st.dirty[g] = 0
        h = st.have[g]
        new = m & ~h
        if new:
            st.have[g] = h | new
        d = st.dirty[g]
        dirty = m & ~d
        if dirty:
            st.dirty[g] = d | dirty
        if age > 0:
            st.stamp[g] = now
    else:  # MemSystem._read_group: the lines missed are fetched
        new = m
        if age < ms.capacity:
            h = st.have[g]
            new = m & ~h
            if m & h and st.owner[g] == self.block_idx:
                hit_ready = st.ready[g]
            if age > 0:
                st.stamp[g] = now
            if new:
                st.have[g] = h | new
        else:
            st.have[g] = m
            st.dirty[g] = 0
            st.stamp[g] = now
        if new:
            st.ready[g] = _PENDING
            st.owner[g] = self.block_idx
    hbm = 0
    if new:
        k = new.bit_count()
        self.l2_clock += k  # MemSystem._insert
        free = ms.core_capacity - self.l2_resident
        if k <= free:
            self.l2_resident += k
        else:
            ms._evict(self, k, free)
        if not write:
            hbm = k << ms.shift
        if ms.chip_step:  # MemSystem._mark
            hist = self.l2_hist
            if not hist or self.l2_clock - hist[-1][1] >= ms.chip_step:
                hist.append((self.t, self.l2_clock))
    total = length * count
    if write:
        if dirty:
            self.l2_dirty += dirty.bit_count()
        l2 = (total + 31) >> 5 << 5
        eng += l2 / (write_rate or ms.write_rate)
    else:
        l2 = total - hbm if total > hbm else 0
    # The timing (gm_copy's, for a copy of normal mode).
    t0 = self.t
    free = self.free
    if free[p] > t0:
        t0 = free[p]
    end = t0 + eng
    free[p] = end
    busy_from = t0
    hbm_end = 0.0
    port = t0
    if not write and self.fetch_free > port:
        port = self.fetch_free
    wb = self.wb_pending
    if hbm or wb:
        # The core's HBM share drains the write-backs first, then moves this read's misses.
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
            self.wb_t = t0
        elif hbm:
            if s > busy_from and self.wb_t <= port:
                busy_from = s
            elif port > busy_from:
                busy_from = port
            s = s + hbm / ms.hbm_rate if ms.bounds is None else ms.hbm_after(s, hbm)
            hbm_end = s
        self.hbm_busy += s - s_in
        self.hbm_free = s
    if write:
        if ms.hbm_bound:
            open_write(self, p, t0, end - l2 / ms.write_rate, l2, ms.write_rate, end, end)
    else:
        req = port
        port += l2 / ms.l2_rate + hbm / self.gm_read
        if hbm_end > port:
            port = hbm_end
        if hit_ready > port:
            port = hit_ready
        self.fetch_free = port
        if hbm:
            if self.wr is not None and ms.hbm_bound and port > busy_from:
                share(self, busy_from, port, hbm + l2)
            st.ready[g] = hbm_end  # the lines are in L2 from then on
            port += cost.gm_latency
        log = ms.log
        if log is not None and not stride & 31:
            log.reads.append((self.block_idx, req, port, buf.index, start, length, stride,
                              count))
        if port > end:
            end = port
    # CoreSim._landed, written out: the copy is in flight from busy_from until `end`.
    land = self.land
    lo = land[p]
    if busy_from > lo:
        lo = busy_from
    if end > lo:
        done = self.done
        if end > done[p]:
            done[p] = end
        self.busy[p] += end - lo
        land[p] = end
        if lo < self.first[p]:
            self.first[p] = lo
        self.last[p] = end
        if self.trace is not None:
            self.trace.append((p, lo, end - lo, site))
    else:
        self._landed(p, busy_from, end, site)
