"""Who pays for a line several cores read: the readers counted by time, not by simulation order.

On hardware the L2 is shared and the cores run at once. When several cores read the same line,
the one whose request comes first misses and fetches it; a request after the line landed is an
L2 hit. ascdsl simulates the cores one after another, so the L2 state alone
(ascdsl.sim.memsys) makes whichever core is simulated first pay every miss of the lines it
shares, however late it reads them on its own clock (catlass 06's core 0 fetched both its
panels alone and set the Task Duration, though ShuffleK has the other cores read most of them
before it).

Requests that arrive while the line is still being fetched are one fetch from HBM, but the
published rows say the readers gain nothing from it: 48 cores reading one matrix (around L2)
in the same order take 1.64 times as long as in staggered order (dc-ub-7 539 us, dc-ub-8 329 us), and
catlass's BasicMatmul, whose cores read each panel at once, is measured slower than the cores'
hits alone allow (cat-00-a). ShuffleK exists to avoid exactly this. So a concurrent reader
waits as long as the fetching one: each pays the line's miss. (Reads around L2 have their own
rule for cores reading the same bytes at once: ascdsl.sim.convoy.)

The rule, applied in a second, timing-only pass of the launch (ascdsl.sim.kernel `_retime`):

- the first pass logs every cached, aligned read (`ReadLog`): the core, when its requests
  went out and when its last byte landed, and the lines it read;
- for each line that two or more cores read, the readers' first reads are ordered by request
  time. The earliest reader fetches the line; its copy is in flight from its request until it
  lands. Readers whose copy of the line was requested before then are concurrent: each pays
  the line as a miss. Readers after the landing hit in L2;
- in the second pass the L2 state runs as before (it decides capacity, insertions and
  write-backs), and each core's first read of a shared line is corrected by the difference
  between what the time rule charges it and what simulation order charged it (the lowest
  core index among the readers paid the whole line): `TimedShares`.

The times are the first pass's, where the first simulated reader was slowed by the misses it
paid for everyone; the second pass's clocks are not fed back (one correction, not a fixed
point: iterating oscillates, the cores that paid in one pass read late in the next). Reads that
declare their own sharing (the Matmul API's `share`, ascdsl.sim.memsys) and reads around L2 or
from unaligned addresses are left to the L2 state.
"""

from __future__ import annotations

import numpy as np


class ReadLog:
    """The first pass's cached, aligned reads (and its reads around L2), in the order the
    cores issued them."""

    __slots__ = ("reads", "around")

    def __init__(self):
        # (core, request time, landing time, buffer index, first byte, burst bytes, stride,
        # bursts)
        self.reads: list[tuple] = []
        # The same for reads around L2 (ascdsl.sim.convoy), every one of them.
        self.around: list[tuple] = []

    def add(self, core: int, t0: float, t1: float, buf: int, start: int, length: int,
            stride: int, count: int) -> None:
        self.reads.append((core, t0, t1, buf, start, length, stride, count))


def _lines(reads: list[tuple], shift: int) -> tuple[np.ndarray, ...]:
    """Every (read, line) pair of `reads`: the read's index and the line's key (buffer << 40
    | line), both as arrays (numpy, no loop over lines)."""
    r = np.array([x[4:8] for x in reads], dtype=np.int64).reshape(-1, 4)
    start, length, stride, count = r.T
    contiguous = (stride == length) | (count == 1)
    # A contiguous read is one burst of length x count bytes.
    blen = np.where(contiguous, length * count, length)
    nb = np.where(contiguous, 1, count)
    read_of_burst = np.repeat(np.arange(len(reads)), nb)
    first_burst = np.cumsum(nb) - nb
    k = np.arange(read_of_burst.size) - np.repeat(first_burst, nb)
    bstart = start[read_of_burst] + k * stride[read_of_burst]
    a = bstart >> shift
    n = ((bstart + blen[read_of_burst] - 1) >> shift) - a + 1
    read_of_line = np.repeat(read_of_burst, n)
    first_line = np.cumsum(n) - n
    j = np.arange(read_of_line.size) - np.repeat(first_line, n)
    line = np.repeat(a, n) + j
    bufs = np.array([x[3] for x in reads], dtype=np.int64)
    return read_of_line, (bufs[read_of_line] << 40) | line


def _apart(reads: list[tuple], shift: int) -> bool:
    """True when no line can have two readers: in each buffer, the lines between each core's
    first and last read do not overlap another core's. A launch whose cores read blocks of
    their own (most vector kernels) is settled here, in one pass in Python; `resolve`'s numpy
    work costs about as much as simulating 5% of a small launch (the 16K vadd of
    benchmarks/sim.py)."""
    span: dict[tuple[int, int], list[int]] = {}
    for core, _, _, buf, start, length, stride, count in reads:
        lo = start >> shift
        hi = (start + (count - 1) * stride + length - 1) >> shift
        s = span.get((buf, core))
        if s is None:
            span[buf, core] = [lo, hi]
        else:
            if lo < s[0]:
                s[0] = lo
            if hi > s[1]:
                s[1] = hi
    ranges = sorted((buf, lo, hi) for (buf, _), (lo, hi) in span.items())
    for (b0, _, hi0), (b1, lo1, _) in zip(ranges, ranges[1:]):
        if b0 == b1 and lo1 <= hi0:
            return False
    return True


def resolve(log: ReadLog, shift: int) -> dict[int, dict[tuple[int, int], float]] | None:
    """Per core, the lines (buffer index, line) whose HBM charge the time rule changes on the
    core's first read of them, and by how many lines (negative: it paid in simulation order
    but reads after the fetch landed). None when no line is read by two cores."""
    reads = log.reads
    if not reads or _apart(reads, shift):
        return None
    read_of_line, key = _lines(reads, shift)
    core = np.array([x[0] for x in reads], dtype=np.int64)[read_of_line]
    t0 = np.array([x[1] for x in reads], dtype=np.float64)[read_of_line]
    t1 = np.array([x[2] for x in reads], dtype=np.float64)[read_of_line]
    # Each core's first read of each line: sort by (line, core, request time), keep the first.
    order = np.lexsort((t0, core, key))
    key, core, t0, t1 = key[order], core[order], t0[order], t1[order]
    first = np.ones(key.size, dtype=bool)
    first[1:] = (key[1:] != key[:-1]) | (core[1:] != core[:-1])
    key, core, t0, t1 = key[first], core[first], t0[first], t1[first]
    # Lines two or more cores read.
    starts = np.flatnonzero(np.r_[True, key[1:] != key[:-1]])
    readers = np.diff(np.r_[starts, key.size])
    if not (readers > 1).any():
        return None
    group = np.repeat(np.arange(starts.size), readers)
    shared = readers[group] > 1
    key, core, t0, t1, group = key[shared], core[shared], t0[shared], t1[shared], group[shared]
    # Within each line, readers by request time; the earliest fetches.
    order = np.lexsort((core, t0, key))
    key, core, t0, t1, group = key[order], core[order], t0[order], t1[order], group[order]
    head = np.flatnonzero(np.r_[True, key[1:] != key[:-1]])
    size = np.diff(np.r_[head, key.size])
    lead = np.repeat(head, size)
    landed = t1[lead]
    sharer = t0 < landed
    sharer[head] = True
    charge = sharer.astype(np.float64)
    # What simulation order charged: the lowest core index reads (and misses) first.
    lowest = np.minimum.reduceat(core, head)
    charged = (core == np.repeat(lowest, size)).astype(np.float64)
    delta = charge - charged
    out: dict[int, dict[tuple[int, int], float]] = {}
    mask = (1 << 40) - 1
    for c, kk, d in zip(core[delta != 0].tolist(), key[delta != 0].tolist(),
                        delta[delta != 0].tolist()):
        out.setdefault(c, {})[(kk >> 40, kk & mask)] = d
    return out or None


class TimedShares:
    """The second pass's corrections (`resolve`), consumed by each core's first read of a line."""

    __slots__ = ("per_core", "shift", "line", "unasked")

    def __init__(self, per_core: dict[int, dict[tuple[int, int], float]], shift: int):
        self.per_core = per_core
        self.shift = shift
        self.line = 1 << shift
        # Of the lines the last `lines` call added, the bytes the read did not ask for.
        self.unasked = 0

    def lines(self, core: int, buf: int, start: int, length: int, stride: int,
              count: int) -> float:
        """The HBM lines to add to (or take from) this read of `core`; `unasked` is set to
        the bytes of the added lines outside the read's bursts."""
        self.unasked = 0
        adj = self.per_core.get(core)
        if not adj:
            return 0.0
        shift = self.shift
        pop = adj.pop
        d = 0.0
        unasked = 0
        if stride == length or count == 1:
            spans = ((start, start + length * count - 1),)
        else:
            spans = ((s, s + length - 1) for s in range(start, start + count * stride, stride))
        for a, b in spans:
            for ln in range(a >> shift, (b >> shift) + 1):
                v = pop((buf, ln), None)
                if v is not None:
                    d += v
                    if v > 0:
                        lo, hi = ln << shift, ((ln + 1) << shift) - 1
                        unasked += (hi - lo) - (min(b, hi) - max(a, lo))
        self.unasked = unasked
        return d
