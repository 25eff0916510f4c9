"""The host tiling proven on the simulator: examples/11_tiled_matmul, a cube kernel whose every
size comes from the library's TCubeTiling, computes C = A @ B exactly (f32 accumulation of
f16 products) over many cores, tails included, with the sanitizer finding nothing."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np
import pytest

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "11_tiled_matmul" / "tiled_matmul.py"


@pytest.fixture(scope="module")
def ex():
    spec = importlib.util.spec_from_file_location("tiled_matmul_example", EXAMPLE)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.mark.parametrize("m,n,k,cores,double", [
    (128, 384, 96, 6, True),     # tails along N
    (272, 160, 64, 4, True),     # M = 272: blocks of 16 rows left over at the end
    (64, 64, 512, 1, True),      # one core, K walked in several L1 stages
    (192, 256, 1024, 2, False),  # one L1 buffer per input: the same flags, one event id
])
def test_the_tiled_kernel_matches_numpy(ex, m, n, k, cores, double):
    rng = np.random.default_rng(m + n + k)
    a = rng.uniform(-1, 1, (m, k)).astype(np.float16)
    b = rng.uniform(-1, 1, (k, n)).astype(np.float16)
    tiling = ex.generate_tiling(m, n, k, cores, double_buffer=double)
    assert (tiling.depth_a1 // tiling.step_k_a == 2) is double
    c, report = ex.tiled_matmul(a, b, tiling)
    ref = a.astype(np.float32) @ b.astype(np.float32)
    np.testing.assert_allclose(c, ref, rtol=1e-4, atol=1e-3)
    assert report.findings == []
    assert report.core_num == tiling.used_core_num
    # every core ran Mmads: one per (block of C, sub-step of K)
    assert all(core.busy.get("PIPE_M", 0) > 0 for core in report.cores)


def test_the_tiling_fields_drive_the_work(ex):
    # the kernel's Mmad count is exactly what the tiling's blocks imply
    m, n, k = 256, 256, 256
    rng = np.random.default_rng(1)
    a = rng.uniform(-1, 1, (m, k)).astype(np.float16)
    b = rng.uniform(-1, 1, (k, n)).astype(np.float16)
    t = ex.generate_tiling(m, n, k, 4)
    _, report = ex.tiled_matmul(a, b, t)
    blocks = 0
    for core in range(t.used_core_num):
        mi, ni = core % -(-m // t.single_core_m), core // -(-m // t.single_core_m)
        cm = min(t.single_core_m, m - mi * t.single_core_m)
        cn = min(t.single_core_n, n - ni * t.single_core_n)
        blocks += -(-cm // t.base_m) * -(-cn // t.base_n)
    assert report.op_counts["ascendc.mmad"] == blocks * -(-k // t.base_k)
    assert report.op_counts["ascendc.fixpipe"] == blocks
