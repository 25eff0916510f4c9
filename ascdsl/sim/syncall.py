"""SyncAll across the cores of a launch: the cores run as threads that take turns.

A launch runs its cores one after another in block order (sim/kernel.py), which cannot run a
kernel with `SyncAll`: there every core waits for all the others. Such a kernel, launched on
more than one core of one kind, runs its cores as threads of a `LaunchRun` (on sim/mix.py's
`TurnRun`): one core runs at a time, in block order, until it waits at a SyncAll (or an
IBWait / WaitPreBlock whose signal has not come yet); then the lowest block that can go on
runs. Results do not depend on that order (one core runs at a time, and times come from each
core's own clocks), so they are deterministic. A mixed (AIC + AIV) launch whose kernel has a
SyncAll or a mode-0 CrossCoreSetFlag runs every timeline of every AI core that way (block 0's
AIC, AIV0, AIV1, then block 1's ...; `run_mixed_together`); each AI core's flags and Matmul
objects see a `BlockView` as their `xrun`, and one `BlockFlags` (sim/crosscore.py) holds the
launch's counters, so mode-0 flags count every core of their kind.

The k-th SyncAll of a core (counted per workspace for the soft form, per launch and kind of
core for the hard one) completes when every participating core has reached its k-th:

- time: each core leaves at the latest arrival plus the flag's latency — the GM round trip
  IBWait / WaitPreBlock charge (`event_latency`) for the soft form, the FFTS message's
  (`cross_core_latency`) for the hard one;
- sanitizer: every participant's GM accesses before the SyncAll happen before every
  participant's accesses after it (each arrival publishes what its core did and knows, each
  departure joins them all: sim/blocksync.py's BlockClocks in a single-kind launch, the
  cross-core knowledge of sim/crosscore.py in a mixed one);
- a core that finishes, or waits elsewhere forever, without reaching it is a DeadlockError at
  the waiting SyncAll that names the missing cores.

Who participates (asc-devkit impl/basic_api/dav_c220/kernel_operator_sync_impl.h). pyasc
(and ascdsl) print SyncAll without a template argument, so `isAIVOnly` is the headers'
default, true (include/basic_api/kernel_operator_block_sync_intf.h:82-86), whatever the
kernel says.

- Hard form, `SyncAllImpl<true>` (lines 363-389, the branch at 385): PipeBarrier, then
  `ffts_cross_core_sync(PIPE_MTE3, GetffstMsg(0x0, SYNC_AIV_ONLY_ALL))` and
  `wait_flag_dev(SYNC_AIV_ONLY_ALL)`: an FFTS mode-0 flag, which counts on every core of the
  setting core's kind. So an AIV waits for every AIV of the launch (blocks x 2 in a
  MIX_AIC_1_2 launch), an AIC for every AIC (one per block), and the two barriers are
  separate: SyncAll does not order an AIC's work against an AIV's (the SyncAll<false> path,
  lines 390-402, would, through mode-2 flags; pyasc cannot ask for it). Participant index:
  GetBlockIdx (an AIV's counts vector cores).
- Soft form, `SoftSyncAllImpl<true>` (lines 62-115): returns at once on a cube core (line 66,
  `if ASCEND_IS_AIC return`), and counts `usedCores` cores, or all `GetBlockNum()` when it is
  0 (line 72): the cores 0..usedCores-1 each bump a counter in their 32-byte slot of the
  workspace and wait until the first usedCores slots add up. A core outside usedCores bumps a
  slot nobody counts and waits for the others' counters only (in its first round it passes
  once all but one of them have arrived): that is refused as not simulated. usedCores above
  the core count waits forever: a deadlock finding. The slot is `get_block_idx()` (line 77),
  the AI core's index on an AIV too (kernel_operator_sys_var_impl.h:58), so in a MIX_AIC_1_1
  launch the soft form meets the launch's AIVs, one per slot, as in a single-kind launch; in a
  MIX_AIC_1_2 launch the two AIVs of an AI core bump one slot with an unordered
  read-modify-write, whose outcome depends on their timing: refused as not simulated. The
  workspace's bytes are not modelled (as for IBSet): the kernel must zero them for the real
  counters, which the simulator does not check.
- `CrossCoreSetFlag<0, pipe>(id)` is `ffts_cross_core_sync(pipe, GetffstMsg(0, id))` (lines
  124 and 495-498; the wait, lines 501-504, ignores the mode and takes the id's counter on
  its own core): mode 0 counts on every core of the setter's kind once all of them have set
  the id, so it meets every AIV (or every AIC) of the launch, as the hard SyncAll does.

The time rule for shared L2 lines (sim/l2share.py) assumes block order, so it is off in these
launches, as in every mixed launch (sim/kernel.py): the L2 state's charges stand.
"""

from __future__ import annotations

from .blocksync import clocks_of
from .crosscore import BlockFlags
from .errors import DeadlockError, NotSimulatedError, Site
from .mix import BlockView, TurnRun, core_name, make_cores
from .sanitizer import PIPE_NAMES, S


class _Round:
    """One SyncAll round: who must arrive, and each arrival's time and publication."""

    __slots__ = ("total", "arrived", "broken", "site")

    def __init__(self, total: int, site: Site):
        self.total = total
        self.arrived: dict[int, tuple[float, object]] = {}
        self.broken = False  # reported as a deadlock: the waiting cores go on
        self.site = site

    def complete(self) -> bool:
        return self.broken or len(self.arrived) >= self.total


class LaunchRun(TurnRun):
    """The timelines of a launch, one thread each, taking turns: one core per block in a
    single-kind launch; every AIC and AIV, block by block, in a mixed one (`mixed`)."""

    def __init__(self, cores: list, run_body, mixed: bool = False):
        super().__init__(cores, run_body)
        self.mixed = mixed
        self.rounds: dict[tuple, _Round] = {}
        self.count: dict[tuple, int] = {}  # (lane, key) -> SyncAlls reached
        self.kinds: dict[str, list] = {}

    def done(self, block: int) -> bool:
        return self.lanes[block].done

    def members(self, kind: str) -> list:
        """The cores a SyncAll of a `kind` core meets, by GetBlockIdx."""
        got = self.kinds.get(kind)
        if got is None:
            got = self.kinds[kind] = [lane.core for lane in self.lanes
                                      if not self.mixed or lane.core.kind == kind]
        return got

    def name(self, core) -> str:
        return core_name(core)

    def where(self, core) -> str:
        """What `core` is doing while another waits for it (for deadlock messages)."""
        if self.lanes[self.pos[id(core)]].done:
            return f"{self.name(core)} finished without reaching it"
        return f"{self.name(core)} waits elsewhere"


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


def run_mixed_together(kernel, launch, values: list, core_num: int, nblocks: int
                       ) -> tuple[list, BlockFlags]:
    """Run a mixed launch whose kernel has a SyncAll or a mode-0 flag: every timeline of every
    AI core as threads taking turns. Returns the timelines (block by block) and the launch's
    flags (their knowledge orders GM for the check across timelines)."""
    lanes = kernel.lanes
    per = len(lanes)
    cores: list = []
    for b in range(core_num):
        # distinct lanes: the timelines run interleaved, each with its own memories
        cores.extend(make_cores(launch, b, nblocks, lanes, base=b * per))
    ms = launch.cost.memsys

    def body(c) -> None:
        kernel.run_core(c, values)
        ms.finish(c)

    run = launch.together = LaunchRun(cores, body, mixed=True)
    flags = BlockFlags(cores)
    for b in range(core_num):
        BlockView(run, run.lanes[b * per:(b + 1) * per], flags)
    try:
        run.run()
    finally:
        launch.together = None
    return cores, flags


def sync_all(c, used: int | None, ws: tuple | None, site: Site) -> None:
    """Core `c` reaches a SyncAll: `used` is the soft form's usedCores (None: the hard form),
    `ws` its workspace's identity."""
    soft = used is not None
    if soft and c.kind == "aic":
        return  # SoftSyncAllImpl: `if ASCEND_IS_AIC { return; }`, before its PipeBarrier
    c.barrier_all()
    run = getattr(c.launch, "together", None)
    if run is None:
        return  # a single-kind launch on one core (sim/kernel.py runs the others together)
    if soft and run.mixed and c.sub_num > 1:
        raise NotSimulatedError(
            "is not simulated in a MIX_AIC_1_2 launch: the soft SyncAll counts one "
            "workspace slot per AI core (get_block_idx()), which both vector cores of an AI "
            "core bump with an unordered read-modify-write, so when it passes depends on their "
            "timing (use the hard SyncAll())", site, core=c.block_idx)
    members = run.members(c.kind)
    n = len(members)
    b = c.hw_block_idx
    me = run.name(c)
    total = n if not used else used
    if total < 0:
        raise NotSimulatedError(f"is called with usedCores = {used}, which is negative",
                                site, core=c.block_idx)
    if total > n:
        c.finding(DeadlockError(
            f"waits for usedCores = {total} cores, but the launch has {n}: the counters of "
            "the missing cores never move, and the core would wait forever", site))
        return
    if b >= total:
        raise NotSimulatedError(
            f"is called on {me}, outside usedCores = {total}: its counter is outside "
            "the slots counted, so it waits for the others without being waited for (and "
            "in its first round passes once all but one have arrived)", site, core=c.block_idx)
    key = ("soft", ws) if soft else ("hard", c.kind)
    k = run.count.get((c.lane, key), 0)
    run.count[(c.lane, key)] = k + 1
    rnd = run.rounds.get((key, k))
    if rnd is None:
        rnd = run.rounds[(key, k)] = _Round(total, site)
    elif rnd.total != total:
        raise NotSimulatedError(
            f"is called with usedCores = {used} on {me}, but another core called its "
            f"SyncAll #{k} with {rnd.total} cores: the cores must agree", site,
            core=c.block_idx)
    pub = clocks = None
    if c.san is not None:
        if run.mixed:
            pub = c.xrun.flags.publication(c, S)  # after the barrier: every pipe's work
        else:
            clocks = clocks_of(c)
            pub = clocks.publish(b)
    rnd.arrived[b] = (c.t, pub)
    if not run.wait_until(c, rnd.complete, site) and not rnd.broken:
        rnd.broken = True
        missing = [m for m in range(total) if m not in rnd.arrived]
        notes = [(s, f"{run.name(o)} waits here") for o, s in run.others_waiting(c)]
        if run.mixed:
            whom = ", ".join(f"the {run.name(members[m])}" for m in missing)
        else:
            whom = "core(s) " + ", ".join(map(str, missing))
        who = "; ".join(run.where(members[m]) for m in missing)
        c.finding(DeadlockError(
            f"waits at SyncAll #{k} for {whom}, which never reach it ({who}): the cores "
            "would wait forever", site, PIPE_NAMES[S], notes=notes))
    latency = c.cost.event_latency if soft else c.cost.cross_core_latency
    leave = max(t for t, _ in rnd.arrived.values()) + latency
    if leave > c.t:
        if c.trace is not None:
            c.trace.append((S, c.t, leave - c.t, site))
        c.t = leave
    if c.san is not None:
        pubs = [p for _, p in rnd.arrived.values()]
        if run.mixed:
            c.xrun.flags.learn(c, pubs)
        else:
            clocks.merge(b, pubs)
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
