"""asc-devkit's quantised grouped matmul (quant_group_matmul_high_performance) as
benchmarks/calibration/quant_group_matmul.py re-creates it: y = FasterGelu(x w_g * scale_g *
perTokenScale) in half with the sanitizer raising on any race, groups with tails (and an empty
one), the three scenarios' structures, the block assignment across groups, the Ascend C it
prints, and the rows that carry its published figures."""

import sys
from pathlib import Path

import numpy as np
import pytest

import ascdsl.runtime.config as config
from ascdsl.runtime.config import KernelType
from ascdsl.sim.sanitizer import FIX, MTE2

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "benchmarks" / "calibration"))
import quant_group_matmul as qgm  # noqa: E402
import rows  # noqa: E402

# Four groups, one empty, none a multiple of the 128-row block or of the 24-row vector step;
# N = 1152 is a 1024-column block and a 128-column one (the source's tail arithmetic).
GROUPS = np.array([100, 37, 0, 200], np.int64)
N, K, CORES = 1152, 256, 2


def _data(seed=3):
    rng = np.random.default_rng(seed)
    m = int(GROUPS.sum())
    x = rng.integers(-10, 10, m * K, dtype=np.int8)
    w = rng.integers(-10, 10, len(GROUPS) * K * N, dtype=np.int8)
    scale = rng.normal(0, 0.01, len(GROUPS) * N).astype(np.float32)
    pt = rng.normal(0, 0.01, m).astype(np.float32)
    return x, w, scale, pt


def _run(scenario, blocks=0, b_nz=False):
    x, w, scale, pt = _data()
    y = np.zeros(int(GROUPS.sum()) * N, np.float16)
    old = config.sanitize
    config.sanitize = "raise"
    w_in = qgm.nz_weight(w, len(GROUPS), K, N) if b_nz else w
    try:
        report = qgm.launch(scenario, x, w_in, GROUPS, scale, pt, y, blocks, N, K, CORES, b_nz)
    finally:
        config.sanitize = old
    want = qgm.reference(x, w, GROUPS, scale, pt, N, K)
    return y.reshape(want.shape), want, report


@pytest.mark.parametrize("scenario", [0, 1, 2])
def test_y_is_the_dequantised_gelu_of_each_groups_product(scenario):
    got, want, report = _run(scenario)
    assert np.array_equal(got, want)
    assert not report.findings
    assert np.abs(want.astype(np.float32)).max() > 0.1  # GELU's curved part, not all zero


def test_the_sources_nz_weight_gives_the_same_y_with_cheaper_b_copies():
    # b_nz: the source's MatmulType (B in CubeFormat.NZ), panel offsets and weight layout;
    # the B stages are copied as whole 32-column strips, not converted row by row.
    got, want, report = _run(1, b_nz=True)
    assert np.array_equal(got, want)
    assert not report.findings
    nd = _run(1)[2]

    def mte2(r):
        return sum(c.busy.get("PIPE_MTE2", 0) for c in r.cores if c.kind == "aic")

    assert mte2(report) < mte2(nd)


def test_reference_is_the_sources_golden_formula():
    # gen_data.py's FastGelu, x e^(0.851 (x - |x|)) / (1 + e^(-1.702 |x|)), is the same
    # function as FasterGelu's x / (1 + e^(-1.702 x)).
    x = np.linspace(-6, 6, 97).astype(np.float32)
    golden = x * np.exp(0.851 * (x - np.abs(x))) / (1 + np.exp(-1.702 * np.abs(x)))
    got = qgm.reference(np.ones(1, np.int8), np.ones(97, np.int8), np.array([1]), x,
                        np.ones(1, np.float32), 97, 1)
    assert np.allclose(got[0].astype(np.float32), golden, rtol=1e-3, atol=1e-3)


def _first_aic_fixes_and_release(report):
    """Block 0's AIC: the starts of its Fixpipes, and when both vector cores have first
    released a slot (flag 3, set on MTE2)."""
    lanes = [c for c in report.cores if c.block == 0]
    fixes = sorted(st for p, st, _, site in lanes[0].trace
                   if p == FIX and site.name.endswith("get_tensor_c"))
    sets = [min(st for p, st, _, site in c.trace if p == MTE2 and site.name.endswith("set_flag"))
            for c in lanes[1:]]
    return fixes, max(sets)


def test_the_scenarios_differ_as_in_the_source():
    assert qgm.SCENARIOS == {0: (KernelType.MIX_AIC_1_1, 1), 1: (KernelType.MIX_AIC_1_2, 1),
                             2: (KernelType.MIX_AIC_1_2, 4)}
    old = config.trace
    config.trace = True
    try:
        r0, r1, r2 = (_run(s)[2] for s in range(3))
    finally:
        config.trace = old
    # Scenario 0 runs one vector core per AI core, which does every 24-row step; in 1 the
    # two share them.
    assert [c.kind for c in r0.cores].count("aiv") == CORES
    assert [c.kind for c in r1.cores].count("aiv") == 2 * CORES
    vec0 = sum(c.busy.get("PIPE_V", 0) for c in r0.cores if c.kind == "aiv")
    vec1 = sum(c.busy.get("PIPE_V", 0) for c in r1.cores if c.kind == "aiv")
    assert vec0 == pytest.approx(vec1, rel=1e-6)
    assert all(c.busy.get("PIPE_V", 0) > 0 for c in r1.cores if c.kind == "aiv")
    # One workspace slot: the second base block leaves L0C only after the vector cores have
    # taken the first. Four: the first four go out before any slot comes back.
    fixes, release = _first_aic_fixes_and_release(r1)
    assert fixes[1] > release
    fixes, release = _first_aic_fixes_and_release(r2)
    assert fixes[3] < release < fixes[4]


def test_blocks_stops_every_core_after_its_first_blocks():
    got, want, _ = _run(1, blocks=1)
    owners = qgm.assignment(GROUPS, N, CORES)
    done = np.zeros(got.shape, bool)
    for core in range(CORES):
        g, row0, mi, ni = owners[core][0]
        r, c = row0 + mi * qgm.SINGLE_M, ni * qgm.SINGLE_N
        rows = min(qgm.SINGLE_M, int(GROUPS[g]) - mi * qgm.SINGLE_M)
        done[r:r + rows, c:c + qgm.SINGLE_N] = True
    assert np.array_equal(got[done], want[done])
    assert not got[~done].any()


def test_assignment_deals_blocks_round_robin_across_groups():
    # The README's A2 example: 64 blocks a group on 24 cores, preCount 0 -> 16 -> 8 -> 0.
    owners = qgm.assignment(np.full(8, 1024), qgm.N, qgm.CORES)
    counts = [len(o) for o in owners]
    assert counts == [22] * 8 + [21] * 16 and sum(counts) == 512
    in_group = [[sum(1 for b in o if b[0] == g) for o in owners] for g in range(3)]
    assert in_group[0] == [3] * 16 + [2] * 8
    assert in_group[1] == [3] * 8 + [2] * 8 + [3] * 8
    # The README says cores 0-7 take 3 of group 2 and 8-23 two: 56 of its 64 blocks. With
    # preCount 8, cores 0-7 start at 24 + c and take two, the others three.
    assert in_group[2] == [2] * 8 + [3] * 16
    assert owners[16][2] == (1, 1024, 0, 0)  # core 16's third block opens group 1
    assert qgm.ROUND == 8  # the assignment's period: 3 groups of 64 blocks on 24 cores
    # Empty groups are skipped; short ones have one block row.
    assert qgm.assignment(GROUPS, N, CORES)[1] == [(0, 0, 0, 1), (1, 100, 0, 1),
                                                   (3, 137, 0, 1), (3, 137, 1, 1)]


def test_ascend_c_of_scenario_2_type_checks_on_both_cores():
    sys.path.insert(0, str(ROOT / "tests" / "unit" / "targets"))
    from real_headers import checker, report

    x, w, scale, pt = _data()
    ws = np.zeros(4 * CORES * qgm.BASE_M * qgm.BASE_N, np.int32)
    y = np.zeros(int(GROUPS.sum()) * N, np.float16)
    args = (x, w, GROUPS, scale, pt, y, ws, qgm.tiling(), N, K, len(GROUPS), CORES, 0, 4, True)
    ck, _ = qgm.quant_group_matmul_custom._prepare_call(
        args, {"kernel_type": KernelType.MIX_AIC_1_2})
    src = ck.ascendc()
    # The source's calls, B in NZ as it declares it.
    for call in ("CubeFormat::NZ, int8_t", "CrossCoreSetFlag<2, PIPE_FIX>",
                 "CrossCoreSetFlag<2, PIPE_MTE2>", "AscendDequant<float, float",
                 "BroadCast<float, 2, 1>", "FasterGelu<float", ".GetTensorC<"):
        assert call in src, call
    for cube in (False, True):
        errors = checker().check_source(src, "quant_group_matmul.cpp", cube=cube)
        assert not errors, report("quant_group_matmul.cpp", src, errors)


def test_rows_carry_the_published_figures_unfitted():
    got = {r.id: r for r in rows.ROWS if r.id.startswith("qgm-")}
    assert sorted(got) == ["qgm-0", "qgm-1", "qgm-2"]
    for s, r in enumerate(got[f"qgm-{i}"] for i in range(3)):
        assert r.role == "unlisted" and r.kernel == ("quant_group_matmul", s)
        assert rows.AIC_SCALAR not in r.listed and rows.SCALAR not in r.listed
        assert rows.AIV in r.listed and rows.FIXP in r.listed and rows.MTE3 in r.listed
    assert got["qgm-0"].measured[rows.TD] == 583.512
    assert got["qgm-1"].measured[rows.VEC] == 235.871
    assert got["qgm-2"].measured[rows.FIXP] == 167.936
    assert got["qgm-2"].measured[rows.AIV] == 285.21
