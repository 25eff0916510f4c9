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


@pytest.fixture(scope="module")
def api_source() -> str:
    sys.path.insert(0, str(ROOT / "tests" / "unit" / "frontend"))
    from test_examples import load

    ex = load("04_matmul_mix/matmul_mix_api.py")
    tiling = ex.generate_tiling(ex.M, ex.N, ex.K, 2 * ex.AI_CORES)
    return ex.matmul_leaky_relu.compile(
        np.zeros(ex.M * ex.K, np.float16), np.zeros(ex.K * ex.N, np.float16),
        np.zeros(ex.M * ex.N, np.float32), np.zeros(ex.N, np.float32), ex.ALPHA, tiling,
        np.zeros(1024, np.uint8), always_compile=True).source


def test_the_matmul_api_form_has_pyasc_s_mixed_prologue(api_source):
    # insert-kfc-sync: the AIC releases the AIVs' REGIST_MATMUL_OBJ (flag 15, mode 2)
    assert "set_ffts_base_addr(*v" in api_source
    assert "ffts_cross_core_sync(PIPE_MTE3, c3873_i64);" in api_source
    assert "ASCENDC_CUBE_ONLY" not in api_source
    assert "REGIST_MATMUL_OBJ(&v" in api_source and ".GetTensorC<" in api_source


@pytest.mark.parametrize("cube", [True, False], ids=["aic", "aiv"])
def test_matmul_mix_api_passes_the_real_headers(api_source, cube):
    errors = checker().check_source(api_source, "matmul_mix_api.cpp", cube=cube)
    assert not errors, report("matmul_mix_api.cpp", api_source, errors)
