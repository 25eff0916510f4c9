"""The Matmul API's schedule as the calibration fitted it (benchmarks/calibration, mm-0..6):
the library's WaitFlags serialise MTE2 and MTE1 when L1 holds one stage, MDL copies the next
stage during this one and writes a block with one Fixpipe, and cores reading the same panel
share its misses (ascdsl.sim.memsys)."""

from __future__ import annotations

import numpy as np
import pytest

import ascdsl as asc
import ascdsl.lib.host as host
import ascdsl.runtime.config as config
from ascdsl.dialects.ascendc.soc import get_soc
from ascdsl.sim.core import CoreSim, Launch
from ascdsl.sim.dtypes import sim_dtype
from ascdsl.sim.memory import GMBuffer
from ascdsl.sim.memsys import CACHE_NORMAL
from ascdsl.sim.sanitizer import FIX as FIX_PIPE
from ascdsl.sim.sanitizer import MTE2
from ascdsl.sim.sanitizer import M as M_PIPE
from xdsl.dialects.builtin import f16

COST = get_soc().cost
# The object's setup before its first copy, with the tiling from the host (mm_init).
INIT = COST["mm_init"] + COST["mm_init_tiling"]


@asc.jit(matmul_cube_only=True)
def one_core(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress,
             tiling: asc.adv.TCubeTiling, workspace: asc.GlobalAddress,
             mdl: asc.ConstExpr[int], reorder: asc.ConstExpr[int]):
    # Each core multiplies its own A and B (no panel shared between cores).
    if asc.ascend_is_aic():
        i = asc.get_block_idx()
        a_gm = asc.GlobalTensor()
        b_gm = asc.GlobalTensor()
        c_gm = asc.GlobalTensor()
        a_gm.set_global_buffer(a + i * tiling.m * tiling.k_a)
        b_gm.set_global_buffer(b + i * tiling.k_b * tiling.n)
        c_gm.set_global_buffer(c + i * tiling.m * tiling.n)
        pipe = asc.TPipe()
        h = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
        cfg = asc.adv.MatmulConfig(do_norm=False, do_multi_data_load=True,
                                   enable_kdim_reorder_load=bool(reorder)) if mdl else None
        mm = asc.adv.Matmul(a=h, b=h, c=h, bias=h, matmul_config=cfg)
        asc.adv.register_matmul(pipe, workspace, mm, tiling)
        mm.set_tensor_a(a_gm)
        mm.set_tensor_b(b_gm)
        mm.iterate_all(c_gm)
        mm.end()


def _tiling(m, n, k, depth, step):
    api = host.MatmulApiTiling(host.get_ascendc_platform())
    for setter in (api.set_a_type, api.set_b_type, api.set_c_type, api.set_bias_type):
        setter(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16)
    api.set_org_shape(m, n, k)
    api.set_shape(m, n, k)
    api.enable_bias(False)
    api.set_fix_split(128, 256, 64)
    t = asc.adv.TCubeTiling()
    assert api.get_tiling(t) == 0, api.error
    t.depth_a1 = t.depth_b1 = depth
    t.step_k_a = t.step_k_b = step
    t.step_m = t.step_n = 1
    return t


def _run(m, n, k, depth, step, mdl):
    rng = np.random.default_rng(0)
    a = rng.integers(-4, 5, (m, k)).astype(np.float16)
    b = rng.integers(-4, 5, (k, n)).astype(np.float16)
    c = np.zeros((m, n), np.float16)
    report = one_core[1](a.ravel(), b.ravel(), c.ravel(), _tiling(m, n, k, depth, step),
                         np.zeros(1024, np.uint8), int(mdl), 0)
    np.testing.assert_array_equal(c, (a.astype(np.float32) @ b.astype(np.float32))
                                  .astype(np.float16))
    return report.cores[0]


def test_one_stage_in_l1_serialises_the_copies_and_the_loads():
    # mm-0 / mm-1: with depth 1 the next copies wait for MTE1 to release the stage and the
    # loads wait for both copies, so the core takes at least MTE2 + MTE1 (Mmad overlaps).
    core = _run(128, 256, 1024, 1, 1, mdl=False)
    serial = INIT + core.busy["PIPE_MTE2"] + core.busy["PIPE_MTE1"]
    assert core.cycles >= serial
    # ... plus only the last Mmad and the block's Fixpipe.
    assert core.cycles < serial + core.busy["PIPE_FIX"] + 2 * (512 + COST["cube_issue"])


def test_mdl_double_buffers_the_stages_in_l1():
    norm = _run(128, 256, 1024, 1, 1, mdl=False)
    mdl = _run(128, 256, 1024, 4, 2, mdl=True)
    # Two stages of two K blocks: copies overlap the loads; the same Mmads.
    assert mdl.busy["PIPE_M"] == pytest.approx(norm.busy["PIPE_M"], rel=0.02)
    assert mdl.cycles - INIT < mdl.busy["PIPE_MTE2"] + mdl.busy["PIPE_MTE1"]
    assert mdl.cycles < 0.8 * norm.cycles


@pytest.mark.parametrize("mdl", [False, True])
@pytest.mark.parametrize("steps", [2, 10])
def test_a_unit_flag_fixpipe_waits_in_fix_from_fix_lead_mmads_before_the_last(
        monkeypatch, mdl, steps):
    # With UnitFlag (on in both configs here) the library issues the block's Fixpipe once its
    # last Mmad is queued, `fix_lead` Mmads before it; FIX is busy waiting from the start of
    # that Mmad (or the block's first, if it has fewer) and then moves the block at
    # fix_rate: mm-0 / mm-1's FIX time, 5-6 K steps a block.
    monkeypatch.setattr(config, "trace", True)
    m, n = 128, 256
    core = _run(m, n, 64 * steps, 4, 2, mdl=mdl)
    mmads = sorted(s for p, s, d, _ in core.trace if p == M_PIPE and d > 0)
    fix = sorted((s, d) for p, s, d, _ in core.trace if p == FIX_PIPE and d > 0)
    at = len(mmads) - 1 - COST["fix_lead"]  # a fractional lead: between two Mmads' starts
    i = max(0, int(at))
    issue = mmads[i] + (at - i) * (mmads[i + 1] - mmads[i]) if at > 0 else mmads[0]
    # (an Mmad's trace starts once the one before has landed: local_latency at most later)
    assert abs(fix[0][0] - issue) <= COST["local_latency"]
    assert (fix[0][0] > mmads[0] + 100) == (steps > COST["fix_lead"] + 1)
    # The transfer itself: the block at fix_rate after the instruction's issue cost.
    assert fix[-1][1] == pytest.approx(COST["mte_issue"] + m * n * 2 / COST["fix_rate"],
                                       rel=1e-6)


def test_a_panel_shared_by_cores_splits_its_misses():
    class K:
        name = "k"
        auto_sync = False

    launch = Launch(K(), 4, "off", get_soc(), cube=True)
    core = CoreSim(launch, 0, 4)
    ms = core.memsys
    buf = GMBuffer(0, "a", sim_dtype(f16), np.zeros(1 << 20, np.float16))
    # 64 KB, never read before: alone it misses 128 lines; shared by 4 cores, this core
    # fetches a quarter of them on its HBM share and its L2 clock advances by 32 lines.
    hbm, l2, _, _ = ms.read(core, buf, 0, 65536, 65536, 1, CACHE_NORMAL, share=4)
    assert (hbm, l2) == (16384, 49152)
    assert core.l2_clock == 32
    hbm, l2, _, _ = ms.read(core, buf, 1 << 17, 65536, 65536, 1, CACHE_NORMAL)
    assert (hbm, l2) == (65536, 0)
    assert core.l2_clock == 32 + 128


def test_each_k_step_loads_a_and_b_with_one_instruction_each():
    # dav_c220's library (load_to_l0a / load_to_l0b loadInstr): a half A and a half B in
    # K x N order each go L1 -> L0 in one LoadData3DV2, not one LoadData2D per fractal row
    # (which would be 8 + 4 a step here). With one stage per input the steps do not overlap,
    # so MTE1 is busy each step for two issues, 48 KB at mte1_rate and one landing.
    core = _run(128, 256, 256, 1, 1, False)
    step = 2 * COST["mte1_issue"] + (128 * 64 + 64 * 256) * 2 / COST["mte1_rate"]
    assert core.busy["PIPE_MTE1"] == pytest.approx(4 * (step + COST["local_latency"]),
                                                   rel=1e-9)


@pytest.mark.parametrize("reorder", [False, True])
def test_kdim_reorder_load_starts_each_core_at_its_own_stage(reorder):
    # enableKdimReorderLoad (k_loop_mdl_reorder.h): core i starts its K loop at stage
    # i mod (stages) and wraps around. K = 448 is three stages of 128 and a tail of 64:
    # core 3 starts at the tail, so its first copies move half the bytes of core 0's.
    m, n, k, cores = 128, 256, 448, 4
    rng = np.random.default_rng(1)
    a = rng.integers(-4, 5, (cores, m, k)).astype(np.float16)
    b = rng.integers(-4, 5, (cores, k, n)).astype(np.float16)
    c = np.zeros((cores, m, n), np.float16)
    t = _tiling(m, n, k, 4, 2)
    old = config.trace
    config.trace = True
    try:
        report = one_core[cores](a.ravel(), b.ravel(), c.ravel(), t,
                                 np.zeros(1024, np.uint8), 1, int(reorder))
    finally:
        config.trace = old
    want = np.einsum("imk,ikn->imn", a.astype(np.float32), b.astype(np.float32))
    np.testing.assert_array_equal(c, want.astype(np.float16))
    first = [min((e for e in cr.trace if e[0] == MTE2), key=lambda e: e[1])[2]
             for cr in report.cores]
    if reorder:
        assert first[3] < 0.75 * first[0]
        assert first[1] == pytest.approx(first[0], rel=0.05)
    else:
        assert first == pytest.approx([first[0]] * cores, rel=0.05)
