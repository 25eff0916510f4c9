"""asc-devkit's fused matmul + GELU (matmul_gelu_high_performance) as benchmarks/calibration/
re-creates it: GELU(A B^T) in f32 with the sanitizer raising on any race, tails in M and N, the
cube -> vector hand-off, the shortened runs, and the row that carries its published figures."""

import sys
from pathlib import Path

import numpy as np
import pytest

import ascdsl.runtime.config as config

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "benchmarks" / "calibration"))
import matmul_gelu as mg  # noqa: E402
import rows  # noqa: E402


def _run(m, n, k, cores, single, m_rows=0):
    rng = np.random.default_rng(7)
    # Multiples of 1/8: the product is exact in f32 and mostly in GELU's curved part.
    a = (rng.integers(-1, 2, m * k) / 8).astype(np.float16)
    bt = (rng.integers(-1, 2, n * k) / 8).astype(np.float16)
    c = np.zeros(m * n, np.float32)
    old = config.sanitize
    config.sanitize = "raise"
    try:
        report = mg.launch(a, bt, c, m_rows, (m, n, k), cores, single)
    finally:
        config.sanitize = old
    x = a.reshape(m, k).astype(np.float32) @ bt.reshape(n, k).astype(np.float32).T
    return c.reshape(m, n), x, report


def test_gelu_reference_is_the_sources_formula():
    x = np.array([0.0, 1.0, -1.0, 3.0, -3.0, 50.0, -50.0], np.float32)
    with np.errstate(over="ignore"):  # exp(79.8) at -50: the quotient is -0 either way
        want = x / (1 + np.exp(-1.595769 * (x + 0.044715 * x.astype(np.float32) ** 3)))
    got = mg.gelu_reference(x)
    assert np.allclose(got, want, rtol=1e-6, atol=0)
    # The tanh form it approximates: 0.8412 at 1, -0.1588 at -1.
    assert abs(got[1] - 0.8412) < 1e-3 and abs(got[2] + 0.1588) < 1e-3


@pytest.mark.parametrize("m", [512, 500, 499])
def test_c_is_gelu_of_the_product_with_tails(m):
    # m x 700 on 4 cores (singleCoreM 256, singleCoreN 384): the second core row ends in a
    # tail block of 116 (or 115: odd, split 57 / 58 between the vector cores) rows, the second
    # core column in a 60-column block; K = 1024 is two A packets and four B packets.
    got, x, report = _run(m, 700, 1024, 4, (256, 384))
    assert np.allclose(got, mg.gelu_reference(x), rtol=5e-7, atol=0)
    assert np.abs(x).max() > 1  # a product GELU changes: C is not the raw product
    assert not np.allclose(got, x)
    kinds = [c.kind for c in report.cores]
    assert kinds.count("aic") == 4 and kinds.count("aiv") == 8


def test_vector_cores_wait_for_their_blocks():
    # Each AIV starts its first copy only after its AI core's first Fixpipe: its timeline is
    # at least the cube core's whole first block long.
    _, _, report = _run(256, 256, 512, 1, (256, 256))
    aic = next(c for c in report.cores if c.kind == "aic")
    for aiv in (c for c in report.cores if c.kind == "aiv"):
        assert aiv.cycles > aic.busy["PIPE_M"]


def test_m_rows_runs_only_the_first_base_rows_on_both_kinds():
    got, x, _ = _run(512, 256, 512, 2, (256, 256), m_rows=1)
    want = mg.gelu_reference(x)
    for r0 in (0, 256):  # each core's first base row of 128
        assert np.allclose(got[r0:r0 + 128], want[r0:r0 + 128], rtol=5e-7, atol=0)
        assert not got[r0 + 128:r0 + 256].any()


def test_owner_follows_the_source_split():
    assert mg.owner(5) == (2048, 2048, 1536, 1536)
    assert mg.owner(23) == (6144, 2048, 7680, 512)


def test_row_carries_the_published_figures_unfitted():
    r = next(r for r in rows.ROWS if r.id == "mmg-1")
    assert r.role == "unlisted" and r.kernel == ("matmul_gelu", 1)
    assert r.measured[rows.TD] == 4236.944 and r.measured[rows.VEC] == 174.327
    assert r.measured[rows.AIC_MTE2] == 3687.839 and r.measured[rows.MTE3] == 66.373
    assert rows.AIC_SCALAR not in r.listed and rows.SCALAR not in r.listed
    assert rows.AIV in r.listed and rows.FIXP in r.listed
