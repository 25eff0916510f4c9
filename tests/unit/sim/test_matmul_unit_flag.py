"""UnitFlag and constant tiling in the Matmul API's schedule (ascdsl.sim.lower.matmul_sched;
benchmarks/calibration rows mm-7 and mm-8)."""

from __future__ import annotations

import numpy as np
import pytest

import ascdsl as asc
import ascdsl.lib.host as host
from ascdsl.dialects.ascendc.soc import get_soc
from ascdsl.sim.errors import SimulationError
from ascdsl.sim.sanitizer import FIX
from ascdsl.sim.sanitizer import M as M_PIPE

COST = get_soc().cost
M, N, K = 512, 256, 256  # four 128 x 256 blocks of C, each over four 64-deep K steps
BASE = (128, 256, 64)


@asc.jit(matmul_cube_only=True)
def kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress,
           tiling: asc.adv.TCubeTiling, workspace: asc.GlobalAddress,
           unit_flag: asc.ConstExpr[int], const_m: asc.ConstExpr[int]):
    if asc.ascend_is_aic():
        a_gm = asc.GlobalTensor()
        b_gm = asc.GlobalTensor()
        c_gm = asc.GlobalTensor()
        a_gm.set_global_buffer(a)
        b_gm.set_global_buffer(b)
        c_gm.set_global_buffer(c)
        pipe = asc.TPipe()
        h = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
        # The MDL template; const_m > 0 fixes the shapes (a constant tiling).
        cfg = asc.adv.MatmulConfig(do_norm=False, do_multi_data_load=True,
                                   en_unit_flag=bool(unit_flag), single_core_m=const_m,
                                   single_core_n=N if const_m else 0,
                                   single_core_k=K if const_m else 0,
                                   basic_m=BASE[0] if const_m else 0,
                                   basic_n=BASE[1] if const_m else 0,
                                   basic_k=BASE[2] if const_m else 0)
        mm = asc.adv.Matmul(a=h, b=h, c=h, bias=h, matmul_config=cfg)
        asc.adv.register_matmul(pipe, workspace, mm, tiling)
        mm.set_tensor_a(a_gm)
        mm.set_tensor_b(b_gm)
        mm.iterate_all(c_gm)
        mm.end()


def _tiling():
    api = host.MatmulApiTiling(host.get_ascendc_platform())
    for setter in (api.set_a_type, api.set_b_type, api.set_c_type, api.set_bias_type):
        setter(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16)
    api.set_org_shape(M, N, K)
    api.set_shape(M, N, K)
    api.enable_bias(False)
    api.set_fix_split(*BASE)
    t = asc.adv.TCubeTiling()
    assert api.get_tiling(t) == 0, api.error
    t.depth_a1 = t.depth_b1 = 4
    t.step_k_a = t.step_k_b = 2
    t.step_m = t.step_n = 1
    t.db_l0c = 1  # 128 x 256 f32 fills L0C, as in the calibration's cases 6-8
    return t


def _run(unit_flag: bool, const_m: int = 0):
    rng = np.random.default_rng(0)
    a = rng.integers(-4, 5, (M, K)).astype(np.float16)
    b = rng.integers(-4, 5, (K, N)).astype(np.float16)
    c = np.zeros((M, N), np.float16)
    report = kernel[1](a.ravel(), b.ravel(), c.ravel(), _tiling(), np.zeros(1024, np.uint8),
                       int(unit_flag), const_m)
    np.testing.assert_array_equal(c, (a.astype(np.float32) @ b.astype(np.float32))
                                  .astype(np.float16))
    return report.cores[0]


def _spans(core, pipe):
    return sorted((start, start + length) for p, start, length, _ in core.trace
                  if p == pipe and length > 0)


def _mmads_inside_fixpipes(core) -> int:
    fixes = _spans(core, FIX)
    return sum(1 for s, _ in _spans(core, M_PIPE) if any(f0 < s < f1 for f0, f1 in fixes))


def test_unit_flag_overlaps_fixpipe_with_the_next_blocks_mmad(monkeypatch):
    monkeypatch.setattr(asc.config, "trace", True)
    off = _run(unit_flag=False)
    on = _run(unit_flag=True)
    # The same work on every pipe, in less time (busy times count an op's landing latency
    # only where the next op of its pipe does not overlap it: a latency per block at most).
    for pipe in ("PIPE_M", "PIPE_MTE1"):
        assert on.busy[pipe] == pytest.approx(off.busy[pipe], abs=4 * COST["local_latency"])
    # FIX moves the same blocks but is busy longer: each UnitFlag Fixpipe is issued fix_lead
    # Mmads early and waits in FIX for its units.
    assert on.busy["PIPE_FIX"] > off.busy["PIPE_FIX"]
    assert on.cycles < off.cycles
    # Without it a block's first Mmad waits for the previous block's whole Fixpipe (one L0C
    # buffer); with it M overwrites the units FIX has read while FIX drains the rest: the
    # first Mmad of each of blocks 2-4 (at least) starts inside the previous Fixpipe's span.
    assert _mmads_inside_fixpipes(off) == 0
    assert _mmads_inside_fixpipes(on) >= 3


def test_constant_tiling_saves_the_scalar_work_per_block():
    dyn = _run(unit_flag=False)
    const = _run(unit_flag=False, const_m=M)
    blocks = (M // BASE[0]) * (N // BASE[1])
    assert dyn.busy["PIPE_S"] - const.busy["PIPE_S"] == pytest.approx(
        blocks * COST["mm_tiling_scalar"] + COST["mm_init_tiling"], rel=1e-6)
    assert const.cycles < dyn.cycles


def test_the_object_setup_holds_the_core_before_its_first_copy(monkeypatch):
    # The Ascend C guide's constant-tiling case: 2.2 us from the core's start to the first
    # MTE2 with a constant tiling, 3.5 us with the tiling from the host (SoC table mm_init).
    from ascdsl.sim.sanitizer import MTE2

    monkeypatch.setattr(asc.config, "trace", True)
    dyn = _run(unit_flag=False)
    const = _run(unit_flag=False, const_m=M)
    first = [min(start for p, start, _, _ in core.trace if p == MTE2) for core in (dyn, const)]
    assert first[1] >= COST["mm_init"]
    assert first[0] - first[1] == pytest.approx(
        COST["mm_init_tiling"] + COST["mm_tiling_scalar"], rel=1e-6)


def test_a_constant_tiling_that_disagrees_with_the_tcubetiling_is_refused():
    with pytest.raises(SimulationError, match=r"constant tiling has single_core_m=256 but the "
                                              r"TCubeTiling has singleCoreM=512"):
        _run(unit_flag=False, const_m=256)
