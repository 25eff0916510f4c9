"""The basic Fixpipe with a per-column scale vector (the cbufWorkspace overload, quantPre
VREQ8 / VDEQF16 / VQF322B8_PRE) prints Ascend C that the real headers accept as AIC code."""

from __future__ import annotations

import sys

import numpy as np

from real_headers import ROOT, checker, report


def _sources() -> dict[str, str]:
    sys.path.insert(0, str(ROOT / "tests" / "unit" / "sim"))
    import ascdsl as asc
    import test_fixpipe_vector_quant as vq

    qm = asc.QuantModes
    i8, u64 = np.zeros(4, np.int8), np.zeros(4, np.uint64)
    out = {}
    for name, mode, c in (("VREQ8", qm.VREQ8, np.zeros(4, np.int8)),
                          ("VDEQF16", qm.VDEQF16, np.zeros(4, np.float16))):
        k = vq.int8_kernel(16, 32, 32, mode, relu=True)
        out[name] = k.compile(i8, i8, u64, c, always_compile=True).source
    f16 = np.zeros(4, np.float16)
    out["VQF322B8_PRE"] = vq.f16_vqf322b8.compile(f16, f16, u64, np.zeros(4, np.uint8),
                                                  always_compile=True).source
    return out


def test_vector_quant_fixpipe_kernels_pass_the_headers_as_aic_code():
    sources = _sources()
    c = checker()
    errors = {name: c.check_source(src, name, cube=True) for name, src in sources.items()}
    failures = [report(name, sources[name], errs) for name, errs in errors.items() if errs]
    assert not failures, "\n\n".join(failures)
    assert "AscendC::Fixpipe<int8_t, int32_t, AscendC::CFG_ROW_MAJOR>(" in sources["VREQ8"]
    assert "AscendC::Fixpipe<half, int32_t, AscendC::CFG_ROW_MAJOR>(" in sources["VDEQF16"]
    assert "AscendC::Fixpipe<uint8_t, float, AscendC::CFG_ROW_MAJOR>(" in sources["VQF322B8_PRE"]
