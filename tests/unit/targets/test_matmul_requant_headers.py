"""The requantising Matmul kernels (int8 C with SetQuantScalar / SetQuantVector, int8 or f16
inputs) type-check against the real Ascend C headers as AIC code: the library picks
REQ8 / VREQ8 / QF322B8_PRE from these types (quant_processor_fixpipe.h), so the object must
instantiate with them."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

from real_headers import ROOT, checker, report


def _sources() -> dict[str, str]:
    sys.path.insert(0, str(ROOT / "tests" / "unit" / "sim"))
    import test_matmul_requant as rq

    out = {}
    for in_dt in (np.int8, np.float16):
        t = rq._tiling(32, 32, 32, in_dt, np.int8)
        z_in, z_c, ws = np.zeros(4, in_dt), np.zeros(4, np.int8), np.zeros(4, np.uint8)
        name = np.dtype(in_dt).name
        out[f"scalar {name}"] = rq.scalar_kernel.compile(
            z_in, z_in, z_c, t, ws, np.uint64(1), always_compile=True).source
        out[f"vector {name}"] = rq.vector_kernel.compile(
            z_in, z_in, z_c, t, ws, np.zeros(4, np.uint64), always_compile=True).source
    return out


def test_requant_matmul_kernels_pass_the_headers_as_aic_code():
    sources = _sources()
    c = checker()
    errors = {name: c.check_source(src, name, cube=True) for name, src in sources.items()}
    failures = [report(name, sources[name], errs) for name, errs in errors.items() if errs]
    assert not failures, "\n\n".join(failures)
    scalar = sources["scalar int8"]
    assert "matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, int8_t>" in scalar
    assert ".SetQuantScalar(" in scalar
    assert ".SetQuantVector(" in sources["vector float16"]
