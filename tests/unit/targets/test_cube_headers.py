"""Cube code type-checks against the real Ascend C headers as AIC code (-D__DAV_C220_CUBE__):
a sample of every cube op, the cube lit test's output, examples/05_mmad's kernel and a kernel
whose TQues sit on A1/B1/A2/B2/CO1."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest
from xdsl.dialects.builtin import ModuleOp

from ascdsl.diagnostics import verify_module
from ascdsl.dialects.ascendc import CUBE_OPS
from ascdsl.targets.ascendc import emit
from ascendc_op_samples import sample_function
from real_headers import ROOT, checker, report

# pyasc spells these templated structs without their element type as function parameters.
TEMPLATED = {"ascendc.load_data_3d_l0_v1", "ascendc.load_data_3d_l0_v2",
             "ascendc.init_const_value"}


def _example_source() -> str:
    sys.path.insert(0, str(ROOT / "tests" / "unit" / "frontend"))
    from test_examples import load

    ex = load("05_mmad/mmad.py")
    a = np.zeros(ex.M * ex.K, np.float16)
    b = np.zeros(ex.K * ex.N, np.float16)
    c = np.zeros(ex.M * ex.N, np.float32)
    return ex.mmad_kernel.compile(a, b, c, 2, always_compile=True).source


@pytest.fixture(scope="module")
def checked():
    c = checker()
    sources = {}
    for i, cls in enumerate(CUBE_OPS):
        module = ModuleOp([sample_function(cls, i)])
        verify_module(module)
        sources[f"ops/{cls.name}"] = emit(module)
    from ascdsl.tools.ascdsl_opt import main

    out = Path(ROOT / "tests" / "filecheck" / "targets" / "cube.mlir")
    import contextlib
    import io
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        target = Path(tmp) / "cube.cpp"
        with contextlib.redirect_stderr(io.StringIO()):
            assert main([str(out), "-t", "ascendc", "--ascendc-compilable", "-o", str(target)]) == 0
        sources["lit/cube.mlir"] = target.read_text()
    sources["examples/05_mmad"] = _example_source()
    import test_cube_language as lang

    sources["queued_mmad"] = lang.queued_mmad.compile(
        np.zeros(lang.QM * lang.QK, np.float16), np.zeros(lang.QK * lang.QN, np.float16),
        np.zeros(lang.QM * lang.QN, np.float32), always_compile=True).source
    errors = c.check_sources(sources, cube=True)
    return {name: (src, errors[name]) for name, src in sources.items()}


def test_cube_code_passes_the_headers_as_aic_code(checked):
    failures = [report(name, src, errs) for name, (src, errs) in checked.items()
                if errs and name.removeprefix("ops/") not in TEMPLATED]
    assert not failures, "\n\n".join(failures)
    assert len(checked) == len(CUBE_OPS) + 3


def test_templated_structs_are_rejected_for_the_stated_reason(checked):
    for name in TEMPLATED:
        src, errs = checked[f"ops/{name}"]
        assert any("class template placeholder" in e.text for e in errs), report(name, src, errs)


def test_example_kernel_uses_the_cube_apis(checked):
    src, _ = checked["examples/05_mmad"]
    for api in ("AscendC::Nd2NzParams", "AscendC::LoadData(", "AscendC::Mmad(",
                "AscendC::Fixpipe<float, float, AscendC::CFG_ROW_MAJOR>(",
                "AscendC::TPosition::CO1"):
        assert api in src, api
