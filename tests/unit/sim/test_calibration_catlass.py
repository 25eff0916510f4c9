"""catlass's BasicMatmul as benchmarks/calibration/ re-creates it: right results, synchronised
(the sanitizer raises on a race), and the fast held-out catlass row within the goal."""

import importlib.util
import sys
from pathlib import Path

import numpy as np
import pytest

import ascdsl as asc
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


def test_the_tuner_rows_run_their_configurations_with_right_results(calibration):
    # msTuner_CATLASS's two published configurations, unlisted (never fitted): the runner
    # checks C against numpy, and the rows name the tiles and swizzles the README names.
    calibration.config.sanitize = "off"
    rows = {r.id: r for r in calibration.ROWS if r.id.startswith("cat-tun-")}
    assert {k: (r.role, r.measured["Task Duration(us)"]) for k, r in rows.items()} == {
        "cat-tun-1": ("unlisted", 19.38), "cat-tun-2": ("unlisted", 12.74)}
    assert calibration.CATLASS["tun-1"][3] == cb.Config((32, 128, 128), 32, 3, 0)
    assert calibration.CATLASS["tun-2"][3] == cb.Config((64, 128, 128), 64, 3, 1)
    sim, note = calibration.RUNNERS["catlass_basic_matmul"]("tun-2")
    assert sim["Task Duration(us)"] > 0 and "24 AIC at 1800 MHz" in note


def _catlass_block_coord(idx, loops_m, loops_n, offset, direction):
    """GemmIdentityBlockSwizzle<offset, direction>::GetBlockCoord, transcribed branch by branch
    from catlass's block_swizzle.hpp (the reference the kernel's shared helper must match)."""
    idx %= loops_m * loops_n
    if direction == 0:
        loop = -(-loops_m // offset)
        tile, inner = divmod(idx, offset * loops_n)
        rows = loops_m - offset * tile if tile == loop - 1 else offset
        m, n = tile * offset + inner % rows, inner // rows
        if tile % 2 == 1:
            n = loops_n - n - 1
        return m, n
    loop = -(-loops_n // offset)
    tile, inner = divmod(idx, offset * loops_m)
    cols = loops_n - offset * tile if tile == loop - 1 else offset
    m, n = inner // cols, tile * offset + inner % cols
    if tile % 2 == 1:
        m = loops_m - m - 1
    return m, n


@asc.jit
def _block_order(out: asc.GlobalAddress, loops_m: int, loops_n: int,
                 OFFSET: asc.ConstExpr[int], DIRECTION: asc.ConstExpr[int]):
    g = asc.GlobalTensor()
    g.set_global_buffer(out)
    for i in range(loops_m * loops_n):
        mi, ni = cb.block_coord(i, loops_m, loops_n, OFFSET, DIRECTION)
        g.set_value(2 * i, mi)
        g.set_value(2 * i + 1, ni)


@pytest.mark.parametrize("direction", [0, 1])
@pytest.mark.parametrize("loops_m, loops_n, offset", [
    (2, 24, 3), (2, 24, 4),  # catlass 21's swizzle case: 160 x 6144 in 128 x 256 blocks
    (7, 5, 3), (5, 7, 3),    # a short last group in either direction
    (1, 9, 4), (9, 1, 4), (4, 4, 1), (3, 8, 8),
])
def test_block_coord_walks_the_blocks_in_catlass_order(loops_m, loops_n, offset, direction):
    blocks = loops_m * loops_n
    out = np.full(2 * blocks, -1, np.int32)
    _block_order[1](out, loops_m, loops_n, offset, direction)
    got = [tuple(p) for p in out.reshape(blocks, 2).tolist()]
    want = [_catlass_block_coord(i, loops_m, loops_n, offset, direction) for i in range(blocks)]
    assert got == want
    assert sorted(got) == [(m, n) for m in range(loops_m) for n in range(loops_n)]


def test_swizzle_4_1_gives_catlass_21s_cores_at_most_two_full_rows_of_blocks():
    # The guide's reading of its figure: on 20 AIC, 160 x 6144 in 128 x 256 blocks (rows of
    # 128 and 32), <3, 1> leaves cores 1, 2, 5 and 6 with 128 + 128 + 32 rows; <4, 1> caps
    # every core at 256 rows (cores 12..15 take two 128-row blocks).
    def rows_per_core(offset):
        per = [0] * 20
        for i in range(48):
            per[i % 20] += (128, 32)[_catlass_block_coord(i, 2, 24, offset, 1)[0]]
        return per

    r3, r4 = rows_per_core(3), rows_per_core(4)
    assert [c for c in range(20) if r3[c] == max(r3)] == [1, 2, 5, 6] and max(r3) == 288
    assert [c for c in range(20) if r4[c] == max(r4)] == [12, 13, 14, 15] and max(r4) == 256


def test_catlass_21_swizzle_rows_are_within_the_goal_and_4_1_is_faster(calibration):
    # Held out: the guide's swizzle case (160 x 6144 x 2048 on 20 AIC). The runner checks C
    # against numpy; <4, 1> must keep beating <3, 1> as on the NPU (35.3 against 40.6 us).
    calibration.config.sanitize = "off"
    td = {}
    for rid in ("cat-21-e", "cat-21-f"):
        (r,) = [r for r in calibration.ROWS if r.id == rid]
        assert r.role == "held-out" and r.extra["soc"] == "Ascend910B3"
        sim, _ = calibration.RUNNERS[r.kernel[0]](r.kernel[1])
        td[rid] = sim["Task Duration(us)"]
        err = calibration.err(td[rid], r.measured["Task Duration(us)"])
        assert abs(err) <= 0.25, f"{rid}: {err:+.1%}"
    assert td["cat-21-f"] < td["cat-21-e"]
