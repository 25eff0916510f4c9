"""pyasc's own IR of its mixed Matmul tutorial (05: Iterate / GetTensorC into UB, LeakyRelu on
the vector cores) runs on ascdsl's simulator: the KFC client/server split, pyasc's start-up
message on the cube core and its ffts_addr argument, exact numbers, no findings.
Needs ../shared and pyasc's environment (the oracle; dumps are cached)."""

from __future__ import annotations

import numpy as np
import pytest

from tests.pyasc_oracle import layout, venv

pytestmark = pytest.mark.skipif(layout.missing_reason() is not None,
                                reason=layout.missing_reason() or "")


def _tiling(m: int, n: int, k: int):
    import ascdsl
    import ascdsl.lib.host as host

    # as the tutorial's generate_tiling
    mt = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    mt.set_a_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16, False)
    mt.set_b_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16, False)
    mt.set_c_type(host.TPosition.VECCALC, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    mt.set_bias_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    mt.set_dim(2)
    mt.set_org_shape(m, n, k)
    mt.set_shape(m, n, k)
    mt.enable_bias(True)
    mt.set_traverse(host.MatrixTraverse.FIRSTM)
    mt.set_fix_split(256, 128, -1)
    mt.set_buffer_space(-1, -1, -1)
    t = ascdsl.adv.TCubeTiling()
    assert mt.get_tiling(t) == 0
    return t


def test_pyasc_ir_of_the_matmul_leakyrelu_tutorial_runs_on_the_simulator(tmp_path):
    import ascdsl
    from ascdsl.runtime import prepare
    from tests.pyasc_oracle import oracle

    venv.ensure_venv(create=True)
    path = layout.pyasc_python_dir() / "tutorials" / "05_matmul_leakyrelu" / "matmul_leakyrelu.py"
    (kernel,) = oracle.dump_file(path).kernels
    ir = tmp_path / "ascir.mlir"
    ir.write_text(kernel.ascir_mlir)
    assert "ascendc.ffts_cross_core_sync" in kernel.ascir_mlir  # pyasc's start-up message
    module = ascdsl.load(ir)
    m, k, n = 1024, 256, 640
    tiling = _tiling(m, n, k)
    rng = np.random.default_rng(0)
    a = rng.integers(-5, 5, (m, k)).astype(np.float16)
    b = rng.integers(-5, 5, (k, n)).astype(np.float16)
    bias = rng.integers(-5, 5, n).astype(np.float32)
    c = np.zeros((m, n), np.float32)
    alpha = np.float32(0.001)
    report = prepare(module, "matmul_leakyrelu_kernel").launch(
        tiling.used_core_num // 2,
        [a.ravel(), b.ravel(), c.ravel(), bias, alpha, tiling, np.zeros(16 << 20, np.uint8),
         np.zeros(1, np.uint64)])  # the ffts_addr argument pyasc's passes add
    ref = a.astype(np.float32) @ b.astype(np.float32) + bias
    np.testing.assert_array_equal(c, np.where(ref >= 0, ref, ref * alpha))
    assert not report.findings
    assert [x.label for x in report.cores] == ["block 0 AIC", "block 0 AIV0", "block 0 AIV1"]
