"""The Matmul API on the simulated cube core: results against numpy (tails, transposes, bias,
Iterate + GetTensorC), the tiling it follows (iterate order, buffers, time), the overlap of
MTE2/MTE1/M/FIX in the trace, and located errors for misuse."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

import ascdsl as asc
from ascdsl.sim.errors import InvalidArgumentError, NotSimulatedError, UBOverflowError

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "03_matmul"
sys.path.insert(0, str(EXAMPLE))
import matmul as ex  # noqa: E402

from ascdsl.sim.sanitizer import FIX, M, MTE1, MTE2  # noqa: E402

PIPE_IDX = {"MTE2": MTE2, "MTE1": MTE1, "M": M, "FIX": FIX}


def _ints(shape, rng):
    # Small integers: every product and sum is exact in f32, so the check is exact.
    return rng.integers(-4, 5, shape).astype(np.float16)


@pytest.mark.parametrize("m,n,k,cores,bias", [
    (128, 256, 64, 4, False),
    (200, 136, 96, 6, True),   # M and N not multiples of the blocks: tail cores and blocks
    (64, 64, 512, 1, True),    # K longer than one L1 stage
])
def test_iterate_all_matches_numpy_exactly(m, n, k, cores, bias):
    rng = np.random.default_rng(m + n + k)
    a, b = _ints((m, k), rng), _ints((k, n), rng)
    bv = rng.integers(-3, 4, n).astype(np.float32) if bias else None
    tiling = ex.generate_tiling(m, n, k, cores, bias=bias)
    c, report = ex.matmul(a, b, bv, tiling)
    ref = a.astype(np.float32) @ b.astype(np.float32)
    if bias:
        ref += bv[None, :]
    np.testing.assert_array_equal(c, ref)
    assert not report.findings
    assert report.core_kind == "aic"


@asc.jit(matmul_cube_only=True)
def iterate_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress,
                   tiling: asc.adv.TCubeTiling, workspace: asc.GlobalAddress):
    a_gm = asc.GlobalTensor()
    b_gm = asc.GlobalTensor()
    c_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a)
    b_gm.set_global_buffer(b)
    c_gm.set_global_buffer(c)
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(
        a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16, True),
        b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16, True),
        c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32))
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    mm.set_tensor_a(a_gm, True)
    mm.set_tensor_b(b_gm, True)
    with mm.iterate() as count:
        mm.get_tensor_c(c_gm)
    mm.end()


def test_iterate_and_get_tensor_c_with_transposed_inputs():
    m, n, k = 96, 80, 64
    rng = np.random.default_rng(1)
    at, bt = _ints((k, m), rng), _ints((n, k), rng)  # A stored [K, M], B stored [N, K]
    mt = ex.host.MultiCoreMatmulTiling(ex.host.get_ascendc_platform())
    host = ex.host
    mt.set_a_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16, True)
    mt.set_b_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16, True)
    mt.set_c_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    mt.set_dim(1)
    mt.set_org_shape(m, n, k)
    mt.set_shape(m, n, k)
    mt.set_fix_split(32, 48, -1)  # several blocks, and a tail block in N
    tiling = asc.adv.TCubeTiling()
    assert mt.get_tiling(tiling) == 0
    c = np.zeros((m, n), np.float32)
    iterate_kernel[1](at.ravel(), bt.ravel(), c.ravel(), tiling, np.zeros(64, np.uint8))
    np.testing.assert_array_equal(c, at.T.astype(np.float32) @ bt.T.astype(np.float32))


def _pipe_intervals(report, core, pipe):
    p = PIPE_IDX[pipe]
    return [(s, s + d) for q, s, d, _site in report.cores[core].trace if q == p and d > 0]


def test_trace_shows_the_pipes_overlapping(monkeypatch):
    from ascdsl.runtime import config

    monkeypatch.setattr(config, "trace", True)
    m = n = k = 256
    rng = np.random.default_rng(2)
    a, b = _ints((m, k), rng), _ints((k, n), rng)
    tiling = ex.generate_tiling(m, n, k, 1)
    c, report = ex.matmul(a, b, None, tiling)
    np.testing.assert_array_equal(c, a.astype(np.float32) @ b.astype(np.float32))
    spans = {p: _pipe_intervals(report, 0, p) for p in PIPE_IDX}
    assert all(spans.values()), {p: len(v) for p, v in spans.items()}

    def overlap(x, y):
        return sum(max(0.0, min(e1, e2) - max(s1, s2)) for s1, e1 in x for s2, e2 in y)

    # Copies of the next stage run while M multiplies, and FIX drains a block meanwhile.
    assert overlap(spans["MTE2"], spans["M"]) > 0
    assert overlap(spans["FIX"], spans["M"]) > 0
    busy = sum(e - s for s, e in spans["M"])
    assert busy == pytest.approx(report.cores[0].busy["PIPE_M"])


def test_double_buffering_in_the_tiling_saves_time():
    # A long K, so that the L1 stages set the time: examples/03_matmul's CFG_NORM enables
    # UnitFlag, which keeps one L0C buffer, and at 512^3 on 4 cores NORM's row-by-row Fixpipe
    # bounds both tilings alike.
    m = n = 256
    k = 2048
    rng = np.random.default_rng(3)
    a, b = _ints((m, k), rng), _ints((k, n), rng)
    cycles = {}
    for db in (False, True):
        tiling = ex.generate_tiling(m, n, k, 4, double_buffer=db)
        c, report = ex.matmul(a, b, None, tiling)
        np.testing.assert_array_equal(c, a.astype(np.float32) @ b.astype(np.float32))
        cycles[db] = report.cycles
    assert cycles[True] < cycles[False]


def test_iterate_order_changes_the_schedule_not_the_result():
    m = n = 256
    k = 128
    rng = np.random.default_rng(4)
    a, b = _ints((m, k), rng), _ints((k, n), rng)
    tiling = ex.generate_tiling(m, n, k, 1)
    out = {}
    for order in (0, 1):
        tiling.iterate_order = order
        c, report = ex.matmul(a, b, None, tiling)
        np.testing.assert_array_equal(c, a.astype(np.float32) @ b.astype(np.float32))
        out[order] = report.cores[0].busy["PIPE_MTE2"]
    assert out[0] != out[1]  # A or B is the operand reloaded per block


@asc.jit(matmul_cube_only=True)
def no_a_kernel(b: asc.GlobalAddress, c: asc.GlobalAddress, tiling: asc.adv.TCubeTiling,
                workspace: asc.GlobalAddress):
    b_gm = asc.GlobalTensor()
    c_gm = asc.GlobalTensor()
    b_gm.set_global_buffer(b)
    c_gm.set_global_buffer(c)
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(
        a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
        b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
        c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32))
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    mm.set_tensor_b(b_gm)
    mm.iterate_all(c_gm)


def test_iterate_all_before_set_tensor_a_is_a_located_error():
    tiling = ex.generate_tiling(64, 64, 64, 1)
    with pytest.raises(InvalidArgumentError) as e:
        no_a_kernel[1](np.zeros(64 * 64, np.float16), np.zeros(64 * 64, np.float32), tiling,
                       np.zeros(64, np.uint8))
    text = str(e.value)
    assert "before SetTensorA" in text and "test_matmul_api.py:" in text


def test_a_tiling_that_does_not_fit_l0c_is_a_located_error():
    tiling = ex.generate_tiling(256, 256, 64, 1)
    tiling.base_m, tiling.base_n = 256, 256  # 2 x 256 x 256 f32 accumulators: 512 KB
    with pytest.raises(UBOverflowError) as e:
        ex.matmul(np.zeros((256, 64), np.float16), np.zeros((64, 256), np.float16), None,
                  tiling)
    assert "L0C" in str(e.value) and "matmul.py:" in str(e.value)


def test_an_empty_tiling_is_refused():
    tiling = asc.adv.TCubeTiling(used_core_num=1, m=16, n=16, k_a=16, k_b=16)
    with pytest.raises(InvalidArgumentError, match="singleCoreM=0; it must be positive"):
        iterate_kernel[1](np.zeros(256, np.float16), np.zeros(256, np.float16),
                          np.zeros(256, np.float32), tiling, np.zeros(64, np.uint8))


@asc.jit(matmul_cube_only=True)
def _get_tensor_c_flags(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress,
                        tiling: asc.adv.TCubeTiling, ws: asc.GlobalAddress,
                        ATOMIC: asc.ConstExpr[int], SEQ: asc.ConstExpr[bool]):
    a_gm = asc.GlobalTensor()
    b_gm = asc.GlobalTensor()
    c_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a)
    b_gm.set_global_buffer(b)
    c_gm.set_global_buffer(c)
    pipe = asc.TPipe()
    i8 = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.int8)
    i32 = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.int32)
    mm = asc.adv.Matmul(a=i8, b=i8, c=i32, bias=i32, matmul_config=asc.adv.get_mdl_config())
    asc.adv.register_matmul(pipe, ws, mm, tiling)
    mm.set_tensor_a(a_gm)
    mm.set_tensor_b(b_gm)
    with mm.iterate() as i:
        if SEQ:
            mm.get_tensor_c(c_gm[i * 128 * 256:], ATOMIC, True)
        else:
            mm.get_tensor_c(c_gm, ATOMIC, False)
    mm.end()


@pytest.mark.parametrize("atomic, sequential", [(0, True), (0, False), (1, True), (1, False)])
def test_get_tensor_c_honours_en_sequential_write_and_en_atomic(atomic, sequential):
    # The cube core's GetTensorC ignored both flags: a packed block (a per-core workspace slot,
    # quant_group_matmul) landed at its place in C instead, and enAtomic overwrote.
    host = ex.host
    api = host.MatmulApiTiling(host.get_ascendc_platform())
    i8, i32 = host.DataType.DT_INT8, host.DataType.DT_INT32
    for setter, dtype in ((api.set_a_type, i8), (api.set_b_type, i8), (api.set_c_type, i32),
                          (api.set_bias_type, i32)):
        setter(host.TPosition.GM, host.CubeFormat.ND, dtype)
    api.set_org_shape(128, 512, 128)
    api.set_shape(128, 512, 128)
    api.enable_bias(False)
    api.set_fix_split(128, 256, 128)
    t = asc.adv.TCubeTiling()
    assert api.get_tiling(t) == 0, api.error
    rng = np.random.default_rng(0)
    a = rng.integers(-5, 5, (128, 128)).astype(np.int8)
    b = rng.integers(-5, 5, (128, 512)).astype(np.int8)
    c = np.full(128 * 512, 7, np.int32)
    _get_tensor_c_flags[1](a.ravel(), b.ravel(), c, t, np.zeros(1024, np.uint8), atomic,
                           sequential)
    want = a.astype(np.int32) @ b.astype(np.int32)
    if sequential:  # block 0 packed at 0, block 1 at 128 x 256: rows 256 apart
        want = np.concatenate([want[:, :256].ravel(), want[:, 256:].ravel()])
    want = want.ravel() + (7 if atomic else 0)
    assert np.array_equal(c, want)


@asc.jit(matmul_cube_only=True)
def _twice(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress,
           tiling: asc.adv.TCubeTiling, ws: asc.GlobalAddress, TIMES: asc.ConstExpr[int]):
    a_gm = asc.GlobalTensor()
    b_gm = asc.GlobalTensor()
    c_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a)
    b_gm.set_global_buffer(b)
    c_gm.set_global_buffer(c)
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(
        a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
        b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
        c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32))
    asc.adv.register_matmul(pipe, ws, mm, tiling)
    for _ in asc.static_range(TIMES):
        mm.set_tensor_a(a_gm)
        mm.set_tensor_b(b_gm)
        mm.iterate_all(c_gm)
    mm.end()


def test_set_tensor_empties_the_l1_stages_of_the_old_operand():
    # SetInput resets the CubeInBuffer: the second IterateAll copies A and B again, as the
    # first did. The stages used to survive SetTensorA/B (quant_group_matmul's per-block A
    # was copied once per core).
    m = n = k = 64
    rng = np.random.default_rng(4)
    a, b = _ints((m, k), rng), _ints((k, n), rng)
    tiling = ex.generate_tiling(m, n, k, 1)
    mte2 = []
    for times in (1, 2):
        c = np.zeros(m * n, np.float32)
        report = _twice[1](a.ravel(), b.ravel(), c, tiling, np.zeros(64, np.uint8), times)
        np.testing.assert_array_equal(c.reshape(m, n), a.astype(np.float32) @ b.astype(np.float32))
        mte2.append(report.cores[0].busy["PIPE_MTE2"])
    assert mte2[1] == pytest.approx(2 * mte2[0], rel=0.05)


@asc.jit(matmul_cube_only=True)
def _nz_c(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress,
               tiling: asc.adv.TCubeTiling, ws: asc.GlobalAddress):
    a_gm = asc.GlobalTensor()
    b_gm = asc.GlobalTensor()
    c_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a)
    b_gm.set_global_buffer(b)
    c_gm.set_global_buffer(c)
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(
        a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
        b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.NZ, asc.float16),
        c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.NZ, asc.float32))
    asc.adv.register_matmul(pipe, ws, mm, tiling)
    mm.set_tensor_a(a_gm)
    mm.set_tensor_b(b_gm)
    mm.iterate_all(c_gm)
    mm.end()


def test_c_in_nz_is_refused_not_written_as_nd():
    # FIX writes C row-major: an NZ C would get ND rows silently. (An NZ B is simulated:
    # test_matmul_nz.py; before it was, an NZ weight gave wrong numbers silently.)
    tiling = ex.generate_tiling(64, 64, 64, 1)
    with pytest.raises(NotSimulatedError, match="C in CubeFormat.NZ; the simulator runs the "
                                                "Matmul API with A and B in ND or NZ and C in "
                                                "ND") as e:
        _nz_c[1](np.zeros(64 * 64, np.float16), np.zeros(64 * 64, np.float16),
                      np.zeros(64 * 64, np.float32), tiling, np.zeros(64, np.uint8))
    assert "test_matmul_api.py:" in str(e.value)
