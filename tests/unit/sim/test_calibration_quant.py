"""catlass's int8 quantised matmuls (12_quant_matmul, 52_quant_multi_core_splitk) as
benchmarks/calibration/catlass_quant_matmul.py re-creates them: exact results (int32 sums,
f32 scalings, one rounding) with tails, several blocks per core and K slices; synchronised
(the sanitizer raises on a race); and a mixed launch's cores sharing HBM by who moves data."""

import sys
from pathlib import Path

import numpy as np
import pytest

import ascdsl.runtime.config as config
from ascdsl.sim.dtypes import f32_to_bf16

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "benchmarks" / "calibration"))
import catlass_quant_matmul as cq  # noqa: E402


def _data(m, n, k, sdt, seed=12):
    rng = np.random.default_rng(seed)
    a = rng.integers(-16, 17, m * k, dtype=np.int8)
    b = rng.integers(-16, 17, n * k, dtype=np.int8)
    scale = rng.random(n, dtype=np.float32).astype(sdt)
    pt = rng.random(m, dtype=np.float32).astype(sdt)
    return a, b, scale, pt


@pytest.fixture
def strict():
    old = config.sanitize, config.soc
    config.sanitize, config.soc = "raise", "Ascend910B3"
    yield
    config.sanitize, config.soc = old


def test_quant_matmul_reuses_its_two_workspace_slots_and_handles_tails(strict):
    # 2 x 3 blocks (the last row 48 high, the last column 48 wide; M < N: swizzle <3, 1>) on
    # 2 AI cores: each cube core stores 3 blocks, so its third waits for its vector cores to
    # free slot 0. K in two L1 stages (512 + 96), started at stage (core mod 2). A block
    # missed or done twice by the swizzle would show in D.
    m, n, k = 176, 560, 608
    a, b, scale, pt = _data(m, n, k, np.float16)
    d = np.zeros(m * n, np.float16)
    report = cq.launch_quant(a, b, scale, pt, d, m, n, k, 2)
    want = cq.reference(a, b, scale, pt, m, n, k).astype(np.float16).ravel()
    assert np.array_equal(d, want)
    assert not report.findings
    assert [c.label for c in report.cores[:3]] == ["block 0 AIC", "block 0 AIV0", "block 0 AIV1"]
    # The vector cores dequantise: the epilogue's Casts and Muls, no cube work.
    vec = report.cores[1].busy
    assert vec.get("PIPE_V", 0) > 0 and "PIPE_M" not in vec


def test_splitk_factor_is_catlass_s():
    # 20 AIC: one block gets min(20, K tiles) slices; 4 blocks 5; 8 blocks 2.
    assert [cq.splitk_factor(128, 256, k, 20) for k in (1024, 4096, 16384)] == [2, 8, 20]
    assert cq.splitk_factor(256, 512, 16384, 20) == 5
    assert cq.splitk_factor(256, 1024, 16384, 20) == 2


def test_splitk_sums_uneven_slices_into_the_dequantised_bf16_result(strict):
    # 2 x 2 blocks on 3 AI cores: 3 // 4 cores a block is 0, so catlass's default of 2
    # slices; K = 2080 is 5 tiles (the last 32 deep): slice 0 takes 3, slice 1 2. 8 tasks on
    # 3 cube cores, the reduction on 6 vector cores, core 0's pair dequantises 2 blocks.
    # One MIX launch, as catlass's: the vector cores read partials other AI cores' cube
    # cores wrote, ordered by the mode-2 flag and the mode-0 barrier (else a race).
    m, n, k = 200, 288, 2080
    a, b, scale, pt = _data(m, n, k, np.float32, seed=52)
    d = np.zeros(m * n, np.uint16)
    report = cq.launch_splitk(a, b, scale, pt, d, m, n, k, 3)
    want = f32_to_bf16(cq.reference(a, b, scale, pt, m, n, k).ravel())
    assert np.array_equal(d, want)
    assert not report.findings
    aic = [c for c in report.cores if c.kind == "aic"]
    aiv = [c for c in report.cores if c.kind == "aiv"]
    assert len(aic) == 3 and len(aiv) == 6
    assert all(c.busy.get("PIPE_V", 0) > 0 for c in aiv)


def test_splitk_vector_cores_start_after_every_cube_core(strict):
    # Each vector core waits for its own cube core, then for every vector core of the launch
    # (CrossCoreBarrier mode 0), so none reduces before the last cube core's flag: the AI
    # core with the fewest tasks still finishes after the busiest cube core.
    m, n, k = 128, 256, 4096  # one block, K in 8 slices over 3 cores: 3, 3 and 2 tasks
    a, b, scale, pt = _data(m, n, k, np.float32, seed=5)
    d = np.zeros(m * n, np.uint16)
    report = cq.launch_splitk(a, b, scale, pt, d, m, n, k, 3)
    aic = [c for c in report.cores if c.kind == "aic"]
    aiv = [c for c in report.cores if c.kind == "aiv"]
    assert min(c.cycles for c in aiv) > max(c.cycles for c in aic)


def test_a_mixed_launch_shares_hbm_among_the_cores_that_move_data(strict):
    # catlass 12 at M 128, N 256: one block, so one AI core works and 19 idle. Its cube core
    # streams A and B from HBM as fast as on a launch of 1 core: the idle timelines take no
    # share of HBM (the first pass divides it by all 60 of them).
    m, n, k = 128, 256, 1024
    a, b, scale, pt = _data(m, n, k, np.float16)
    config.sanitize = "off"
    cyc = []
    for cores in (1, 20):
        d = np.zeros(m * n, np.float16)
        report = cq.launch_quant(a, b, scale, pt, d, m, n, k, cores)
        cyc.append(report.cores[0].cycles)
    assert cyc[1] < 1.05 * cyc[0]


def test_shapes_whose_rows_are_not_whole_blocks_are_refused():
    with pytest.raises(ValueError, match="multiple of 16"):
        cq.check_shape(128, 200, 1024)
