"""The Matmul API in mixed kernels (sim/kfc.py, sim/lower/kfc.py): the vector cores are KFC
clients, the cube core serves them. Results exact against numpy (f32 accumulation), both
sides' timelines and the message costs, the sanitizer across the split, located errors."""

from __future__ import annotations

import inspect
import sys
from pathlib import Path

import numpy as np
import pytest

import ascdsl as asc
from ascdsl.dialects.ascendc.soc import get_soc

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "04_matmul_mix"
sys.path.insert(0, str(EXAMPLE))
import matmul_mix_api as ex  # noqa: E402

COST = get_soc(None).cost


def _ints(shape, rng, dtype=np.float16):
    # Small integers: every product and sum is exact in f32, so the checks are exact.
    return rng.integers(-4, 5, shape).astype(dtype)


def _busy(report, label, pipe):
    (core,) = [c for c in report.cores if c.label == label]
    return core.busy.get(pipe, 0.0), core.cycles


def test_iterate_get_tensor_c_into_ub_with_an_epilogue_is_exact():
    rng = np.random.default_rng(3)
    m, n, k = 512, 512, 128  # four 512 x 128 shares of 128 x 128 blocks
    a, b = _ints((m, k), rng), _ints((k, n), rng)
    bias = rng.integers(-3, 4, n).astype(np.float32)
    tiling = ex.generate_tiling(m, n, k, 4)
    c, report = ex.matmul_mix_api(a, b, bias, tiling)
    np.testing.assert_array_equal(c, ex.reference(a, b, bias))
    assert not report.findings
    labels = [x.label for x in report.cores]
    assert labels == ["block 0 AIC", "block 0 AIV0", "block 0 AIV1",
                      "block 1 AIC", "block 1 AIV0", "block 1 AIV1"]
    # The cube work is the AIC's, the epilogue and the copy into UB the AIVs'.
    m_aic, _ = _busy(report, "block 0 AIC", "PIPE_M")
    m_aiv, _ = _busy(report, "block 0 AIV0", "PIPE_M")
    v_aic, _ = _busy(report, "block 0 AIC", "PIPE_V")
    v_aiv, _ = _busy(report, "block 0 AIV1", "PIPE_V")
    assert m_aic > 0 and m_aiv == 0 and v_aic == 0 and v_aiv > 0
    assert _busy(report, "block 0 AIV0", "PIPE_MTE2")[0] > 0  # CopyToUB


def test_the_server_serves_one_iterate_sequence_at_a_time():
    rng = np.random.default_rng(4)
    a, b = _ints((256, 64), rng), _ints((64, 256), rng)
    bias = np.zeros(256, np.float32)
    _, report = ex.matmul_mix_api(a, b, bias, ex.generate_tiling(256, 256, 64, 2))
    # One AI core, two clients: the server stays locked on AIV0's Iterate/GetTensorC
    # sequence until its End, so AIV1's blocks come after all of AIV0's.
    _, aiv0 = _busy(report, "block 0 AIV0", "PIPE_V")
    _, aiv1 = _busy(report, "block 0 AIV1", "PIPE_V")
    _, aic = _busy(report, "block 0 AIC", "PIPE_M")
    # (past the Matmul objects' setup, which every core pays first: SoC table mm_init)
    setup = COST["mm_init"] + COST["mm_init_tiling"]
    assert aiv1 - setup > 1.8 * (aiv0 - setup)
    assert aic >= aiv1 - COST["cross_core_latency"] - 1


@asc.jit
def iterate_all_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress,
                       tiling: asc.adv.TCubeTiling, workspace: asc.GlobalAddress,
                       clobber: asc.ConstExpr[bool]):
    # Each AIV computes its half of C's rows with IterateAll into GM.
    half = tiling.single_core_m
    block = asc.get_block_idx()
    a_gm = asc.GlobalTensor()
    b_gm = asc.GlobalTensor()
    c_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a + block * half * tiling.k_a)
    b_gm.set_global_buffer(b)
    c_gm.set_global_buffer(c + block * half * tiling.n)
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(
        a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
        b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
        c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32))
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    if clobber:
        if asc.get_sub_block_idx() == 1:
            # AIV1 writes AIV0's rows of C while the cube core may be writing them.
            other = asc.GlobalTensor()
            other.set_global_buffer(c)
            buf = asc.TBuf(asc.TPosition.VECCALC)
            pipe.init_buffer(buf, 256)
            t = buf.get(asc.float32)
            asc.duplicate(t, 0.0, 64)
            asc.set_flag(asc.HardEvent.V_MTE3, 0)
            asc.wait_flag(asc.HardEvent.V_MTE3, 0)
            asc.data_copy(other, t, 64)
    mm.set_tensor_a(a_gm)
    mm.set_tensor_b(b_gm)
    mm.iterate_all(c_gm)
    mm.end()


def _iterate_all(m, n, k, clobber=False, **launch):
    rng = np.random.default_rng(m + k)
    a, b = _ints((m, k), rng), _ints((k, n), rng)
    mt = ex.host.MultiCoreMatmulTiling(ex.host.get_ascendc_platform())
    h = ex.host
    mt.set_a_type(h.TPosition.GM, h.CubeFormat.ND, h.DataType.DT_FLOAT16, False)
    mt.set_b_type(h.TPosition.GM, h.CubeFormat.ND, h.DataType.DT_FLOAT16, False)
    mt.set_c_type(h.TPosition.GM, h.CubeFormat.ND, h.DataType.DT_FLOAT)
    mt.set_dim(1)
    mt.set_shape(m // 2, n, k)
    mt.set_org_shape(m, n, k)
    tiling = asc.adv.TCubeTiling()
    assert mt.get_tiling(tiling) == 0
    c = np.zeros((m, n), np.float32)
    report = iterate_all_kernel[1](a.ravel(), b.ravel(), c.ravel(), tiling,
                                   np.zeros(1024, np.uint8), clobber, **launch)
    return a, b, c, report


def test_iterate_all_into_gm_from_two_clients_is_exact_and_costs_the_messages():
    a, b, c, report = _iterate_all(128, 96, 64)
    np.testing.assert_array_equal(c, a.astype(np.float32) @ b.astype(np.float32))
    assert not report.findings
    # The client waits for the server's answer: its IterateAll ends after the cube core's
    # FIX work plus the answer's latency; the first message costs kfc_post + kfc_latency +
    # kfc_dispatch before the server starts.
    fix_aic, aic = _busy(report, "block 0 AIC", "PIPE_FIX")
    _, aiv1 = _busy(report, "block 0 AIV1", "PIPE_MTE3")
    (aic_core,) = [x for x in report.cores if x.label == "block 0 AIC"]
    assert fix_aic > 0 and aiv1 >= aic_core.spans[6][1] + COST["cross_core_latency"] - 1  # FIX
    assert aic > aiv1  # then the server takes both clients' End messages before it stops
    message = COST["kfc_post"] + COST["kfc_latency"] + COST["kfc_dispatch"]
    first_mte2 = aic_core.spans[4][0]  # MTE2: the server's first read of A
    assert first_mte2 >= message


def test_a_client_writing_what_the_server_writes_is_a_race_naming_both_sides():
    with pytest.raises(asc.SimulationError) as info:
        _iterate_all(128, 96, 64, clobber=True)
    err = info.value
    assert type(err).__name__ == "RaceError"
    src, first = inspect.getsourcelines(iterate_all_kernel)
    lines = {first + i for i, s in enumerate(src) if "asc.data_copy(other" in s or
             "mm.iterate_all(c_gm)" in s}
    assert {err.loc.line, err.other_loc.line} == lines
    assert "AIC of AI core 0" in str(err) or "AIV1 of AI core 0" in str(err)


@asc.jit
def aiv_only_register(a: asc.GlobalAddress, c: asc.GlobalAddress, tiling: asc.adv.TCubeTiling,
                      workspace: asc.GlobalAddress):
    a_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a)
    c_gm = asc.GlobalTensor()
    c_gm.set_global_buffer(c)
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(
        a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
        b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
        c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32))
    if asc.ascend_is_aiv():
        asc.adv.register_matmul(pipe, workspace, mm, tiling)
        mm.set_tensor_a(a_gm)
        mm.set_tensor_b(a_gm)
        mm.iterate_all(c_gm)


def test_a_client_whose_cube_core_never_serves_is_a_deadlock_at_its_line():
    tiling = ex.generate_tiling(256, 256, 64, 2)
    with pytest.raises(asc.SimulationError) as info:
        aiv_only_register[1](np.zeros(256 * 256, np.float16), np.zeros(256 * 256, np.float32),
                             tiling, np.zeros(64, np.uint8))
    err = info.value
    assert type(err).__name__ == "DeadlockError"
    assert "for the Matmul server's answer, which never comes" in str(err)
    src, first = inspect.getsourcelines(aiv_only_register)
    (line,) = [first + i for i, s in enumerate(src) if "mm.iterate_all(c_gm)" in s]
    assert err.loc.line == line


@asc.jit
def get_c_first(c: asc.GlobalAddress, tiling: asc.adv.TCubeTiling,
                workspace: asc.GlobalAddress):
    c_gm = asc.GlobalTensor()
    c_gm.set_global_buffer(c)
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(
        a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
        b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
        c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32))
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    mm.get_tensor_c(c_gm)


def test_get_tensor_c_before_iterate_is_a_located_error_on_the_client():
    tiling = ex.generate_tiling(256, 256, 64, 2)
    with pytest.raises(asc.SimulationError, match="without a block: call Iterate first") as e:
        get_c_first[1](np.zeros(16, np.float32), tiling, np.zeros(64, np.uint8))
    assert "test_kfc.py:" in str(e.value)
