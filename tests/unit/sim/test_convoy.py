"""Cores reading the same bytes around L2 at once are served one after another
(ascdsl.sim.convoy): the rule on logs, and a launch of cores in step against staggered ones."""

import numpy as np
import pytest

import ascdsl as asc
from ascdsl.dialects.ascendc.soc import get_soc
from ascdsl.sim import convoy

COST = get_soc().cost
MTE2 = "PIPE_MTE2"


def log(cores: int, blocks: int, stagger: bool, step: float = 1000.0, flight: float = 1200.0):
    """Each core reads `blocks` blocks of one buffer, one copy per block, in the same order or
    starting at its own block: (core, request, landing, buffer, start, burst, stride, count)."""
    out = []
    for c in range(cores):
        for i in range(blocks):
            b = (i + c) % blocks if stagger else i
            t = i * step
            out.append((c, t, t + flight, 0, b * 4096, 128, 1024, 4))
    return out


def test_cores_in_step_read_each_copy_in_company_of_all():
    k = convoy.resolve(log(6, 8, stagger=False))
    assert sorted(k) == list(range(6))
    assert all(list(q) == [6.0] * 8 for q in k.values())


def test_staggered_cores_have_company_only_while_a_neighbours_copy_lands():
    # Core c reads block b one step after core c + 1 did; that copy is still landing for the
    # first 200 of this one's 1200 cycles.
    k = convoy.resolve(log(6, 8, stagger=True))
    assert k[0][1] == pytest.approx(1 + 200 / 1200)
    assert convoy.resolve(log(6, 8, stagger=True, flight=900.0)) is None


def test_a_cores_own_reads_of_the_same_bytes_are_not_company():
    # One core reads the same block twice, the second request out before the first landed.
    reads = [(0, 0.0, 1200.0, 0, 0, 128, 1024, 4), (0, 1000.0, 2200.0, 0, 0, 128, 1024, 4),
             (1, 5000.0, 6200.0, 0, 0, 128, 1024, 4)]
    assert convoy.resolve(reads) is None


def test_company_counts_only_while_in_flight_and_the_same_bursts():
    reads = [(0, 0.0, 1000.0, 0, 0, 128, 1024, 4),
             (1, 999.0, 2000.0, 0, 0, 128, 1024, 4),    # overlaps core 0's copy
             (2, 1000.0, 2000.0, 0, 0, 128, 1024, 4),   # starts as core 0's lands
             (3, 0.0, 1000.0, 0, 128, 128, 1024, 4),    # other bytes
             (4, 0.0, 1000.0, 1, 0, 128, 1024, 4)]      # another buffer
    k = convoy.resolve(reads)
    # Weighted by the time in flight together: core 1 shares 1 of its 1001 cycles with core
    # 0 and all 1000 of core 2's; core 2 starts as core 0's copy lands.
    assert k[0][0] == pytest.approx(1 + 1 / 1000)
    assert k[1][0] == pytest.approx(1 + 1 / 1001 + 1000 / 1001)
    assert k[2][0] == pytest.approx(2.0)
    assert k[3][0] == k[4][0] == 1.0


@asc.jit
def whole_matrix(src: asc.GlobalAddress, blocks: int, stagger: asc.ConstExpr[bool],
                 bypass: asc.ConstExpr[bool]):
    """Every core reads the first two [64, 64] tiles (64 bursts of 128 bytes, 1 KB apart) of
    all `blocks` blocks of 64 rows x 512 halfs, in the same order or starting at its own
    block."""
    g = asc.GlobalTensor()
    g.set_global_buffer(src, blocks * 64 * 512)
    if bypass:
        g.set_l2_cache_hint(asc.CacheMode.CACHE_MODE_DISABLE)
    ub = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 2 * 64 * 64)
    pad = asc.DataCopyPadParams(False, 0, 0, 0)
    params = asc.DataCopyParams(64, 128, (512 - 64) * 2, 0)
    for i in range(blocks):
        b = i
        if stagger:
            b = (i + asc.get_block_idx()) % blocks
        for j in range(2):
            asc.data_copy_pad(ub[j * 64 * 64:], g[b * 64 * 512 + j * 64:], params, pad)
        asc.pipe_barrier(asc.Pipe.PIPE_MTE2)  # the next block reuses the UB tiles
    asc.pipe_barrier(asc.Pipe.PIPE_ALL)


def launch(cores: int, stagger: bool, bypass: bool = True):
    report = whole_matrix[cores](np.zeros(cores * 64 * 512, np.float16), cores, stagger,
                                 bypass)
    assert not report.findings
    return report


def mte2(cores: int, stagger: bool, bypass: bool = True) -> float:
    return launch(cores, stagger, bypass).busy[MTE2] / cores


def test_cores_reading_one_matrix_in_step_around_l2_are_served_one_after_another():
    cores = 48
    bursts = cores * 2 * 64  # every core: every block, 2 tiles of 64 bursts
    latency = cores * COST["gm_latency"]  # a barrier after each block
    staggered = mte2(cores, stagger=True)
    per_burst = 128 / (COST["hbm_bw"] / cores) + COST["bypass_burst"]
    assert staggered == pytest.approx(bursts * per_burst + latency, rel=0.03)
    # In step, the 48 copies of each burst pass one after another at same_bytes_bw, slower
    # than the share and the per-burst cost (with 16 cores they would not be).
    in_step = mte2(cores, stagger=False)
    per_burst = cores * 128 / COST["same_bytes_bw"]
    assert in_step == pytest.approx(bursts * per_burst + latency, rel=0.03)
    assert in_step > 1.2 * staggered


def test_cached_reads_in_step_are_left_to_the_l2():
    # Through L2 one copy of each line serves the cores that follow; the rule is for reads
    # around L2 only.
    cores = 16
    assert mte2(cores, stagger=False, bypass=False) < 0.8 * mte2(cores, stagger=False)


def test_the_report_says_how_long_the_reads_waited_for_the_same_bytes():
    cores = 48
    staggered, in_step = launch(cores, stagger=True), launch(cores, stagger=False)
    assert staggered.same_bytes_wait == 0
    assert "same bytes" not in staggered.summary()
    # The wait is what staggering saves on MTE2.
    saved = (in_step.busy[MTE2] - staggered.busy[MTE2]) / cores
    assert in_step.same_bytes_wait / cores == pytest.approx(saved, rel=0.05)
    assert f"waited {in_step.same_bytes_wait / cores:,.0f} cycles per core behind other " \
        "cores reading the same bytes" in in_step.summary()
