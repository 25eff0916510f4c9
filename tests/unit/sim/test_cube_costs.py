"""The cube's costs fitted to asc-devkit's matmul rows (benchmarks/calibration, mm-1, mm-5):
Fixpipe per block, LoadData's issue, ND2NZ from L2; and a cube kernel's report under msprof's
aic_ names."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

import ascdsl as asc

from ascdsl.dialects.ascendc.soc import get_soc
from cube_kernels import mmad_kernel
from sim_kernels import run

COST = get_soc().cost


def _launch(m, n, k, trace=True):
    rng = np.random.default_rng(0)
    a = rng.uniform(-1, 1, (m, k)).astype(np.float16)
    b = rng.uniform(-1, 1, (k, n)).astype(np.float16)
    c = np.zeros((m, n), np.float32)
    report = run(mmad_kernel(m, n, k), [a.ravel(), b.ravel(), c.ravel()], trace=trace)
    np.testing.assert_allclose(c, a.astype(np.float32) @ b.astype(np.float32), rtol=1e-4,
                               atol=1e-3)
    return report


def _slices(report, pipe):
    from ascdsl.sim.sanitizer import PIPE_NAMES

    return [d for p, s, d, site in report.cores[0].trace if PIPE_NAMES[p] == pipe and d > 0]


def test_fixpipe_moves_the_block_at_the_fix_rate():
    # A hand-written Fixpipe waits for its Mmads' flag, as MDL's does: the block at
    # `fix_rate` (mm-5), with no early-issue wait (the Matmul API's UnitFlag, mm-0/1).
    m, n = 64, 32
    report = _launch(m, n, 32)
    (fix,) = _slices(report, "PIPE_FIX")
    want = COST["mte_issue"] + m * n * 4 / COST["fix_rate"]
    assert fix == pytest.approx(want, rel=1e-6)


def test_load_data_is_issued_at_the_mte1_cost():
    m, n, k = 32, 32, 32
    report = _launch(m, n, k)
    # A: one LoadData per 16-row block (2 fractals each); B: one per 16-row block of K. Each
    # is issued in mte1_issue and moves its bytes at mte1_rate (mm-0, mm-1), not at the
    # .ini's 512 / 256 B/cycle widths.
    per = COST["mte1_issue"] + 2 * 512 / COST["mte1_rate"]
    want = 4 * per + COST["local_latency"]
    assert report.busy["PIPE_MTE1"] == pytest.approx(want, rel=1e-6)


def test_the_matmul_api_loads_as_the_dav_c220_library_does():
    from ascdsl.sim.lower.matmul_sched import _load_instrs

    # (which, given transposed, int8, rows, k, c0, B's L1 columns) -> LoadData instructions
    # (load_to_l0a / load_to_l0b loadInstr): A is one LoadData3DV2 whatever its size ...
    assert _load_instrs("a", False, False, 128, 64, 16, 0) == 1
    assert _load_instrs("a", True, False, 128, 64, 16, 0) == 1
    # ... except int8 A given transposed: LoadDataWithTranspose per 32 rows of M.
    assert _load_instrs("a", True, True, 128, 128, 32, 0) == 4
    # B in K x N order: one LoadData3DV2; int8: LoadDataWithTranspose per 32 of K.
    assert _load_instrs("b", False, False, 256, 64, 16, 256) == 1
    assert _load_instrs("b", False, True, 256, 128, 32, 256) == 4
    # B given as N x K (mm-0..8): one LoadData2D while the slice spans the L1 tile's N, else
    # a loop over the fewer of its K fractals (4) and N fractals (16, or 2).
    assert _load_instrs("b", True, False, 256, 64, 16, 256) == 1
    assert _load_instrs("b", True, False, 256, 64, 16, 512) == 4
    assert _load_instrs("b", True, False, 32, 64, 16, 512) == 2


def test_a_cube_kernel_reports_under_the_aic_names():
    figures = _launch(32, 32, 32, trace=False).msprof()
    assert "aic_time(us)" in figures and "aiv_time(us)" not in figures
    assert "aic_mte2_time(us)" in figures and "aic_mac_time(us)" in figures
    assert figures["aic_mac_time(us)"] > 0


def test_nd2nz_hits_in_l2_move_at_the_conversion_rate():
    from ascdsl.sim.core import CoreSim, Launch
    from ascdsl.sim.dtypes import sim_dtype
    from ascdsl.sim.memory import GMBuffer
    from ascdsl.sim.memsys import CACHE_NORMAL
    from xdsl.dialects.builtin import f16

    class K:
        name = "k"
        auto_sync = False

    launch = Launch(K(), 1, "off", get_soc(), cube=True)
    core = CoreSim(launch, 0, 1)
    buf = GMBuffer(0, "a", sim_dtype(f16), np.zeros(1 << 19, np.float16))
    site = None
    # 64 rows of 128 bytes, 4 KB apart: the first copy misses, a second of the same rows hits.
    core.gm_copy(4, buf, 0, 128, 4096, 64, False, CACHE_NORMAL, site, l2_cap=COST["nd2nz_rate"])
    first = core.fetch_free
    core.gm_copy(4, buf, 0, 128, 4096, 64, False, CACHE_NORMAL, site, l2_cap=COST["nd2nz_rate"])
    hit = core.fetch_free - first
    # 128-byte rows: one row per nd2nz_row cycles, slower than the byte cap (mm-1).
    assert hit == pytest.approx(64 * COST["nd2nz_row"], rel=1e-6)
    assert 64 * COST["nd2nz_row"] > 64 * 128 / COST["nd2nz_rate"]
    # 1 KB rows hit the byte cap instead (mm-5's A stages).
    core.gm_copy(4, buf, 1 << 16, 1024, 4096, 16, False, CACHE_NORMAL, site, l2_cap=COST["nd2nz_rate"])
    mark = core.fetch_free
    core.gm_copy(4, buf, 1 << 16, 1024, 4096, 16, False, CACHE_NORMAL, site, l2_cap=COST["nd2nz_rate"])
    assert core.fetch_free - mark == pytest.approx(16 * 1024 / COST["nd2nz_rate"], rel=1e-6)
    # The miss moved only the 8 KB asked for through the port (the lines filled L2), at a cube
    # core's ND2NZ rate from HBM (cat-21-c).
    assert first == pytest.approx(64 * 128 / COST["nd2nz_hbm"], rel=1e-6)


@pytest.mark.parametrize("cube", [True, False])
def test_plain_gm_read_moves_at_the_cores_own_rate(cube):
    """A cube core's MTE2 streams a plain copy from HBM at gm_read_aic (cat-21-a), a vector
    core's at gm_read_core (add-1): one core alone is far under the chip's HBM share."""
    from ascdsl.sim.core import CoreSim, Launch
    from ascdsl.sim.dtypes import sim_dtype
    from ascdsl.sim.memory import GMBuffer
    from ascdsl.sim.memsys import CACHE_NORMAL
    from xdsl.dialects.builtin import f16

    class K:
        name = "k"
        auto_sync = False

    K.cube = cube  # the kind of core the launch runs on
    core = CoreSim(Launch(K(), 1, "off", get_soc(), cube=cube), 0, 1)
    assert core.kind == ("aic" if cube else "aiv")
    buf = GMBuffer(0, "b", sim_dtype(f16), np.zeros(1 << 16, np.float16))
    # 16 bursts of 8 KB (a zN tile of catlass 21): every line misses.
    core.gm_copy(4, buf, 0, 8192, 8192, 16, False, CACHE_NORMAL, None)
    rate = COST["gm_read_aic"] if cube else COST["gm_read_core"]
    assert core.fetch_free == pytest.approx(16 * 8192 / rate, rel=1e-6)
    assert COST["gm_read_aic"] > COST["nd2nz_hbm"] > COST["gm_read_core"]


@asc.jit
def _empty_cube_ops():
    a1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, 256)
    a2 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, 256)
    b2 = asc.LocalTensor(asc.float16, asc.TPosition.B2, 0, 256)
    co1 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, 256)
    asc.load_data(a2, a1, asc.LoadData2DParams(0, 0, 1, 0, 0, False, 0))
    asc.pipe_barrier(asc.Pipe.PIPE_ALL)
    asc.mmad(co1, a2, b2, asc.MmadParams(0, 16, 16, is_bias=False, fm_offset=0,
                                         en_ssparse=False, en_winograd_a=False,
                                         en_winograd_b=False))


def test_an_empty_load_or_mmad_costs_its_own_pipes_issue():
    # repeatTimes 0 and m 0 move and compute nothing; each still holds its pipe for that
    # pipe's issue cost (MTE1's, the cube's), not a GM copy's mte_issue.
    from ascdsl.runtime import config

    old, config.sanitize = config.sanitize, "warn"
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # the findings "loads nothing" and "empty matrix"
            report = _empty_cube_ops[1]()
    finally:
        config.sanitize = old
    said = " ".join(str(f) for f in report.findings)
    assert "repeatTimes=0" in said and "empty matrix" in said
    assert report.busy["PIPE_MTE1"] == pytest.approx(COST["mte1_issue"])
    assert report.busy["PIPE_M"] == pytest.approx(COST["cube_issue"])
    assert COST["mte1_issue"] != COST["mte_issue"] != COST["cube_issue"]
