"""`asc.adv.get_matmul_api_tiling` passes the `static constexpr MatmulConfig` its config
declared, every field in the header's order (enum fields at any value), and the source
type-checks against the real Ascend C headers as AIC code."""

from __future__ import annotations

import sys

import numpy as np

from real_headers import ROOT, checker, report


def _kernel():
    # The kernel whose IR test_matmul_config_forms.py checks: one definition for both tests.
    sys.path.insert(0, str(ROOT / "tests" / "unit" / "frontend"))
    from test_matmul_config_forms import api_tiling_kernel

    return api_tiling_kernel


def test_the_declared_struct_reaches_get_matmul_api_tiling_and_compiles():
    src = _kernel().compile(np.zeros(4, np.uint8), always_compile=True).source
    (decl,) = [line.strip() for line in src.splitlines()
               if line.strip().startswith("static constexpr MatmulConfig ")]
    name = decl.split()[3].split("{")[0]
    fields = decl.split("{", 1)[1].rstrip("};").split(", ")
    assert len(fields) == 50
    assert "static_cast<ScheduleType>(" in fields[38]
    assert "static_cast<BatchMode>(" in fields[24]
    (call,) = [line for line in src.splitlines() if "GetMatmulApiTiling<" in line]
    assert f">>({name}, " in call
    errors = checker().check_source(src, "get_matmul_api_tiling", cube=True)
    assert not errors, report("get_matmul_api_tiling", src, errors)
