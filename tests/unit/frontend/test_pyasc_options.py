"""pyasc's JIT options and runtime config names, as a pyasc kernel file uses them.

`@asc.jit(kernel_type=config.KernelType.AIV_ONLY, insert_sync=True)` and
`config.set_platform(config.Backend.Model)` come from pyasc's tests; they must port unchanged.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np
import pytest

import ascdsl as asc
import ascdsl.runtime.config as config

ROOT = Path(__file__).resolve().parents[3]


@asc.jit(kernel_type=config.KernelType.AIV_ONLY, opt_level=2, debug=True,
         bisheng_options=("-O2", "-g"), auto_sync_log="", strip_loc=True)
def scale(x: asc.GlobalAddress, z: asc.GlobalAddress, n: asc.ConstExpr[int]):
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    z_gm.set_global_buffer(z)
    t = asc.LocalTensorAuto(asc.float32, n)
    asc.data_copy(t, x_gm, count=n)
    asc.muls(t, t, 2.0, n)
    asc.data_copy(z_gm, t, count=n)


def _mmad_example():
    path = ROOT / "examples" / "05_mmad" / "mmad.py"
    spec = importlib.util.spec_from_file_location("mmad_example", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_pyasc_options_are_accepted_and_kept():
    x = np.arange(64, dtype=np.float32)
    z = np.zeros_like(x)
    scale[1](x, z, 64)
    np.testing.assert_array_equal(z, 2 * x)
    ck = scale.compile(x, z, 64)
    assert ck.kernel_type is config.KernelType.AIV_ONLY
    assert ck.options.bisheng_options == ("-O2", "-g")
    assert ck.options.opt_level == 2


def test_options_of_a_compile_override_a_cached_specialization():
    # ck.options is documented as what the CANN path gets: a compile with another opt_level
    # must not hand back the kernel cached under the decorator's options.
    x = np.zeros(64, np.float32)
    assert scale.compile(x, x, 64).options.opt_level == 2
    assert scale.compile(x, x, 64, opt_level=1).options.opt_level == 1
    ck = scale.compile(x, x, 64, bisheng_options=("-O3",), debug=False)
    assert ck.options.bisheng_options == ("-O3",) and ck.options.debug is False
    assert scale.compile(x, x, 64).options.opt_level == 2


def test_kernel_type_is_detected_as_pyasc_does():
    x = np.zeros(64, np.float32)
    plain = asc.jit(scale.fn)
    assert plain.compile(x, x, 64).kernel_type is config.KernelType.AIV_ONLY
    mm = _mmad_example()
    a = np.zeros(mm.M * mm.K, np.float16)
    b = np.zeros(mm.K * mm.N, np.float16)
    c = np.zeros(mm.M * mm.N, np.float32)
    assert mm.mmad_kernel.compile(a, b, c, 2).kernel_type is config.KernelType.MIX_AIC_1_2
    cube_only = mm.mmad_kernel.compile(a, b, c, 2, matmul_cube_only=True)
    assert cube_only.kernel_type is config.KernelType.AIC_ONLY
    # pyasc's define-cube-only runs for matmul_cube_only: the Ascend C says so.
    assert "#define ASCENDC_CUBE_ONLY" in cube_only.source


def test_vector_core_build_of_a_cube_kernel_is_a_located_error():
    mm = _mmad_example()
    a = np.zeros(mm.M * mm.K, np.float16)
    b = np.zeros(mm.K * mm.N, np.float16)
    c = np.zeros(mm.M * mm.N, np.float32)
    with pytest.raises(asc.CompilationError) as info:
        mm.mmad_kernel.compile(a, b, c, 2, kernel_type=config.KernelType.AIV_ONLY)
    err = info.value
    assert err.location is not None and err.location.file.endswith("mmad.py")
    assert "kernel_type=AIV_ONLY" in str(err) and "no cube unit" in str(err)


@pytest.mark.parametrize("options, message", [
    ({"kernel_type": 0}, "kernel_type must be a config.KernelType"),
    ({"opt_level": 4}, "opt_level must be 1, 2 or 3"),
    ({"bisheng_options": "-O2"}, "bisheng_options must be a sequence of strings"),
    # were "'int' object is not iterable", and a flag given "off" or 0 was taken as true
    ({"bisheng_options": 5}, "bisheng_options must be a sequence of strings, got 5"),
    ({"auto_sync": "off"}, "option auto_sync must be True or False, got 'off'"),
    ({"debug": 1}, "option debug must be True or False, got 1"),
    ({"insert_sync": "yes"}, "option insert_sync must be True, False or None, got 'yes'"),
])
def test_bad_option_values_are_rejected(options, message):
    with pytest.raises((TypeError, ValueError), match=message):
        asc.jit(**options)(scale.fn)
    with pytest.raises((TypeError, ValueError), match=message):  # as a launch's keyword too
        scale.compile(np.zeros(8, np.float32), np.zeros(8, np.float32), 8, **options)


def test_print_ir_before_all_prints_each_pass(capfd):
    x = np.zeros(64, np.float32)
    asc.jit(scale.fn, print_ir_before_all=True).compile(x, x, 64)
    err = capfd.readouterr().err
    assert "// -----// IR Dump Before insert-que-sync //----- //" in err
    assert err.count("// -----// IR Dump Before") >= 10


def test_set_platform_selects_the_simulated_soc():
    saved = config.soc
    try:
        config.set_platform(config.Backend.Model, config.Platform.Ascend910B4)
        assert config.soc == "Ascend910B4"
        config.set_platform(config.Backend.Model)  # pyasc's default SoC
        assert config.soc is None
        with pytest.raises(ValueError, match="no figures for Ascend910_9392"):
            config.set_platform("Model", config.Platform.Ascend910_9392)
        with pytest.raises(RuntimeError, match="Backend.NPU .* CANN"):
            config.set_platform(config.Backend.NPU)
        assert config.KernelType.MIX_AIC_1_2.value == 7  # pyasc's numbering
    finally:
        config.soc = saved
