"""catlass's OptimizedMatmul (the Preload block, ShuffleK) as benchmarks/calibration/
re-creates it: right results with tails and several blocks per core, synchronised (the
sanitizer raises on a race)."""

import sys
from pathlib import Path

import numpy as np
import pytest

import ascdsl.runtime.config as config

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "benchmarks" / "calibration"))
import catlass_optimized_matmul as co  # noqa: E402


def _run(m, n, k, cores, cfg):
    rng = np.random.default_rng(6)
    # Quarter-integers: every product and partial sum is exact in f32.
    a = (rng.integers(-4, 5, m * k) / 4).astype(np.float16)
    b = (rng.integers(-4, 5, k * n) / 4).astype(np.float16)
    c = np.zeros(m * n, np.float16)
    old = config.sanitize
    config.sanitize = "raise"
    try:
        report = co.launch(a, b, c, m, n, k, cores, cfg)
    finally:
        config.sanitize = old
    return c, co.reference(a, b, m, n, k), report


def test_preload_and_shuffled_k_with_tails_and_two_blocks_on_some_cores():
    # 3 x 2 blocks of 128 x 128 on 4 cores: cores 0 and 1 preload a second block. K in 3 L1
    # stages (the last 96 wide), each core starting at stage (its index mod 3).
    got, want, report = _run(300, 200, 608, 4, co.Config((128, 128, 256), unit_flag=False))
    assert np.array_equal(got, want)
    assert not report.findings
    # The cores with two blocks multiply more than twice as long as the one with the partial
    # block and run longer; not twice as long: K rows of 1216 bytes end inside lines, and
    # the partial block's core joins the fetches of the cores reading its panels at once,
    # waiting for whole lines (ascdsl.sim.memsys).
    cyc = report.core_cycles
    m_busy = [core.busy["PIPE_M"] for core in report.cores]
    assert m_busy[0] > 2 * m_busy[2] and m_busy[1] > 2 * m_busy[2]
    assert cyc[0] > 1.2 * cyc[2] and cyc[1] > 1.2 * cyc[2]
    # The example's UnitFlag (the default): the same results, no race, and the cores with two
    # blocks finish sooner (the Fixpipe drains L0C during the block's last Mmad, the second
    # block's first Mmad trails it a unit at a time).
    got, _, unit = _run(300, 200, 608, 4, co.Config((128, 128, 256)))
    assert np.array_equal(got, want) and not unit.findings
    assert unit.core_cycles[0] < cyc[0] and unit.core_cycles[1] < cyc[1]


def test_one_block_per_core_in_the_guides_wide_tile():
    got, want, _ = _run(256, 256, 512, 2, co.Config((256, 128, 256)))
    assert np.array_equal(got, want)


@pytest.mark.parametrize("layout", [co.B_ZN, co.B_ROW])
def test_b_in_zn_or_row_major_as_catlass_21_takes_it(layout):
    # catlass 21's assembly: B given in zN (16-column strips of K rows, each strip contiguous)
    # or row-major; N's last block is a half-width tail, K in 4 shuffled stages.
    m, n, k = 40, 96, 512
    rng = np.random.default_rng(21)
    a = (rng.integers(-4, 5, m * k) / 4).astype(np.float16)
    b = (rng.integers(-4, 5, (k, n)) / 4).astype(np.float16)
    if layout == co.B_ZN:
        given = b.reshape(k, n // 16, 16).transpose(1, 0, 2).ravel()  # strip, row, column
    else:
        given = b.ravel()
    c = np.zeros(m * n, np.float16)
    old = config.sanitize
    config.sanitize = "raise"
    try:
        report = co.launch(a, given, c, m, n, k, 2, co.Config((32, 64, 128), 32,
                                                              b_layout=layout))
    finally:
        config.sanitize = old
    want = co.reference(a, np.ascontiguousarray(b.T).ravel(), m, n, k)
    assert np.array_equal(c, want)
    assert not report.findings


def test_swizzle_direction_1_with_a_short_last_group_and_preloads_across_it():
    # catlass 21's swizzle case in small: 2 x 5 blocks of 128 x 128 (a 44-row block row, a
    # 72-column last block column) in swizzle <2, 1> order on 4 cores, so cores 0 and 1 take
    # three blocks and preload each next one from the direction-1 walk (its last group is
    # one column wide); K in 2 shuffled stages.
    m, n, k = 172, 584, 512
    got, want, report = _run(m, n, k, 4, co.Config((128, 128, 256), 64, 2, 1))
    assert np.array_equal(got, want)
    assert not report.findings
    # Three blocks on cores 0 and 1, two on 2 and 3: more Mmads (their cycles also depend on
    # which core pays the shared lines' misses, so they are not the measure).
    mmad = [core.busy["PIPE_M"] for core in report.cores]
    assert min(mmad[0], mmad[1]) > max(mmad[2], mmad[3])


def _mte2(report):
    return sum(core.busy["PIPE_MTE2"] for core in report.cores)


@pytest.mark.parametrize("k, joined", [(608, True), (512, False)])
def test_a_core_joining_another_cores_fetch_waits_for_whole_lines(monkeypatch, k, joined):
    # Rows of K = 608 halfs (1216 bytes) end inside 512-byte lines: the cores that read a
    # panel while another core fetches it wait for the whole lines (ascdsl.sim.memsys), so
    # MTE2 is busy longer than if they moved only their bytes. Rows of 1024 bytes ask for
    # whole lines: nothing to wait for beyond them.
    from ascdsl.sim.l2share import TimedShares

    cfg = co.Config((128, 128, 256))
    _, _, whole = _run(256, 256, k, 4, cfg)
    lines = TimedShares.lines

    def asked_only(self, *args):
        d = lines(self, *args)
        self.unasked = 0
        return d

    monkeypatch.setattr(TimedShares, "lines", asked_only)
    got, want, asked = _run(256, 256, k, 4, cfg)
    assert np.array_equal(got, want)
    if joined:
        assert _mte2(whole) > 1.1 * _mte2(asked)
    else:
        assert _mte2(whole) == _mte2(asked)
