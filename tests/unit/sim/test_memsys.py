"""The GM path's mechanisms: L2 reuse and eviction, cache modes, unaligned bursts, HBM shared by
the cores, write-back of dirty lines (ascdsl.sim.memsys, CoreSim.gm_copy)."""

import dataclasses

import numpy as np
import pytest

import ascdsl as asc
from ascdsl.dialects.ascendc.soc import Fact, get_soc
from ascdsl.runtime import config
from ascdsl.sim.core import CoreSim
from ascdsl.sim.memory import GMBuffer
from ascdsl.sim.memsys import CACHE_DISABLE, CACHE_NORMAL, MemSystem
from ascdsl.sim.dtypes import sim_dtype
from xdsl.dialects.builtin import f16

COST = get_soc().cost
MTE2 = "PIPE_MTE2"


@asc.jit
def read_passes(src: asc.GlobalAddress, n: int, passes: int, tile: asc.ConstExpr[int],
                bypass: asc.ConstExpr[bool], offset: asc.ConstExpr[int]):
    """Each core reads its n halfs `passes` times, `tile` at a time, from element `offset` on."""
    g = asc.GlobalTensor()
    g.set_global_buffer(src + asc.get_block_idx() * n + offset, n)
    if bypass:
        g.set_l2_cache_hint(asc.CacheMode.CACHE_MODE_DISABLE)
    ub = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, tile)
    pad = asc.DataCopyPadParams(False, 0, 0, 0)
    params = asc.DataCopyParams(1, tile * 2, 0, 0)
    for p in range(passes):
        for i in range(n // tile):
            asc.data_copy_pad(ub, g[i * tile:], params, pad)
    asc.pipe_barrier(asc.Pipe.PIPE_ALL)


def mte2_time(cores=1, n=65536, passes=1, tile=8192, bypass=False, offset=0):
    src = np.zeros(cores * n + 64, np.float16)
    # Every copy refills one UB tile with no PipeBarrier<PIPE_MTE2> between them: on hardware
    # a race (overlapping destinations on one DMA pipe), harmless to the read timing measured
    # here; the sanitizer reports only that.
    old = config.sanitize
    config.sanitize = "warn"
    try:
        report = read_passes[cores](src, n, passes, tile, bypass, offset)
    finally:
        config.sanitize = old
    assert {(f.pipe, f.other_pipe) for f in report.findings} <= {("PIPE_MTE2", "PIPE_MTE2")}
    return report.busy[MTE2] / cores, report


def test_a_second_read_of_data_in_l2_is_served_at_the_l2_rate():
    one, _ = mte2_time(passes=1)
    two, _ = mte2_time(passes=2)
    l2_rate = min(COST["l2_read_core"], COST["l2_bw"])
    # The second pass moves 128 KB through the read port at the L2 rate (the copies' issue
    # overlaps it); it starts while the last read of the first pass is still landing.
    second = 2 * 65536 / l2_rate - COST["gm_latency"]
    assert two - one == pytest.approx(second, rel=0.02)
    assert two < 1.5 * one


def test_reads_around_l2_are_not_kept_for_the_next_pass():
    one, _ = mte2_time(passes=1, bypass=True)
    two, _ = mte2_time(passes=2, bypass=True)
    assert two == pytest.approx(2 * one, rel=0.05)


def test_unaligned_bursts_read_every_line_they_touch_from_hbm():
    aligned, _ = mte2_time(tile=1024)
    # One half off: every 2 KB burst starts 2 bytes into a line and touches 5 lines, not 4.
    unaligned, _ = mte2_time(tile=1024, offset=1)
    assert unaligned / aligned == pytest.approx(5 / 4, rel=0.03)


def test_the_cores_of_a_launch_share_the_hbm_bandwidth():
    one, _ = mte2_time(cores=1)
    many, report = mte2_time(cores=48)
    # One core reads at its DMA's rate; 48 get hbm_bw / 48 each.
    n = 65536 * 2
    assert one == pytest.approx(n / COST["gm_read_core"] + COST["gm_latency"], rel=0.03)
    assert many == pytest.approx(n / (COST["hbm_bw"] / 48) + COST["gm_latency"], rel=0.03)
    # Every core takes the same time: the share is static.
    assert len(set(report.core_cycles)) == 1


@asc.jit
def column_tiles(src: asc.GlobalAddress, rows: int, bypass: asc.ConstExpr[bool]):
    """Each core reads its rows x 512 halfs as [128, 64] tiles: 128 bursts of 128 bytes, 1 KB
    apart, per copy (data_copy's scenario 8 on private rows)."""
    g = asc.GlobalTensor()
    g.set_global_buffer(src + asc.get_block_idx() * rows * 512, rows * 512)
    if bypass:
        g.set_l2_cache_hint(asc.CacheMode.CACHE_MODE_DISABLE)
    ub = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 8 * 128 * 64)
    pad = asc.DataCopyPadParams(False, 0, 0, 0)
    params = asc.DataCopyParams(128, 128, (512 - 64) * 2, 0)
    for i in range(rows // 128):
        for j in range(8):
            asc.data_copy_pad(ub[j * 128 * 64:], g[i * 128 * 512 + j * 64:], params, pad)
        asc.pipe_barrier(asc.Pipe.PIPE_MTE2)  # the next row of tiles reuses the UB tiles
    asc.pipe_barrier(asc.Pipe.PIPE_ALL)


def column_tiles_mte2(cores: int, bypass: bool, rows: int = 256) -> float:
    report = column_tiles[cores](np.zeros(cores * rows * 512, np.float16), rows, bypass)
    assert not report.findings
    return report.busy[MTE2] / cores


@pytest.mark.parametrize("cores", [1, 48])
def test_a_burst_read_around_l2_holds_the_cores_hbm_share_beyond_its_bytes(cores):
    bursts = 256 * 8
    share = COST["hbm_bw"] / cores
    # Each 128-byte burst: its bytes on the core's share, then `bypass_burst` (dc-ub-8); the
    # core's own DMA rate bounds it from below. 48 cores: share-bound, 1.55 times the bytes.
    per_burst = max(128 / share + COST["bypass_burst"], 128 / COST["gm_read_core"])
    want = bursts * per_burst + 2 * COST["gm_latency"]  # two rows of tiles, a barrier each
    assert column_tiles_mte2(cores, True) == pytest.approx(want, rel=0.03)
    if cores == 48:
        assert per_burst > 1.5 * 128 / share
        # Cached, the same reads fill whole lines (three bursts in four are L2 hits) and pay
        # nothing per burst.
        cached = column_tiles_mte2(cores, False)
        assert cached < want - 0.5 * bursts * COST["bypass_burst"]


class Core:
    """The per-core state MemSystem keeps on a CoreSim."""

    def __init__(self, idx=0):
        self.block_idx = idx
        self.lane, self.kind, self.sub_idx = idx, "aiv", 0
        self.l2_clock = self.l2_resident = self.l2_dirty = self.wb_pending = 0
        self.t = 0.0
        self.l2_hist = []


def small_l2(lines: int):
    soc = get_soc()
    facts = dict(soc.facts)
    facts["l2_bytes"] = Fact(lines * 512, "bytes", "test")
    return dataclasses.replace(soc, facts=facts)


def gm(nbytes: int) -> GMBuffer:
    return GMBuffer(0, "x", sim_dtype(f16), np.zeros(nbytes // 2, np.float16))


def test_lru_by_reuse_distance_and_the_cores_share_of_the_l2():
    ms = MemSystem(small_l2(64), active=2)  # 32 lines per core
    buf, core = gm(1 << 20), Core()
    assert ms.read(core, buf, 0, 8192, 8192, 1, CACHE_NORMAL)[0] == 8192  # 16 lines, cold
    assert ms.read(core, buf, 0, 8192, 8192, 1, CACHE_NORMAL)[:2] == (0, 8192)  # all hit
    # 16 more lines: 32 lines inserted since, the L2's 64 lines filling at twice this core's
    # rate: the first 16 are gone.
    ms.read(core, buf, 65536, 16384, 16384, 1, CACHE_NORMAL)
    assert ms.read(core, buf, 0, 8192, 8192, 1, CACHE_NORMAL)[0] == 8192


def test_evicted_dirty_lines_are_written_back():
    ms = MemSystem(small_l2(64), active=2)
    buf, core = gm(1 << 20), Core()
    assert ms.write(core, buf, 0, 16384, 16384, 1, CACHE_NORMAL) == (0, 16384)  # 32 lines
    assert core.l2_dirty == 32 and core.wb_pending == 0
    ms.read(core, buf, 65536, 4096, 4096, 1, CACHE_NORMAL)  # 8 lines evict 8 dirty ones
    assert core.wb_pending == 8 * 512 and core.l2_dirty == 24
    # LRU does not prefer dirty lines: with 16 of 32 lines dirty, 8 evicted lines write back 4.
    ms = MemSystem(small_l2(64), active=2)
    buf, core = gm(1 << 20), Core()
    ms.write(core, buf, 0, 8192, 8192, 1, CACHE_NORMAL)
    ms.read(core, buf, 65536, 8192, 8192, 1, CACHE_NORMAL)
    assert core.l2_dirty == 16 and core.wb_pending == 0
    ms.read(core, buf, 131072, 4096, 4096, 1, CACHE_NORMAL)
    assert core.wb_pending == 4 * 512 and core.l2_dirty == 12
    # One line at a time, the write-backs add up instead of rounding to nothing.
    for i in range(8):
        ms.read(core, buf, 262144 + i * 512, 512, 512, 1, CACHE_NORMAL)
    assert core.wb_pending == pytest.approx(4 * 512 + 512 * sum(12 * (31 / 32) ** i / 32
                                                                for i in range(8)))
    # One read of more lines than the share holds writes back every dirty line, no more.
    ms = MemSystem(small_l2(64), active=2)
    buf, core = gm(1 << 20), Core()
    ms.write(core, buf, 0, 16384, 16384, 1, CACHE_NORMAL)  # 32 dirty lines: the whole share
    ms.read(core, buf, 65536, 32768, 32768, 1, CACHE_NORMAL)  # 64 lines
    assert core.wb_pending == 32 * 512 and core.l2_dirty == 0
    # A write around L2 goes to HBM and leaves the L2 alone.
    assert ms.write(core, buf, 131072, 1000, 1000, 1, CACHE_DISABLE) == (1024, 0)


def test_a_line_another_core_fetched_is_a_hit_without_its_landing_time():
    ms = MemSystem(get_soc(), active=2)
    buf = gm(1 << 20)
    a, b = Core(0), Core(1)
    hbm, _, _, fetched = ms.read(a, buf, 0, 512, 512, 1, CACHE_NORMAL)
    ms.landed(buf, fetched, 5000.0)
    assert ms.read(a, buf, 0, 512, 512, 1, CACHE_NORMAL)[2] == 5000.0  # waits for its own
    assert ms.read(b, buf, 0, 512, 512, 1, CACHE_NORMAL)[:3] == (0, 512, 0.0)


def test_strided_bursts_count_each_line_once():
    ms = MemSystem(get_soc(), active=1)
    buf, core = gm(1 << 20), Core()
    # 4 bursts of 128 bytes, 128 apart: one line.
    assert ms.read(core, buf, 0, 128, 128 * 2, 2, CACHE_NORMAL)[0] == 512
    assert ms.read(core, buf, 1024, 128, 2048, 4, CACHE_NORMAL)[0] == 4 * 512


def test_residency_counts_the_lines_the_other_cores_inserted_meanwhile():
    ms = MemSystem(small_l2(64), active=2)
    buf = gm(1 << 20)
    a, b = Core(0), Core(1)
    # Core a (simulated first) streams 64 lines between t = 10 and t = 80.
    for i in range(8):
        a.t = 10.0 * (i + 1)
        ms.read(a, buf, 65536 + i * 4096, 4096, 4096, 1, CACHE_NORMAL)
    ms.finish(a)
    # Core b reads one line at t = 0, when a had inserted nothing yet ...
    assert ms.read(b, buf, 0, 512, 512, 1, CACHE_NORMAL)[0] == 512
    # ... and again at t = 5: still there.
    b.t = 5.0
    assert ms.read(b, buf, 0, 512, 512, 1, CACHE_NORMAL)[:2] == (0, 512)
    # At t = 100 the chip has inserted a's 64 lines since: the L2's capacity, so it is gone,
    # though b itself inserted one line (its own count, scaled to the launch, said 2).
    b.t = 100.0
    assert ms.now(b) == pytest.approx((64 + 1) * 2 / 2)
    assert ms.read(b, buf, 0, 512, 512, 1, CACHE_NORMAL)[0] == 512
    # Half-way through a's stream the chip clock counts half of a's lines.
    b.t = 40.0
    assert ms.now(b) == pytest.approx((32 + 2) * 2 / 2)


def test_a_group_another_core_used_ahead_of_this_cores_clock_is_resident():
    # The first pass guesses the chip's clock from the cores simulated so far, so two cores'
    # guesses at one time disagree: core 0, alone so far, counts its 160 lines four times; core
    # 1, which inserts nothing, counts them twice (4 cores over the 2 seen). A stamp ahead of
    # the reader's clock is another core's later use, not an eviction: the line is there.
    ms = MemSystem(small_l2(256), active=4)
    buf = gm(1 << 23)
    a, b = Core(0), Core(1)
    for i in range(20):  # 8 new lines at each t = 4, 8, ..., 80
        a.t = 4.0 * (i + 1)
        ms.read(a, buf, (1 << 20) + i * 4096, 4096, 4096, 1, CACHE_NORMAL)
    shared = 1 << 22
    assert ms.read(a, buf, shared, 4096, 4096, 1, CACHE_NORMAL)[0] == 4096  # stamped at 640
    ms.finish(a)
    b.t = 80.0
    assert ms.now(b) == pytest.approx(168 * 4 / 2)  # 336: the stamp is 304 lines ahead
    assert ms.read(b, buf, shared, 4096, 4096, 1, CACHE_NORMAL)[:2] == (0, 4096)
    assert b.l2_clock == 0
    # A stamp a whole L2 behind is still an eviction.
    b.t = 200.0
    ms.read(b, buf, 1 << 21, 256 * 1024, 256 * 1024, 1, CACHE_NORMAL)  # 512 lines of its own
    assert ms.read(b, buf, shared, 4096, 4096, 1, CACHE_NORMAL)[0] == 4096


def stream(ms, core, buf, base, times):
    """Core reads one new 4 KB block (8 lines) at each of `times`, from byte `base` on."""
    for i, t in enumerate(times):
        core.t = t
        ms.read(core, buf, base + i * 4096, 4096, 4096, 1, CACHE_NORMAL)
    ms.finish(core)


def test_a_second_pass_ages_lines_by_what_the_other_cores_inserted_in_the_first():
    # Four cores; core 0 (simulated first) streams 64 lines between t = 10 and 80, the
    # others 8 lines each at t = 50. The first pass scales what it has seen to the launch:
    # for core 1 at t = 100 it counts core 0's 64 lines as two such cores' (4 / 2).
    first = MemSystem(small_l2(256), active=4)
    first.hists = {}
    buf = gm(1 << 23)
    a = Core(0)
    stream(first, a, buf, 1 << 20, [10.0 * (i + 1) for i in range(8)])
    b = Core(1)
    b.t = 100.0
    assert first.now(b) == pytest.approx(64 * 4 / 2)
    for k in (1, 2, 3):
        stream(first, Core(k), buf, (2 + k) << 20, [50.0])
    assert first.chip_n[-1] == 64 + 3 * 8
    # The second pass starts from the first's chip: every core's lines, the one asking
    # taken out for its own current count, and no scaling.
    second = MemSystem(small_l2(256), active=4)
    second.preload(first)
    buf = gm(1 << 23)  # a pass's own copy of GM, its lines cold
    b = Core(1)
    b.t = 100.0
    assert second.now(b) == 64 + 2 * 8
    b.t = 40.0
    assert second.now(b) == 32
    # Core 0, run again with half the lines, replaces its first run in the chip's clock.
    a = Core(0)
    stream(second, a, buf, 1 << 20, [10.0 * (i + 1) for i in range(4)])
    b.t = 100.0
    assert second.now(b) == 32 + 2 * 8
    # Once core 1 has run here too, the clock holds its second run, not its first.
    b.l2_clock = 0
    stream(second, b, buf, 3 << 20, [50.0, 60.0])
    c = Core(2)
    c.t = 100.0
    assert second.now(c) == 32 + 16 + 8


def test_a_cores_clock_history_grows_with_the_lines_it_inserts_over_its_share():
    ms = MemSystem(small_l2(64 * 64), active=2)  # a share of 2048 lines: a point every 32
    buf, core = gm(1 << 22), Core()
    for i in range(4096):  # one line each
        core.t = float(i)
        ms.read(core, buf, i * 512, 512, 512, 1, CACHE_NORMAL)
    assert core.l2_clock == 4096
    assert len(core.l2_hist) == 4096 // 32
    ms.finish(core)  # the last lines count too
    assert ms.chip_n[-1] == 4096 and core.l2_hist == []
    # Alone, a core keeps no history: no other core reads the chip's clock.
    ms1, solo = MemSystem(small_l2(64), active=1), Core()
    ms1.read(solo, buf, 0, 8192, 8192, 1, CACHE_NORMAL)
    assert solo.l2_hist == []


def test_the_chip_clock_merges_alike_in_python_and_in_numpy(monkeypatch):
    import ascdsl.sim.memsys as memsys

    rng = np.random.default_rng(5)
    hists = []
    for _ in range(6):  # cores whose histories interleave and tie at some times
        t = np.sort(rng.integers(0, 50, 12)).astype(float)
        hists.append(list(zip(t.tolist(), np.cumsum(rng.integers(1, 9, 12)).astype(float)
                              .tolist())))

    def clock(limit):
        monkeypatch.setattr(memsys, "_MERGE_IN_PYTHON", limit)
        ms = MemSystem(small_l2(64 * 64), active=6)
        for h in hists:
            core = Core()
            core.l2_hist, core.l2_clock, core.t = list(h), h[-1][1], h[-1][0]
            ms.finish(core)
        return ms.chip_t, ms.chip_n

    in_python, in_numpy = clock(10 ** 6), clock(0)
    assert in_python == in_numpy
    assert in_python[1][-1] == sum(h[-1][1] for h in hists)
    assert in_python[0] == sorted(in_python[0])


@asc.jit
def stream_then_reread(src: asc.GlobalAddress, copies: int, delay: int):
    """Core 0 streams `copies` 8 KB blocks of its own; every other core reads its 4 KB,
    works `delay` vector instructions in UB, and reads the 4 KB again."""
    ub = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 4096)
    g = asc.GlobalTensor()
    if asc.get_block_idx() == 0:
        g.set_global_buffer(src)
        for i in range(copies):
            asc.data_copy(ub, g[i * 4096:], 4096)
            asc.pipe_barrier(asc.Pipe.PIPE_MTE2)
    else:
        g.set_global_buffer(src + (64 + asc.get_block_idx()) * 4096)
        asc.data_copy(ub, g, 2048)
        asc.pipe_barrier(asc.Pipe.PIPE_ALL)
        for i in range(delay):
            asc.adds(ub[2048:], ub[2048:], 1.0, 2048)
            asc.pipe_barrier(asc.Pipe.PIPE_V)
        asc.pipe_barrier(asc.Pipe.PIPE_ALL)
        asc.data_copy(ub, g, 2048)
    asc.pipe_barrier(asc.Pipe.PIPE_ALL)


def test_the_second_pass_keeps_what_the_first_passs_guess_evicted(monkeypatch):
    # An L2 of 256 lines, four cores. Core 0 streams 144 lines while core 1 waits between two
    # reads of its 8; the other two read 8 each: well under 256 lines are inserted in between,
    # so the second read hits. The first pass, with only core 0 run before core 1, scales
    # what it has seen to the launch ((144 + 8) x 4 / 2 = 304 lines) and misses; the second
    # counts each core as it ran in the first.
    from ascdsl.sim.kernel import SimKernel

    src = np.zeros(80 * 4096, np.float16)
    module = stream_then_reread.compile(src, 9, 400, core_num=4).module
    kernel = SimKernel(module, "stream_then_reread", soc=small_l2(256))
    misses: dict[int, list[int]] = {}
    read, group_copy = MemSystem.read, CoreSim._group_copy

    def spy(self, core, buf, start, length, stride, count, mode, *rest, **kw):
        out = read(self, core, buf, start, length, stride, count, mode, *rest, **kw)
        if core.block_idx == 1:
            misses.setdefault(id(self), []).append(out[0])
        return out

    def spy_group(core, *args):
        # The shortcut of one group of lines: the core's L2 count grows by the lines a read
        # fetches.
        before = core.l2_clock
        group_copy(core, *args)
        if core.block_idx == 1 and not args[8]:  # a read
            ms = core.memsys
            misses.setdefault(id(ms), []).append((core.l2_clock - before) * ms.line)

    monkeypatch.setattr(MemSystem, "read", spy)
    monkeypatch.setattr(CoreSim, "_group_copy", spy_group)
    report = kernel.run(4, [src, 9, 400], sanitize="off")
    first, second = misses.values()
    assert first == [4096, 4096]  # cold, then aged out by the guess
    assert second == [4096, 0]
    assert report.core_cycles[0] < report.core_cycles[1]  # core 1 re-reads after the stream


@asc.jit
def rows_in_step(src: asc.GlobalAddress, rounds: int):
    """Cores 0 and 2 read one 16 KB panel each round, cores 1 and 3 another (a row of A the
    cores of a row of the split share), each core then a new 16 KB block of its own (its B)."""
    ub = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 8192)
    panel = asc.GlobalTensor()
    own = asc.GlobalTensor()
    idx = asc.get_block_idx()
    panel.set_global_buffer(src + (idx % 2) * 16384)  # 32 KB apart: L2 state of their own
    own.set_global_buffer(src + 32768 + idx * rounds * 8192)
    for r in range(rounds):
        asc.data_copy(ub, panel, 8192)
        asc.pipe_barrier(asc.Pipe.PIPE_MTE2)
        asc.data_copy(ub, own[r * 8192:], 8192)
        asc.pipe_barrier(asc.Pipe.PIPE_MTE2)


def test_cores_reading_a_panel_in_step_fetch_it_once(monkeypatch):
    # An L2 of 256 lines; a round inserts 4 x 32 lines of the cores' own blocks, so on the chip
    # each panel (32 lines) stays from round to round and is fetched once. The first pass
    # guesses: cores 0 and 1, simulated first, count their 64 lines a round as the launch's
    # (4 / 1 and 4 / 2 times the cores seen) and fetch their panel every round. Cores 2 and 3,
    # which share those panels and insert less, count fewer, so the last use they find is
    # ahead of their clocks, by more each round. Taken for an eviction once a whole L2 ahead,
    # they fetched the panel again from round 5 on; the second pass started from that, and
    # every core fetched its panel every round ([384] * 4 below).
    from ascdsl.sim.kernel import SimKernel

    rounds = 8
    src = np.zeros(32768 + 4 * rounds * 8192, np.float16)
    module = rows_in_step.compile(src, rounds, core_num=4).module
    kernel = SimKernel(module, "rows_in_step", soc=small_l2(256))
    inserted: dict[int, list[int]] = {}
    insert, group_copy = MemSystem._insert, CoreSim._group_copy

    def spy(self, core, k):
        inserted.setdefault(id(self), [0] * 4)[core.block_idx] += k
        return insert(self, core, k)

    def spy_group(core, *args):
        # The shortcut of one group of lines inserts what it fetches itself.
        before = core.l2_clock
        group_copy(core, *args)
        inserted.setdefault(id(core.memsys), [0] * 4)[core.block_idx] += \
            core.l2_clock - before

    monkeypatch.setattr(MemSystem, "_insert", spy)
    monkeypatch.setattr(CoreSim, "_group_copy", spy_group)
    kernel.run(4, [src, rounds], sanitize="off")
    first, second = inserted.values()
    assert first == [64 * rounds, 64 * rounds, 32 * rounds, 32 * rounds]
    assert second == [32 + 32 * rounds, 32 + 32 * rounds, 32 * rounds, 32 * rounds]
