"""asc2's kernels (vadd, vmuladd, leaky_relu, gelu, softmax plain and fused, tiled matmul) run
through `ascdsl.tile` on the simulator and match torch: lowered to ascendc (the default) and,
as a cross-check, on the `asc` reference simulator (run_passes=False). Sizes and tolerances
are asc2's tests'."""

from __future__ import annotations

import math

import numpy as np
import pytest

import asc2_kernels as K

torch = pytest.importorskip("torch", reason="the asc2 kernels' tests compare against torch")

BOTH = pytest.mark.parametrize("lowered", [True, False], ids=["lowered", "reference"])


def launch(kernel, cores: int, *args, lowered: bool = True):
    """Run on the simulator with the sanitizer raising; returns the report."""
    return kernel[cores](*args, run_passes=lowered)


@BOTH
def test_vadd(lowered):
    rng = np.random.default_rng(seed=2026)
    size = 8192
    x = rng.random(size, dtype=np.float32) * 10
    y = rng.random(size, dtype=np.float32) * 10
    out = np.empty_like(x)
    core_num, tile_size = 16, 128
    num_tiles = math.ceil(size / tile_size)
    launch(K.vadd_kernel, core_num, x, y, out, size, tile_size, math.ceil(num_tiles / core_num),
           lowered=lowered)
    np.testing.assert_allclose(out, x + y)


@BOTH
def test_vmuladd(lowered):
    rng = np.random.default_rng(seed=2026)
    size = 8192
    x, y, z = (rng.random(size, dtype=np.float32) * 10 for _ in range(3))
    out = np.empty_like(x)
    core_num, tile_size = 16, 32
    num_tiles = math.ceil(size / tile_size)
    launch(K.vmuladd_kernel, core_num, x, y, z, out, size, tile_size,
           math.ceil(num_tiles / core_num), 2, lowered=lowered)
    np.testing.assert_allclose(out, x * y + z, rtol=1e-6)


@BOTH
@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float32], ids=str)
def test_leaky_relu(lowered, dtype):
    torch.manual_seed(0)
    size = 8192
    x = torch.rand(size, dtype=dtype) * 10.0 - 5.0
    alpha = torch.tensor(0.1, dtype=dtype)
    out = torch.empty_like(x)
    core_num, tile_size = 16, 128
    num_tiles = math.ceil(size / tile_size)
    launch(K.leaky_relu_kernel, core_num, x, alpha, out, size, tile_size,
           math.ceil(num_tiles / core_num), lowered=lowered)
    torch.testing.assert_close(out, torch.where(x >= 0, x, x * alpha))


def gelu_torch(x, approximate: bool):
    if approximate:
        return 0.5 * x * (1 + torch.tanh(math.sqrt(2 / math.pi) * (x + 0.044715 * torch.pow(x, 3))))
    return 0.5 * x * (1 + torch.erf(x / math.sqrt(2)))


@BOTH
@pytest.mark.parametrize("approximate", [True, False])
def test_gelu(lowered, approximate):
    torch.manual_seed(0)
    x = torch.rand((30, 1024), dtype=torch.float32)
    out = torch.empty_like(x)
    launch(K.gelu_kernel, 16, x, out, 30, 1024, 1024, approximate, lowered=lowered)
    torch.testing.assert_close(out, gelu_torch(x, approximate), rtol=1e-3, atol=1e-5)


@BOTH
def test_softmax(lowered):
    torch.manual_seed(0)
    x = torch.rand((64, 1024), dtype=torch.float32)
    out = torch.empty_like(x)
    launch(K.softmax_kernel, 16, x, out, 64, 1024, 1024, lowered=lowered)
    torch.testing.assert_close(out, torch.softmax(x, dim=1))


@BOTH
def test_softmax_fused(lowered):
    torch.manual_seed(0)
    x = torch.rand((64, 1024), dtype=torch.float32)
    out = torch.empty_like(x)
    core_num = 16
    block_size = (64 + core_num - 1) // core_num
    launch(K.softmax_fused_kernel, core_num, x, out, 64, 1024, block_size, lowered=lowered)
    torch.testing.assert_close(out, torch.softmax(x, dim=1))


@BOTH
@pytest.mark.parametrize("k_tiles", [1, 2, 4, 8])
def test_matmul_tiled(k_tiles, lowered):
    """asc2's tiled matmul: lowered onto Nd2Nz / LoadData / Mmad / Fixpipe with the sanitizer
    raising (1 K tile: the unrolled loop is empty and the remainder loop's Mmad writes L0C)."""
    torch.manual_seed(0)
    m, k, n = 64, 128, 256
    a = torch.rand((m, k), dtype=torch.float16)
    b = torch.rand((k, n), dtype=torch.float16)
    c = torch.zeros((m, n), dtype=torch.float32)
    report = launch(K.matmul_kernel, 1, a, b, c, tuple(a.shape), tuple(b.shape), tuple(c.shape),
                    k_tiles, lowered=lowered)
    torch.testing.assert_close(c, a.to(torch.float32) @ b.to(torch.float32))
    if lowered:
        assert report.findings == []
        assert report.busy["PIPE_M"] > 0 and report.busy["PIPE_FIX"] > 0


def test_matmul_too_big_for_l0b_is_refused_at_its_line():
    """One K tile of B is 256 x 256 halves: 128 KB, twice L0B."""
    from ascdsl import CompilationError

    a = torch.zeros((64, 256), dtype=torch.float16)
    b = torch.zeros((256, 256), dtype=torch.float16)
    c = torch.zeros((64, 256), dtype=torch.float32)
    with pytest.raises(CompilationError) as info:
        K.matmul_kernel.compile(a, b, c, (64, 256), (256, 256), (64, 256), 1)
    text = str(info.value)
    assert "asc2_kernels.py:97:" in text
    assert "needs 131072 bytes of L0B but Ascend910B1 has 65536" in text
    assert "131072 bytes: !asc.tile<256x256xf16, L0B>" in text
