"""A Matmul with a constant tiling and UnitFlag (asc-devkit's matmul best practice, case 8,
as benchmarks/calibration re-creates it) prints its MatmulConfig with the shapes and the flag
and type-checks against the real Ascend C headers as AIC code."""

from __future__ import annotations

import sys

import numpy as np

from real_headers import ROOT, checker, report


def test_constant_tiling_with_unit_flag_passes_the_headers():
    sys.path.insert(0, str(ROOT / "benchmarks" / "calibration"))
    import matmul_high_performance as mm

    z = np.zeros(4, np.float16)
    src = mm.matmul_custom.compile(z, z, z, mm.tiling_of(8), np.zeros(4, np.uint8), 256, 1, 1,
                                   1, 1, always_compile=True).source
    (cfg,) = [line for line in src.splitlines() if "constexpr static MatmulConfig" in line]
    fields = cfg.split("CFG{")[1].split("}")[0].split(",")
    # MatmulConfig's aggregate order: doNorm, doBasicBlock, doMultiDataLoad, basicM, basicN,
    # basicK, ..., singleCoreM (11), singleCoreN, singleCoreK, ..., enUnitFlag (18).
    assert fields[:6] == ["0", "0", "1", "128", "256", "64"]
    assert fields[11:14] == ["1024", "1536", "8192"]
    assert fields[18] == "1"
    errors = checker().check_source(src, "case 8", cube=True)
    assert not errors, report("case 8", src, errors)
