"""asc-devkit's basic-API matmul (matmul_basic_api_high_performance) as benchmarks/calibration/
re-creates it: right results with the sanitizer raising on any race, tails in M and N, both
scenarios' block walks, and the rows that carry its published figures."""

import sys
from pathlib import Path

import numpy as np
import pytest

import ascdsl.runtime.config as config

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "benchmarks" / "calibration"))
import matmul_basic_api as mb  # noqa: E402
import rows  # noqa: E402


def _run(scenario, m, n, k, cores, single, m_rows=0):
    rng = np.random.default_rng(scenario)
    # Quarter-integers: every product and partial sum is exact in f32.
    a = (rng.integers(-4, 5, m * k) / 4).astype(np.float16)
    bt = (rng.integers(-4, 5, n * k) / 4).astype(np.float16)
    c = np.zeros(m * n, np.float16)
    old = config.sanitize
    config.sanitize = "raise"
    try:
        report = mb.launch(scenario, a, bt, c, m_rows, (m, n, k), cores, single)
    finally:
        config.sanitize = old
    want = a.reshape(m, k).astype(np.float32) @ bt.reshape(n, k).astype(np.float32).T
    return c.reshape(m, n), want.astype(np.float16), report


@pytest.mark.parametrize("scenario,single", [(1, (256, 384)), (2, (128, 384))])
def test_both_scenarios_compute_c_with_tails(scenario, single):
    # 500 x 700 on 4 cores: the last core row has a 116-row tail block, the last core column
    # a 60-column one; K = 1024 is two A packets (stepKa 8) and four B packets (stepKb 4).
    # Scenario 2 covers M's four 128-row sub-blocks in two rounds of two.
    got, want, report = _run(scenario, 500, 700, 1024, 4, single)
    assert np.array_equal(got, want)
    assert len(report.core_cycles) == 4


def test_m_rows_runs_only_the_first_base_rows_of_each_round():
    got, want, _ = _run(2, 512, 256, 512, 2, (128, 256), m_rows=1)
    # Core 0 owns sub-blocks 0 and 2 (rounds 0, 1), core 1 sub-blocks 1 and 3: one base row
    # (128 rows) each, so with m_rows = 1 every row of C is written.
    assert np.array_equal(got, want)
    got, want, _ = _run(1, 512, 256, 512, 2, (256, 256), m_rows=1)
    assert np.array_equal(got[0:128], want[0:128])
    assert np.array_equal(got[256:384], want[256:384])
    assert not got[128:256].any() and not got[384:].any()


def test_rows_carry_the_published_figures_unfitted():
    by_id = {r.id: r for r in rows.ROWS}
    for rid, td, mte2 in (("mmb-1", 4121.16, 3552.248), ("mmb-2", 4081.64, 3487.068)):
        r = by_id[rid]
        assert r.role == "unlisted"
        assert r.kernel == ("matmul_basic_api", int(rid[-1]))
        assert r.measured[rows.TD] == td and r.measured[rows.AIC_MTE2] == mte2
        assert set(r.listed) == {rows.TD, rows.AIC, rows.MAC, rows.MTE1, rows.AIC_MTE2,
                                 rows.FIXP}


def test_owner_rows_follow_the_source_split():
    # Scenario 1: core b at M sub-block b % 4 (2048 rows), N sub-block b // 4 (1536 columns).
    assert mb.owner_rows(1, 5) == ([2048], 1536, 1536)
    assert mb.owner_rows(1, 23) == ([6144], 7680, 512)
    # Scenario 2: M sub-blocks of 1024, four per round, the second round 4096 rows further.
    assert mb.owner_rows(2, 6) == ([2048, 6144], 1536, 1536)
    assert mb.blocks_per_round(1) == 16 and mb.blocks_per_round(2) == 8
