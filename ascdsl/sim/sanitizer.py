"""The sanitizer: vector clocks over a core's pipes, and a shadow record of every byte range.

Each pipe of a core (S, V, M, MTE1, MTE2, MTE3, FIX) counts the ops it runs; an access is
stamped with (pipe, count, op). Each pipe also keeps a vector clock: for every other pipe, the
count up to which that pipe's ops are known to have completed. Sync edges move knowledge:

- set_flag on pipe A snapshots A's clock (including all of A's own ops so far);
  wait_flag on pipe B joins that snapshot into B's clock. TQue EnQue/DeQue and
  FreeTensor/AllocTensor are such set/wait pairs between the producer and consumer pipes.
- pipe_barrier(PIPE_ALL) makes every pipe know everything.
- Ops of one pipe run in order, so a pipe always knows its own earlier ops, except the vector
  pipe and the two DMA pipes. On A2 consecutive vector instructions overlap, so V only learns
  about its own earlier ops at a pipe_barrier(PIPE_V) (or a V_V event, or PIPE_ALL). Reading or
  overwriting the result of an earlier vector op without one is a race; reading a range that a
  later vector op overwrites is not (vector instructions read their sources in order).
- MTE2 / MTE3 learn about their own earlier copies at pipe_barrier(PIPE_MTE2 / PIPE_MTE3), at
  PIPE_ALL, or from another pipe that knew them (MTE3 copy, MTE3_V, V_MTE3, MTE3 copy): two
  copies on one DMA pipe whose destinations overlap need that barrier, else the data is
  undefined (Ascend C's PipeBarrier page, 约束说明), and neither the TQue framework nor bisheng's
  auto-sync inserts it. Only writes pair (MTE2 reads only GM and writes only local memory,
  MTE3 reads only UB), two atomic stores do not (they accumulate in L2), and the check is
  exact in bytes: a strided copy recorded as one covering range keeps its bursts (`blocks`),
  so copies filling interleaved columns of one buffer do not pair. Two copies leaving the same
  bytes still pair: the lowerings write memory before recording, so the first copy's bytes
  are gone when the second is checked.

An access conflicts with an earlier one on the same bytes when at least one writes and the
earlier one's stamp is not covered by the accessing pipe's clock. Byte ranges live in a
`ShadowMemory` per memory: sorted disjoint segments, each with its last write and the latest
read per pipe; a write collapses the segments it covers into one, so the record stays as small
as the set of buffers in use. GM accesses are also logged per core: after all cores ran,
overlapping GM ranges written by one core and accessed by another are races, since the cores
of a launch run in parallel with nothing ordering them — except where the outcome cannot
depend on their order: two cores that leave the same bytes in a range both write (pyasc's
ragged launches, whose cores overlap by part of a tile), and ranges past every tensor's data
(an allocation's padding or free memory, ascdsl.sim.gm_layout), a warning finding.
"""

from __future__ import annotations

from bisect import bisect_right
from zlib import crc32
from collections.abc import Callable

import numpy as np

from ascdsl.dialects.ascendc.enums import HardEvent, Pipe

from .atomic import ATOMIC_WRITE
from .dcache import check_shared_lines
from .errors import RaceError, SimulationError, Site
from .gm_layout import data_end
from .memory import GMBuffer, Memory

# Bytes kept at each end of a core's written GM range for the check across cores (a tile of
# UB is at most 192 KB; ragged splits overlap by part of one).
SNAPSHOT_EDGE = 192 * 1024

# Pipe indices of the simulator (clocks, timing, trace tracks).
S, V, M, MTE1, MTE2, MTE3, FIX = range(7)
NPIPES = 7
PIPE_INDEX: dict[Pipe, int] = {
    Pipe.PIPE_S: S,
    Pipe.PIPE_V: V,
    Pipe.PIPE_M: M,
    Pipe.PIPE_MTE1: MTE1,
    Pipe.PIPE_MTE2: MTE2,
    Pipe.PIPE_MTE3: MTE3,
    Pipe.PIPE_FIX: FIX,
}
PIPES_BY_INDEX: list[Pipe] = [Pipe.PIPE_S, Pipe.PIPE_V, Pipe.PIPE_M, Pipe.PIPE_MTE1,
                              Pipe.PIPE_MTE2, Pipe.PIPE_MTE3, Pipe.PIPE_FIX]
PIPE_NAMES: list[str] = [p.name for p in PIPES_BY_INDEX]
# Whether a pipe knows its own earlier ops when it starts the next (module docstring): not V,
# whose instructions overlap, nor MTE2 / MTE3, whose copies to overlapping destinations need a
# barrier of their pipe.
DMA_PIPES = frozenset({MTE2, MTE3})
SELF_ORDERED: tuple[bool, ...] = tuple(p != V and p not in DMA_PIPES for p in range(NPIPES))
# (source, destination) pipe index of each HardEvent the simulator models.
EVENT_PIPES: dict[HardEvent, tuple[int, int]] = {
    e: (PIPE_INDEX[e.src_pipe], PIPE_INDEX[e.dst_pipe])
    for e in HardEvent
    if e is not HardEvent.MAX and e.src_pipe in PIPE_INDEX and e.dst_pipe in PIPE_INDEX
}
# The same as lists indexed by the event's value (hot paths).
EVENT_SRC: list[int] = [EVENT_PIPES[e][0] if e in EVENT_PIPES else S for e in HardEvent]
EVENT_DST: list[int] = [EVENT_PIPES[e][1] if e in EVENT_PIPES else S for e in HardEvent]


def _fix_hint(src: int, dst: int) -> str:
    if src == dst:
        return f"insert pipe_barrier({PIPE_NAMES[src]}) between them"
    ev = HardEvent.between(PIPES_BY_INDEX[src], PIPES_BY_INDEX[dst])
    if ev is None:
        return "order them with pipe_barrier(PIPE_ALL)"
    return f"order them with set_flag/wait_flag {ev.keyword} (or a TQue EnQue/DeQue)"


class ShadowMemory:
    """Per-byte-range access history of one memory, as sorted disjoint segments.

    A segment is a list
    `[start, end, w_pipe, w_count, w_site, reads, w_flag, w_blocks, w_before]`;
    `reads` maps a pipe to `(count, site)` of its latest read since the last write (None when
    empty); `w_flag` is the last write's flag (True, or 2 for an atomic store) and `w_blocks`
    the bursts it wrote when it was recorded as a covering range (None: all of it).
    `w_before` keeps the earlier writes on the last writer's DMA pipe that the pipe had not
    seen finish when the last write came (interleaved bursts: a later copy of the pipe may
    still overlap their bytes), as `(count, site, flag, blocks, lo, hi)`; None when none.
    """

    __slots__ = ("mem", "starts", "segs")

    def __init__(self, mem: Memory):
        self.mem = mem
        self.starts: list[int] = []
        self.segs: list[list] = []

    def cover(self, lo: int, hi: int) -> tuple[int, int]:
        """Split and fill so that segments [i0, i1) cover exactly [lo, hi); return (i0, i1)."""
        starts, segs = self.starts, self.segs
        i = bisect_right(starts, lo) - 1
        if i >= 0 and segs[i][1] > lo:
            if segs[i][0] < lo:
                self._split(i, lo)
                i += 1
        else:
            i += 1
        i0 = i
        pos = lo
        while pos < hi:
            if i < len(segs) and starts[i] == pos:
                if segs[i][1] > hi:
                    self._split(i, hi)
                pos = segs[i][1]
                i += 1
            else:
                nxt = starts[i] if i < len(segs) else hi
                end = nxt if nxt < hi else hi
                starts.insert(i, pos)
                segs.insert(i, [pos, end, -1, 0, None, None, False, None, None])
                pos = end
                i += 1
        return i0, i

    def _split(self, i: int, at: int) -> None:
        seg = self.segs[i]
        reads = dict(seg[5]) if seg[5] else None
        right = [at, seg[1], seg[2], seg[3], seg[4], reads, seg[6], seg[7], seg[8]]
        seg[1] = at
        self.starts.insert(i + 1, at)
        self.segs.insert(i + 1, right)

    def replace(self, i0: int, i1: int, seg: list) -> None:
        """Put one segment in place of segments [i0, i1)."""
        self.starts[i0:i1] = [seg[0]]
        self.segs[i0:i1] = [seg]


class Sanitizer:
    """Happens-before checking for one core; `report(err)` raises or records a finding."""

    __slots__ = ("core", "cnt", "vc", "shadows", "gm_log", "log_gm", "report", "auto_sync",
                 "owner", "xepoch", "gm_written", "watch", "dcache")

    def __init__(self, core: int, report: Callable[[SimulationError], None], log_gm: bool = True,
                 auto_sync: bool = False,
                 owner: Callable[[Memory, int, int], str | None] | None = None,
                 dcache: dict | None = None):
        self.core = core
        # The launch's lines cached by scalar GM accesses, per GM argument (sim/dcache.py,
        # shared by all its cores): empty, and so one test per copy, in most kernels.
        self.dcache = dcache if dcache is not None else {}
        # Whether bisheng's auto-sync layer is in the IR (the cce-auto-sync pass ran), and
        # what holds a byte range ("queue", "tbuf" or None): both only shape race messages.
        self.auto_sync = auto_sync
        self.owner = owner
        self.cnt = [0] * NPIPES
        self.vc = [[0] * NPIPES for _ in range(NPIPES)]
        self.shadows: dict[Memory, ShadowMemory] = {}
        self.gm_log: dict[GMBuffer, list] = {}
        self.log_gm = log_gm  # keep GM accesses for the check across cores
        self.report = report
        # This core's epoch between cross-core syncs (sim/blocksync.py): GM log entries carry
        # it, so that the check across cores skips pairs a block sync orders.
        self.xepoch = 0
        # The bytes this core left in the GM ranges it wrote (snapshot_gm_writes).
        self.gm_written: dict[GMBuffer, list] = {}
        # Called with every access while an overrun has clobbered a buffer in use
        # (sim/ub_layout.py); None otherwise, so the common path pays one test.
        self.watch: Callable | None = None

    def snapshot_gm_writes(self) -> None:
        """Keep the bytes this core left at the ends of every GM range it wrote (plain
        writes, merged; up to SNAPSHOT_EDGE bytes at each end), taken when the core has run
        and before the next core runs: the check across cores compares two cores'
        overlapping writes by value. Cores overlap at the ends of their slices (a ragged
        split overlaps by less than a tile), so the middle of a long range is not copied; an
        overlap there finds no bytes to compare and stays a race."""
        out = {}
        edge = SNAPSHOT_EDGE
        for buf, entries in self.gm_log.items():
            ws = _merge([e for e in entries if e[2] and e[2] != 2])
            if ws:
                b = buf.mem.bytes
                keep = []
                for lo, hi in ws:
                    if hi - lo <= 2 * edge:
                        keep.append((lo, hi, b[lo:hi].copy()))
                    else:
                        keep.append((lo, lo + edge, b[lo:lo + edge].copy()))
                        keep.append((hi - edge, hi, b[hi - edge:hi].copy()))
                out[buf] = keep
        self.gm_written = out

    # --- clocks ---------------------------------------------------------------------------

    def begin(self, p: int) -> int:
        """Count one op on pipe `p`; its accesses carry the returned stamp."""
        c = self.cnt[p] + 1
        self.cnt[p] = c
        if SELF_ORDERED[p]:
            self.vc[p][p] = c
        return c

    def snapshot(self, p: int) -> list[int]:
        """What pipe `p` has done and knows, at a set_flag on it."""
        snap = list(self.vc[p])
        snap[p] = self.cnt[p]
        return snap

    def join(self, p: int, snap: list[int]) -> None:
        self.vc[p] = list(map(max, self.vc[p], snap))

    def barrier(self, p: int) -> None:
        self.vc[p][p] = self.cnt[p]

    def barrier_all(self) -> None:
        full = list(self.cnt)
        for row in self.vc:
            for i in range(NPIPES):
                if row[i] > full[i]:
                    full[i] = row[i]
        for p in range(NPIPES):
            self.vc[p] = list(full)

    # --- accesses -------------------------------------------------------------------------

    def access(
        self, mem: Memory, lo: int, hi: int, write: bool, p: int, c: int, site: Site,
        blocks: tuple | None = None,
    ) -> None:
        """Check and record one access of bytes [lo, hi) of `mem` by stamp (p, c, site).

        `blocks`, for a write recorded as one range covering a strided copy, are the bursts
        it writes: `(base, step, length, count)` tuples (the same-pipe check is exact)."""
        if hi <= lo:
            return
        if self.watch is not None:
            self.watch(mem, lo, hi, write, site)
        gm = mem.gm
        if gm is not None:
            if self.log_gm:
                log = self.gm_log.get(gm)
                if log is None:
                    log = self.gm_log[gm] = []
                # a write keeps a digest of the bytes it left: two AI cores writing the same
                # values to the same range do not race (sim/crosscore.py)
                log.append((lo, hi, write, site, p, self.xepoch, c,
                            crc32(mem.bytes[lo:hi]) if write is True else 0))
            # A copy meets the cores' DCaches (sim/dcache.py) only where a scalar access of
            # this launch cached a line: one dict test for the kernels that have none. The
            # scalar unit's own accesses are checked where they are lowered.
            if self.dcache and p != S:
                lines = self.dcache.get(gm)
                if lines is not None:
                    lines.dma(self, lo, hi, write, p, site)
        sh = self.shadows.get(mem)
        if sh is None:
            sh = self.shadows[mem] = ShadowMemory(mem)
        starts, segs = sh.starts, sh.segs
        if not segs or lo >= segs[-1][1]:
            # Past every range seen so far (e.g. the next GM tile): nothing to conflict with.
            starts.append(lo)
            if write:
                segs.append([lo, hi, p, c, site, None, write, blocks, None])
            else:
                segs.append([lo, hi, -1, 0, None, {p: (c, site)}, False, None, None])
            return
        i = bisect_right(starts, lo) - 1
        vcp = self.vc[p]
        if i >= 0 and starts[i] == lo and segs[i][1] == hi:
            # The same range as a recorded one (a buffer used again): the common case.
            seg = segs[i]
            wp = seg[2]
            if wp >= 0 and seg[3] > vcp[wp]:
                if wp != p or p == V:
                    self._race(mem, seg, p, site, write, wp, seg[4], True)
                elif write:
                    self._dma_overlap(mem, seg, lo, hi, write, blocks, p, c, site)
            if write and wp == p and seg[8] is not None:
                self._dma_before(mem, seg, lo, hi, write, blocks, p, c, site)
            reads = seg[5]
            if write:
                if reads:
                    for q, (rc, rsite) in reads.items():
                        if q != p and rc > vcp[q]:
                            self._race(mem, seg, p, site, True, q, rsite, False)
                seg[8] = _before((seg,), p, vcp[p]) if wp == p and p in DMA_PIPES else None
                seg[2], seg[3], seg[4], seg[5], seg[6], seg[7] = p, c, site, None, write, blocks
            elif reads is None:
                seg[5] = {p: (c, site)}
            else:
                reads[p] = (c, site)
            return
        i0, i1 = sh.cover(lo, hi)
        for k in range(i0, i1):
            seg = segs[k]
            wp = seg[2]
            if wp >= 0 and seg[3] > vcp[wp]:
                if wp != p or p == V:
                    self._race(mem, seg, p, site, write, wp, seg[4], True)
                elif write:
                    self._dma_overlap(mem, seg, lo, hi, write, blocks, p, c, site)
            if write and wp == p and seg[8] is not None:
                self._dma_before(mem, seg, lo, hi, write, blocks, p, c, site)
            if write and seg[5]:
                for q, (rc, rsite) in seg[5].items():
                    if q != p and rc > vcp[q]:
                        self._race(mem, seg, p, site, True, q, rsite, False)
        if write:
            before = _before(segs[i0:i1], p, vcp[p]) if p in DMA_PIPES else None
            if i1 - i0 == 1:
                seg = segs[i0]
                seg[2], seg[3], seg[4], seg[5], seg[6], seg[7], seg[8] = \
                    p, c, site, None, write, blocks, before
            else:
                sh.replace(i0, i1, [lo, hi, p, c, site, None, write, blocks, before])
        else:
            for k in range(i0, i1):
                seg = segs[k]
                reads = seg[5]
                if reads is None:
                    seg[5] = {p: (c, site)}
                else:
                    reads[p] = (c, site)

    def _dma_overlap(self, mem, seg, lo, hi, write, blocks, p, c, site) -> None:
        """A write on DMA pipe `p` over `seg`, whose last write is an earlier copy of `p` that
        `p` does not know finished: a race where the two write the same bytes, unless both are
        atomic stores. Covering records are resolved into their bursts (exact bytes)."""
        if seg[3] == c or (write == ATOMIC_WRITE and seg[6] == ATOMIC_WRITE):
            return  # one copy's own bursts, or two atomic stores (they accumulate in L2)
        a, b = max(seg[0], lo), min(seg[1], hi)
        first = seg[7]
        if first is not None or blocks is not None:
            both = _bursts(first, a, b)
            if blocks is not None:
                both &= _bursts(blocks, a, b)
            if not both.any():
                return  # interleaved bursts: the covering ranges overlap, the bytes do not
            i = int(both.argmax())
            j = i + int(both[i:].argmin()) if not both[i:].all() else b - a
            a, b = a + i, a + j
        self._race(mem, seg, p, site, True, p, seg[4], True, (a, b))

    def _dma_before(self, mem, seg, lo, hi, write, blocks, p, c, site) -> None:
        """`_dma_overlap` against the earlier writes of `p` kept on `seg` (`w_before`) that
        `p` still has not seen finish."""
        known = self.vc[p][p]
        for wc, wsite, flag, wblocks, a, b in seg[8]:
            if wc > known:
                a, b = max(a, seg[0]), min(b, seg[1])
                if a < b:
                    self._dma_overlap(mem, [a, b, p, wc, wsite, None, flag, wblocks, None],
                                      lo, hi, write, blocks, p, c, site)

    def _race(self, mem, seg, p, site, write, q, other, other_writes, span=None) -> None:
        from .layers import Layer, layer_note, layer_of

        lo, hi = seg[0], seg[1]
        owner = self.owner(mem, lo, hi) if self.owner is not None else None
        layer = layer_of(q, p, mem.hw, owner)
        if layer is Layer.HARDWARE:
            return  # the hardware orders the pair: not a finding
        if span is not None:
            lo, hi = span
        what = "writes" if write else "reads"
        other_what = "writing" if other_writes else "reading"
        pn, qn = PIPE_NAMES[p], PIPE_NAMES[q]
        if p == q and p in DMA_PIPES:
            why = (
                f"on {pn} writes {mem.name} bytes [{lo}, {hi}) that '{other.name}' on {qn} "
                "writes too: the destinations of two copies on one DMA pipe overlap, and "
                "with nothing ordering them the copies may land in either order (undefined "
                f"data); {_fix_hint(q, p)}"
            )
        elif p == q == V:
            why = (
                f"on {pn} {what} {mem.name} bytes [{lo}, {hi}) that an earlier vector op is "
                f"still {other_what}: consecutive vector instructions overlap on A2, so "
                f"dependent ones need pipe_barrier(PIPE_V) between them"
            )
        else:
            why = (
                f"on {pn} {what} {mem.name} bytes [{lo}, {hi}) while '{other.name}' on {qn} may "
                f"still be {other_what} them: no sync edge orders the two; "
                f"{_fix_hint(q, p)}"
            )
        why += "; " + layer_note(layer, q, p, self.auto_sync, owner)
        err = RaceError(
            why,
            site,
            pn,
            other=other,
            other_pipe=qn,
            other_note=f"the conflicting {'write' if other_writes else 'read'}",
            core=self.core,
        )
        err.layer = layer.name
        self.report(err)


# At most this many earlier writes of one DMA pipe kept on a segment (`w_before`): a kernel
# that fills one buffer in many interleaved copies without a barrier keeps the latest.
_BEFORE = 8


def _before(segs, p: int, known: int) -> tuple | None:
    """The `w_before` of the range a new write of DMA pipe `p` records over `segs`: their
    writes on `p` (each one's last and kept ones) that `p` has not seen finish."""
    out = ()
    for seg in segs:
        if seg[2] != p:
            continue
        if seg[8] is not None:
            out += tuple(e for e in seg[8] if e[0] > known)
        if seg[3] > known:
            out += ((seg[3], seg[4], seg[6], seg[7], seg[0], seg[1]),)
    return out[-_BEFORE:] or None


def _bursts(blocks: tuple | None, a: int, b: int) -> np.ndarray:
    """Which bytes of [a, b) the bursts `blocks` write (all of them when None)."""
    n = b - a
    if blocks is None:
        return np.ones(n, bool)
    edges = np.zeros(n + 1, np.int32)
    for base, step, length, count in blocks:
        # only the bursts that reach into [a, b)
        i0 = max(0, (a - base - length) // step + 1) if step else 0
        i1 = min(count, (b - base + step - 1) // step) if step else count
        if i0 >= i1:
            continue
        starts = base + step * np.arange(i0, i1)
        np.add.at(edges, np.clip(starts, a, b) - a, 1)
        np.add.at(edges, np.clip(starts + length, a, b) - a, -1)
    return np.cumsum(edges[:n]) > 0


def check_cross_core(
    logs: list[dict[GMBuffer, list]], report: Callable[[SimulationError], None],
    ordered: Callable[[int, int, int, int], bool] | None = None,
    written: list[dict[GMBuffer, list]] | None = None,
    dcache: dict | None = None,
) -> None:
    """Report GM ranges one core writes and another core accesses (cores run in parallel).

    One report per pair of cores and buffer: the first overlapping range found.
    `ordered(core_a, epoch_a, core_b, epoch_b)` says whether a block sync (sim/blocksync.py)
    orders what core a did in epoch a before or after what core b did in epoch b; without
    it, or when no core synchronized with another, each core is one epoch. `written[core]`
    (Sanitizer.gm_written) holds the bytes each core left where it wrote: a range two cores
    write with the same bytes is no race.
    """
    # Two cores writing one 64-byte line through SetValue (their DCaches write it back whole)
    # where the later core's own SetValues did not already show it (sim/dcache.py).
    if dcache:
        check_shared_lines(dcache, report)
    per_buf: dict[GMBuffer, list[tuple]] = {}
    for core, log in enumerate(logs):
        mine = written[core] if written is not None else {}
        for buf, all_entries in log.items():
            if ordered is None:
                groups = {0: all_entries}
            else:
                groups = {}
                for e in all_entries:
                    groups.setdefault(e[5], []).append(e)
            for epoch, entries in groups.items():
                _collect(per_buf, buf, core, epoch, entries, mine.get(buf, ()))
    for buf, cores in per_buf.items():
        for a in range(len(cores)):
            for b in range(a + 1, len(cores)):
                ca, ea = cores[a][0]
                cb, eb = cores[b][0]
                if ca == cb or (ordered is not None and ordered(ca, ea, cb, eb)):
                    continue
                _check_pair(buf, cores[a][1:], cores[b][1:], ca, cb, report)


def _collect(per_buf: dict, buf: GMBuffer, core: int, epoch: int, entries: list,
             written) -> None:
    # Store atomics (write flag 2, sim/atomic.py) of two cores combine in the memory
    # system: they conflict only with the other core's plain accesses.
    plain = [e for e in entries if e[2] != 2]
    writes = [e for e in plain if e[2]]
    atomics = [e for e in entries if e[2] == 2]
    per_buf.setdefault(buf, []).append(
        ((core, epoch), entries, _merge(writes), _merge(entries), _merge(atomics),
         _merge(plain), written)
    )


def _check_pair(buf: GMBuffer, side_a: tuple, side_b: tuple, ca: int, cb: int,
                report: Callable[[SimulationError], None]) -> None:
    raw_a, w_a, all_a, at_a, pl_a, wr_a = side_a
    raw_b, w_b, all_b, at_b, pl_b, wr_b = side_b
    end = data_end(buf)
    benign = None  # the first overlap no result depends on: (why, lo, hi, ...)
    for ws, others, wraw, oraw, writer, other in ((w_a, all_b, raw_a, raw_b, ca, cb),
                                                  (w_b, all_a, raw_b, raw_a, cb, ca)):
        for lo, hi in _overlaps(ws, others):
            if lo >= end:
                # Past every tensor's data (padding, free memory).
                benign = benign or ("padding", lo, hi, wraw, oraw, writer, other)
                continue
            hi = min(hi, end)
            if _same_bytes(wr_a, wr_b, lo, hi):
                # Both cores leave the same bytes: their order cannot change the result.
                if benign is None or benign[0] == "padding":
                    benign = ("same", lo, hi, wraw, oraw, writer, other)
                continue
            _report_race(buf, lo, hi, wraw, oraw, writer, other, report)
            return
    if (hit := _first_overlap(at_a, pl_b)) is not None:
        _report_race(buf, hit[0], hit[1], raw_a, raw_b, ca, cb, report)
    elif (hit := _first_overlap(pl_a, at_b)) is not None:
        _report_race(buf, hit[0], hit[1], raw_b, raw_a, cb, ca, report)
    elif benign is not None:
        _report_race(buf, *benign[1:], report, warning=benign[0])


def _report_race(buf: GMBuffer, lo: int, hi: int, wraw: list, oraw: list, writer: int,
                 other_core: int, report: Callable[[SimulationError], None],
                 warning: str | None = None) -> None:
    w = _covering(wraw, lo, True)
    x = _covering(oraw, lo, False)
    lo, hi = max(w[0], x[0], lo), min(w[1], x[1], hi)
    if warning == "padding":
        why = (f"; these bytes lie past the tensor's data ({data_end(buf)} bytes), in "
               "allocation padding or free memory, so they differ with the cores' order but "
               "no tensor's data does")
    elif warning == "same":
        why = SAME_BYTES_WHY
    else:
        why = ("; the cores of a launch run in parallel and nothing orders them; give each "
               "core its own slice of GM (offset by get_block_idx())")
    report(
        RaceError(
            f"on {PIPE_NAMES[w[4]]} of core {writer} writes {buf.mem.name} bytes "
            f"[{lo}, {hi}) that core {other_core} "
            f"{'writes' if x[2] else 'reads'} too{why}",
            w[3],
            PIPE_NAMES[w[4]],
            other=x[3],
            other_pipe=PIPE_NAMES[x[4]],
            other_note=f"the access of core {other_core}",
            warning=warning is not None,
        )
    )


# Two cores that leave the same bytes in a range they both write do not race (no result
# depends on their order), but the work is done twice: a warning, worded once for the vector
# path (check_cores, which compares the bytes each core left) and the mixed path
# (crosscore.check_mixed, which compares the digests of each write).
SAME_BYTES_WHY = ("; both cores leave the same bytes there, so no result depends on their "
                  "order, but the work is done twice (offset each core's slice by "
                  "get_block_idx() unless the overlap is meant, as in a ragged split)")


def _same_bytes(wr_a, wr_b, lo: int, hi: int) -> bool:
    """Both cores wrote all of [lo, hi) and left the same bytes there."""
    va, vb = _written(wr_a, lo, hi), _written(wr_b, lo, hi)
    return va is not None and vb is not None and bool((va == vb).all())


def _written(wr, lo: int, hi: int):
    """The bytes a core left in [lo, hi), None unless one of its merged writes covers it."""
    i = bisect_right(wr, (lo, float("inf"))) - 1
    if i < 0:
        return None
    wlo, whi, data = wr[i]
    if wlo <= lo and hi <= whi:
        return data[lo - wlo:hi - wlo]
    return None


def _overlaps(xs: list, ys: list):
    """Every non-empty intersection of two sorted, merged interval lists, in order."""
    i = j = 0
    while i < len(xs) and j < len(ys):
        alo, ahi = xs[i]
        blo, bhi = ys[j]
        lo, hi = max(alo, blo), min(ahi, bhi)
        if lo < hi:
            yield lo, hi
        if ahi <= bhi:
            i += 1
        else:
            j += 1


def _covering(entries: list, point: int, writes_only: bool) -> tuple:
    for e in entries:
        if e[0] <= point < e[1] and (e[2] or not writes_only):
            return e
    raise AssertionError("a merged interval's point is covered by no access")


def _merge(entries: list) -> list[tuple[int, int]]:
    """Sorted, merged (lo, hi) intervals of `entries`."""
    out: list[tuple[int, int]] = []
    for e in sorted(entries, key=lambda e: e[0]):
        lo, hi = e[0], e[1]
        if out and lo <= out[-1][1]:
            if hi > out[-1][1]:
                out[-1] = (out[-1][0], hi)
        else:
            out.append((lo, hi))
    return out


def _first_overlap(xs: list, ys: list) -> tuple[int, int] | None:
    return next(_overlaps(xs, ys), None)
