"""The kernels of tests/unit/sim/test_matmul_batch_flags.py (IterateNBatch with
enSequentialWrite, a client's IterateBatch with enPartialSum) print Ascend C that the real
headers accept as AIC code (-D__DAV_C220_CUBE__, the server) and as AIV code (the client)."""

from __future__ import annotations

import sys

import numpy as np
import pytest

from real_headers import ROOT, checker, report


def _sources() -> dict[str, str]:
    sys.path.insert(0, str(ROOT / "tests" / "unit" / "sim"))
    import test_matmul_batch_flags as fl
    from matmul_tiling import batch_tiling

    import ascdsl as asc

    f16, f32, ws = np.zeros(4, np.float16), np.zeros(4, np.float32), np.zeros(4, np.uint8)
    m = fl.M
    return {
        "sequential n-batch": fl.n_batch.compile(
            f16, f16, f32, batch_tiling(m, m, m, 2, lines=2, heads=2), ws, 2, 2,
            int(asc.LayoutMode.BNGS1S2), True, always_compile=True).source,
        "client partial sum": fl.split_k.compile(
            f16, f16, f32, batch_tiling(m, m, m, 1), ws, 1, 1, True,
            always_compile=True).source,
    }


@pytest.mark.parametrize("cube", [True, False])
def test_batch_flag_kernels_pass_the_headers(cube):
    sources = _sources()
    c = checker()
    errors = {name: c.check_source(src, name, cube=cube) for name, src in sources.items()}
    failures = [report(name, sources[name], errs) for name, errs in errors.items() if errs]
    assert not failures, "\n\n".join(failures)
    assert ".IterateNBatch<" in sources["sequential n-batch"]
    assert sources["client partial sum"].count(".IterateBatch<") == 2
