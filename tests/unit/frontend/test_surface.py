"""`import ascdsl as asc`: a cheap import, pyasc's names, and diagnostics at kernel lines."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest
from frontend_helpers import line_of

import ascdsl as asc


def test_import_ascdsl_does_not_load_the_compiler():
    code = "import sys, ascdsl; print(sorted(m for m in ('xdsl', 'numpy', 'ascdsl.frontend') " \
           "if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


def test_public_names_resolve_lazily():
    from ascdsl.frontend import jit as jit_function
    from ascdsl.frontend.language import tensor

    assert asc.jit is jit_function
    assert asc.LocalTensor is tensor.LocalTensor
    assert asc.CompilationError.__module__ == "ascdsl.frontend.errors"
    assert "add" in dir(asc) and "TPipe" in dir(asc)
    with pytest.raises(AttributeError, match="module 'ascdsl' has no attribute 'no_such_name'"):
        asc.no_such_name  # noqa: B018


def test_runtime_config_and_simulator_errors_are_re_exported():
    import ascdsl.runtime.config as config
    import ascdsl.sim.errors as errors

    assert asc.config is config
    for name in ("SimulationError", "RaceError", "DeadlockError", "EventError",
                 "OutOfBoundsError", "UBOverflowError", "AlignmentError"):
        assert getattr(asc, name) is getattr(errors, name)


@asc.jit
def racy(x: asc.GlobalAddress, z: asc.GlobalAddress):
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 256)
    u = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 1024, 256)
    asc.data_copy(t, xg, 256)  # WRITE
    asc.adds(u, t, 1.0, 256)  # READ (no MTE2 -> V event in between)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, u, 256)


def test_simulator_errors_point_at_the_python_kernel():
    x = np.ones(256, np.float32)
    z = np.zeros(256, np.float32)
    with pytest.raises(asc.RaceError) as info:
        racy[1](x, z)
    text = str(info.value)
    read_line, read_text = line_of(racy, "# READ")
    write_line, _ = line_of(racy, "# WRITE")
    assert f"{__file__}:{read_line}:" in text and f"{__file__}:{write_line}:" in text
    assert read_text.strip() in text
