"""catlass's BasicMatmul as benchmarks/calibration/ re-creates it: right results, synchronised
(the sanitizer raises on a race), and the fast held-out catlass row within the goal."""

import importlib.util
import sys
from pathlib import Path

import numpy as np
import pytest

import ascdsl.runtime.config as config

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "benchmarks" / "calibration"))
import catlass_basic_matmul as cb  # noqa: E402


def _run(m, n, k, cores, cfg):
    rng = np.random.default_rng(1)
    # Quarter-integers: every product and partial sum is exact in f32.
    a = (rng.integers(-4, 5, m * k) / 4).astype(cfg.dtype)
    b = (rng.integers(-4, 5, k * n) / 4).astype(cfg.dtype)
    c = np.zeros(m * n, cfg.dtype)
    old = config.sanitize
    config.sanitize = "raise"
    try:
        report = cb.launch(a, b, c, m, n, k, cores, 0, cfg)
    finally:
        config.sanitize = old
    bm = b.reshape(n, k).T if cfg.b_col_major else b.reshape(k, n)
    want = a.reshape(m, k).astype(np.float32) @ bm.astype(np.float32)
    return c.reshape(m, n), want.astype(cfg.dtype), report


def test_half_row_major_with_tails_and_several_blocks_per_core():
    # 3 x 3 blocks of 128 x 256 on 4 cores (the swizzle's last group of rows is short), the
    # last block row and column partial, K in 3 L1 stages (the last 96 wide: L0 steps 64, 32).
    got, want, report = _run(300, 600, 608, 4, cb.Config())
    assert np.array_equal(got, want)
    assert len(report.core_cycles) == 4


def test_float_column_major_b_with_the_guides_small_tiles():
    cfg = cb.Config((16, 32, 1024), 256, dtype=np.float32, b_col_major=True)
    got, want, _ = _run(1, 96, 2048, 3, cfg)
    assert np.array_equal(got, want)


def test_long_rows_of_a_are_copied_one_at_a_time():
    # K = 65536: Nd2NzParams.srcDValue cannot hold the row stride, so A goes row by row.
    got, want, _ = _run(16, 16, 65536, 1, cb.Config(tile=(16, 16, 2048), l0_k=512))
    assert np.array_equal(got, want)


@pytest.fixture(scope="module")
def calibration():
    spec = importlib.util.spec_from_file_location(
        "ascdsl_calibration_script_catlass", ROOT / "benchmarks" / "calibration.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    yield mod
    mod.config.sanitize = "raise"


def test_catlass_fp32_row_is_within_the_goal(calibration):
    calibration.config.sanitize = "off"
    (r,) = [r for r in calibration.ROWS if r.id == "cat-f32-b"]
    assert r.role == "held-out" and r.extra["soc"] == "Ascend910B2"
    sim, note = calibration.RUNNERS[r.kernel[0]](r.kernel[1])
    err = calibration.err(sim["Task Duration(us)"], r.measured["Task Duration(us)"])
    assert abs(err) <= 0.25, f"cat-f32-b: {err:+.1%}"
    assert "24 AIC at 1800 MHz" in note
