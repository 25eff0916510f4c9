"""SyncAll across the cores of a launch: the cores run as threads that take turns.

A launch runs its cores one after another in block order (sim/kernel.py), which cannot run a
kernel with `SyncAll`: there every core waits for all the others. Such a kernel, launched on
more than one core of one kind, runs its cores as threads of a `TurnRun` (sim/mix.py): one
core runs at a time, in block order, until it waits at a SyncAll (or an IBWait /
WaitPreBlock whose signal has not come yet); then the lowest block that can go on runs.
Results do not depend on that order (one core runs at a time, and times come from each
core's own clocks), so they are deterministic.

The k-th SyncAll of a core (counted per workspace for the soft form, per launch for the hard
one) completes when every participating core has reached its k-th SyncAll:

- time: each core leaves at the latest arrival plus the flag's latency — the GM round trip
  IBWait / WaitPreBlock charge (`event_latency`) for the soft form, the FFTS message's
  (`cross_core_latency`) for the hard one;
- sanitizer: every core's GM accesses before the SyncAll happen before every core's accesses
  after it (each arrival publishes its core's vector clock, each departure merges them all:
  sim/blocksync.py's BlockClocks);
- a core that finishes, or waits elsewhere forever, without reaching it is a DeadlockError at
  the waiting SyncAll that names the missing cores.

Who participates (asc-devkit dav_c220/kernel_operator_sync_impl.h): the hard form
`SyncAll<true>()` is the FFTS barrier of all cores of the launch's kind (mode 0). The soft
form `SoftSyncAllImpl` returns at once on a cube core (`if ASCEND_IS_AIC return`), and counts
`usedCores` cores, or all `GetBlockNum()` when it is 0: the cores 0..usedCores-1 each bump a
counter in their 32-byte slot of the workspace and wait until the first usedCores slots add
up. A core outside usedCores bumps a slot nobody counts and waits for the others' counters
only (in its first round it passes once all but one of them have arrived): that is refused
as not simulated. usedCores above the core count waits forever: a deadlock finding. The
workspace's bytes are not modelled (as for IBSet): the kernel must zero them for the real
counters, which the simulator does not check. pyasc (and ascdsl) print SyncAll without a
template argument, so `isAIVOnly` is the headers' default, true, whatever the kernel says.
Mixed (AIC + AIV) launches are not simulated: their blocks run one after another.
"""

from __future__ import annotations

from .blocksync import clocks_of
from .errors import DeadlockError, NotSimulatedError, Site
from .mix import TurnRun
from .sanitizer import PIPE_NAMES, S


class _Round:
    """One SyncAll round: who must arrive, and each arrival's time and published clock."""

    __slots__ = ("total", "arrived", "broken", "site")

    def __init__(self, total: int, site: Site):
        self.total = total
        self.arrived: dict[int, tuple[float, list[int] | None]] = {}
        self.broken = False  # reported as a deadlock: the waiting cores go on
        self.site = site

    def complete(self) -> bool:
        return self.broken or len(self.arrived) >= self.total


class LaunchRun(TurnRun):
    """The cores of a single-kind launch, one thread each, taking turns (block order)."""

    def __init__(self, cores: list, run_body):
        super().__init__(cores, run_body)
        self.rounds: dict[tuple, _Round] = {}
        self.count: dict[tuple, int] = {}  # (block, key) -> SyncAlls reached

    def done(self, block: int) -> bool:
        return self.lanes[block].done

    def where(self, block: int) -> str:
        """What core `block` is doing while another waits for it (for deadlock messages)."""
        lane = self.lanes[block]
        if lane.done:
            return f"core {block} finished without reaching it"
        return f"core {block} waits elsewhere"


def run_together(kernel, launch, values: list, core_num: int, nblocks: int) -> list:
    """Run a single-kind launch whose kernel has a SyncAll: its cores as threads taking turns.
    Each core's end is handled as in a launch run in block order (memsys, GM snapshot)."""
    from .core import CoreSim

    ms = launch.cost.memsys
    checking = launch.mode != "off"
    # Each core its own on-chip memories: they run interleaved (Launch.mems is keyed by lane).
    cores = [CoreSim(launch, b, nblocks, lane=b) for b in range(core_num)]

    def body(c) -> None:
        kernel.run_core(c, values)
        ms.finish(c)
        if checking:
            c.san.snapshot_gm_writes()

    run = launch.together = LaunchRun(cores, body)
    try:
        run.run()
    finally:
        launch.together = None
    return cores


def sync_all(c, used: int | None, ws: tuple | None, site: Site) -> None:
    """Core `c` reaches a SyncAll: `used` is the soft form's usedCores (None: the hard form),
    `ws` its workspace's identity."""
    soft = used is not None
    if soft and c.kind == "aic":
        return  # SoftSyncAllImpl: `if ASCEND_IS_AIC { return; }`, before its PipeBarrier
    c.barrier_all()
    n = c.block_num
    if n == 1 and c.xrun is None:
        return
    run = getattr(c.launch, "together", None)
    if run is None:
        raise NotSimulatedError(
            "is not simulated in a mixed (AIC + AIV) launch: its blocks run one after "
            "another, and SyncAll makes every core of the launch wait for all the others "
            "(within an AI core, use CrossCoreSetFlag / CrossCoreWaitFlag)",
            site, core=c.block_idx)
    b = c.block_idx
    total = n if not used else used
    if total < 0:
        raise NotSimulatedError(f"is called with usedCores = {used}, which is negative",
                                site, core=b)
    if total > n:
        c.finding(DeadlockError(
            f"waits for usedCores = {total} cores, but the launch has {n}: the counters of "
            "the missing cores never move, and the core would wait forever", site))
        return
    if b >= total:
        raise NotSimulatedError(
            f"is called on core {b}, outside usedCores = {total}: its counter is outside "
            "the slots counted, so it waits for the others without being waited for (and "
            "in its first round passes once all but one have arrived)", site, core=b)
    key = ("soft", ws) if soft else ("hard",)
    k = run.count.get((b, key), 0)
    run.count[(b, key)] = k + 1
    rnd = run.rounds.get((key, k))
    if rnd is None:
        rnd = run.rounds[(key, k)] = _Round(total, site)
    elif rnd.total != total:
        raise NotSimulatedError(
            f"is called with usedCores = {used} on core {b}, but another core called its "
            f"SyncAll #{k} with {rnd.total} cores: the cores must agree", site, core=b)
    clocks = clocks_of(c) if c.san is not None else None
    rnd.arrived[b] = (c.t, clocks.publish(b) if clocks is not None else None)
    if not run.wait_until(c, rnd.complete, site) and not rnd.broken:
        rnd.broken = True
        missing = [m for m in range(total) if m not in rnd.arrived]
        notes = [(s, f"core {o.block_idx} waits here") for o, s in run.others_waiting(c)]
        who = "; ".join(run.where(m) for m in missing)
        c.finding(DeadlockError(
            f"waits at SyncAll #{k} for core(s) {', '.join(map(str, missing))}, which never "
            f"reach it ({who}): the cores would wait forever", site, PIPE_NAMES[S], notes=notes))
    latency = c.cost.event_latency if soft else c.cost.cross_core_latency
    leave = max(t for t, _ in rnd.arrived.values()) + latency
    if leave > c.t:
        if c.trace is not None:
            c.trace.append((S, c.t, leave - c.t, site))
        c.t = leave
    if clocks is not None:
        clocks.merge(b, [p for _, p in rnd.arrived.values()])
        c.san.xepoch = clocks.epoch(b)
    c.barrier_all()


def wait_signal(run: LaunchRun, clocks, c, key: tuple, nth: int, waited: int, what: str,
                site: Site):
    """IBWait / WaitPreBlock in a launch whose cores take turns: wait for the signal; None
    (after a deadlock finding) if it never comes."""
    n = c.block_num

    def ready() -> bool:
        got = clocks.signals.get(key)
        return (got is not None and nth < len(got)) or not 0 <= waited < n or run.done(waited)

    run.wait_until(c, ready, site)
    got = clocks.wait(c.block_idx, key, nth)
    if got is None:
        if not 0 <= waited < n:
            why = f"which the launch of {n} cores does not have"
        elif run.done(waited):
            why = "which finished without sending it"
        else:
            why = "which waits itself and never sends it"
        notes = [(s, f"core {o.block_idx} waits here") for o, s in run.others_waiting(c)]
        c.finding(DeadlockError(
            f"waits for {what} of core {waited}, {why}: the core would wait forever", site,
            notes=notes))
    return got
