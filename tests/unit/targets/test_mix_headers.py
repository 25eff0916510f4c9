"""A mixed kernel's Ascend C (examples/04_matmul_mix) type-checks against the real Ascend C
headers twice, as bisheng builds a MIX_AIC_1_2 kernel: for the cube core
(-D__DAV_C220_CUBE__) and for the vector core (-D__DAV_C220_VEC__)."""

from __future__ import annotations

import sys

import numpy as np
import pytest

from real_headers import ROOT, checker, report


@pytest.fixture(scope="module")
def source() -> str:
    sys.path.insert(0, str(ROOT / "tests" / "unit" / "frontend"))
    from test_examples import load

    ex = load("04_matmul_mix/matmul_mix.py")
    a = np.zeros(ex.M * ex.K, np.float16)
    b = np.zeros(ex.K * ex.N, np.float16)
    c = np.zeros(ex.M * ex.N, np.float32)
    ws = np.zeros(ex.USE_CORE_NUM * ex.BM * ex.BN, np.float32)
    return ex.matmul_leaky_relu.compile(a, b, c, ws, ex.ALPHA, True, always_compile=True).source


def test_the_source_has_both_halves_and_the_ffts_address(source):
    assert "__gm__ uint64_t* v" in source and "set_ffts_base_addr(*v" in source
    assert "AscendC::CrossCoreSetFlag<2, PIPE_FIX>(" in source
    assert "AscendC::CrossCoreWaitFlag<0, PIPE_S>(" in source
    assert "AscendC::Mmad(" in source and "AscendC::LeakyRelu<float, 1>(" in source


@pytest.mark.parametrize("cube", [True, False], ids=["aic", "aiv"])
def test_matmul_mix_passes_the_real_headers(source, cube):
    errors = checker().check_source(source, "matmul_mix.cpp", cube=cube)
    assert not errors, report("matmul_mix.cpp", source, errors)
