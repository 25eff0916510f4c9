"""Matmul API code type-checks against the real Ascend C headers as AIC code: examples/03_matmul's
kernel (ASCENDC_CUBE_ONLY ahead of the headers, as pyasc prints it) and the Matmul lit test."""

from __future__ import annotations

import contextlib
import io
import sys
import tempfile
from pathlib import Path

import numpy as np

from real_headers import ROOT, checker, report


def _example_source() -> str:
    sys.path.insert(0, str(ROOT / "examples" / "03_matmul"))
    import matmul as ex

    tiling = ex.generate_tiling(64, 64, 64, 1)
    z16, z32 = np.zeros(4, np.float16), np.zeros(4, np.float32)
    return ex.matmul_kernel.compile(z16, z16, z32, z32, tiling, np.zeros(4, np.uint8),
                                    always_compile=True).source


def _lit_source() -> str:
    from ascdsl.tools.ascdsl_opt import main

    lit = ROOT / "tests" / "filecheck" / "targets" / "matmul-api.mlir"
    with tempfile.TemporaryDirectory() as tmp:
        target = Path(tmp) / "matmul.cpp"
        with contextlib.redirect_stderr(io.StringIO()):
            assert main([str(lit), "-p", "ascendc-define-cube-only,ascendc-generate-boilerplate",
                         "-t", "ascendc", "-o", str(target)]) == 0
        return target.read_text()


def test_matmul_api_code_passes_the_headers_as_aic_code():
    sources = {"examples/03_matmul": _example_source(), "lit/matmul-api.mlir": _lit_source()}
    for src in sources.values():
        assert src.startswith("#define ASCENDC_CUBE_ONLY\n#include \"kernel_operator.h\"\n"
                              "#include \"lib/matmul_intf.h\"\n")
    # One g++ run each: lib/matmul_intf.h is not in the checker's precompiled prelude, and a
    # batch would include it inside each kernel's namespace.
    c = checker()
    errors = {name: c.check_source(src, name, cube=True) for name, src in sources.items()}
    failures = [report(name, sources[name], errs) for name, errs in errors.items() if errs]
    assert not failures, "\n\n".join(failures)
    assert "REGIST_MATMUL_OBJ(&" in sources["examples/03_matmul"]
    assert ".IterateAll<cm1_i1>(" in sources["examples/03_matmul"]
