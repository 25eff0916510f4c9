"""Kernels using the framework extras (TBufPool, queue queries) type-check against the real
Ascend C headers, as ascdsl prints them."""

from __future__ import annotations

import sys

import numpy as np

from real_headers import ROOT, checker, report


def test_buffer_pool_kernel_passes_the_real_headers():
    sys.path.insert(0, str(ROOT / "tests" / "unit" / "sim"))
    import test_bufpool as k

    n = k.N
    source = k._two_stages.compile(
        np.zeros(n, np.float32), np.zeros(n, np.float32), np.zeros(n, np.float32),
        np.zeros(8, np.int64), always_compile=True,
    ).source
    assert "InitBufPool(" in source and "GetTensorCountInQue()" in source
    errors = checker().check_source(source, "bufpool.cpp")
    assert not errors, report("bufpool.cpp", source, errors)
