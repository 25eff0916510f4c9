"""The tile examples run on the simulator and match their references; the Ascend C that the
tile kernels lower to type-checks against Huawei's headers (the project's real-header check)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[3]
EXAMPLES = ROOT / "examples"
sys.path.insert(0, str(ROOT / "tests" / "unit" / "targets"))
from real_headers import checker, report  # noqa: E402  (the suite's one way to the headers)


def load(relative: str):
    path = EXAMPLES / relative
    spec = importlib.util.spec_from_file_location(f"example_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("example", ["07_tile_vadd/tile_vadd.py", "08_tile_softmax/tile_softmax.py",
                                     "09_tile_gelu/tile_gelu.py",
                                     "10_tile_matmul/tile_matmul.py"])
def test_tile_examples_run_and_match(example):
    assert load(example).main() == 0


def _sources():
    vadd = load("07_tile_vadd/tile_vadd.py")
    softmax = load("08_tile_softmax/tile_softmax.py")
    gelu = load("09_tile_gelu/tile_gelu.py")
    v = np.zeros(16384, np.float32)
    m = np.zeros((64, 1024), np.float32)
    g = np.zeros((30, 1024), np.float32)
    yield "tile_vadd", vadd.vadd_kernel.compile(v, v, v, 2048, vadd.TILE_LENGTH).source
    yield "tile_softmax", softmax.softmax_kernel.compile(m, m, 64, 1024, 1024).source
    for approximate in (False, True):
        yield f"tile_gelu_{approximate}", gelu.gelu_kernel.compile(g, g, 30, 1024, 1024,
                                                                    approximate).source
    import asc2_kernels as K  # asc2's own kernels: compare/select, bf16 casts, 2-d rows

    s = np.zeros(8192, np.float32)
    yield "leaky_relu_f32", K.leaky_relu_kernel.compile(s, 0.1, s, 8192, 128, 4).source
    yield "vmuladd", K.vmuladd_kernel.compile(s, s, s, s, 8192, 32, 16, 2).source
    yield "softmax_fused", K.softmax_fused_kernel.compile(m, m, 64, 1024, 4).source
    torch = pytest.importorskip("torch", reason="bf16 arrays come from torch")
    b = torch.zeros(8192, dtype=torch.bfloat16)
    yield "leaky_relu_bf16", K.leaky_relu_kernel.compile(b, 0.1, b, 8192, 128, 4).source


def test_lowered_tile_kernels_type_check_against_the_real_headers():
    c = checker()  # skips, saying why, without the headers or g++
    sources = dict(_sources())
    errors = c.check_sources(sources)
    failures = [report(name, sources[name], errs) for name, errs in errors.items() if errs]
    assert not failures, "\n\n".join(failures)


def test_lowered_cube_tile_kernels_type_check_against_the_real_headers():
    """The cube kernels (example 10, asc2's tiled matmul) with the AIC core's defines."""
    c = checker()
    mm = load("10_tile_matmul/tile_matmul.py")
    a, b = np.zeros((256, 512), np.float16), np.zeros((512, 256), np.float16)
    out = np.zeros((256, 256), np.float32)
    import asc2_kernels as K

    sources = {
        "tile_matmul": mm.matmul_kernel.compile(a, b, out, 256, 256, 512, 128, 128, 64).source,
        "asc2_matmul": K.matmul_kernel.compile(
            np.zeros((64, 128), np.float16), np.zeros((128, 256), np.float16),
            np.zeros((64, 256), np.float32), (64, 128), (128, 256), (64, 256), 2).source,
    }
    for src in sources.values():
        assert "AscendC::Mmad(" in src and "AscendC::Fixpipe<float, float" in src
    errors = c.check_sources(sources, cube=True)
    failures = [report(name, sources[name], errs) for name, errs in errors.items() if errs]
    assert not failures, "\n\n".join(failures)
