"""The Ascend C guide's Matmul tuning cases as benchmarks/calibration/matmul_tuning.py re-creates
them: the L2CacheOptimizer's tile order (the sample's own arithmetic), right results with the
sanitizer on for both kernels, and the rows that carry the published figures."""

import sys
from pathlib import Path

import numpy as np

import ascdsl.runtime.config as config

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "benchmarks" / "calibration"))
import matmul_tuning as mt  # noqa: E402
import rows  # noqa: E402


def test_the_l2_split_groups_24_tile_rows_and_walks_the_columns_diagonally():
    split, whole = mt.L2Case(split=True), mt.L2Case(split=False)
    # 240 x 4 L1 tiles of 128 x 256; the sample's threshold (100 MB, C counted as half) keeps
    # blocks of 24 tile rows and all 4 columns (the largest with no tail of the 24 cores).
    assert mt.l2_blocks(split) == (24, 4)
    assert mt.l2_blocks(whole) == (240, 4)
    # Core c takes tile row c of each block and the columns from c mod 4 round.
    assert mt.walk(split, 0, 5).tolist() == [[0, 0], [0, 1], [0, 2], [0, 3], [24, 0]]
    assert mt.walk(split, 5, 5).tolist() == [[5, 1], [5, 2], [5, 3], [5, 0], [29, 1]]
    # Without the split the tiles go down each column in turn.
    assert mt.walk(whole, 5, 3).tolist() == [[5, 1], [29, 1], [53, 1]]
    # Every tile exactly once over the 24 cores.
    tiles = {tuple(t) for core in range(24) for t in mt.walk(split, core, 40)}
    assert len(tiles) == 960


def test_the_l2_kernel_computes_its_tiles_in_the_samples_order():
    old = config.sanitize
    config.sanitize = "raise"
    try:
        # run_l2 checks each core's first and last tile against numpy (SystemExit if wrong).
        fig, report = mt.run_l2(mt.L2Case(split=True), "Ascend910B2", tiles=2)
    finally:
        config.sanitize = old
    assert report.findings == []
    assert fig[rows.AIC_MAX] >= fig["aic_time(us)"] > 0


def test_the_grid_kernel_runs_staggered_k_exactly():
    g = mt.GridCase(256, 512, 1024, (128, 256), (128, 256, 64), (8, 4, 8, 4), 4, reorder=True)
    old = config.sanitize
    config.sanitize = "raise"
    try:
        fig, report = mt.run_grid(g, "Ascend910B1")
    finally:
        config.sanitize = old
    assert report.findings == []
    assert len(report.cores) == 4


def test_every_case_has_its_row_and_the_rows_their_sources():
    ids = {r.id: r for r in rows.ROWS if r.kernel and r.kernel[0] == "matmul_tuning"}
    assert set(ids) == {f"mmt-{c}" for c in mt.CASES}
    for r in ids.values():
        assert "Matmul性能调优案例" in r.source and r.extra["soc"].startswith("Ascend910B")
        assert r.role == ("unlisted-fit" if r.id in ("mmt-ct-a", "mmt-ct-b") else "unlisted")
    assert np.isclose(ids["mmt-kr-a"].measured[rows.TD], 98.72)
