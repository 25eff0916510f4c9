"""CrossCoreSetFlag / CrossCoreWaitFlag between the cores of one AI core, and the sanitizer's
check of GM shared between them.

What the hardware does (Ascend C, dav_c220/kernel_operator_sync_impl.h and pyasc's docs of
cross_core_set_flag): a set is `ffts_cross_core_sync(pipe, msg)` with the mode and flag id in
`msg` (4 bits of id); it is issued on `pipe`, so it fires once that pipe's earlier work is
done. A wait is `wait_flag_dev(id)`, which stalls the core's instruction issue until the id's
counter on *this* core is non-zero, then decrements it. Every core keeps one counter per id;
a counter holds at most 15 sets (pyasc's docs: "同一flagId的计数器最多设置15次"), and ids
0-10 are the user's (SyncAll and the Matmul API use the rest).

- mode 0: every AIC (or every AIV) of the launch: each waiting core passes once all cores of
  its kind have set the id (a launch with a mode-0 set runs all its timelines as one run,
  sim/syncall.py, so one `BlockFlags` holds every AI core's counters);
- mode 1: the two AIVs of an AI core: their counters count once both have set the id;
- mode 2: AIC <-> AIV of an AI core: an AIC set counts on each AIV; the AIC's counter counts
  once every AIV of its AI core has set the id.

Ordering, for the sanitizer: a set on pipe P publishes what P has done and knows (its vector
clock, sim/sanitizer.py) together with what its core learned from earlier waits; a wait joins
that into its core's knowledge and starts a new epoch of the core. After the launch, GM
accesses of two timelines of one AI core conflict unless one is covered by what the other's
core knew at the other's epoch. Timelines of different AI cores are ordered the same way in a
launch whose timelines run together (SyncAll, mode-0 flags: their publications carry what each
core knew), and never otherwise (blocks run in parallel).
"""

from __future__ import annotations

from collections import deque

from .errors import DeadlockError, EventError, RaceError, Site
from .mix import lane_of_core, lane_name
from .sanitizer import PIPE_NAMES, SAME_BYTES_WHY, S, _first_overlap, _merge

USER_FLAG_IDS = 11  # ids 0-10 (pyasc's docs of cross_core_set_flag / wait_flag)
COUNTER_MAX = 15  # sets a flag counter holds


def _join(a: dict, b: dict | None) -> dict:
    out = dict(a)
    if b:
        for lane, counts in b.items():
            mine = out.get(lane)
            out[lane] = counts if mine is None else list(map(max, mine, counts))
    return out


class BlockFlags:
    """The flag counters of one AI core's cores (of every AI core's, when the launch's
    timelines take turns together: sim/syncall.py), and what each core knows of the others.
    Everything is keyed by `CoreSim.lane`, which is unique among the cores held."""

    def __init__(self, cores: list):
        self.cores = cores
        # mode 0's members: every AIV / AIC held; modes 1 and 2 stay within an AI core
        self.aivs = [c for c in cores if c.kind == "aiv"]
        self.aics = [c for c in cores if c.kind == "aic"]
        self.blocks: dict[int, tuple[list, list]] = {}  # block -> (its AIVs, its AICs)
        for c in cores:
            self.blocks.setdefault(c.block_idx, ([], []))[c.kind == "aic"].append(c)
        # (lane, id) -> deque of (time, publication, set site): the sets a wait can take
        self.counters: dict[tuple[int, int], deque] = {}
        # (group, id) -> {lane: deque of (time, publication, site)}: sets of a group of cores
        # that count only once every member has set (mode 2 AIV->AIC, modes 0/1 between AIVs)
        self.partial: dict[tuple, dict[int, deque]] = {}
        # Per lane, per epoch: {other lane: counts per pipe of its ops known to be done}.
        self.know: dict[int, list[dict]] = {c.lane: [{}] for c in cores}

    def publication(self, c, p: int) -> dict:
        """What an event on `c`'s pipe `p` tells the cores it reaches: what `p` has done and
        knows, with what `c` learned from its earlier waits."""
        pub = dict(self.know[c.lane][-1])
        pub[c.lane] = c.san.snapshot(p)
        return pub

    def learn(self, c, pubs) -> None:
        """Core `c` passed a wait that carries `pubs`: a new epoch of what it knows."""
        know = self.know[c.lane]
        cur = know[-1]
        for pub in pubs:
            cur = _join(cur, pub)
        know.append(cur)
        c.san.xepoch = len(know) - 1

    # --- set ------------------------------------------------------------------------------

    def set(self, c, mode: int, flag: int, p: int, site: Site) -> None:
        if not self._valid_id(c, flag, site):
            return
        t = c.t
        if c.free[p] > t:
            t = c.free[p]
        if c.done[p] > t:
            t = c.done[p]
        t += c.cost.cross_core_latency
        pub = self.publication(c, p) if c.san is not None else None
        if c.trace is not None:
            c.trace.append((p, t, 0.0, site))
        rec = (t, pub, site)
        aivs, aics = self.blocks[c.block_idx]
        b = c.block_idx
        if mode == 2:
            if c.kind == "aic":
                for v in aivs:
                    self._push(v, flag, rec, c, site)
            else:
                self._group(("to-aic", b, flag), c, aivs, aics, flag, rec, site)
        elif mode == 1 and c.kind == "aic":
            c.finding(EventError(
                "sets a mode-1 cross-core flag on the cube core: mode 1 synchronizes the "
                "two vector cores of an AI core (use mode 2 between the cube and vector "
                "cores)", site, PIPE_NAMES[p]))
        elif mode == 1:
            self._group(("aivs", b, flag), c, aivs, aivs, flag, rec, site)
        elif mode == 0:
            # every AIV (AIC) held: sim/kernel.py runs a launch with a mode-0 set as one run
            group = self.aivs if c.kind == "aiv" else self.aics
            self._group(("all", c.kind, flag), c, group, group, flag, rec, site)
        else:
            c.finding(EventError(f"uses cross-core sync mode {mode}; the modes are 0 (all "
                                 "cores of a kind), 1 (the AIVs of an AI core) and 2 (AIC <-> "
                                 "AIV)", site))

    def _valid_id(self, c, flag, site: Site) -> bool:
        if isinstance(flag, int) and 0 <= flag < USER_FLAG_IDS:
            return True
        c.finding(EventError(
            f"uses cross-core flag id {flag}; the ids are 0 to {USER_FLAG_IDS - 1} (the "
            "message holds 4 bits, and SyncAll and the Matmul API use the ids above 10)",
            site))
        return False

    def _group(self, key, c, members: list, targets: list, flag: int, rec: tuple,
               site: Site) -> None:
        sets = self.partial.setdefault(key, {})
        q = sets.get(c.lane)
        if q is None:
            q = sets[c.lane] = deque()
        q.append(rec)
        if all(sets.get(m.lane) for m in members):
            parts = [sets[m.lane].popleft() for m in members]
            t = max(r[0] for r in parts)
            pub = None
            if c.san is not None:
                pub = {}
                for r in parts:
                    pub = _join(pub, r[1])
            for target in targets:
                self._push(target, flag, (t, pub, site), c, site)

    def _push(self, target, flag: int, rec: tuple, c, site: Site) -> None:
        q = self.counters.get((target.lane, flag))
        if q is None:
            q = self.counters[(target.lane, flag)] = deque()
        if len(q) >= COUNTER_MAX:
            c.finding(EventError(
                f"sets cross-core flag {flag} for the {lane_of_core(target)}, whose counter already "
                f"holds {COUNTER_MAX} sets nobody waited for: the counter holds at most "
                f"{COUNTER_MAX}, so this set is lost", site))
            return
        q.append(rec)

    # --- wait -----------------------------------------------------------------------------

    def wait(self, c, flag: int, site: Site) -> None:
        if not self._valid_id(c, flag, site):
            return
        key = (c.lane, flag)
        counters = self.counters

        def ready() -> bool:
            return bool(counters.get(key))

        if not c.xrun.wait_until(c, ready, site):
            notes = [(s, f"the {lane_of_core(o)} waits here") for o, s in c.xrun.others_waiting(c)]
            scope = "the AI core" if len(self.blocks) == 1 else "the launch"
            c.finding(DeadlockError(
                f"waits for cross-core flag {flag} on the {lane_of_core(c)}, but no core of {scope} "
                "sets it any more (the others have finished or wait too): the core "
                "would wait forever", site, PIPE_NAMES[S], notes=notes))
            return
        t, pub, _set_site = counters[key].popleft()
        start = c.t
        if t > start:
            c.t = t
            if c.trace is not None:
                c.trace.append((S, start, t - start, site))
        if c.san is not None:
            self.learn(c, (pub,))

    # --- end of the block -----------------------------------------------------------------

    def finish(self) -> None:
        """Sets no wait took, and group sets that never completed."""
        by_lane = {c.lane: c for c in self.cores}
        for (lane, flag), q in self.counters.items():
            if q:
                core = by_lane[lane]
                site = q[0][2]
                core.finding(EventError(
                    f"sets cross-core flag {flag} for the {lane_of_core(core)}, but no "
                    "CrossCoreWaitFlag there takes it before the kernel ends (the counter "
                    "keeps it into the next kernel)", site))
        for key, sets in self.partial.items():
            flag = key[-1]
            for lane, q in sets.items():
                if q:
                    core = by_lane[lane]
                    core.finding(EventError(
                        f"sets cross-core flag {flag} on the {lane_of_core(core)}, but not every "
                        "core it synchronizes with sets it too, so no waiting core ever sees "
                        "this set", q[0][2]))


# --- the GM check across timelines --------------------------------------------------------------


def check_mixed(cores: list, know: dict, report, across: bool = False) -> None:
    """Report GM ranges that one timeline writes and another accesses with nothing ordering
    the two. `know[core]` is the core's knowledge per epoch (BlockFlags.know[lane]); it
    orders timelines of different AI cores too when `across` (the launch's timelines took
    turns together and met at SyncAll or mode-0 flags)."""
    per_buf: dict = {}
    for c in cores:
        for buf, entries in c.san.gm_log.items():
            per_buf.setdefault(buf, []).append((c, entries))
    for buf, users in per_buf.items():
        if len(users) < 2:
            continue
        # Each timeline's accesses and writes as merged intervals, once: most pairs of
        # timelines touch disjoint parts of a buffer and are dismissed on these alone.
        merged = [(_merge(e), _merge([x for x in e if x[2]])) for _, e in users]
        for i in range(len(users)):
            ca, ea = users[i]
            for j in range(i + 1, len(users)):
                cb, eb = users[j]
                if (_first_overlap(merged[i][1], merged[j][0]) is None
                        and _first_overlap(merged[i][0], merged[j][1]) is None):
                    continue
                same = ca.block_idx == cb.block_idx
                if same or across:
                    _check_known(buf, ca, ea, cb, eb, know, report, same)
                else:
                    _check_blocks(buf, ca, ea, cb, eb, report)


def _check_blocks(buf, ca, ea: list, cb, eb: list, report) -> bool:
    """Report a conflict between timelines of two AI cores; whether one was."""
    xa, xb = _same_writes_dropped(ea, eb)
    if _check(buf, ca, xa, cb, xb, report, False):
        return True
    return xa is not ea and _report_same(buf, ca, ea, cb, eb, report)


def _same_writes_dropped(ea: list, eb: list) -> tuple[list, list]:
    """`ea` and `eb` without the writes of ranges both AI cores write with the same final
    bytes and neither reads nor writes otherwise: whichever lands last, GM ends the same
    (pyasc's matmul kernels launch twice the cores they need and let the extra ones repeat
    the others' work)."""
    last_a = {(e[0], e[1]): e[7] for e in ea if e[2] is True}
    last_b = {(e[0], e[1]): e[7] for e in eb if e[2] is True}
    same = {r for r, d in last_a.items() if last_b.get(r) == d}
    if not same:
        return ea, eb
    # ...and only where neither core reads: a read between the two writes could see either
    others = _merge([e for e in (*ea, *eb) if not e[2] or (e[0], e[1]) not in same])
    same = {r for r in same if _first_overlap([r], others) is None}

    def keep(es: list) -> list:
        return [e for e in es if not (e[2] is True and (e[0], e[1]) in same)]

    return keep(ea), keep(eb)


def _check_known(buf, ca, ea: list, cb, eb: list, know: dict, report, same: bool) -> None:
    if _first_overlap(_merge(ea), _merge(eb)) is None:
        return
    ka, kb = know[ca], know[cb]
    # An access of a is ordered before b's epoch when b's core knew of it by then (and the
    # other way round); only accesses ordered neither way can race.
    groups_a = [(x, g, _merge(g)) for x, g in _by_epoch(ea).items()]
    groups_b = [(x, g, _merge(g)) for x, g in _by_epoch(eb).items()]
    for xa, ga, ma in groups_a:
        for xb, gb, mb in groups_b:
            if _first_overlap(ma, mb) is None:
                continue
            seen_by_b = kb[xb].get(ca.lane)
            seen_by_a = ka[xa].get(cb.lane)
            ua = [e for e in ga if seen_by_b is None or e[6] > seen_by_b[e[4]]]
            ub = [e for e in gb if seen_by_a is None or e[6] > seen_by_a[e[4]]]
            if not (ua and ub):
                continue
            hit = (_check(buf, ca, ua, cb, ub, report, True) if same
                   else _check_blocks(buf, ca, ua, cb, ub, report))
            if hit:
                return


def _by_epoch(entries: list) -> dict[int, list]:
    out: dict[int, list] = {}
    for e in entries:
        out.setdefault(e[5], []).append(e)
    return out


def _check(buf, ca, ea: list, cb, eb: list, report, same_core: bool) -> bool:
    wa = _merge([e for e in ea if e[2]])
    wb = _merge([e for e in eb if e[2]])
    if (hit := _first_overlap(wa, _merge(eb))) is not None:
        w, x = _covering(ea, hit[0], True), _covering(eb, hit[0], False)
        writer, other = ca, cb
    elif (hit := _first_overlap(_merge(ea), wb)) is not None:
        w, x = _covering(eb, hit[0], True), _covering(ea, hit[0], False)
        writer, other = cb, ca
    else:
        return False
    lo, hi = max(w[0], x[0]), min(w[1], x[1])
    what = "writes" if x[2] else "reads"
    if same_core:
        why = (f"on {PIPE_NAMES[w[4]]} of the {lane_of_core(writer)} writes {buf.mem.name} bytes "
               f"[{lo}, {hi}) that its {lane_name(other.kind, other.sub_idx)} {what} too: the "
               "cube and vector cores of an AI core run in parallel, and no CrossCoreSetFlag / "
               "CrossCoreWaitFlag pair orders the two (set a flag after the first access, on "
               "the pipe that makes it, and wait for it before the second)")
    else:
        why = (f"on {PIPE_NAMES[w[4]]} of the {lane_of_core(writer)} writes {buf.mem.name} bytes "
               f"[{lo}, {hi}) that the {lane_of_core(other)} {what} too: AI cores run in parallel "
               "and nothing orders them; give each its own slice of GM")
    report(RaceError(why, w[3], PIPE_NAMES[w[4]], other=x[3], other_pipe=PIPE_NAMES[x[4]],
                     other_note=f"the access of the {lane_of_core(other)}"))
    return True


def _report_same(buf, ca, ea: list, cb, eb: list, report) -> bool:
    """The warning of check_cores for writes both AI cores left with the same bytes."""
    hit = _first_overlap(_merge([e for e in ea if e[2] is True]),
                         _merge([e for e in eb if e[2] is True]))
    if hit is None:
        return False
    w, x = _covering(ea, hit[0], True), _covering(eb, hit[0], True)
    lo, hi = max(w[0], x[0]), min(w[1], x[1])
    report(RaceError(
        f"on {PIPE_NAMES[w[4]]} of the {lane_of_core(ca)} writes {buf.mem.name} bytes [{lo}, {hi}) "
        f"that the {lane_of_core(cb)} writes too{SAME_BYTES_WHY}", w[3], PIPE_NAMES[w[4]],
        other=x[3], other_pipe=PIPE_NAMES[x[4]], other_note=f"the access of the {lane_of_core(cb)}",
        warning=True))
    return True


def _covering(entries: list, point: int, writes_only: bool) -> tuple:
    for e in entries:
        if e[0] <= point < e[1] and (e[2] or not writes_only):
            return e
    raise AssertionError("a merged interval's point is covered by no access")
