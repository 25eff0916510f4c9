"""Cores reading the same bytes around L2 at once are served one after another.

asc-devkit's data-copy study (examples/.../04_memory_access/data_copy, README "Multi-Core
Same-Address Access Conflict Avoidance") has every core read all of one 6 MB matrix around L2
(CACHE_MODE_DISABLE) in 128-byte bursts, either all cores in the same order or each starting
at its own block. In the same order the reads take 1.54 times as long on 48 vector cores
(aiv_mte2_time 474.72 against 307.38 us) and 1.14 times on 24 cube cores (240.20 against
209.80 us). Staggered, a burst costs its bytes on the core's HBM share plus `bypass_burst`
(ascdsl.sim.core `gm_copy`); in the same order both paths come to one rate for the cores
that read a burst at once: 48 x 128 bytes in 17.9 cycles, 24 x 128 bytes in 9.04 cycles, so
k readers of the same bytes receive them one after another at 344 and 340 bytes a cycle
(`same_bytes_bw` = 344, fitted to the 48-core row; the 24-core row, a different core kind
and copy, checks it). The README names the cause: several cores accessing the same GM addresses
at the same time.

The rule, applied in the second, timing-only pass of a launch (ascdsl.sim.kernel `_retime`):

- the first pass logs every read around L2 (`ReadLog.around`): the core, when its requests
  went out and when its last byte landed, and its bursts;
- for each read, k is one plus the copies of the same bursts by other cores in flight with it,
  each weighted by the share of the read's time ([request, landing)) it overlaps;
- in the second pass a core's n-th read around L2 holds its HBM share for at least
  k x its HBM bytes / `same_bytes_bw`.

Cached reads are left to the time rule for shared lines (ascdsl.sim.l2share): there the L2
keeps one copy of the line and the published rows give no such figure.
"""

from __future__ import annotations

from collections import deque

import numpy as np


def _overlap(group: np.ndarray, t0: np.ndarray, t1: np.ndarray) -> np.ndarray:
    """For each interval [t0, t1), the time it shares with the intervals of its group (itself
    included: its own length). Groups are dense integers, each shifted past the others' times
    for the sorts, so one pass covers all groups (no loop over groups): the integral over the
    interval of how many intervals of the group are open, F(t1) - F(t0) with
    F(x) = sum over intervals of clip(x - start) - clip(x - end). Intervals of lower groups add
    their length to both ends and cancel; the sums are of unshifted times (no large offsets)."""
    span = float(t1.max() - min(t0.min(), 0.0)) + 1.0
    base = group * span
    so, eo = np.argsort(base + t0, kind="stable"), np.argsort(base + t1, kind="stable")
    s_key, e_key = (base + t0)[so], (base + t1)[eo]
    s_sum = np.concatenate(([0.0], np.cumsum(t0[so])))
    e_sum = np.concatenate(([0.0], np.cumsum(t1[eo])))

    def f(x_key: np.ndarray, x: np.ndarray) -> np.ndarray:
        ns = np.searchsorted(s_key, x_key, "left")
        ne = np.searchsorted(e_key, x_key, "left")
        return (ns * x - s_sum[ns]) - (ne * x - e_sum[ne])

    return f(base + t1, t1) - f(base + t0, t0)


def resolve(reads: list[tuple]) -> dict[int, deque] | None:
    """Per core, k for each of its reads around L2 in issue order (see the module docstring);
    None when no read has another core's company. Reads of the same bytes are copies of the
    same bursts (buffer, first byte, burst length, stride, count): cores reading in step
    issue the same copies. A copy that overlaps another's bytes in a different shape is not
    counted (no published row has one)."""
    if not reads:
        return None
    info = np.array([x[:3] for x in reads], dtype=np.float64)
    shape = np.array([x[3:8] for x in reads], dtype=np.int64)
    same = np.unique(shape, axis=0, return_inverse=True)[1].ravel()
    core = info[:, 0].astype(np.int64)
    t0, t1 = info[:, 1], info[:, 2]
    # A core's own successive copies of the same bytes overlap while the first lands: not
    # company.
    own = np.unique(same * (int(core.max()) + 1) + core, return_inverse=True)[1].ravel()
    # Company, weighted by the time each other core's copy is in flight with this one.
    length = np.maximum(t1 - t0, 1e-9)
    k = 1.0 + (_overlap(same, t0, t1) - _overlap(own, t0, t1)) / length
    k[k < 1.0 + 1e-6] = 1.0
    if not (k > 1.0).any():
        return None
    out: dict[int, deque] = {}
    for c, v in zip(core.tolist(), k.tolist()):
        out.setdefault(c, deque()).append(v)
    return out
