"""UnitFlag: the basic Mmad and Fixpipe synchronised per 512-byte unit of L0C.

With `MmadParams.unitFlag` and `FixpipeParamsV220.unitFlag` at 2 or 3, the hardware keeps a
flag per 512-byte unit of L0C (asc-devkit docs, Mmad计算关键特性说明/UnitFlag.md): 0 means a
Mmad may write the unit, 1 that a Fixpipe may read it. An Mmad waits for 0 and, with 3, sets 1
when it has written the unit (2 leaves it 0: the K loop's Mmads before the last); a Fixpipe
waits for 1 and, with 3, sets 0 when it has read the unit. So a K loop whose last Mmad has 3,
followed by a Fixpipe with 3, needs no SetFlag/WaitFlag M -> FIX, nor FIX -> M before the next
block's Mmads: asc-devkit's matmul best practice (mmad.asc) and catlass's kernels are written
that way.

The simulator runs ops in program order, so each flag's state when an op runs is known:

- the sanitizer sees the pair as a sync edge (the Fixpipe joins what the Mmad that set the
  units had done, the next Mmad what the Fixpipe that cleared them had done);
- timing follows the units: a Fixpipe starts one unit into the Mmad that set its units and ends
  no sooner than one unit after it; the next Mmad on those units starts one unit into that
  Fixpipe and ends no sooner than one unit after it (the Matmul API's UnitFlag schedule,
  sim/lower/matmul_sched.py, models the library's use the same way);
- a wait no op in program order satisfies is a DeadlockError: a Fixpipe on units no Mmad with
  3 has set (the NPU's FIX pipe waits forever), or an Mmad on units set for a Fixpipe that
  has not read them (the NPU holds the Mmad until a later Fixpipe reads the units, so the
  results would differ from program order's).

Cores without UnitFlag pay nothing: the state is made on the first op that uses it.
"""

from __future__ import annotations

import dataclasses

import numpy as np

from ..errors import DeadlockError, InvalidArgumentError, Site
from ..sanitizer import FIX, M

UNIT = 512  # bytes of L0C per flag


class UnitFlags:
    """The flags of one L0C memory of one core, and who last changed each unit: `recs[i]` is
    (pipe, start, done, units, sanitizer snapshot) of the op that set (M) or cleared (FIX)
    the units whose `rec` is i (-1: none, or already waited for by the other pipe)."""

    __slots__ = ("bits", "rec", "recs", "starts")

    def __init__(self, nbytes: int):
        n = -(-nbytes // UNIT)
        self.bits = np.zeros(n, np.int8)
        self.rec = np.full(n, -1, np.int64)
        self.recs: list[tuple] = []
        # The start times of the UnitFlag Mmads of the block being accumulated, by the first
        # unit they write (the Fixpipe that reads from there is issued `fix_lead` of them
        # before the last; a Fixpipe with 3 ends the block).
        self.starts: dict[int, list[float]] = {}


def fix_issue(starts: list, lead: float, default: float) -> float:
    """When a UnitFlag Fixpipe is issued: `lead` Mmads before the block's last one starts
    (between two Mmads' starts for a fractional lead), or with the block's first."""
    if not starts:
        return default
    at = len(starts) - 1 - lead
    if at <= 0:
        return starts[0]
    i = int(at)
    frac = at - i
    return starts[i] + frac * (starts[i + 1] - starts[i]) if frac else starts[i]


def wait_site(site: Site) -> Site:
    """The timeline's name for a UnitFlag Fixpipe waiting in FIX for its units."""
    return dataclasses.replace(site, name=f"{site.name} (UnitFlag wait)")


def check_flag(c, flag: int, api: str, site) -> None:
    """unitFlag takes 0 (off), 2 or 3; the hardware defines no mode 1 (nor anything above 3)."""
    if c.checking and flag not in (0, 2, 3):
        c.finding(InvalidArgumentError(
            f"{api} has unitFlag {flag}: it takes 0 (off), 2 (keep the units' flags) or 3 "
            "(flip them when done)", site))


def _state(c, mem) -> UnitFlags:
    d = c.uflags
    if d is None:
        d = c.uflags = {}
    st = d.get(mem)
    if st is None:
        st = d[mem] = UnitFlags(len(mem.bytes))
    return st


def _units(spans) -> np.ndarray:
    """The unit indices of byte ranges [lo, hi)."""
    parts = [np.arange(lo // UNIT, -(-hi // UNIT)) for lo, hi in spans if hi > lo]
    return np.unique(np.concatenate(parts)) if parts else np.zeros(0, np.int64)


def _wait(c, st: UnitFlags, idx: np.ndarray, pipe: int, occ: float) -> float:
    """Hold `pipe` for the ops that last changed the units `idx` on the other pipe, one unit
    behind them (`occ`: the waiting op's own cycles), and join their sanitizer clocks: the
    time the op may start (0.0: nothing to wait for)."""
    recs = st.rec[idx]
    if recs.size == 0 or recs.max() < 0:
        return 0.0
    st.rec[idx] = -1  # waited for: later ops of this pipe on the units follow in order
    when = 0.0
    for r in np.unique(recs[recs >= 0]).tolist():
        by, start, done, units, snap = st.recs[r]
        if by == pipe:
            continue  # its own pipe's mark: a DeadlockError was reported
        when = max(when, start + (done - start) / units, done + occ / units - occ)
        if snap is not None and c.san is not None:
            c.san.join(pipe, snap)
    c.hold(pipe, when)
    return when


def _mark(c, st: UnitFlags, idx: np.ndarray, pipe: int, start: float, bit: int) -> None:
    san = c.san
    st.recs.append((pipe, start, c.done[pipe], max(1, idx.size),
                    san.snapshot(pipe) if san is not None else None))
    st.bits[idx] = bit
    st.rec[idx] = len(st.recs) - 1


def mmad_before(c, mem, lo: int, hi: int, occ: float, site) -> np.ndarray:
    """Before an Mmad with unitFlag 2 or 3 writes L0C bytes [lo, hi) in `occ` cycles: its
    units (for `mmad_after`)."""
    st = _state(c, mem)
    idx = _units(((lo, hi),))
    if c.checking and st.bits[idx].any():
        c.finding(DeadlockError(
            "writes L0C units that an earlier Mmad with unitFlag 3 marked ready for a Fixpipe, "
            "and no Fixpipe with unitFlag has read them yet: on the NPU this Mmad waits until "
            "one does (a Fixpipe later in program order would read the units before this "
            "Mmad writes them, or none does and the core hangs); give the Fixpipe of the "
            "block before unitFlag 3", site, "PIPE_M"))
    _wait(c, st, idx, M, occ)
    return idx


def mmad_after(c, mem, idx: np.ndarray, flag: int, start: float) -> None:
    """After the Mmad (started at `start`) with unitFlag `flag`: 3 marks its units readable."""
    st = _state(c, mem)
    if idx.size:
        st.starts.setdefault(int(idx[0]), []).append(start)
    if flag == 3:
        _mark(c, st, idx, M, start, 1)


def fix_before(c, mem, spans, est: float, site) -> np.ndarray:
    """Before a Fixpipe with unitFlag 2 or 3 reads the L0C byte ranges `spans` in about `est`
    cycles: its units (for `fix_after`)."""
    st = _state(c, mem)
    idx = _units(spans)
    if c.checking and (st.bits[idx] == 0).any():
        c.finding(DeadlockError(
            "reads L0C units with unitFlag that no Mmad with unitFlag 3 has marked ready: on "
            "the NPU the Fixpipe waits for them forever (give the K loop's last Mmad "
            "unitFlag 3, or the Fixpipe unitFlag 0 and a SetFlag/WaitFlag M_FIX)",
            site, "PIPE_FIX"))
    free = c.free[FIX]
    when = _wait(c, st, idx, FIX, est)
    starts = st.starts.get(int(idx[0])) if idx.size else None
    if starts:
        # The core issues the Fixpipe once the block's last Mmad is queued, `fix_lead` Mmads
        # behind the one M runs, and FIX is busy waiting for the units from then (msprof
        # counts it), as the Matmul API's UnitFlag Fixpipe (matmul_sched.py): nothing else
        # waits for it.
        wait_from = max(fix_issue(starts, c.cost.fix_lead, when), c.t, free)
        if when > wait_from:
            c.busy_wait(FIX, wait_from, when, wait_site(site))
    return idx


def fix_after(c, mem, idx: np.ndarray, flag: int, start: float) -> None:
    """After the Fixpipe (started at `start`) with unitFlag `flag`: 3 hands its units back to
    the Mmads (and ends the block: the next Mmads start another)."""
    if flag == 3:
        st = _state(c, mem)
        if idx.size:
            st.starts.pop(int(idx[0]), None)
        _mark(c, st, idx, FIX, start, 0)
