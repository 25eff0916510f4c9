"""asc-devkit's data-copy study as benchmarks/calibration/data_copy.py re-creates it: the
same-address scenarios on the GM -> L1 path (the README's L1 scenarios 6 and 7), whose rows
are unlisted (added after the reference table, never used to fit)."""

import sys
from pathlib import Path

import numpy as np
import pytest

from ascdsl.runtime import config

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "benchmarks" / "calibration"))
import data_copy as dc  # noqa: E402
import rows  # noqa: E402


@pytest.mark.parametrize("stagger", [False, True])
def test_every_cube_core_reads_the_whole_matrix_by_nd2nz(stagger):
    m, n, cores, tm, tn = 96, 128, 4, 8, 64
    # The scenario's kernel refills one L1 tile with no PipeBarrier<PIPE_MTE2> between the
    # copies (so did the measured one): a race on hardware, and the only finding.
    old = config.sanitize
    config.sanitize = "warn"
    try:
        report = dc.whole_matrix_l1[cores](np.zeros(m * n, np.float16), m, n, cores, tm, tn,
                                           stagger)
    finally:
        config.sanitize = old
    assert report.findings and {(f.pipe, f.other_pipe) for f in report.findings} == {
        ("PIPE_MTE2", "PIPE_MTE2")}
    assert report.core_kind == "aic" and report.core_num == cores
    # Every core: m / tm tiles of rows, n / tn tiles across, one ND2NZ copy each.
    assert report.op_counts["ascendc.data_copy_nd2nz"] == cores * (m // tm) * (n // tn)
    assert report.op_counts.get("ascendc.get_block_idx", 0) == (cores if stagger else 0)


def test_the_l1_same_address_rows_are_unlisted_scenarios_14_and_15():
    by_id = {r.id: r for r in rows.ROWS}
    for rid, scenario, td in (("dc-l1-6", 14, 278.56), ("dc-l1-7", 15, 221.34)):
        r = by_id[rid]
        assert r.role == "unlisted" and r.kernel == ("data_copy", scenario)
        assert r.measured["Task Duration(us)"] == td
        assert dc.SCENARIOS[scenario] == (6144, 512, 24, 256, 64,
                                          "l1-same" if scenario == 14 else "l1-staggered")
