"""ascdsl.lib.host: pyasc's matmul tiling API computed in Python.

The tilings the tutorials ask for, the rules every tiling meets (L0A/L0B/L0C/L1 from the SoC
table, block alignment, full coverage of C by the cores' blocks including tails) over a sweep
of shapes, and the refusal of impossible requests: -1, a warning at the caller's line.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
import warnings

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ascdsl as asc
import ascdsl.lib.host as host
from ascdsl.dialects.ascendc.enums import Hardware
from ascdsl.dialects.ascendc.soc import get_soc

SOC = get_soc("Ascend910B1")
L0A, L0B, L0C, L1 = (SOC.memory[h] for h in (Hardware.L0A, Hardware.L0B, Hardware.L0C,
                                             Hardware.L1))
F16, F32, I8 = host.DataType.DT_FLOAT16, host.DataType.DT_FLOAT, host.DataType.DT_INT8
BYTES = {F16: 2, F32: 4, I8: 1}


def _tiling(m, n, k, dim=None, ab=F16, c=F32, bias=False, cls=host.MultiCoreMatmulTiling,
            c_pos=host.TPosition.GM, **extra):
    mt = cls(host.get_ascendc_platform())
    assert mt.set_a_type(host.TPosition.GM, host.CubeFormat.ND, ab, False) == 0
    assert mt.set_b_type(host.TPosition.GM, host.CubeFormat.ND, ab, False) == 0
    assert mt.set_c_type(c_pos, host.CubeFormat.ND, c) == 0
    assert mt.set_bias_type(host.TPosition.GM, host.CubeFormat.ND, F32) == 0
    if dim is not None:
        assert mt.set_dim(dim) == 0
    assert mt.set_org_shape(m, n, k) == 0
    assert mt.set_shape(m, n, k) == 0
    assert mt.enable_bias(bias) == 0
    assert mt.set_buffer_space(-1, -1, -1) == 0
    for name, args in extra.items():
        assert getattr(mt, name)(*args) == 0
    t = asc.adv.TCubeTiling()
    return mt, t, mt.get_tiling(t)


def check_rules(t, m, n, k, ab=F16, bias=False, cores=24):
    """Every rule a tiling must meet; returns nothing, asserts each."""
    size = BYTES[ab]
    c0 = 32 // size
    assert (t.m, t.n, t.k_a, t.k_b) == (m, n, k, k)
    # blocks: fractal rows, C0 columns of K (or one block covering K)
    assert t.base_m % 16 == 0 and t.base_n % 16 == 0
    assert t.base_k % c0 == 0
    # L0: the double buffers the tiling declares fit the SoC's memories
    assert t.db_l0a * t.base_m * t.base_k * size <= L0A
    assert t.db_l0b * t.base_n * t.base_k * size <= L0B
    assert t.db_l0c * t.base_m * t.base_n * 4 <= L0C
    assert t.share_l0c_size == t.base_m * t.base_n * 4
    # L1: depthA1/B1 blocks of A and B (and a bias row) are shareL1Size, within L1
    l1 = (t.depth_a1 * t.base_m * t.base_k + t.depth_b1 * t.base_n * t.base_k) * size
    l1 += t.base_n * 4 if bias else 0
    assert t.share_l1_size == l1 <= L1
    assert t.depth_a1 % t.step_k_a == 0 and t.depth_b1 % t.step_k_b == 0
    assert t.step_k_a >= 1 and t.step_k_b >= 1
    assert max(t.step_k_a, t.step_k_b) % min(t.step_k_a, t.step_k_b) == 0
    if bias:
        assert t.is_bias == 1 and t.base_n <= 256
    # cores: the blocks of C tile it exactly once; every core has one
    m_blocks = -(-m // t.single_core_m)
    n_blocks = -(-n // t.single_core_n)
    assert m_blocks * n_blocks == t.used_core_num <= cores
    assert (m_blocks - 1) * t.single_core_m < m <= m_blocks * t.single_core_m
    assert (n_blocks - 1) * t.single_core_n < n <= n_blocks * t.single_core_n
    assert t.single_core_k == k
    if t.used_core_num > 1:
        assert t.single_core_m % 16 == 0 or m_blocks == 1
        assert t.single_core_n % 16 == 0 or n_blocks == 1
    # one core's blocks: baseM x baseN blocks cover its C, baseK blocks its K
    assert t.base_m <= -(-t.single_core_m // 16) * 16
    assert t.base_n <= -(-t.single_core_n // 16) * 16
    assert t.base_k <= -(-t.single_core_k // c0) * c0
    assert t.iterate_order in (0, 1)


# --- the tutorials' tilings -------------------------------------------------------------------

def test_tutorial_04_cube_only_128x30720x64_on_24_cores():
    mt, t, ret = _tiling(128, 30720, 64, dim=24)
    assert ret == 0
    check_rules(t, 128, 30720, 64)
    # every core gets one 128 x 1280 block of C: all of M, 1/24 of N, all of K in one step
    assert (t.used_core_num, t.single_core_m, t.single_core_n, t.single_core_k) == (24, 128,
                                                                                    1280, 64)
    assert (t.base_k, t.step_k_a, t.step_k_b) == (64, 1, 1)
    assert (t.is_bias, t.trans_length, t.share_mode, t.share_ub_size) == (0, 0, 0, 0)
    assert mt.get_core_num() == (24, 1, 24)
    assert mt.get_single_shape() == (128, 1280, 64)


def test_tutorial_03_mix_512x1024x512_split_over_48_vector_cores():
    _, t, ret = _tiling(512, 1024, 512, dim=48)
    assert ret == 0
    check_rules(t, 512, 1024, 512, cores=48)
    assert t.used_core_num > 24  # a mixed kernel's Matmul runs one piece per vector core


def test_tutorial_05_fixed_256x128_blocks_with_bias_and_first_m():
    _, t, ret = _tiling(1024, 640, 256, dim=2, bias=True, c_pos=host.TPosition.VECCALC,
                        set_traverse=(host.MatrixTraverse.FIRSTM,),
                        set_fix_split=(256, 128, -1))
    assert ret == 0
    check_rules(t, 1024, 640, 256, bias=True, cores=2)
    assert (t.base_m, t.base_n) == (256, 128)
    assert t.iterate_order == 0  # FIRSTM
    assert t.db_l0c == 1  # 256 x 128 f32 is all of L0C
    assert t.base_k == 64 and t.db_l0a == 2  # 2 x 256 x 64 halves fill L0A
    assert t.used_core_num == 2


def test_pyasc_unit_test_shapes():
    # pyasc's tests/unit/lib/host: set_shape(32, 16, 8) and set_fix_split(32, 16, 8)
    mt = host.MatmulApiTiling(host.get_ascendc_platform())
    assert mt.set_shape(32, 16, 8) == 0
    assert mt.set_fix_split(32, 16, 8) == 0
    t = asc.adv.TCubeTiling()
    assert mt.get_tiling(t) == 0
    assert (t.m, t.n, t.k_a, t.k_b) == (32, 16, 8, 8)
    assert (t.base_m, t.base_n, t.base_k) == (32, 16, 8)
    assert (mt.get_base_m(), mt.get_base_n(), mt.get_base_k()) == (32, 16, 8)
    mt = host.BatchMatmulTiling(host.get_ascendc_platform())
    assert mt.set_org_shape(32, 16, 8, 4) == 0
    assert mt.set_a_layout(2, 32, 1, 3, 64) == 0
    assert mt.set_c_layout(2, 32, 1, 3, 64) == 0
    assert mt.set_batch_num(3) == 0
    assert mt.get_tiling(t) == 0
    assert (t.k_a, t.k_b, t.batch_num) == (8, 4, 3)
    assert (t.a_layout_info_b, t.a_layout_info_d, t.c_layout_info_s1, t.c_layout_info_s2) == (
        2, 64, 32, 64)
    assert mt.get_core_num() == (1, 1, 1, 1, 1)


def test_single_shape_and_dim_are_kept():
    mt = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    mt.set_shape(64, 64, 32)
    assert mt.set_single_shape(32, 16, 32) == 0
    t = asc.adv.TCubeTiling()
    assert mt.get_tiling(t) == 0
    assert (t.single_core_m, t.single_core_n, t.used_core_num) == (32, 16, 8)
    assert mt.get_core_num() == (8, 2, 4)


def test_int8_and_float_inputs_use_their_c0():
    _, t, ret = _tiling(256, 256, 1000, dim=4, ab=I8, c=host.DataType.DT_INT32)
    assert ret == 0 and t.base_k % 32 == 0
    check_rules(t, 256, 256, 1000, ab=I8, cores=4)
    _, t, ret = _tiling(256, 256, 1000, dim=4, ab=F32)
    assert ret == 0 and t.base_k % 8 == 0
    check_rules(t, 256, 256, 1000, ab=F32, cores=4)


def test_the_tiling_packs_as_the_kernel_struct():
    _, t, _ = _tiling(128, 256, 64, dim=2)
    raw = t.pack()
    assert len(raw) == 50 * 4
    assert int.from_bytes(raw[0:4], "little") == t.used_core_num
    assert int.from_bytes(raw[8 * 4:9 * 4], "little") == t.base_m  # baseM is field 8


# --- every tiling meets the rules --------------------------------------------------------------

@settings(max_examples=60, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(m=st.integers(1, 5000), n=st.integers(1, 5000), k=st.integers(1, 5000),
       dim=st.sampled_from([1, 2, 7, 8, 20, 24]), ab=st.sampled_from([F16, F32, I8]),
       bias=st.booleans())
def test_every_tiling_fits_and_covers_the_shape(m, n, k, dim, ab, bias):
    c = host.DataType.DT_INT32 if ab == I8 else F32
    _, t, ret = _tiling(m, n, k, dim=dim, ab=ab, c=c, bias=bias)
    assert ret == 0
    check_rules(t, m, n, k, ab=ab, bias=bias, cores=dim)


def test_a_small_l1_budget_is_respected():
    _, t, ret = _tiling(1024, 1024, 4096, dim=1, set_buffer_space=(64 * 1024, 32 * 1024))
    assert ret == 0
    assert t.share_l1_size <= 64 * 1024 and t.share_l0c_size * t.db_l0c <= 32 * 1024


def test_more_cores_make_the_estimate_faster():
    one, _, _ = _tiling(1024, 1024, 1024, dim=1)
    many, t, _ = _tiling(1024, 1024, 1024, dim=24)
    assert t.used_core_num >= 20
    assert many.result.cycles * 10 < one.result.cycles


# --- impossible requests --------------------------------------------------------------------

def _refused(mt, call, *args):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        ret = getattr(mt, call)(*args)
    assert ret == -1
    assert len(caught) == 1 and caught[0].category is host.MatmulTilingWarning
    assert caught[0].filename == __file__  # located at the caller's line
    return str(caught[0].message)


def test_fixed_blocks_larger_than_l0a_are_refused_with_the_numbers():
    mt = host.MatmulApiTiling(host.get_ascendc_platform())
    mt.set_shape(1024, 1024, 1024)
    mt.set_fix_split(512, 128, 256)
    msg = _refused(mt, "get_tiling", asc.adv.TCubeTiling())
    assert msg == ("MatmulApi Tiling: set_fix_split: baseM x baseK = 512 x 256 of 2-byte "
                   "elements needs 262144 bytes; L0A has 65536")
    assert mt.error == msg


def test_other_impossible_requests():
    p = host.get_ascendc_platform()
    assert "no shape" in _refused(host.MatmulApiTiling(p), "get_tiling", asc.adv.TCubeTiling())
    assert "must be a positive int, got 0" in _refused(host.MatmulApiTiling(p), "set_shape",
                                                       0, 16, 16)
    mt = host.MultiCoreMatmulTiling(p)
    mt.set_shape(64, 64, 64)
    mt.set_dim(100)
    assert "more cores than Ascend910B1 has (48" in _refused(mt, "get_tiling",
                                                            asc.adv.TCubeTiling())
    mt = host.MatmulApiTiling(p)
    mt.set_shape(64, 64, 64)
    mt.set_fix_split(24, -1, -1)
    assert "baseM=24 is not a multiple of 16" in _refused(mt, "get_tiling",
                                                          asc.adv.TCubeTiling())
    mt = host.MatmulApiTiling(p)
    mt.set_shape(64, 1024, 64)
    mt.enable_bias(True)
    mt.set_fix_split(-1, 512, -1)
    assert "exceeds 256" in _refused(mt, "get_tiling", asc.adv.TCubeTiling())
    mt = host.MatmulApiTiling(p)
    mt.set_shape(64, 64, 64)
    mt.set_buffer_space(512, -1, -1)
    assert "the L1 budget is 512" in _refused(mt, "get_tiling", asc.adv.TCubeTiling())
    assert "DT_STRING is not a matrix type" in _refused(
        host.MatmulApiTiling(p), "set_a_type", host.TPosition.GM, host.CubeFormat.ND,
        host.DataType.DT_STRING, False)


def test_a_refused_request_prints_one_located_line_not_a_traceback(tmp_path):
    script = tmp_path / "host.py"
    script.write_text(textwrap.dedent("""\
        import ascdsl as asc
        import ascdsl.lib.host as host
        t = host.MatmulApiTiling(host.get_ascendc_platform())
        t.set_shape(128, 128, 128)
        t.set_fix_split(128, 128, 1024)
        print(t.get_tiling(asc.adv.TCubeTiling()))
        """))
    out = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0
    assert out.stdout.strip() == "-1"
    assert "Traceback" not in out.stderr
    assert f"{script}:6: MatmulTilingWarning: MatmulApi Tiling: set_fix_split: baseM x baseK" \
        in out.stderr


def test_platforms_come_from_the_soc_table():
    p = host.PlatformAscendCManager.get_instance("Ascend910B4")
    assert p is host.PlatformAscendCManager.get_instance("Ascend910B4")
    assert (p.get_core_num_aic(), p.get_core_num_aiv()) == (20, 40)
    assert p.get_core_mem_size("L0_A") == 64 * 1024
    with pytest.raises(ValueError, match="unknown SoC 'Ascend999'"):
        host.PlatformAscendCManager.get_instance("Ascend999")
    from ascdsl.lib import runtime

    assert runtime.get_soc_version().value == "Ascend910B1"
    assert host.get_ascendc_platform() is host.PlatformAscendCManager.get_instance(
        "Ascend910B1")


def test_host_struct_refuses_unknown_fields():
    t = asc.adv.TCubeTiling(base_m=64)
    assert t.base_m == 64 and t.base_n == 0
    with pytest.raises(AttributeError, match="has no field 'basem'"):
        t.basem = 3


def test_pyasc_own_host_tiling_tests_pass_on_ascdsl():
    from tests.pyasc_oracle import layout

    tests = layout.pyasc_python_dir() / "test" / "unit" / "lib" / "host"
    if not tests.is_dir():
        pytest.skip(f"pyasc's tests are not here ({tests})")
    code = ("from tests.pyasc_suite import alias; alias.install()\n"
            "import sys, pytest\n"
            f"sys.exit(pytest.main(['-q', '-p', 'no:cacheprovider', {str(tests)!r}]))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=600, cwd=layout.PROJECT_ROOT)
    assert out.returncode == 0, out.stdout[-3000:]
    assert "89 passed" in out.stdout
