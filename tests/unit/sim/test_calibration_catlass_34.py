"""catlass's single-core split-K matmul (34) as benchmarks/calibration/ re-creates it: the
three phases (AIV padding into zN, AIC split-K with atomic Fixpipes, AIV cast) give A @ B,
with the sanitizer on."""

import sys
from pathlib import Path

import numpy as np

import ascdsl.runtime.config as config

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "benchmarks" / "calibration"))
import catlass_splitk_matmul as sk  # noqa: E402


def _run(m, n, k, aic, stages=0):
    rng = np.random.default_rng(5)
    # Quarter-integers: every product and partial sum is exact in f32.
    a = (rng.integers(-4, 5, (m, k)) / 4).astype(np.float16)
    b = (rng.integers(-4, 5, (k, n)) / 4).astype(np.float16)
    c = np.zeros(m * n, np.float16)
    old = config.sanitize
    config.sanitize = "raise"
    try:
        reports = sk.run(a.ravel(), b.ravel(), c, m, n, k, aic, 2 * aic, stages)
    finally:
        config.sanitize = old
    kk = k if stages == 0 else min(k, stages * sk.TK)
    want = a[:, :kk].astype(np.float32) @ b[:kk].astype(np.float32)
    return c.reshape(m, n), want.astype(np.float16), reports


def test_uneven_ranges_swizzle_tail_and_a_short_last_k_stage():
    # 2 x 23 blocks of 256 x 128 on 5 cores (ranges of 10 and 9 blocks); the swizzle's last
    # group of 3 columns is merged into the first (3 < 20 / 2); K in stages of 512, 512, 16.
    got, want, reports = _run(512, 23 * 128, 1040, 5)
    assert np.array_equal(got, want)
    assert [len(r.core_cycles) for r in reports] == [10, 5, 10]


def test_b_columns_too_far_apart_for_one_copy():
    # K = 66048 rows of B's zN copy: the padding's stores and the AIC's loads of B go one
    # fractal column at a time (DataCopyParams' gaps are 16 bits). Two K stages only.
    got, want, _ = _run(16, 128, 66048, 1, stages=2)
    assert np.array_equal(got, want)
