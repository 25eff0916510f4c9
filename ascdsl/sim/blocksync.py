"""Synchronization between the cores of a launch: NotifyNextBlock / WaitPreBlock, IBSet /
IBWait (and the vector clocks SyncAll uses, sim/syncall.py).

The simulator runs the cores of a launch one after another in block order, which is a valid
order for any kernel whose waits only wait for lower blocks: by the time core b waits, every
core it can wait for has run to its end, and what it signalled is recorded here with its
time. A wait then

- takes the signal's time (plus the GM round trip of the flag) as its core's clock if later,
- orders the waiting core's later GM accesses after the signalling core's earlier ones for the
  sanitizer's check across cores (a vector clock per core, advanced at each sync: an epoch),
- is a deadlock finding when the core it waits for has finished without signalling,
- is not simulated when it waits for a core that runs later in block order (IBWait on a higher
  block, or the ring WaitPreBlock of block 0 in a second round) — except in a launch whose
  cores take turns (a kernel with SyncAll, sim/syncall.py): there the wait blocks until the
  signal comes, or is a deadlock finding when the signalling core finishes without it.

SyncAll's all-to-all ordering uses the same clocks (`publish` at arrival, `merge` of every
arrival's clock at departure).

WaitPreBlock's k-th call on block b waits for the k-th NotifyNextBlock of block b - 1; block
0's first call passes (the workspace starts at zero), as in Ascend C's implementation
(kernel_operator_determine_compute_sync_impl.h).
"""

from __future__ import annotations

from .errors import DeadlockError, NotSimulatedError, Site


class BlockClocks:
    """Per core: the vector clock (over cores) of each of its epochs; published signals."""

    def __init__(self, core_num: int):
        self.n = core_num
        self.hist: list[list[list[int]]] = [[[0] * core_num] for _ in range(core_num)]
        # key -> list of (published clock, time, site) in signal order
        self.signals: dict[tuple, list[tuple[list[int], float, Site]]] = {}
        self.used = False
        self.rounds: dict[tuple, int] = {}  # (core, key) -> waits so far

    def epoch(self, core: int) -> int:
        return len(self.hist[core]) - 1

    def publish(self, core: int) -> list[int]:
        """End core `core`'s epoch: the clock that orders what it did so far before others."""
        self.used = True
        pub = list(self.hist[core][-1])
        pub[core] = len(self.hist[core])  # epochs below this one are covered
        self.hist[core].append(list(pub))
        return pub

    def signal(self, core: int, key: tuple, t: float, site: Site) -> None:
        """Core `core` signals `key`: what it did so far happens before the matching waits."""
        self.signals.setdefault(key, []).append((self.publish(core), t, site))

    def merge(self, core: int, pubs: list[list[int]]) -> None:
        """Core `core` has seen the published clocks `pubs` (SyncAll: everyone's)."""
        cur = self.hist[core][-1]
        for pub in pubs:
            cur = [max(a, b) for a, b in zip(cur, pub)]
        self.hist[core].append(cur)

    def wait(self, core: int, key: tuple, nth: int) -> tuple[float, Site] | None:
        """Core `core` passes the `nth` (0-based) signal of `key`; None if there is none."""
        got = self.signals.get(key)
        if got is None or nth >= len(got):
            return None
        self.used = True
        pub, t, site = got[nth]
        cur = self.hist[core][-1]
        self.hist[core].append([max(a, b) for a, b in zip(cur, pub)])
        return t, site

    def ordered(self, a: int, ea: int, b: int, eb: int) -> bool:
        """Whether core a's epoch ea and core b's epoch eb are ordered by signals and waits."""
        return self.hist[b][eb][a] > ea or self.hist[a][ea][b] > eb


def clocks_of(core) -> BlockClocks:
    launch = core.launch
    clocks = getattr(launch, "block_clocks", None)
    if clocks is None:
        clocks = launch.block_clocks = BlockClocks(launch.core_num)
    return clocks


def _single_kind(core, site: Site) -> None:
    if core.xrun is not None:
        raise NotSimulatedError(
            "is not simulated in a mixed (AIC + AIV) launch: the block sync's rounds count one "
            "core per block; order the cores of an AI core with CrossCoreSetFlag / "
            "CrossCoreWaitFlag", site, core=core.block_idx)


def signal(core, key: tuple, site: Site) -> None:
    _single_kind(core, site)
    clocks = clocks_of(core)
    clocks.signal(core.block_idx, key, core.t, site)
    if core.san is not None:
        core.san.xepoch = clocks.epoch(core.block_idx)


def wait(core, key: tuple, nth: int, waited_core: int, what: str, site: Site) -> None:
    """Wait for the nth signal of `key`, which core `waited_core` sends."""
    _single_kind(core, site)
    clocks = clocks_of(core)
    got = clocks.wait(core.block_idx, key, nth)
    run = getattr(core.launch, "together", None)
    if got is None and run is not None:
        # The cores take turns (sim/syncall.py): a later block can still send it.
        from .syncall import wait_signal

        got = wait_signal(run, clocks, core, key, nth, waited_core, what, site)
        if got is None:
            return
    if got is None:
        if waited_core >= core.block_idx:
            raise NotSimulatedError(
                f"waits for {what} of core {waited_core}, which the simulator runs after "
                f"core {core.block_idx} (cores run in block order, so a core can wait only "
                "for lower blocks)", site, core=core.block_idx)
        core.finding(DeadlockError(
            f"waits for {what} of core {waited_core}, which finished without sending it: "
            "the core would wait forever", site))
        return
    t, _ = got
    ready = t + core.event_latency
    if ready > core.t:
        core.t = ready
    if core.san is not None:
        core.san.xepoch = clocks.epoch(core.block_idx)


def next_wait(core, key: tuple) -> int:
    """How many times this core has waited for `key` before (its round)."""
    clocks = clocks_of(core)
    k = (core.block_idx, key)
    n = clocks.rounds.get(k, 0)
    clocks.rounds[k] = n + 1
    return n
