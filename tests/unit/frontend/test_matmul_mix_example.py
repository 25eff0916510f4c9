"""examples/04_matmul_mix: the cube core's matmul hands its tile to the two vector cores through
a cross-core flag; the result matches numpy, the three timelines of each AI core show the
hand-off, and without the flag the sanitizer names the workspace race."""

from __future__ import annotations

import numpy as np
import pytest

import ascdsl as asc
from test_examples import load


@pytest.fixture(scope="module")
def ex():
    return load("04_matmul_mix/matmul_mix.py")


def _operands(ex, seed=3):
    rng = np.random.default_rng(seed)
    a = rng.uniform(-1, 1, (ex.M, ex.K)).astype(np.float16)
    b = rng.uniform(-1, 1, (ex.K, ex.N)).astype(np.float16)
    return a, b


def test_matmul_mix_matches_numpy_with_one_aic_and_two_aivs_per_block(ex):
    a, b = _operands(ex)
    c, report = ex.matmul_mix_launch(a, b)
    np.testing.assert_allclose(c, ex.reference(a, b), rtol=1e-4, atol=1e-3)
    assert (c < 0).any()  # the epilogue had negative values to scale
    assert not report.findings
    labels = [core.label for core in report.cores]
    assert labels[:3] == ["block 0 AIC", "block 0 AIV0", "block 0 AIV1"]
    assert len(labels) == 3 * ex.USE_CORE_NUM
    for core in report.cores:
        if core.kind == "aic":
            assert {"PIPE_M", "PIPE_FIX", "PIPE_MTE1"} <= set(core.busy)
            assert "PIPE_V" not in core.busy
        else:
            assert core.busy["PIPE_V"] > 0 and "PIPE_M" not in core.busy
    # Each vector core starts its epilogue after its cube core's Fixpipe landed: it ends later.
    cyc = report.timeline_cycles()
    for blk in range(ex.USE_CORE_NUM):
        assert cyc[f"block {blk} AIV0"] > cyc[f"block {blk} AIC"]
        assert cyc[f"block {blk} AIV1"] > cyc[f"block {blk} AIC"]


def test_matmul_mix_without_the_flag_is_a_race_between_fixpipe_and_the_vector_read(ex):
    a, b = _operands(ex)
    with pytest.raises(asc.SimulationError) as info:
        ex.matmul_mix_launch(a, b, with_flag=False)
    err = info.value
    assert type(err).__name__ == "RaceError"
    assert err.op == "ascendc.fixpipe" and err.other_op == "ascendc.data_copy_l2"
    assert "AIC of AI core 0" in str(err)
