"""A core's GM port shared by its reads and writes while HBM is saturated (ascdsl.sim.port).

The kernel streams x and y through UB into z (z = x + y, as asc-devkit's add) in steps; double buffering issues the next
step's read after this step's write in program order although it starts first in time, which
is the case the port has to time retroactively.
"""

import numpy as np
import pytest

import ascdsl as asc
import ascdsl.runtime.config as config
from ascdsl.dialects.ascendc.soc import get_soc

COST = get_soc().cost
MTE2, MTE3 = "PIPE_MTE2", "PIPE_MTE3"
TILE = 8192  # halfs: 16 KB per copy (3 x 2 tiles of UB)
STEPS = 8

V_MTE2 = asc.HardEvent.V_MTE2
MTE2_V = asc.HardEvent.MTE2_V
V_MTE3 = asc.HardEvent.V_MTE3
MTE3_V = asc.HardEvent.MTE3_V


@asc.jit
def stream(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress,
           double: asc.ConstExpr[bool]):
    """z = x + y over STEPS tiles per core; x and y are read around L2 (no write-backs)."""
    n = TILE * STEPS
    xg = asc.GlobalTensor()
    yg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x + asc.get_block_idx() * n, n)
    yg.set_global_buffer(y + asc.get_block_idx() * n, n)
    zg.set_global_buffer(z + asc.get_block_idx() * n, n)
    xg.set_l2_cache_hint(asc.CacheMode.CACHE_MODE_DISABLE)
    yg.set_l2_cache_hint(asc.CacheMode.CACHE_MODE_DISABLE)
    asc.set_flag(V_MTE2, 0)
    asc.set_flag(V_MTE2, 1)
    asc.set_flag(MTE3_V, 0)
    asc.set_flag(MTE3_V, 1)
    for step in range(STEPS):
        e = step & 1
        if not double:
            e = 0
        xl = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, e * 3 * TILE * 2, TILE)
        yl = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, (e * 3 + 1) * TILE * 2, TILE)
        zl = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, (e * 3 + 2) * TILE * 2, TILE)
        asc.wait_flag(V_MTE2, e)
        asc.data_copy(xl, xg[step * TILE:], TILE)
        asc.data_copy(yl, yg[step * TILE:], TILE)
        asc.set_flag(MTE2_V, e)
        asc.wait_flag(MTE2_V, e)
        asc.wait_flag(MTE3_V, e)
        asc.add(zl, xl, yl, TILE)
        asc.set_flag(V_MTE2, e)
        asc.set_flag(V_MTE3, e)
        asc.wait_flag(V_MTE3, e)
        asc.data_copy(zg[step * TILE:], zl, TILE)
        asc.set_flag(MTE3_V, e)
    asc.wait_flag(V_MTE2, 1)
    asc.wait_flag(MTE3_V, 1)
    asc.wait_flag(V_MTE2, 0)
    asc.wait_flag(MTE3_V, 0)
    asc.pipe_barrier(asc.Pipe.PIPE_ALL)


def run(cores, double):
    x = (np.arange(cores * TILE * STEPS) % 64).astype(np.float16)
    y = x[::-1].copy()
    z = np.zeros_like(x)
    config.trace = True
    try:
        report = stream[cores](x, y, z, double)
    finally:
        config.trace = False
    assert np.array_equal(z, x + y)
    return report


def _pipe_slices(core, pipe):
    from ascdsl.sim.sanitizer import PIPE_NAMES

    return [(PIPE_NAMES[p], d) for p, s, d, site in core.trace if PIPE_NAMES[p] == pipe and d > 0]


def alone():
    """Cycles of one write of a tile moving at the core's write rate."""
    return TILE * 2 / COST["gm_write_core"]


def test_a_write_during_an_hbm_bound_read_gets_what_the_port_has_left():
    report = run(48, double=True)
    share = COST["hbm_bw"] / 48
    assert share < COST["gm_read_core"]  # HBM is the reads' limit
    slow = TILE * 2 / (COST["gm_rw_core"] - share)
    writes = [d for _, d in _pipe_slices(report.cores[0], MTE3)]
    # Every write but the last overlaps the next step's read, which started before it.
    inner = writes[:-1]
    assert len(inner) == STEPS - 1
    for d in inner:
        assert d == pytest.approx(slow + COST["mte_issue"], rel=0.03)
    assert writes[-1] == pytest.approx(alone() + COST["mte_issue"], rel=0.03)


def test_a_write_issued_before_the_next_read_keeps_its_rate():
    # Single buffer: the next read is requested when the write is (program order puts the
    # write first), so the write is not slowed down.
    report = run(48, double=False)
    for _, d in _pipe_slices(report.cores[0], MTE3):
        assert d == pytest.approx(alone() + COST["mte_issue"], rel=0.03)


def test_one_core_reads_and_writes_at_full_speed_at_once():
    report = run(1, double=True)
    for _, d in _pipe_slices(report.cores[0], MTE3):
        assert d == pytest.approx(alone() + COST["mte_issue"], rel=0.03)


def test_the_events_a_slowed_write_set_move_with_it():
    report = run(48, double=True)
    c = report.cores[0]
    # The V op that waits for a slowed write's MTE3_V starts after that write landed.
    slices = [(name, s, d) for name, s, d in _timeline(c)]
    writes = [(s, s + d) for name, s, d in slices if name == MTE3]
    adds = [s for name, s, d in slices if name == "PIPE_V"]
    # add of step k + 2 reuses the buffer the write of step k read.
    for k in range(len(writes) - 2):
        assert adds[k + 2] >= writes[k][1]
    # The report's busy time counts the slowed writes.
    assert c.busy[MTE3] == pytest.approx(sum(e - s for s, e in writes), rel=1e-6)


def _timeline(core):
    from ascdsl.sim.sanitizer import PIPE_NAMES

    return [(PIPE_NAMES[p], s, d) for p, s, d, site in core.trace if d > 0]
