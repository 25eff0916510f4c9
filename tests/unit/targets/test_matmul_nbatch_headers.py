"""The IterateNBatch kernels (GetBatchTensorC into GM and into UB, WaitGetTensorC) print
Ascend C that the real headers accept in both builds of a mixed kernel: as AIC code
(-D__DAV_C220_CUBE__, the server) and as AIV code (the client)."""

from __future__ import annotations

import sys

import numpy as np
import pytest

from real_headers import ROOT, checker, report


def _sources() -> dict[str, str]:
    sys.path.insert(0, str(ROOT / "tests" / "unit" / "sim"))
    import test_matmul_nbatch as nb

    import ascdsl as asc

    f16, f32, ws = np.zeros(4, np.float16), np.zeros(4, np.float32), np.zeros(4, np.uint8)
    return {
        "gm form": nb.gm_form.compile(f16, f16, f32, f32, nb._tiling(2, 2, 1), ws, 2, 2,
                                      int(asc.LayoutMode.BNGS1S2), True,
                                      always_compile=True).source,
        "ub form": nb.ub_form.compile(f16, f16, f32, f32, nb._tiling(2, 2, 1), ws, 2, 2, True,
                                      always_compile=True).source,
    }


@pytest.mark.parametrize("cube", [True, False])
def test_n_batch_kernels_pass_the_headers(cube):
    sources = _sources()
    c = checker()
    errors = {name: c.check_source(src, name, cube=cube) for name, src in sources.items()}
    failures = [report(name, sources[name], errs) for name, errs in errors.items() if errs]
    assert not failures, "\n\n".join(failures)
    gm, ub = sources["gm form"], sources["ub form"]
    # the template arguments are the kernel's constexpr constants, as pyasc prints them
    assert ".IterateNBatch<c0_i1, c0_i1>(" in gm and ".GetBatchTensorC<c0_i1>(" in gm
    assert ".WaitGetTensorC()" in ub and "LayoutMode::BSNGD" in ub


def test_partial_sum_batch_kernel_passes_the_headers_as_aic_code():
    sys.path.insert(0, str(ROOT / "tests" / "unit" / "sim"))
    import test_matmul_partial_sum as ps

    f16, f32, ws = np.zeros(4, np.float16), np.zeros(4, np.float32), np.zeros(4, np.uint8)
    src = ps.two_calls.compile(f16, f16, f32, ps._tiling(2), ws, 2, False,
                               always_compile=True).source
    errors = checker().check_source(src, "partial_sum.cpp", cube=True)
    assert not errors, report("partial_sum.cpp", src, errors)
    assert src.count(".IterateBatch(") == 2
