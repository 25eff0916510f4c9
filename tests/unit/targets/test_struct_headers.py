"""A kernel taking a pyasc tiling struct (nested structs, a float field) and one building a
struct in the kernel type-check against the real Ascend C headers, as ascdsl prints them."""

from __future__ import annotations

import sys

import numpy as np

from real_headers import ROOT, checker, report


def test_tiling_struct_kernels_pass_the_real_headers():
    sys.path.insert(0, str(ROOT / "tests" / "unit" / "frontend"))
    import test_struct as k

    x = np.zeros(256, np.float32)
    sources = {
        "struct_arg.cpp": k.scaled_copy.compile(x, x, k.config(128, 64, 2, 2.5),
                                                always_compile=True).source,
        "struct_local.cpp": k.built_in_kernel.compile(x, x, 64, always_compile=True).source,
    }
    for name, source in sources.items():
        assert "struct TileConfig {" in source
        errors = checker().check_source(source, name)
        assert not errors, report(name, source, errors)
