"""asc-devkit's bank_conflict_nd2nz re-created (benchmarks/calibration/bank_conflict_nd2nz.py):
the NZ layout it writes, and the UB bank-group cost that separates its two cases.

The whole kernel (80 tiles a core) runs in benchmarks/calibration.py as rows bcn-1 / bcn-2;
here every core does its first three tiles.
"""

import sys
from pathlib import Path

import numpy as np
import pytest

import ascdsl.runtime.config as config

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "benchmarks" / "calibration"))

import bank_conflict_nd2nz as k  # noqa: E402

TILES = 3


@pytest.fixture(scope="module")
def runs():
    old = config.sanitize
    config.sanitize = "raise"
    x = (np.arange(k.M * k.N, dtype=np.int64) % 2039).astype(np.float16).reshape(k.M, k.N)
    out = {}
    try:
        for case in (1, 2):
            z = np.zeros_like(x)
            out[case] = (k.launch(x, z, case, first_tiles=TILES), z)
    finally:
        config.sanitize = old
    return x, out


def test_each_core_writes_its_tiles_in_nz_layout(runs):
    x, out = runs
    ref = k.reference(x).reshape(k.N // k.C0, k.M, k.C0)
    col_tiles = k.N // k.TILE_W // k.COL_SPLITS
    for case in (1, 2):
        z = out[case][1].reshape(k.N // k.C0, k.M, k.C0).copy()
        for b in range(k.ROW_SPLITS * k.COL_SPLITS):
            row_split, col_split = divmod(b, k.COL_SPLITS)
            row0 = (row_split * 10 - max(0, row_split - 3)) * k.TILE_H  # 57 = 3 x 10 + 3 x 9
            for i in range(TILES):
                c0 = (col_split * col_tiles + i) * k.TILE_W // k.C0
                cols = slice(c0, c0 + k.TILE_W // k.C0)
                rows = slice(row0, row0 + k.TILE_H)
                assert np.array_equal(z[cols, rows], ref[cols, rows]), (case, b, i)
                z[cols, rows] = 0
        assert not z.any(), f"case {case} wrote outside its first {TILES} tiles a core"


def test_one_bank_group_costs_what_the_npu_measured(runs):
    # Case 1 puts a Copy's 8 destination blocks in one bank group (8 beats a repeat), case 2
    # in 8 groups; the published aiv_vec_time ratio is 47.790 / 7.133 = 6.70.
    _, out = runs
    ratio = out[1][0].busy["PIPE_V"] / out[2][0].busy["PIPE_V"]
    assert ratio == pytest.approx(47.790 / 7.133, rel=0.10)
