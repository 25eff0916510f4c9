"""`asc.adv.get_matmul_api_tiling` passes the `static constexpr MatmulConfig` its config
declared, every field in the header's order (enum fields at any value), and the source
type-checks against the real Ascend C headers as AIC code."""

from __future__ import annotations

import numpy as np

import ascdsl as asc
from real_headers import checker, report


@asc.jit
def api_tiling_kernel(workspace: asc.GlobalAddress):
    pipe = asc.TPipe()
    t = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
    mm = asc.adv.Matmul(t, t, t)
    asc.adv.register_matmul(pipe, workspace, mm)
    cfg = asc.adv.MatmulConfig(do_norm=False, single_core_mn=0,
                               schedule_type=asc.adv.ScheduleType.OUTER_PRODUCT,
                               batch_mode=asc.adv.BatchMode.BATCH_LARGE_THAN_L1)
    asc.adv.get_matmul_api_tiling(cfg, t, t, t, t, l1_size=524288)


def test_the_declared_struct_reaches_get_matmul_api_tiling_and_compiles():
    src = api_tiling_kernel.compile(np.zeros(4, np.uint8), always_compile=True).source
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
