"""The simulated cube unit: Nd2Nz -> LoadData -> Mmad -> Fixpipe against numpy, its errors,
its sanitizer findings and its cycle counts."""

from __future__ import annotations

import numpy as np
import pytest

from ascdsl.dialects.ascendc.soc import get_soc
from ascdsl.runtime import prepare
from ascdsl.runtime.config import KernelType
from ascdsl.sim import InvalidArgumentError, NotSimulatedError, RaceError, UBOverflowError
from cube_kernels import mmad_kernel
from sim_kernels import line_of, parse, run


def _operands(m: int, n: int, k: int, out=np.float32, seed: int = 0):
    rng = np.random.default_rng(seed)
    a = rng.standard_normal((m, k)).astype(np.float16)
    b = rng.standard_normal((k, n)).astype(np.float16)
    return a, b, np.zeros((m, n), out)


@pytest.mark.parametrize("m,n,k", [(16, 16, 16), (32, 32, 32), (16, 48, 64), (20, 40, 24),
                                   (64, 16, 80)])
def test_mmad_matches_numpy(m, n, k):
    a, b, c = _operands(m, n, k)
    run(mmad_kernel(m, n, k), [a.ravel(), b.ravel(), c.ravel()])
    ref = a.astype(np.float32) @ b.astype(np.float32)
    np.testing.assert_allclose(c, ref, rtol=1e-5, atol=1e-5)


def test_fixpipe_converts_to_half_and_applies_relu():
    m, n, k = 32, 32, 48
    a, b, c = _operands(m, n, k, out=np.float16)
    run(mmad_kernel(m, n, k, out="f16", quant=1, relu=True), [a.ravel(), b.ravel(), c.ravel()])
    ref = np.maximum(a.astype(np.float32) @ b.astype(np.float32), 0).astype(np.float16)
    assert np.array_equal(c, ref)
    assert (c == 0).any() and (c > 0).any()  # the ReLU did cut something


def test_missing_flag_between_nd2nz_and_load_data_is_a_race():
    m = n = k = 32
    a, b, c = _operands(m, n, k)
    text = mmad_kernel(m, n, k, sync=False)
    with pytest.raises(RaceError) as e:
        run(text, [a.ravel(), b.ravel(), c.ravel()], filename="cube.mlir")
    msg = str(e.value)
    assert f"cube.mlir:{line_of(text, 'ascendc.load_data_l0')}:5: error: RaceError" in msg
    assert "'ascendc.data_copy_nd2nz' on PIPE_MTE2" in msg and "mte2_mte1" in msg


def test_quant_mode_must_match_the_output_type():
    m = n = k = 16
    a, b, c = _operands(m, n, k, out=np.float16)
    with pytest.raises(InvalidArgumentError, match="quantPre=NoQuant, which converts f32 to f32"):
        run(mmad_kernel(m, n, k, out="f16", quant=0), [a.ravel(), b.ravel(), c.ravel()])


def test_l0a_overflow_is_an_error():
    # A 256 x 256 half matrix is 128 KB: L0A holds 64 KB.
    m, n, k = 256, 16, 256
    a, b, c = _operands(m, n, k)
    with pytest.raises(UBOverflowError, match="of L0A, but Ascend910B1 has 65536 bytes of L0A"):
        run(mmad_kernel(m, n, k), [a.ravel(), b.ravel(), c.ravel()])


def test_misaligned_l1_tensor_is_refused_where_it_is_declared():
    # The address is an emitc.constant (pyasc's unsigned form), which the verifier reads as a
    # known value: the misalignment is a located error before the kernel runs.
    from ascdsl.diagnostics import IRVerifyError

    m = n = k = 16
    a, b, c = _operands(m, n, k)
    with pytest.raises(IRVerifyError, match="must be 32-byte aligned, got 16"):
        run(mmad_kernel(m, n, k, a_l1=16), [a.ravel(), b.ravel(), c.ravel()], sanitize="warn")


def test_mmad_takes_its_type_combinations_only():
    text = mmad_kernel(16, 16, 16).replace(
        "%co1, %a2, %b2, %pm : !ascendc.local_tensor<*xf32>",
        "%co1h, %a2, %b2, %pm : !ascendc.local_tensor<*xf16>").replace(
        "    %pm = ", "    %co1h = ascendc.local_tensor_v2 co1, %u0, %cnc : "
        "!ascendc.local_tensor<*xf16>\n    %pm = ")
    a, b, c = _operands(16, 16, 16)
    with pytest.raises(NotSimulatedError, match="Mmad takes f16 x f16, f32 x f32"):
        run(text, [a.ravel(), b.ravel(), c.ravel()])


def test_cube_pipes_are_timed():
    m, n, k = 64, 64, 64
    a, b, c = _operands(m, n, k)
    report = run(mmad_kernel(m, n, k), [a.ravel(), b.ravel(), c.ravel()])
    busy = {p: report.busy[p] for p in ("PIPE_M", "PIPE_MTE1", "PIPE_FIX", "PIPE_MTE2")}
    # 4 x 4 x 4 fractal products at one per cycle, after the issue cycles; landed after the
    # local latency.
    cost = get_soc().cost
    assert busy["PIPE_M"] == cost["cube_issue"] + 64 + cost["local_latency"]
    assert all(v > 0 for v in busy.values()), busy


def test_mmad_with_bias_adds_the_bias_row():
    m, n, k = 32, 48, 32
    a, b, c = _operands(m, n, k)
    bias = np.random.default_rng(3).standard_normal(48).astype(np.float32)
    run(mmad_kernel(m, n, k, bias=True), [a.ravel(), b.ravel(), c.ravel(), bias])
    ref = a.astype(np.float32) @ b.astype(np.float32) + bias[None, :]
    np.testing.assert_allclose(c, ref, rtol=1e-5, atol=1e-5)


def test_a_layout_the_910b_has_not_is_a_located_error_that_says_what_is():
    # NZ runs (test_fixpipe_nz.py); COLUMN_MAJOR is not a dav-c220 Fixpipe form
    text = mmad_kernel(16, 16, 16).replace("fixpipe_config(%c1)", "fixpipe_config(%c2)")
    text = text.replace("    %c1 = arith.constant 1 : i32\n",
                        "    %c1 = arith.constant 1 : i32\n    %c2 = arith.constant 2 : i32\n", 1)
    a, b, c = _operands(16, 16, 16)
    with pytest.raises(NotSimulatedError) as e:
        run(text, [a.ravel(), b.ravel(), c.ravel()], filename="cm.mlir")
    msg = str(e.value)
    assert f"cm.mlir:{line_of(text, 'ascendc.fixpipe %c')}:5: error" in msg
    assert "writes the COLUMN_MAJOR layout: dav-c220's Fixpipe has no such form" in msg


def test_load_data_from_gm_into_l0a():
    # One 16 x 16 fractal: its ZZ layout is row-major, so A goes from GM straight to L0A.
    text = mmad_kernel(16, 16, 16).replace(
        "ascendc.load_data_l0 %a2v0, %a1, %la0 : !ascendc.local_tensor<*xf16>, "
        "!ascendc.local_tensor<*xf16>",
        "ascendc.load_data_g2l %a2v0, %a, %la0 : !ascendc.local_tensor<*xf16>, "
        "!ascendc.global_tensor<*xf16>")
    a, b, c = _operands(16, 16, 16)
    # MTE2 now writes L0A, which M reads: the kernel's MTE1_M flag does not order them.
    with pytest.raises(RaceError, match="set_flag/wait_flag mte2_m"):
        run(text, [a.ravel(), b.ravel(), c.ravel()])
    load = ("%a, %la0 : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, "
            "!ascendc.load_data_2d_params")
    text = text.replace(load, load + "\n    ascendc.set_flag mte2_m, %c0 : i32\n"
                        "    ascendc.wait_flag mte2_m, %c0 : i32")
    report = run(text, [a.ravel(), b.ravel(), c.ravel()])
    np.testing.assert_allclose(c, a.astype(np.float32) @ b.astype(np.float32), rtol=1e-5,
                               atol=1e-5)
    assert report.op_counts["ascendc.load_data_g2l"] == 1


def test_core_type_follows_the_kernel():
    # A cube-only (AIC_ONLY) kernel runs on cube cores, any other on vector cores (AIV);
    # mixed launches are tested in test_mix.py.
    probe = """\
    %aic = ascendc.ascend_is_aic : i32
    %aiv = ascendc.ascend_is_aiv : i32
    %subs = ascendc.get_sub_block_num : i32
    %flags = ascendc.global_tensor : !ascendc.global_tensor<*xi32>
    ascendc.global_tensor.set_global_buffer %flags, %gflags : !ascendc.global_tensor<*xi32>, memref<?xi32, 22>
    %x0 = arith.constant 0 : index
    %x1 = arith.constant 1 : index
    %x2 = arith.constant 2 : index
    ascendc.global_tensor.set_value %flags, %x0, %aic : !ascendc.global_tensor<*xi32>, index, i32
    ascendc.global_tensor.set_value %flags, %x1, %aiv : !ascendc.global_tensor<*xi32>, index, i32
    ascendc.global_tensor.set_value %flags, %x2, %subs : !ascendc.global_tensor<*xi32>, index, i32
    func.return"""
    cube = mmad_kernel(16, 16, 16).replace("    func.return", probe).replace(
        "%gc: memref<?xf32, 22>)", "%gc: memref<?xf32, 22>, %gflags: memref<?xi32, 22>)")
    a, b, c = _operands(16, 16, 16)
    flags = np.full(3, -1, np.int32)
    prepare(parse(cube), "k", kernel_type=KernelType.AIC_ONLY).launch(
        1, [a.ravel(), b.ravel(), c.ravel(), flags])
    assert flags.tolist() == [1, 0, 1]
    vector = ("func.func @k(%gflags: memref<?xi32, 22>) attributes {ascendc.global} {\n"
              + probe + "\n}\n")
    flags = np.full(3, -1, np.int32)
    run(vector, [flags])
    assert flags.tolist() == [0, 1, 1]
