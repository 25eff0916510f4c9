"""AscendDequant and BroadCast kernels print Ascend C that Huawei's real headers accept: through
ascdsl's header check, and through the shared `ascendc-check/check.sh` beside the project;
each test skips, saying why, where the headers or the script are not there."""

from __future__ import annotations

import shutil
import subprocess
import sys

import numpy as np
import pytest

import ascdsl as asc
from real_headers import ROOT, checker, report

CHECK_SH = ROOT.parent / "shared" / "ascendc-check" / "check.sh"


def _sources() -> dict[str, str]:
    sys.path.insert(0, str(ROOT / "tests" / "unit" / "frontend"))
    sys.path.insert(0, str(ROOT / "tests" / "unit" / "sim"))
    import test_adv_dequant_broadcast as fe
    import test_dequant_broadcast as sim

    x, f = np.zeros(64, np.int32), np.zeros(64, np.float32)
    u64, h = np.zeros(64, np.uint64), np.zeros(64, np.float16)
    out = {"quant_group_step.cpp": fe.quant_group_step(6, 64, 56).compile(
        x, f, f, f, 6, always_compile=True).source}
    out["dequant_f32.cpp"] = sim._dequant_kernel(64, 64, 64, 1, 64, 64).compile(
        x, f, f, always_compile=True).source
    out["dequant_f16_u64_multi_row.cpp"] = sim._dequant_kernel(
        64, 64, 64, 1, 64, 32, dst_t=asc.float16, scale_t=asc.uint64,
        mode=asc.adv.DeQuantMode.DEQUANT_WITH_MULTI_ROW).compile(
        x, u64, h, always_compile=True).source
    out["dequant_stack_scratch.cpp"] = sim._dequant_kernel(64, 64, 64, 1, 64, 64,
                                                           tmp_bytes=0).compile(
        x, f, f, always_compile=True).source
    for name, dtype, np_t in (("f32", asc.float32, np.float32), ("i8", asc.int8, np.int8)):
        run = sim._broadcast_kernel(dtype, 32, 256, [8, 32], [8, 1], axis=1, runtime=True)
        out[f"broadcast_{name}.cpp"] = run.kernel.compile(
            np.zeros(32, np_t), np.zeros(256, np_t), 8, 32, 8, 1, always_compile=True).source
    out["broadcast_axis0_stack.cpp"] = sim._broadcast_kernel(
        asc.float32, 32, 256, [8, 32], [1, 32], tmp_bytes=0).kernel.compile(
        np.zeros(32, np.float32), np.zeros(256, np.float32), 8, 32, 1, 32,
        always_compile=True).source
    return out


def test_dequant_and_broadcast_kernels_pass_the_real_headers():
    sources = _sources()
    c = checker()
    errors = {name: c.check_source(src, name) for name, src in sources.items()}
    failures = [report(name, sources[name], errs) for name, errs in errors.items() if errs]
    assert not failures, "\n\n".join(failures)
    assert ("AscendC::AscendDequant<half, uint64_t, AscendC::DeQuantMode::DEQUANT_WITH_MULTI_ROW>"
            "(" in sources["dequant_f16_u64_multi_row.cpp"])
    assert "AscendC::BroadCast<int8_t, 2, 1>(" in sources["broadcast_i8.cpp"]


def test_check_sh_accepts_them(tmp_path):
    if not CHECK_SH.is_file():
        pytest.skip(f"{CHECK_SH} is absent: the shared header check script cannot run")
    if shutil.which("g++") is None:
        pytest.skip("g++ is not installed: check.sh cannot type-check the kernels")
    for name, source in _sources().items():
        path = tmp_path / name
        path.write_text(source)
        proc = subprocess.run(["bash", str(CHECK_SH), str(path)], capture_output=True,
                              text=True, timeout=600)
        assert proc.returncode == 0, f"check.sh rejects {name}:\n{proc.stderr}\n{source}"
