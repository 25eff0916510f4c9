"""The batch and atomic Matmul kernels of this round type-check against the real Ascend C
headers as AIC code: IterateBatch with a bias and enAtomic (NORMAL layout, isBiasBatch on and
off), IterateBatch in BSNGD and SBNGD, and IterateAll with enAtomic."""

from __future__ import annotations

import sys

import numpy as np

from real_headers import ROOT, checker, report


def _sources() -> dict[str, str]:
    sys.path.insert(0, str(ROOT / "tests" / "unit" / "sim"))
    import test_matmul_atomic_bias as ab
    import test_matmul_batch_layouts as lay

    import ascdsl as asc

    f16, f32, ws = np.zeros(4, np.float16), np.zeros(4, np.float32), np.zeros(4, np.uint8)
    out = {}
    for per_batch in (True, False):
        out[f"batch bias {per_batch}"] = ab.batch_bias_kernel.compile(
            f16, f16, f32, f32, ab._tiling(32, 32, 32, batch=2), ws, 2, per_batch, 1,
            always_compile=True).source
    for mode in (asc.LayoutMode.BSNGD, asc.LayoutMode.SBNGD):
        out[mode.name] = lay.layout_kernel.compile(
            f16, f16, f32, lay._tiling(32, 32, 32, 1, 2, 1), ws, int(mode), 2,
            always_compile=True).source
    out["iterate_all atomic"] = ab.split_k_kernel.compile(
        f16, f16, f32, ab._split_k(32, 32, 64, 2), ws, 32, 32, 1, always_compile=True).source
    return out


def test_batch_and_atomic_matmul_kernels_pass_the_headers_as_aic_code():
    sources = _sources()
    c = checker()
    errors = {name: c.check_source(src, name, cube=True) for name, src in sources.items()}
    failures = [report(name, sources[name], errs) for name, errs in errors.items() if errs]
    assert not failures, "\n\n".join(failures)
    assert ".IterateBatch(" in sources["BSNGD"] and "LayoutMode::BSNGD" in sources["BSNGD"]
    assert ".SetBias(" in sources["batch bias True"]
