"""The kernels of the img2col, V2Pro, 4:2 sparse, NZ Fixpipe and deq-scale simulator tests
print Ascend C that Huawei's real headers accept (cube kernels as AIC code), so what the
simulator runs is what CANN's compiler would build."""

from __future__ import annotations

import importlib.util
import sys

import numpy as np

from real_headers import ROOT, checker, report

f16, f32, i8 = np.zeros(4, np.float16), np.zeros(4, np.float32), np.zeros(4, np.int8)


def _example(relative: str):
    path = ROOT / "examples" / relative
    spec = importlib.util.spec_from_file_location(f"example_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _cube_sources() -> dict[str, str]:
    sys.path.insert(0, str(ROOT / "tests" / "unit" / "sim"))
    import test_fixpipe_nz as nz
    import test_img2col as im
    import test_sparse_mmad as sp

    conv = _example("12_conv2d/conv2d.py")
    cv = im.CONVS["half_asymmetric"]
    return {
        "conv2d": conv.conv2d_kernel.compile(f16, f16, f32, always_compile=True).source,
        "v2pro": im._forward(cv, 16, 0, cv.p, 0, cv.k, pro="fmatrix").compile(
            f16, f16, f32, always_compile=True).source,
        "sparse": sp.make_kernel().compile(i8, i8, np.zeros(4, np.uint8),
                                           np.zeros(4, np.int32), always_compile=True).source,
        "nz_chain": nz._chain(32, 48, 32).compile(f16, f16, f16, f32,
                                                  always_compile=True).source,
    }


def _vector_sources() -> dict[str, str]:
    sys.path.insert(0, str(ROOT / "tests" / "unit" / "sim"))
    import ascdsl as asc
    import test_deq_scale as dq
    import test_vconv as vc

    i16, i32 = np.zeros(4, np.int16), np.zeros(4, np.int32)
    return {
        "cast_deq": dq._frame(dq._page_scalar, asc.int16, asc.int8).compile(
            i16, i16, i8, always_compile=True).source,
        "add_deq_relu": dq._frame(dq._add_deq_relu_l0, asc.int32, asc.float16).compile(
            i32, i32, f16, always_compile=True).source,
        "add_relu_cast_s8": vc._frame(vc._add_relu_cast_64, asc.float16, asc.int8, n=64).compile(
            f16, f16, i8, always_compile=True).source,
    }


def _check(sources: dict[str, str], cube: bool) -> None:
    c = checker()
    errors = {name: c.check_source(src, name, cube=cube) for name, src in sources.items()}
    failures = [report(name, sources[name], errs) for name, errs in errors.items() if errs]
    assert not failures, "\n\n".join(failures)


def test_conv_v2pro_sparse_and_nz_kernels_pass_the_headers_as_aic_code():
    sources = _cube_sources()
    _check(sources, cube=True)
    assert "AscendC::LoadData3DParamsV2<half>" in sources["conv2d"]
    assert "AscendC::SetFmatrix(" in sources["v2pro"]
    assert "AscendC::LoadDataWithSparse(" in sources["sparse"]
    assert "AscendC::MmadWithSparse(" in sources["sparse"]
    assert "AscendC::Fixpipe<half, float, AscendC::CFG_NZ>(" in sources["nz_chain"]


def test_deq_scale_and_int8_fused_cast_kernels_pass_the_headers():
    sources = _vector_sources()
    _check(sources, cube=False)
    assert "AscendC::SetDeqScale(" in sources["cast_deq"]
    assert "AscendC::AddDeqRelu<half, int32_t, 1>(" in sources["add_deq_relu"]
    assert "AscendC::AddReluCast(" in sources["add_relu_cast_s8"]
