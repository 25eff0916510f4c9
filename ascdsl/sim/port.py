"""A core's GM port, shared by its reads (MTE2) and writes (MTE3, FIX) while HBM is saturated.

What the rows show (benchmarks/calibration/rows.py; docs/simulator.md, "Calibration"): when 48
cores stream from HBM, each core's reads are held to its share of HBM bandwidth, and a write the
core makes while such a read is in flight moves far slower than alone: add-5 (double buffer,
reads around L2) writes 32 KB in 1.9 us, add-3 (single buffer, the write alone) in 0.67 us.
One core alone (add-1) reads and writes at full speed at once, so the limit is not a plain cap
on the sum: the read requests waiting for HBM hold the core's DMA path. Modelled so: while an
HBM-bound read of the core is in flight, a write that started after it moves at
`gm_rw_core - (the read's rate)` bytes per cycle (or its own rate, if lower); a transfer keeps
the rate it had when the other one joined (the write of a single-buffered step, issued before
the next step's read, keeps its rate: add-3).

The simulator times a core's ops in program order, and a double-buffered kernel issues the next
step's read after this step's write although it starts earlier (it only waits for a buffer
freed a step before). So the write is timed first, at its own rate, and slowed afterwards by
the reads timed later: the write stays open (`CoreSim.wr`) until something observes when it
landed (another op of its pipe, a barrier, a wait on an event it set); the events set on its
pipe since are kept as lists (`CoreSim.wr_recs`) so that their times move with it.
"""

from __future__ import annotations

# Fields of an open write (a list; `CoreSim.wr`).
W_PIPE, W_REQ, W_POS, W_LEFT, W_RATE, W_END, W_OCC, W_JOINED = range(8)


def open_write(core, p: int, req: float, start: float, nbytes: float, rate: float,
               end: float, occ: float) -> None:
    """Write `nbytes` on pipe `p`, requested at `req`, moving from `start` at `rate` until
    `end` (the pipe is occupied until `occ`): it may still be slowed by reads timed later."""
    core.wr = [p, req, start, nbytes, rate, end, occ, False]
    core.wr_recs = []


def close_write(core) -> None:
    """Something observed when the open write landed: it can no longer move."""
    core.wr = None
    core.wr_recs = None


def share(core, rs: float, re: float, nbytes: float) -> None:
    """A read moved `nbytes` over [rs, re) at its HBM share: slow the open write down where it
    overlaps, if the read was in flight first (started before the write was requested, or
    continues a read stream that already slowed it)."""
    wr = core.wr
    pos = wr[W_POS]
    if re <= pos or pos >= wr[W_END]:
        return
    if not (rs < wr[W_REQ] or (wr[W_JOINED] and rs <= pos)):
        return
    s = core.cost.gm_rw - nbytes / (re - rs)
    w = wr[W_RATE]
    if s >= w:
        return
    if s < 0.0:
        s = 0.0
    left = wr[W_LEFT]
    if s > 0.0 and left <= (re - pos) * s:
        end = pos + left / s
        wr[W_POS], wr[W_LEFT] = end, 0.0
    else:
        left -= (re - pos) * s
        wr[W_POS], wr[W_LEFT] = re, left
        end = re + left / w
    wr[W_JOINED] = True
    _move(core, wr, end)


def _move(core, wr: list, end: float) -> None:
    """The open write now lands at `end`: move what was derived from its old landing."""
    p = wr[W_PIPE]
    old = wr[W_END]
    d = end - old
    if d <= 0.0:
        return
    wr[W_END] = end
    occ = wr[W_OCC] + d
    wr[W_OCC] = occ
    if core.free[p] < occ:
        core.free[p] = occ
    if core.done[p] < end:
        core.done[p] = end
    if core.land[p] == old:
        core.busy[p] += d
        core.land[p] = end
        core.last[p] = end
        tr = core.trace
        if tr:
            for i in range(len(tr) - 1, -1, -1):
                q, lo, dur, site = tr[i]
                if q == p:
                    if lo + dur == old:
                        tr[i] = (q, lo, dur + d, site)
                    break
    fire = end + core.event_latency
    for rec in core.wr_recs:
        if rec[0] < fire:
            rec[0] = fire
