"""HBM bandwidth shared by the cores moving data at the time (ascdsl.sim.memsys: `share_hbm`,
`hbm_after`, `sharing_spans`; SimKernel.run's second, timing-only pass)."""

import numpy as np
import pytest

import ascdsl as asc
from ascdsl.dialects.ascendc.soc import get_soc
from ascdsl.sim.memsys import MemSystem, sharing_spans

SOC = get_soc()
COST = SOC.cost
BW = COST["hbm_bw"]
MTE2 = "PIPE_MTE2"


def test_the_share_grows_as_the_other_cores_finish():
    ms = MemSystem(SOC, 48)
    assert ms.hbm_after(0.0, BW) == pytest.approx(48.0)  # static: bw / 48 each
    ms.share_hbm([(0.0, 1000.0, 1.0), (0.0, 3000.0, 1.0)])
    # Two cores until t = 1000 (bw / 2 each), then the one left has all of it.
    first = 1000 * BW / 2
    assert ms.hbm_after(0.0, first) == pytest.approx(1000.0)
    assert ms.hbm_after(0.0, first + BW * 500) == pytest.approx(1500.0)
    assert ms.hbm_after(500.0, BW / 2 * 100) == pytest.approx(600.0)
    # After the last end the core is alone (its DMA's own rate bounds it elsewhere).
    assert ms.hbm_after(5000.0, BW) == pytest.approx(5001.0)
    # The port model's test for HBM-bound cores uses the share while all of them read.
    assert ms.hbm_rate == pytest.approx(BW / 2)
    assert not ms.hbm_bound


def test_a_core_shares_only_while_it_moves_data():
    ms = MemSystem(SOC, 48)
    # Core A streams from 0 to 10000; cores B and C move data only from 8000 on (a MIX
    # kernel's vector cores dequantising what the cube cores computed).
    ms.share_hbm([(0.0, 10000.0, 1.0), (8000.0, 9000.0, 1.0), (8000.0, 12000.0, 1.0)])
    # A has HBM alone until 8000, then a third of it until 9000, then a half.
    assert ms.hbm_after(0.0, BW * 8000) == pytest.approx(8000.0)
    assert ms.hbm_after(0.0, BW * 8000 + BW / 3 * 1000) == pytest.approx(9000.0)
    assert ms.hbm_after(0.0, BW * 8000 + BW / 3 * 1000 + BW / 2 * 500) == pytest.approx(9500.0)
    # Before 8000 no other core is moving data, so B alone would get all of it.
    assert ms.hbm_after(1000.0, BW * 10) == pytest.approx(1010.0)
    # The port model's test for HBM-bound cores uses the most cores sharing at once.
    assert ms.hbm_rate == pytest.approx(BW / 3)


def test_a_core_that_moves_data_now_and_then_counts_as_a_sliver():
    ms = MemSystem(SOC, 72)
    # 24 cube cores stream all along; 48 vector cores move a block now and then, their
    # shares busy 4% of the time (asc-devkit's matmul_gelu): 24 + 48 x 0.04 = 25.92 cores.
    ms.share_hbm([(0.0, 1000.0, 1.0)] * 24 + [(0.0, 1000.0, 0.04)] * 48)
    assert ms.hbm_after(0.0, BW / 25.92 * 100) == pytest.approx(100.0)
    assert ms.hbm_rate == pytest.approx(BW / 25.92)
    # The L2's bandwidth too: 3250 / 25.92 = 125 B/cycle, over a core's own 110.
    assert ms.l2_rate == pytest.approx(min(COST["l2_read_core"], COST["l2_bw"] / 25.92))
    assert MemSystem(SOC, 72).l2_rate == pytest.approx(COST["l2_bw"] / 72)
    # Fewer than one core counted at once: each has HBM alone.
    ms.share_hbm([(0.0, 1000.0, 0.3), (0.0, 1000.0, 0.3)])
    assert ms.hbm_after(0.0, BW * 10) == pytest.approx(10.0)


def test_sharing_only_when_the_cores_moving_data_are_clearly_fewer():
    def spans(ends):  # cores that all start moving data at once, their shares always busy
        return [(0.0, e, e) for e in ends]

    assert sharing_spans(4, spans([100.0, 100.0, 99.0, 100.0])) is None  # balanced
    assert sharing_spans(4, [(-1.0, 0.0, 0.0)] * 4) is None  # no HBM traffic at all
    assert sharing_spans(4, [(0.0, 100.0, 100.0)] + [(-1.0, 0.0, 0.0)] * 3) == [
        (0.0, 100.0, 1.0)]
    # Mean count over the launch's HBM time: (100 + 100 + 100 + 50) / 100 = 3.5 < 3.6.
    assert sharing_spans(4, spans([100.0, 100.0, 50.0, 100.0])) == [
        (0.0, 50.0, 1.0), (0.0, 100.0, 1.0), (0.0, 100.0, 1.0), (0.0, 100.0, 1.0)]
    assert sharing_spans(4, spans([100.0, 100.0, 70.0, 100.0])) is None  # 3.7: not worth it
    # All four move data late, together: the same share either way, no second pass.
    assert sharing_spans(4, [(900.0, 1000.0, 100.0)] * 4) is None
    # Two move data all along, two only at the end: (1000 + 1000 + 100 + 100) / 1000 = 2.2.
    late = [(0.0, 1000.0, 1000.0), (0.0, 1000.0, 1000.0), (900.0, 1000.0, 100.0),
            (900.0, 1000.0, 100.0)]
    assert sharing_spans(4, late) == sorted((a, b, 1.0) for a, b, _ in late)
    # All four move data all along, but two have their shares busy a tenth as often as the
    # other two: 2.2 cores again.
    light = [(0.0, 1000.0, 800.0)] * 2 + [(0.0, 1000.0, 80.0)] * 2
    got = sharing_spans(4, light)
    assert [w for _, _, w in got] == pytest.approx([0.1, 0.1, 1.0, 1.0])
    assert [(a, b) for a, b, _ in got] == [(0.0, 1000.0)] * 4
    # Every share busy 60-70% of the time (a copy in, a copy out): the cores move data in
    # step and count whole, no second pass.
    assert sharing_spans(4, [(0.0, 1000.0, 650.0), (0.0, 1000.0, 600.0)] * 2) is None
    # The busiest share is the longest busy, not a core's one short burst: the three
    # streaming cores count whole beside it.
    burst = [(0.0, 1000.0, 500.0)] * 3 + [(0.0, 10.0, 10.0)]
    assert sharing_spans(4, burst) == [(0.0, 10.0, 1.0)] + [(0.0, 1000.0, 1.0)] * 3


@asc.jit
def stream(g, o, ub, n, tile: asc.ConstExpr[int]):
    """Copy n halfs of `g` through `ub` to `o`, `tile` at a time, in and out in turn."""
    for i in range(n // tile):
        asc.data_copy(ub, g[i * tile:], tile)
        asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
        asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
        asc.data_copy(o[i * tile:], ub, tile)
        asc.set_flag(asc.HardEvent.MTE3_MTE2, 0)
        asc.wait_flag(asc.HardEvent.MTE3_MTE2, 0)


@asc.jit
def some_read(src: asc.GlobalAddress, dst: asc.GlobalAddress, n: int, used: int,
              tile: asc.ConstExpr[int]):
    """The first `used` cores copy their n halfs in and out, `tile` at a time; the rest idle."""
    g = asc.GlobalTensor()
    g.set_global_buffer(src + asc.get_block_idx() * n, n)
    o = asc.GlobalTensor()
    o.set_global_buffer(dst + asc.get_block_idx() * n, n)
    ub = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, tile)
    if asc.get_block_idx() < used:
        stream(g, o, ub, n, tile)
    asc.pipe_barrier(asc.Pipe.PIPE_ALL)


def mte2_per_busy_core(used: int, cores: int = 48, n: int = 65536):
    src = (np.arange(cores * n) % 251).astype(np.float16)
    dst = np.zeros_like(src)
    report = some_read[cores](src, dst, n, used, 8192)
    # The results are the first pass's and right; the idle cores wrote nothing.
    assert np.array_equal(dst[:used * n], src[:used * n])
    assert not dst[used * n:].any()
    return report.busy[MTE2] / used


def test_idle_cores_leave_their_share_of_hbm_to_the_cores_reading():
    n = 65536 * 2  # bytes each busy core reads, in 16 KB copies
    steps = n // 16384
    # All 48 read: hbm_bw / 48 each (17 B/cycle).
    all48 = mte2_per_busy_core(48)
    assert all48 == pytest.approx(n / (BW / 48) + steps * COST["gm_latency"], rel=0.05)
    # 40 of 48 read: the 8 idle cores do not hold a share (820 / 40 = 20.5 B/cycle).
    forty = mte2_per_busy_core(40)
    assert forty == pytest.approx(n / (BW / 40) + steps * COST["gm_latency"], rel=0.05)
    # 6 of 48 read: HBM's 137 B/cycle each is more than one core's DMA reaches
    # (`gm_read_core`, 32 B/cycle): that is the bound.
    six = mte2_per_busy_core(6)
    assert six == pytest.approx(n / COST["gm_read_core"] + steps * COST["gm_latency"],
                                rel=0.05)
    assert six < forty < all48


@asc.jit
def streams_and_trickles(src: asc.GlobalAddress, dst: asc.GlobalAddress, n: int, heavy: int,
                         work: int, tile: asc.ConstExpr[int]):
    """Cores below `heavy` stream their n halfs in `tile` copies; the others copy 512 bytes,
    compute for `work` Adds, and copy 512 bytes again: their HBM traffic spans the launch but
    their share is almost always idle."""
    idx = asc.get_block_idx()
    g = asc.GlobalTensor()
    g.set_global_buffer(src + idx * n, n)
    ub = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, tile)
    if idx < heavy:
        o = asc.GlobalTensor()
        o.set_global_buffer(dst + idx * n, n)
        stream(g, o, ub, n, tile)
    else:
        asc.data_copy(ub, g, 256)
        asc.set_flag(asc.HardEvent.MTE2_V, 0)
        asc.wait_flag(asc.HardEvent.MTE2_V, 0)
        for _ in range(work):
            asc.adds(ub, ub, 1.0, count=tile)
            asc.pipe_barrier(asc.Pipe.PIPE_V)
        asc.set_flag(asc.HardEvent.V_MTE2, 0)
        asc.wait_flag(asc.HardEvent.V_MTE2, 0)
        asc.data_copy(ub, g[n - 256:], 256)
    asc.pipe_barrier(asc.Pipe.PIPE_ALL)


def test_cores_that_trickle_leave_most_of_hbm_to_the_cores_streaming():
    cores, heavy, n = 48, 24, 65536
    src = (np.arange(cores * n) % 251).astype(np.float16)
    dst = np.zeros_like(src)
    report = streams_and_trickles[cores](src, dst, n, heavy, 120, 8192)
    assert np.array_equal(dst[:heavy * n], src[:heavy * n])
    # The trickling cores' HBM spans cover the streaming cores' (so the spans alone would
    # leave 48 sharers), but their shares are busy a sliver of the time: the 24 streaming
    # cores share HBM among about 24, 34 B/cycle each, over a vector core's own 32.
    first, last = report.cores[0], report.cores[heavy]
    assert last.busy[MTE2] < 0.1 * first.busy[MTE2]
    steps = n * 2 // 16384
    mte2 = sum(c.busy[MTE2] for c in report.cores[:heavy]) / heavy
    assert mte2 == pytest.approx(n * 2 / COST["gm_read_core"] + steps * COST["gm_latency"],
                                 rel=0.08)
    # Counted whole, the 48 would get 17 B/cycle each (the all-streaming case above).
    assert mte2 < 0.7 * (n * 2 / (BW / cores) + steps * COST["gm_latency"])
