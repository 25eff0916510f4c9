"""UnitFlag on the basic Mmad and Fixpipe (ascdsl.sim.lower.unitflag): L0C's 512-byte units
order the K loop's last Mmad with the Fixpipe, and the Fixpipe with the next block's Mmads,
without SetFlag/WaitFlag, as asc-devkit's matmul best practice (mmad.asc) writes it."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

import ascdsl as asc
from ascdsl.dialects.ascendc.soc import get_soc
from ascdsl.runtime import config
from ascdsl.sim import DeadlockError, InvalidArgumentError, RaceError
from ascdsl.sim.sanitizer import FIX as FIX_PIPE
from ascdsl.sim.sanitizer import M as M_PIPE

M_, N_, K_ = 64, 64, 16  # C is 64 x 64 f32: 16 KB, 32 units
KL = 8  # Mmads per block
FLAGS, UNIT, LAST_TWO, NONE, FIX_ZERO, ONE = range(6)


@asc.jit
def two_blocks(ones: asc.GlobalAddress, c: asc.GlobalAddress, mode: asc.ConstExpr[int]):
    """Two blocks of C = sum of KL products of ones (so 16 * KL everywhere), each K loop
    then a Fixpipe, ordered by `mode`: FLAGS (M_FIX / FIX_M, unitFlag 0), UNIT (Mmads 2 and
    the last 3, Fixpipe 3), LAST_TWO (every Mmad 2: nothing marks the units ready), NONE (no
    sync at all), FIX_ZERO (the Mmads' UnitFlag, a Fixpipe without it), ONE (unitFlag 1
    everywhere, which the hardware does not define; pipe barriers order the pairs)."""
    c_gm = asc.GlobalTensor()
    c_gm.set_global_buffer(c, 2 * M_ * N_)
    one_gm = asc.GlobalTensor()
    one_gm.set_global_buffer(ones, M_ * K_)
    a2 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, M_ * K_)
    b2 = asc.LocalTensor(asc.float16, asc.TPosition.B2, 0, K_ * N_)
    co1 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, M_ * N_)
    # Ones in every fractal, whatever the layout: 4 fractals of 16 x 16 halfs each.
    asc.load_data(a2, one_gm, asc.LoadData2DParams(0, M_ * K_ // 256, 1, 0, 0, False, 0))
    asc.load_data(b2, one_gm, asc.LoadData2DParams(0, K_ * N_ // 256, 1, 0, 0, False, 0))
    asc.pipe_barrier(asc.Pipe.PIPE_ALL)
    for blk in range(2):
        if mode == FLAGS and blk == 1:
            asc.wait_flag(asc.HardEvent.FIX_M, 0)
        for k in range(KL):
            uf = 0
            if mode == ONE:
                uf = 1
            elif mode != FLAGS and mode != NONE:
                uf = 2
                if mode != LAST_TWO and k == KL - 1:
                    uf = 3
            asc.mmad(co1, a2, b2, asc.MmadParams(M_, N_, K_, unit_flag=uf, cmatrix_source=False,
                                                 cmatrix_init_val=k == 0))
        if mode == FLAGS:
            asc.set_flag(asc.HardEvent.M_FIX, 0)
            asc.wait_flag(asc.HardEvent.M_FIX, 0)
        if mode == ONE:
            asc.pipe_barrier(asc.Pipe.PIPE_ALL)
        fuf = 0
        if mode == UNIT or mode == LAST_TWO:
            fuf = 3
        if mode == ONE:
            fuf = 1
        asc.fixpipe(c_gm[blk * M_ * N_:], co1,
                    asc.FixpipeParamsV220(N_, M_, M_, N_, unit_flag=fuf))
        if mode == ONE:
            asc.pipe_barrier(asc.Pipe.PIPE_ALL)
        if mode == FLAGS and blk == 0:
            asc.set_flag(asc.HardEvent.FIX_M, 0)
    asc.pipe_barrier(asc.Pipe.PIPE_ALL)


def run(mode: int, sanitize: str = "raise"):
    c = np.zeros(2 * M_ * N_, np.float32)
    ones = np.ones(M_ * K_, np.float16)
    old = config.sanitize
    config.sanitize = sanitize
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # "warn" mode's findings: the report keeps them
            report = two_blocks[1](ones, c, mode)
    finally:
        config.sanitize = old
    return c, report


def test_unit_flags_order_mmad_and_fixpipe_without_flags():
    c, report = run(UNIT)  # raises on any race
    assert np.array_equal(c, np.full(2 * M_ * N_, 16.0 * KL, np.float32))
    assert report.findings == []


def test_unit_flags_overlap_what_flags_serialise():
    _, flags = run(FLAGS)
    _, unit = run(UNIT)
    # The Fixpipe starts one unit (of 32) into the last Mmad instead of after it and the
    # flag's latency, and the next block's first Mmad one unit into the Fixpipe.
    assert unit.cycles < flags.cycles
    assert flags.cycles - unit.cycles > 2 * get_soc().cost["event_latency"]


def test_without_any_sync_the_fixpipe_races_the_mmad():
    _, report = run(NONE, sanitize="warn")
    races = [f for f in report.findings if isinstance(f, RaceError)]
    assert races and "L0C" in str(races[0])


def test_a_fixpipe_on_units_no_mmad_marked_ready_hangs():
    _, report = run(LAST_TWO, sanitize="warn")
    hangs = [f for f in report.findings if isinstance(f, DeadlockError)]
    assert hangs, report.findings
    assert "no Mmad with unitFlag 3 has marked ready" in str(hangs[0])
    assert "'ascendc.fixpipe' op" in str(hangs[0])  # located at the Fixpipe


def test_units_left_ready_and_unread_hold_the_next_mmad():
    # The Mmads set the units, the Fixpipe reads them without UnitFlag and so never hands
    # them back: the next block's first Mmad would wait forever on the NPU.
    _, report = run(FIX_ZERO, sanitize="warn")
    hangs = [f for f in report.findings if isinstance(f, DeadlockError)]
    assert hangs, report.findings
    assert "marked ready for a Fixpipe" in str(hangs[0])
    assert "'ascendc.mmad' op" in str(hangs[0])


@pytest.mark.parametrize("mode", [FLAGS, UNIT])
def test_the_result_does_not_depend_on_how_the_pipes_are_ordered(mode):
    c, _ = run(mode)
    assert np.array_equal(c, np.full(2 * M_ * N_, 16.0 * KL, np.float32))



def test_a_unit_flag_of_one_is_a_located_invalid_argument():
    c, report = run(ONE, sanitize="warn")
    bad = [str(f) for f in report.findings if isinstance(f, InvalidArgumentError)]
    mmads = [b for b in bad if "Mmad has unitFlag 1" in b]
    fixes = [b for b in bad if "Fixpipe has unitFlag 1" in b]
    assert mmads and fixes and len(mmads) + len(fixes) == len(report.findings)
    assert "'ascendc.mmad' op" in mmads[0] and "'ascendc.fixpipe' op" in fixes[0]
    assert "test_unit_flag.py:" in mmads[0]  # file:line:col of the kernel's call
    # Treated as off: the pipe barriers order the pairs and the result is right.
    assert np.array_equal(c, np.full(2 * M_ * N_, 16.0 * KL, np.float32))


def test_a_unit_flag_fixpipe_waits_in_fix_from_fix_lead_mmads_before_the_last(monkeypatch):
    # As the Matmul API's (test_matmul_schedule.py): with UnitFlag nothing holds the core
    # between the K loop's Mmads and the Fixpipe, so it is issued once the last Mmad is
    # queued, `fix_lead` Mmads behind the one M runs, and FIX is busy waiting from then
    # (msprof counts it: mmb-1's aic_fixpipe_time). Nothing else waits for it.
    monkeypatch.setattr(config, "trace", True)
    _, unit = run(UNIT)
    _, flags = run(FLAGS)
    lead = get_soc().cost["fix_lead"]
    core = unit.cores[0]
    mmads = sorted(s for p, s, d, _ in core.trace if p == M_PIPE and d > 0)
    assert len(mmads) == 2 * KL
    waits = sorted((s, d, site.name) for p, s, d, site in core.trace
                   if p == FIX_PIPE and site.name.endswith("(UnitFlag wait)"))
    assert len(waits) == 2  # one per block
    for blk, (start, dur, name) in enumerate(waits):
        starts = mmads[blk * KL:(blk + 1) * KL]
        at = KL - 1 - lead
        i = int(at)
        # (an Mmad's trace starts once the one before has landed: local_latency at most
        # after the issue the lead counts from)
        late = get_soc().cost["local_latency"]
        issue = starts[i] + (at - i) * (starts[i + 1] - starts[i])
        assert issue - late <= start <= issue
        assert "ascendc.fixpipe" in name
        # It waits until about one unit (of 32) into the block's last Mmad.
        unit_in = starts[-1] + (starts[-1] - starts[-2]) / 32
        assert unit_in - late <= start + dur <= unit_in + 1
    # The same Mmads and the same time: only FIX's busy time grows, by the two waits.
    assert unit.cores[0].busy["PIPE_M"] == flags.cores[0].busy["PIPE_M"]
    no_wait = run(UNIT)[1]  # (trace on or off: the same timing)
    assert no_wait.cycles == unit.cycles
    fix_gain = unit.cores[0].busy["PIPE_FIX"] - flags.cores[0].busy["PIPE_FIX"]
    assert fix_gain == pytest.approx(sum(d for _, d, _ in waits), rel=0.02)


def test_a_unit_flag_fixpipe_of_a_one_mmad_block_has_nothing_to_wait_for():
    # No Mmad before the last: the Fixpipe is issued with it (fix_issue's default).
    from ascdsl.sim.lower.unitflag import fix_issue
    assert fix_issue([100.0], 5.5, 0.0) == 100.0
    assert fix_issue([], 5.5, 42.0) == 42.0
    assert fix_issue([0.0, 10.0, 20.0, 30.0, 40.0, 50.0, 60.0, 70.0], 5.5, 0.0) == 15.0
